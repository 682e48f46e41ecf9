"""3) Roll the event die: the terrain faces and Two cards (cards for every player still racing)
and the Eruption (the egg passed on, the volcano and the lava river)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.games.dino_race import cards, finish_line
from dinobox.games.dino_race import flow as F
from dinobox.games.dino_race.data import DIE_TWO_CARDS, HOME, VOLCANO

# events by name, not events.X: compiled, a name is a static reference (see docs/architecture.md)
from dinobox.games.dino_race.events import Carried, Die, EggPassed, EruptionEgg, Lava, Volcano

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState


def resolve_die(st: DinoRaceState, face: int) -> None:
    """3) Roll the event die: the result applies to every player still racing."""
    seat = st.turn_player
    n = st.num_players
    order = [(seat + i) % n for i in range(n)]
    st._emit(Die, seat, face)
    draws: list[F.Draw] = []
    if face < DIE_TWO_CARDS:
        k_per = st.dinos_per_player
        pos = st.pos
        tiles = st.tiles
        for p in order:
            count = 0
            for d in range(p * k_per, p * k_per + k_per):
                at = pos[d]
                if at != HOME and at != VOLCANO and tiles[at - 1] == face:
                    count += 1
            if count:
                draws.append(F.Draw(p, count))
    elif face == DIE_TWO_CARDS:
        per = 1 if st.teams else 2
        draws.extend(F.Draw(p, per) for p in order if st.is_racing(p))
    else:
        eruption(st)
        return
    steps = st.steps
    for i in range(len(draws) - 1, -1, -1):
        steps.append(draws[i])


def eruption(st: DinoRaceState) -> None:
    """The volcano erupts: the egg owner discards and passes the egg, then lava flows."""
    owner = st.egg
    st.steps.append(F.LAVA_FLOWS)
    cards.discard_hand(st, owner)
    st._emit(EruptionEgg, owner)
    cards.take_drop(st, owner)
    if any(st.is_racing(p) for p in range(st.num_players) if p != owner):
        st.steps.append(F.PassEgg(owner))


def lava_flows(st: DinoRaceState) -> None:
    """Eruption: the volcano becomes active, or the lava river flows one tile on; the dinos there
    are carried one tile forward, each losing a card and taking a lava drop."""
    if not st.volcano_active:
        st.volcano_active = True
        st._emit(Volcano)
        flipped = VOLCANO
    elif st.lava < st.track_length:
        st.lava += 1
        flipped = st.lava
        st._emit(Lava, flipped)
    else:
        return
    n = st.num_players
    moved = [d for p in ((st.turn_player + i) % n for i in range(n)) for d in st.dinos_of(p) if st.pos[d] == flipped]
    finishing: list[int] = []
    discards: list[F.RandomDiscard] = []
    for d in moved:
        owner = st.owner(d)
        st.pos[d] += 1
        st._emit(Carried, owner, d, st.pos[d])
        cards.take_drop(st, owner)
        discards.append(F.RandomDiscard(owner))
        if st.pos[d] >= st.track_length:
            finishing.append(d)
    # Order of what follows: the random discards, then each finisher's prize choice.
    tail = st.steps
    for d in reversed(finishing):
        finish_line.finish(st, d)
    tail.extend(reversed(discards))


def pass_egg(st: DinoRaceState, seat: int, target: int) -> None:
    """Eruption: the egg's owner ``seat`` hands it to ``target``."""
    st.egg = target
    st._emit(EggPassed, seat, target)
