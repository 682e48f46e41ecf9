"""Escape from T-Rex Island observation: the seat's view as a fixed-length vector (layout: encoder.md).

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
from typing import Any, cast

import numpy as np

from dinobox.engine.encoding import ArrayEncoder, Piece
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
from dinobox.games.trex_island.game import TRexIslandGame
from dinobox.games.trex_island.viewtypes import TRexView

PHASES = ("character", "setup", "draw", "action", "discard", "token", "trex", "attack", "resolve", "over")
HELD_TOKENS = TOKEN_KEYS[1:]  # a Spinosaur is never kept
SCORE_SCALE = 100.0
TURN_SCALE = 200.0
T = NUM_CARD_TYPES


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


class TRexIslandEncoder(ArrayEncoder):
    def __init__(self, game: Game) -> None:
        if not isinstance(game, TRexIslandGame):
            raise TypeError(f"the T-Rex Island encoder needs a T-Rex Island game, not {type(game).__name__}")
        super().__init__(game)
        data = game.data
        board = game.board
        n = self.num_players
        self.spaces = S = int(board.size)
        self.dice = TEAMS_PER_PLAYER * n
        self.rests = len(board.rests)
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
        self._finish_layout(self._pieces())
        self._at = {name: a for name, (a, _) in self.offsets.items()}

    def _pieces(self) -> list[Piece]:
        """The layout, piece by piece (documented in encoder.md)."""
        return self._table_pieces() + self._player_pieces()

    def _table_pieces(self) -> list[Piece]:
        """The turn, the teams, the T-Rex and the tokens."""
        n, S, D, R, A = self.num_players, self.spaces, self.dice, self.rests, self.arrival_slots
        return [
            Piece("seat", (n,), 0, 1, "one-hot: the observing seat's absolute number (zeros for a spectator)"),
            Piece("phase", (len(PHASES),), 0, 1, "one-hot: " + ", ".join(PHASES)),
            Piece(
                "to_act", (n + 1,), 0, 1, "one-hot relative seat deciding now; last slot: nobody (chance or game over)"
            ),
            Piece("turn_player", (n,), 0, 1, "one-hot relative seat whose turn it is"),
            Piece("actions_done", (2,), 0, 1, "one-hot: actions already taken this turn (0, 1)"),
            Piece("turn", (1,), 0, 1, f"turns begun / {TURN_SCALE:g}, clipped"),
            Piece("family", (1,), 0, 1, "1 in Family mode"),
            Piece(
                "dice",
                (D, self.row),
                0,
                1,
                "per team (3 per seat, seats relative, team order): position "
                f"one-hot over behind the arrow, spaces 0..{S - 1}, lost; crew / max crew; progress "
                "(1 - steps to the helipad / longest way; 0 off the map); arrived; arrival order "
                f"one-hot ({A} slots, the last for every later team)",
            ),
            Piece("trex", (S + 1,), 0, 1, "one-hot space of the T-Rex; last slot: not on the map"),
            Piece(
                "rest_tokens",
                (R,),
                0,
                1,
                "per rest point (board order): face-down tokens left / tokens placed at each rest point",
            ),
            Piece(
                "tokens",
                (len(TOKEN_KEYS) + 1,),
                0,
                1,
                "tokens not yet drawn per kind ("
                + ", ".join(TOKEN_KEYS)
                + ") / that kind in the game, then tokens on the map / all tokens",
            ),
        ]

    def _player_pieces(self) -> list[Piece]:
        """The players, the cards and what is pending."""
        n, D = self.num_players, self.dice
        return [
            Piece(
                "players",
                (n, 20),
                0,
                1,
                "per relative seat: character one-hot ("
                + ", ".join(CHARACTER_KEYS)
                + "); hand size / (largest hand + 1); trophies per herbivore / cards of that kind; tokens "
                "held (" + ", ".join(HELD_TOKENS) + ") / that kind in the game; survivors it can feed / "
                f"(3 x max crew); survivors rescued / (3 x max crew); score / {SCORE_SCALE:g}, clipped; free "
                "Shotgun unused; evades Raptors; evades Pterosaurs",
            ),
            Piece("hand", (T,), 0, 1, "own hand: count of each card type (kind * 3 + colour) / copies of it"),
            Piece(
                "piles",
                (2, T + 1),
                0,
                1,
                "per discard pile: top card type one-hot (zeros when empty), then its size / all cards",
            ),
            Piece(
                "on_top",
                (NUM_KINDS,),
                0,
                1,
                "per kind (" + ", ".join(KIND_KEYS) + "): piles showing it on "
                "top / 2 (what pictures and carnivore effects count)",
            ),
            Piece("discards", (T,), 0, 1, "count of each card type in both discard piles / copies of it"),
            Piece("deck", (1,), 0, 1, "draw deck size / all cards"),
            Piece(
                "attack",
                (D + 2 + len(ATTACK_NAMES),),
                0,
                1,
                "pending attack: target team one-hot "
                "(relative, as in dice), then a slot for none; attack kind one-hot ("
                + ", ".join(ATTACK_NAMES)
                + "); men at stake / max crew",
            ),
            Piece("playing", (T,), 0, 1, "one-hot card type just played, waiting for its discard pile"),
        ]

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        v = cast(TRexView, view)
        me = self.observer(view)
        ix: list[int] = []
        vx: list[float] = []
        self._encode_header(v, me, ix, vx)
        self._encode_dice(v, me, ix, vx)
        self._encode_tokens(v, ix, vx)
        self._encode_players(v, me, ix, vx)
        self._encode_cards(v, ix, vx)
        self._encode_pending(v, me, ix, vx)
        out = np.zeros(self.size, np.float32)
        out[ix] = vx
        return out

    def _rel(self, p: int | None, me: int) -> int | None:
        n = self.num_players
        return (p - me) % n if type(p) is int and 0 <= p < n else None

    def _encode_header(self, view: TRexView, me: int, ix: list[int], vx: list[float]) -> None:
        """Seat, phase, who acts, whose turn, actions done, turn count, Family mode."""
        at = self._at
        seat = view["seat"]
        if seat is not None and 0 <= seat < self.num_players:
            ix.append(at["seat"] + seat)
            vx.append(1.0)
        phase = view["phase"]
        ix.append(at["phase"] + (PHASES.index(phase) if phase in PHASES else PHASES.index("resolve")))
        vx.append(1.0)
        to_act = self._rel(view["to_act"], me)
        ix.append(at["to_act"] + (self.num_players if to_act is None else to_act))
        vx.append(1.0)
        tp = self._rel(view["turn_player"], me)
        if tp is not None:
            ix.append(at["turn_player"] + tp)
            vx.append(1.0)
        done = view["actions_done"]
        if done in (0, 1):
            ix.append(at["actions_done"] + done)
            vx.append(1.0)
        ix.append(at["turn"])
        vx.append(_clip((view["turn"] or 0) / TURN_SCALE))
        if self.game.options.get("family"):
            ix.append(at["family"])
            vx.append(1.0)

    def _encode_dice(self, view: TRexView, me: int, ix: list[int], vx: list[float]) -> None:
        """Each team's row (position, crew, progress, arrival), then the T-Rex's space."""
        n = self.num_players
        S = self.spaces
        base = self._at["dice"]
        row = self.row
        progress = self.progress
        crew_scale = self.max_crew
        last_arrival = self.arrival_slots - 1
        for d in view["dice"]:
            slot = ((d["owner"] - me) % n) * TEAMS_PER_PLAYER + d["slot"]
            if not 0 <= slot < self.dice:
                continue
            r0 = base + slot * row
            space = d["space"]
            if d["lost"]:
                ix.append(r0 + S + 1)
                vx.append(1.0)
            elif type(space) is int and 0 <= space < S:
                ix.extend((r0 + 1 + space, r0 + S + 3))
                vx.extend((1.0, progress[space]))
            else:  # behind the starting arrow
                ix.append(r0)
                vx.append(1.0)
            ix.append(r0 + S + 2)
            vx.append(_clip(d["crew"] / crew_scale))
            arrival = d["arrival"]
            if d["arrived"] or arrival:
                ix.append(r0 + S + 4)
                vx.append(1.0)
            if type(arrival) is int and arrival >= 1:
                ix.append(r0 + S + 5 + min(arrival - 1, last_arrival))
                vx.append(1.0)
        trex = view["trex"]
        ix.append(self._at["trex"] + (trex if type(trex) is int and 0 <= trex < S else S))
        vx.append(1.0)

    def _encode_tokens(self, view: TRexView, ix: list[int], vx: list[float]) -> None:
        """Face-down tokens per rest point, the undrawn mix, tokens left on the map."""
        rest_base = self._at["rest_tokens"]
        rest_index = self.rest_index
        for space in view["board"]:
            left = space.get("tokens")
            if left:
                i = rest_index.get(space["id"])
                if i is not None:
                    ix.append(rest_base + i)
                    vx.append(_clip(left / self.per_rest))
        undrawn = view["tokens_undrawn"]
        tok_base = self._at["tokens"]
        for k, key in enumerate(TOKEN_KEYS):
            c = undrawn.get(key)
            if c:
                ix.append(tok_base + k)
                vx.append(_clip(c / self.token_counts[k]))
        ix.append(tok_base + len(TOKEN_KEYS))
        vx.append(_clip((view["tokens_on_map"] or 0) / self.total_tokens))

    def _encode_players(self, view: TRexView, me: int, ix: list[int], vx: list[float]) -> None:
        """Per relative seat: character, hand size, trophies, tokens, food, rescued, score, perks."""
        pbase = self._at["players"]
        for p in view["players"]:
            r = self._rel(p["seat"], me)
            if r is None:
                continue
            r0 = pbase + r * 20
            char = p["character"]
            if char in CHARACTER_KEYS:
                ix.append(r0 + CHARACTER_KEYS.index(char))
                vx.append(1.0)
            ix.append(r0 + 4)
            vx.append(_clip(p["hand_count"] / self.hand_scale))
            trophies = p["trophies"]
            for h in range(3):
                c = trophies.get(KIND_KEYS[h])
                if c:
                    ix.append(r0 + 5 + h)
                    vx.append(_clip(c / self.kind_copies[h]))
            held = p["tokens"]
            for k, key in enumerate(HELD_TOKENS):
                c = held.get(key)
                if c:
                    ix.append(r0 + 8 + k)
                    vx.append(_clip(c / self.token_counts[k + 1]))
            ix.extend((r0 + 14, r0 + 15, r0 + 16))
            vx.extend(
                (
                    _clip(p["can_feed"] / self.crew_scale),
                    _clip(p["rescued"] / self.crew_scale),
                    _clip(p["score"] / SCORE_SCALE),
                )
            )
            for j, flag in enumerate((p["free_shotgun"], p["evade_raptor"], p["evade_pterosaur"])):
                if flag:
                    ix.append(r0 + 17 + j)
                    vx.append(1.0)

    def _encode_cards(self, view: TRexView, ix: list[int], vx: list[float]) -> None:
        """Own hand, both discard piles (tops, sizes, contents), kinds on top, the deck's size."""
        at = self._at
        copies = self.copies
        hbase = at["hand"]
        for c in view.get("hand") or ():
            t = c["card"]
            if 0 <= t < T:
                ix.append(hbase + t)
                vx.append(_clip(c["count"] / copies[t]))
        discarded = [0] * T
        tops = [0] * NUM_KINDS
        for i, pile in enumerate(view["piles"][:2]):
            r0 = at["piles"] + i * (T + 1)
            top = pile["top"]
            if top:
                t = top["card"]
                ix.append(r0 + t)
                vx.append(1.0)
                tops[t // 3] += 1
            ix.append(r0 + T)
            vx.append(_clip(pile["count"] / self.total_cards))
            for card in pile["cards"]:
                discarded[card["card"]] += 1
        for k in range(NUM_KINDS):
            if tops[k]:
                ix.append(at["on_top"] + k)
                vx.append(tops[k] / 2.0)
        for t in range(T):
            if discarded[t]:
                ix.append(at["discards"] + t)
                vx.append(_clip(discarded[t] / copies[t]))
        ix.append(at["deck"])
        vx.append(_clip((view["deck_count"] or 0) / self.total_cards))

    def _encode_pending(self, view: TRexView, me: int, ix: list[int], vx: list[float]) -> None:
        """A pending attack (target, kind, men at stake) and the card waiting for its pile."""
        abase = self._at["attack"]
        D = self.dice
        attack = view.get("attack")
        if attack:
            team = attack["team"]
            if type(team) is int and 0 <= team < D:
                owner, slot = divmod(team, TEAMS_PER_PLAYER)
                ix.append(abase + ((owner - me) % self.num_players) * TEAMS_PER_PLAYER + slot)
            else:
                ix.append(abase + D)
            vx.append(1.0)
            kind = attack["kind"]
            if kind in ATTACK_NAMES:
                ix.append(abase + D + 1 + ATTACK_NAMES.index(kind))
                vx.append(1.0)
            ix.append(abase + D + 1 + len(ATTACK_NAMES))
            vx.append(_clip((attack["men"] or 0) / self.max_crew))
        else:
            ix.append(abase + D)
            vx.append(1.0)
        playing = view.get("playing")
        if playing and 0 <= playing["card"] < T:
            ix.append(self._at["playing"] + playing["card"])
            vx.append(1.0)
