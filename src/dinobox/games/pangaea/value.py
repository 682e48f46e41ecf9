"""What a Pangaea position is worth to one seat: the features of its learned value.

Nothing on a Pangaea table is hidden (the player boards lie face up; the decks' order is never
stored), so ``features(state, seat)`` may read the whole table; it is relative to the seat. The
features follow The winner is (most points, but only if a Shelter survives the End Game; ties to
the most Shelters, then the highest Evolution level, then the most Evolution cards), the Score
Chart (points for harvesting and building, 1 for each Shelter at every Lightning bolt, 2 for each
Shelter that survives the impact), the Asteroid recalculation (the countdown is the game's
clock), Dinosaurs (a Brontosaurus destroys the Shelters on its tile, a T-Rex the Explorers) and
Volcano Eruption. The weights are ``value.json`` (``dinobox.bots.value``;
``benchmarks/fit_value.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dinobox.engine.state import TERMINAL
from dinobox.games.pangaea.data import EVO_LEVEL
from dinobox.games.pangaea.tiles import L1, LAVA, NUM_DINOS, SHELTER_OK, VOLCANO, is_trex

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState

BRONTOS: Final = tuple(d for d in range(NUM_DINOS) if not is_trex(d))
TREXES: Final = tuple(d for d in range(NUM_DINOS) if is_trex(d))

FEATURE_NAMES = (
    "progress",  # the asteroid countdown spent (0 at the start .. 1 at impact)
    "points",  # the seat's points minus the best opponent's
    "points_mean",  # ... minus the mean opponent's
    "shelters",  # the seat's Shelters on the board minus the most any opponent has
    "shelters_mean",  # ... minus the mean opponent's
    "any_shelter",  # some Shelter stands (without one at the end nobody wins)
    "projected",  # points + 3 per Shelter (a Lightning and the impact's 2) minus the best opponent's
    "exposed",  # the seat's Shelters next to a Brontosaurus or a volcano, minus the mean opponent's
    "explorer",  # the seat's Explorer is on the board, minus the mean opponent's
    "can_build",  # the seat's Explorer stands where a Shelter may be built
    "harvest",  # the seat's Explorer stands on (or next to) a level 1 tile, where it harvests
    "trex_near",  # a T-Rex on or next to the seat's Explorer
    "cards",  # STAR cards in hand minus the mean opponent's
    "wilds",  # Wild cards in the seat's hand
    "evolution",  # the seat's highest Evolution level minus the mean opponent's
    "evolution_cards",  # Evolution cards held minus the mean opponent's
    "lightning_near",  # how close the token is to the Lightning bolt (a payout per Shelter)
    "lightning_shelters",  # lightning_near times the seat's Shelters minus the mean opponent's
    "to_play",  # it is the seat's turn
    "ending",  # the End Game is being played
)


def features(state: PangaeaState, seat: int) -> tuple[float, ...]:
    """The position's features for ``seat`` (``FEATURE_NAMES``)."""
    n = state.num_players
    world = state.world
    nb = world.geo.nb
    stacks = world.stacks
    start = state.game.data.countdown_start or state.game.options["length"] or 1
    progress = min(1.0, max(0.0, 1 - state.asteroid / start)) if state.ending is None else 1.0
    points = state.points
    shelter_n = world.shelter_n
    others = [p for p in range(n) if p != seat]
    m = len(others)
    danger: set[int] = set()
    for d in BRONTOS:
        at = world.dinos[d]
        if at >= 0:
            danger.add(at)
            danger.update(nb[at])
    exposed = [0] * n
    for s, mask in enumerate(world.shelters):
        if mask:
            hot = s in danger
            if not hot:
                for t in nb[s]:
                    if t >= 0 and stacks[t] and stacks[t][-1] in (VOLCANO, LAVA):
                        hot = True
                        break
            if hot:
                for p in range(n):
                    if mask >> p & 1:
                        exposed[p] += 1
    explorers = world.explorers
    on_board = [1.0 if explorers[p] >= 0 else 0.0 for p in range(n)]
    mine = explorers[seat]
    can_build = harvest = trex_near = 0.0
    if mine >= 0:
        top = stacks[mine][-1] if stacks[mine] else 0
        can_build = 1.0 if SHELTER_OK[top] else 0.0
        near = [mine, *(t for t in nb[mine] if t >= 0)]
        harvest = 1.0 if any(stacks[t] and stacks[t][-1] == L1 for t in near) else 0.0
        trex_near = 1.0 if any(world.dinos[d] in near for d in TREXES) else 0.0
    cards = [len(state.hands[p]) for p in range(n)]
    wild = state.WILD
    levels = [max((EVO_LEVEL[c >> 1] for c in state.evo[p]), default=0) for p in range(n)]
    evo_cards = [len(state.evo[p]) for p in range(n)]
    projected = [points[p] + 3 * shelter_n[p] for p in range(n)]
    ring = state.R
    lightning = state.ring_pos / (ring - 1) if ring > 1 else 0.0
    turn = state.turn == seat and state.current_player() != TERMINAL
    return (
        progress,
        float(points[seat] - max(points[p] for p in others)),
        points[seat] - sum(points[p] for p in others) / m,
        float(shelter_n[seat] - max(shelter_n[p] for p in others)),
        shelter_n[seat] - sum(shelter_n[p] for p in others) / m,
        1.0 if any(shelter_n) else 0.0,
        float(projected[seat] - max(projected[p] for p in others)),
        exposed[seat] - sum(exposed[p] for p in others) / m,
        on_board[seat] - sum(on_board[p] for p in others) / m,
        can_build,
        harvest,
        trex_near,
        cards[seat] - sum(cards[p] for p in others) / m,
        float(sum(1 for c in state.hands[seat] if c == wild)),
        levels[seat] - sum(levels[p] for p in others) / m,
        evo_cards[seat] - sum(evo_cards[p] for p in others) / m,
        lightning,
        lightning * (shelter_n[seat] - sum(shelter_n[p] for p in others) / m),
        1.0 if turn else 0.0,
        0.0 if state.ending is None else 1.0,
    )
