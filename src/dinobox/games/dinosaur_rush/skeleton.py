"""The skeleton model: an allocation of bones to parts, and a grid drawing of it.

An **allocation** is a tuple of 15 ints: the natural bones of the seven parts (spine, ribs,
neck, head, tail, first limb, second limb), then the wild bones serving each of those parts,
then the unique bones. The rules, the categories and the bonus cards work on allocations.

A **drawing** is a small grid picture, one letter per bone: ``S`` spine, ``R`` ribs, ``N``
neck, ``H`` head, ``T`` tail, ``L`` first limb, ``M`` second limb (natural bones), ``U``
unique bone, and the lower-case letter of a part for a wild bone serving it; ``.`` or a
space is empty. Bones touch when they share a side. ``validate_drawing`` checks every anatomy
rule of the Build phase on a drawing and reads its allocation; ``layout`` draws any buildable
allocation in a canonical pose that passes those checks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from dinobox.games.dinosaur_rush.data import (
    BLUE,
    GREEN,
    HEAD,
    LIMB1,
    LIMB2,
    NECK,
    NUM_COLOURS,
    NUM_PARTS,
    PART_COLOUR,
    PART_KEYS,
    PART_NAMES,
    RED,
    RIBS,
    SPINE,
    TAIL,
    WHITE,
    YELLOW,
)

UNIQUE: Final[int] = 2 * NUM_PARTS  # index of the unique-bone count in an allocation
SIZE_OF_ALLOCATION: Final[int] = UNIQUE + 1  # typed: mypyc checks the rule sections in an order of its own
Allocation = tuple[int, ...]

PART_LETTERS: Final = "SRNHTLM"
LETTER_PART: Final = {letter: p for p, letter in enumerate(PART_LETTERS)}


class SkeletonError(ValueError):
    """A skeleton that breaks an anatomy rule; ``rule`` names the rulebook section."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule


# ----- allocations --------------------------------------------------------------------------
def empty_allocation() -> Allocation:
    return (0,) * SIZE_OF_ALLOCATION


def total(alloc: Sequence[int], part: int) -> int:
    """Bones counted for a part: its natural bones plus the wild bones serving it."""
    return alloc[part] + alloc[NUM_PARTS + part]


JOINED_AT_BOTH_ENDS: Final = (SPINE, NECK)
"""Parts with no free end: the spine (tail to neck) and the neck (spine to head)."""
_COLOUR_OF: Final[tuple[int, ...]] = PART_COLOUR  # a compiled module's own constant: a fast read
_CLOSED_ENDS: Final[tuple[int, ...]] = tuple(int(p in JOINED_AT_BOTH_ENDS) for p in range(NUM_PARTS))
"""Per part: 1 when it is joined at both ends (its wild bones need one natural bone more)."""
_SAME_COLOUR: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(q for q in range(NUM_PARTS) if q != p and PART_COLOUR[q] == PART_COLOUR[p]) for p in range(NUM_PARTS)
)
"""Per part: the other parts of its colour."""


def wild_capacity(natural: int, part: int) -> int:
    """Wild bones (H): the most wild bones a part with ``natural`` natural bones can hold. A
    wild bone touches bones of one colour only and never another wild bone, so along a part's
    line the wild bones alternate with the natural ones: between two of them, or at a free end
    (tail, head, ribs, limbs). The spine and the neck are joined at both ends to another colour,
    so theirs sit only between two natural bones."""
    if natural <= 0:
        return 0
    return natural - 1 if part in JOINED_AT_BOTH_ENDS else natural


def wild_room(alloc: Sequence[int], part: int) -> int:
    """How many more wild bones the part can take now."""
    return max(0, wild_capacity(alloc[part], part) - alloc[NUM_PARTS + part])


def colours_used(alloc: Sequence[int]) -> list[int]:
    used = [0] * NUM_COLOURS
    for p in range(NUM_PARTS):
        colour = _COLOUR_OF[p]
        used[colour] = used[colour] + alloc[p]
        used[WHITE] = used[WHITE] + alloc[NUM_PARTS + p]
    used[BLUE] = used[BLUE] + alloc[UNIQUE]
    return used


