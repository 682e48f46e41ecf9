"""``dinobox play``: a game in the terminal against friends (hotseat) and bots."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import typer

from dinobox.bots import make_bot
from dinobox.cli.common import (
    BOTS_HELP,
    check_output_file,
    console,
    fail,
    render_view,
    save_record,
    score_table,
    seat_game,
)
from dinobox.engine.errors import DinoboxError
from dinobox.engine.game import Game
from dinobox.engine.registry import game_entry
from dinobox.engine.state import CHANCE, State

HUMAN = "human"


class TerminalTable:
    """Runs one game at the terminal: bots act, humans choose from numbered options."""

    def __init__(self, game: Game, seats: list[str], seed: int, save: Path | None, pause: bool) -> None:
        self.game = game
        self.seats = seats
        self.humans = [i for i, s in enumerate(seats) if s == HUMAN]
        self.rng = random.Random(seed)
        self.bots: dict[int, Any] = {
            i: make_bot(spec, seed * 1000 + i) for i, spec in enumerate(seats) if spec != HUMAN
        }
        self.save = save
        self.pause = pause
        self.seen: dict[int | None, int] = {}
        self.last_human: int | None = None
        self.state: State = game.new_initial_state()

    def narrator(self) -> int | None:
        """Whose log to narrate: the single human's, or the spectator's."""
        return self.humans[0] if len(self.humans) == 1 else None

    def show_events(self, seat: int | None) -> None:
        entries = self.state.log(seat)
        start = self.seen.get(seat, 0)
        for entry in entries[start:]:
            console.print(f"  [cyan]·[/] {entry['text']}")
        self.seen[seat] = len(entries)

    def run(self) -> State:
        state = self.state
        try:
            while not state.is_terminal():
                player = state.current_player()
                if player == CHANCE:
                    state.apply_action(state.sample_chance(self.rng))
                    continue
                if player in self.bots:
                    action = self.bots[player].choose(state)
                    if not self.humans:
                        self.show_events(None)
                    state.apply_action(action)
                    continue
                self.human_turn(player)
        except (KeyboardInterrupt, EOFError):
            console.print("\n[yellow]game abandoned[/]")
            if self.save:
                save_record(state, self.save)
            raise typer.Exit(1) from None
        self.show_events(self.narrator())
        console.print(render_view(self.game, state.view(None)))
        console.print(score_table(state))
        if self.save:
            save_record(state, self.save)
        return state

    def human_turn(self, seat: int) -> None:
        state = self.state
        if len(self.humans) > 1 and self.last_human != seat:
            console.clear()
            name = state.view(None).get("players", [{}] * (seat + 1))[seat].get("name", f"Seat {seat}")
            console.input(f"[bold]Pass the device to {name} (seat {seat}) and press Enter[/] ")
            console.clear()
        self.last_human = seat
        self.show_events(seat)
        view = state.view(seat)
        console.rule(f"Seat {seat} to act")
        console.print(render_view(self.game, view))
        legal = state.legal_actions()
        described = [state.describe_action(a) for a in legal]
        suggest = game_entry(self.game.id).macros
        macros = [] if suggest is None else suggest(view, described)
        for i, info in enumerate(described, 1):
            console.print(f"  [bold]{i:>3}[/] {info['text']}")
        for j, (label, _) in enumerate(macros, 1):
            console.print(f"  [bold]  m{j}[/] {label}")
        console.print("  [dim](l = full log, q = quit)[/]")
        while True:
            answer = console.input("your choice: ").strip().lower()
            if answer == "q":
                raise KeyboardInterrupt
            if answer == "l":
                for entry in state.log(seat):
                    console.print(f"  [dim]{entry['text']}[/]")
                continue
            if answer.startswith("m") and answer[1:].isdigit() and 1 <= int(answer[1:]) <= len(macros):
                try:
                    for action in macros[int(answer[1:]) - 1][1]:
                        state.apply_action(action)
                except DinoboxError as exc:
                    console.print(f"[red]{exc}[/]")
                return
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                state.apply_action(legal[int(answer) - 1])
                return
            console.print(f"[red]'{answer}' is not a choice: type a number from 1 to {len(legal)}[/]")


def play(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `dinobox games`"),
    players: int | None = typer.Option(None, "--players", "-n", help="number of players"),
    bots: str | None = typer.Option(
        None, "--bots", help=f"{BOTS_HELP}; 'human' is a person at this terminal (default: you against heuristic bots)"
    ),
    seed: int | None = typer.Option(None, "--seed", help="seed for shuffles, dice and bots"),
    variant: list[str] = typer.Option([], "--variant", help="a rulebook variant (repeatable)"),
    option: list[str] = typer.Option([], "--option", help="KEY=VALUE game option (repeatable)"),
    save: Path | None = typer.Option(None, "--save", help="write the game record (JSON) here"),
) -> None:
    """Play a game in the terminal: you and friends (hotseat) against bots."""
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 30)
    if save is not None:
        check_output_file(save)  # before the game: a played game is never lost to a bad path
    game, seats = seat_game(game_id, bots, players, variant, option, first=HUMAN)
    try:
        table = TerminalTable(game, seats, seed, save, pause=False)
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    if table.humans and not sys.stdin.isatty():
        console.print("[dim]stdin is not a terminal: reading choices from it[/]")
    console.print(f"[bold]{game.title}[/] · {game.num_players} players · seed {seed} · seats: {', '.join(seats)}")
    table.run()
