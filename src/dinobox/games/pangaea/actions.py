"""Pangaea's fixed action space: every player decision is one int.

With ``N`` board spaces, ``K`` numbered STAR card kinds (kind ``K`` is the Wild card) and
``3N`` edge ids (crack places), the blocks are, in order:

    START + s                 choose starting star s (Starting positions)
    WILD_DINO + d             step 2: play a Wild to remove dino d
    WILD_SHELTER + s          step 2: play a Wild to remove your Shelter on s
    ACTIVATE + e              step 2: activate your Evolution card of type e (1 point)
    CONTINUE                  step 2: done
    REENTER, STAY_OFF         step 3
    DIST_CARD + k             step 4: STAR card k for the distance
    DIST_WILD + n             step 4: a Wild for the distance n (0..10)
    SWAP + k                  step 4, Note 2: discard card k, draw one, skip steps 4 and 5
    KEEP                      step 4, Note 2: keep the cards, skip steps 4 and 5
    ACT_CARD + k              step 4: STAR card k for the action
    ACT_WILD + a              step 4: a Wild for action a
    RANGE_CARD + k            step 4 (advanced): STAR card k for the range
    NO_RANGE                  step 4 (advanced): no range card (1 space)
    INTERRUPT, NO_INTERRUPT   step 5: another player may force a Direction card
    DIR + d                   step 5: the direction (0 = up-right, clockwise)
    CRACK + e                 Earthquake: a crack on edge e
    DINO_PLACE + d*N + s      Dinosaur action: dino d onto s
    MOVE + s, HARVEST + s     step 6: move the Explorer (HARVEST: 1 space onto level 1, +1)
    BUILD, BUILD_SPECIAL      step 6: build a Shelter (BUILD_SPECIAL: level 3 card)
    DINO_MOVE + d*N + s       step 6: move dino d to s
    PASS                      step 6: nothing but harmful moves are left
    EXTRA_YES, EXTRA_NO       level 3 Extra move card: repeat step 6
    BUY + 9e + (j+1 or 0)     step 7: buy Evolution card e, discarding one of type j below
    STONE + s                 step 7: buy a stone for the lava on s
    DONE                      step 7: done
    BLOCK + s, NO_BLOCK       level 4 card: keep the tile on s unchanged
    SHELTER_MOVE + a*N + b    level 4 card: move your Shelter from a to b
    NO_SHELTER_MOVE
    TRIM + k                  step 5, Note: a player without Shelters gives back a card k
    TAKE_TILE + s             Rules of Change: a supply ran out; take the tile from space s
    REUSE_CRACK + e           Earthquake: no stick in stock; move the crack on edge e
    GUARD_YES, GUARD_NO       level 2 card: use the protection card against this dino or not

REENTER and STAY_OFF also answer the Lightning Bolt re-entry.
"""

from __future__ import annotations

from dataclasses import dataclass

from dinobox.games.pangaea.data import NUM_EVO, WILD_MAX_DISTANCE


