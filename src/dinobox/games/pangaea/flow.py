"""The steps of Pangaea's flow (see ``dinobox.engine.flow``), and the constants they use.

Each class is one kind of pending step: its fields are its arguments, and its methods say who
acts (``due``), what they may do (``legal``, or ``chance``/``sample`` for a chance event), what
the action does (``apply``, or ``run`` for an automatic step) and how a view names it (``phase``,
``draws``, ``decider``). The kinds of step (``Chance``, ``Decision``, ``Auto``) are in
``stepbase.py``; the chance steps in ``draws.py`` (named here too); the decisions and the
automatic steps here.

The rules they carry out are the functions of the section modules (``steps`` for the decisions,
``resolve`` for Players Turn and the Actions, ``lightning`` for the Lightning Bolt Tile,
``end_game`` for The End Game); those push the steps that follow, naming them through this module
(``F.Step6``), so either may be imported first. Rulebook sections are cited by their headings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, final

from dinobox.games.pangaea import end_game, lightning, resolve, steps
from dinobox.games.pangaea.draws import DRAW_CARDS as DRAW_CARDS
from dinobox.games.pangaea.draws import DRAW_DIRECTION_FOR_TURN as DRAW_DIRECTION_FOR_TURN
from dinobox.games.pangaea.draws import DRAW_START_PLAYER as DRAW_START_PLAYER
from dinobox.games.pangaea.draws import FOR_DEBRIS as FOR_DEBRIS
from dinobox.games.pangaea.draws import FOR_IMPACT_1 as FOR_IMPACT_1
from dinobox.games.pangaea.draws import FOR_IMPACT_2 as FOR_IMPACT_2
from dinobox.games.pangaea.draws import FOR_LIGHTNING as FOR_LIGHTNING
from dinobox.games.pangaea.draws import FOR_TURN as FOR_TURN
from dinobox.games.pangaea.draws import DrawCards as DrawCards
from dinobox.games.pangaea.draws import DrawDirection as DrawDirection
from dinobox.games.pangaea.draws import DrawStar as DrawStar
from dinobox.games.pangaea.draws import DrawStartPlayer as DrawStartPlayer
from dinobox.games.pangaea.draws import DrawSymbolToken as DrawSymbolToken
from dinobox.games.pangaea.draws import draw_cards as draw_cards
from dinobox.games.pangaea.stepbase import MAX_SEATS as MAX_SEATS
from dinobox.games.pangaea.stepbase import Auto, Decision, PangaeaStep

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


# ===== decisions ===================================================================================
@final
class ChooseStart(Decision):
    """Starting positions: ``seat`` chooses a free starting star."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.start_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_start(st, self.seat, action)

    def phase(self) -> str:
        return "start"


@final
class Step2(Decision):
    """Players Turn, step 2: a Wild card, an activation, or go on."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.step2_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_step2(st, self.seat, action)

    def phase(self) -> str:
        return "step2"


@final
class Step3(Decision):
    """Players Turn, step 3: re-enter or not."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.reenter_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_reenter(st, self.seat, action)

    def phase(self) -> str:
        return "step3"


@final
class Step4(Decision):
    """Players Turn, step 4: the STAR cards, ``stage`` 0 distance, 1 action, 2 range."""

    def __init__(self, seat: int, stage: int) -> None:
        self.seat = seat
        self.stage = stage

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.step4_choices(st, self.seat, self.stage)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_step4(st, self.seat, self.stage, action)

    def phase(self) -> str:
        return "step4"


@final
class Interrupt(Decision):
    """Players Turn, step 5: ``seat`` may interrupt ``turn_seat`` with a Wild card."""

    def __init__(self, seat: int, turn_seat: int) -> None:
        self.seat = seat
        self.turn_seat = turn_seat

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.interrupt_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_interrupt(st, self.seat, self.turn_seat, action)

    def phase(self) -> str:
        return "interrupt"

    def interrupts(self) -> bool:
        return True


@final
class ChooseDirection(Decision):
    """Moving the Event locator: ``seat`` chooses the direction."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.direction_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_direction(st, self.seat, action)

    def phase(self) -> str:
        return "direction"


@final
class ChooseCrack(Decision):
    """Earthquake: a crack between two land spaces in the range."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.crack_choices(st)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_crack(st, self.seat, action)

    def phase(self) -> str:
        return "earthquake"


