"""The Great Dinosaur Rush observation: the seat's view as a fixed-length vector (docs/rl.md).

Seats are *relative*: slot 0 is always the observing seat, slot 1 the next seat in turn order,
and so on, so one policy can play any seat. Counts are divided by their largest possible value
from the game's component data or by a documented scale (then clipped), so every entry lies in
[0, 1] except the scores (in [-1, 1]). Only ``view(seat)`` is read: other players' bonus cards,
Notoriety values and the dinosaur behind a screen appear only when the view shows them.

The vector is written into a fresh zeroed NumPy array: the encoder collects the indices and
values of the non-zero entries and stores them with one fancy assignment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from dinobox.engine.game import Game
from dinobox.games.dinosaur_rush.board import parse_board
from dinobox.games.dinosaur_rush.data import CATEGORY_KEYS, COLOUR_KEYS, NUM_COLOURS, NUM_PARTS, PART_KEYS
from dinobox.games.dinosaur_rush.skeleton import SIZE_OF_ALLOCATION
from dinobox.rl.encoders.base import ArrayEncoder, Piece

PHASES = ("setup", "field", "build", "exhibit", "over")
STEPS = ("pick_paleontologist", "place", "move", "publicize", "action", "steal_more", "build", "chance", "over")
CLASSES = 6
BONE_SCALE = 20.0  # bones in a pile, a skeleton part or a category
SCORE_SCALE = 100.0
TOKEN_SCALE = 15.0
BONUS_SCALE = 5.0
NC = NUM_COLOURS
A = SIZE_OF_ALLOCATION
WILD_KEYS = tuple(f"wild_{key}" for key in PART_KEYS)


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


class DinosaurRushEncoder(ArrayEncoder):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        data = game.data
        n = self.num_players
        board = parse_board(data.board)
        self.cells = C = board.size
        self.num_paleo = P = len(data.paleontologist_names)
        self.num_bonus = B = len(data.bonus_names)
        self.denominations = list(data.notoriety_values)
        ND = len(self.denominations)
        self.rounds = int(data.rounds)
        self.field_turns = int(data.field_turns)
        self.site_scale = max(1, data.bones_per_site + sum(data.refill))
        self.total_bones = max(1, sum(data.bones))
        self.total_tokens = max(1, sum(data.notoriety_counts))
        self.cell_row = 7 + ND + n
        self.player_row = P + 32 + ND
        bones = ", ".join(COLOUR_KEYS)
        pieces = [
            Piece("seat", (n,), 0, 1, "one-hot: the observing seat's absolute number (zeros for a spectator)"),
            Piece("phase", (len(PHASES),), 0, 1, "one-hot: " + ", ".join(PHASES)),
            Piece("step", (len(STEPS),), 0, 1, "one-hot pending step: " + ", ".join(STEPS)),
            Piece("to_act", (n + 1,), 0, 1, "one-hot relative seat deciding now; last slot: nobody "
                  "(chance or game over)"),
            Piece("turn_player", (n + 1,), 0, 1, "one-hot relative seat whose field turn it is; last slot: "
                  "nobody"),
            Piece("starter", (n,), 0, 1, "one-hot relative seat that starts this round's field phase"),
            Piece("round", (self.rounds,), 0, 1, "one-hot round"),
            Piece("field_turn", (self.field_turns,), 0, 1, "one-hot time around the table in the field phase"),
            Piece("variant", (2,), 0, 1, "1 in the Family variant; 1 in the Two-player variant"),
            Piece("museum", (5, CLASSES), 0, 1, "per category (" + ", ".join(CATEGORY_KEYS) + "): one-hot "
                  "row of its marker (class A..F)"),
            Piece("bag", (3,), 0, 1, "bones in the bag / all bones; Notoriety tokens in the bag / all tokens; "
                  "bonus cards left / all bonus cards"),
            Piece("cells", (C, self.cell_row), 0, 1, "per board cell (board order): dig site in play; bones "
                  f"per colour ({bones}) / {self.site_scale} (the most a site is dealt), clipped; a "
                  "sabotage token lies here; its value one-hot over the Notoriety denominations (only "
                  "when I know it); one-hot relative seat whose paleontologist stands here"),
            Piece("players", (n, self.player_row), 0, 1, "per relative seat: paleontologist card one-hot; "
                  f"pile per colour / {BONE_SCALE:g}; paleontologist on the board; Notoriety tokens / "
                  f"{TOKEN_SCALE:g}; bonus cards held / {BONUS_SCALE:g}; bonus cards completed / "
                  f"{BONUS_SCALE:g}; skeleton built this build phase; skeleton shown; the shown skeleton's "
                  f"{A} allocation counts (natural bones of spine, ribs, neck, head, tail, limb 1, limb 2; "
                  f"wild bones serving each; unique) / {BONE_SCALE:g}; its 5 category counts / "
                  f"{BONE_SCALE:g}; Notoriety tokens per denomination / {TOKEN_SCALE:g} and 1 if those "
                  "values are known (myself always, everyone once the game is over); all clipped"),
            Piece("scores", (n,), -1, 1, f"per relative seat: victory points / {SCORE_SCALE:g}, clipped"),
            Piece("bonus", (n, 2, B), 0, 1, "per relative seat: multi-hot of the bonus cards it holds as far "
                  "as I know (my own always; everyone's once the game is over), then of the cards it has "
                  "completed"),
            Piece("build", (A + NC + 2,), 0, 1, f"my skeleton under construction: allocation / {BONE_SCALE:g}; "
                  f"bones left to place per colour / {BONE_SCALE:g}; choosing whether to keep last round's "
                  "dinosaur; 1 while I am building"),
        ]
        self._finish_layout(pieces)
        self._at = {name: a for name, (a, _) in self.offsets.items()}

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        n = self.num_players
        at = self._at
        seat = view.get("seat")
        me = self.observer(view)
        ix: list[int] = []
        vx: list[float] = []
        put_i = ix.append
        put_v = vx.append

        def rel(p: Any) -> int | None:
            return (p - me) % n if type(p) is int and 0 <= p < n else None

        def one(piece: str, index: int) -> None:
            put_i(at[piece] + index)
            put_v(1.0)

        if isinstance(seat, int) and 0 <= seat < n:
            one("seat", seat)
        phase = view.get("phase")
        if phase in PHASES:
            one("phase", PHASES.index(phase))
        step = view.get("step")
        one("step", STEPS.index(step) if step in STEPS else STEPS.index("chance"))
        r = rel(view.get("to_act"))
        one("to_act", n if r is None else r)
        r = rel(view.get("turn_player"))
        one("turn_player", n if r is None else r)
        r = rel(view.get("starter"))
        if r is not None:
            one("starter", r)
        rnd = view.get("round")
        if type(rnd) is int and 1 <= rnd <= self.rounds:
            one("round", rnd - 1)
        ft = view.get("field_turn")
        if type(ft) is int and 1 <= ft <= self.field_turns:
            one("field_turn", ft - 1)
        if view.get("family"):
            one("variant", 0)
        if view.get("two_player"):
            one("variant", 1)
        for c, entry in enumerate((view.get("museum") or ())[:5]):
            row = entry.get("row")
            if type(row) is int and 0 <= row < CLASSES:
                one("museum", c * CLASSES + row)
        bag = view.get("bag") or {}
        base = at["bag"]
        for i, (key, scale) in enumerate((("bones", self.total_bones), ("notoriety", self.total_tokens),
                                          ("bonus_cards", max(1, self.num_bonus)))):
            v = bag.get(key)
            if v:
                put_i(base + i)
                put_v(_clip(v / scale))

        # ----- the board ---------------------------------------------------------------------
        denoms = self.denominations
        ND = len(denoms)
        row_len = self.cell_row
        site_scale = self.site_scale
        cbase = at["cells"]
        board = view.get("board") or {}
        for cell in board.get("cells") or ():
            c = cell.get("cell")
            if type(c) is not int or not 0 <= c < self.cells:
                continue
            r0 = cbase + c * row_len
            if cell.get("in_play"):
                put_i(r0)
                put_v(1.0)
            bones = cell.get("bones")
            if bones:
                for colour in range(NC):
                    b = bones[colour]
                    if b:
                        put_i(r0 + 1 + colour)
                        put_v(_clip(b / site_scale))
            if cell.get("token"):
                put_i(r0 + 6)
                put_v(1.0)
                value = cell.get("token_value")
                if value in denoms:
                    put_i(r0 + 7 + denoms.index(value))
                    put_v(1.0)
            who = rel(cell.get("paleontologist"))
            if who is not None:
                put_i(r0 + 7 + ND + who)
                put_v(1.0)

        # ----- players -----------------------------------------------------------------------
        P = self.num_paleo
        B = self.num_bonus
        prow = self.player_row
        pbase = at["players"]
        sbase = at["scores"]
        bbase = at["bonus"]
        for p in view.get("players") or ():
            r = rel(p.get("seat"))
            if r is None:
                continue
            r0 = pbase + r * prow
            paleo = p.get("paleontologist")
            if paleo and 0 <= paleo.get("card", -1) < P:
                put_i(r0 + paleo["card"])
                put_v(1.0)
            k = r0 + P
            for colour, b in enumerate((p.get("pile") or ())[:NC]):
                if b:
                    put_i(k + colour)
                    put_v(_clip(b / BONE_SCALE))
            k += NC
            if p.get("cell") is not None:
                put_i(k)
                put_v(1.0)
            put_i(k + 1)
            put_v(_clip((p.get("tokens") or 0) / TOKEN_SCALE))
            put_i(k + 2)
            put_v(_clip((p.get("bonus_count") or 0) / BONUS_SCALE))
            scored = p.get("scored_bonus") or ()
            put_i(k + 3)
            put_v(_clip(len(scored) / BONUS_SCALE))
            if p.get("built"):
                put_i(k + 4)
                put_v(1.0)
            k += 5
            skeleton = p.get("skeleton")
            if skeleton:
                put_i(k)
                put_v(1.0)
                for part in range(NUM_PARTS):
                    v = skeleton.get(PART_KEYS[part])
                    if v:
                        put_i(k + 1 + part)
                        put_v(_clip(v / BONE_SCALE))
                    v = skeleton.get(WILD_KEYS[part])
                    if v:
                        put_i(k + 1 + NUM_PARTS + part)
                        put_v(_clip(v / BONE_SCALE))
                v = skeleton.get("unique")
                if v:
                    put_i(k + A)
                    put_v(_clip(v / BONE_SCALE))
            k += 1 + A
            for i, v in enumerate((p.get("categories") or ())[:5]):
                if v:
                    put_i(k + i)
                    put_v(_clip(v / BONE_SCALE))
            k += 5
            values = p.get("token_values")
            if values is not None:
                counts = [0] * ND
                for v in values:
                    if v in denoms:
                        counts[denoms.index(v)] += 1
                for i in range(ND):
                    if counts[i]:
                        put_i(k + i)
                        put_v(_clip(counts[i] / TOKEN_SCALE))
                put_i(k + ND)
                put_v(1.0)
            put_i(sbase + r)
            put_v(_clip((p.get("score") or 0) / SCORE_SCALE * 0.5 + 0.5) * 2.0 - 1.0)
            b0 = bbase + r * 2 * B
            for card in p.get("bonus") or ():
                if 0 <= card.get("card", -1) < B:
                    put_i(b0 + card["card"])
                    put_v(1.0)
            for card in scored:
                if 0 <= card.get("card", -1) < B:
                    put_i(b0 + B + card["card"])
                    put_v(1.0)

        # ----- my build ----------------------------------------------------------------------
        build = view.get("build")
        if build:
            base = at["build"]
            for i, v in enumerate((build.get("allocation") or ())[:A]):
                if v:
                    put_i(base + i)
                    put_v(_clip(v / BONE_SCALE))
            for i, v in enumerate((build.get("remaining") or ())[:NC]):
                if v:
                    put_i(base + A + i)
                    put_v(_clip(v / BONE_SCALE))
            if build.get("choosing_start"):
                put_i(base + A + NC)
                put_v(1.0)
            put_i(base + A + NC + 1)
            put_v(1.0)

        out = np.zeros(self.size, np.float32)
        out[ix] = vx
        return out
