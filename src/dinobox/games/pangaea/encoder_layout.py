"""Pangaea observation layout: the encoder's dimensions, taken from the game's component data, and
its pieces (name, shape, range, meaning; documented in docs/rl.md). ``encoder.py`` fills them
from a seat's view."""

from __future__ import annotations

from typing import cast

import numpy as np

from dinobox.engine.encoding import ArrayEncoder, Piece
from dinobox.engine.game import Game
from dinobox.games.pangaea.data import EVO_KEYS, LENGTHS, SYMBOL_KEYS, PangaeaData
from dinobox.games.pangaea.geometry import geometry
from dinobox.games.pangaea.tiles import (
    ACTION_KEYS,
    DIRECTION_KEYS,
    NUM_DINOS,
    RANGE_KEYS,
    STACK_OF_SYMBOL,
    TILE_KEYS,
    TILE_SYMBOLS,
)
from dinobox.games.pangaea.viewtypes import WorldView

PHASES = (
    "start",
    "step2",
    "step3",
    "step4",
    "interrupt",
    "direction",
    "earthquake",
    "dinosaur",
    "step6",
    "extra_move",
    "step7",
    "block",
    "shelter_move",
    "give_back",
    "take_tile",
    "reuse_crack",
    "protection",
    "lightning_reenter",
    "resolve",
    "over",
    "other",
)
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


Parts = dict[str, np.ndarray]
NO_WORLD = cast(WorldView, {})  # a view without its world reads as an empty one