@final
class PlaceDino(Decision):
    """Dinosaurs: a free dino onto a suitable space of the range."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.dino_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_dino(st, action)

    def phase(self) -> str:
        return "dinosaur"


@final
class Step6(Decision):
    """Players Turn, step 6: move, build or move a dino."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.step6_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_step6(st, self.seat, action)

    def phase(self) -> str:
        return "step6"


@final
class ExtraMove(Decision):
    """Evolution Cards (Extra move): use it or not."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.extra_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_extra(st, self.seat, action)

    def phase(self) -> str:
        return "extra_move"


@final
class Step7(Decision):
    """Players Turn, step 7: buy Evolution cards or stones, or stop."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.step7_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_step7(st, self.seat, action)

    def phase(self) -> str:
        return "step7"


@final
class Block(Decision):
    """Evolution Cards (Block): a space about to change, or none."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.block_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_block(st, self.seat, action)

    def phase(self) -> str:
        return "block"


@final
class ShelterMove(Decision):
    """Evolution Cards (Shelter move): ``when`` is ``THREATENED``, ``AT_THE_END`` or ``BRONTOSAURUS``."""

    def __init__(self, seat: int, when: int) -> None:
        self.seat = seat
        self.when = when

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.shelter_choices(st, self.seat, self.when)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_shelter(st, self.seat, action)

    def phase(self) -> str:
        return "shelter_move"


@final
class GiveBack(Decision):
    """Players Turn, step 5 Note: ``seat`` gives back a card over the hand limit."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.give_back_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_give_back(st, self.seat, action)

    def phase(self) -> str:
        return "give_back"


@final
class TakeTile(Decision):
    """Rules of Change: the supply is out; the tile of the plan's change ``op`` comes from the board."""

    def __init__(self, seat: int, op: int) -> None:
        self.seat = seat
        self.op = op

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.take_tile_choices(st, self.op)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_take_tile(st, self.op, action)

    def phase(self) -> str:
        return "take_tile"


@final
class ReuseCrack(Decision):
    """Earthquake: no stick in stock; which crack on the board moves to ``edge``."""

    def __init__(self, seat: int, edge: int) -> None:
        self.seat = seat
        self.edge = edge

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.reuse_choices(st)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_reuse(st, self.edge, action)

    def phase(self) -> str:
        return "reuse_crack"


@final
class Guard(Decision):
    """Evolution Cards (protection): use the card against the pending dino or not."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.guard_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_guard(st, self.seat, action)

    def phase(self) -> str:
        return "protection"


@final
class LightningReenter(Decision):
    """Asteroid board, Lightning Bolt Tile: re-enter or not."""

    def choices(self, st: PangaeaState) -> list[int]:
        return steps.reenter_choices(st, self.seat)

    def decide(self, st: PangaeaState, action: int) -> None:
        steps.decide_reenter(st, self.seat, action)

    def phase(self) -> str:
        return "lightning_reenter"


# ===== automatic steps =============================================================================
class SeatAuto(Auto):
    """An automatic step of ``seat``'s turn."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class StartTurn(SeatAuto):
    """Players Turn: ``seat``'s turn begins (its steps pushed in order), and step 1: the
    asteroid token leaves the lightning space."""

    def act(self, st: PangaeaState) -> None:
        resolve.start_turn(st, self.seat)
        resolve.step1(st)


@final
class AfterStep4(SeatAuto):
    """Players Turn, step 5: interrupts, the direction, then the cards played."""

    def act(self, st: PangaeaState) -> None:
        resolve.after_step4(st, self.seat)


@final
class Direction(SeatAuto):
    """Moving the Event locator: a Direction card after an interrupt, else the player chooses."""

    def act(self, st: PangaeaState) -> None:
        st.steps.append(DRAW_DIRECTION_FOR_TURN if st.interrupted else CHOOSE_DIRECTION[self.seat])


@final
class Step5(SeatAuto):
    """Players Turn, step 5: the chosen cards are played and the action resolved."""

    def act(self, st: PangaeaState) -> None:
        resolve.play_cards(st, self.seat)


@final
class QuakeEruption(SeatAuto):
    """Earthquake: the cracks chosen make the volcanoes beside them erupt."""

    def act(self, st: PangaeaState) -> None:
        resolve.quake_erupt(st)


@final
class AskShelterMoves(SeatAuto):
    """Evolution Cards (Shelter move): players with threatened Shelters may move them."""

    def act(self, st: PangaeaState) -> None:
        resolve.ask_shelter_moves(st)


