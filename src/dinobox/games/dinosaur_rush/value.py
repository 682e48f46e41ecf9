"""What a Great Dinosaur Rush position is worth to one seat: the features of its learned value.

``features(state, seat)`` reads only what ``seat`` may know (What's secret: the bone piles, dig
sites and the score track are public, as are how many Notoriety tokens and bonus cards each
player holds; the seat knows the values of its own tokens that it looked at and its own bonus
cards; never another player's token values, bonus cards or hidden skeleton), relative to the
seat, so a state and ``state.resample(seat, rng)`` give the same numbers. They follow the
Exhibit phase (each museum category pays by rank, so the bones a skeleton can use per colour
count by how they rank against the others': ribs and head are green, neck and tail yellow, limbs
red, unique bones blue, wild bones white) and End of game (the most notorious player subtracts
its Notoriety, the others add theirs; an uncompleted bonus card counts 3). The weights are
``value.json`` (``dinobox.bots.value``; ``benchmarks/fit_value.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dinobox.engine.state import TERMINAL
from dinobox.games.dinosaur_rush.data import NUM_COLOURS

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

NC: Final = NUM_COLOURS
PHASE_STEP: Final = {"setup": 0, "field": 0, "build": 3, "exhibit": 3, "over": 4}
"""Quarters of a round done by the phase (the field turns add 0..2 more)."""

FEATURE_NAMES = (
    "progress",  # rounds done, in quarters (field turns, then build and exhibit), over the game's
    "vp",  # the seat's points minus the best opponent's
    "vp_mean",  # ... minus the mean opponent's
    "bones",  # bones in the pile minus the mean opponent's
    "green",  # green bones (spine, ribs, head) minus the mean opponent's
    "red",  # red bones (limbs) ...
    "yellow",  # yellow bones (neck, tail) ...
    "blue",  # blue bones (uniqueness) ...
    "white",  # wild bones ...
    "green_rank",  # the share of opponents with fewer green bones (ties count half)
    "red_rank",
    "yellow_rank",
    "blue_rank",
    "bones_rank",
    "museum",  # the mean museum row (higher rows pay more)
    "notoriety",  # the seat's Notoriety (its tokens, unseen ones at the mean value) minus the mean opponent's
    "notoriety_top",  # the seat's Notoriety minus the most any opponent holds (the most notorious loses it)
    "tokens",  # Notoriety tokens held minus the mean opponent's
    "bonus",  # bonus cards in hand (3 Notoriety each if never completed)
    "bonus_scored",  # bonus cards scored minus the mean opponent's
    "to_play",  # it is the seat's turn
)


def _rank(values: list[int], seat: int, others: list[int]) -> float:
    mine = values[seat]
    return sum(1.0 if mine > values[p] else 0.5 if mine == values[p] else 0.0 for p in others) / len(others)


def features(state: DinosaurRushState, seat: int) -> tuple[float, ...]:
    """The position's features for ``seat`` (``FEATURE_NAMES``), from its knowledge alone."""
    n = state.num_players
    data = state.game.data
    rounds = data.rounds
    phase = state.phase()
    done = PHASE_STEP[phase]
    if phase == "field":
        done = state.field_turn
    progress = min(1.0, (state.round * 4 + done) / (rounds * 4)) if phase != "over" else 1.0
    pile = state.pile
    colours = [[pile[p * NC + c] for p in range(n)] for c in range(NC)]
    totals = [sum(pile[p * NC : p * NC + NC]) for p in range(n)]
    others = [p for p in range(n) if p != seat]
    m = len(others)
    vp = state.vp
    values = data.notoriety_values
    counts = data.notoriety_counts
    mean_token = sum(v * c for v, c in zip(values, counts, strict=True)) / max(1, sum(counts))
    notoriety = [0.0] * n
    tokens = [0] * n
    known = state.tok_known
    tok_value = state.tok_value
    for i, where in enumerate(state.tok_where):
        if 0 <= where < n:
            tokens[where] += 1
            if where == seat and known[i] >> seat & 1:
                notoriety[where] += values[tok_value[i]]
            else:
                notoriety[where] += mean_token
    hands = state.hands
    scored = [bin(state.scored_cards[p]).count("1") for p in range(n)]
    turn = state.turn_player == seat and state.current_player() != TERMINAL
    diffs = [colours[c][seat] - sum(colours[c][p] for p in others) / m for c in range(NC)]
    return (
        progress,
        float(vp[seat] - max(vp[p] for p in others)),
        vp[seat] - sum(vp[p] for p in others) / m,
        totals[seat] - sum(totals[p] for p in others) / m,
        *diffs,
        _rank(colours[0], seat, others),
        _rank(colours[1], seat, others),
        _rank(colours[2], seat, others),
        _rank(colours[3], seat, others),
        _rank(totals, seat, others),
        sum(state.rows) / len(state.rows),
        notoriety[seat] - sum(notoriety[p] for p in others) / m,
        notoriety[seat] - max(notoriety[p] for p in others),
        tokens[seat] - sum(tokens[p] for p in others) / m,
        float(bin(hands[seat]).count("1")),
        scored[seat] - sum(scored[p] for p in others) / m,
        1.0 if turn else 0.0,
    )
