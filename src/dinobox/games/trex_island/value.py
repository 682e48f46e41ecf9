"""What an Escape from T-Rex Island position is worth to one seat: the features of its learned value.

``features(state, seat)`` reads only what ``seat`` may know (the map, every team and its crew,
the T-Rex, the tokens drawn (revealed when drawn), the trophies and piles, every hand's size, the
deck's size, and its own hand; never another hand or the deck's order), relative to the seat,
so a state and ``state.resample(seat, rng)`` give the same numbers. They follow Game Score
(teams at the helipad score their crew times 5, 4, 3, then 2 VP by arrival, pictures 3, 6 and 8
VP), Game Goal (the game ends when a player has all three teams home, or the deck runs out with
the tokens gone; ties go to more survivors) and Food token (a team lands only with food for its
crew). The weights are ``value.json`` (``dinobox.bots.value``; ``benchmarks/fit_value.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dinobox.engine.state import TERMINAL
from dinobox.games.trex_island.data import (
    EVADE_PTERO,
    EVADE_RAPTOR,
    FREE_SHOTGUN,
    LOST,
    NUM_CARD_TYPES,
    NUM_TOKEN_KINDS,
    SHOTGUN,
    SMG,
    START,
)

if TYPE_CHECKING:
    from dinobox.games.trex_island.rules import TRexIslandState

T: Final = NUM_CARD_TYPES
K: Final = NUM_TOKEN_KINDS
PERKS: Final = FREE_SHOTGUN | EVADE_RAPTOR | EVADE_PTERO
NEAR: Final = 6  # T-Rex distances are counted up to this

FEATURE_NAMES = (
    "progress",  # the mean team's way to the helipad (lost teams count as done), or the deck's end if later
    "score",  # the seat's VP now (teams home, pictures) minus the best opponent's
    "score_mean",  # ... minus the mean opponent's
    "potential",  # crew on the island weighted by their way to the helipad, minus the best opponent's
    "potential_mean",  # ... minus the mean opponent's
    "crew",  # crew not yet home (on the island or at the start) minus the mean opponent's
    "rescued",  # survivors at the helipad minus the mean opponent's (the tie-break)
    "home",  # teams at the helipad minus the most any opponent has
    "lost",  # teams lost minus the mean opponent's
    "food",  # survivors the seat can feed minus its crew still out (clipped to -6..6)
    "food_mean",  # the same, minus the mean opponent's
    "defences",  # Shotguns, SMGs and character perks left, minus the mean opponent's
    "hand",  # cards in hand minus the mean opponent's
    "herbivores",  # herbivore cards in the seat's hand
    "pictures",  # herbivore cards in hand whose kind tops a discard pile
    "carnivores",  # carnivore cards in the seat's hand
    "trex_near",  # how close the T-Rex stands to the seat's nearest team on the island (0 .. 1)
    "trex_near_mean",  # ... minus the mean opponent's
    "deck",  # cards left in the draw deck, over the box's
    "tokens",  # tokens left on the map, over the game's
    "next_vp",  # VP per survivor the next team home scores
    "to_play",  # it is the seat's turn
)


def _scores(state: TRexIslandState) -> list[float]:
    """Game Score so far, per seat: teams at the helipad by arrival order, and trophies."""
    facts = state.facts
    crew = state.crew
    scores = [0.0] * state.num_players
    vp = facts.arrival_vp
    last = len(vp) - 1
    for i, d in enumerate(state.arrivals):
        scores[d // 3] += vp[i if i < last else last] * crew[d]
    trophies = state.trophies
    trophy_vp = facts.trophy_vp
    for p in range(state.num_players):
        base = p * T
        for t in range(9):  # the herbivores' card types: kind * 3 + colour
            if trophies[base + t]:
                scores[p] += trophies[base + t] * trophy_vp[t // 3]
    return scores


Teams = tuple[list[float], list[int], list[int], list[int], list[int], list[float], float]


def _teams(state: TRexIslandState) -> Teams:
    """Per seat: crew weighted by the way to the helipad, crew still out, survivors home, teams
    home, teams lost, the T-Rex's nearness to its nearest team; and the teams' mean way done."""
    n = state.num_players
    facts = state.facts
    to_helipad = facts.to_helipad
    far = to_helipad[facts.start] + 1
    helipad = facts.helipad
    pos = state.pos
    crew = state.crew
    trex = state.trex
    dist = facts.dist[trex] if trex >= 0 else None
    potential = [0.0] * n
    out = [0] * n
    rescued = [0] * n
    home = [0] * n
    lost = [0] * n
    near = [0.0] * n
    done = 0.0
    for p in range(n):
        for d in range(3 * p, 3 * p + 3):
            at = pos[d]
            if at == helipad:
                home[p] += 1
                rescued[p] += crew[d]
                done += 1
            elif at == LOST:
                lost[p] += 1
                done += 1
            else:
                way = 0.0 if at == START else 1 - to_helipad[at] / far
                done += way
                potential[p] += crew[d] * way
                out[p] += crew[d]
                if dist is not None and at != START:
                    near[p] = max(near[p], 1 - min(dist[at], NEAR) / NEAR)
    return potential, out, rescued, home, lost, near, done / (3 * n)


def _hand(state: TRexIslandState, seat: int) -> tuple[int, int, int]:
    """The seat's herbivore cards, those whose kind tops a discard pile, and carnivore cards."""
    hand = state.hand
    base = seat * T
    herbivores = pictures = carnivores = 0
    tops = [pile[-1] // 3 for pile in state.piles if pile]
    for t in range(T):
        count = hand[base + t]
        if count:
            kind = t // 3
            if kind < 3:
                herbivores += count
                if kind in tops:
                    pictures += count
            else:
                carnivores += count
    return herbivores, pictures, carnivores


def features(state: TRexIslandState, seat: int) -> tuple[float, ...]:
    """The position's features for ``seat`` (``FEATURE_NAMES``), from its knowledge alone."""
    n = state.num_players
    held = state.held
    data = state.game.data
    scores = _scores(state)
    potential, out, rescued, home, lost, near, done = _teams(state)
    food = [max(-6.0, min(6.0, float(state.food_capacity(p) - out[p]))) for p in range(n)]
    defences = [held[p * K + SHOTGUN] + held[p * K + SMG] + bin(state.perks[p] & PERKS).count("1") for p in range(n)]
    sizes = [state.hand_count(p) for p in range(n)]
    others = [p for p in range(n) if p != seat]
    m = len(others)
    deck = sum(state.deck) / sum(data.cards)
    tokens_total = data.tokens_per_rest[n - 2] * len(state.rest_left)
    tokens = sum(state.rest_left) / tokens_total if tokens_total else 0.0
    progress = max(done, 1 - deck if not tokens else 0.0)
    herbivores, pictures, carnivores = _hand(state, seat)
    vp = state.facts.arrival_vp
    last = len(vp) - 1
    turn = state.turn_player == seat and state.current_player() != TERMINAL
    return (
        progress,
        scores[seat] - max(scores[p] for p in others),
        scores[seat] - sum(scores[p] for p in others) / m,
        potential[seat] - max(potential[p] for p in others),
        potential[seat] - sum(potential[p] for p in others) / m,
        out[seat] - sum(out[p] for p in others) / m,
        rescued[seat] - sum(rescued[p] for p in others) / m,
        float(home[seat] - max(home[p] for p in others)),
        lost[seat] - sum(lost[p] for p in others) / m,
        food[seat],
        food[seat] - sum(food[p] for p in others) / m,
        defences[seat] - sum(defences[p] for p in others) / m,
        sizes[seat] - sum(sizes[p] for p in others) / m,
        float(herbivores),
        float(pictures),
        float(carnivores),
        near[seat],
        near[seat] - sum(near[p] for p in others) / m,
        deck,
        tokens,
        float(vp[min(len(state.arrivals), last)]),
        1.0 if turn else 0.0,
    )
