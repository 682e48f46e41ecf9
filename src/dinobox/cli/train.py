"""``dinobox train GAME``: learn the game's heuristic weights from play against the heuristic."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from dinobox.bots.train import TrainConfig, TrainResult
from dinobox.bots.train import train as run_train
from dinobox.bots.weights import load_weights_file, weights_document
from dinobox.cli.common import check_output_file, console, fail
from dinobox.engine.errors import DinoboxError
from dinobox.engine.registry import game_class


def train(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `dinobox games`"),
    out: Path = typer.Option(
        ..., "--out", "-o", help="the weights file to write (JSON; games/<game>/weights.json ships)"
    ),
    players: int | None = typer.Option(None, "--players", "-n", help="number of players (default: the game's)"),
    generations: int = typer.Option(10, "--generations", help="CEM generations"),
    population: int = typer.Option(12, "--population", help="weight tables tried per generation"),
    games: int = typer.Option(200, "--games", "-g", help="games per weight table (a multiple of the players)"),
    elite: float = typer.Option(0.25, "--elite", help="share of the best tables that make the next generation"),
    spread: float = typer.Option(0.25, "--spread", help="starting spread, relative to each weight's size"),
    seed: int = typer.Option(0, "--seed", help="seeds everything: same seed and settings, same weights"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="worker processes (the result does not depend on it)"),
    start: Path | None = typer.Option(
        None, "--start", help="a weights file to start from (continue a run; default: the heuristic's own weights)"
    ),
    overwrite: bool = typer.Option(False, "--overwrite", help="replace an existing --out file"),
) -> None:
    """Learn better heuristic weights by the cross-entropy method against the default heuristic
    (docs/bots.md, "The strong bot")."""
    try:
        cls = game_class(game_id)
        first = load_weights_file(start, game_id) if start is not None else None
        config = TrainConfig(
            game_id,
            players or cls.default_players or cls.min_players,
            generations=generations,
            population=population,
            games=games,
            elite=elite,
            spread=spread,
            seed=seed,
            jobs=jobs,
            start=first,
        )
        config.check()
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    check_output_file(out)
    if out.exists() and not overwrite:
        raise fail(f"{out} exists: --overwrite replaces it, or give another --out")
    console.print(
        f"[bold]train {game_id}[/] · {config.players} players · {generations} generations of {population} "
        f"weight tables × {games} games against the heuristic · seed {seed}"
    )

    def save(result: TrainResult) -> None:
        """Show the generation and write the weights so far (a stopped run keeps them)."""
        g = result.history[-1]
        console.print(
            f"generation {g.index + 1}: centre fitness {g.centre_fitness:.3f} "
            f"(win rate {g.centre_win_rate:.3f}), best {g.best_fitness:.3f}"
        )
        document = weights_document(game_id, result.weights, result.record(config))
        out.write_text(json.dumps(document, indent=1) + "\n")

    run_train(config, progress=save)
    console.print(f"wrote {out}")
