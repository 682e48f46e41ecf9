"""What a Dino Race position is worth to one seat: the features of its learned value.

``features(state, seat)`` reads only what ``seat`` may know (the track, the dinos, the lava,
the egg, every hand's size and lava drops, its own hand and prizes, and the face-down prize
stacks it saw when it chose; never another hand, the deck or another player's prizes),
relative to the seat, so a state and ``state.resample(seat, rng)`` give the same numbers. They
follow How to win the game and Final scoring: prizes come with dinos brought home (another
player's prize is worth what the seat may expect of it, from the stacks it saw), the egg counter
and the tie go to whoever brings the egg to safety, and that ends the race (End of the game:
dinos still on the track win nothing, so a dino counts when it is no farther from the finish than
the egg holder), lava drops cost a point each, a same-colour pair earns a bonus; and The game
turn: cards move dinos (a matching card or a wildcard a tile), two a turn while both race. The
weights are ``value.json`` (``dinobox.bots.value``; fitted by ``benchmarks/fit_value.py``).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise
from operator import mul
from typing import TYPE_CHECKING, Final

from dinobox.engine.state import TERMINAL
from dinobox.games.dino_race.data import HOME, NUM_CARD_TYPES, WILD, DinoRaceData
from dinobox.games.dino_race.view import prize_chooser_seen

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
    "egg_need",  # the egg holder's tiles still to go (over the start's), when an opponent holds it
    "reach",  # the seat's racing dinos no farther from the finish than the egg holder's tiles to go
    "reach_best",  # ... minus the most any opponent has (each against the egg holder)
    "steps_in_hand",  # tiles the seat's hand can move its dinos now (matching cards, then wildcards)
    "egg_hand",  # the egg holder's hand size, when an opponent holds it (over 10)
    "leader_hand",  # the seat's hand size minus that of the opponent with the best run (over 10)
    "turns_to_me",  # turns until the seat's next turn, over the players
    "potential",  # the seat's expected score with a prize per dino in reach, minus the best opponent's
    "stack",  # prize counters left in the stack, over the dinos
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


def _pools(state: DinoRaceState, seat: int) -> list[int]:
    """Per prize taken (``prize_log``), the counters it may be as ``seat`` knows it (a bit mask):
    its own choices are known; the others lie between the stacks it saw when it chose (the
    stack it sees now too, while it chooses), as ``knowledge.resample`` redraws them."""
    log = state.prize_log
    pools = [(1 << state.num_prizes) - 1] * len(log)
    looks = [(i, mask, c) for i, (s, mask, c) in enumerate(log) if seat in state.prize_audience(s)]
    if prize_chooser_seen(state, seat) is not None:
        looks.append((len(log), state.stack, -1))
    if not looks:
        return pools
    first, first_mask, _ = looks[0]
    for e in range(first):
        pools[e] &= ~first_mask
    for (i, mask, mine), (j, following, _) in pairwise(looks):
        for e in range(i + 1, j):
            pools[e] = mask & ~(1 << mine) & ~following
    last, last_mask, last_mine = looks[-1]
    after = last_mask & ~(1 << last_mine) if last_mine >= 0 else last_mask
    for e in range(last + 1, len(log)):
        pools[e] = after
    for i, _, c in looks:
        if c >= 0:
            pools[i] = 1 << c
    return pools


@lru_cache(maxsize=8192)
def _pool_belief(data: DinoRaceData, pool: int) -> tuple[float, tuple[float, ...]]:
    """The mean value of the counters in ``pool`` (a bit mask; every counter when empty) and the
    share of each colour among them (``COLOURS`` order of ``data.prize_colours``)."""
    bits = [c for c in range(pool.bit_length()) if pool >> c & 1] or list(range(len(data.prize_values)))
    names = sorted(set(data.prize_colours))
    share = 1.0 / len(bits)
    shades = [0.0] * len(names)
    for c in bits:
        shades[names.index(data.prize_colours[c])] += share
    return sum(data.prize_values[c] for c in bits) * share, tuple(shades)


def _expected_scores(state: DinoRaceState, seat: int) -> list[float]:
    """Each seat's score as ``seat`` may expect it (Final scoring): its prizes' values (each the
    mean of the counters it may be), the pair bonus times the chance of a same-colour pair
    (counters taken independently), less its lava drops; ``seat``'s own is exact."""
    data = state.game.data
    n = state.num_players
    totals = [float(-d) for d in state.drops]
    if not state.prize_log:
        return totals
    shades: list[list[tuple[float, ...]]] = [[] for _ in range(n)]
    for (owner, _, _), pool in zip(state.prize_log, _pools(state, seat), strict=True):
        value, shade = _pool_belief(data, pool)
        totals[owner] += value
        shades[owner].append(shade)
    for p in range(n):
        held = shades[p]
        if len(held) > 2:
            totals[p] += data.pair_bonus
        elif len(held) == 2:
            totals[p] += data.pair_bonus * sum(map(mul, held[0], held[1]))
    return totals


