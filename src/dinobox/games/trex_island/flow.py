"""The steps of Escape from T-Rex Island's flow (see ``dinobox.engine.flow``), by rulebook section.

Each class is one kind of pending step: its fields are its arguments, and its methods say who
acts (``due``), what they may do (``legal``, or ``chance`` and ``sample`` for a chance event),
what the action does (``apply``, or ``run`` for an automatic step), and what the views, the
words and the refusals ask of it (``IslandStep``: ``phase``, ``draws``, ``attack_on``,
``playing``). The rules they carry out are the functions of the section modules (``set_up``,
``turn``, ``carnivores``, ``tokens``); those push the steps that follow, naming them through
this module (``F.Draw``), so either may be imported first. A die is numbered
``seat * 3 + team``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, final

from dinobox.engine.chance import sample_counts
from dinobox.engine.flow import AUTOMATIC, CHANCE, Step
from dinobox.games.trex_island import actions as A
from dinobox.games.trex_island import carnivores, set_up, tokens, turn
from dinobox.games.trex_island import events as E
from dinobox.games.trex_island.data import NUM_CARD_TYPES, NUM_TOKEN_KINDS

if TYPE_CHECKING:
    from dinobox.games.trex_island.rules import TRexIslandState

T: Final = NUM_CARD_TYPES
K: Final = NUM_TOKEN_KINDS


class IslandStep(Step["TRexIslandState"]):
    """A step of Escape from T-Rex Island, with what the view, the words and the refusals ask."""

    def phase(self) -> str:
        """The view's ``phase`` while this step is on top (``refusals`` keys its reasons on it)."""
        return "resolve"

    def draws(self) -> str:
        """A chance step: what it draws (``card``, ``token``, ``first_player``, ``character``,
        ``chooser``); ``""`` for any other step."""
        return ""

    def waits(self) -> str:
        """A decision other than the turn's action: what it waits for (``discard``, ``token``,
        ``trex``, ``character``, ``attack``), the key of the refusals' reason; ``""`` otherwise."""
        return ""

    def attack_on(self) -> Attack | None:
        """The attack this step is, if it is one (its team, kind and men at stake)."""
        return None

    def playing(self) -> int:
        """The card on its way to a discard pile while this step waits (-1: none)."""
        return -1


def _seats(state: TRexIslandState) -> tuple[Sequence[int], Sequence[float]]:
    """Each seat, with equal weights."""
    return range(state.num_players), [1] * state.num_players


def _free_characters(state: TRexIslandState) -> list[int]:
    return [c for c in range(4) if c not in state.chars]


# ----- Set-up -------------------------------------------------------------------------------------


@final
class DrawChooser(IslandStep):
    """Chance, Set-up 1: the seat that chooses a character first (the others follow clockwise)."""

    def due(self, state: TRexIslandState) -> int:
        return CHANCE

    def chance(self, state: TRexIslandState) -> tuple[Sequence[int], Sequence[float]]:
        return _seats(state)

    def apply(self, state: TRexIslandState, action: int) -> None:
        state.steps.pop()
        set_up.choosers_drawn(state, action)

    def phase(self) -> str:
        return "character"

    def draws(self) -> str:
        return "chooser"


@final
class PickCharacter(IslandStep):
    """Decision, Set-up 1: ``seat`` chooses a character card."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: TRexIslandState) -> int:
        return self.seat

    def legal(self, state: TRexIslandState) -> list[int]:
        return [A.CHARACTER + c for c in _free_characters(state)]

    def apply(self, state: TRexIslandState, action: int) -> None:
        state.steps.pop()
        set_up.take_character(state, self.seat, action - A.CHARACTER)

    def waits(self) -> str:
        return "character"

    def phase(self) -> str:
        return "character"


@final
class DealCharacter(IslandStep):
    """Chance, Set-up 1 (option ``characters=random``): ``seat`` gets a character card at random."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: TRexIslandState) -> int:
        return CHANCE

    def chance(self, state: TRexIslandState) -> tuple[Sequence[int], Sequence[float]]:
        outs = _free_characters(state)
        return outs, [1] * len(outs)

    def apply(self, state: TRexIslandState, action: int) -> None:
        state.steps.pop()
        set_up.take_character(state, self.seat, action)

    def phase(self) -> str:
        return "character"

    def draws(self) -> str:
        return "character"


@final
class Deal(IslandStep):
    """Automatic, Set-up 3 and 4: deal the opening hands, then draw the first player."""

    def run(self, state: TRexIslandState) -> None:
        set_up.deal(state)


