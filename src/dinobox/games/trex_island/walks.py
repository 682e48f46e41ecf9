"""Moving a team: where a card may take a team, found by a walk along the paths ahead of it.

The walk stops at the first free space of the card's colour on each way, lists every rest point
(and the helipad) it meets on the way there, and steps over the T-Rex (a die may not stop on
it; going past it costs a man). Most walks meet neither the T-Rex nor another team on a space
of the card's colour: their answer is that of the walk over the empty board, which a
``WalkPlan`` keeps, worked out once per game for every starting place and colour.
"""

from __future__ import annotations

from typing import Final, final

from dinobox.games.trex_island.data import NUM_COLOURS, REST, START

NOWHERE: Final = -1
"""The T-Rex off the map, for the walk over the empty board."""


def walk(
    kind: tuple[int, ...],
    nxt: tuple[tuple[int, ...], ...],
    start: int,
    occ: list[int],
    trex: int,
    position: int,
    colour: int,
    seen: list[int] | None = None,
) -> dict[int, int]:
    """Moving a team: where a card of ``colour`` may take a die from ``position`` on the board
    ``kind``/``nxt`` (``start`` the first space past the arrow), with ``occ`` teams on each space
    and the T-Rex on ``trex``: each destination with 1 if the only way there passes the T-Rex,
    else 0, in the order of the spaces. ``seen``, if given, collects every space looked at."""
    out: dict[int, int] = {}
    # stack entries: (space, 1 if the way so far passed the T-Rex else 0)
    stack: list[tuple[int, int]] = [(start, 0)] if position == START else [(t, 0) for t in nxt[position]]
    while stack:
        s, passed = stack.pop()
        if seen is not None:
            seen.append(s)
        if s == trex:  # no die may stop on the T-Rex; going beyond costs a man
            for t in nxt[s]:
                stack.append((t, 1))
            continue
        k = kind[s]
        if k == colour:
            if not occ[s]:
                if passed < out.get(s, 2):
                    out[s] = passed
                continue
        elif k >= REST and passed < out.get(s, 2):  # a rest point (any number of dice) or the helipad
            out[s] = passed
        for t in nxt[s]:  # (none from the helipad)
            stack.append((t, passed))
    if len(out) < 2:
        return out
    return {s: out[s] for s in sorted(out)}


@final
class WalkPlan:
    """The walk of one colour from one place over the empty board: its answer, and what would
    have to stand in its way for the answer on a table to differ."""

    def __init__(self, looked_at: tuple[int, ...], stops: tuple[int, ...], answer: dict[int, int]) -> None:
        self.looked_at = looked_at  # every space the walk looks at
        self.stops = stops  # the spaces of the card's colour it stops at
        self.answer = answer  # shared by every table it holds on: never changed

    def holds(self, occ: list[int], trex: int) -> bool:
        """Is the answer the same on this table? Yes unless the T-Rex stands on a space the walk
        looks at, or a team on a space of the colour where it stops (the walk on the table
        then goes another way); otherwise the walk on the table looks at the same spaces in
        the same order and finds the same."""
        if trex >= 0:
            for s in self.looked_at:
                if s == trex:
                    return False
        return all(not occ[s] for s in self.stops)


def walk_plans(kind: tuple[int, ...], nxt: tuple[tuple[int, ...], ...], start: int) -> tuple[WalkPlan, ...]:
    """The ``WalkPlan`` of every place a team may stand (the arrow first, then each space) and
    colour, at ``plan_index(place, colour)``."""
    empty = [0] * len(kind)
    plans: list[WalkPlan] = []
    for place in range(START, len(kind)):
        for colour in range(NUM_COLOURS):
            seen: list[int] = []
            answer = walk(kind, nxt, start, empty, NOWHERE, place, colour, seen)
            stops = tuple(s for s in answer if kind[s] == colour)
            plans.append(WalkPlan(tuple(sorted(set(seen))), stops, answer))
    return tuple(plans)


def plan_index(place: int, colour: int) -> int:
    """Where ``walk_plans`` keeps the plan of ``colour`` from ``place`` (``START`` or a space)."""
    return (place - START) * NUM_COLOURS + colour