@dataclass(frozen=True)
class Layout:
    n: int  # board spaces
    k: int  # numbered STAR kinds (the Wild is kind k)

    @property
    def START(self) -> int:
        return 0

    @property
    def WILD_DINO(self) -> int:
        return self.n

    @property
    def WILD_SHELTER(self) -> int:
        return self.WILD_DINO + 4

    @property
    def ACTIVATE(self) -> int:
        return self.WILD_SHELTER + self.n

    @property
    def CONTINUE(self) -> int:
        return self.ACTIVATE + NUM_EVO

    @property
    def REENTER(self) -> int:
        return self.CONTINUE + 1

    @property
    def STAY_OFF(self) -> int:
        return self.CONTINUE + 2

    @property
    def DIST_CARD(self) -> int:
        return self.CONTINUE + 3

    @property
    def DIST_WILD(self) -> int:
        return self.DIST_CARD + self.k

    @property
    def SWAP(self) -> int:
        return self.DIST_WILD + 11

    @property
    def KEEP(self) -> int:
        return self.SWAP + self.k

    @property
    def ACT_CARD(self) -> int:
        return self.KEEP + 1

    @property
    def ACT_WILD(self) -> int:
        return self.ACT_CARD + self.k

    @property
    def RANGE_CARD(self) -> int:
        return self.ACT_WILD + 5

    @property
    def NO_RANGE(self) -> int:
        return self.RANGE_CARD + self.k

    @property
    def INTERRUPT(self) -> int:
        return self.NO_RANGE + 1

    @property
    def NO_INTERRUPT(self) -> int:
        return self.NO_RANGE + 2

    @property
    def DIR(self) -> int:
        return self.NO_RANGE + 3

    @property
    def CRACK(self) -> int:
        return self.DIR + 6

    @property
    def DINO_PLACE(self) -> int:
        return self.CRACK + 3 * self.n

    @property
    def MOVE(self) -> int:
        return self.DINO_PLACE + 4 * self.n

    @property
    def HARVEST(self) -> int:
        return self.MOVE + self.n

    @property
    def BUILD(self) -> int:
        return self.HARVEST + self.n

    @property
    def BUILD_SPECIAL(self) -> int:
        return self.BUILD + 1

    @property
    def DINO_MOVE(self) -> int:
        return self.BUILD + 2

    @property
    def PASS(self) -> int:
        return self.DINO_MOVE + 4 * self.n

    @property
    def EXTRA_YES(self) -> int:
        return self.PASS + 1

    @property
    def EXTRA_NO(self) -> int:
        return self.PASS + 2

    @property
    def BUY(self) -> int:
        return self.PASS + 3

    @property
    def STONE(self) -> int:
        return self.BUY + NUM_EVO * 9

    @property
    def DONE(self) -> int:
        return self.STONE + self.n

    @property
    def BLOCK(self) -> int:
        return self.DONE + 1

    @property
    def NO_BLOCK(self) -> int:
        return self.BLOCK + self.n

    @property
    def SHELTER_MOVE(self) -> int:
        return self.NO_BLOCK + 1

    @property
    def NO_SHELTER_MOVE(self) -> int:
        return self.SHELTER_MOVE + self.n * self.n

    @property
    def TRIM(self) -> int:
        return self.NO_SHELTER_MOVE + 1

    @property
    def TAKE_TILE(self) -> int:
        return self.TRIM + self.k + 1

    @property
    def REUSE_CRACK(self) -> int:
        return self.TAKE_TILE + self.n

    @property
    def GUARD_YES(self) -> int:
        return self.REUSE_CRACK + 3 * self.n

    @property
    def GUARD_NO(self) -> int:
        return self.GUARD_YES + 1

    @property
    def SIZE(self) -> int:
        return self.GUARD_NO + 1


class Fixed:
    """The layout's offsets as plain ints (fast attribute reads in the hot path)."""

    def __init__(self, layout: Layout) -> None:
        for name in dir(Layout):
            if name.isupper():
                setattr(self, name, getattr(layout, name))
        self.n = layout.n
        self.k = layout.k
        # step 4's choices with a Wild card, made once: a list of choices takes them whole
        self.dist_wilds: tuple[int, ...] = tuple(range(self.DIST_WILD, self.DIST_WILD + WILD_MAX_DISTANCE + 1))
        self.act_wilds: tuple[int, ...] = tuple(range(self.ACT_WILD, self.ACT_WILD + 5))

    START: int
    WILD_DINO: int
    WILD_SHELTER: int
    ACTIVATE: int
    CONTINUE: int
    REENTER: int
    STAY_OFF: int
    DIST_CARD: int
    DIST_WILD: int
    SWAP: int
    KEEP: int
    ACT_CARD: int
    ACT_WILD: int
    RANGE_CARD: int
    NO_RANGE: int
    INTERRUPT: int
    NO_INTERRUPT: int
    DIR: int
    CRACK: int
    DINO_PLACE: int
    MOVE: int
    HARVEST: int
    BUILD: int
    BUILD_SPECIAL: int
    DINO_MOVE: int
    PASS: int
    EXTRA_YES: int
    EXTRA_NO: int
    BUY: int
    STONE: int
    DONE: int
    BLOCK: int
    NO_BLOCK: int
    SHELTER_MOVE: int
    NO_SHELTER_MOVE: int
    TRIM: int
    TAKE_TILE: int
    REUSE_CRACK: int
    GUARD_YES: int
    GUARD_NO: int
    SIZE: int