def bones_left(alloc: list[int], base: int, have: tuple[int, ...], start: int) -> list[int]:
    """Per colour: the bones of ``have[start : start + NUM_COLOURS]`` not yet placed in the
    skeleton ``alloc[base : base + SIZE_OF_ALLOCATION]`` (read in place: the Build phase's hot path)."""
    left = [0] * NUM_COLOURS
    for c in range(NUM_COLOURS):
        left[c] = have[start + c]
    wild = 0
    for p in range(NUM_PARTS):
        colour = _COLOUR_OF[p]
        left[colour] = left[colour] - alloc[base + p]  # (not -=: compiled, that is a generic op)
        wild += alloc[base + NUM_PARTS + p]
    left[WHITE] = left[WHITE] - wild
    left[BLUE] = left[BLUE] - alloc[base + UNIQUE]
    return left


def categories(alloc: Sequence[int], ability: str = "") -> tuple[int, int, int, int, int]:
    """Exhibit phase: (size, height, length, ferocity, uniqueness) of a skeleton.

    Paleontologist abilities that change a category formula are applied here.
    """
    limbs = (total(alloc, LIMB1), total(alloc, LIMB2))
    big, small = max(limbs), min(limbs)
    size = total(alloc, RIBS)
    height = (big + small if ability == "height_both_limbs" else big) + total(alloc, NECK)
    length = total(alloc, TAIL) + total(alloc, SPINE) + (total(alloc, NECK) if ability == "length_neck" else 0)
    ferocity = (big if ability == "ferocity_big_limb" else small) + total(alloc, HEAD)
    return size, height, length, ferocity, alloc[UNIQUE]


def matches_bonus(alloc: Sequence[int], spec: dict[str, tuple[int, ...]]) -> bool:
    """Scoring dinosaur bonus cards: every part named on the card has exactly that many bones."""
    for key, counts in spec.items():
        if key == "limbs":
            limbs = (total(alloc, LIMB1), total(alloc, LIMB2))
            if (max(limbs), min(limbs)) != counts:
                return False
        elif key == "unique":
            if alloc[UNIQUE] != counts[0]:
                return False
        elif total(alloc, PART_NAMES.index(key)) != counts[0]:
            return False
    return True


BIG_LIMB: Final = -1
SMALL_LIMB: Final = -2
"""What a bonus card's need counts besides a part or the unique bones: the limb with more bones,
the one with fewer (a card names limbs by size, not by which is which)."""
BonusNeeds = tuple[tuple[int, int], ...]
"""A bonus card as (what, bones) pairs: what is a part (its natural and wild bones counted),
``UNIQUE``, ``BIG_LIMB`` or ``SMALL_LIMB`` (``bonus_needs``)."""


def bonus_needs(spec: dict[str, tuple[int, ...]]) -> BonusNeeds:
    """A bonus card's spec (``data.parse_bonus_spec``) as the needs ``meets_needs`` checks."""
    out: list[tuple[int, int]] = []
    for key, counts in spec.items():
        if key == "limbs":
            out += [(BIG_LIMB, counts[0]), (SMALL_LIMB, counts[1])]
        elif key == "unique":
            out.append((UNIQUE, counts[0]))
        else:
            out.append((PART_NAMES.index(key), counts[0]))
    return tuple(out)


def meets_needs(alloc: tuple[int, ...], needs: BonusNeeds) -> bool:
    """Scoring dinosaur bonus cards: every part named on the card has exactly that many bones
    (``matches_bonus`` on a card's needs, for the Exhibit phase)."""
    limb1 = alloc[LIMB1] + alloc[NUM_PARTS + LIMB1]
    limb2 = alloc[LIMB2] + alloc[NUM_PARTS + LIMB2]
    for what, bones in needs:
        if what == BIG_LIMB:
            have = max(limb1, limb2)
        elif what == SMALL_LIMB:
            have = min(limb1, limb2)
        elif what == UNIQUE:
            have = alloc[UNIQUE]
        else:
            have = alloc[what] + alloc[NUM_PARTS + what]
        if have != bones:
            return False
    return True


