"""Before you play: the table emptied, the track laid out at random, the deal and the prize
stack (and the same again for the second race of a Double Match)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.games.dino_race import flow as F
from dinobox.games.dino_race.data import HOME, NUM_CARD_TYPES, TERRAINS

# events by name, not events.X: compiled, a name is a static reference (see docs/architecture.md)
from dinobox.games.dino_race.events import Race

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState

T = NUM_CARD_TYPES


def new_race(st: DinoRaceState) -> None:
    """Before you play: empty table, then the track, the deal and the prize stack."""
    data = st.game.data
    n = st.num_players
    st.tiles = ()
    st.tiles_left = [data.tiles_per_terrain] * len(TERRAINS)
    st.pos = [HOME] * st.num_dinos
    st.down = 0
    st.hand = [0] * (n * T)
    st.deck = list(data.cards)
    st.discard = [0] * T
    st.drops = (0,) * n
    st.drop_supply = 0 if st.survive else data.lava_drops
    st.volcano_active = False
    st.lava = 0
    st.egg = st.first_player
    st.egg_safe_by = -1
    st.egg_value = 0
    st.stack = 0
    st.prizes = ((),) * n
    st.prize_log = ()
    st.known = {}
    st.home_order = ()
    st.turn_player = st.first_player
    st.passed = False
    steps = st.steps
    steps.clear()
    steps.append(F.START_RACE)
    for _ in range(st.track_length):
        steps.append(F.PLACE_TILE)


def start_race(st: DinoRaceState) -> None:
    """Before you play: the dinos start on tiles 1 and 2 (one each in teams: alternate tiles 1
    and 2 by team slot), the hands are dealt and the prize stack drawn."""
    data = st.game.data
    n = st.num_players
    for d in range(st.num_dinos):
        st.pos[d] = 1 + (d % 2 if not st.teams else (d // (n // 2)) % 2)
    size = data.team_hand_size if st.teams else data.hand_size
    steps = st.steps
    steps.append(F.StartTurn(st.first_player))
    if not st.survive:
        steps.append(F.DrawPrizes(st.num_dinos))
    for seat in reversed(range(n)):
        if size:
            steps.append(F.Draw(seat, size))
    st._emit(Race, st.race)


def tile_placed(st: DinoRaceState, terrain: int) -> None:
    """Before you play: the next track tile drawn shows ``terrain``."""
    st.tiles_left[terrain] -= 1
    st.tiles = (*st.tiles, terrain)


def prizes_left(st: DinoRaceState) -> list[int]:
    """The prize counters not yet in the face-down stack."""
    used = st.stack
    return [c for c in range(st.num_prizes) if not used >> c & 1]
