"""Task kinds of Pangaea's flow: the state keeps a stack of ``(kind, a, b)`` tasks; the top one
says what happens next (a chance draw, a decision, or an automatic step)."""

from __future__ import annotations

from typing import Final

# ----- chance ---------------------------------------------------------------------------------
C_TOKEN: Final = 0  # (C_TOKEN, 0, slot): a symbol token for a question mark (slot 0 = the centre)
C_DRAW: Final = 1  # (C_DRAW, seat, count): STAR cards drawn onto a player board
C_DIR: Final = 2  # (C_DIR, 0, purpose): a Direction card
C_STAR: Final = 3  # (C_STAR, 0, purpose): a STAR card drawn for the lightning, the impact or debris
C_FIRST: Final = 4  # (C_FIRST, 0, 0): the start player, drawn at random (Kick-off the game)

# ----- decisions (a = the deciding seat) ---------------------------------------------------------
D_START: Final = 10
D_STEP2: Final = 11
D_STEP3: Final = 12
D_STEP4: Final = 13  # b = stage: 0 distance, 1 action, 2 range
D_INTERRUPT: Final = 14  # (D_INTERRUPT, asker, turn seat)
D_DIR: Final = 15
D_CRACK: Final = 16
D_DINO: Final = 17
D_STEP6: Final = 18
D_EXTRA: Final = 19
D_STEP7: Final = 20
D_BLOCK: Final = 21
D_SHELTER: Final = 22  # b = 1 at the end game (any Shelter may move), 0 when Shelters are threatened
D_TRIM: Final = 23
D_TAKE_TILE: Final = 24  # (D_TAKE_TILE, decider, op index): which board tile to take (Rules of Change)
D_REUSE: Final = 25  # (D_REUSE, decider, edge): which crack stick on the board to move (Earthquake)
D_GUARD: Final = 26  # (D_GUARD, holder, 0): use the protection card against the pending dino
D_LREENTER: Final = 27  # (D_LREENTER, seat, 0): re-enter at the Lightning Bolt steps or not

# ----- automatic ---------------------------------------------------------------------------------
A_TURN: Final = 30
A_STEP1: Final = 31
A_AFTER4: Final = 32
A_DIRECTION: Final = 33
A_RESOLVE: Final = 34
A_QUAKE_ERUPT: Final = 35
A_ASK_MOVES: Final = 36
A_APPLY: Final = 37
A_STEP8: Final = 38
A_STEP9: Final = 39
A_STEP10: Final = 40
A_L_SCORE: Final = 41
A_L_RECALC: Final = 42
A_L_ACTION: Final = 43
A_L_REENTER: Final = 44
A_NEXT_TURN: Final = 45
A_TRIMS: Final = 46
A_E_PLACE: Final = 47
A_E_MOVES: Final = 48
A_E_IMPACT: Final = 49
A_E_DEBRIS: Final = 50
A_E_FINISH: Final = 51
A_DINO_ARRIVE: Final = 52  # (A_DINO_ARRIVE, dino, space): the pending dino lands
A_DINO_THREAT: Final = 53  # (A_DINO_THREAT, dino, space): Shelter-move cards against a Brontosaurus
A_EXPLORER_ARRIVE: Final = 54  # (A_EXPLORER_ARRIVE, seat, space * 2 + harvest): onto a T-Rex's space
A_L_ROUND: Final = 55  # a new round begins (after the lightning re-entry)
A_SEATS: Final = 56  # the start player is known: starting positions from them on, then their first turn
A_ACTION_DONE: Final = 57  # the action of step 5 (or of the lightning) is over: its range is no longer shown

CHANCE_KINDS: Final = frozenset({C_TOKEN, C_DRAW, C_DIR, C_STAR, C_FIRST})
DECISION_KINDS: Final = frozenset(range(10, 30))

# purposes of C_DIR / C_STAR
FOR_TURN: Final = 0
FOR_LIGHTNING: Final = 1
FOR_IMPACT_1: Final = 2
FOR_IMPACT_2: Final = 3
FOR_DEBRIS: Final = 4

# context of a resolution: a player's own step (alliances apply) or the lightning/end game
CTX_TURN: Final = 0
CTX_LIGHTNING: Final = 1

# Where points come from (and go): the score breakdown (view: ``breakdown``).
SCORE_PARTS: Final = ("harvest", "shelters built", "lightning", "evolution", "stone", "surviving shelters")
PART_HARVEST, PART_BUILD, PART_LIGHTNING, PART_EVOLUTION, PART_STONE, PART_SURVIVING = range(len(SCORE_PARTS))