@final
class ApplyChanges(SeatAuto):
    """Rules of Change: the pending tile changes, from change ``start`` - 1 on (0: from the eruptions)."""

    def __init__(self, seat: int, start: int) -> None:
        self.seat = seat
        self.start = start

    def act(self, st: PangaeaState) -> None:
        resolve.apply_changes(st, self.seat, self.start)


@final
class Step8(SeatAuto):
    """Players Turn, step 8: the cards played go to the discard pile; step 9: draw up to the
    hand limit (one automatic step: nothing happens between them)."""

    def act(self, st: PangaeaState) -> None:
        resolve.step8(st)
        need = st.hand_limit(self.seat) - len(st.hands[self.seat])
        if need > 0:
            st.steps.append(draw_cards(self.seat, need))


@final
class Step10(SeatAuto):
    """Players Turn, step 10: the next turn, or the Lightning Bolt steps first."""

    def act(self, st: PangaeaState) -> None:
        resolve.step10(st, self.seat)


@final
class LightningScore(SeatAuto):
    """Lightning Bolt Tile: a point per Shelter."""

    def act(self, st: PangaeaState) -> None:
        lightning.score(st)


@final
class LightningRecalc(SeatAuto):
    """Lightning Bolt Tile: the asteroid recalculation."""

    def act(self, st: PangaeaState) -> None:
        lightning.recalculate(st)


@final
class LightningAction(SeatAuto):
    """Lightning Bolt Tile: the action of the STAR card drawn."""

    def act(self, st: PangaeaState) -> None:
        lightning.action(st)


@final
class LightningReentries(SeatAuto):
    """Lightning Bolt Tile: each waiting player may re-enter."""

    def act(self, st: PangaeaState) -> None:
        lightning.reentries(st, self.seat)


@final
class NewRound(SeatAuto):
    """Lightning Bolt Tile: a new round begins."""

    def act(self, st: PangaeaState) -> None:
        lightning.new_round(st)


@final
class NextTurn(SeatAuto):
    """Players Turn: the next player's turn."""

    def act(self, st: PangaeaState) -> None:
        st.steps.append(START_TURN[(self.seat + 1) % st.num_players])

    def closes_round(self, st: PangaeaState) -> bool:
        return (self.seat + 1) % st.num_players == st.first


@final
class GiveBacks(SeatAuto):
    """Players Turn, step 5 Note: players over the hand limit give back cards."""

    def act(self, st: PangaeaState) -> None:
        resolve.give_backs(st)


@final
class ActionDone(SeatAuto):
    """Actions: the action is over; its range is no longer shown (view ``range``)."""

    def act(self, st: PangaeaState) -> None:
        st.act_spaces = ()


@final
class Debris(SeatAuto):
    """The End Game: ``seat``'s debris falls."""

    def act(self, st: PangaeaState) -> None:
        end_game.debris(st, self.seat)


@final
class ImpactPoint(Auto):
    """The End Game: the impact point."""

    def act(self, st: PangaeaState) -> None:
        end_game.impact_point(st)


@final
class EndShelterMoves(Auto):
    """The End Game: Shelter moves once the impact point is known."""

    def act(self, st: PangaeaState) -> None:
        end_game.shelter_moves(st)


@final
class Impact(Auto):
    """The End Game: the Impact, the toxic ring and the debris."""

    def act(self, st: PangaeaState) -> None:
        end_game.impact(st)


@final
class Finish(Auto):
    """The End Game: surviving Shelters score; the winner."""

    def act(self, st: PangaeaState) -> None:
        end_game.finish(st)


@final
class StartingPositions(Auto):
    """Kick-off the game: starting positions from the start player on, then the first turn."""

    def act(self, st: PangaeaState) -> None:
        resolve.starting_positions(st)


@final
class DinoArrives(Auto):
    """Dinosaurs: the pending ``dino`` lands on ``space``."""

    def __init__(self, dino: int, space: int) -> None:
        self.dino = dino
        self.space = space

    def act(self, st: PangaeaState) -> None:
        resolve.dino_arrives(st, self.dino, self.space)


@final
class DinoThreat(Auto):
    """Dinosaurs: Shelter-move cards against a Brontosaurus landing on ``space``."""

    def __init__(self, dino: int, space: int) -> None:
        self.dino = dino
        self.space = space

    def act(self, st: PangaeaState) -> None:
        resolve.dino_threat(st, self.space)


