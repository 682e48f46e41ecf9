"""The Great Dinosaur Rush's fixed action space: every player decision is one int.

Layout (``NC`` is the number of board cells, from the board file):

    PICK + k                  choose paleontologist card k (when players pick)
    MOVE + c                  place the paleontologist on start space c, or move it to cell c
    STAY                      no legal move exists: stay put
    PUBLICIZE + 4*cat + s     the Publicize step: s = 0 up, 1 down, 2 two up, 3 two down
    ACT_PUBLICIZE + 2*cat + s the Publicize action: s = 0 up, 1 down
    DONATE + 4*combo + r      donate the bone multiset COMBOS[combo]; r = 0 for points, r = i >= 1
                              to shed a Notoriety token of the i-th denomination
    RESEARCH                  draw a dinosaur bonus card
    SABOTAGE + d              Sabotage the neighbouring space in direction d (0..5)
    DYNAMITE                  Dynamite
    STEAL + 5*d + colour      Steal a bone of that colour from the neighbouring dig site
    SURVEY                    family variant: move a second time
    BUILD_FRESH, BUILD_KEEP   Build phase: start from nothing, or keep last round's dinosaur
    PLACE + slot              Build phase: add one bone to a skeleton slot (an allocation index:
                              0..6 natural bone of a part, 7..13 wild bone serving a part, 14 unique)

Chance outcomes are separate ints: a bone colour (0..4), a Notoriety denomination, a bonus card
or a paleontologist card, by context.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Final

from dinobox.games.dinosaur_rush.data import NUM_COLOURS

MAX_PALEONTOLOGISTS: Final = 20
MAX_DENOMINATIONS: Final = 3
COMBOS: Final[tuple[tuple[int, ...], ...]] = tuple(
    combo for k in (1, 2, 3) for combo in combinations_with_replacement(range(NUM_COLOURS), k)
)
COMBO_INDEX: Final = {combo: i for i, combo in enumerate(COMBOS)}
SLOTS: Final = 15

PICK: Final = 0
MOVE: Final = PICK + MAX_PALEONTOLOGISTS


class ActionLayout:
    """Bases of every action range for a board of ``cells`` cells."""

    def __init__(self, cells: int) -> None:
        self.cells = cells
        self.STAY = MOVE + cells
        self.PUBLICIZE = self.STAY + 1
        self.ACT_PUBLICIZE = self.PUBLICIZE + 20
        self.DONATE = self.ACT_PUBLICIZE + 10
        self.RESEARCH = self.DONATE + 4 * len(COMBOS)
        self.SABOTAGE = self.RESEARCH + 1
        self.DYNAMITE = self.SABOTAGE + 6
        self.STEAL = self.DYNAMITE + 1
        self.SURVEY = self.STEAL + 30
        self.BUILD_FRESH = self.SURVEY + 1
        self.BUILD_KEEP = self.BUILD_FRESH + 1
        self.PLACE = self.BUILD_KEEP + 1
        self.size = self.PLACE + SLOTS
