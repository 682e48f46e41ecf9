"""The steps of Dino Race's flow (see ``dinobox.engine.flow``), by rulebook section.

Each class is one kind of pending step: its fields are its arguments, and its methods say who
acts (``due``), what they may do (``legal``, or ``chance`` for a chance event), what the action
does (``apply``, or ``run`` for an automatic step) and how a view names it (``phase``, and
``draws`` for what a chance step draws). The rules they carry out are the functions of the
section modules (``before_you_play``, ``game_turn``, ``event_die``, ``finish_line``, ``cards``);
those push the steps that follow, naming them through this module (``F.Draw``), so either may be
imported first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, final

from dinobox.engine.chance import sample_counts, sample_uniform
from dinobox.engine.flow import AUTOMATIC, CHANCE, Step
from dinobox.games.dino_race import actions as A
from dinobox.games.dino_race import before_you_play, cards, event_die, finish_line, game_turn
from dinobox.games.dino_race.data import NUM_CARD_TYPES, TERRAINS
from dinobox.games.dino_race.legal import play_actions

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState
    from dinobox.games.dino_race.viewtypes import Phase

T: Final = NUM_CARD_TYPES


class RaceStep(Step["DinoRaceState"]):
    """A step of Dino Race."""

    def phase(self) -> Phase:
        """The view's ``phase`` while this step is on top."""
        return "resolve"

    def draws(self) -> str:
        """A chance step: what it draws (``card``, ``die``, ``tile``, ``prize``, ``egg``)."""
        return ""


def _counts(counts: list[int], base: int, n: int) -> tuple[list[int], list[int]]:
    """The outcomes ``i`` with a count in ``counts[base + i]``, and their counts."""
    outs = [i for i in range(n) if counts[base + i]]
    return outs, [counts[base + i] for i in outs]


class CardDraw(RaceStep):
    """A card from the deck into ``seat``'s hand; the discards are reshuffled into an empty deck,
    and with every card in a hand there is nothing to draw (the step is dropped)."""

    seat: int

    def due(self, state: DinoRaceState) -> int:
        if cards.is_empty(state.deck):
            cards.reshuffle_if_empty(state)
            if cards.is_empty(state.deck):
                return AUTOMATIC
        return CHANCE

    def chance(self, state: DinoRaceState) -> tuple[Sequence[int], Sequence[float]]:
        return _counts(state.deck, 0, T)

    def sample(self, state: DinoRaceState, rng: random.Random) -> int:
        return sample_counts(state.deck, 0, T, rng)

    def draws(self) -> str:
        return "card"


# ----- Before you play --------------------------------------------------------------------------


@final
class StartRace(RaceStep):
    """Automatic, Before you play: the dinos on tiles 1 and 2, the deal, the prize stack."""

    def run(self, state: DinoRaceState) -> None:
        before_you_play.start_race(state)


@final
class PlaceTile(RaceStep):
    """Chance, Before you play: the terrain of the next track tile."""

    def due(self, state: DinoRaceState) -> int:
        return CHANCE

    def chance(self, state: DinoRaceState) -> tuple[Sequence[int], Sequence[float]]:
        return _counts(state.tiles_left, 0, len(TERRAINS))

    def sample(self, state: DinoRaceState, rng: random.Random) -> int:
        return sample_counts(state.tiles_left, 0, len(TERRAINS), rng)

    def apply(self, state: DinoRaceState, action: int) -> None:
        state.steps.pop()
        before_you_play.tile_placed(state, action)

    def phase(self) -> Phase:
        return "setup"

    def draws(self) -> str:
        return "tile"


@final
class DrawPrizes(RaceStep):
    """Chance, Before you play: ``count`` more prize counters into the face-down stack."""

    def __init__(self, count: int) -> None:
        self.count = count

    def due(self, state: DinoRaceState) -> int:
        return CHANCE

    def chance(self, state: DinoRaceState) -> tuple[Sequence[int], Sequence[float]]:
        outs = before_you_play.prizes_left(state)
        return outs, [1] * len(outs)

    def sample(self, state: DinoRaceState, rng: random.Random) -> int:
        free = before_you_play.prizes_left(state)
        return free[sample_uniform(len(free), rng)]

    def apply(self, state: DinoRaceState, action: int) -> None:
        state.stack |= 1 << action
        if self.count > 1:
            state.steps[-1] = DrawPrizes(self.count - 1)
        else:
            state.steps.pop()

    def phase(self) -> Phase:
        return "setup"

    def draws(self) -> str:
        return "prize"


# ----- The game turn -------------------------------------------------------------------------


@final
class StartTurn(RaceStep):
    """Automatic, The game turn: ``seat``'s turn begins (draw, play and swap, roll)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, state: DinoRaceState) -> None:
        game_turn.start_turn(state, self.seat)


@final
class NextTurn(RaceStep):
    """Automatic, The game turn: the turn is over; the next player's begins (clockwise)."""

    def run(self, state: DinoRaceState) -> None:
        game_turn.next_turn(state)


@final
class Draw(CardDraw):
    """Chance, 1) Draw cards (and Two cards on the event die): ``count`` cards into ``seat``'s hand."""

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count

    def apply(self, state: DinoRaceState, action: int) -> None:
        cards.card_drawn(state, self.seat, action)
        if self.count > 1:
            state.steps[-1] = Draw(self.seat, self.count - 1)
        else:
            state.steps.pop()

    def phase(self) -> Phase:
        return "draw"


