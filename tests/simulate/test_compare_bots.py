"""``simulate --compare-bots A,B``: an effect one bot level shows and the other does not is
flagged as the bot's; an A/A comparison flags nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from dinobox import load_game
from dinobox.cli.app import app
from dinobox.simulate.botcompare import BOT_EFFECT, LevelSummary, bot_effects, level_folder
from dinobox.simulate.design import design_summary
from dinobox.simulate.stats import seat_rates, seat_test
from simulate.sim_helpers import game_row

runner = CliRunner()


def _summary(first_wins: float, extension: float, seed: int, games: int = 600) -> LevelSummary:
    """Two-player games of T-Rex Island (drawn first player) where the first player wins
    ``first_wins`` of the games and ``extension`` of them end by the deck with tokens out of reach."""
    game = load_game("trex-island", players=2)
    rng = random.Random(seed)
    rows = []
    for _ in range(games):
        first = rng.randrange(2)
        winner = first if rng.random() < first_wins else 1 - first
        chars: list[str | None] = ["Hunter", "Boy Scout"] if rng.random() < 0.5 else ["Boy Scout", "Hunter"]
        returns = [1.0 if s == winner else 0.0 for s in range(2)]
        reason = "deck_unreachable" if rng.random() < extension else "helipad"
        chooser = rng.randrange(2)
        rows.append(
            game_row(
                returns=returns,
                winners=[winner],
                end_reason=reason,
                roles={"character": chars},
                order=[first, 1 - first],
                choice_order=[chooser, 1 - chooser],
            )
        )
    return {"games": games, "seats": seat_rates(rows, 2), "seat_test": seat_test(rows, 2), **design_summary(rows, game)}


def test_a_bot_effect_is_flagged_as_the_bots() -> None:
    """Constructed: with level A the first player wins 62% and 30% of games end by the extension;
    with level B neither (50%, 5%)."""
    result = bot_effects(_summary(0.62, 0.30, seed=1), _summary(0.5, 0.05, seed=2), ("A", "B"))
    flagged = {f["effect"]: f for f in result["flags"]}
    assert "order" in flagged and flagged["order"]["shown_by"] == "A"
    assert BOT_EFFECT in flagged["order"]["sentence"]
    assert "end:deck_unreachable" in flagged and "end:helipad" in flagged
    assert "seat" not in flagged  # the first player is drawn: no seat wins more


def test_an_effect_both_levels_show_is_the_games() -> None:
    result = bot_effects(_summary(0.62, 0.2, seed=3), _summary(0.62, 0.2, seed=4), ("A", "B"))
    assert result["flags"] == []
    assert [g["effect"] for g in result["game_effects"]] == ["order"]


def test_a_a_comparisons_flag_nothing_but_chance() -> None:
    """40 A/A pairs (the same game and level, independent games): the Holm-corrected flag errs
    in at most 5% of pairs (here: 1 of 40 or none)."""
    flagged = 0
    for seed in range(40):
        a, b = _summary(0.5, 0.1, seed=100 + seed, games=300), _summary(0.5, 0.1, seed=200 + seed, games=300)
        flagged += bool(bot_effects(a, b, ("A", "A'"))["flags"])
    assert flagged <= 2


def test_compare_bots_end_to_end_a_a(tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    args = ["simulate", "dino-race", "--players", "2", "--games", "8", "--no-report", "--out", str(out)]
    result = runner.invoke(app, [*args, "--compare-bots", "heuristic,heuristic"])
    assert result.exit_code == 0, result.output
    assert "no effect shows with one level and not the other" in " ".join(result.output.split())
    effects = json.loads((out / "bot_effects.json").read_text())
    assert effects["flags"] == [] and effects["levels"] == ["heuristic", "heuristic"]
    summary = json.loads((out / "heuristic" / "summary.json").read_text())
    assert summary["bots_given"] == ["heuristic", "heuristic"]


def test_compare_bots_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    base = ["simulate", "dino-race", "--players", "2", "--games", "4", "--out", str(tmp_path / "x")]
    bad = runner.invoke(app, [*base, "--compare-bots", "heuristic"])
    assert bad.exit_code != 0 and "two bot levels" in bad.output
    both = runner.invoke(app, [*base, "--compare-bots", "heuristic,random", "--bots", "random"])
    assert both.exit_code != 0 and "leave out --bots" in both.output
    assert not (tmp_path / "x").exists()
    assert level_folder("ismcts:iterations=50") == "ismcts-iterations-50"
