"""What a Dino Race position is worth to one seat: the features of its learned value.

``features(state, seat)`` reads only what ``seat`` may know (the track, the dinos, the lava,
the egg, every hand's size and lava drops, its own hand and prizes; never another hand, the deck
or another player's prizes), relative to the seat, so a state and ``state.resample(seat, rng)``
give the same numbers. They follow How to win the game and Final scoring: prizes come with dinos
brought home, the egg counter and the tie go to whoever brings the egg to safety (which ends the
race), lava drops cost a point each, a same-colour pair earns a bonus; and The game turn: cards
move dinos, two a turn while both race. The weights are ``value.json`` (``dinobox.bots.value``;
fitted by ``benchmarks/fit_value.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dinobox.engine.state import TERMINAL
from dinobox.games.dino_race.data import HOME, NUM_CARD_TYPES, WILD

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState

T: Final = NUM_CARD_TYPES

FEATURE_NAMES = (
    "progress",  # the mean dino's way down the track (0 start .. 1 all home)
    "run",  # the seat's mean dino progress minus the best opponent's
    "run_mean",  # ... minus the mean opponent's
    "rear",  # the seat's rear dino minus the best opponent's rear dino
    "home",  # the seat's dinos home minus the most any opponent has
    "egg_mine",  # the seat holds the egg
    "egg_rear",  # the egg holder's rear dino progress (+ when the seat holds it, - when an opponent does)
    "score",  # the seat's known score (prizes, pair bonus, drops) minus the best opponent's expected
    "score_mean",  # ... minus the mean opponent's expected
    "drops",  # the seat's lava drops minus the mean opponent's
    "hand",  # the seat's hand size minus the mean opponent's
    "wild",  # wildcards in the seat's hand
    "next_cards",  # cards in hand matching the next tile of each of the seat's racing dinos
    "ahead_cards",  # cards in hand matching the next three tiles of the seat's rear dino
    "tricks",  # special cards in the seat's hand
    "down",  # the seat's tripped dinos minus the mean opponent's
    "danger",  # the seat's dinos within two tiles of the lava minus the mean opponent's
    "to_play",  # it is the seat's turn
    "pair",  # the seat holds a same-colour pair of prizes
    "racing_others",  # opponents still racing, over the opponents
)


def _players(state: DinoRaceState) -> tuple[list[float], list[float], list[int], list[int], list[int], list[int]]:
    """Per seat: its dinos' mean progress, its rear dino's, dinos home, tripped, near the lava,
    and its hand's size (all public)."""
    n = state.num_players
    k = state.dinos_per_player
    full = state.track_length + 1
    pos = state.pos
    hand = state.hand
    down = state.down
    lava = state.lava if state.volcano_active else -1
    runs = [0.0] * n
    rears = [0.0] * n
    homes = [0] * n
    downs = [0] * n
    danger = [0] * n
    sizes = [0] * n
    for p in range(n):
        run = 0.0
        rear = 1.0
        base = p * k
        for d in range(base, base + k):
            at = pos[d]
            if at == HOME:
                got = 1.0
                homes[p] += 1
            else:
                got = at / full
                if down >> d & 1:
                    downs[p] += 1
                if at - lava <= 2:
                    danger[p] += 1
            run += got
            rear = min(rear, got)
        runs[p] = run / k
        rears[p] = rear
        start = p * T
        sizes[p] = sum(hand[start : start + T])
    return runs, rears, homes, downs, danger, sizes


def _cards_ahead(state: DinoRaceState, seat: int, own: list[int]) -> tuple[int, int]:
    """Cards in the seat's hand matching the next tile of each racing dino, and the next three
    tiles of its rear dino."""
    k = state.dinos_per_player
    track = state.track_length
    pos = state.pos
    next_cards = 0
    rear_at = track + 1
    for d in range(seat * k, seat * k + k):
        at = pos[d]
        if at != HOME:
            rear_at = min(rear_at, at)
            if at < track and own[state.tiles[at]]:
                next_cards += 1
    ahead = 0
    if rear_at < track:
        need = [0] * T
        for t in state.tiles[rear_at : rear_at + 3]:
            need[t] += 1
        ahead = sum(min(need[t], own[t]) for t in range(4))
    return next_cards, ahead


def features(state: DinoRaceState, seat: int) -> tuple[float, ...]:
    """The position's features for ``seat`` (``FEATURE_NAMES``), from its knowledge alone."""
    n = state.num_players
    k = state.dinos_per_player
    drops = state.drops
    data = state.game.data
    values = data.prize_values
    runs, rears, homes, downs, danger, sizes = _players(state)
    progress = sum(runs) / n
    others = [p for p in range(n) if p != seat]
    m = len(others)
    # known scores: the seat's own prizes; an opponent's by their count at the mean value
    mean_prize = sum(values) / len(values)
    mine = state.prizes[seat]
    colours = [data.prize_colours[c] for c in mine]
    pair = 1.0 if len(colours) > len(set(colours)) else 0.0
    my_score = sum(values[c] for c in mine) + data.pair_bonus * pair - drops[seat]
    expected = [len(state.prizes[p]) * mean_prize - drops[p] for p in others]
    egg = state.egg
    egg_rear = rears[egg] if egg == seat else -rears[egg] if 0 <= egg < n else 0.0
    own = state.hand[seat * T : seat * T + T]
    next_cards, ahead = _cards_ahead(state, seat, own)
    best = max(others, key=lambda p: runs[p])
    turn = state.turn_player == seat and state.current_player() != TERMINAL
    return (
        progress,
        runs[seat] - runs[best],
        runs[seat] - sum(runs[p] for p in others) / m,
        rears[seat] - max(rears[p] for p in others),
        float(homes[seat] - max(homes[p] for p in others)),
        1.0 if egg == seat else 0.0,
        egg_rear,
        my_score - max(expected),
        my_score - sum(expected) / m,
        drops[seat] - sum(drops[p] for p in others) / m,
        sizes[seat] - sum(sizes[p] for p in others) / m,
        float(own[WILD]),
        float(next_cards),
        float(ahead),
        float(own[5] + own[6] + own[7]),
        downs[seat] - sum(downs[p] for p in others) / m,
        danger[seat] - sum(danger[p] for p in others) / m,
        1.0 if turn else 0.0,
        pair,
        sum(1 for p in others if homes[p] < k) / m,
    )
