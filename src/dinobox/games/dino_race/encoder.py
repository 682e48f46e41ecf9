"""Dino Race observation: the seat's view as a fixed-length vector (layout in encoder.md beside this module).

Seats are *relative*: slot 0 is always the observing seat, slot 1 the next seat in turn order,
and so on, so one policy can play any seat. Counts are divided by their largest possible value
(from the game's component data), so every entry lies in [0, 1] except the scores (in [-1, 1]).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from dinobox.engine.encoding import Encoder, Piece, one_hot, ratio
from dinobox.games.dino_race.data import CARD_KEYS, TERRAINS
from dinobox.games.dino_race.game import DinoRaceGame
from dinobox.games.dino_race.viewtypes import PHASES, DinoRaceView, PrizeView

SCORE_SCALE = 40.0
TURN_SCALE = 200.0


class DinoRaceEncoder(Encoder):
    def __init__(self, game: DinoRaceGame) -> None:
        super().__init__(game)
        data = game.data
        self.teams = bool(game.options["teams"])
        self.per_player = 1 if self.teams else 2
        self.track = data.track_length
        self.num_prizes = len(data.prize_values)
        self.card_counts = [max(1, c) for c in data.cards]
        self.total_cards = max(1, sum(data.cards))
        self.lava_drops = max(1, data.lava_drops)
        self._finish_layout(self._table_pieces() + self._seat_pieces())

    def _table_pieces(self) -> list[Piece]:
        """The shared table: status, track, dinos and the egg."""
        n, L, k = self.num_players, self.track, self.per_player
        return [
            Piece("seat", (n,), 0, 1, "one-hot: the observing seat's absolute number"),
            Piece("phase", (len(PHASES),), 0, 1, "one-hot: " + ", ".join(PHASES)),
            Piece(
                "to_act",
                (n + 1,),
                0,
                1,
                "one-hot relative seat deciding now; last slot: nobody (chance or game over)",
            ),
            Piece("turn_player", (n,), 0, 1, "one-hot relative seat whose turn it is"),
            Piece("race", (3,), 0, 1, "race 1, race 2 (one-hot); 1 if this is a Double Match"),
            Piece(
                "volcano",
                (3,),
                0,
                1,
                "volcano active; lava tiles / track length; lava drops left in the supply / all lava drops",
            ),
            Piece(
                "track",
                (L, len(TERRAINS) + 1),
                0,
                1,
                f"per tile 1..L: terrain one-hot ({', '.join(TERRAINS)}), then 1 if the tile has turned to lava",
            ),
            Piece(
                "dinos",
                (n * k, L + 3),
                0,
                1,
                f"per dino ({k} per seat, seats relative, in dino-id "
                "order): position one-hot over tile 0 (volcano)..L, then home, then knocked down",
            ),
            Piece("egg", (n + 1,), 0, 1, "one-hot relative seat holding the egg; last slot: nobody"),
        ]

    def _seat_pieces(self) -> list[Piece]:
        """Hands, players, prizes, the supply and the scores."""
        n, T, P = self.num_players, len(CARD_KEYS), self.num_prizes
        return [
            Piece(
                "hand",
                (T,),
                0,
                1,
                "own hand: count of each card type (" + ", ".join(CARD_KEYS) + ") / copies of that type in the game",
            ),
            Piece(
                "players",
                (n, 6),
                0,
                1,
                "per relative seat: hand size / all cards, lava drops / all drops in the box (clipped: "
                "drops beyond the supply still count), prizes / all prizes, dinos home / dinos per seat, "
                "still racing, on my team (1 for myself and, in teams, my team-mate)",
            ),
            Piece(
                "prizes",
                (n, P),
                0,
                1,
                "per relative seat: multi-hot of the prize counters it holds "
                "as far as I know (my own always; everyone's once the game is over)",
            ),
            Piece(
                "cards",
                (1 + T,),
                0,
                1,
                "deck size / all cards, then discard pile count per card type / copies of that type",
            ),
            Piece(
                "prize_stack",
                (1 + P,),
                0,
                1,
                "counters left in the prize stack / all counters, then "
                "multi-hot of the counters I (or, in Playing in Teams, my team-mate) may choose from now "
                "(prize choice only)",
            ),
            Piece("passed_card", (1,), 0, 1, "Playing in Teams: 1 if a card was already passed this turn"),
            Piece("scores", (n,), -1, 1, f"per relative seat: sum of finished race scores / {SCORE_SCALE:g}, clipped"),
            Piece("turn", (1,), 0, 1, f"turns begun / {TURN_SCALE:g}, clipped"),
        ]

    def values(self, view: Mapping[str, Any]) -> list[float]:
        v = cast("DinoRaceView", view)
        seat = v["seat"]
        me = seat if seat is not None else 0
        out: list[float] = []
        out += self._status(v, me)
        out += self._track(v)
        out += self._dinos(v, me)
        egg = self._rel(v["egg"], me)
        out += one_hot(self.num_players + 1, self.num_players if egg is None else egg)
        hand = v.get("hand") or {}
        out += [ratio(hand.get(key, 0), c) for key, c in zip(CARD_KEYS, self.card_counts, strict=True)]
        out += self._players(v, me)
        out += self._supply(v)
        out.append(1.0 if v.get("passed_card") else 0.0)
        out += self._scores(v, me)
        out.append(ratio(v["turn"], TURN_SCALE))
        return out

    def _rel(self, p: int | None, me: int) -> int | None:
        """Seat ``p`` relative to the observer ``me`` (None for nobody)."""
        n = self.num_players
        return (p - me) % n if p is not None and 0 <= p < n else None

    def _status(self, view: DinoRaceView, me: int) -> list[float]:
        """Pieces seat, phase, to_act, turn_player, race and volcano."""
        n = self.num_players
        out = one_hot(n, me)
        out += one_hot(len(PHASES), PHASES.index(view["phase"]))
        to_act = self._rel(view["to_act"], me)
        out += one_hot(n + 1, n if to_act is None else to_act)
        out += one_hot(n, self._rel(view["turn_player"], me))
        out += [*one_hot(2, view["race"] - 1), 1.0 if view["races"] > 1 else 0.0]
        out += [
            1.0 if view["volcano_active"] else 0.0,
            ratio(view["lava_tiles"], self.track),
            ratio(view["lava_supply"], self.lava_drops),
        ]
        return out

    def _track(self, view: DinoRaceView) -> list[float]:
        """Piece track: tiles not yet laid (during set-up) are all zeros."""
        out: list[float] = []
        track = view["track"]
        for i in range(self.track):
            if i < len(track):
                tile = track[i]
                terrain = tile["terrain"]
                out += one_hot(len(TERRAINS), TERRAINS.index(terrain) if terrain in TERRAINS else None)
                out.append(1.0 if tile["lava"] else 0.0)
            else:
                out += [0.0] * (len(TERRAINS) + 1)
        return out

    def _dinos(self, view: DinoRaceView, me: int) -> list[float]:
        n = self.num_players
        L = self.track
        dinos = sorted(view["dinos"], key=lambda d: ((d["owner"] - me) % n, d["id"]))
        out: list[float] = []
        for slot in range(n * self.per_player):
            row = [0.0] * (L + 3)
            if slot < len(dinos):
                d = dinos[slot]
                tile = d["tile"]
                if d["home"]:
                    row[L + 1] = 1.0
                elif tile is not None and 0 <= tile <= L:
                    row[tile] = 1.0
                row[L + 2] = 1.0 if d["down"] else 0.0
            out += row
        return out

    def _players(self, view: DinoRaceView, me: int) -> list[float]:
        """Pieces players, then prizes (per relative seat)."""
        n = self.num_players
        players = sorted(view["players"], key=lambda p: (p["seat"] - me) % n)
        my_team = next((p.get("team") for p in players if p["seat"] == me), None)
        out: list[float] = []
        prize_rows: list[float] = []
        for p in players[:n]:
            same = p["seat"] == me or (self.teams and my_team is not None and p.get("team") == my_team)
            out += [
                ratio(p["hand_count"], self.total_cards),
                ratio(p["lava_drops"], self.lava_drops),
                ratio(p["prize_count"], self.num_prizes),
                ratio(p["dinos_home"], self.per_player),
                1.0 if p["racing"] else 0.0,
                1.0 if same else 0.0,
            ]
            prize_rows += self._prize_row(p.get("prizes") or [])
        return out + prize_rows

    def _prize_row(self, prizes: list[PrizeView]) -> list[float]:
        row = [0.0] * self.num_prizes
        for prize in prizes:
            if 0 <= prize["id"] < self.num_prizes:
                row[prize["id"]] = 1.0
        return row

    def _supply(self, view: DinoRaceView) -> list[float]:
        """Pieces cards and prize_stack."""
        discard = view["discard"]
        out = [ratio(view["deck_count"], self.total_cards)]
        out += [ratio(discard.get(key, 0), c) for key, c in zip(CARD_KEYS, self.card_counts, strict=True)]
        out.append(ratio(view["prize_stack_count"], self.num_prizes))
        out += self._prize_row(view.get("prize_choice") or view.get("mate_prize_choice") or [])
        return out

    def _scores(self, view: DinoRaceView, me: int) -> list[float]:
        n = self.num_players
        totals = [0.0] * n
        for race in view.get("race_scores") or []:
            for p, s in enumerate(race[:n]):
                totals[(p - me) % n] += s
        return [ratio(t, SCORE_SCALE, -1.0, 1.0) for t in totals]