@final
class DrawFirstPlayer(IslandStep):
    """Chance, Set-up 4: the first player."""

    def due(self, state: TRexIslandState) -> int:
        return CHANCE

    def chance(self, state: TRexIslandState) -> tuple[Sequence[int], Sequence[float]]:
        return _seats(state)

    def apply(self, state: TRexIslandState, action: int) -> None:
        state.steps.pop()
        set_up.first_player_drawn(state, action)

    def phase(self) -> str:
        return "setup"

    def draws(self) -> str:
        return "first_player"


# ----- Turn sequence ----------------------------------------------------------------------------


@final
class StartTurn(IslandStep):
    """Automatic, Turn sequence: ``seat``'s turn of two actions begins."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, state: TRexIslandState) -> None:
        turn.start_turn(state, self.seat)


@final
class Act(IslandStep):
    """Decision, Turn sequence: ``seat`` takes one of the two actions of the turn (a Shotgun
    fired at the T-Rex is a free action: the turn's action is still to come)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: TRexIslandState) -> int:
        return self.seat

    def legal(self, state: TRexIslandState) -> list[int]:
        return turn.act_actions(state, self.seat)

    def apply(self, state: TRexIslandState, action: int) -> None:
        if A.SHOOT <= action < A.SHED:
            tokens.shoot(state, self.seat, action - A.SHOOT)
        else:
            state.steps.pop()
            turn.act(state, self.seat, action)

    def phase(self) -> str:
        return "action"


@final
class EndAction(IslandStep):
    """Automatic, Turn sequence: ``seat``'s action is over (the end of the game, the next action or
    the next turn)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, state: TRexIslandState) -> None:
        turn.end_action(state, self.seat)


@final
class ChoosePile(IslandStep):
    """Decision, Moving a team: the discard pile that takes ``card``, played by ``seat`` (taken at
    once, onto pile A, when both piles look alike)."""

    def __init__(self, seat: int, card: int) -> None:
        self.seat = seat
        self.card = card

    def due(self, state: TRexIslandState) -> int:
        piles = state.piles
        return AUTOMATIC if piles[0] == piles[1] else self.seat

    def legal(self, state: TRexIslandState) -> list[int]:
        return [A.PILE, A.PILE + 1]

    def apply(self, state: TRexIslandState, action: int) -> None:
        state.steps.pop()
        turn.discard(state, self.seat, self.card, action - A.PILE)

    def run(self, state: TRexIslandState) -> None:
        turn.discard(state, self.seat, self.card, 0)

    def waits(self) -> str:
        return "discard"

    def phase(self) -> str:
        return "discard"

    def playing(self) -> int:
        return self.card


# ----- Drawing card -------------------------------------------------------------------------------


@final
class Draw(IslandStep):
    """Chance, Drawing card: ``count`` more cards from the draw deck into ``seat``'s hand (an
    empty deck is rebuilt first; with nothing to rebuild it from, the draw is dropped)."""

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count

    def due(self, state: TRexIslandState) -> int:
        if state.deck_empty():
            turn.rebuild(state)
            if state.deck_empty():
                return AUTOMATIC
        return CHANCE

    def chance(self, state: TRexIslandState) -> tuple[Sequence[int], Sequence[float]]:
        deck = state.deck
        outs = [t for t in range(T) if deck[t]]
        return outs, [float(deck[t]) for t in outs]  # floats: the engine reads them as such

    def sample(self, state: TRexIslandState, rng: random.Random) -> int:
        return sample_counts(state.deck, 0, T, rng)

    def apply(self, state: TRexIslandState, action: int) -> None:
        turn.card_drawn(state, self, action)

    def phase(self) -> str:
        return "draw"

    def draws(self) -> str:
        return "card"


# ----- Game Tokens ------------------------------------------------------------------------------


@final
class AskToken(IslandStep):
    """Decision, Game Tokens: ``seat``'s team ``die`` is at a rest point: draw a token there?
    (Dropped if the team fell to the carnivore effect.)"""

    def __init__(self, seat: int, die: int) -> None:
        self.seat = seat
        self.die = die

    def due(self, state: TRexIslandState) -> int:
        return self.seat if state.on_map(self.die) else AUTOMATIC

    def legal(self, state: TRexIslandState) -> list[int]:
        return [A.TOKEN_TAKE, A.TOKEN_LEAVE]

    def apply(self, state: TRexIslandState, action: int) -> None:
        if action == A.TOKEN_TAKE:
            state.steps[-1] = DrawToken(self.seat, self.die)
        else:
            state.steps.pop()
            state._emit(E.TokenLeft, self.seat, self.die)

    def waits(self) -> str:
        return "token"

    def phase(self) -> str:
        return "token"


@final
class DrawToken(IslandStep):
    """Chance, Game Tokens: the token ``seat``'s team ``die`` draws."""

    def __init__(self, seat: int, die: int) -> None:
        self.seat = seat
        self.die = die

    def due(self, state: TRexIslandState) -> int:
        return CHANCE

    def chance(self, state: TRexIslandState) -> tuple[Sequence[int], Sequence[float]]:
        pool = state.pool
        outs = [t for t in range(K) if pool[t]]
        return outs, [float(pool[t]) for t in outs]

    def sample(self, state: TRexIslandState, rng: random.Random) -> int:
        return sample_counts(list(state.pool), 0, K, rng)

    def apply(self, state: TRexIslandState, action: int) -> None:
        state.steps.pop()
        tokens.token(state, self.seat, self.die, action)

    def phase(self) -> str:
        return "token"

    def draws(self) -> str:
        return "token"


