"""The Great Dinosaur Rush observation encoder (layout in the package's encoder.md)."""

from __future__ import annotations

import random
import re
from importlib import resources

import numpy as np
import pytest
from rl_helpers import walk

import dinobox
from dinobox.games.dinosaur_rush.encoder import BONE_SCALE, STEPS, DinosaurRushEncoder
from dinobox.rl.encoders import encoder_for

DOCS = resources.files("dinobox.games.dinosaur_rush") / "encoder.md"
GID = "dinosaur-rush"
CONFIGS = [
    (2, {"two_player": True}),
    (3, {}),
    (4, {"family": True}),
    (5, {"choose_paleontologists": True}),
]


def _section() -> str:
    return DOCS.read_text(encoding="utf-8")


def test_the_registry_gives_the_dedicated_encoder() -> None:
    assert isinstance(encoder_for(dinobox.load_game(GID, players=3)), DinosaurRushEncoder)


@pytest.mark.parametrize(("n", "options"), CONFIGS)
def test_fixed_shape_dtype_and_documented_bounds_over_random_games(n: int, options: dict[str, object]) -> None:
    game = dinobox.load_game(GID, players=n, **options)
    enc = encoder_for(game)
    assert enc.size == sum(p.size for p in enc.pieces)
    steps = set()
    for _, state in walk(game.new_initial_state(), seed=n, every=11):
        for seat in [*range(n), None]:
            view = state.view(seat)
            x = enc.encode(view)
            assert x.dtype == np.float32 and x.shape == (enc.size,)
            assert np.all(x >= enc.low) and np.all(x <= enc.high)
            assert np.array_equal(x, np.asarray(enc.values(view), np.float32))
            parts = enc.split(x)
            assert parts["step"].sum() == 1.0 and parts["to_act"].sum() == 1.0
            steps.add(STEPS[int(parts["step"].argmax())])
    assert {"move", "action", "build", "over"} <= steps


def test_docs_table_lists_every_piece_in_order_with_the_lengths() -> None:
    section = _section()
    names = re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.M)
    for n, options in CONFIGS:
        enc = encoder_for(dinobox.load_game(GID, players=n, **options))
        assert names == [p.name for p in enc.pieces]
        assert f"{enc.size} ({n} players" in section


@pytest.mark.parametrize(("n", "options"), [(2, {"two_player": True}), (4, {})])
def test_hidden_information_never_changes_the_seats_tensor(n: int, options: dict[str, object]) -> None:
    """Redrawing everything the seat cannot know (bags, other bonus cards, Notoriety values, the
    skeletons behind screens) leaves its tensor unchanged; another seat's tensor changes."""
    game = dinobox.load_game(GID, players=n, **options)
    enc = encoder_for(game)
    rng = random.Random(n)
    checked = varied = 0
    for _, state in walk(game.new_initial_state(), seed=21 + n, every=9):
        if state.is_terminal():
            continue
        for seat in range(n):
            other = state.resample(seat, rng)
            assert np.array_equal(enc.encode(state.view(seat)), enc.encode(other.view(seat)))
            checked += 1
            varied += any(
                not np.array_equal(enc.encode(state.view(s)), enc.encode(other.view(s))) for s in range(n) if s != seat
            )
    assert checked > 20 and varied > 0


def test_seats_are_relative_and_private_facts_are_mine_only() -> None:
    game = dinobox.load_game(GID, players=3)
    enc = encoder_for(game)
    found = None
    for _, state in walk(game.new_initial_state(), seed=7):
        seat = state.current_player()
        if seat >= 0 and state.view(seat)["step"] == "action" and state.view(seat)["round"] == 2:
            found = state
            break
    assert found is not None
    seat = found.current_player()
    view = found.view(seat)
    parts = enc.split(enc.encode(view))
    assert parts["seat"][seat] == 1.0 and parts["to_act"][0] == 1.0 and parts["turn_player"][0] == 1.0
    players = {p["seat"]: p for p in view["players"]}
    for r in range(3):
        p = players[(seat + r) % 3]
        row = parts["players"][r]
        P = len(game.data.paleontologist_names)
        assert row[p["paleontologist"]["card"]] == 1.0
        for colour in range(5):
            assert row[P + colour] == pytest.approx(min(1.0, p["pile"][colour] / BONE_SCALE))
        held = parts["bonus"][r, 0]
        if r == 0:  # my own bonus cards are known to me...
            assert held.sum() == len(p["bonus"]) > 0
            assert row[-1] == 1.0  # ...and my Notoriety values
        else:  # ...theirs are not
            assert held.sum() == 0.0 and row[-1] == 0.0
    # paleontologists on the board, relative to me
    for cell in view["board"]["cells"]:
        if cell["paleontologist"] is not None:
            r = (cell["paleontologist"] - seat) % 3
            assert parts["cells"][cell["cell"], -3 + r] == 1.0


def test_build_piece_follows_my_skeleton_under_construction() -> None:
    game = dinobox.load_game(GID, players=3)
    enc = encoder_for(game)
    for _, state in walk(game.new_initial_state(), seed=8):
        seat = state.current_player()
        if seat < 0:
            continue
        view = state.view(seat)
        build = enc.split(enc.encode(view))["build"]
        if "build" in view:
            assert build[-1] == 1.0
            assert list(build[:15]) == pytest.approx([min(1.0, a / BONE_SCALE) for a in view["build"]["allocation"]])
            others = [s for s in range(3) if s != seat]
            assert all(
                enc.split(enc.encode(state.view(s)))["build"][-1] == 0.0 for s in others if state.current_player() != s
            )
        else:
            assert build.sum() == 0.0
