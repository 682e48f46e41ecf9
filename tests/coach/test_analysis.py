"""``dinobox.coach.analyse``: what it reports for one seat, its JSON form, and bad input."""

from __future__ import annotations

from typing import Any

import pytest

import dinobox
from dinobox.bots import make_bot
from dinobox.coach import Analysis, Cancelled, Judgement, analyse
from dinobox.engine.errors import RecordError
from dinobox.engine.runner import play_game

GAMES = (("dino-race", 2), ("trex-island", 2), ("dinosaur-rush", 3), ("pangaea", 2))


def record_of(game_id: str, players: int, seed: int = 3, cut: int | None = None) -> dict[str, Any]:
    state = dinobox.load_game(game_id, players=players).new_initial_state()
    bots = [make_bot("heuristic", seed + i) for i in range(players)]
    final = play_game(state, bots, seed=seed, max_actions=cut)
    return final.state.to_record()


def seat_decisions(record: dict[str, Any], seat: int) -> tuple[int, int]:
    """(all decisions of ``seat``, those with more than one legal choice)."""
    state = dinobox.load_game(record["game"], players=record["players"]).new_initial_state()
    every = wide = 0
    for action in record["history"]:
        if state.current_player() == seat:
            every += 1
            wide += len(state.legal_actions()) > 1
        state.apply_action(action)
    return every, wide


@pytest.mark.parametrize(("game_id", "players"), GAMES[:1] + GAMES[3:])
def test_every_real_decision_is_judged(game_id: str, players: int) -> None:
    record = record_of(game_id, players, cut=120)
    analysis = analyse(record, 1, iterations=4)
    every, wide = seat_decisions(record, 1)
    assert len(analysis.decisions) == wide
    assert len(analysis.win_chance) == every
    assert analysis.budget == "iterations=4"
    for j in analysis.decisions:
        assert record["history"][j.move] == j.chosen
        assert 0 <= j.win_chance_chosen <= j.win_chance_best <= 1
        assert j.loss == pytest.approx(j.win_chance_best - j.win_chance_chosen)
        assert j.chosen_text and j.best_text
        assert (j.best == j.chosen) == (j.loss == 0 and j.best_text == j.chosen_text) or j.best != j.chosen


def test_same_seed_same_analysis_and_progress_is_reported() -> None:
    record = record_of("dino-race", 2, cut=80)
    seen: list[tuple[int, int]] = []
    first = analyse(record, 0, iterations=6, seed=5, on_progress=lambda done, total: seen.append((done, total)))
    assert analyse(record, 0, iterations=6, seed=5) == first
    assert seen and seen[-1][0] == seen[-1][1] == len(first.decisions)


def test_json_round_trip_and_costly() -> None:
    analysis = analyse(record_of("dino-race", 2, cut=80), 0, iterations=4)
    data = analysis.to_json()
    assert set(data) == {"game", "seat", "decisions", "win_chance", "budget"}
    assert set(data["decisions"][0]) == {
        "move",
        "chosen",
        "chosen_text",
        "best",
        "best_text",
        "win_chance_chosen",
        "win_chance_best",
        "uncertainty",
    }
    back = Analysis.from_json(data)
    assert back.to_json() == data
    assert back.costly(0.0) == [j for j in back.decisions if j.loss > 0]


def test_costly_uses_the_threshold() -> None:
    j = Judgement(3, 1, "a", 2, "b", 0.3, 0.5)
    k = Judgement(5, 1, "a", 1, "a", 0.4, 0.4)
    analysis = Analysis("dino-race", 0, (j, k), (0.3, 0.4), "iterations=1")
    assert analysis.costly() == [j]
    assert analysis.costly(0.25) == []


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"game": "dino-race", "seat": -1, "decisions": [], "win_chance": []},
        {"game": "dino-race", "seat": 0, "decisions": "x", "win_chance": []},
        {"game": "dino-race", "seat": 0, "decisions": [], "win_chance": [1.5]},
        {"game": "dino-race", "seat": 0, "decisions": [{"move": 1}], "win_chance": []},
    ],
)
def test_bad_analysis_json_is_refused(data: object) -> None:
    with pytest.raises(RecordError):
        Analysis.from_json(data)


def test_bad_input_is_refused() -> None:
    record = record_of("dino-race", 2, cut=40)
    with pytest.raises(RecordError):
        analyse({"format": 1, "game": "dino-race"}, 0)
    with pytest.raises(RecordError):
        analyse({**record, "history": [*record["history"], 10**6]}, 0)
    for seat in (2, -1, True):
        with pytest.raises(ValueError, match="seat"):
            analyse(record, seat)
    with pytest.raises(ValueError, match="iterations"):
        analyse(record, 0, iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        analyse(record, 0, seconds=-1)
    with pytest.raises(ValueError, match="not both"):
        analyse(record, 0, iterations=3, seconds=1)


def test_should_stop_cancels() -> None:
    with pytest.raises(Cancelled):
        analyse(record_of("dino-race", 2, cut=80), 0, iterations=4, should_stop=lambda: True)


def test_a_seconds_budget_is_kept_roughly() -> None:
    analysis = analyse(record_of("dino-race", 2, cut=60), 0, seconds=0.5)
    assert analysis.budget == "seconds=0.5"
    assert analysis.decisions
