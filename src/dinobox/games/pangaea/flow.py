"""The steps of Pangaea's flow (see ``dinobox.engine.flow``), and the constants they use.

Each class is one kind of pending step; its fields are its arguments. ``Chance`` steps draw,
``Decision`` steps wait for ``seat`` (dropped when there is nothing to choose), ``Auto`` steps
run by themselves (``automatic.py`` names the function of each); ``rules.py`` decides which is
which (``_due``).
"""

from __future__ import annotations

from typing import Final, final

from dinobox.engine.flow import Step


class Chance(Step):
    """A chance draw."""


class Decision(Step):
    """A decision of ``seat``."""

    seat: int


class Auto(Step):
    """An automatic step."""


@final
class DrawSymbolToken(Chance):
    """Asteroid board: a symbol token for a question mark (``slot`` 0 = the centre)."""

    def __init__(self, slot: int) -> None:
        self.slot = slot


@final
class DrawCards(Chance):
    """STAR cards: ``count`` more cards drawn onto ``seat``'s player board."""

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count


@final
class DrawDirection(Chance):
    """A Direction card, for the turn, the lightning or debris (``purpose``, ``FOR_*``)."""

    def __init__(self, purpose: int) -> None:
        self.purpose = purpose


@final
class DrawStar(Chance):
    """A STAR card drawn for the lightning, the impact or debris (``purpose``, ``FOR_*``)."""

    def __init__(self, purpose: int) -> None:
        self.purpose = purpose


@final
class DrawStartPlayer(Chance):
    """Kick-off the game: the start player, drawn at random."""


@final
class ChooseStart(Decision):
    """Starting positions: ``seat`` chooses a free starting star."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Step2(Decision):
    """Players Turn, step 2: a Wild card, an activation, or go on."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Step3(Decision):
    """Players Turn, step 3: re-enter or not."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Step4(Decision):
    """Players Turn, step 4: the STAR cards, ``stage`` 0 distance, 1 action, 2 range."""

    def __init__(self, seat: int, stage: int) -> None:
        self.seat = seat
        self.stage = stage


@final
class Interrupt(Decision):
    """Players Turn, step 5: ``seat`` may interrupt ``turn_seat`` with a Wild card."""

    def __init__(self, seat: int, turn_seat: int) -> None:
        self.seat = seat
        self.turn_seat = turn_seat


@final
class ChooseDirection(Decision):
    """Moving the Event locator: ``seat`` chooses the direction."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class ChooseCrack(Decision):
    """Earthquake: a crack between two land spaces in the range."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class PlaceDino(Decision):
    """Dinosaurs: a free dino onto a suitable space of the range."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Step6(Decision):
    """Players Turn, step 6: move, build or move a dino."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class ExtraMove(Decision):
    """Evolution Cards (Extra move): use it or not."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Step7(Decision):
    """Players Turn, step 7: buy Evolution cards or stones, or stop."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Block(Decision):
    """Evolution Cards (Block): a space about to change, or none."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class ShelterMove(Decision):
    """Evolution Cards (Shelter move): ``when`` is ``THREATENED``, ``AT_THE_END`` or ``BRONTOSAURUS``."""

    def __init__(self, seat: int, when: int) -> None:
        self.seat = seat
        self.when = when


@final
class GiveBack(Decision):
    """Players Turn, step 5 Note: ``seat`` gives back a card over the hand limit."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class TakeTile(Decision):
    """Rules of Change: the supply is out; the tile of the plan's change ``op`` comes from the board."""

    def __init__(self, seat: int, op: int) -> None:
        self.seat = seat
        self.op = op


@final
class ReuseCrack(Decision):
    """Earthquake: no stick in stock; which crack on the board moves to ``edge``."""

    def __init__(self, seat: int, edge: int) -> None:
        self.seat = seat
        self.edge = edge