def check_allocation(alloc: Sequence[int], have: Sequence[int]) -> None:
    """Check a complete skeleton against the Build phase rules and the bones owned.

    Raises ``SkeletonError`` naming the first broken rule.
    """
    if len(alloc) != SIZE_OF_ALLOCATION or any(not isinstance(a, int) or a < 0 for a in alloc):
        raise SkeletonError("Build phase", f"a skeleton is {SIZE_OF_ALLOCATION} non-negative counts")
    for p in range(NUM_PARTS):
        if alloc[p] < 1:
            raise SkeletonError(_section(p), f"the {PART_NAMES[p]} needs at least one natural bone")
        if alloc[NUM_PARTS + p] > wild_capacity(alloc[p], p):
            raise SkeletonError("Wild bones (H)", _no_room(alloc, p))
    used = colours_used(alloc)
    for c in range(NUM_COLOURS):
        if used[c] > have[c]:
            raise SkeletonError("Build phase", f"the skeleton uses {used[c]} {_colour(c)} bones but you have {have[c]}")
    left = [have[c] - used[c] for c in range(NUM_COLOURS)]
    if any(left[c] for c in range(WHITE)):
        spare = ", ".join(f"{left[c]} {_colour(c)}" for c in range(WHITE) if left[c])
        raise SkeletonError("Build phase", f"every bone must be used, but {spare} are left over")
    if left[WHITE] and any(wild_room(alloc, p) for p in range(NUM_PARTS)):
        raise SkeletonError("Build phase", f"every bone must be used, but {left[WHITE]} white bones are left over")


def _no_room(alloc: Sequence[int], part: int) -> str:
    where = (
        "between two of its natural bones"
        if part in JOINED_AT_BOTH_ENDS
        else "between two of its natural bones or at its free end"
    )
    return (
        f"the {PART_NAMES[part]} has {alloc[NUM_PARTS + part]} wild bones but room for "
        f"{wild_capacity(alloc[part], part)}: wild bones never touch each other, so they alternate with "
        f"natural bones, {where}"
    )


def _colour(c: int) -> str:
    return ("green", "red", "yellow", "blue", "white")[c]


def _section(part: int) -> str:
    return {
        SPINE: "Ribs (A) and spine (B)",
        RIBS: "Ribs (A) and spine (B)",
        NECK: "Neck (C)",
        HEAD: "Head (D)",
        TAIL: "Tail (E)",
        LIMB1: "Limbs (F)",
        LIMB2: "Limbs (F)",
    }[part]


# ----- the canonical drawing -----------------------------------------------------------------
def _arm(natural: int, wild: int) -> list[bool]:
    """Cells of a part's line from its base: True for a wild bone. Each natural bone is followed by
    a wild one while any is left, so a part holding as many wild bones as natural ones ends in a
    wild bone at its free end."""
    cells: list[bool] = []
    for i in range(natural):
        cells.append(False)
        if i < wild:
            cells.append(True)
    return cells


def layout(alloc: Sequence[int]) -> list[str]:
    """Draw a buildable allocation: spine along a row, tail to its left, ribs hanging from the
    spine's left end, the neck rising from the right end with the head on top, the first limb
    raised from the tail's base, the second stretched from the neck's base with the unique bones
    hanging below its first bone. Every free end (tail, head, ribs, limbs) points into open space,
    so a wild bone there touches its own part only."""
    grid: dict[tuple[int, int], str] = {}

    def put(part: int, cells: Iterable[tuple[int, int]]) -> None:
        pattern = _arm(alloc[part], alloc[NUM_PARTS + part])
        for (x, y), wild in zip(cells, pattern, strict=False):
            letter = PART_LETTERS[part]
            grid[(x, y)] = letter.lower() if wild else letter

    s = total(alloc, SPINE)
    k = total(alloc, NECK)
    put(SPINE, ((x, 0) for x in range(s)))
    put(TAIL, ((-1 - i, 0) for i in range(total(alloc, TAIL))))
    put(RIBS, ((0, 1 + i) for i in range(total(alloc, RIBS))))
    put(NECK, ((s, -i) for i in range(k)))
    put(HEAD, ((s, -k - i) for i in range(total(alloc, HEAD))))
    put(LIMB1, ((-1, -1 - i) for i in range(total(alloc, LIMB1))))
    put(LIMB2, ((s + 1 + i, 0) for i in range(total(alloc, LIMB2))))
    for i in range(alloc[UNIQUE]):
        grid[(s + 1, 1 + i)] = "U"
    return _to_rows(grid)


