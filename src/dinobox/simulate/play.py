"""One simulated game: a pure function of the configuration and the game's index.

Seats are rotated: in game ``i`` seat ``s`` is played by ``bots[(s + i) % len(bots)]``, so over
``players`` consecutive games each bot sits in each seat once. Chance and every bot get seeds
derived from ``(seed, i)`` only, so the results do not depend on how games are spread over
worker processes.
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass, field

from dinobox.bots import check_bot_for_game, make_bot
from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.game import Game
from dinobox.engine.registry import load_game
from dinobox.engine.runner import play_game
from dinobox.engine.state import CHANCE, State
from dinobox.simulate.documents import GameRow, Settings
from dinobox.simulate.metrics import RoundEdge, Watchers, check_metrics, score_sources


@dataclass(frozen=True)
class SimConfig:
    """Everything that determines a simulation's results."""

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    players: int | None = None
    options: Settings = field(default_factory=dict)
    data: Settings = field(default_factory=dict)
    metrics: tuple[str, ...] = ()  # designers' own metrics: module:name or dinobox.metrics entry points

    @classmethod
    def from_game(cls, game: Game, bots: list[str], games: int, seed: int, metrics: tuple[str, ...] = ()) -> SimConfig:
        """The configuration that plays ``game`` (its players, options and data) with ``bots``."""
        return cls(
            game=game.id,
            bots=tuple(bots),
            games=games,
            seed=seed,
            players=game.num_players,
            options=dict(game.options),
            data=dict(game.data_overrides),
            metrics=metrics,
        )

    def build_game(self) -> Game:
        return load_game(self.game, players=self.players, data=self.data, **self.options)

    def check(self) -> Game:
        """The configured game, or a ``ValueError`` saying what is wrong with the configuration."""
        if self.games < 1:
            raise InvalidOptionError(f"--games must be at least 1, not {self.games}")
        game = self.build_game()
        if not self.bots:
            raise InvalidOptionError("name at least one bot (--bots random,heuristic,...)")
        if len(self.bots) not in (1, game.num_players):
            raise InvalidOptionError(
                f"--bots names {len(self.bots)} bots for {game.num_players} seats: give one bot for every "
                "seat, or a single bot for all seats"
            )
        for spec in self.bots:
            check_bot_for_game(spec, self.game)
        check_metrics(self.metrics, game)
        return game

    def seat_bots(self, index: int, players: int) -> list[str]:
        bots = self.bots if len(self.bots) > 1 else self.bots * players
        return [bots[(s + index) % players] for s in range(players)]


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from the parts (stable across processes and Python versions)."""
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play_one(config: SimConfig, game: Game, index: int) -> GameRow:
    """Play game ``index`` of the simulation and return its row of statistics."""
    seed = derive_seed("dinobox-sim", config.seed, index)
    n = game.num_players
    seats = config.seat_bots(index, n)
    bots = [make_bot(spec, derive_seed(seed, "seat", s)) for s, spec in enumerate(seats)]
    tally = _Tally(n, next((k.id for k in game.role_kinds() if k.team), None))
    edge = RoundEdge(n)
    watchers = Watchers(config.metrics, game) if config.metrics else None

    def see(state: State, player: int, action: int) -> None:
        tally.see(state, player, action)
        edge.see(state, player)
        if watchers is not None:
            watchers.step(state, player, action)

    result = play_game(game.new_initial_state(), bots, seed=seed, on_action=see)
    state = result.state
    scores = list(result.scores)
    ranked = sorted(scores, reverse=True)
    row: GameRow = {
        "index": index,
        "seed": seed,
        "seats": seats,
        "scores": scores,
        "winners": list(result.winners),
        "returns": state.returns(),
        "turns": result.turns,
        "decisions": result.decisions,
        "choice_decisions": tally.choices,
        "legal_choices": tally.legal,
        "branching": round(tally.legal / tally.decisions, 4) if tally.decisions else 0.0,
        "lead_changes": tally.lead_changes(state),
        "decisiveness": tally.decisiveness(list(result.winners)),
        "margin": _margin(scores, list(result.winners)) if len(ranked) > 1 else 0,
        "capped": result.capped,
        "actions": tally.kinds,
        "seat_actions": tally.seat_kinds,
        "seat_cards": tally.seat_cards,
        "score_sources": score_sources(state),
        "seat0_edge": edge.finish(state),
        "end_reason": state.end_reason(),
        "roles": state.seat_roles(),
        "order": state.play_order(),
        "choice_order": state.choice_order(),
    }
    if watchers is not None:
        row["metrics"] = watchers.columns(state)
    return row


def _margin(scores: list[int], winners: list[int]) -> int:
    """The winners' best score over the best of the others (in a team game, the other teams: a
    team's seats share its score); the top two scores when nobody or everybody won."""
    others = [score for seat, score in enumerate(scores) if seat not in winners]
    if not winners or not others:
        ranked = sorted(scores, reverse=True)
        return ranked[0] - ranked[1]
    return max(scores[seat] for seat in winners) - max(others)


