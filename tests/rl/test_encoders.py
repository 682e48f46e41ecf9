"""Observation encoders: fixed length, bounded, and built from the seat's view only."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from rl_helpers import GAME_IDS, default_players, walk

import dinobox
from dinobox.engine.registry import game_class, game_entry, game_ids
from dinobox.rl.encoders import encoder_class, encoder_for
from dinobox.rl.encoders.generic import GenericEncoder

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def configurations() -> list[tuple[str, int]]:
    out = []
    for gid in GAME_IDS:
        cls = game_class(gid)
        out += [(gid, n) for n in sorted({cls.min_players, default_players(gid), cls.max_players})]
    return out


@pytest.mark.parametrize(("gid", "n"), configurations())
def test_every_game_encodes_every_seat_to_a_fixed_bounded_vector(gid: str, n: int) -> None:
    game = dinobox.load_game(gid, players=n)
    enc = encoder_for(game)
    assert enc.size == sum(p.size for p in enc.pieces) > 0
    assert enc.low.shape == enc.high.shape == (enc.size,)
    for step, state in walk(game.new_initial_state(), seed=n, every=23):
        for seat in range(n):
            x = enc.encode(state.view(seat))
            assert x.dtype == np.float32 and x.shape == (enc.size,), (step, seat)
            assert np.all(x >= enc.low) and np.all(x <= enc.high), (step, seat)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_hidden_information_never_changes_the_seats_tensor(gid: str) -> None:
    """Redrawing everything a seat cannot know (``resample``) leaves its tensor unchanged, while
    the other seats' tensors do change somewhere along the game (so the check has teeth)."""
    n = default_players(gid)
    game = dinobox.load_game(gid, players=n)
    encoders = [encoder_for(game), GenericEncoder(game)]
    rng = random.Random(4)
    checked = varied = 0
    for _, state in walk(game.new_initial_state(), seed=9, every=29):
        if state.is_terminal():
            continue  # everything is revealed at the end; search never resamples there
        for seat in range(n):
            other = state.resample(seat, rng)
            for enc in encoders:
                assert np.array_equal(enc.encode(state.view(seat)), enc.encode(other.view(seat)))
            checked += 1
            before = [encoders[0].encode(state.view(s)) for s in range(n) if s != seat]
            after = [encoders[0].encode(other.view(s)) for s in range(n) if s != seat]
            varied += any(not np.array_equal(a, b) for a, b in zip(before, after, strict=True))
    assert checked > 10
    if game.hidden_information:
        assert varied > 0, "resample never changed another seat's tensor: is hidden information encoded?"
    else:
        assert varied == 0


@pytest.mark.parametrize("gid", GAME_IDS)
def test_the_tensor_is_a_function_of_the_view_json(gid: str) -> None:
    game = dinobox.load_game(gid, players=default_players(gid))
    enc = encoder_for(game)
    for _, state in walk(game.new_initial_state(), seed=2, every=31):
        seat = max(state.current_player(), 0)
        view = state.view(seat)
        again = json.loads(json.dumps(view))
        assert np.array_equal(enc.encode(view), enc.encode(again))


def test_unknown_games_fall_back_to_the_generic_encoder() -> None:
    assert encoder_class("no-such-game") is GenericEncoder
    for gid in GAME_IDS:
        loader = game_entry(gid).encoder
        assert encoder_class(gid) is (GenericEncoder if loader is None else loader())


def test_generic_encoder_is_stable_and_fills_several_buckets() -> None:
    game = dinobox.load_game("dino-race", players=2)
    a, b = GenericEncoder(game), GenericEncoder(game, size=512)
    view = game.new_initial_state().view(0)
    x = a.encode(view)
    assert np.array_equal(x, b.encode(view))  # a stable hash, not Python's salted hash()
    assert x[0] == 1.0 and np.count_nonzero(x) > 10
    with pytest.raises(ValueError, match="buckets"):
        GenericEncoder(game, size=1)


def test_dino_race_encoder_is_seat_relative_and_reads_the_hand() -> None:
    game = dinobox.load_game("dino-race", players=3)
    enc = encoder_for(game)
    state = None
    for _, state in walk(game.new_initial_state(), seed=5):
        if state.current_player() >= 0 and state.view(state.current_player()).get("hand"):
            break
    assert state is not None
    seat = state.current_player()
    view = state.view(seat)
    parts = enc.split(enc.encode(view))
    assert parts["seat"][seat] == 1.0
    assert parts["to_act"][0] == 1.0  # the observer decides: relative slot 0
    cards = game.data.cards
    from dinobox.games.dino_race.data import CARD_KEYS

    for t, key in enumerate(CARD_KEYS):
        assert parts["hand"][t] == pytest.approx(view["hand"].get(key, 0) / cards[t])
    players = {p["seat"]: p for p in view["players"]}
    for r in range(3):
        row = parts["players"][r]
        assert row[0] == pytest.approx(players[(seat + r) % 3]["hand_count"] / sum(cards))
    assert list(parts["players"][:, 5]) == [1.0, 0.0, 0.0]  # only myself is on my side


def test_dino_race_teams_marks_the_team_mate() -> None:
    game = dinobox.load_game("dino-race", players=4, teams=True)
    enc = encoder_for(game)
    state = game.new_initial_state()
    view = state.view(1)
    parts = enc.split(enc.encode(view))
    mate = next(p["mate"] for p in view["players"] if p["seat"] == 1)
    assert parts["players"][(mate - 1) % 4, 5] == 1.0 and parts["players"][0, 5] == 1.0
    assert parts["dinos"].shape == (4, game.data.track_length + 3)


@pytest.mark.parametrize("gid", sorted(g for g in game_ids() if game_entry(g).encoder is not None))
def test_docs_describe_every_piece_of_every_dedicated_encoder(gid: str) -> None:
    """A dedicated encoder's layout is documented beside it, in its game package's encoder.md."""
    text = game_entry(gid).read_resource("encoder.md")
    assert text is not None, f"{gid} ships no encoder.md beside its encoder"
    enc = encoder_for(dinobox.load_game(gid, players=2 if gid == "dino-race" else None))
    for piece in enc.pieces:
        assert f"`{piece.name}`" in text, f"{gid}'s encoder.md does not document piece {piece.name!r}"
