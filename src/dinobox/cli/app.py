"""Assembles the ``dinobox`` command: each sub-command lives in its own module."""

from __future__ import annotations

import typer

from dinobox.cli import games as games_cmd
from dinobox.cli import play as play_cmd
from dinobox.cli import replay as replay_cmd

app = typer.Typer(
    name="dinobox",
    help="Four dinosaur tabletop games: play, replay, simulate, serve.",
    no_args_is_help=True,
    add_completion=False,
)

app.command("games")(games_cmd.games)
app.command("play")(play_cmd.play)
app.command("replay")(replay_cmd.replay)
app.command("serve")(__import__("dinobox.cli.serve", fromlist=["serve"]).serve)
app.command("simulate")(__import__("dinobox.cli.simulate", fromlist=["simulate"]).simulate)
# Further sub-commands register here, one line each (simulate, serve).


def main() -> None:
    app()
