"""Multiplayer ratings (OpenSkill's Plackett-Luce model), shared by the server's ladder and the
simulator's bot ladder, so a bot level has the same kind of rating in both.

A game is rated from its final standings: the winners share first place (a shared win is a
tie), the other seats follow by score, equal scores tie; a game nobody won (everyone lost) is a
tie of every seat. A *player* is a string: ``profile:<id>`` for a person's profile,
``bot:<spec>`` for a bot level (``bot:heuristic``, ``bot:strong``). A player holding several
seats of one game (two seats of the same bot) gets the mean of its seats' updates; a game with
fewer than two different players changes nothing (a mirror match says nothing about strength).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from openskill.models import PlackettLuce

from dinobox.engine.state import State

MU = 25.0
SIGMA = MU / 3
Z_INTERVAL = 2.0  # mu +- 2 sigma: about 95% of the model's belief
_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


def bot_player(spec: str) -> str:
    """The ladder name of a bot level (its spec as given, e.g. ``bot:heuristic``)."""
    return f"bot:{spec.strip()}"


def profile_player(profile_id: str) -> str:
    return f"profile:{profile_id}"


class RatingJson(TypedDict):
    """A rating as the ladders show it (rounded to three places)."""

    mu: float
    sigma: float
    ordinal: float
    interval: list[float]
    games: int


class LadderRow(RatingJson):
    """A player's rating in a ladder's table (``player`` first)."""

    player: str


@dataclass(frozen=True)
class Rating:
    """A player's skill belief: mean ``mu`` and uncertainty ``sigma``, after ``games`` rated games."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative skill ``mu - 3 sigma`` the ladders are sorted by (0 for a newcomer)."""
        return self.mu - 3 * self.sigma

    @property
    def interval(self) -> tuple[float, float]:
        return (self.mu - Z_INTERVAL * self.sigma, self.mu + Z_INTERVAL * self.sigma)

    def to_json(self) -> RatingJson:
        low, high = self.interval
        return {
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "ordinal": round(self.ordinal, 3),
            "interval": [round(low, 3), round(high, 3)],
            "games": self.games,
        }


def standings(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Each seat's place (1 = best; equal places for ties): the winners share 1st, the others
    follow by score (higher first). With no winner at all, every seat ties."""
    n = len(scores)
    if not winners:
        return [1] * n
    won = set(winners)
    others = sorted({scores[s] for s in range(n) if s not in won}, reverse=True)
    place = {score: 2 + i for i, score in enumerate(others)}
    return [1 if s in won else place[scores[s]] for s in range(n)]


def standings_of(state: State) -> list[int]:
    """The places of a finished game's seats (``scores()`` and ``winners()`` of the contract)."""
    if not state.is_terminal():
        raise ValueError("only a finished game has standings")
    return standings(state.scores(), state.winners())


def rate_game(players: Sequence[str], places: Sequence[int], current: Mapping[str, Rating]) -> dict[str, Rating]:
    """The new ratings of the players of one game (``players[s]`` held seat ``s`` and finished
    at ``places[s]``); players missing from ``current`` start fresh. Empty when the game says
    nothing (fewer than two different players)."""
    if len(players) != len(places):
        raise ValueError(f"{len(players)} players but {len(places)} places")
    if len(set(players)) < 2:
        return {}
    before = {p: current.get(p, Rating()) for p in players}
    teams = [[_MODEL.rating(mu=before[p].mu, sigma=before[p].sigma)] for p in players]
    rated = _MODEL.rate(teams, ranks=[float(x) for x in places])
    seats: dict[str, list[tuple[float, float]]] = {}
    for player, team in zip(players, rated, strict=True):
        seats.setdefault(player, []).append((team[0].mu, team[0].sigma))
    out = {}
    for player, got in seats.items():
        mu = sum(m for m, _ in got) / len(got)
        sigma = sum(s for _, s in got) / len(got)
        out[player] = Rating(mu, sigma, before[player].games + 1)
    return out


class Ladder:
    """Ratings accumulated over games in order (the simulator's ``--ratings``)."""

    def __init__(self) -> None:
        self.ratings: dict[str, Rating] = {}

    def add(self, players: Sequence[str], places: Sequence[int]) -> None:
        self.ratings.update(rate_game(players, places, self.ratings))

    def table(self) -> list[LadderRow]:
        """One row per player, strongest (highest ordinal) first."""
        ranked = sorted(self.ratings.items(), key=lambda kv: (-kv[1].ordinal, kv[0]))
        return [{"player": player, **rating.to_json()} for player, rating in ranked]


def damped(before: Rating, after: Rating, weight: float) -> Rating:
    """``after`` with only ``weight`` (0..1) of its change from ``before`` kept: a game that
    counts less (a repeat between the same profiles, ``profile_storage.repeat_weight``)."""
    if weight >= 1.0:
        return after
    mu = before.mu + weight * (after.mu - before.mu)
    sigma = before.sigma + weight * (after.sigma - before.sigma)
    return Rating(mu, sigma, after.games)
