"""The built-in first-player metric measures the player who takes the first turn, which a game
may draw at random (T-Rex Island) or set by an option, not seat 0."""

from __future__ import annotations

from dataclasses import dataclass, field

from dinobox.engine.state import CHANCE
from dinobox.simulate.metrics import RoundEdge


@dataclass
class Position:
    """What RoundEdge reads of a state: the turns begun and the scores."""

    turns: int
    points: list[int] = field(default_factory=lambda: [0, 0, 0])

    def turn_count(self) -> int:
        return self.turns

    def scores(self) -> list[int]:
        return self.points


def test_the_edge_is_the_first_turn_takers_not_seat_0s() -> None:
    edge = RoundEdge(3)
    edge.see(Position(0), 0)  # type: ignore[arg-type]  # a set-up decision of seat 0 (e.g. a character)
    edge.see(Position(0), CHANCE)  # type: ignore[arg-type]  # the first player drawn
    edge.see(Position(1), 2)  # type: ignore[arg-type]  # seat 2 takes the first turn
    edge.see(Position(4, [1, 3, 8]), 0)  # type: ignore[arg-type]  # the second round begins
    assert edge.first == 2
    assert edge.finish(Position(9, [2, 4, 9])) == [0.0, 6.0, 6.0]  # type: ignore[arg-type]
