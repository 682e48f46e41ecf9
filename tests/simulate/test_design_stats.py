"""How games end, and win shares by order of play and by role, with tests that fit the structure
(tests/simulate: the statistics on constructed rows, then every game end to end)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dinobox import load_game
from dinobox.cli.app import app
from dinobox.simulate.design import cmh_test, design_summary, order_rates
from dinobox.simulate.documents import GameRow
from dinobox.simulate.stats import decisiveness_block, show_mean
from simulate.sim_helpers import game_row

runner = CliRunner()


def _row(winner: int | None, players: int, **extra: object) -> GameRow:
    returns = [0.0] * players
    if winner is not None:
        returns[winner] = 1.0
    return game_row(returns=returns, winners=[] if winner is None else [winner], **extra)


def _chosen_rows(games: int, role_edge: float, chooser_edge: float, seed: int) -> list[GameRow]:
    """Two players choose between roles A and B; the first chooser (drawn) takes A with
    probability 0.9. The first chooser wins with ``chooser_edge`` more, role A with ``role_edge``."""
    rng = random.Random(seed)
    rows = []
    for _ in range(games):
        first = rng.randrange(2)
        choosers = [first, 1 - first]
        roles: list[str | None] = [None, None]
        a = "A" if rng.random() < 0.9 else "B"
        roles[first], roles[1 - first] = a, "B" if a == "A" else "A"
        p_first = 0.5 + chooser_edge + (role_edge if a == "A" else -role_edge)
        winner = first if rng.random() < p_first else 1 - first
        rows.append(_row(winner, 2, roles={"role": roles}, choice_order=choosers, order=[0, 1]))
    return rows


def _tables(rows: list[GameRow]) -> dict[int, dict[str, tuple[float, int]]]:
    tables: dict[int, dict[str, tuple[float, int]]] = {}
    for row in rows:
        for position, seat in enumerate(row["choice_order"]):
            role = row["roles"]["role"][seat]
            assert role is not None  # every seat holds a role in these games
            w, g = tables.setdefault(position, {}).get(role, (0.0, 0))
            tables[position][role] = (w + row["returns"][seat], g + 1)
    return tables


def test_role_test_finds_a_role_effect() -> None:
    result = cmh_test(_tables(_chosen_rows(2000, role_edge=0.12, chooser_edge=0.0, seed=1)), ["A", "B"])
    p = result["p_value"]
    assert result.get("significant") and p is not None and p < 0.001


def test_role_test_does_not_credit_the_role_with_the_choosers_edge() -> None:
    """The first chooser wins more and nearly always takes A: A wins more, but only because of
    who chose it. Stratified by choosing order, the role test finds nothing; the order of
    choosing shows the effect instead."""
    rows = _chosen_rows(2000, role_edge=0.0, chooser_edge=0.12, seed=2)
    a_share = sum(r["returns"][r["roles"]["role"].index("A")] for r in rows) / len(rows)
    assert a_share > 0.58  # the naive reading: role A is strong
    assert not cmh_test(_tables(rows), ["A", "B"])["significant"]
    rates, test = order_rates(rows, 2, "choice_order")
    share = rates["1"]["share"]
    assert test.get("significant") and share is not None and share > 0.58


def test_role_test_is_undefined_when_role_and_position_coincide() -> None:
    rows = [_row(i % 2, 2, roles={"role": ["A", "B"]}, choice_order=[0, 1]) for i in range(40)]
    result = cmh_test(_tables(rows), ["A", "B"])
    assert result["p_value"] is None and "cannot be told apart" in result["undefined"]


def test_order_of_play_test_and_shares() -> None:
    rng = random.Random(3)
    rows = []
    for _ in range(600):
        first = rng.randrange(3)
        order = [first, (first + 1) % 3, (first + 2) % 3]
        rows.append(_row(order[0] if rng.random() < 0.5 else order[rng.randrange(1, 3)], 3, order=order))
    rates, test = order_rates(rows, 3)
    share = rates["1"]["share"]
    assert set(rates) == {"1", "2", "3"} and share is not None and share > 0.45
    assert all(set(e) == {"games", "wins", "share", "ci95"} for e in rates.values())
    assert test.get("significant") and test.get("dof") == 2


def test_team_test_treats_the_team_as_the_unit() -> None:
    game = load_game("dino-race", players=4, teams=True)
    rng = random.Random(4)
    rows = []
    for _ in range(200):
        red_won = rng.random() < 0.6
        returns = [0.5, 0.0, 0.5, 0.0] if red_won else [0.0, 0.5, 0.0, 0.5]
        rows.append(
            game_row(
                returns=returns,
                winners=[0, 2] if red_won else [1, 3],
                end_reason="egg_safe",
                roles={"team": ["Red", "Blue", "Red", "Blue"]},
                order=[0, 1, 2, 3],
                choice_order=[],
            )
        )
    summary = design_summary(rows, game)
    team = summary["team_test"]
    assert team is not None and team.get("dof") == 1 and "team" in team["test"]
    red = summary["roles"]["team"]["Red"]
    assert red["games"] == 200 and red["share"] == pytest.approx(red["wins"] / 200)
    assert summary["end_reasons"]["egg_safe"]["share"] == 1.0
    assert summary["end_reasons"]["all_home"] == {**summary["end_reasons"]["all_home"], "games": 0, "share": 0.0}


def test_end_reasons_cover_every_game_and_name_the_turn_cap() -> None:
    game = load_game("trex-island", players=2)
    rows = [_row(0, 2, end_reason="helipad")] * 3 + [_row(1, 2, end_reason="deck_unreachable")]
    rows.append(_row(None, 2, capped=True, end_reason=None))
    reasons = design_summary(rows, game)["end_reasons"]
    assert list(reasons)[:4] == ["helipad", "deck", "deck_unreachable", "round_of_passes"]
    assert reasons["capped"]["games"] == 1
    assert sum(e["games"] for e in reasons.values()) == 5
    assert reasons["deck_unreachable"]["extension"] and not reasons["helipad"]["extension"]
    assert reasons["deck"]["share"] == 0.0 and reasons["deck"]["ci95"][1] > 0


def test_decisiveness_without_a_single_winner_is_undefined_not_zero() -> None:
    block = decisiveness_block([])
    assert block["mean"] is None and block["n"] == 0
    assert show_mean(block).startswith("– (undefined: no game had a single winner")
    assert show_mean(decisiveness_block([0.5, 0.7])) == "0.60"


GAMES = [
    ("trex-island", ["--players", "3"], "character"),
    ("pangaea", ["--players", "2"], "star"),
    ("dinosaur-rush", ["--players", "3"], "paleontologist"),
    ("dino-race", ["--players", "4", "--variant", "teams"], "team"),
]


@pytest.mark.parametrize(("game_id", "args", "kind"), GAMES)
def test_simulate_reports_end_reasons_order_and_roles(tmp_path: Path, game_id: str, args: list[str], kind: str) -> None:
    out = tmp_path / "run"
    result = runner.invoke(app, ["simulate", game_id, *args, "--games", "6", "--bots", "random", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "How games end" in text and "Win share by order of play" in text and f"Win share by {kind}" in text
    summary = json.loads((out / "summary.json").read_text())
    game = load_game(game_id, players=summary["players"], **summary["options"])
    reasons = summary["end_reasons"]
    assert set(reasons) >= {c.id for c in game.end_conditions}
    assert sum(e["games"] for e in reasons.values()) == 6
    for entry in reasons.values():
        assert set(entry) >= {"games", "share", "text"}
    assert set(summary["order"]) == {str(p) for p in range(1, summary["players"] + 1)}
    assert all(set(e) >= {"games", "wins", "share"} for e in summary["order"].values())
    assert "p_value" in summary["order_test"]
    assert set(summary["roles"]) == {kind}
    assert all(set(e) >= {"games", "wins", "share"} for e in summary["roles"][kind].values())
    assert "test" in summary["role_tests"][kind]
    page = (out / "report.html").read_text()
    assert "How games end" in page and "Win share by order of play" in page and f"Win share by {kind}" in page
    header = (out / "games.csv").read_text().splitlines()[0].split(",")
    assert "end_reason" in header and "order" in header and f"{kind}_0" in header
    if kind == "team":
        assert summary["team_test"] is not None and "team test" in text
        assert summary["decisiveness"]["mean"] is None and "decisiveness – (undefined" in text
        # the margin is over the other team, not between a team's two seats (always 0)
        assert summary["scores"]["winner_margin"]["mean"] > 0
