"""The Escape from T-Rex Island observation encoder (layout in the package's encoder.md)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest
from rl_helpers import walk

import dinobox
from dinobox.games.trex_island.encoder import PHASES, TRexIslandEncoder
from dinobox.rl.encoders import encoder_for

DOCS = Path(__file__).resolve().parents[2] / "src" / "dinobox" / "games" / "trex_island" / "encoder.md"
GID = "trex-island"
CONFIGS: list[tuple[int, dict[str, object]]] = [
    (2, {}),
    (3, {"family": True}),
    (4, {}),
    (4, {"family": True, "characters": "random"}),
]


def _section() -> str:
    text = DOCS.read_text()
    assert text.startswith(f"# The {GID} observation encoder\n"), f"{DOCS.name} is not the {GID} encoder's layout"
    return text


def test_the_registry_gives_the_dedicated_encoder() -> None:
    assert isinstance(encoder_for(dinobox.load_game(GID, players=2)), TRexIslandEncoder)


@pytest.mark.parametrize(("n", "options"), CONFIGS)
def test_fixed_shape_dtype_and_documented_bounds_over_random_games(n: int, options: dict[str, object]) -> None:
    game = dinobox.load_game(GID, players=n, **options)
    enc = encoder_for(game)
    assert isinstance(enc, TRexIslandEncoder)
    assert enc.size == sum(p.size for p in enc.pieces)
    assert [p.name for p in enc.pieces] == list(enc.split(np.zeros(enc.size, np.float32)))
    phases = set()
    for _, state in walk(game.new_initial_state(), seed=n, every=7):
        for seat in [*range(n), None]:
            view = state.view(seat)
            x = enc.encode(view)
            assert x.dtype == np.float32 and x.shape == (enc.size,)
            assert np.all(x >= enc.low) and np.all(x <= enc.high)
            assert np.array_equal(x, np.asarray(enc.values(view), np.float32))
            parts = enc.split(x)
            assert parts["phase"].sum() == 1.0 and parts["to_act"].sum() == 1.0 and parts["trex"].sum() == 1.0
            phases.add(PHASES[int(parts["phase"].argmax())])
            # every team is somewhere: behind the arrow, on a space, or lost
            assert np.all(parts["dice"][:, : enc.spaces + 2].sum(axis=1) == 1.0)
    assert {"character", "action", "over"} <= phases


def test_docs_table_lists_every_piece_in_order_with_the_lengths() -> None:
    section = _section()
    names = re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.M)
    for n, options in CONFIGS:
        enc = encoder_for(dinobox.load_game(GID, players=n, **options))
        assert names == [p.name for p in enc.pieces]
        assert f"{enc.size} ({n} players" in section


@pytest.mark.parametrize("n", [2, 4])
def test_hidden_information_never_changes_the_seats_tensor(n: int) -> None:
    """Redrawing everything the seat cannot know (other hands, the deck order, face-down tokens)
    leaves its tensor unchanged; another seat's tensor changes somewhere (the test has teeth)."""
    game = dinobox.load_game(GID, players=n)
    enc = encoder_for(game)
    rng = random.Random(n)
    checked = varied = 0
    for _, state in walk(game.new_initial_state(), seed=11 + n, every=13):
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


def test_seats_are_relative_and_the_hand_is_read_from_the_view() -> None:
    game = dinobox.load_game(GID, players=3)
    enc = encoder_for(game)
    assert isinstance(enc, TRexIslandEncoder)
    found = None
    for _, state in walk(game.new_initial_state(), seed=3):
        seat = state.current_player()
        if seat >= 0 and state.view(seat)["phase"] == "action" and state.view(seat)["hand"]:
            found = state
            break
    assert found is not None
    seat = found.current_player()
    view = found.view(seat)
    parts = enc.split(enc.encode(view))
    assert parts["seat"][seat] == 1.0 and parts["to_act"][0] == 1.0 and parts["turn_player"][0] == 1.0
    copies = game.data.cards
    for card in view["hand"]:
        assert parts["hand"][card["card"]] == pytest.approx(card["count"] / copies[card["card"]])
    assert parts["hand"].sum() == pytest.approx(sum(c["count"] / copies[c["card"]] for c in view["hand"]))
    for p in view["players"]:
        row = parts["players"][(p["seat"] - seat) % 3]
        assert row[4] == pytest.approx(p["hand_count"] / (game.data.journalist_hand_size + 1))
    for d in view["dice"]:
        row = parts["dice"][((d["owner"] - seat) % 3) * 3 + d["slot"]]
        assert row[enc.spaces + 2] == pytest.approx(d["crew"] / game.data.max_crew)
        if d["space"] is not None:
            assert row[1 + d["space"]] == 1.0
        elif d["lost"]:
            assert row[enc.spaces + 1] == 1.0
        else:
            assert row[0] == 1.0
    # the piles: top cards one-hot, and the kinds on top
    tops = [p["top"]["card"] for p in view["piles"] if p["top"]]
    for i, pile in enumerate(view["piles"]):
        if pile["top"]:
            assert parts["piles"][i, pile["top"]["card"]] == 1.0
    assert parts["on_top"].sum() == pytest.approx(len(tops) / 2)


def test_spectator_view_has_no_seat_and_no_hand() -> None:
    game = dinobox.load_game(GID, players=2)
    enc = encoder_for(game)
    for _, state in walk(game.new_initial_state(), seed=5, every=17):
        parts = enc.split(enc.encode(state.view(None)))
        assert parts["seat"].sum() == 0.0 and parts["hand"].sum() == 0.0