class _Tally:
    """Watches a game: decisions with a real choice, action kinds, the leader at each turn."""

    def __init__(self, players: int, team: str | None = None) -> None:
        self.players = players
        self.team = team  # the role kind whose seats win together (they share the lead too)
        self.choices = 0
        self.decisions = 0
        self.legal = 0  # legal choices summed over the player decisions
        self.kinds: dict[str, int] = {}
        self.seat_kinds: list[dict[str, int]] = [{} for _ in range(players)]
        self.seat_cards: list[dict[str, int]] = [{} for _ in range(players)]
        self.turn = -1
        self.leaders: list[int | None] = []  # the sole leader at each turn (None: a tie)

    def see(self, state: State, player: int, action: int) -> None:
        if player == CHANCE:
            return
        options = len(state.legal_actions())
        self.decisions += 1
        self.legal += options
        if options > 1:
            self.choices += 1
        info = state.describe_action(action, player)
        kind = str(info.get("kind", "action"))
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        mine = self.seat_kinds[player]
        mine[kind] = mine.get(kind, 0) + 1
        card = info.get("card")
        if isinstance(card, (str, int)) and not isinstance(card, bool):  # the card a decision plays or takes
            name = card if isinstance(card, str) else f"card {card}"
            cards = self.seat_cards[player]
            cards[name] = cards.get(name, 0) + 1
        turn = state.turn_count()
        if turn != self.turn:
            self.turn = turn
            self._note_leader(state)

    def _note_leader(self, state: State) -> None:
        """The sole leader (in a team game: the lowest seat of the sole leading team), or None."""
        scores = state.scores()
        best = max(scores)
        top = [seat for seat, score in enumerate(scores) if score == best]
        if len(top) > 1 and self.team is not None:
            teams = state.seat_roles().get(self.team) or []
            if len({teams[seat] for seat in top}) == 1 and len(teams) == len(scores):
                top = top[:1]
        self.leaders.append(top[0] if len(top) == 1 else None)

    def lead_changes(self, final: State) -> int:
        self._note_leader(final)
        leaders = [seat for seat in self.leaders if seat is not None]
        return sum(1 for a, b in itertools.pairwise(leaders) if a != b)

    def decisiveness(self, winners: list[int]) -> float | None:
        """How early the game was decided: the share of its turns during which the sole winner
        already led for good (1 = led from the first turn, 0 = took the lead only at the end).
        ``None`` for a game without a single winner. Call after ``lead_changes``."""
        if len(winners) != 1 or not self.leaders:
            return None
        last_not_leading = max((t for t, seat in enumerate(self.leaders) if seat != winners[0]), default=-1)
        return round(1 - (last_not_leading + 1) / len(self.leaders), 4)
