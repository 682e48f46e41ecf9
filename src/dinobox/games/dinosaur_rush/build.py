"""Submitting a whole skeleton: turn a drawing or part counts into the Build phase's action
sequence, after checking every anatomy rule. Works from a seat's view and its legal actions only
(the terminal's macros and the bots use it)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from dinobox.games.dinosaur_rush import actions as A
from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.data import NUM_COLOURS, NUM_PARTS, PART_KEYS, PART_NAMES, parse_bonus_spec
from dinobox.games.dinosaur_rush.viewtypes import DinosaurRushView, ability_of

SkeletonInput = str | Sequence[str] | Mapping[str, int] | tuple[int, ...]


def to_allocation(skeleton: SkeletonInput) -> K.Allocation:
    """A drawing (text or rows), a part-count dict or an allocation tuple -> an allocation."""
    if isinstance(skeleton, Mapping):
        return K.allocation_from_counts(dict(skeleton))
    if isinstance(skeleton, tuple) and all(isinstance(v, int) for v in skeleton):
        return skeleton
    if isinstance(skeleton, str) or (isinstance(skeleton, Sequence) and all(isinstance(r, str) for r in skeleton)):
        return K.validate_drawing(skeleton)  # type: ignore[arg-type]
    raise K.SkeletonError("Build phase", "a skeleton is a drawing, a dict of part counts or an allocation")


def _bases(view: DinosaurRushView, legal: Collection[int]) -> tuple[int, int | None]:
    """(PLACE base, BUILD_FRESH action or None) from the legal actions, on the view's board."""
    layout = A.ActionLayout(len(view["board"]["cells"]))
    if layout.BUILD_FRESH in legal:
        return layout.PLACE, layout.BUILD_FRESH
    if not _placing(layout, legal):
        raise K.SkeletonError("Build phase", "it is not your turn to build")
    return layout.PLACE, None


def _placing(layout: A.ActionLayout, legal: Collection[int]) -> bool:
    """Whether any of ``legal`` adds a bone to a skeleton (``PLACE + slot``)."""
    return any(layout.PLACE <= a < layout.PLACE + A.SLOTS for a in legal)


def actions_for_skeleton(view: DinosaurRushView, legal: Collection[int], skeleton: SkeletonInput) -> list[int]:
    """The actions that build ``skeleton`` from here, given the seat's legal actions. Raises
    ``SkeletonError`` naming the broken rule if the skeleton is not a legal dinosaur for this
    seat's bones."""
    place, fresh = _bases(view, legal)
    alloc = to_allocation(skeleton)
    seat = view["seat"]
    if seat is None:
        raise K.SkeletonError("Build phase", "a spectator has no bones to build with")
    have = view["players"][seat]["pile"]
    K.check_allocation(alloc, have)
    build = view.get("build")
    if fresh is None and build is None:
        raise K.SkeletonError("Build phase", "it is not your turn to build")
    current = list(build["allocation"]) if fresh is None and build is not None else [0] * K.SIZE_OF_ALLOCATION
    todo = [alloc[i] - current[i] for i in range(K.SIZE_OF_ALLOCATION)]
    if any(t < 0 for t in todo):
        raise K.SkeletonError("Build phase", "bones already placed this round cannot be taken back")
    out = [] if fresh is None else [fresh]
    order: list[int] = []
    for p in range(NUM_PARTS):
        if current[p] == 0 and todo[p]:
            order.append(p)
            todo[p] -= 1
    for slot in [*range(NUM_PARTS), K.UNIQUE, *range(NUM_PARTS, 2 * NUM_PARTS)]:
        order.extend([slot] * todo[slot])
    out.extend(place + s for s in order)
    return out


def weights_of(view: DinosaurRushView) -> tuple[float, ...]:
    """Points at stake per category: first place on the category's current row."""
    return tuple(float(m["points"][0]) for m in view["museum"])


def bonus_targets(me: Mapping[str, Any]) -> tuple[tuple[K.Spec, int], ...]:
    """The bonus cards a seat holds (its own view of itself), as the auto-builder's targets."""
    return tuple((tuple(sorted(parse_bonus_spec(c["spec"]).items())), int(c["points"])) for c in me.get("bonus", []))


def suggest(view: DinosaurRushView, *, fresh: bool = False) -> K.Allocation:
    """The auto-builder's proposal for the seat's dinosaur, from what the seat knows; ``fresh``
    ignores any skeleton the seat has started building."""
    seat = view["seat"]
    if seat is None:
        raise K.SkeletonError("Build phase", "a spectator has no bones to build with")
    me = view["players"][seat]
    have = tuple(me["pile"])
    cards = bonus_targets(me)
    ability = ability_of(me)
    weights = weights_of(view)
    build = None if fresh else view.get("build")
    best = K.best_allocation(have, weights, cards, ability)
    if build and not build["choosing_start"]:
        partial = build["allocation"]
        if any(partial[i] > best[i] for i in range(K.SIZE_OF_ALLOCATION)):
            return K.complete_greedily(partial, have, weights, ability)
    return best


def macros(view: DinosaurRushView, legal: list[dict[str, Any]]) -> list[tuple[str, list[int]]]:
    """The app's suggestion (``GameEntry.macros``): in the Build phase, one entry that builds the
    auto-builder's suggestion in one go. The terminal offers it, and the coach reads the same
    entry, so it never calls the app's own suggestion a blunder without naming a better move.
    ``legal``: the described legal actions (only their ``action`` ids are read)."""
    ids = {int(info["action"]) for info in legal}
    layout = A.ActionLayout(len(view["board"]["cells"]))
    if "build" not in view or not (layout.BUILD_FRESH in ids or _placing(layout, ids)):
        return []
    try:
        suggestion = suggest(view)
        actions = actions_for_skeleton(view, ids, suggestion)
    except K.SkeletonError:
        return []
    parts = ", ".join(f"{part_words(k)} {v}" for k, v in K.describe(suggestion).items() if v)
    return [(f"accept the suggested skeleton ({parts})", actions)]


def part_words(key: str) -> str:
    """A skeleton part as players say it: ``limb1`` -> ``first limb``, ``wild_ribs`` -> ``wild ribs``."""
    part = key.removeprefix("wild_")
    named = dict(zip(PART_KEYS, PART_NAMES, strict=True)).get(part, part)
    return named if part == key else f"wild {named}"


__all__ = ["NUM_COLOURS", "actions_for_skeleton", "macros", "part_words", "suggest", "to_allocation", "weights_of"]
