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
from typing import Any, cast

import numpy as np

from dinobox.engine.encoding import ArrayEncoder, Piece
from dinobox.engine.game import Game
from dinobox.games.dinosaur_rush.board import parse_board
from dinobox.games.dinosaur_rush.data import CATEGORY_KEYS, COLOUR_KEYS, NUM_COLOURS, NUM_PARTS, PART_KEYS
from dinobox.games.dinosaur_rush.skeleton import SIZE_OF_ALLOCATION
from dinobox.games.dinosaur_rush.viewtypes import DinosaurRushView, PlayerView

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
        self.cells = board.size
        self.num_paleo = P = len(data.paleontologist_names)
        self.num_bonus = len(data.bonus_names)
        self.denominations = list(data.notoriety_values)
        ND = len(self.denominations)
        self.rounds = int(data.rounds)
        self.field_turns = int(data.field_turns)
        self.site_scale = max(1, data.bones_per_site + sum(data.refill))
        self.total_bones = max(1, sum(data.bones))
        self.total_tokens = max(1, sum(data.notoriety_counts))
        self.cell_row = 7 + ND + n
        self.player_row = P + 32 + ND
        self._finish_layout([*self._game_pieces(), *self._table_pieces()])
        self._at = {name: a for name, (a, _) in self.offsets.items()}

    def _game_pieces(self) -> list[Piece]:
        """Where the game stands: seat, phase, step, turn, round, variant, museum and bags."""
        n = self.num_players
        return [
            Piece("seat", (n,), 0, 1, "one-hot: the observing seat's absolute number (zeros for a spectator)"),
            Piece("phase", (len(PHASES),), 0, 1, "one-hot: " + ", ".join(PHASES)),
            Piece("step", (len(STEPS),), 0, 1, "one-hot pending step: " + ", ".join(STEPS)),
            Piece(
                "to_act", (n + 1,), 0, 1, "one-hot relative seat deciding now; last slot: nobody (chance or game over)"
            ),
            Piece("turn_player", (n + 1,), 0, 1, "one-hot relative seat whose field turn it is; last slot: nobody"),
            Piece("starter", (n,), 0, 1, "one-hot relative seat that starts this round's field phase"),
            Piece("round", (self.rounds,), 0, 1, "one-hot round"),
            Piece("field_turn", (self.field_turns,), 0, 1, "one-hot time around the table in the field phase"),
            Piece("variant", (2,), 0, 1, "1 in the Family variant; 1 in the Two-player variant"),
            Piece(
                "museum",
                (5, CLASSES),
                0,
                1,
                "per category (" + ", ".join(CATEGORY_KEYS) + "): one-hot row of its marker (class A..F)",
            ),
            Piece(
                "bag",
                (3,),
                0,
                1,
                "bones in the bag / all bones; Notoriety tokens in the bag / all tokens; "
                "bonus cards left / all bonus cards",
            ),
        ]

    def _table_pieces(self) -> list[Piece]:
        """The board's cells, each seat's row, scores, bonus cards and my build."""
        n, C, B = self.num_players, self.cells, self.num_bonus
        bones = ", ".join(COLOUR_KEYS)
        return [
            Piece(
                "cells",
                (C, self.cell_row),
                0,
                1,
                "per board cell (board order): dig site in play; bones "
                f"per colour ({bones}) / {self.site_scale} (the most a site is dealt), clipped; a "
                "sabotage token lies here; its value one-hot over the Notoriety denominations (only "
                "when I know it); one-hot relative seat whose paleontologist stands here",
            ),
            Piece(
                "players",
                (n, self.player_row),
                0,
                1,
                "per relative seat: paleontologist card one-hot; "
                f"pile per colour / {BONE_SCALE:g}; paleontologist on the board; Notoriety tokens / "
                f"{TOKEN_SCALE:g}; bonus cards held / {BONUS_SCALE:g}; bonus cards completed / "
                f"{BONUS_SCALE:g}; skeleton built this build phase; skeleton shown; the shown skeleton's "
                f"{A} allocation counts (natural bones of spine, ribs, neck, head, tail, limb 1, limb 2; "
                f"wild bones serving each; unique) / {BONE_SCALE:g}; its 5 category counts / "
                f"{BONE_SCALE:g}; Notoriety tokens per denomination / {TOKEN_SCALE:g} and 1 if those "
                "values are known (myself always, everyone once the game is over); all clipped",
            ),
            Piece("scores", (n,), -1, 1, f"per relative seat: victory points / {SCORE_SCALE:g}, clipped"),
            Piece(
                "bonus",
                (n, 2, B),
                0,
                1,
                "per relative seat: multi-hot of the bonus cards it holds as far "
                "as I know (my own always; everyone's once the game is over), then of the cards it has "
                "completed",
            ),
            Piece(
                "build",
                (A + NC + 2,),
                0,
                1,
                f"my skeleton under construction: allocation / {BONE_SCALE:g}; "
                f"bones left to place per colour / {BONE_SCALE:g}; choosing whether to keep last round's "
                "dinosaur; 1 while I am building",
            ),
        ]

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        typed = cast(DinosaurRushView, view)
        out = _Sparse(self.observer(view), self.num_players)
        self._header(typed, out)
        self._board(typed, out)
        for p in typed.get("players") or ():
            self._player(p, out)
        self._build(typed, out)
        return out.array(self.size)

    def _header(self, view: DinosaurRushView, out: _Sparse) -> None:
        """Seat, phase, step, whose turn, round, variant, museum rows and bags."""
        n = self.num_players
        at = self._at
        rel = out.rel

        def one(piece: str, index: int) -> None:
            out.put(at[piece] + index, 1.0)

        seat = view.get("seat")
        if seat is not None and 0 <= seat < n:
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
        for c, entry in enumerate((view.get("museum") or [])[:5]):
            row = entry.get("row")
            if type(row) is int and 0 <= row < CLASSES:
                one("museum", c * CLASSES + row)
        bag = view.get("bag")
        if bag:
            base = at["bag"]
            scales = (self.total_bones, self.total_tokens, max(1, self.num_bonus))
            for i, v in enumerate((bag.get("bones"), bag.get("notoriety"), bag.get("bonus_cards"))):
                if v:
                    out.put(base + i, _clip(v / scales[i]))

    def _board(self, view: DinosaurRushView, out: _Sparse) -> None:
        """Per cell: in play, bones per colour, sabotage token and its value, who stands there."""
        denoms = self.denominations
        ND = len(denoms)
        row_len = self.cell_row
        site_scale = self.site_scale
        cbase = self._at["cells"]
        board = view.get("board")
        for cell in (board.get("cells") or []) if board else ():
            c = cell.get("cell")
            if type(c) is not int or not 0 <= c < self.cells:
                continue
            r0 = cbase + c * row_len
            if cell.get("in_play"):
                out.put(r0, 1.0)
            bones = cell.get("bones")
            if bones:
                for colour in range(NC):
                    b = bones[colour]
                    if b:
                        out.put(r0 + 1 + colour, _clip(b / site_scale))
            if cell.get("token"):
                out.put(r0 + 6, 1.0)
                value = cell.get("token_value")
                if value in denoms:
                    out.put(r0 + 7 + denoms.index(value), 1.0)
            who = out.rel(cell.get("paleontologist"))
            if who is not None:
                out.put(r0 + 7 + ND + who, 1.0)

    def _player(self, p: PlayerView, out: _Sparse) -> None:
        """One seat's row of the players piece, its score and its bonus cards."""
        r = out.rel(p.get("seat"))
        if r is None:
            return
        P = self.num_paleo
        B = self.num_bonus
        r0 = self._at["players"] + r * self.player_row
        paleo = p.get("paleontologist")
        if paleo and 0 <= paleo.get("card", -1) < P:
            out.put(r0 + paleo["card"], 1.0)
        k = r0 + P
        for colour, b in enumerate((p.get("pile") or [])[:NC]):
            if b:
                out.put(k + colour, _clip(b / BONE_SCALE))
        k += NC
        if p.get("cell") is not None:
            out.put(k, 1.0)
        out.put(k + 1, _clip((p.get("tokens") or 0) / TOKEN_SCALE))
        out.put(k + 2, _clip((p.get("bonus_count") or 0) / BONUS_SCALE))
        scored = p.get("scored_bonus") or []
        out.put(k + 3, _clip(len(scored) / BONUS_SCALE))
        if p.get("built"):
            out.put(k + 4, 1.0)
        k += 5
        self._skeleton(p, k, out)
        k += 1 + A + 5
        self._tokens(p.get("token_values"), k, out)
        out.put(self._at["scores"] + r, _clip((p.get("score") or 0) / SCORE_SCALE * 0.5 + 0.5) * 2.0 - 1.0)
        b0 = self._at["bonus"] + r * 2 * B
        for card in p.get("bonus") or []:
            if 0 <= card.get("card", -1) < B:
                out.put(b0 + card["card"], 1.0)
        for card in scored:
            if 0 <= card.get("card", -1) < B:
                out.put(b0 + B + card["card"], 1.0)

    def _skeleton(self, p: PlayerView, k: int, out: _Sparse) -> None:
        """The shown skeleton: a flag, its allocation counts, then its five category counts."""
        skeleton = p.get("skeleton")
        if skeleton:
            out.put(k, 1.0)
            for part in range(NUM_PARTS):
                v = skeleton.get(PART_KEYS[part])
                if v:
                    out.put(k + 1 + part, _clip(v / BONE_SCALE))
                v = skeleton.get(WILD_KEYS[part])
                if v:
                    out.put(k + 1 + NUM_PARTS + part, _clip(v / BONE_SCALE))
            v = skeleton.get("unique")
            if v:
                out.put(k + A, _clip(v / BONE_SCALE))
        k += 1 + A
        for i, v in enumerate((p.get("categories") or [])[:5]):
            if v:
                out.put(k + i, _clip(v / BONE_SCALE))

    def _tokens(self, values: list[int] | None, k: int, out: _Sparse) -> None:
        """Notoriety tokens per denomination, and whether those values are known."""
        if values is None:
            return
        denoms = self.denominations
        ND = len(denoms)
        counts = [0] * ND
        for v in values:
            if v in denoms:
                counts[denoms.index(v)] += 1
        for i in range(ND):
            if counts[i]:
                out.put(k + i, _clip(counts[i] / TOKEN_SCALE))
        out.put(k + ND, 1.0)

    def _build(self, view: DinosaurRushView, out: _Sparse) -> None:
        """My skeleton under construction, the bones left to place, and the keep/fresh choice."""
        build = view.get("build")
        if not build:
            return
        base = self._at["build"]
        for i, v in enumerate((build.get("allocation") or [])[:A]):
            if v:
                out.put(base + i, _clip(v / BONE_SCALE))
        for i, v in enumerate((build.get("remaining") or [])[:NC]):
            if v:
                out.put(base + A + i, _clip(v / BONE_SCALE))
        if build.get("choosing_start"):
            out.put(base + A + NC, 1.0)
        out.put(base + A + NC + 1, 1.0)


class _Sparse:
    """The non-zero entries collected while encoding, written into a zeroed vector at the end."""

    __slots__ = ("ix", "me", "n", "vx")

    def __init__(self, me: int, n: int) -> None:
        self.me = me  # the observing seat: per-seat pieces are laid out relative to it
        self.n = n
        self.ix: list[int] = []
        self.vx: list[float] = []

    def rel(self, p: object) -> int | None:
        """A seat number relative to the observer (None for anything that is not a seat)."""
        n = self.n
        return (p - self.me) % n if type(p) is int and 0 <= p < n else None

    def put(self, index: int, value: float) -> None:
        self.ix.append(index)
        self.vx.append(value)

    def array(self, size: int) -> np.ndarray:
        out = np.zeros(size, np.float32)
        out[self.ix] = self.vx
        return out