def _needs(state: DinoRaceState) -> list[list[int]]:
    """Per seat, the tiles each of its racing dinos still has to go (The game turn)."""
    k = state.dinos_per_player
    track = state.track_length
    pos = state.pos
    return [[track - pos[d] for d in range(p * k, p * k + k) if pos[d] != HOME] for p in range(state.num_players)]


def _steps_in_hand(state: DinoRaceState, seat: int, own: list[int]) -> int:
    """Tiles the seat's hand can move its racing dinos, rear dino first: a matching movement
    card for each next tile, else a wildcard (Playing movement cards)."""
    cards = own[: WILD + 1]
    tiles = state.tiles
    track = state.track_length
    k = state.dinos_per_player
    steps = 0
    for at in sorted(state.pos[d] for d in range(seat * k, seat * k + k) if state.pos[d] != HOME):
        while at < track:
            terrain = tiles[at]
            if cards[terrain]:
                cards[terrain] -= 1
            elif cards[WILD]:
                cards[WILD] -= 1
            else:
                break
            at += 1
            steps += 1
    return steps


def _race_to_egg(state: DinoRaceState, needs: list[list[int]]) -> tuple[float, list[int]]:
    """How near the egg holder is to bringing it to safety (0 at the start .. 1 there; End of
    the game), and per seat the racing dinos no farther from the finish than the egg holder's
    tiles to go (all of the holder's own)."""
    egg = state.egg
    start = state.dinos_per_player * state.track_length
    if not 0 <= egg < state.num_players:
        return 0.0, [len(need) for need in needs]
    left = sum(needs[egg])
    reach = [len(need) if p == egg else sum(1 for d in need if d <= left) for p, need in enumerate(needs)]
    return 1.0 - left / start, reach


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
    mine = state.prizes[seat]
    colours = [data.prize_colours[c] for c in mine]
    pair = 1.0 if len(colours) > len(set(colours)) else 0.0
    scores = _expected_scores(state, seat)
    my_score = scores[seat]
    expected = [scores[p] for p in others]
    egg = state.egg
    egg_rear = rears[egg] if egg == seat else -rears[egg] if 0 <= egg < n else 0.0
    own = state.hand[seat * T : seat * T + T]
    next_cards, ahead = _cards_ahead(state, seat, own)
    best = max(others, key=lambda p: runs[p])
    turn = state.turn_player == seat and state.current_player() != TERMINAL
    near, reach = _race_to_egg(state, _needs(state))
    theirs = egg != seat and 0 <= egg < n
    mean_prize = sum(values) / len(values)
    potential = [scores[p] + reach[p] * mean_prize for p in range(n)]
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
        near if theirs else 0.0,
        float(reach[seat]),
        float(reach[seat] - max(reach[p] for p in others)),
        float(_steps_in_hand(state, seat, own)),
        sizes[egg] / 10 if theirs else 0.0,
        (sizes[seat] - sizes[best]) / 10,
        (seat - state.turn_player) % n / n,
        potential[seat] - max(potential[p] for p in others),
        bin(state.stack).count("1") / state.num_dinos,
    )
