"""Assembles the ``dinobox`` command: each sub-command lives in its own module."""

from __future__ import annotations

import typer

from dinobox import __version__
from dinobox.cli import analyse as analyse_cmd
from dinobox.cli import data as data_cmd
from dinobox.cli import games as games_cmd
from dinobox.cli import play as play_cmd
from dinobox.cli import ratings as ratings_cmd
from dinobox.cli import replay as replay_cmd
from dinobox.cli import serve as serve_cmd
from dinobox.cli import simulate as simulate_cmd
from dinobox.cli import train as train_cmd
from dinobox.cli import tune as tune_cmd
from dinobox.cli.common import fail
from dinobox.engine.build import build_info
from dinobox.engine.errors import PluginError

app = typer.Typer(
    name="dinobox",
    help="Four dinosaur tabletop games: play, replay, analyse, simulate, tune, train, serve.",
    no_args_is_help=True,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        info = build_info()
        typer.echo(f"dinobox {__version__} ({info['build']}: {info['reason']})")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and the build (compiled or pure)."
    ),
) -> None:
    """Four dinosaur tabletop games: play, replay, analyse, simulate, tune, train, serve."""


app.command("games")(games_cmd.games)
app.command("play")(play_cmd.play)
app.command("replay")(replay_cmd.replay)
app.command("analyse")(analyse_cmd.analyse_command)
app.command("simulate")(simulate_cmd.simulate)
app.command("tune")(tune_cmd.tune)
app.command("train")(train_cmd.train)
app.command("data")(data_cmd.data)
app.command("serve")(serve_cmd.serve)
app.command("ratings")(ratings_cmd.ratings)


def main() -> None:
    try:
        app()
    except PluginError as exc:  # a broken installation or plug-in, met by any command: its reason, no traceback
        raise SystemExit(fail(str(exc)).exit_code) from None


if __name__ == "__main__":
    main()
