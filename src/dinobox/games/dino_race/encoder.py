"""Dino Race observation: the seat's view as a fixed-length vector (layout in docs/rl.md).

Seats are *relative*: slot 0 is always the observing seat, slot 1 the next seat in turn order,
and so on, so one policy can play any seat. Counts are divided by their largest possible value
(from the game's component data), so every entry lies in [0, 1] except the scores (in [-1, 1]).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dinobox.engine.game import Game
from dinobox.games.dino_race.data import CARD_KEYS, TERRAINS
from dinobox.rl.encoders.base import Encoder, Piece, one_hot, ratio

PHASES = ("setup", "play", "prize", "pass_egg", "roll", "draw", "resolve", "over")
SCORE_SCALE = 40.0
TURN_SCALE = 200.0


class DinoRaceEncoder(Encoder):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        data = game.data
        n = self.num_players
        self.teams = bool(game.options.get("teams"))
        self.per_player = 1 if self.teams else 2
        self.track = int(data.track_length)
        self.num_prizes = len(data.prize_values)
        self.card_counts = [max(1, c) for c in data.cards]
        self.total_cards = max(1, sum(data.cards))
        self.lava_drops = max(1, data.lava_drops)
        T = len(CARD_KEYS)
        L = self.track
        P = self.num_prizes
        k = self.per_player
        self._finish_layout(
            [
                Piece("seat", (n,), 0, 1, "one-hot: the observing seat's absolute number"),
                Piece("phase", (len(PHASES),), 0, 1, "one-hot: " + ", ".join(PHASES)),
                Piece("to_act", (n + 1,), 0, 1, "one-hot relative seat deciding now; last slot: nobody "
                      "(chance or game over)"),
                Piece("turn_player", (n,), 0, 1, "one-hot relative seat whose turn it is"),
                Piece("race", (3,), 0, 1, "race 1, race 2 (one-hot); 1 if this is a Double Match"),
                Piece("volcano", (3,), 0, 1, "volcano active; lava tiles / track length; lava drops left "
                      "in the supply / all lava drops"),
                Piece("track", (L, len(TERRAINS) + 1), 0, 1, "per tile 1..L: terrain one-hot "
                      f"({', '.join(TERRAINS)}), then 1 if the tile has turned to lava"),
                Piece("dinos", (n * k, L + 3), 0, 1, f"per dino ({k} per seat, seats relative, in dino-id "
                      "order): position one-hot over tile 0 (volcano)..L, then home, then knocked down"),
                Piece("egg", (n + 1,), 0, 1, "one-hot relative seat holding the egg; last slot: nobody"),
                Piece("hand", (T,), 0, 1, "own hand: count of each card type (" + ", ".join(CARD_KEYS)
                      + ") / copies of that type in the game"),
                Piece("players", (n, 6), 0, 1, "per relative seat: hand size / all cards, lava drops / all "
                      "drops, prizes / all prizes, dinos home / dinos per seat, still racing, on my team "
                      "(1 for myself and, in teams, my team-mate)"),
                Piece("prizes", (n, P), 0, 1, "per relative seat: multi-hot of the prize counters it holds "
                      "as far as I know (my own always; everyone's once the game is over)"),
                Piece("cards", (1 + T,), 0, 1, "deck size / all cards, then discard pile count per card "
                      "type / copies of that type"),
                Piece("prize_stack", (1 + P,), 0, 1, "counters left in the prize stack / all counters, then "
                      "multi-hot of the counters I may choose from now (prize choice only)"),
                Piece("passed_card", (1,), 0, 1, "Playing in Teams: 1 if a card was already passed this turn"),
                Piece("scores", (n,), -1, 1, f"per relative seat: sum of finished race scores / {SCORE_SCALE:g}"
                      ", clipped"),
                Piece("turn", (1,), 0, 1, f"turns begun / {TURN_SCALE:g}, clipped"),
            ]
        )

    def values(self, view: Mapping[str, Any]) -> list[float]:
        n = self.num_players
        seat = view.get("seat")
        me = seat if isinstance(seat, int) else 0
        L = self.track

        def rel(p: Any) -> int | None:
            return (p - me) % n if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n else None

        out: list[float] = []
        out += one_hot(n, me)
        phase = view.get("phase")
        out += one_hot(len(PHASES), PHASES.index(phase) if phase in PHASES else PHASES.index("resolve"))
        to_act = rel(view.get("to_act"))
        out += one_hot(n + 1, n if to_act is None else to_act)
        out += one_hot(n, rel(view.get("turn_player")))
        out += [*one_hot(2, int(view.get("race", 1)) - 1), 1.0 if view.get("races", 1) > 1 else 0.0]
        out += [1.0 if view.get("volcano_active") else 0.0, ratio(view.get("lava_tiles"), L),
                ratio(view.get("lava_supply"), self.lava_drops)]
        track = view.get("track", [])
        for i in range(L):
            tile = track[i] if i < len(track) else {}
            terrain = tile.get("terrain")
            out += one_hot(len(TERRAINS), TERRAINS.index(terrain) if terrain in TERRAINS else None)
            out.append(1.0 if tile.get("lava") else 0.0)
        dinos = sorted(view.get("dinos", []), key=lambda d: ((d["owner"] - me) % n, d["id"]))
        for slot in range(n * self.per_player):
            row = [0.0] * (L + 3)
            if slot < len(dinos):
                d = dinos[slot]
                if d.get("home"):
                    row[L + 1] = 1.0
                elif isinstance(d.get("tile"), int) and 0 <= d["tile"] <= L:
                    row[d["tile"]] = 1.0
                row[L + 2] = 1.0 if d.get("down") else 0.0
            out += row
        egg = rel(view.get("egg"))
        out += one_hot(n + 1, n if egg is None else egg)
        hand = view.get("hand") or {}
        out += [ratio(hand.get(key, 0), c) for key, c in zip(CARD_KEYS, self.card_counts, strict=True)]
        players = sorted(view.get("players", []), key=lambda p: (p["seat"] - me) % n)
        my_team = next((p.get("team") for p in players if p["seat"] == me), None)
        prize_rows: list[float] = []
        for r in range(n):
            p = players[r] if r < len(players) else {}
            same = p.get("seat") == me or (self.teams and my_team is not None and p.get("team") == my_team)
            out += [ratio(p.get("hand_count"), self.total_cards), ratio(p.get("lava_drops"), self.lava_drops),
                    ratio(p.get("prize_count"), self.num_prizes), ratio(p.get("dinos_home"), self.per_player),
                    1.0 if p.get("racing") else 0.0, 1.0 if same else 0.0]
            row = [0.0] * self.num_prizes
            for prize in p.get("prizes") or []:
                if 0 <= prize["id"] < self.num_prizes:
                    row[prize["id"]] = 1.0
            prize_rows += row
        out += prize_rows
        discard = view.get("discard") or {}
        out.append(ratio(view.get("deck_count"), self.total_cards))
        out += [ratio(discard.get(key, 0), c) for key, c in zip(CARD_KEYS, self.card_counts, strict=True)]
        out.append(ratio(view.get("prize_stack_count"), self.num_prizes))
        choice = [0.0] * self.num_prizes
        for prize in view.get("prize_choice") or []:
            if 0 <= prize["id"] < self.num_prizes:
                choice[prize["id"]] = 1.0
        out += choice
        out.append(1.0 if view.get("passed_card") else 0.0)
        totals = [0.0] * n
        for race in view.get("race_scores") or []:
            for p, s in enumerate(race[:n]):
                totals[(p - me) % n] += s
        out += [ratio(t, SCORE_SCALE, -1.0, 1.0) for t in totals]
        out.append(ratio(view.get("turn"), TURN_SCALE))
        return out
