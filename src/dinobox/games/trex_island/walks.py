"""Moving a team: where a card may take a team, found by a walk along the paths ahead of it.

The walk stops at the first free space of the card's colour on each way, lists every rest point
(and the helipad) it meets on the way there, and steps over the T-Rex (a die may not stop on
it; going past it costs a man). Most walks meet neither the T-Rex nor another team on a space
of the card's colour: their answer is that of the walk over the empty board, which a
``WalkPlan`` keeps, worked out once per game for every starting place and colour. The other
walks depend only on where the T-Rex stands, if the walk may meet it, and on which spaces of the
colour ahead hold a team (``WalkPlan.table_key``), so a game keeps their answers by that key.
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
class Destinations:
    """Where a card of one colour may take a team from one place on one table: ``answer``, each
    space with 1 if the only way there passes the T-Rex, else 0, in the order of the spaces; and
    the same as two tuples (``spaces``, ``passed``), for the loops that read them all. Shared by
    every table it holds on: never changed."""

    def __init__(self, answer: dict[int, int]) -> None:
        self.answer = answer
        self.spaces: tuple[int, ...] = tuple(answer)
        self.passed: tuple[int, ...] = tuple(answer.values())


@final
class WalkPlan:
    """The walk of one colour from one place over the empty board: its answer, and what would
    have to stand in its way for the answer on a table to differ."""

    def __init__(
        self,
        looked_at: tuple[int, ...],
        stops: tuple[int, ...],
        answer: dict[int, int],
        ahead: tuple[bool, ...],
        colour_ahead: tuple[int, ...],
    ) -> None:
        self.looked_at = looked_at  # every space the walk looks at
        self.looks_at = tuple(s in looked_at for s in range(len(ahead)))  # the same, per space
        self.stops = stops  # the spaces of the card's colour it stops at
        self.found = Destinations(answer)  # its answer
        self.ahead = ahead  # per space: may a walk from this place reach it on some table?
        self.colour_ahead = colour_ahead  # the spaces of the card's colour it may reach

    def holds(self, occ: list[int], trex: int) -> bool:
        """Is the answer the same on this table? Yes unless the T-Rex stands on a space the walk
        looks at, or a team on a space of the colour where it stops (the walk on the table
        then goes another way); otherwise the walk on the table looks at the same spaces in
        the same order and finds the same."""
        if trex >= 0 and self.looks_at[trex]:
            return False
        return all(not occ[s] for s in self.stops)

    def table_key(self, occ: list[int], trex: int) -> tuple[int, int]:
        """All of a table the walk's answer depends on: the T-Rex's space if the walk may meet
        it (else ``NOWHERE``), and which spaces of the colour ahead hold a team (as the bits of
        one int, in the order of ``colour_ahead``)."""
        teams = 0
        bit = 1
        for s in self.colour_ahead:
            if occ[s]:
                teams |= bit
            bit <<= 1
        return (trex if trex >= 0 and self.ahead[trex] else NOWHERE, teams)


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
            ahead = _ahead(nxt, start, place)
            colour_ahead = tuple(s for s in range(len(kind)) if ahead[s] and kind[s] == colour)
            plans.append(WalkPlan(tuple(sorted(set(seen))), stops, answer, ahead, colour_ahead))
    return tuple(plans)


def _ahead(nxt: tuple[tuple[int, ...], ...], start: int, place: int) -> tuple[bool, ...]:
    """Per space: is it reachable from ``place`` (``START`` or a space), the place itself not
    counted?"""
    found = [False] * len(nxt)
    todo = [start] if place == START else list(nxt[place])
    while todo:
        s = todo.pop()
        if not found[s]:
            found[s] = True
            todo.extend(nxt[s])
    return tuple(found)


def plan_index(place: int, colour: int) -> int:
    """Where ``walk_plans`` keeps the plan of ``colour`` from ``place`` (``START`` or a space)."""
    return (place - START) * NUM_COLOURS + colour