@final
class Play(RaceStep):
    """Decision, 2) Play and swap cards: ``seat`` plays a card, swaps, passes, or rolls."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: DinoRaceState) -> int:
        return self.seat

    def legal(self, state: DinoRaceState) -> list[int]:
        return play_actions(state, self.seat)

    def apply(self, state: DinoRaceState, action: int) -> None:
        game_turn.play(state, self.seat, action)

    def phase(self) -> Phase:
        return "play"


@final
class SwapDraw(CardDraw):
    """Chance, 2) Play and swap cards: the card ``seat`` draws for the two discarded."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def apply(self, state: DinoRaceState, action: int) -> None:
        state.steps.pop()
        cards.card_drawn(state, self.seat, action)


@final
class Steal(RaceStep):
    """Chance, Steal: the card ``thief`` draws at random from ``victim``'s hand."""

    def __init__(self, thief: int, victim: int) -> None:
        self.thief = thief
        self.victim = victim

    def due(self, state: DinoRaceState) -> int:
        return CHANCE

    def chance(self, state: DinoRaceState) -> tuple[Sequence[int], Sequence[float]]:
        return _counts(state.hand, self.victim * T, T)

    def sample(self, state: DinoRaceState, rng: random.Random) -> int:
        return sample_counts(state.hand, self.victim * T, T, rng)

    def apply(self, state: DinoRaceState, action: int) -> None:
        state.steps.pop()
        game_turn.stolen(state, self.thief, self.victim, action)

    def draws(self) -> str:
        return "card"


@final
class RandomDiscard(RaceStep):
    """Chance, lava (Push back, Eruption): ``seat`` loses a card at random (none if the hand is empty)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: DinoRaceState) -> int:
        return CHANCE if state.hand_size(self.seat) else AUTOMATIC

    def chance(self, state: DinoRaceState) -> tuple[Sequence[int], Sequence[float]]:
        return _counts(state.hand, self.seat * T, T)

    def sample(self, state: DinoRaceState, rng: random.Random) -> int:
        return sample_counts(state.hand, self.seat * T, T, rng)

    def apply(self, state: DinoRaceState, action: int) -> None:
        state.steps.pop()
        cards.lose_card(state, self.seat, action)

    def run(self, state: DinoRaceState) -> None:
        cards.no_card_to_lose(state, self.seat)

    def draws(self) -> str:
        return "card"


# ----- 3) Roll the event die ----------------------------------------------------------------


@final
class Roll(RaceStep):
    """Chance, 3) Roll the event die: ``seat`` rolls."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: DinoRaceState) -> int:
        return CHANCE

    def chance(self, state: DinoRaceState) -> tuple[Sequence[int], Sequence[float]]:
        return range(6), (1, 1, 1, 1, 1, 1)

    def sample(self, state: DinoRaceState, rng: random.Random) -> int:
        return sample_uniform(6, rng)

    def apply(self, state: DinoRaceState, action: int) -> None:
        state.steps.pop()
        event_die.resolve_die(state, action)

    def phase(self) -> Phase:
        return "roll"

    def draws(self) -> str:
        return "die"


@final
class PassEgg(RaceStep):
    """Decision, Eruption: the egg's owner ``seat`` passes it to another player still racing."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: DinoRaceState) -> int:
        return self.seat

    def legal(self, state: DinoRaceState) -> list[int]:
        seat = self.seat
        return [state.erupt_base + p for p in range(state.num_players) if p != seat and state.is_racing(p)]

    def apply(self, state: DinoRaceState, action: int) -> None:
        state.steps.pop()
        event_die.pass_egg(state, self.seat, action - state.erupt_base)

    def phase(self) -> Phase:
        return "pass_egg"


@final
class LavaFlows(RaceStep):
    """Automatic, Eruption: the volcano becomes active, or the lava river flows one tile on."""

    def run(self, state: DinoRaceState) -> None:
        event_die.lava_flows(state)


# ----- Finish line! and End of the game -----------------------------------------------------


@final
class ChoosePrize(RaceStep):
    """Decision, Finish line!: ``seat``, whose ``dino`` finished, takes a counter from the stack."""

    def __init__(self, seat: int, dino: int) -> None:
        self.seat = seat
        self.dino = dino

    def due(self, state: DinoRaceState) -> int:
        return self.seat

    def legal(self, state: DinoRaceState) -> list[int]:
        return [A.PRIZE + c for c in range(state.num_prizes) if state.stack >> c & 1]

    def apply(self, state: DinoRaceState, action: int) -> None:
        state.steps.pop()
        finish_line.take_prize(state, self.seat, action - A.PRIZE)

    def phase(self) -> Phase:
        return "prize"


@final
class CheckHome(RaceStep):
    """Automatic, Finish line!: has ``seat`` every dino home (and the egg brought to safety)?"""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, state: DinoRaceState) -> None:
        finish_line.check_home(state, self.seat)


@final
class DrawEggCounter(RaceStep):
    """Chance, End of the game: the egg counter of ``seat``, who brought the egg to safety."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: DinoRaceState) -> int:
        return CHANCE

    def chance(self, state: DinoRaceState) -> tuple[Sequence[int], Sequence[float]]:
        count = len(state.game.data.egg_values)
        return range(count), [1] * count

    def sample(self, state: DinoRaceState, rng: random.Random) -> int:
        return sample_uniform(len(state.game.data.egg_values), rng)

    def apply(self, state: DinoRaceState, action: int) -> None:
        state.steps.pop()
        finish_line.egg_counter_drawn(state, self.seat, action)

    def draws(self) -> str:
        return "egg"


@final
class EndRace(RaceStep):
    """Automatic, End of the game: the race is scored (then the second race in Double Match)."""

    def run(self, state: DinoRaceState) -> None:
        finish_line.end_race(state)


START_RACE: Final = StartRace()
PLACE_TILE: Final = PlaceTile()
NEXT_TURN: Final = NextTurn()
LAVA_FLOWS: Final = LavaFlows()
END_RACE: Final = EndRace()