@final
class ExplorerArrives(Auto):
    """Players Turn, step 6: ``seat``'s Explorer arrives on a T-Rex's ``space`` (and harvests there)."""

    def __init__(self, seat: int, space: int, harvest: bool) -> None:
        self.seat = seat
        self.space = space
        self.harvest = harvest

    def act(self, st: PangaeaState) -> None:
        resolve.explorer_arrives(st, self.seat, self.space, self.harvest)


# Steps are values (``dinobox.engine.flow``): the steps of every turn are made once, per seat, and
# shared by every state (a turn pushes a dozen; a playout plays a hundred turns).
START_TURN: Final = tuple(StartTurn(seat) for seat in range(MAX_SEATS))
NEXT_TURN: Final = tuple(NextTurn(seat) for seat in range(MAX_SEATS))
STEP4_ACTION: Final = tuple(Step4(seat, 1) for seat in range(MAX_SEATS))
STEP4_RANGE: Final = tuple(Step4(seat, 2) for seat in range(MAX_SEATS))
STEP5: Final = tuple(Step5(seat) for seat in range(MAX_SEATS))
DIRECTION: Final = tuple(Direction(seat) for seat in range(MAX_SEATS))
CHOOSE_DIRECTION: Final = tuple(ChooseDirection(seat) for seat in range(MAX_SEATS))
ACTION_DONE: Final = tuple(ActionDone(seat) for seat in range(MAX_SEATS))
ASK_SHELTER_MOVES: Final = tuple(AskShelterMoves(seat) for seat in range(MAX_SEATS))
APPLY_ALL_CHANGES: Final = tuple(ApplyChanges(seat, 0) for seat in range(MAX_SEATS))
# per seat asked, per seat whose turn it is
INTERRUPT: Final = tuple(tuple(Interrupt(seat, turn) for turn in range(MAX_SEATS)) for seat in range(MAX_SEATS))
IMPACT_POINT: Final = ImpactPoint()
END_SHELTER_MOVES: Final = EndShelterMoves()
IMPACT: Final = Impact()
FINISH: Final = Finish()
STARTING_POSITIONS: Final = StartingPositions()

# when of a ShelterMove
THREATENED: Final = 0  # Shelters threatened by tile changes or lava
AT_THE_END: Final = 1  # the end game: any Shelter may move
BRONTOSAURUS: Final = 2  # a Brontosaurus is about to land on the Shelter

# context of a resolution: a player's own step (alliances apply) or the lightning/end game
CTX_TURN: Final = 0
CTX_LIGHTNING: Final = 1

# Where points come from (and go): the score breakdown (view: ``breakdown``).
SCORE_PARTS: Final[tuple[str, ...]] = (
    "harvest",
    "shelters built",
    "lightning",
    "evolution",
    "stone",
    "surviving shelters",
)
PART_HARVEST, PART_BUILD, PART_LIGHTNING, PART_EVOLUTION, PART_STONE, PART_SURVIVING = range(len(SCORE_PARTS))


def _turn_order(seat: int) -> tuple[PangaeaStep, ...]:
    order: tuple[PangaeaStep, ...] = (
        Step2(seat),
        Step3(seat),
        Step4(seat, 0),
        AfterStep4(seat),
        GiveBacks(seat),
        Step6(seat),
        Step7(seat),
        GiveBacks(seat),
        Step8(seat),
        Step10(seat),
    )
    return order[::-1]


TURN_STEPS: Final = tuple(_turn_order(seat) for seat in range(MAX_SEATS))
"""Players Turn: the steps of each seat's turn after step 1 (``StartTurn`` does that), the last
first (the order they are pushed); steps are values, so one tuple per seat serves every turn of
every state."""


def first_steps(players: int, ring: int, hand_size: int, draw_start: bool) -> list[PangaeaStep]:
    """Before you play: the symbol tokens of the asteroid board, the STAR cards of each player's
    hand, the start player (drawn when ``draw_start``), then Kick-off the game; the last first."""
    out: list[PangaeaStep] = [STARTING_POSITIONS]
    if draw_start:
        out.append(DRAW_START_PLAYER)
    out.extend(draw_cards(s, hand_size) for s in reversed(range(players)))
    out.extend(DrawSymbolToken(slot) for slot in reversed(range(1, ring)))
    return out
