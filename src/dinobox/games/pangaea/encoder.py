"""Pangaea observation: the seat's view as a fixed-length vector (layout in docs/rl.md).

Seats are *relative*: slot 0 is always the observing seat (seat 0 for the spectator), slot 1
the next seat in turn order, and so on. The wrapping hex world is encoded space by space
(``rows × cols`` spaces, row-major, as ``view["world"]``) in several planes; counts are divided
by their largest possible value from the game's component data, so every entry lies in [0, 1]
except the countdown, the scores and the end-game values (in [-1, 1]).

Only ``view(seat)`` is read, through its declared type (``viewtypes.PangaeaView``), tolerantly:
a missing key reads as empty. Keys the encoder does not know are ignored and an unknown phase
(a decision kind added later) sets the ``other`` slot of ``phase``, so the layout stays fixed
while the rules grow. In Pangaea every hand is face up, and so are the cards chosen in step 4:
all of them are encoded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import numpy as np

from dinobox.games.pangaea.data import EVO_KEYS, EVO_LEVEL, LENGTHS, SYMBOL_KEYS
from dinobox.games.pangaea.encoder_layout import (
    DISTANCE_SCALE,
    IMPACT_SCALE,
    LAND,
    MAX_EVOLUTION_CARDS,
    MAX_LEVELS,
    MAX_STACK,
    NO_WORLD,
    PHASES,
    RANGES_OPTION,
    ROUND_SCALE,
    SCORE_SCALE,
    TURN_SCALE,
    PangaeaLayout,
    Parts,
)
from dinobox.games.pangaea.tiles import (
    ACTION_KEYS,
    DIRECTION_KEYS,
    NUM_DINOS,
    RANGE_KEYS,
    TILE_KEYS,
    is_trex,
)
from dinobox.games.pangaea.viewtypes import PangaeaView, PlayerView, WorldView


class PangaeaEncoder(PangaeaLayout):
    """Pangaea's observation, filled from a seat's view in the layout of ``PangaeaLayout``."""

    # ----- encoding ------------------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        v = cast(PangaeaView, view)
        x = np.zeros(self.size, np.float32)
        parts = self.split(x)
        me = self.observer(view)
        self._encode_header(parts, v, me)
        world = v.get("world") or NO_WORLD
        self._encode_terrain(parts, world)
        self._encode_pieces(parts, world, me)
        self._encode_marks(parts, v, world)
        self._encode_players(parts, v, me)
        self._encode_turn(parts, v)
        self._encode_supplies(parts, v, world)
        self._encode_end(parts, v, me)
        return x

    def _rel(self, p: object, me: int) -> int | None:
        """A seat relative to the observer, or None for anything else."""
        n = self.num_players
        i = _index(p, n)
        return None if i is None or p is True or p is False else (i - me) % n

    def _space(self, at: object) -> int | None:
        """A ``[row, col]`` pair as a space of the game's geometry, or None."""
        if isinstance(at, Sequence) and len(at) == 2:
            r, c = _int(at[0]), _int(at[1])
            if r is not None and c is not None and 0 <= r < self.rows:
                return self.geo.space(r, c)
        return None

    def _encode_header(self, parts: Parts, v: PangaeaView, me: int) -> None:
        n = self.num_players
        parts["seat"][me] = 1.0
        phase = v.get("phase")
        parts["phase"][PHASES.index(phase) if phase in PHASES else len(PHASES) - 1] = 1.0
        to_act = self._rel(v.get("to_act"), me)
        parts["to_act"][n if to_act is None else to_act] = 1.0
        tp = self._rel(v.get("turn_player"), me)
        if tp is not None:
            parts["turn_player"][tp] = 1.0
        options = v.get("options")
        opt = parts["options"]
        if options and options.get("length") in LENGTHS:
            opt[LENGTHS.index(options["length"])] = 1.0
        if options and options.get("ranges") in RANGES_OPTION:
            opt[len(LENGTHS) + RANGES_OPTION.index(options["ranges"])] = 1.0
        cd = parts["countdown"]
        cd[0] = _clip(_num(v.get("asteroid")) / self.countdown, -1.0)
        cd[1] = _clip(_num(v.get("round")) / ROUND_SCALE)
        cd[2] = _clip(_num(v.get("turn")) / TURN_SCALE)
        pos = v.get("ring_pos")
        ring_at = _index(pos, self.R)
        if ring_at is not None:
            parts["ring_position"][ring_at] = 1.0
        ring = v.get("ring") or []
        tokens = parts["ring_tokens"]
        for i in range(1, self.R):
            sym = ring[i] if i < len(ring) else None
            tokens[i - 1, SYMBOL_KEYS.index(sym) if sym in SYMBOL_KEYS else len(SYMBOL_KEYS)] = 1.0
        centre = v.get("centre")
        parts["centre"][SYMBOL_KEYS.index(centre) if centre in SYMBOL_KEYS[:4] else 4] = 1.0
        restriction = v.get("restriction")
        if restriction in SYMBOL_KEYS:
            parts["restriction"][SYMBOL_KEYS.index(restriction)] = 1.0

    def _encode_terrain(self, parts: Parts, world: WorldView) -> None:
        cols, H = self.cols, self.H
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

    def _encode_pieces(self, parts: Parts, world: WorldView, me: int) -> None:
        """Explorers, Shelters, dinosaurs and cracks on the world."""
        n = self.num_players
        explorers = parts["explorers"]
        for p, at in enumerate((world.get("explorers") or [])[:n]):
            s = self._space(at)
            if s is not None:
                explorers[s, (p - me) % n] = 1.0
        shelters = parts["shelters"]
        for sh in world.get("shelters") or []:
            s = self._space(sh.get("at"))
            if s is None:
                continue
            for p in sh.get("seats") or []:
                q = self._rel(p, me)
                if q is not None:
                    shelters[s, q] = 1.0
            for p in sh.get("special") or []:
                q = self._rel(p, me)
                if q is not None:
                    shelters[s, n + q] = 1.0
        dinos = parts["dinos"]
        off = parts["dinos_off"]
        for d in world.get("dinos") or []:
            did = _index(d.get("id"), NUM_DINOS)
            if did is None:
                continue
            s = self._space(d.get("at"))
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
            a, b = self._space(pair[0]), self._space(pair[1])
            edge = self.geo.edge_of.get((a, b)) if a is not None and b is not None else None
            if edge is not None:
                cracks[edge // 3, edge % 3] = 1.0

    def _encode_marks(self, parts: Parts, v: PangaeaView, world: WorldView) -> None:
        """The per-space marks: locator, range, pending changes, blocks, stars, impact, dino target."""
        marks = parts["marks"]
        s = self._space(world.get("locator"))
        if s is not None:
            marks[s, 0] = 1.0
        keyed = ((1, v.get("range")), (2, v.get("pending_changes")), (3, v.get("blocked")), (4, v.get("stars")))
        for m, spaces in keyed:
            for at in spaces or []:
                s = self._space(at)
                if s is not None:
                    marks[s, m] = 1.0
        end = v.get("end")
        s = self._space(end.get("impact") if end else None)
        if s is not None:
            marks[s, 5] = 1.0
        pending = _mapping(v.get("pending_dino"))
        did = _index(pending.get("dino"), NUM_DINOS) if pending is not None else None
        if did is not None:
            parts["pending_dino"][did] = 1.0
            s = self._space(pending.get("to") if pending else None)
            if s is not None:
                marks[s, 6] = 1.0
        else:
            parts["pending_dino"][NUM_DINOS] = 1.0

    def _encode_players(self, parts: Parts, v: PangaeaView, me: int) -> None:
        n = self.num_players
        my_allies: set[int] = set()
        rows = [p for p in v.get("players") or [] if self._rel(p.get("seat"), me) is not None]
        for p in rows:
            if p["seat"] == me:
                my_allies = {a for a in map(_int, p.get("allies") or []) if a is not None}
        for p in rows:
            q = (p["seat"] - me) % n
            self._encode_hand(parts, q, p)
            self._encode_player(parts, q, p, me, my_allies)
        np.minimum(parts["evolution"], 1.0, out=parts["evolution"])

    def _encode_hand(self, parts: Parts, q: int, p: PlayerView) -> None:
        hand = p.get("hand") or []
        self._cards(parts["hands"][q], hand)
        na, nr = len(ACTION_KEYS), len(RANGE_KEYS)
        row = parts["hand_summary"][q]
        row[0] = min(1.0, len(hand) / self.hand_max)
        for card in hand:
            if card.get("wild"):
                row[1 + na + nr + 4] += 1.0
                continue
            action, rng, symbol = card.get("action"), card.get("range"), card.get("symbol")
            if action in ACTION_KEYS:
                row[1 + ACTION_KEYS.index(action)] += 1.0
            if rng in RANGE_KEYS:
                row[1 + na + RANGE_KEYS.index(rng)] += 1.0
            if symbol in SYMBOL_KEYS[:4]:
                row[1 + na + nr + SYMBOL_KEYS.index(symbol)] += 1.0
        row[1:] = np.minimum(row[1:] / self.hand_max, 1.0)

    def _encode_player(self, parts: Parts, q: int, p: PlayerView, me: int, my_allies: set[int]) -> None:
        evolution = parts["evolution"]
        evo = p.get("evolution") or []
        best = 0
        for card in evo:
            etype = card.get("type")
            if etype in EVO_KEYS:
                e = EVO_KEYS.index(etype)
                evolution[q, e, 0 if card.get("active") else 1] += 1.0 / MAX_EVOLUTION_CARDS
                best = max(best, EVO_LEVEL[e])
        pr = parts["players"][q]
        pr[0] = 1.0 if p.get("explorer") is not None else 0.0
        pr[1] = _clip(_num(p.get("shelters")) / self.shelters)
        pr[2] = _clip(_num(p.get("shelters_left")) / self.shelters)
        pr[3] = _clip(len(evo) / MAX_EVOLUTION_CARDS)
        pr[4] = best / 4.0
        pr[5] = 1.0 if p["seat"] in my_allies else 0.0
        pr[6] = 1.0 if q == 0 else 0.0
        for a in p.get("allies") or []:
            b = self._rel(a, me)
            if b is not None:
                parts["alliances"][q, b] = 1.0
        parts["scores"][q] = _clip(_num(p.get("score")) / SCORE_SCALE, -1.0)

    def _encode_turn(self, parts: Parts, v: PangaeaView) -> None:
        """The step 4 choice, the cards played, the interrupt and the direction."""
        sel = _mapping(v.get("selection"))
        if sel is not None:
            row = parts["selection"]
            row[0] = 1.0
            # row[1] ("hidden from me") stays 0: the chosen cards lie face up (kept for a stable layout)
            row[2] = _clip(_num(sel.get("chosen")) / 3.0)
            row[3] = _clip(_num(sel.get("distance")) / DISTANCE_SCALE)
            row[4] = 1.0 if sel.get("distance_card") == self.K else 0.0
            action, rng = sel.get("action"), sel.get("range")
            if action in ACTION_KEYS:
                row[5 + ACTION_KEYS.index(action)] = 1.0
            row[10] = 1.0 if sel.get("action_card") == self.K else 0.0
            if rng in RANGE_KEYS:
                row[11 + RANGE_KEYS.index(rng)] = 1.0
            row[16] = 1.0 if sel.get("range_card") == -1 else 0.0
            chosen = [{"kind": sel.get(key)} for key in ("distance_card", "action_card", "range_card")]
            self._cards(parts["selection_cards"], chosen)
        self._cards(parts["played"], v.get("played") or [])
        ts = parts["turn_state"]
        ts[0] = 1.0 if v.get("interrupted") else 0.0
        ts[1] = 1.0 if v.get("pending_changes") else 0.0
        direction = v.get("direction")
        ts[2 + (DIRECTION_KEYS.index(direction) if direction in DIRECTION_KEYS else len(DIRECTION_KEYS))] = 1.0

    def _encode_supplies(self, parts: Parts, v: PangaeaView, world: WorldView) -> None:
        discard = v.get("discard") or {}
        self._cards(
            parts["discard"],
            [{"kind": int(k)} for k, c in discard.items() if str(k).lstrip("-").isdigit() for _ in range(int(c))],
        )
        sup = parts["supplies"]
        sup[0] = _clip(_num(v.get("deck_count")) / self.deck_total)
        sup[1] = _clip(_num(v.get("direction_deck")) / self.dir_total)
        i = 2
        dd = v.get("direction_discard") or {}
        for d, key in enumerate(DIRECTION_KEYS):
            sup[i + d] = _clip(_num(dd.get(key)) / self.dir_counts[d])
        i += len(DIRECTION_KEYS)
        es = v.get("evolution_supply") or {}
        for e, key in enumerate(EVO_KEYS):
            sup[i + e] = _clip(_num(es.get(key)) / self.evo_counts[e])
        i += len(EVO_KEYS)
        ws = world.get("supply") or {}
        for t, key in enumerate(TILE_KEYS[1:], start=1):
            sup[i + t - 1] = _clip(_num(ws.get(key)) / self.tile_totals[t])
        i += len(TILE_KEYS) - 1
        sup[i] = _clip(_num(world.get("sticks")) / self.sticks)

    def _encode_end(self, parts: Parts, v: PangaeaView, me: int) -> None:
        end = v.get("end")
        if not end:
            return
        n = self.num_players
        ev = parts["end"]
        ev[0] = 1.0
        ev[1] = _clip(_num(end.get("impact_value")) / IMPACT_SCALE, -1.0)
        ev[2] = 1.0 if end.get("survived") else 0.0
        ep = self._rel(end.get("end_player"), me)
        ev[3 + (n if ep is None else ep)] = 1.0
        for p, b in enumerate((end.get("bonus") or [])[:n]):
            ev[3 + n + 1 + (p - me) % n] = _clip(_num(b) / SCORE_SCALE, -1.0)

    def _cards(self, out: np.ndarray, cards: Sequence[Mapping[str, Any]]) -> None:
        """Fill a ``K + 2`` card vector: numbered kinds present, Wilds and Reshuffles counted."""
        K = self.K
        for card in cards:
            kind = _int(card.get("kind"))
            if kind is None or kind < 0:
                continue
            if kind < K:
                out[kind] = 1.0
            elif kind == K:
                out[K] = min(1.0, out[K] + 1.0 / self.wilds)
            elif kind == K + 1:
                out[K + 1] = min(1.0, out[K + 1] + 1.0 / self.reshuffles)


# ----- reading the view's JSON tolerantly: the checks of its values, in one place ------------------
def _int(value: object) -> int | None:
    """``value`` if it is an int (a bool reads as 0 or 1), else None."""
    return value if isinstance(value, int) else None


def _mapping(value: object) -> Mapping[str, object] | None:
    """``value`` if it is a JSON object, else None."""
    return value if isinstance(value, Mapping) else None


def _index(value: object, size: int) -> int | None:
    """``value`` as an index below ``size`` (an int, a bool read as 0 or 1), or None."""
    i = _int(value)
    return i if i is not None and 0 <= i < size else None


def _num(value: object) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


def _clip(x: float, low: float = 0.0, high: float = 1.0) -> float:
    return low if x < low else high if x > high else x