class PangaeaLayout(ArrayEncoder):
    """The layout of Pangaea's observation: sizes from the component data, then the pieces."""

    def __init__(self, game: Game[PangaeaData]) -> None:
        super().__init__(game)
        data: PangaeaData = game.data
        self.rows = len(data.world_rows)
        self.cols = len(data.world_rows[0])
        self.geo = geometry(self.rows, self.cols)
        self.H = self.geo.n
        self.K = len(data.star_cards)
        self.wilds = max(1, data.wild_cards)
        self.reshuffles = max(1, data.reshuffle_cards)
        self.deck_total = max(1, self.K + data.wild_cards + data.reshuffle_cards)
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
        self._finish_layout(
            [*self._header_pieces(), *self._board_pieces(), *self._player_pieces(), *self._turn_pieces()]
        )

    # ----- layout (documented in docs/rl.md) ---------------------------------------------------
    def _card_doc(self) -> str:
        return (
            f"numbered kinds 0..{self.K - 1} (1 if present), then Wilds / {self.wilds}, then Reshuffles / "
            f"{self.reshuffles}"
        )

    def _header_pieces(self) -> list[Piece]:
        n = self.num_players
        return [
            Piece("seat", (n,), 0, 1, "one-hot: the observing seat's absolute number"),
            Piece(
                "phase",
                (len(PHASES),),
                0,
                1,
                "one-hot pending decision or step: "
                + ", ".join(PHASES)
                + " (other: a kind this encoder does not know)",
            ),
            Piece(
                "to_act", (n + 1,), 0, 1, "one-hot relative seat deciding now; last slot: nobody (chance or game over)"
            ),
            Piece("turn_player", (n,), 0, 1, "one-hot relative seat whose turn it is"),
            Piece(
                "options",
                (len(LENGTHS) + len(RANGES_OPTION),),
                0,
                1,
                f"one-hot game length {LENGTHS}, then one-hot ranges option {RANGES_OPTION}",
            ),
            Piece(
                "countdown",
                (3,),
                -1,
                1,
                "asteroid countdown / its start value (negative at the end "
                f"game), round / {ROUND_SCALE:g}, turns / {TURN_SCALE:g} (clipped)",
            ),
            Piece(
                "ring_position",
                (self.R,),
                0,
                1,
                "one-hot space of the asteroid token on the ring (0 = the lightning space A)",
            ),
            Piece(
                "ring_tokens",
                (self.R - 1, len(SYMBOL_KEYS) + 1),
                0,
                1,
                "per question-mark space 1..: symbol token one-hot (" + ", ".join(SYMBOL_KEYS) + "), last: none",
            ),
            Piece("centre", (5,), 0, 1, "centre symbol token one-hot (moon, sun, volcano, planet), last: none"),
            Piece(
                "restriction",
                (len(SYMBOL_KEYS),),
                0,
                1,
                "symbol restriction now, one-hot (" + ", ".join(SYMBOL_KEYS) + ")",
            ),
        ]

    def _board_pieces(self) -> list[Piece]:
        n, H, T = self.num_players, self.H, len(TILE_KEYS)
        tiles = ", ".join(TILE_KEYS)
        return [
            Piece("terrain", (H, T), 0, 1, f"per space (row-major): top tile one-hot ({tiles})"),
            Piece(
                "height",
                (H, 2),
                0,
                1,
                f"per space: land levels (level 1, level 2, mountain/volcano) "
                f"/ {MAX_LEVELS}, tiles in the stack / {MAX_STACK} (clipped)",
            ),
            Piece("explorers", (H, n), 0, 1, "per space: 1 if the relative seat's Explorer is there"),
            Piece(
                "shelters",
                (H, 2 * n),
                0,
                1,
                "per space: per relative seat, 1 if it has a Shelter "
                "there; then per relative seat, 1 if that Shelter is a level 3 (special) one",
            ),
            Piece(
                "dinos",
                (H, 4),
                0,
                1,
                "per space: T-Rex there, Brontosaurus there, that T-Rex moved "
                "this round, that Brontosaurus moved this round",
            ),
            Piece("cracks", (H, 3), 0, 1, "per space: a crack on its E, SE, SW side (every edge once)"),
            Piece(
                "marks",
                (H, len(MARKS)),
                0,
                1,
                "per space: Event locator, in the current action's "
                "range, pending tile change, blocked, starting star (start phase), impact point, where a "
                "pending dinosaur is about to land",
            ),
            Piece(
                "dinos_off",
                (NUM_DINOS,),
                0,
                1,
                "per dinosaur (T-Rex 1, T-Rex 2, Brontosaurus 1, 2): 1 if it is off the board",
            ),
            Piece(
                "pending_dino",
                (NUM_DINOS + 1,),
                0,
                1,
                "the dinosaur about to land (waiting for "
                "protection / Shelter-move decisions), one-hot by id; last: none",
            ),
        ]

    def _player_pieces(self) -> list[Piece]:
        n, C = self.num_players, self.K + 2
        return [
            Piece("hands", (n, C), 0, 1, f"per relative seat (hands are face up): {self._card_doc()}"),
            Piece(
                "hand_summary",
                (n, 1 + len(ACTION_KEYS) + len(RANGE_KEYS) + 4 + 1),
                0,
                1,
                f"per relative seat: cards / {self.hand_max}; then per action ({', '.join(ACTION_KEYS)}), "
                f"range ({', '.join(RANGE_KEYS)}), symbol (moon, sun, volcano, planet) and Wild: "
                f"cards with it / {self.hand_max}",
            ),
            Piece(
                "evolution",
                (n, len(EVO_KEYS), 2),
                0,
                1,
                "per relative seat and Evolution type ("
                + ", ".join(EVO_KEYS)
                + f"): active cards / {MAX_EVOLUTION_CARDS}, inactive cards / "
                f"{MAX_EVOLUTION_CARDS}",
            ),
            Piece(
                "players",
                (n, 7),
                0,
                1,
                "per relative seat: Explorer on the board, Shelters on the "
                f"board / {self.shelters}, Shelters left / {self.shelters}, Evolution cards / "
                f"{MAX_EVOLUTION_CARDS}, highest Evolution level / 4, allied with me, is me",
            ),
            Piece("alliances", (n, n), 0, 1, "per relative seat: multi-hot of the relative seats it is allied with"),
            Piece("scores", (n,), -1, 1, f"per relative seat: score / {SCORE_SCALE:g}, clipped"),
        ]

    def _turn_pieces(self) -> list[Piece]:
        n, C, T = self.num_players, self.K + 2, len(TILE_KEYS)
        cards = self._card_doc()
        return [
            Piece(
                "selection",
                (17,),
                0,
                1,
                "step 4 choice: present, hidden from me (always 0: the cards lie face up), cards chosen / 3, "
                f"distance / {DISTANCE_SCALE:g}, distance from a Wild, action one-hot ("
                + ", ".join(ACTION_KEYS)
                + "), action from a Wild, range one-hot ("
                + ", ".join(RANGE_KEYS)
                + "), no range card",
            ),
            Piece("selection_cards", (C,), 0, 1, f"the chosen cards: {cards}"),
            Piece("played", (C,), 0, 1, f"cards played this turn: {cards}"),
            Piece(
                "turn_state",
                (2 + len(DIRECTION_KEYS) + 1,),
                0,
                1,
                "interrupted this turn, any "
                "pending change, direction one-hot (" + ", ".join(DIRECTION_KEYS) + "), last: none",
            ),
            Piece("discard", (C,), 0, 1, f"STAR discard pile: {cards}"),
            Piece(
                "supplies",
                (2 + len(DIRECTION_KEYS) + len(EVO_KEYS) + (T - 1) + 1,),
                0,
                1,
                f"STAR deck / {self.deck_total}, Direction deck / {self.dir_total}, Direction discard "
                "per direction / its cards, Evolution supply per type / its cards, tile supply per "
                f"tile type ({', '.join(TILE_KEYS[1:])}) / all tiles of that type, crack sticks / "
                f"{self.sticks}",
            ),
            Piece(
                "end",
                (3 + (n + 1) + n,),
                -1,
                1,
                f"end game: started, impact value / {IMPACT_SCALE:g}, "
                "a Shelter survived, end-game player one-hot relative (last: none), bonus per relative "
                f"seat / {SCORE_SCALE:g}",
            ),
        ]
