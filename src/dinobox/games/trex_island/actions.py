"""Escape from T-Rex Island's fixed action space: every player decision is one int.

Layout (``t`` a card type 0..17 = kind * 3 + colour, ``k`` the acting player's team slot 0..2,
``s`` a board space 0..63, ``h`` a herbivore 0..2, ``j`` the cards played for a picture):

    MOVE + (t * 3 + k) * 64 + s   play card t to move team k to space s
    PICTURE + h * 9 + j           take a picture of herbivore h; j < 3: one card of colour j,
                                  j >= 3: two cards, the colour pair PAIRS[j - 3]
    DRAW                          draw a card
    PASS                          no card can be played or drawn: the action is lost
    PILE + p                      put the card just played on discard pile p (0 or 1)
    TOKEN_TAKE / TOKEN_LEAVE      draw (or not) a game token at the rest point just reached
    REACT + r                     answer an attack on one of your teams (REACTIONS below)
    TREX_WAY + s                  the T-Rex has a tie: it walks to space s
    CHARACTER + c                 choose character c (Hunter, Journalist, Boy Scout, Explorer)
    SHOOT + w                     in one's own turn, fire a Shotgun at the T-Rex to drive it off the
                                  map (w: SHOOT_TOKEN a Shotgun token, SHOOT_FREE the Hunter's free
                                  one); a free action, not one of the turn's two
    SHED + t                      Drawing card: the second action of a hand above its size that
                                  can play no card gives up card t (then PILE chooses its pile)

Chance outcomes are separate ints: a card type (draws), a token kind (token draws), a seat (the
first player) or a character (random characters), by context.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Final

from dinobox.games.trex_island.data import MAX_SPACES, NUM_CARD_TYPES, NUM_COLOURS

SLOTS: Final = 3
MOVE: Final = 0
PICTURE: Final = MOVE + NUM_CARD_TYPES * SLOTS * MAX_SPACES  # 3456
PAIRS: Final[tuple[tuple[int, int], ...]] = tuple(combinations_with_replacement(range(NUM_COLOURS), 2))
PICTURE_WAYS: Final = NUM_COLOURS + len(PAIRS)  # 9
DRAW: Final = PICTURE + 3 * PICTURE_WAYS  # 3483
PASS: Final = DRAW + 1
PILE: Final = PASS + 1  # 3485, 3486
TOKEN_TAKE: Final = PILE + 2
TOKEN_LEAVE: Final = TOKEN_TAKE + 1
REACT: Final = TOKEN_LEAVE + 1
# Reactions to an attack (Game Tokens: SMG, Shotgun; Character Cards: Hunter, Explorer).
TAKE_IT: Final = 0
USE_SMG: Final = 1
USE_SHOTGUN: Final = 2
USE_FREE_SHOTGUN: Final = 3
EVADE: Final = 4
REACTIONS: Final = (
    "take the loss",
    "use an SMG token",
    "use a Shotgun token",
    "use the Hunter's free Shotgun",
    "evade (Explorer)",
)
TREX_WAY: Final = REACT + len(REACTIONS)
CHARACTER: Final = TREX_WAY + MAX_SPACES
SHOOT: Final = CHARACTER + 4
# Shotgun token: the weapon fired at the T-Rex outside an attack.
SHOOT_TOKEN: Final = 0
SHOOT_FREE: Final = 1
SHOTS: Final = ("fire a Shotgun token at the T-Rex", "fire the Hunter's free Shotgun at the T-Rex")
# Drawing card: a hand above its size with no card to play sheds one (rules.md, Assumptions).
SHED: Final = SHOOT + len(SHOTS)
NUM_ACTIONS: Final = SHED + NUM_CARD_TYPES


def move(card: int, slot: int, space: int) -> int:
    return MOVE + (card * SLOTS + slot) * MAX_SPACES + space


def split_move(action: int) -> tuple[int, int, int]:
    """``(card, slot, space)`` of a MOVE action."""
    offset = action - MOVE
    card_slot = offset // MAX_SPACES
    return card_slot // SLOTS, card_slot % SLOTS, offset % MAX_SPACES


def picture(herbivore: int, colours: tuple[int, ...]) -> int:
    """The picture action playing cards of these colours (one, or a pair)."""
    if len(colours) == 1:
        return PICTURE + herbivore * PICTURE_WAYS + colours[0]
    return PICTURE + herbivore * PICTURE_WAYS + NUM_COLOURS + PAIRS.index(tuple(sorted(colours)))


def split_picture(action: int) -> tuple[int, tuple[int, ...]]:
    """``(herbivore, colours of the cards played)`` of a PICTURE action."""
    herbivore, j = divmod(action - PICTURE, PICTURE_WAYS)
    return herbivore, ((j,) if j < NUM_COLOURS else PAIRS[j - NUM_COLOURS])