def _to_rows(grid: dict[tuple[int, int], str]) -> list[str]:
    if not grid:
        return []
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    return [
        "".join(grid.get((x, y), ".") for x in range(min(xs), max(xs) + 1)).rstrip(".")
        for y in range(min(ys), max(ys) + 1)
    ]


# ----- reading and checking a drawing ----------------------------------------------------------
def parse_drawing(drawing: str | Sequence[str]) -> dict[tuple[int, int], str]:
    rows = drawing.splitlines() if isinstance(drawing, str) else list(drawing)
    grid: dict[tuple[int, int], str] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in ". ":
                continue
            if ch.upper() not in PART_LETTERS and ch != "U":
                raise SkeletonError(
                    "Dinosaur anatomy",
                    f"unknown symbol {ch!r} at row {y + 1}, column {x + 1} "
                    "(use S R N H T L M U for bones, lower case for wild bones, . for empty)",
                )
            grid[(x, y)] = ch
    if not grid:
        raise SkeletonError("Build phase", "the drawing has no bones")
    return grid


def _adjacent(cell: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    x, y = cell
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


def _groups(cells: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    left = set(cells)
    out: list[set[tuple[int, int]]] = []
    while left:
        start = left.pop()
        group = {start}
        todo = [start]
        while todo:
            for n in _adjacent(todo.pop()):
                if n in left:
                    left.discard(n)
                    group.add(n)
                    todo.append(n)
        out.append(group)
    return out


def _line_ends(cells: set[tuple[int, int]]) -> list[tuple[int, int]] | None:
    """The two ends of a single line (a path without branches), or None."""
    if len(_groups(cells)) != 1:
        return None
    if len(cells) == 1:
        only = next(iter(cells))
        return [only, only]
    degree = {c: sum(1 for n in _adjacent(c) if n in cells) for c in cells}
    ends = [c for c, d in degree.items() if d == 1]
    if len(ends) != 2 or any(d > 2 for d in degree.values()):
        return None
    return sorted(ends)


def _colour_of(ch: str) -> int:
    if ch == "U":
        return BLUE
    if ch.islower():
        return WHITE
    return PART_COLOUR[LETTER_PART[ch]]


Grid = dict[tuple[int, int], str]
Cells = set[tuple[int, int]]


def validate_drawing(drawing: str | Sequence[str]) -> Allocation:
    """Check every anatomy rule of the Build phase on a drawing; return its allocation.

    Raises ``SkeletonError`` with the section and a clear message for the first broken rule.
    """
    grid = parse_drawing(drawing)
    part_cells = {p: {c for c, ch in grid.items() if ch.upper() == PART_LETTERS[p]} for p in range(NUM_PARTS)}
    unique = {c for c, ch in grid.items() if ch == "U"}
    body = set(grid) - unique
    left_end, right_end = _check_trunk(part_cells)
    _check_neck_and_head(part_cells, right_end)
    _check_tail(part_cells, left_end)
    _check_limbs(part_cells, body)
    _check_unique(grid, unique, body)
    if len(_groups(body)) != 1:
        raise SkeletonError("Dinosaur anatomy", "all the parts must be joined into one skeleton")
    _check_wild(grid)
    alloc = _allocation_of(grid)
    for p in range(NUM_PARTS):
        if alloc[NUM_PARTS + p] > wild_capacity(alloc[p], p):
            raise SkeletonError("Wild bones (H)", _no_room(alloc, p))
    return alloc


def _check_trunk(part_cells: dict[int, Cells]) -> tuple[tuple[int, int], tuple[int, int]]:
    """Ribs (A) and spine (B): a straight spine in one row, ribs hanging below it. Returns the
    spine's left and right ends."""
    spine = part_cells[SPINE]
    if not spine:
        raise SkeletonError("Ribs (A) and spine (B)", "the spine needs at least one bone")
    rows = {y for _, y in spine}
    if len(rows) != 1 or _line_ends(spine) is None:
        raise SkeletonError("Ribs (A) and spine (B)", "the spine must be a single straight line of bones in one row")
    spine_row = next(iter(rows))
    ribs = part_cells[RIBS]
    if not ribs:
        raise SkeletonError("Ribs (A) and spine (B)", "the skeleton needs at least one rib")
    if any(y <= spine_row for _, y in ribs):
        raise SkeletonError("Ribs (A) and spine (B)", "the ribs must be placed below the spine")
    if len(_groups(ribs)) != 1 or not any(n in spine for c in ribs for n in _adjacent(c)):
        raise SkeletonError("Ribs (A) and spine (B)", "the ribs must be one group hanging from the spine")
    return min(spine), max(spine)


def _check_neck_and_head(part_cells: dict[int, Cells], right_end: tuple[int, int]) -> None:
    """Neck (C) from the spine's right end; Head (D) on the neck's far end."""
    neck = part_cells[NECK]
    if not neck:
        raise SkeletonError("Neck (C)", "the skeleton needs a neck of at least one bone")
    ends = _line_ends(neck)
    if ends is None:
        raise SkeletonError("Neck (C)", "the neck must be a single line of bones")
    joint = (right_end[0] + 1, right_end[1])
    if joint not in ends:
        raise SkeletonError("Neck (C)", "the neck must start at the right end of the spine")
    far = ends[1] if ends[0] == joint else ends[0]
    head = part_cells[HEAD]
    if not head:
        raise SkeletonError("Head (D)", "the skeleton needs a head of at least one bone")
    if len(_groups(head)) != 1:
        raise SkeletonError("Head (D)", "the head must be a single group of bones")
    if not any(n in head for n in _adjacent(far)):
        raise SkeletonError("Head (D)", "the head must sit on the far end of the neck")


def _check_tail(part_cells: dict[int, Cells], left_end: tuple[int, int]) -> None:
    """Tail (E): one line from the spine's left end."""
    tail = part_cells[TAIL]
    if not tail:
        raise SkeletonError("Tail (E)", "the skeleton needs a tail of at least one bone")
    tail_ends = _line_ends(tail)
    if tail_ends is None:
        raise SkeletonError("Tail (E)", "the tail must be a single line of bones")
    if (left_end[0] - 1, left_end[1]) not in tail_ends:
        raise SkeletonError("Tail (E)", "the tail must start at the left end of the spine")


def _check_limbs(part_cells: dict[int, Cells], body: Cells) -> None:
    """Limbs (F): two separate groups, each attached to another part."""
    limbs = (part_cells[LIMB1], part_cells[LIMB2])
    for p, cells in zip((LIMB1, LIMB2), limbs, strict=True):
        if not cells or len(_groups(cells)) != 1:
            raise SkeletonError("Limbs (F)", "a dinosaur has exactly two limbs (L and M), each one group of bones")
        others = body - cells - part_cells[LIMB1] - part_cells[LIMB2]
        if not any(n in others for c in cells for n in _adjacent(c)):
            raise SkeletonError("Limbs (F)", f"the {PART_NAMES[p]} must be connected to the dinosaur")
    if any(n in limbs[1] for c in limbs[0] for n in _adjacent(c)):
        raise SkeletonError("Limbs (F)", "the two limbs must not touch each other")


def _check_unique(grid: Grid, unique: Cells, body: Cells) -> None:
    """Unique bones (G): attached on the outside, each group touching one part only."""
    for group in _groups(unique):
        touched = {grid[n].upper() for c in group for n in _adjacent(c) if n in body}
        if not touched:
            raise SkeletonError("Unique bones (G)", "unique bones must be attached to the dinosaur")
        if len(touched) > 1:
            raise SkeletonError(
                "Unique bones (G)", "unique bones go on the outside: they may not touch two parts or join them"
            )


def _check_wild(grid: Grid) -> None:
    """Wild bones (H): never touching each other, touching one colour, the colour of their part."""
    for cell, letter in grid.items():
        if not letter.islower():
            continue
        near = [grid[n] for n in _adjacent(cell) if n in grid]
        if any(ch.islower() for ch in near):
            raise SkeletonError("Wild bones (H)", "wild bones cannot touch each other")
        colours = {_colour_of(ch) for ch in near}
        if len(colours) != 1:
            raise SkeletonError("Wild bones (H)", "a wild bone must touch bones of exactly one colour")
        part = LETTER_PART[letter.upper()]
        if colours != {PART_COLOUR[part]}:
            raise SkeletonError(
                "Wild bones (H)",
                f"a wild bone counts as the colour it touches, so this one cannot serve the {PART_NAMES[part]}",
            )


def _allocation_of(grid: Grid) -> Allocation:
    alloc = [0] * SIZE_OF_ALLOCATION
    for ch in grid.values():
        if ch == "U":
            alloc[UNIQUE] += 1
        elif ch.islower():
            alloc[NUM_PARTS + LETTER_PART[ch.upper()]] += 1
        else:
            alloc[LETTER_PART[ch]] += 1
    return tuple(alloc)


def allocation_from_counts(counts: dict[str, int]) -> Allocation:
    """``{"spine": 3, "wild_spine": 1, "unique": 2, ...}`` -> an allocation (missing keys are 0)."""
    keys = [*PART_KEYS, *(f"wild_{k}" for k in PART_KEYS), "unique"]
    unknown = sorted(set(counts) - set(keys))
    if unknown:
        raise SkeletonError("Build phase", f"unknown skeleton parts {unknown} (parts: {', '.join(keys)})")
    return tuple(int(counts.get(k, 0)) for k in keys)


def describe(alloc: Sequence[int]) -> dict[str, int]:
    out = {}
    for p, key in enumerate(PART_KEYS):
        out[key] = alloc[p]
        if alloc[NUM_PARTS + p]:
            out[f"wild_{key}"] = alloc[NUM_PARTS + p]
    out["unique"] = alloc[UNIQUE]
    return out


# ----- the auto-builder ----------------------------------------------------------------------
Spec = tuple[tuple[str, tuple[int, ...]], ...]


def _value(alloc: Sequence[int], weights: Sequence[float], ability: str) -> float:
    cats = categories(alloc, ability)
    return sum(w * math.sqrt(c) for w, c in zip(weights, cats, strict=True))


@lru_cache(maxsize=4096)
def best_allocation(
    have: tuple[int, ...],
    weights: tuple[float, ...],
    cards: tuple[tuple[Spec, int], ...] = (),
    ability: str = "",
) -> Allocation:
    """The best skeleton for these bones: category weights (points at stake per category) and
    bonus cards ``((spec, points), ...)`` the builder may aim for. Always returns a skeleton
    that passes ``check_allocation(alloc, have)``."""
    best: Allocation | None = None
    best_score = -1.0
    n = len(cards)
    for mask in range(1 << n):
        chosen = [cards[i] for i in range(n) if mask >> i & 1]
        target: dict[str, tuple[int, ...]] = {}
        clash = False
        for spec, _ in chosen:
            for key, counts in spec:
                if target.get(key, counts) != counts:
                    clash = True
                target[key] = counts
        if clash:
            continue
        alloc = _build_towards(have, weights, target, ability)
        if alloc is None:
            continue
        score = _value(alloc, weights, ability) + sum(pts for spec, pts in cards if matches_bonus(alloc, dict(spec)))
        if score > best_score + 1e-9:
            best, best_score = alloc, score
    assert best is not None  # the empty target always succeeds
    return best


def _build_towards(
    have: Sequence[int], weights: Sequence[float], target: dict[str, tuple[int, ...]], ability: str
) -> Allocation | None:
    fixed: dict[int, int] = {}
    for key, counts in target.items():
        if key == "limbs":
            fixed[LIMB1], fixed[LIMB2] = counts[0], counts[1]
        elif key == "unique":
            if counts[0] != have[BLUE]:
                return None
        else:
            fixed[PART_NAMES.index(key)] = counts[0]
    alloc = [0] * SIZE_OF_ALLOCATION
    alloc[UNIQUE] = have[BLUE]
    supply = list(have)
    # Naturals: one for every part first, then the fixed parts up to their totals.
    for p in range(NUM_PARTS):
        alloc[p] = 1
        supply[PART_COLOUR[p]] -= 1
    if any(supply[c] < 0 for c in (GREEN, RED, YELLOW)):
        return None
    for p, want in fixed.items():
        extra = min(want - 1, supply[PART_COLOUR[p]])
        if extra < 0:
            return None
        alloc[p] += extra
        supply[PART_COLOUR[p]] -= extra
    for p, want in fixed.items():
        gap = want - total(alloc, p)
        if gap > 0:
            use = min(gap, wild_room(alloc, p), supply[WHITE])
            alloc[NUM_PARTS + p] += use
            supply[WHITE] -= use
            if total(alloc, p) != want:
                return None
    free = [p for p in range(NUM_PARTS) if p not in fixed]
    # Spare natural bones go one at a time to the free part that gains the most.
    for colour in (GREEN, YELLOW, RED):
        options = [p for p in free if PART_COLOUR[p] == colour]
        while supply[colour]:
            if not options:
                return None
            supply[colour] -= 1
            alloc[_best_part(alloc, options, False, weights, ability)] += 1
    while supply[WHITE]:
        options = [p for p in free if wild_room(alloc, p)]
        if not options:
            if any(wild_room(alloc, p) for p in fixed):
                return None
            break
        supply[WHITE] -= 1
        alloc[NUM_PARTS + _best_part(alloc, options, True, weights, ability)] += 1
    return tuple(alloc)


def _best_part(alloc: list[int], options: list[int], wild: bool, weights: Sequence[float], ability: str) -> int:
    best, best_gain = options[0], -1.0
    for p in options:
        slot = NUM_PARTS + p if wild else p
        alloc[slot] += 1
        gain = _value(alloc, weights, ability)
        alloc[slot] -= 1
        if gain > best_gain + 1e-12:
            best, best_gain = p, gain
    return best


def open_slots(alloc: list[int], left: list[int], base: int = 0, first: int = 0) -> list[int]:
    """Build phase: the slots that can take one more bone from ``left`` (bones not yet placed)
    while a complete dinosaur stays possible; empty when the dinosaur is finished. The skeleton is
    ``alloc[base : base + SIZE_OF_ALLOCATION]`` (the state keeps every seat's in one list); each
    slot is given as ``first + slot`` (``first``: the action that places a bone in slot 0).

    The Build phase's hot path: counts are read in place, with no list but the answer's."""
    out: list[int] = []
    # A natural bone fits while the bones of its colour still cover its other empty parts.
    for p in range(NUM_PARTS):
        spare = left[_COLOUR_OF[p]] - 1  # its colour's bones left once it is placed
        for q in _SAME_COLOUR[p]:
            if alloc[base + q] == 0:
                spare -= 1
        if spare >= 0:
            out.append(first + p)
    if left[WHITE]:
        for p in range(NUM_PARTS):
            natural = alloc[base + p]
            if natural > 0 and natural - _CLOSED_ENDS[p] > alloc[base + NUM_PARTS + p]:
                out.append(first + NUM_PARTS + p)
    if left[BLUE]:
        out.append(first + UNIQUE)
    return out


def complete_greedily(
    partial: Sequence[int], have: Sequence[int], weights: Sequence[float], ability: str = ""
) -> Allocation:
    """Finish a partly built dinosaur one bone at a time, each time where it gains the most."""
    alloc = list(partial)
    while True:
        used = colours_used(alloc)
        left = [have[c] - used[c] for c in range(NUM_COLOURS)]
        slots = open_slots(alloc, left)
        if not slots:
            return tuple(alloc)
        # Fill empty required parts first, so the greedy choice never strands a part.
        empty = [s for s in slots if s < NUM_PARTS and alloc[s] == 0]
        best, best_gain = (empty or slots)[0], -1.0
        for s in empty or slots:
            alloc[s] += 1
            gain = _value(alloc, weights, ability) if all(alloc[p] for p in range(NUM_PARTS)) else 0.0
            alloc[s] -= 1
            if gain > best_gain + 1e-12:
                best, best_gain = s, gain
        alloc[best] += 1