# ----- Carnivore cards and the T-Rex meeple ---------------------------------------------------


@final
class CarnivoreEffect(IslandStep):
    """Automatic, Carnivore cards: the effect of ``card`` (played by ``seat``), if it triggers."""

    def __init__(self, seat: int, card: int) -> None:
        self.seat = seat
        self.card = card

    def run(self, state: TRexIslandState) -> None:
        carnivores.carnivore(state, self.seat, self.card)


@final
class TRexHunt(IslandStep):
    """Automatic, T-Rex meeple: the T-Rex appears if need be and walks ``steps`` spaces."""

    def __init__(self, seat: int, steps: int) -> None:
        self.seat = seat
        self.steps = steps

    def run(self, state: TRexIslandState) -> None:
        carnivores.trex_hunt(state, self.seat, self.steps)


@final
class TRexWay(IslandStep):
    """Decision, T-Rex meeple: two ways are as near; ``seat`` (who played the card) chooses."""

    def __init__(self, seat: int, steps: int) -> None:
        self.seat = seat
        self.steps = steps

    def due(self, state: TRexIslandState) -> int:
        return self.seat

    def legal(self, state: TRexIslandState) -> list[int]:
        return [A.TREX_WAY + s for s in carnivores.trex_ends(state, self.steps)[0]]

    def apply(self, state: TRexIslandState, action: int) -> None:
        state.steps.pop()
        carnivores.trex_to(state, self.seat, action - A.TREX_WAY)

    def waits(self) -> str:
        return "trex"

    def phase(self) -> str:
        return "trex"


@final
class Attack(IslandStep):
    """Decision of the team's owner: team ``die`` is attacked by ``attack`` (``data.ATTACK_*``)
    and loses ``amount`` survivors unless it defends. Dropped if the team is gone; taken at once
    (the loss) when the owner has no defence."""

    def __init__(self, die: int, amount: int, attack: int) -> None:
        self.die = die
        self.amount = amount
        self.attack = attack

    def due(self, state: TRexIslandState) -> int:
        if not state.on_map(self.die) or len(tokens.defences(state, self.attack, self.die)) == 1:
            return AUTOMATIC
        return self.die // 3

    def legal(self, state: TRexIslandState) -> list[int]:
        return [A.REACT + r for r in tokens.defences(state, self.attack, self.die)]

    def apply(self, state: TRexIslandState, action: int) -> None:
        state.steps.pop()
        tokens.defend(state, self, action - A.REACT)

    def run(self, state: TRexIslandState) -> None:
        if state.on_map(self.die):
            tokens.lose(state, self.die, self.amount, self.attack)

    def waits(self) -> str:
        return "attack"

    def phase(self) -> str:
        return "attack"

    def attack_on(self) -> Attack | None:
        return self


DEAL: Final = Deal()
DRAW_CHOOSER: Final = DrawChooser()
DRAW_FIRST_PLAYER: Final = DrawFirstPlayer()

# The steps of every turn, one per seat, shared (steps are values: a shared one is the same step;
# the turn's loop then builds none).
MAX_SEATS: Final = 4
START_TURN: Final = tuple(StartTurn(seat) for seat in range(MAX_SEATS))
ACT: Final = tuple(Act(seat) for seat in range(MAX_SEATS))
END_ACTION: Final = tuple(EndAction(seat) for seat in range(MAX_SEATS))
