"""The terminal clients in a real terminal (tmux): at a ``--plain`` hotseat handover neither the
screen nor the scrollback holds anything of the last person's hand; the full-screen app leaves
the final table in the shell."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"


class Tmux:
    def __init__(self, socket: str) -> None:
        self.socket = socket

    def run(self, *args: str) -> str:
        return subprocess.run(
            ["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True, timeout=20
        ).stdout

    def history(self) -> str:
        """The screen and everything scrolled off it."""
        return self.run("capture-pane", "-p", "-S", "-", "-t", "play")

    def wait_for(self, text: str, timeout: float = 30) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            seen = self.history()
            if text in seen:
                return seen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never showed; the terminal holds:\n{self.history()}")

    def start(self, args: str) -> None:
        """``dinobox ARGS`` in an 80×24 terminal (the shell stays open after it)."""
        env = [f"-e{k}={v}" for k, v in os.environ.items() if k == "DINOBOX_PURE_PYTHON"]
        command = f"{sys.executable} -m dinobox {args}; echo '[exited]'; sleep 60"
        self.run("new-session", "-d", "-s", "play", "-x", "80", "-y", "24", f"-ePYTHONPATH={SRC}", *env, command)

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", "play", *keys)


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    assert shutil.which("tmux"), "tmux is needed for the terminal tests"
    session = Tmux(f"dinobox-{uuid.uuid4().hex[:8]}")
    yield session
    subprocess.run(["tmux", "-L", session.socket, "kill-server"], capture_output=True, timeout=20)


def test_plain_hotseat_handover_leaves_no_hand_in_the_scrollback(tmux: Tmux) -> None:
    tmux.start("play dino-race --plain --bots human,human --seed 11")
    tmux.wait_for("Pass the device to Red")
    tmux.keys("Enter")
    seen = tmux.wait_for("your choice:")
    assert "Your hand:" in seen  # Red's hand is on the screen while Red decides
    tmux.keys("r", "Enter")  # roll the event die (always r): the turn passes to Blue
    seen = tmux.wait_for("Pass the device to Blue")
    assert "Your hand:" not in seen and "Red to act" not in seen, seen
    assert seen.strip().startswith("Pass the device to Blue")


def test_the_full_screen_app_leaves_the_final_table_in_the_shell(tmux: Tmux) -> None:
    tmux.start("play dino-race --bots random,random --seed 4")
    tmux.wait_for("Final scores")  # the game-over screen
    tmux.keys("q")
    tmux.wait_for("Leave the finished game?")
    tmux.keys("y")
    seen = tmux.wait_for("[exited]")
    shell = seen[seen.index("Dino Race · game over") :]
    assert "Final scores" in shell and "total" in shell and "wins" in shell


def test_save_and_quit_says_in_the_shell_where_the_record_is(tmux: Tmux, tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    tmux.start(f"play dino-race --bots human,heuristic --seed 3 --save {record}")
    tmux.wait_for("Red, choose")
    tmux.keys("q")
    tmux.wait_for("Quit this game?")
    tmux.keys("s")
    seen = tmux.wait_for("[exited]")
    # the shell wraps a long path wherever it likes: compare without the white space
    assert "".join(f"Saved to {record}".split()) in "".join(seen.split()) and record.exists()
