"""Dino Race's fixed action space: every player decision is one int.

Layout (``k`` is the acting player's own dino slot 0/1, ``d`` a dino id 0..7, ``p`` a seat
0..7, ``t`` a card type 0..7, ``pair`` an unordered pair of card types 0..35):

    MOVE_MATCH + k          move dino k with the card matching its next tile
    MOVE_WILD + k           move dino k with a wildcard
    MOVE_TRIPLE + 8k + t    move dino k by discarding three cards of type t
    PUSH + d                Push back dino d
    TRIP + d                Throw the egg to trip dino d (not the egg owner)
    GIVE_EGG + p            Throw the egg to give it to seat p (the egg owner)
    STEAL + p               Steal a random card from seat p
    SWAP + pair             discard two cards to draw one
    STAND_UP + 36k + pair   discard two cards to stand dino k up
    PASS + t                Playing in Teams: pass one card of type t to the team-mate
    ROLL                    end the play phase and roll the event die
    PRIZE + c               choose prize counter c from the stack
    ERUPT_EGG + p           after an eruption, pass the egg to seat p

Chance outcomes are separate ints: a card type (draws, random discards, steals), a terrain
(track tiles), a die face, a prize counter or an egg counter, by context.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Final

from dinobox.games.dino_race.data import MAX_SEATS, NUM_CARD_TYPES

MOVE_MATCH: Final = 0
MOVE_WILD: Final = 2
MOVE_TRIPLE: Final = 4
PUSH: Final = MOVE_TRIPLE + 2 * NUM_CARD_TYPES  # 20
TRIP: Final = PUSH + MAX_SEATS  # 28
GIVE_EGG: Final = TRIP + MAX_SEATS  # 36
STEAL: Final = GIVE_EGG + MAX_SEATS  # 44
SWAP: Final = STEAL + MAX_SEATS  # 52
PAIRS: Final[tuple[tuple[int, int], ...]] = tuple(combinations_with_replacement(range(NUM_CARD_TYPES), 2))
NUM_PAIRS: Final = len(PAIRS)  # 36
PAIR_INDEX: Final = {pair: i for i, pair in enumerate(PAIRS)}
STAND_UP: Final = SWAP + NUM_PAIRS  # 88
PASS: Final = STAND_UP + 2 * NUM_PAIRS  # 160
ROLL: Final = PASS + NUM_CARD_TYPES  # 168
PRIZE: Final = ROLL + 1  # 169


def erupt_egg_base(num_prizes: int) -> int:
    return PRIZE + num_prizes


def num_actions(num_prizes: int) -> int:
    return erupt_egg_base(num_prizes) + MAX_SEATS
