"""Pangaea observation: the seat's view as a fixed-length vector (layout in docs/rl.md).

Seats are *relative*: slot 0 is always the observing seat (seat 0 for the spectator), slot 1
the next seat in turn order, and so on. The wrapping hex world is encoded space by space
(``rows × cols`` spaces, row-major, as ``view["world"]``) in several planes; counts are divided
by their largest possible value from the game's component data, so every entry lies in [0, 1]
except the countdown, the scores and the end-game values (in [-1, 1]).

Only ``view(seat)`` is read. Keys the encoder does not know are ignored and an unknown phase
(a decision kind added later) sets the ``other`` slot of ``phase``, so the layout stays fixed
while the rules grow. In Pangaea every hand is face up, so all hands are encoded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from dinobox.engine.game import Game
from dinobox.games.pangaea.data import EVO_KEYS, EVO_LEVEL, LENGTHS, SYMBOL_KEYS
from dinobox.games.pangaea.tiles import (
    ACTION_KEYS,
    DIRECTION_KEYS,
    NUM_DINOS,
    RANGE_KEYS,
    STACK_OF_SYMBOL,
    TILE_KEYS,
    TILE_SYMBOLS,
    is_trex,
)
from dinobox.games.pangaea.world import geometry
from dinobox.rl.encoders.base import ArrayEncoder, Piece

PHASES = ("start", "step2", "step3", "step4", "interrupt", "direction", "earthquake", "dinosaur", "step6",
          "extra_move", "step7", "block", "shelter_move", "give_back", "take_tile", "reuse_crack",
          "protection", "lightning_reenter", "resolve", "over", "other")
RANGES_OPTION = ("cards", "single", "horizontal")
LAND = frozenset({"level1", "level2", "mountain", "volcano"})
MARKS = ("locator", "range", "pending", "blocked", "star", "impact", "dino_target")
SCORE_SCALE = 40.0
ROUND_SCALE = 30.0
TURN_SCALE = 200.0
IMPACT_SCALE = 10.0
DISTANCE_SCALE = 10.0
MAX_EVOLUTION_CARDS = 3
MAX_LEVELS = 3  # level 1, level 2, mountain/volcano
MAX_STACK = 5


class PangaeaEncoder(ArrayEncoder):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        data = game.data
        n = self.num_players
        self.rows = len(data.world_rows)
        self.cols = len(data.world_rows[0])
        geo = geometry(self.rows, self.cols)
        self.edge_of = geo.edge_of
        H = self.H = geo.n
        K = self.K = len(data.star_cards)
        self.wilds = max(1, data.wild_cards)
        self.reshuffles = max(1, data.reshuffle_cards)
        self.deck_total = max(1, K + data.wild_cards + data.reshuffle_cards)
        self.hand_max = data.hand_size + 1  # 5 cards with a Shelter on the board
        self.dir_counts = [max(1, c) for c in data.direction_cards]
        self.dir_total = max(1, sum(data.direction_cards))
        self.evo_counts = [max(1, c) for c in data.evolution_cards]
        self.shelters = max(1, data.shelters_per_player)
        self.sticks = max(1, data.crack_sticks)
        self.R = int(data.asteroid_ring)
        self.countdown = float(data.countdown_start or game.options["length"])
        on_board = [0] * len(TILE_KEYS)
        for row in data.world_rows:
            for ch in row:
                for tile in STACK_OF_SYMBOL.get(ch, ()):
                    on_board[tile] += 1
        self.tile_totals = [max(1, s + b) for s, b in zip(data.tile_supply, on_board, strict=True)]
        self.sym_index = {ch: i for i, ch in enumerate(TILE_SYMBOLS)}
        C = K + 2
        T = len(TILE_KEYS)
        tiles = ", ".join(TILE_KEYS)
        cards = (f"numbered kinds 0..{K - 1} (1 if present), then Wilds / {self.wilds}, then Reshuffles / "
                 f"{self.reshuffles}")
        self._finish_layout(
            [
                Piece("seat", (n,), 0, 1, "one-hot: the observing seat's absolute number"),
                Piece("phase", (len(PHASES),), 0, 1, "one-hot pending decision or step: " + ", ".join(PHASES)
                      + " (other: a kind this encoder does not know)"),
                Piece("to_act", (n + 1,), 0, 1, "one-hot relative seat deciding now; last slot: nobody "
                      "(chance or game over)"),
                Piece("turn_player", (n,), 0, 1, "one-hot relative seat whose turn it is"),
                Piece("options", (len(LENGTHS) + len(RANGES_OPTION),), 0, 1, "one-hot game length "
                      f"{LENGTHS}, then one-hot ranges option {RANGES_OPTION}"),
                Piece("countdown", (3,), -1, 1, "asteroid countdown / its start value (negative at the end "
                      f"game), round / {ROUND_SCALE:g}, turns / {TURN_SCALE:g} (clipped)"),
                Piece("ring_position", (self.R,), 0, 1, "one-hot space of the asteroid token on the ring "
                      "(0 = the lightning space A)"),
                Piece("ring_tokens", (self.R - 1, len(SYMBOL_KEYS) + 1), 0, 1, "per question-mark space "
                      "1..: symbol token one-hot (" + ", ".join(SYMBOL_KEYS) + "), last: none"),
                Piece("centre", (5,), 0, 1, "centre symbol token one-hot (moon, sun, volcano, planet), last: "
                      "none"),
                Piece("restriction", (len(SYMBOL_KEYS),), 0, 1, "symbol restriction now, one-hot (" +
                      ", ".join(SYMBOL_KEYS) + ")"),
                Piece("terrain", (H, T), 0, 1, f"per space (row-major): top tile one-hot ({tiles})"),
                Piece("height", (H, 2), 0, 1, f"per space: land levels (level 1, level 2, mountain/volcano) "
                      f"/ {MAX_LEVELS}, tiles in the stack / {MAX_STACK} (clipped)"),
                Piece("explorers", (H, n), 0, 1, "per space: 1 if the relative seat's Explorer is there"),
                Piece("shelters", (H, 2 * n), 0, 1, "per space: per relative seat, 1 if it has a Shelter "
                      "there; then per relative seat, 1 if that Shelter is a level 3 (special) one"),
                Piece("dinos", (H, 4), 0, 1, "per space: T-Rex there, Brontosaurus there, that T-Rex moved "
                      "this round, that Brontosaurus moved this round"),
                Piece("cracks", (H, 3), 0, 1, "per space: a crack on its E, SE, SW side (every edge once)"),
                Piece("marks", (H, len(MARKS)), 0, 1, "per space: Event locator, in the current action's "
                      "range, pending tile change, blocked, starting star (start phase), impact point, where a "
                      "pending dinosaur is about to land"),
                Piece("dinos_off", (NUM_DINOS,), 0, 1, "per dinosaur (T-Rex 1, T-Rex 2, Brontosaurus 1, 2): "
                      "1 if it is off the board"),
                Piece("pending_dino", (NUM_DINOS + 1,), 0, 1, "the dinosaur about to land (waiting for "
                      "protection / Shelter-move decisions), one-hot by id; last: none"),
                Piece("hands", (n, C), 0, 1, f"per relative seat (hands are face up): {cards}"),
                Piece("hand_summary", (n, 1 + len(ACTION_KEYS) + len(RANGE_KEYS) + 4 + 1), 0, 1,
                      f"per relative seat: cards / {self.hand_max}; then per action ({', '.join(ACTION_KEYS)}), "
                      f"range ({', '.join(RANGE_KEYS)}), symbol (moon, sun, volcano, planet) and Wild: "
                      f"cards with it / {self.hand_max}"),
                Piece("evolution", (n, len(EVO_KEYS), 2), 0, 1, "per relative seat and Evolution type (" +
                      ", ".join(EVO_KEYS) + f"): active cards / {MAX_EVOLUTION_CARDS}, inactive cards / "
                      f"{MAX_EVOLUTION_CARDS}"),
                Piece("players", (n, 7), 0, 1, "per relative seat: Explorer on the board, Shelters on the "
                      f"board / {self.shelters}, Shelters left / {self.shelters}, Evolution cards / "
                      f"{MAX_EVOLUTION_CARDS}, highest Evolution level / 4, allied with me, is me"),
                Piece("alliances", (n, n), 0, 1, "per relative seat: multi-hot of the relative seats it is "
                      "allied with"),
                Piece("scores", (n,), -1, 1, f"per relative seat: score / {SCORE_SCALE:g}, clipped"),
                Piece("selection", (17,), 0, 1, "step 4 choice: present, hidden from me, cards chosen / 3, "
                      f"distance / {DISTANCE_SCALE:g}, distance from a Wild, action one-hot (" +
                      ", ".join(ACTION_KEYS) + "), action from a Wild, range one-hot (" + ", ".join(RANGE_KEYS)
                      + "), no range card"),
                Piece("selection_cards", (C,), 0, 1, f"the chosen cards when I may see them: {cards}"),
                Piece("played", (C,), 0, 1, f"cards played this turn: {cards}"),
                Piece("turn_state", (2 + len(DIRECTION_KEYS) + 1,), 0, 1, "interrupted this turn, any "
                      "pending change, direction one-hot (" + ", ".join(DIRECTION_KEYS) + "), last: none"),
                Piece("discard", (C,), 0, 1, f"STAR discard pile: {cards}"),
                Piece("supplies", (2 + len(DIRECTION_KEYS) + len(EVO_KEYS) + (T - 1) + 1,), 0, 1,
                      f"STAR deck / {self.deck_total}, Direction deck / {self.dir_total}, Direction discard "
                      "per direction / its cards, Evolution supply per type / its cards, tile supply per "
                      f"tile type ({', '.join(TILE_KEYS[1:])}) / all tiles of that type, crack sticks / "
                      f"{self.sticks}"),
                Piece("end", (3 + (n + 1) + n,), -1, 1, f"end game: started, impact value / {IMPACT_SCALE:g}, "
                      "a Shelter survived, end-game player one-hot relative (last: none), bonus per relative "
                      f"seat / {SCORE_SCALE:g}"),
            ]
        )

    # ------------------------------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        x = np.zeros(self.size, np.float32)
        parts = self.split(x)
        n = self.num_players
        me = self.observer(view)
        cols = self.cols
        H = self.H

        def rel(p: Any) -> int | None:
            return (p - me) % n if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n else None

        def space(at: Any) -> int | None:
            if isinstance(at, Sequence) and len(at) == 2:
                r, c = at
                if isinstance(r, int) and isinstance(c, int) and 0 <= r < self.rows:
                    return r * cols + c % cols
            return None

        parts["seat"][me] = 1.0
        phase = view.get("phase")
        parts["phase"][PHASES.index(phase) if phase in PHASES else len(PHASES) - 1] = 1.0
        to_act = rel(view.get("to_act"))
        parts["to_act"][n if to_act is None else to_act] = 1.0
        tp = rel(view.get("turn_player"))
        if tp is not None:
            parts["turn_player"][tp] = 1.0
        options = view.get("options") or {}
        opt = parts["options"]
        if options.get("length") in LENGTHS:
            opt[LENGTHS.index(options["length"])] = 1.0
        if options.get("ranges") in RANGES_OPTION:
            opt[len(LENGTHS) + RANGES_OPTION.index(options["ranges"])] = 1.0
        cd = parts["countdown"]
        cd[0] = _clip(_num(view.get("asteroid")) / self.countdown, -1.0)
        cd[1] = _clip(_num(view.get("round")) / ROUND_SCALE)
        cd[2] = _clip(_num(view.get("turn")) / TURN_SCALE)
        pos = view.get("ring_pos")
        if isinstance(pos, int) and 0 <= pos < self.R:
            parts["ring_position"][pos] = 1.0
        ring = view.get("ring") or []
        tokens = parts["ring_tokens"]
        for i in range(1, self.R):
            sym = ring[i] if i < len(ring) else None
            tokens[i - 1, SYMBOL_KEYS.index(sym) if sym in SYMBOL_KEYS else len(SYMBOL_KEYS)] = 1.0
        centre = view.get("centre")
        parts["centre"][SYMBOL_KEYS.index(centre) if centre in SYMBOL_KEYS[:4] else 4] = 1.0
        restriction = view.get("restriction")
        if restriction in SYMBOL_KEYS:
            parts["restriction"][SYMBOL_KEYS.index(restriction)] = 1.0

        # ----- the world ------------------------------------------------------------------------
        world = view.get("world") or {}
        terrain = parts["terrain"]
        sym_index = self.sym_index
        flat = "".join(line[:cols].ljust(cols) for line in (world.get("tiles") or [])[: self.rows])
        found = [(i, sym_index[ch]) for i, ch in enumerate(flat) if ch in sym_index]
        if found:
            where, tile = zip(*found, strict=True)
            terrain[list(where), list(tile)] = 1.0
        stacks = (world.get("stacks") or [])[:H]
        filled = [s for s, stack in enumerate(stacks) if stack]
        if filled:
            height = parts["height"]
            height[filled, 0] = [sum(1 for t in stacks[s] if t in LAND) for s in filled]
            height[filled, 1] = [len(stacks[s]) for s in filled]
            height[:, 0] /= MAX_LEVELS
            height[:, 1] /= MAX_STACK
            np.minimum(height, 1.0, out=height)
        explorers = parts["explorers"]
        for p, at in enumerate((world.get("explorers") or [])[:n]):
            s = space(at)
            if s is not None:
                explorers[s, (p - me) % n] = 1.0
        shelters = parts["shelters"]
        for sh in world.get("shelters") or []:
            s = space(sh.get("at"))
            if s is None:
                continue
            for p in sh.get("seats") or []:
                q = rel(p)
                if q is not None:
                    shelters[s, q] = 1.0
            for p in sh.get("special") or []:
                q = rel(p)
                if q is not None:
                    shelters[s, n + q] = 1.0
        dinos = parts["dinos"]
        off = parts["dinos_off"]
        for d in world.get("dinos") or []:
            did = d.get("id")
            if not isinstance(did, int) or not 0 <= did < NUM_DINOS:
                continue
            s = space(d.get("at"))
            if s is None:
                off[did] = 1.0
                continue
            k = 0 if is_trex(did) else 1
            dinos[s, k] = 1.0
            if d.get("moved"):
                dinos[s, 2 + k] = 1.0
        cracks = parts["cracks"]
        for pair in world.get("cracks") or []:
            if len(pair) != 2:
                continue
            a, b = space(pair[0]), space(pair[1])
            edge = self.edge_of.get((a, b)) if a is not None and b is not None else None
            if edge is not None:
                cracks[edge // 3, edge % 3] = 1.0
        marks = parts["marks"]
        s = space(world.get("locator"))
        if s is not None:
            marks[s, 0] = 1.0
        for m, key in ((1, "range"), (2, "pending_changes"), (3, "blocked"), (4, "stars")):
            for at in view.get(key) or []:
                s = space(at)
                if s is not None:
                    marks[s, m] = 1.0
        end = view.get("end") or {}
        s = space(end.get("impact"))
        if s is not None:
            marks[s, 5] = 1.0
        pending = view.get("pending_dino")
        pending = pending if isinstance(pending, Mapping) else {}
        did = pending.get("dino")
        if isinstance(did, int) and 0 <= did < NUM_DINOS:
            parts["pending_dino"][did] = 1.0
            s = space(pending.get("to"))
            if s is not None:
                marks[s, 6] = 1.0
        else:
            parts["pending_dino"][NUM_DINOS] = 1.0

        # ----- players ----------------------------------------------------------------------------
        hands = parts["hands"]
        summary = parts["hand_summary"]
        evolution = parts["evolution"]
        players = parts["players"]
        alliances = parts["alliances"]
        scores = parts["scores"]
        my_allies: set[int] = set()
        rows = [p for p in view.get("players") or [] if rel(p.get("seat")) is not None]
        for p in rows:
            if p["seat"] == me:
                my_allies = {a for a in p.get("allies") or [] if isinstance(a, int)}
        na, nr = len(ACTION_KEYS), len(RANGE_KEYS)
        for p in rows:
            q = (p["seat"] - me) % n
            hand = p.get("hand") or []
            self._cards(hands[q], hand)
            row = summary[q]
            row[0] = min(1.0, len(hand) / self.hand_max)
            for card in hand:
                if card.get("wild"):
                    row[1 + na + nr + 4] += 1.0
                    continue
                if card.get("action") in ACTION_KEYS:
                    row[1 + ACTION_KEYS.index(card["action"])] += 1.0
                if card.get("range") in RANGE_KEYS:
                    row[1 + na + RANGE_KEYS.index(card["range"])] += 1.0
                if card.get("symbol") in SYMBOL_KEYS[:4]:
                    row[1 + na + nr + SYMBOL_KEYS.index(card["symbol"])] += 1.0
            row[1:] = np.minimum(row[1:] / self.hand_max, 1.0)
            evo = p.get("evolution") or []
            best = 0
            for card in evo:
                if card.get("type") in EVO_KEYS:
                    e = EVO_KEYS.index(card["type"])
                    evolution[q, e, 0 if card.get("active") else 1] += 1.0 / MAX_EVOLUTION_CARDS
                    best = max(best, EVO_LEVEL[e])
            pr = players[q]
            pr[0] = 1.0 if p.get("explorer") is not None else 0.0
            pr[1] = _clip(_num(p.get("shelters")) / self.shelters)
            pr[2] = _clip(_num(p.get("shelters_left")) / self.shelters)
            pr[3] = _clip(len(evo) / MAX_EVOLUTION_CARDS)
            pr[4] = best / 4.0
            pr[5] = 1.0 if p["seat"] in my_allies else 0.0
            pr[6] = 1.0 if q == 0 else 0.0
            for a in p.get("allies") or []:
                b = rel(a)
                if b is not None:
                    alliances[q, b] = 1.0
            scores[q] = _clip(_num(p.get("score")) / SCORE_SCALE, -1.0)
        np.minimum(evolution, 1.0, out=evolution)

        # ----- the current turn -------------------------------------------------------------------
        sel = view.get("selection")
        if isinstance(sel, Mapping):
            row = parts["selection"]
            row[0] = 1.0
            row[1] = 1.0 if sel.get("hidden") else 0.0
            row[2] = _clip(_num(sel.get("chosen")) / 3.0)
            if not sel.get("hidden"):
                row[3] = _clip(_num(sel.get("distance")) / DISTANCE_SCALE)
                row[4] = 1.0 if sel.get("distance_card") == self.K else 0.0
                if sel.get("action") in ACTION_KEYS:
                    row[5 + ACTION_KEYS.index(sel["action"])] = 1.0
                row[10] = 1.0 if sel.get("action_card") == self.K else 0.0
                if "range" in sel and sel.get("range") in RANGE_KEYS:
                    row[11 + RANGE_KEYS.index(sel["range"])] = 1.0
                row[16] = 1.0 if sel.get("range_card") == -1 else 0.0
                chosen = [{"kind": sel.get(key)} for key in ("distance_card", "action_card", "range_card")]
                self._cards(parts["selection_cards"], chosen)
        self._cards(parts["played"], view.get("played") or [])
        ts = parts["turn_state"]
        ts[0] = 1.0 if view.get("interrupted") else 0.0
        ts[1] = 1.0 if view.get("pending_changes") else 0.0
        direction = view.get("direction")
        ts[2 + (DIRECTION_KEYS.index(direction) if direction in DIRECTION_KEYS else len(DIRECTION_KEYS))] = 1.0
        discard = view.get("discard") or {}
        self._cards(parts["discard"], [{"kind": int(k)} for k, c in discard.items()
                                       if str(k).lstrip("-").isdigit() for _ in range(int(c))])
        sup = parts["supplies"]
        sup[0] = _clip(_num(view.get("deck_count")) / self.deck_total)
        sup[1] = _clip(_num(view.get("direction_deck")) / self.dir_total)
        i = 2
        dd = view.get("direction_discard") or {}
        for d, key in enumerate(DIRECTION_KEYS):
            sup[i + d] = _clip(_num(dd.get(key)) / self.dir_counts[d])
        i += len(DIRECTION_KEYS)
        es = view.get("evolution_supply") or {}
        for e, key in enumerate(EVO_KEYS):
            sup[i + e] = _clip(_num(es.get(key)) / self.evo_counts[e])
        i += len(EVO_KEYS)
        ws = world.get("supply") or {}
        for t, key in enumerate(TILE_KEYS[1:], start=1):
            sup[i + t - 1] = _clip(_num(ws.get(key)) / self.tile_totals[t])
        i += len(TILE_KEYS) - 1
        sup[i] = _clip(_num(world.get("sticks")) / self.sticks)
        if end:
            ev = parts["end"]
            ev[0] = 1.0
            ev[1] = _clip(_num(end.get("impact_value")) / IMPACT_SCALE, -1.0)
            ev[2] = 1.0 if end.get("survived") else 0.0
            ep = rel(end.get("end_player"))
            ev[3 + (n if ep is None else ep)] = 1.0
            for p, b in enumerate((end.get("bonus") or [])[:n]):
                ev[3 + n + 1 + (p - me) % n] = _clip(_num(b) / SCORE_SCALE, -1.0)
        return x

    def _cards(self, out: np.ndarray, cards: Sequence[Mapping[str, Any]]) -> None:
        """Fill a ``K + 2`` card vector: numbered kinds present, Wilds and Reshuffles counted."""
        K = self.K
        for card in cards:
            kind = card.get("kind")
            if not isinstance(kind, int) or kind < 0:
                continue
            if kind < K:
                out[kind] = 1.0
            elif kind == K:
                out[K] = min(1.0, out[K] + 1.0 / self.wilds)
            elif kind == K + 1:
                out[K + 1] = min(1.0, out[K + 1] + 1.0 / self.reshuffles)


def _num(value: Any) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


def _clip(x: float, low: float = 0.0, high: float = 1.0) -> float:
    return low if x < low else high if x > high else x
