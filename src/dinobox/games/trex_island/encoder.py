"""Escape from T-Rex Island observation: the seat's view as a fixed-length vector (docs/rl.md).

Seats are *relative*: slot 0 is always the observing seat, slot 1 the next seat in turn order,
and so on, so one policy can play any seat; teams (dice) follow their owner's relative slot, in
team order. Counts are divided by their largest possible value from the game's component data,
so every entry lies in [0, 1]. Only ``view(seat)`` is read; the board's fixed geometry (how far
each space is from the helipad) comes from the game's data, which every seat knows.

The vector is written into a fresh zeroed NumPy array: the encoder collects the indices and
values of the non-zero entries and stores them with one fancy assignment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from dinobox.engine.game import Game
from dinobox.games.trex_island.data import (
    ATTACK_NAMES,
    CHARACTER_KEYS,
    KIND_KEYS,
    NUM_CARD_TYPES,
    NUM_KINDS,
    TEAMS_PER_PLAYER,
    TOKEN_KEYS,
)
from dinobox.rl.encoders.base import ArrayEncoder, Piece

PHASES = ("character", "setup", "draw", "action", "discard", "token", "trex", "attack", "resolve", "over")
HELD_TOKENS = TOKEN_KEYS[1:]  # a Spinosaur is never kept
SCORE_SCALE = 100.0
TURN_SCALE = 200.0
T = NUM_CARD_TYPES


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


class TRexIslandEncoder(ArrayEncoder):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        data = game.data
        board = game.board  # type: ignore[attr-defined]
        n = self.num_players
        self.spaces = S = int(board.size)
        self.dice = D = TEAMS_PER_PLAYER * n
        self.rests = R = len(board.rests)
        self.helipad = int(board.helipad)
        self.rest_index = {s: i for i, s in enumerate(board.rests)}
        longest = max(1, board.to_helipad[board.start] + 1)
        # Progress of a team on space s: 1 - distance to the helipad / (longest way + 1).
        self.progress = [_clip(1.0 - board.to_helipad[s] / longest) for s in range(S)]
        self.arrival_slots = A = len(data.arrival_vp)
        self.max_crew = max(1, data.max_crew)
        self.copies = [max(1, c) for c in data.cards]
        self.kind_copies = [max(1, sum(data.cards[k * 3 : k * 3 + 3])) for k in range(NUM_KINDS)]
        self.total_cards = max(1, sum(data.cards))
        tokens = data.token_sets[min(n, 4) - 2]
        self.token_counts = [max(1, c) for c in tokens]
        self.total_tokens = max(1, sum(tokens))
        self.per_rest = max(1, data.tokens_per_rest[min(n, 4) - 2])
        self.hand_scale = max(1, data.journalist_hand_size, data.hand_size) + 1
        self.crew_scale = TEAMS_PER_PLAYER * self.max_crew
        self.row = S + 5 + A  # per-die row length
        pieces = [
            Piece("seat", (n,), 0, 1, "one-hot: the observing seat's absolute number (zeros for a spectator)"),
            Piece("phase", (len(PHASES),), 0, 1, "one-hot: " + ", ".join(PHASES)),
            Piece("to_act", (n + 1,), 0, 1, "one-hot relative seat deciding now; last slot: nobody "
                  "(chance or game over)"),
            Piece("turn_player", (n,), 0, 1, "one-hot relative seat whose turn it is"),
            Piece("actions_done", (2,), 0, 1, "one-hot: actions already taken this turn (0, 1)"),
            Piece("turn", (1,), 0, 1, f"turns begun / {TURN_SCALE:g}, clipped"),
            Piece("family", (1,), 0, 1, "1 in Family mode"),
            Piece("dice", (D, self.row), 0, 1, "per team (3 per seat, seats relative, team order): position "
                  f"one-hot over behind the arrow, spaces 0..{S - 1}, lost; crew / max crew; progress "
                  "(1 - steps to the helipad / longest way; 0 off the map); arrived; arrival order "
                  f"one-hot ({A} slots, the last for every later team)"),
            Piece("trex", (S + 1,), 0, 1, "one-hot space of the T-Rex; last slot: not on the map"),
            Piece("rest_tokens", (R,), 0, 1, "per rest point (board order): face-down tokens left / tokens "
                  "placed at each rest point"),
            Piece("tokens", (len(TOKEN_KEYS) + 1,), 0, 1, "tokens not yet drawn per kind ("
                  + ", ".join(TOKEN_KEYS) + ") / that kind in the game, then tokens on the map / all tokens"),
            Piece("players", (n, 20), 0, 1, "per relative seat: character one-hot (" + ", ".join(CHARACTER_KEYS)
                  + "); hand size / (largest hand + 1); trophies per herbivore / cards of that kind; tokens "
                  "held (" + ", ".join(HELD_TOKENS) + ") / that kind in the game; survivors it can feed / "
                  f"(3 x max crew); survivors rescued / (3 x max crew); score / {SCORE_SCALE:g}, clipped; free "
                  "Shotgun unused; evades Raptors; evades Pterosaurs"),
            Piece("hand", (T,), 0, 1, "own hand: count of each card type (kind * 3 + colour) / copies of it"),
            Piece("piles", (2, T + 1), 0, 1, "per discard pile: top card type one-hot (zeros when empty), then "
                  "its size / all cards"),
            Piece("on_top", (NUM_KINDS,), 0, 1, "per kind (" + ", ".join(KIND_KEYS) + "): piles showing it on "
                  "top / 2 (what pictures and carnivore effects count)"),
            Piece("discards", (T,), 0, 1, "count of each card type in both discard piles / copies of it"),
            Piece("deck", (1,), 0, 1, "draw deck size / all cards"),
            Piece("attack", (D + 2 + len(ATTACK_NAMES),), 0, 1, "pending attack: target team one-hot "
                  "(relative, as in dice), then a slot for none; attack kind one-hot ("
                  + ", ".join(ATTACK_NAMES) + "); men at stake / max crew"),
            Piece("playing", (T,), 0, 1, "one-hot card type just played, waiting for its discard pile"),
        ]
        self._finish_layout(pieces)
        self._at = {name: a for name, (a, _) in self.offsets.items()}

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        n = self.num_players
        S = self.spaces
        at = self._at
        seat = view.get("seat")
        me = self.observer(view)
        ix: list[int] = []
        vx: list[float] = []
        put_i = ix.append
        put_v = vx.append

        def rel(p: Any) -> int | None:
            return (p - me) % n if type(p) is int and 0 <= p < n else None

        if isinstance(seat, int) and 0 <= seat < n:
            put_i(at["seat"] + seat)
            put_v(1.0)
        phase = view.get("phase")
        put_i(at["phase"] + (PHASES.index(phase) if phase in PHASES else PHASES.index("resolve")))
        put_v(1.0)
        to_act = rel(view.get("to_act"))
        put_i(at["to_act"] + (n if to_act is None else to_act))
        put_v(1.0)
        tp = rel(view.get("turn_player"))
        if tp is not None:
            put_i(at["turn_player"] + tp)
            put_v(1.0)
        done = view.get("actions_done")
        if done in (0, 1):
            put_i(at["actions_done"] + done)
            put_v(1.0)
        put_i(at["turn"])
        put_v(_clip((view.get("turn") or 0) / TURN_SCALE))
        if self.game.options.get("family"):
            put_i(at["family"])
            put_v(1.0)

        # ----- teams -------------------------------------------------------------------------
        base = at["dice"]
        row = self.row
        progress = self.progress
        crew_scale = self.max_crew
        last_arrival = self.arrival_slots - 1
        for d in view.get("dice") or ():
            owner = d["owner"]
            slot = ((owner - me) % n) * TEAMS_PER_PLAYER + d["slot"]
            if not 0 <= slot < self.dice:
                continue
            r0 = base + slot * row
            space = d.get("space")
            if d.get("lost"):
                put_i(r0 + S + 1)
                put_v(1.0)
            elif type(space) is int and 0 <= space < S:
                put_i(r0 + 1 + space)
                put_v(1.0)
                put_i(r0 + S + 3)
                put_v(progress[space])
            else:  # behind the starting arrow
                put_i(r0)
                put_v(1.0)
            put_i(r0 + S + 2)
            put_v(_clip(d.get("crew", 0) / crew_scale))
            arrival = d.get("arrival")
            if d.get("arrived") or arrival:
                put_i(r0 + S + 4)
                put_v(1.0)
            if type(arrival) is int and arrival >= 1:
                put_i(r0 + S + 5 + min(arrival - 1, last_arrival))
                put_v(1.0)
        trex = view.get("trex")
        put_i(at["trex"] + (trex if type(trex) is int and 0 <= trex < S else S))
        put_v(1.0)

        # ----- tokens ------------------------------------------------------------------------
        rest_base = at["rest_tokens"]
        rest_index = self.rest_index
        for space in view.get("board") or ():
            left = space.get("tokens")
            if left:
                i = rest_index.get(space["id"])
                if i is not None:
                    put_i(rest_base + i)
                    put_v(_clip(left / self.per_rest))
        undrawn = view.get("tokens_undrawn") or {}
        tok_base = at["tokens"]
        for k, key in enumerate(TOKEN_KEYS):
            c = undrawn.get(key)
            if c:
                put_i(tok_base + k)
                put_v(_clip(c / self.token_counts[k]))
        put_i(tok_base + len(TOKEN_KEYS))
        put_v(_clip((view.get("tokens_on_map") or 0) / self.total_tokens))

        # ----- players -----------------------------------------------------------------------
        pbase = at["players"]
        for p in view.get("players") or ():
            r = rel(p.get("seat"))
            if r is None:
                continue
            r0 = pbase + r * 20
            char = p.get("character")
            if char in CHARACTER_KEYS:
                put_i(r0 + CHARACTER_KEYS.index(char))
                put_v(1.0)
            put_i(r0 + 4)
            put_v(_clip(p.get("hand_count", 0) / self.hand_scale))
            trophies = p.get("trophies") or {}
            for h in range(3):
                c = trophies.get(KIND_KEYS[h])
                if c:
                    put_i(r0 + 5 + h)
                    put_v(_clip(c / self.kind_copies[h]))
            held = p.get("tokens") or {}
            for k, key in enumerate(HELD_TOKENS):
                c = held.get(key)
                if c:
                    put_i(r0 + 8 + k)
                    put_v(_clip(c / self.token_counts[k + 1]))
            put_i(r0 + 14)
            put_v(_clip(p.get("can_feed", 0) / self.crew_scale))
            put_i(r0 + 15)
            put_v(_clip(p.get("rescued", 0) / self.crew_scale))
            put_i(r0 + 16)
            put_v(_clip(p.get("score", 0) / SCORE_SCALE))
            for j, key in enumerate(("free_shotgun", "evade_raptor", "evade_pterosaur")):
                if p.get(key):
                    put_i(r0 + 17 + j)
                    put_v(1.0)

        # ----- cards -------------------------------------------------------------------------
        copies = self.copies
        hbase = at["hand"]
        for c in view.get("hand") or ():
            t = c["card"]
            if 0 <= t < T:
                put_i(hbase + t)
                put_v(_clip(c.get("count", 1) / copies[t]))
        pile_base = at["piles"]
        top_base = at["on_top"]
        disc_base = at["discards"]
        discarded = [0] * T
        tops = [0] * NUM_KINDS
        for i, pile in enumerate((view.get("piles") or ())[:2]):
            r0 = pile_base + i * (T + 1)
            top = pile.get("top")
            if top:
                t = top["card"]
                put_i(r0 + t)
                put_v(1.0)
                tops[t // 3] += 1
            put_i(r0 + T)
            put_v(_clip(pile.get("count", 0) / self.total_cards))
            for c in pile.get("cards") or ():
                discarded[c["card"]] += 1
        for k in range(NUM_KINDS):
            if tops[k]:
                put_i(top_base + k)
                put_v(tops[k] / 2.0)
        for t in range(T):
            if discarded[t]:
                put_i(disc_base + t)
                put_v(_clip(discarded[t] / copies[t]))
        put_i(at["deck"])
        put_v(_clip((view.get("deck_count") or 0) / self.total_cards))

        # ----- pending decision --------------------------------------------------------------
        abase = at["attack"]
        attack = view.get("attack")
        D = self.dice
        if attack:
            team = attack.get("team")
            if type(team) is int and 0 <= team < D:
                owner, slot = divmod(team, TEAMS_PER_PLAYER)
                put_i(abase + ((owner - me) % n) * TEAMS_PER_PLAYER + slot)
            else:
                put_i(abase + D)
            put_v(1.0)
            kind = attack.get("kind")
            if kind in ATTACK_NAMES:
                put_i(abase + D + 1 + ATTACK_NAMES.index(kind))
                put_v(1.0)
            put_i(abase + D + 1 + len(ATTACK_NAMES))
            put_v(_clip((attack.get("men") or 0) / crew_scale))
        else:
            put_i(abase + D)
            put_v(1.0)
        playing = view.get("playing")
        if playing and 0 <= playing.get("card", -1) < T:
            put_i(at["playing"] + playing["card"])
            put_v(1.0)

        out = np.zeros(self.size, np.float32)
        out[ix] = vx
        return out
