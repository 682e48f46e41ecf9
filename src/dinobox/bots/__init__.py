"""Bots: anything with ``choose(state) -> int``. ``make_bot(spec, seed)`` builds one by name."""

from __future__ import annotations

import random
from collections.abc import Callable

from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.state import State


class RandomBot:
    """Uniformly random among the legal actions."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())


BotFactory = Callable[[str, "int | None"], object]

_BOTS: dict[str, Callable[[dict[str, str], int | None], RandomBot]] = {
    "random": lambda _opts, seed: RandomBot(seed),
}


def bot_kinds() -> list[str]:
    return list(_BOTS)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=500,seconds=1"`` -> ``("ismcts", {...})``."""
    name, _, rest = spec.strip().partition(":")
    opts: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            raise InvalidOptionError(f"bot option {part!r} in {spec!r} must be KEY=VALUE")
        opts[key.strip()] = value.strip()
    return name, opts


def make_bot(spec: str, seed: int | None = None) -> RandomBot:
    name, opts = parse_spec(spec)
    if name not in _BOTS:
        raise InvalidOptionError(f"no bot {name!r} (bots: {', '.join(_BOTS)})")
    return _BOTS[name](opts, seed)
