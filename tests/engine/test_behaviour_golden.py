"""Behaviour is pinned: 20 seeded games per game (10 with random bots, 10 with heuristic bots)
must give the same records, and every seat's views and logs at every step, as when the golden
digests were recorded. A refactor that changes nothing keeps these digests; a deliberate rule
change regenerates them with ``python tests/engine/test_behaviour_golden.py --write``.

Two digests per game: the full one (records, views and logs; slow: hashing every seat's view at
every step takes minutes) and the records' alone (the same games' histories, scores and winners;
seconds). CI runs the full one once, in the README's whole suite on the compiled build, the one
people install, and the one a mypyc difference from the sources would show in; the pure-Python
stage skips slow tests and checks the records' digest, which changes whenever any rule does or
whenever a view change alters what a heuristic bot plays."""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dinobox import load_game, make_bot
from dinobox.engine.registry import game_ids
from dinobox.engine.runner import play_game
from dinobox.engine.state import State

GOLDEN = Path(__file__).with_name("behaviour_golden.json")
RECORDS_GOLDEN = Path(__file__).with_name("records_golden.json")
BUILT_IN = ("dino-race", "trex-island", "dinosaur-rush", "pangaea")
GAMES_PER_KIND = 10


def _play(game_id: str, observe: Callable[[State, int, int], None] | None = None) -> Iterator[State]:
    """The game's seeded games, each seat's bot seeded apart; ``observe`` sees every step."""
    for kind in ("random", "heuristic"):
        for seed in range(GAMES_PER_KIND):
            game = load_game(game_id)
            bots = [make_bot(kind, seed=seed * 10 + seat) for seat in range(game.num_players)]
            yield play_game(game.new_initial_state(), bots, seed=seed, on_action=observe).state


def _end(h: Any, end: State) -> None:
    h.update(json.dumps(end.to_record(), sort_keys=True).encode())
    h.update(json.dumps([end.scores(), end.winners()]).encode())


def _digest(game_id: str) -> str:
    """One SHA-256 over the records, views and logs of the game's seeded games."""
    h = hashlib.sha256()
    seen: list[int] = [0] * load_game(game_id).num_players

    def observe(state: State, _player: int, _action: int) -> None:
        for seat in range(state.num_players):
            h.update(json.dumps(state.view(seat), sort_keys=True).encode())
            # Log entries never change once written: hash each seat's new ones only.
            h.update(json.dumps(state.log(seat, since=seen[seat]), sort_keys=True).encode())
            seen[seat] = state.log_length()

    for end in _play(game_id, observe):
        observe(end, -4, -1)
        _end(h, end)
        seen[:] = [0] * len(seen)
    return h.hexdigest()


def _records_digest(game_id: str) -> str:
    """One SHA-256 over the records, scores and winners of the same games."""
    h = hashlib.sha256()
    for end in _play(game_id):
        _end(h, end)
    return h.hexdigest()


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_seeded_games_end_as_recorded(game_id: str) -> None:
    assert _records_digest(game_id) == json.loads(RECORDS_GOLDEN.read_text())[game_id]


@pytest.mark.timeout(1200)  # a minute or two alone; much longer on a loaded machine
@pytest.mark.parametrize("game_id", BUILT_IN)
def test_seeded_games_behave_as_recorded(game_id: str) -> None:
    assert game_id in game_ids()
    golden = json.loads(GOLDEN.read_text())
    assert _digest(game_id) == golden[game_id]


if __name__ == "__main__":
    if "--write" in sys.argv:
        GOLDEN.write_text(json.dumps({g: _digest(g) for g in BUILT_IN}, indent=2) + "\n")
        print(GOLDEN.read_text())
    if "--write" in sys.argv or "--write-records" in sys.argv:
        RECORDS_GOLDEN.write_text(json.dumps({g: _records_digest(g) for g in BUILT_IN}, indent=2) + "\n")
        print(RECORDS_GOLDEN.read_text())
