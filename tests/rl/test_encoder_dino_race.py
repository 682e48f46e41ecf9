"""The Dino Race observation encoder (layout in the package's encoder.md)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from rl_helpers import walk

import dinobox
from dinobox.engine.registry import game_entry
from dinobox.engine.testing import force, play
from dinobox.games.dino_race import actions as A
from dinobox.games.dino_race.encoder import DinoRaceEncoder
from dinobox.games.dino_race.viewtypes import PHASES
from dinobox.rl.encoders import encoder_for

GID = "dino-race"
CONFIGS: list[tuple[int, dict[str, object]]] = [
    (2, {}),
    (3, {"double_match": True}),
    (4, {}),
    (4, {"teams": True}),
    (2, {"survive": True}),
]
LENGTHS = {(2, False): 214, (3, False): 267, (4, False): 320, (4, True): 260, (6, True): 336, (8, True): 412}


def test_the_registry_gives_the_dedicated_encoder() -> None:
    assert isinstance(encoder_for(dinobox.load_game(GID, players=2)), DinoRaceEncoder)


@pytest.mark.parametrize(("n", "options"), CONFIGS)
def test_fixed_shape_dtype_and_documented_bounds_over_random_games(n: int, options: dict[str, object]) -> None:
    game = dinobox.load_game(GID, players=n, **options)
    enc = encoder_for(game)
    assert isinstance(enc, DinoRaceEncoder)
    assert enc.size == sum(p.size for p in enc.pieces)
    phases = set()
    for _, state in walk(game.new_initial_state(), seed=n, every=25):
        for seat in [*range(n), None]:
            view = state.view(seat)
            x = enc.encode(view)
            assert x.dtype == np.float32 and x.shape == (enc.size,)
            assert np.all(x >= enc.low) and np.all(x <= enc.high)
            parts = enc.split(x)
            assert parts["phase"].sum() == 1.0 and parts["to_act"].sum() == 1.0 and parts["egg"].sum() == 1.0
            phases.add(PHASES[int(parts["phase"].argmax())])
            # every dino is somewhere: on a tile 0..L or home
            dinos = np.asarray(parts["dinos"])
            assert np.all(dinos[:, : enc.track + 2].sum(axis=1) == 1.0)
    assert {"play", "over"} <= phases


def test_encoder_md_lists_every_piece_in_order_with_the_lengths() -> None:
    text = game_entry(GID).read_resource("encoder.md")
    assert text is not None
    names = re.findall(r"^\| `([a-z_]+)` \|", text, flags=re.M)
    for (n, teams), size in LENGTHS.items():
        enc = encoder_for(dinobox.load_game(GID, players=n, teams=teams))
        assert names == [p.name for p in enc.pieces]
        assert enc.size == size
        assert f"{size} ({n}" in text


def test_lava_drops_beyond_the_supply_stay_within_bounds() -> None:
    game = dinobox.load_game(GID, players=2, data={"lava_drops": 1})
    state = game.new_initial_state()
    force(state, *(0, 1, 2, 3) * 3, *([2] * 5), *([3] * 5), 0, 1, 2, 3, 0, 0)  # track, hands, prizes, draw
    play(state, A.ROLL)
    force(state, 5)  # eruption: seat 0 (egg) takes the only drop
    play(state, A.erupt_egg_base(12) + 1)
    force(state, 0, 0)
    play(state, A.ROLL)
    force(state, 5)  # seat 1 (egg) takes one beyond the supply; tile 1 carries two dinos
    play(state, A.erupt_egg_base(12) + 0)
    view = state.view(0)
    assert [p["lava_drops"] for p in view["players"]] == [2, 2] and view["lava_supply"] == 0
    enc = encoder_for(game)
    parts = enc.split(enc.encode(view))
    assert parts["volcano"][2] == 0.0
    assert np.all(parts["players"][:, 1] == 1.0)  # 2 drops / 1 in the box, clipped
