"""Task kinds of Pangaea's flow: the state keeps a stack of ``(kind, a, b)`` tasks; the top one
says what happens next (a chance draw, a decision, or an automatic step)."""

from __future__ import annotations

# ----- chance ---------------------------------------------------------------------------------
C_TOKEN = 0  # (C_TOKEN, 0, slot): a symbol token for a question mark (slot 0 = the centre)
C_DRAW = 1  # (C_DRAW, seat, count): STAR cards drawn onto a player board
C_DIR = 2  # (C_DIR, 0, purpose): a Direction card
C_STAR = 3  # (C_STAR, 0, purpose): a STAR card drawn for the lightning, the impact or debris
C_FIRST = 4  # (C_FIRST, 0, 0): the start player, drawn at random (Kick-off the game)

# ----- decisions (a = the deciding seat) ---------------------------------------------------------
D_START = 10
D_STEP2 = 11
D_STEP3 = 12
D_STEP4 = 13  # b = stage: 0 distance, 1 action, 2 range
D_INTERRUPT = 14  # (D_INTERRUPT, asker, turn seat)
D_DIR = 15
D_CRACK = 16
D_DINO = 17
D_STEP6 = 18
D_EXTRA = 19
D_STEP7 = 20
D_BLOCK = 21
D_SHELTER = 22  # b = 1 at the end game (any Shelter may move), 0 when Shelters are threatened
D_TRIM = 23
D_TAKE_TILE = 24  # (D_TAKE_TILE, decider, op index): which board tile to take (Rules of Change)
D_REUSE = 25  # (D_REUSE, decider, edge): which crack stick on the board to move (Earthquake)
D_GUARD = 26  # (D_GUARD, holder, 0): use the protection card against the pending dino
D_LREENTER = 27  # (D_LREENTER, seat, 0): re-enter at the Lightning Bolt steps or not

# ----- automatic ---------------------------------------------------------------------------------
A_TURN = 30
A_STEP1 = 31
A_AFTER4 = 32
A_DIRECTION = 33
A_RESOLVE = 34
A_QUAKE_ERUPT = 35
A_ASK_MOVES = 36
A_APPLY = 37
A_STEP8 = 38
A_STEP9 = 39
A_STEP10 = 40
A_L_SCORE = 41
A_L_RECALC = 42
A_L_ACTION = 43
A_L_REENTER = 44
A_NEXT_TURN = 45
A_TRIMS = 46
A_E_PLACE = 47
A_E_MOVES = 48
A_E_IMPACT = 49
A_E_DEBRIS = 50
A_E_FINISH = 51
A_DINO_ARRIVE = 52  # (A_DINO_ARRIVE, dino, space): the pending dino lands
A_DINO_THREAT = 53  # (A_DINO_THREAT, dino, space): Shelter-move cards against a Brontosaurus
A_EXPLORER_ARRIVE = 54  # (A_EXPLORER_ARRIVE, seat, space * 2 + harvest): onto a T-Rex's space
A_L_ROUND = 55  # a new round begins (after the lightning re-entry)
A_SEATS = 56  # the start player is known: starting positions from them on, then their first turn
A_ACTION_DONE = 57  # the action of step 5 (or of the lightning) is over: its range is no longer shown

CHANCE_KINDS = frozenset({C_TOKEN, C_DRAW, C_DIR, C_STAR, C_FIRST})
DECISION_KINDS = frozenset(range(10, 30))

# purposes of C_DIR / C_STAR
FOR_TURN, FOR_LIGHTNING, FOR_IMPACT_1, FOR_IMPACT_2, FOR_DEBRIS = range(5)

# context of a resolution: a player's own step (alliances apply) or the lightning/end game
CTX_TURN, CTX_LIGHTNING = 0, 1

# Where points come from (and go): the score breakdown (view: ``breakdown``).
SCORE_PARTS = ("harvest", "shelters built", "lightning", "evolution", "stone", "surviving shelters")
PART_HARVEST, PART_BUILD, PART_LIGHTNING, PART_EVOLUTION, PART_STONE, PART_SURVIVING = range(len(SCORE_PARTS))
