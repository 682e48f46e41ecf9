"""Every component-data field `dinobox data` lists has an effect: a walk over all fields of all
games changes each one (alone, or with the fields its game's check says go with it) and plays a
few seeded games in every player count and every on/off option, until the games play out
differently. A field the game declares ``SHOWN_ONLY`` must change what players see instead."""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dinobox.bots import make_bot
from dinobox.engine.data import apply_overrides, data_to_json
from dinobox.engine.errors import DinoboxError
from dinobox.engine.registry import game_class, game_ids, load_game
from dinobox.engine.runner import play_game
from dinobox.simulate.checks import shown_only

GAMES = 2  # seeded random-bot games per player count and option
# Fields whose effect random games rarely reach or that only change together with a whole board;
# for these the walk checks that the rules read them (the game's tests cover the rule itself).
RARE_OR_COUPLED = {
    ("pangaea", "shelters_per_player"): "binds only once a player has built every Shelter",
    ("trex-island", "max_crew"): "caps a crew that grows back, which random games seldom do",
    ("trex-island", "start_space"): "any other start leaves part of the board unreachable",
    ("trex-island", "space_next"): "the paths between spaces: a change needs a new board",
}
NOT_RULES = {"data.py", "view.py", "viewtypes.py", "render.py", "encoder.py", "text.py"}


def changes(value: Any) -> list[Any]:
    """Small changes of a JSON value: numbers up and down, lists shortened, lengthened, swapped."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, 1, 2 * value, value + 3]
    if isinstance(value, float):
        return [value * 1.5 + 0.5, value * 0.5]
    if isinstance(value, list) and value:
        out = [value[:-1], [*value, value[-1]], [value[-1], *value[1:]]]
        step = max(1, len(value) // 6)
        out += [[*value[:i], value[i + 1], value[i], *value[i + 2 :]] for i in range(0, len(value) - 1, step)]
        for i in range(0, len(value), max(1, len(value) // 4)):
            out += [[*value[:i], alt, *value[i + 1 :]] for alt in changes(value[i])[:2]]
        return [c for c in out if c != value]
    if isinstance(value, dict):
        return [{**value, k: alt} for k, v in value.items() for alt in changes(v)[:3]]
    return []


def _refusal(game_id: str, change: dict[str, Any]) -> str | None:
    try:
        apply_overrides(game_class(game_id).default_data, change, game_id)
    except (DinoboxError, ValueError, IndexError, TypeError) as exc:
        return str(exc)
    return None


def candidates(game_id: str, name: str) -> Iterator[dict[str, Any]]:
    """Valid changes of ``name``; when one is refused, the same change with the lists the
    refusal names grown or shrunk alike (``rounds`` with ``refill`` and ``museum_rise``)."""
    defaults = data_to_json(game_class(game_id).default_data)
    for alt in changes(defaults[name]):
        why = _refusal(game_id, {name: alt})
        if why is None:
            yield {name: alt}
            continue
        grow = (isinstance(alt, int) and alt > defaults[name]) or (
            isinstance(alt, list) and len(alt) > len(defaults[name])
        )
        joint: dict[str, Any] = {name: alt}
        for other, value in defaults.items():
            if other != name and isinstance(value, list) and value and re.search(rf"\b{other}\b", why):
                joint[other] = [*value, value[-1]] if grow else value[:-1]
        if len(joint) > 1 and _refusal(game_id, joint) is None:
            yield joint


def contexts(game_id: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every player count (up to 4) with the default options and with each on/off option flipped."""
    cls = game_class(game_id)
    defaults = {s.name: s.default for s in cls.option_specs}
    for flip in [{}, *({s.name: not s.default} for s in cls.option_specs if s.kind == "bool")]:
        low, high = cls.player_range({**defaults, **flip})
        for players in range(low, min(high, 4) + 1):
            yield players, flip


def played(game_id: str, players: int, options: dict[str, Any], data: dict[str, Any], shown: bool = False) -> str:
    out = []
    for i in range(GAMES):
        game = load_game(game_id, players=players, data=data, **options)
        bots = [make_bot("random", 7 * i + s) for s in range(players)]
        result = play_game(game.new_initial_state(), bots, seed=i)
        seen = [result.state.view(0), result.state.log(0)] if shown else []
        out.append([list(result.scores), result.turns, result.decisions, *seen])
    return json.dumps(out, default=str)


def plays_differently(game_id: str, name: str) -> bool:
    base: dict[tuple[int, str], str] = {}
    for change in candidates(game_id, name):
        for players, options in contexts(game_id):
            key = (players, json.dumps(options))
            if key not in base:
                base[key] = played(game_id, players, options, {})
            if played(game_id, players, options, change) != base[key]:
                return True
    return False


def looks_different(game_id: str, name: str) -> bool:
    players, options = next(contexts(game_id))
    before = played(game_id, players, options, {}, shown=True)
    return any(played(game_id, players, options, c, shown=True) != before for c in candidates(game_id, name))


def read_by_rules(game_id: str, name: str) -> bool:
    package = Path(importlib.import_module(game_class(game_id).__module__).__file__ or "").parent
    rules = [p.read_text() for p in package.glob("*.py") if p.name not in NOT_RULES]
    return any(re.search(rf"\.{name}\b", text) for text in rules)


FIELDS = [(g, name) for g in game_ids() for name in data_to_json(game_class(g).default_data)]


@pytest.mark.parametrize(("game_id", "name"), FIELDS, ids=[f"{g}.{n}" for g, n in FIELDS])
def test_every_data_field_changes_some_game(game_id: str, name: str) -> None:
    if name in shown_only(game_id):
        assert looks_different(game_id, name), f"{name} is declared shown-only but changes nothing shown"
        assert not plays_differently(game_id, name), f"{name} is declared shown-only but changes play"
    elif (game_id, name) in RARE_OR_COUPLED:
        assert read_by_rules(game_id, name), f"{name} ({RARE_OR_COUPLED[game_id, name]}) is not read by the rules"
    else:
        assert plays_differently(game_id, name), f"--set {name}=... changes no game: remove it or wire it in"
