"""Finish line! and End of the game: a dino reaching the last tile, the prize choice, the egg
brought to safety, and the end of a race."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.games.dino_race import before_you_play, cards
from dinobox.games.dino_race import flow as F
from dinobox.games.dino_race.data import HOME, NUM_CARD_TYPES

# events by name, not events.X: compiled, a name is a static reference (see docs/architecture.md)
from dinobox.games.dino_race.events import (
    EggCounter,
    EggSafe,
    HandDiscarded,
    Home,
    Move,
    Prize,
    PrizeTalk,
    RaceOver,
    Triple,
)

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState

T = NUM_CARD_TYPES


def move_forward(st: DinoRaceState, dino: int, card: int, triple: bool = False) -> None:
    """Playing movement cards: one tile forward for ``card`` (three of them when ``triple``);
    the last tile is the finish line."""
    pos = st.pos
    pos[dino] = pos[dino] + 1
    seat, tile = st.owner(dino), pos[dino]
    if triple:
        st._emit(Triple, seat, dino, card, tile)
    else:
        st._emit(Move, seat, dino, card, tile)
    if pos[dino] >= st.track_length:
        finish(st, dino)


def finish(st: DinoRaceState, dino: int) -> None:
    """Finish line: the dino is safe and removed; its owner chooses a prize in secret."""
    seat = st.owner(dino)
    st.pos[dino] = HOME
    st.down &= ~(1 << dino)
    st.home_order = (*st.home_order, dino)
    st._emit(Home, seat, dino)
    st.steps.append(F.CheckHome(seat))
    if not st.survive and st.stack:
        st.steps.append(F.ChoosePrize(seat, dino))


def take_prize(st: DinoRaceState, seat: int, counter: int) -> None:
    """Finish line: ``seat`` takes ``counter`` from the stack (in Playing in Teams, after talking
    it over with the team-mate)."""
    st.prize_log = (*st.prize_log, (seat, st.stack, counter))
    audience = st.prize_audience(seat)
    if st.teams:
        st._emit_to(audience, PrizeTalk, seat, st.mate_of(seat), st.stack)
    st.stack &= ~(1 << counter)
    st.prizes = tuple((*p, counter) if s == seat else p for s, p in enumerate(st.prizes))
    st._emit_to(audience, Prize, seat, counter)


def check_home(st: DinoRaceState, seat: int) -> None:
    """Finish line: both dinos home -> discard the hand; with the egg, the egg is safe."""
    if st.is_racing(seat):
        return
    if any(st.hand[seat * T : seat * T + T]):
        cards.discard_hand(st, seat)
        st._emit(HandDiscarded, seat)
    steps = st.steps
    if st.survive:
        if st.teams and st.is_racing(st.mate_of(seat)):
            return
        if st.egg_safe_by < 0:
            st.egg_safe_by = seat  # Survive!: first with every dino home wins
            steps.clear()
            steps.append(F.END_RACE)
        return
    if st.egg == seat:
        # End of the game: nothing else happens, except the prize choices of dinos that
        # reached the finish in the same moment (the lava can carry several at once).
        st.egg_safe_by = seat
        st._emit(EggSafe, seat)
        pending = [step for step in steps if isinstance(step, F.ChoosePrize)]
        steps[:] = [F.END_RACE, F.DrawEggCounter(seat), *pending]


def end_race(st: DinoRaceState) -> None:
    """End of the game (or of the first race in Double Match): the race is scored; the flow is
    left empty when the game is over."""
    st.race_scores = (*st.race_scores, tuple(st.race_score(p) for p in range(st.num_players)))
    st.race_eggs = (*st.race_eggs, st.egg_safe_by)
    st._emit(RaceOver, st.race)
    if st.double and st.race == 0:
        st.race = 1
        st.first_player = (st.first_player + 1) % st.num_players
        before_you_play.new_race(st)


def egg_counter_drawn(st: DinoRaceState, seat: int, counter: int) -> None:
    """End of the game: ``seat``, who brought the egg to safety, draws its egg counter."""
    st.egg_value = st.game.data.egg_values[counter]
    st._emit(EggCounter, seat, st.egg_value)