@final
class Guard(Decision):
    """Evolution Cards (protection): use the card against the pending dino or not."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class LightningReenter(Decision):
    """Asteroid board, Lightning Bolt Tile: re-enter or not."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class StartTurn(Auto):
    """Players Turn: ``seat``'s turn begins (its steps pushed in order)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Step1(Auto):
    """Players Turn, step 1: the asteroid token leaves the lightning space."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class AfterStep4(Auto):
    """Players Turn, step 5: interrupts, the direction, then the cards played."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Direction(Auto):
    """Moving the Event locator: a Direction card after an interrupt, else the player chooses."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Step5(Auto):
    """Players Turn, step 5: the chosen cards are played and the action resolved."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class QuakeEruption(Auto):
    """Earthquake: the cracks chosen make the volcanoes beside them erupt."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class AskShelterMoves(Auto):
    """Evolution Cards (Shelter move): players with threatened Shelters may move them."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class ApplyChanges(Auto):
    """Rules of Change: the pending tile changes, from change ``start`` - 1 on (0: from the eruptions)."""

    def __init__(self, seat: int, start: int) -> None:
        self.seat = seat
        self.start = start


@final
class Step8(Auto):
    """Players Turn, step 8: the cards played go to the discard pile."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Step9(Auto):
    """Players Turn, step 9: draw up to the hand limit."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Step10(Auto):
    """Players Turn, step 10: the next turn, or the Lightning Bolt steps first."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class LightningScore(Auto):
    """Lightning Bolt Tile: a point per Shelter."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class LightningRecalc(Auto):
    """Lightning Bolt Tile: the asteroid recalculation."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class LightningAction(Auto):
    """Lightning Bolt Tile: the action of the STAR card drawn."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class LightningReentries(Auto):
    """Lightning Bolt Tile: each waiting player may re-enter."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class NewRound(Auto):
    """Lightning Bolt Tile: a new round begins."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class NextTurn(Auto):
    """Players Turn: the next player's turn."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class GiveBacks(Auto):
    """Players Turn, step 5 Note: players over the hand limit give back cards."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class ImpactPoint(Auto):
    """The End Game: the impact point."""


@final
class EndShelterMoves(Auto):
    """The End Game: Shelter moves once the impact point is known."""


@final
class Impact(Auto):
    """The End Game: the Impact, the toxic ring and the debris."""


@final
class Debris(Auto):
    """The End Game: ``seat``'s debris falls."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Finish(Auto):
    """The End Game: surviving Shelters score; the winner."""


@final
class DinoArrives(Auto):
    """Dinosaurs: the pending ``dino`` lands on ``space``."""

    def __init__(self, dino: int, space: int) -> None:
        self.dino = dino
        self.space = space


@final
class DinoThreat(Auto):
    """Dinosaurs: Shelter-move cards against a Brontosaurus landing on ``space``."""

    def __init__(self, dino: int, space: int) -> None:
        self.dino = dino
        self.space = space


@final
class ExplorerArrives(Auto):
    """Players Turn, step 6: ``seat``'s Explorer arrives on a T-Rex's ``space`` (and harvests there)."""

    def __init__(self, seat: int, space: int, harvest: bool) -> None:
        self.seat = seat
        self.space = space
        self.harvest = harvest


@final
class StartingPositions(Auto):
    """Kick-off the game: starting positions from the start player on, then the first turn."""


@final
class ActionDone(Auto):
    """Actions: the action is over; its range is no longer shown."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


# Steps are values (``dinobox.engine.flow``): the steps of every turn are made once, per seat, and
# shared by every state (a turn pushes a dozen; a playout plays a hundred turns).
MAX_SEATS: Final = 4  # ``PangaeaGame.max_players``
MAX_DRAW: Final = 10  # the most cards one draw step deals (a hand limit is at most 9)
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
# per seat, per number of cards
DRAW_CARDS: Final = tuple(tuple(DrawCards(seat, count) for count in range(MAX_DRAW + 1)) for seat in range(MAX_SEATS))


def draw_cards(seat: int, count: int) -> DrawCards:
    """The step drawing ``count`` cards for ``seat`` (shared, like the steps of a turn)."""
    return DRAW_CARDS[seat][count] if count <= MAX_DRAW else DrawCards(seat, count)


DRAW_START_PLAYER: Final = DrawStartPlayer()
IMPACT_POINT: Final = ImpactPoint()
END_SHELTER_MOVES: Final = EndShelterMoves()
IMPACT: Final = Impact()
FINISH: Final = Finish()
STARTING_POSITIONS: Final = StartingPositions()

# when of a ShelterMove
THREATENED: Final = 0  # Shelters threatened by tile changes or lava
AT_THE_END: Final = 1  # the end game: any Shelter may move
BRONTOSAURUS: Final = 2  # a Brontosaurus is about to land on the Shelter

# purposes of a DrawDirection / DrawStar
FOR_TURN: Final = 0
FOR_LIGHTNING: Final = 1
FOR_IMPACT_1: Final = 2
FOR_IMPACT_2: Final = 3
FOR_DEBRIS: Final = 4
DRAW_DIRECTION_FOR_TURN: Final = DrawDirection(FOR_TURN)

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
