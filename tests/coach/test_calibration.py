"""The calibration map (isotonic fit, interpolation) and each game's coach settings."""

from __future__ import annotations

import json

import pytest

import dinobox
from dinobox.coach import CalibrationMap, CoachSettings, coach_settings
from dinobox.coach.calibration import isotonic_points
from dinobox.engine.errors import DataError
from dinobox.engine.registry import game_entry, game_ids


def test_isotonic_fit_pools_violators() -> None:
    # outcomes 1, 0 out of order at raw 0.2, 0.3: pooled to 0.5 at raw 0.25
    xs, ys = isotonic_points([0.1, 0.2, 0.3, 0.4], [0.0, 1.0, 0.0, 1.0])
    assert xs == pytest.approx((0.1, 0.25, 0.4))
    assert ys == pytest.approx((0.0, 0.5, 1.0))


def test_isotonic_fit_is_monotone_and_keeps_the_mean() -> None:
    raw = [i / 50 for i in range(50)]
    outcome = [float((i * 7) % 3 == 0) for i in range(50)]
    fitted = CalibrationMap.fit(raw, outcome)
    assert all(b >= a for a, b in zip(fitted.y, fitted.y[1:], strict=False))
    assert sum(fitted(x) for x in raw) / 50 == pytest.approx(sum(outcome) / 50, abs=0.05)


def test_map_interpolates_and_is_flat_beyond_its_ends() -> None:
    cal = CalibrationMap((0.2, 0.6), (0.1, 0.5))
    assert cal(0.0) == 0.1
    assert cal(0.4) == pytest.approx(0.3)
    assert cal(1.0) == 0.5
    assert CalibrationMap()(0.37) == 0.37  # no map: the raw value


@pytest.mark.parametrize(
    "data",
    [{"x": [0.5, 0.4], "y": [0.1, 0.2]}, {"x": [0.1, 0.2], "y": [0.3, 0.2]}, {"x": [0.1], "y": [2.0]}, {"x": [0.1]}],
)
def test_bad_maps_are_refused(data: object) -> None:
    with pytest.raises(DataError):
        CalibrationMap.from_json(data)


def test_settings_refuse_bad_values() -> None:
    with pytest.raises(DataError):
        CoachSettings.from_json({"playout": "clever"})
    with pytest.raises(DataError):
        CoachSettings.from_json({"iterations": 0})
    settings = CoachSettings.from_json({"calibration": {"*": {"x": [0.2, 0.8], "y": [0.1, 0.9]}}})
    assert settings.calibration_for(3)(0.5) == pytest.approx(0.5)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_readable_settings(game_id: str) -> None:
    settings = coach_settings(game_id)
    assert settings.iterations >= 1
    for cal in settings.calibration.values():
        assert json.loads(json.dumps(cal.to_json()))["x"] == list(cal.to_json()["x"])


@pytest.mark.parametrize("game_id", game_ids())
def test_every_player_count_of_a_game_with_maps_has_its_own_map(game_id: str) -> None:
    """Raw search values are not win chances: a game that ships maps (every game of dinobox;
    a plug-in without ``coach.json`` gets raw values) has one for each count it allows."""
    settings = coach_settings(game_id)
    if not settings.calibration:
        assert game_entry(game_id).read_resource("coach.json") is None
        return
    low, high = dinobox.load_game(game_id).player_range({})
    for players in range(low, high + 1):
        cal = settings.calibration.get(str(players))
        assert cal is not None and len(cal.x) >= 2, f"{game_id}: no calibration map for {players} players"
        assert cal(0.0) < cal(1.0), f"{game_id}, {players} players: the map is flat"


def test_the_four_games_ship_maps() -> None:
    for game_id in ("dino-race", "trex-island", "dinosaur-rush", "pangaea"):
        assert coach_settings(game_id).calibration, game_id
