"""The dedicated Pangaea encoder: fixed layout, documented, read from the seat's view only."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from rl_helpers import walk

import dinobox
from dinobox.games.pangaea.encoder import PHASES, PangaeaEncoder
from dinobox.rl.encoders import encoder_for

DOCS = Path(__file__).resolve().parents[2] / "src" / "dinobox" / "games" / "pangaea" / "encoder.md"
LENGTHS = {2: 4158, 3: 4610, 4: 5064}
CONFIGS = [
    (2, {}),
    (3, {"ranges": "single", "length": 45}),
    (4, {"ranges": "horizontal", "length": 60}),
    (4, {"ranges": "cards", "length": 30}),
]


@pytest.mark.parametrize(("n", "options"), CONFIGS)
def test_shape_is_stable_and_bounded_over_random_games(n: int, options: dict[str, object]) -> None:
    game = dinobox.load_game("pangaea", players=n, **options)
    enc = encoder_for(game)
    assert isinstance(enc, PangaeaEncoder) and enc.size == LENGTHS[n]
    checked = 0
    for step, state in walk(game.new_initial_state(), seed=n + len(options), every=17):
        for seat in [None, *range(n)]:
            x = enc.encode(state.view(seat))
            assert x.dtype == np.float32 and x.shape == (enc.size,), (step, seat)
            assert np.all(x >= enc.low) and np.all(x <= enc.high), (step, seat)
            checked += 1
    assert checked > 20


def test_options_do_not_change_the_layout() -> None:
    for n in (2, 3, 4):
        sizes = {
            encoder_for(dinobox.load_game("pangaea", players=n, ranges=r, length=length, first=first)).size
            for r in ("cards", "single", "horizontal")
            for length in (30, 45, 60)
            for first in (0, "random")
        }
        assert sizes == {LENGTHS[n]}


def test_documented_slices_cover_the_vector_and_docs_list_them() -> None:
    enc = encoder_for(dinobox.load_game("pangaea", players=4))
    layout = enc.describe()
    start = 0
    for desc in layout:
        assert desc["start"] == start and desc["size"] == int(np.prod(desc["shape"]))
        start += desc["size"]
    assert start == enc.size == sum(p.size for p in enc.pieces)
    section = DOCS.read_text()
    for piece in enc.pieces:
        assert f"| `{piece.name}` |" in section, piece.name
    assert "4158 (2 players), 4610 (3), 5064 (4)" in section


def test_resample_never_changes_the_seats_tensor_and_the_step_4_choice_is_encoded() -> None:
    """Nothing is hidden (the step 4 cards lie face up): a resample leaves every seat's tensor
    as it is, and every seat's tensor shows the turn player's choice (teeth)."""
    game = dinobox.load_game("pangaea", players=3)
    enc = encoder_for(game)
    rng = random.Random(7)
    checked = shown = 0
    for _, state in walk(game.new_initial_state(), seed=11, every=3):
        if state.is_terminal():
            continue
        sel = state.view(None)["selection"]
        for seat in range(3):
            other = state.resample(seat, rng)
            assert np.array_equal(enc.encode(state.view(seat)), enc.encode(other.view(seat)))
            checked += 1
            if sel and "action" in sel:
                parts = enc.split(enc.encode(state.view(seat)))
                assert parts["selection"][1] == 0.0 and parts["selection"][5:10].sum() == 1.0
                shown += 1
    assert checked > 30 and shown > 0


def test_pieces_read_the_view_relative_to_the_observer() -> None:
    game = dinobox.load_game("pangaea", players=3)
    enc = encoder_for(game)
    assert isinstance(enc, PangaeaEncoder)
    seen_hand = seen_crack = False
    for _, state in walk(game.new_initial_state(), seed=4, every=7):
        seat = state.current_player()
        if seat < 0:
            continue
        view = state.view(seat)
        parts = enc.split(enc.encode(view))
        assert parts["seat"][seat] == 1.0 and parts["to_act"][0] == 1.0
        assert parts["phase"][PHASES.index(view["phase"]) if view["phase"] in PHASES else -1] == 1.0
        cols = view["world"]["cols"]
        for p, at in enumerate(view["world"]["explorers"]):
            r = (p - seat) % 3
            if at is not None:
                assert parts["explorers"][at[0] * cols + at[1], r] == 1.0
            assert parts["players"][r, 0] == (at is not None)
        for p in view["players"]:
            row = parts["hands"][(p["seat"] - seat) % 3]
            kinds = {c["kind"] for c in p["hand"] if c["kind"] < enc.K}
            assert set(np.flatnonzero(row[: enc.K])) == kinds
            seen_hand |= bool(kinds)
        assert parts["cracks"].sum() == len(view["world"]["cracks"])
        seen_crack |= bool(view["world"]["cracks"])
        top = "".join(view["world"]["tiles"])
        assert "".join(".12MV:*#o"[i] for i in parts["terrain"].argmax(axis=1)) == top
    assert seen_hand and seen_crack


def test_unknown_phases_and_keys_are_tolerated() -> None:
    """Another decision kind or view key added to the rules later keeps the layout."""
    game = dinobox.load_game("pangaea", players=2)
    enc = encoder_for(game)
    view = dict(game.new_initial_state().view(0))
    view["phase"] = "a_new_decision"
    view["a_new_key"] = {"anything": [1, 2, 3]}
    parts = enc.split(enc.encode(view))
    assert parts["phase"][-1] == 1.0 and parts["phase"].sum() == 1.0
    view["phase"] = "protection"
    view["pending_dino"] = {"dino": 2, "to": [3, 4]}
    parts = enc.split(enc.encode(view))
    assert parts["phase"][PHASES.index("protection")] == 1.0
    assert list(parts["pending_dino"]) == [0, 0, 1, 0, 0] and parts["marks"][3 * 12 + 4, 6] == 1.0
    sparse = enc.encode({"seat": 1, "phase": "step4"})
    assert sparse.shape == (enc.size,) and np.all(sparse >= enc.low) and np.all(sparse <= enc.high)
