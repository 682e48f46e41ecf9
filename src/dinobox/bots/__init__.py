"""Bots: anything with ``choose(state) -> int`` for ``state.current_player()``.

``make_bot(spec, seed)`` builds one from a spec string:

- ``random``: uniform among the legal actions;
- ``heuristic``: the game's hand-written policy (``games/<game>/heuristic.py``), found through
  the registry by the game id of the state it is asked about;
- ``ismcts[:iterations=N][,seconds=S][,playout=random|heuristic][,c=X][,depth=N][,prior=W]``: information-set
  Monte Carlo tree search (``bots/ismcts.py``);
- ``strong[:iterations=N][,seconds=S][,depth=N][,margin=M][,z=Z][,width=W]``: the heuristic with
  the weights learned by ``dinobox train`` (``bots/strong.py``); with a budget (``iterations`` or
  ``seconds``) also a rollout search over that policy that leaves its move whenever the paired
  playouts say so;
- ``master[:iterations=K][,seconds=S][,depth=N][,cut=N][,floor=F][,margin=M][,z=Z][,width=W]``: a
  rollout search with sequential halving over many redrawn states, guided by the strong policy
  (``bots/master.py``); ``seconds`` is CPU time, 1 by default;
- the lobby's levels by name (``LEVEL_INFO`` says what each is and how strong it measures):
  ``easy`` (the heuristic, but a uniformly random move half the time), ``medium`` (the
  heuristic), ``hard`` (``strong``), ``master`` (``master``: hard's policy with a search of about
  a CPU-second a move);
- ``probe:prefer=KIND``, ``probe:avoid=KIND``, ``probe:first``, ``probe:greedy``: degenerate
  strategies that look for exploits (``bots/probes.py``);
- ``plugin:MODULE:CLASS[:KEY=VALUE,...]`` and the names of installed ``dinobox.bots`` entry
  points: bots from outside dinobox (``bots/plugins.py``).

A bot reads a state only through the engine contract; its choice depends on what the seat to
act may know (its view), its seed, and its earlier choices.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from dinobox.bots import plugins
from dinobox.bots.heuristic import heuristic_policy
from dinobox.bots.ismcts import ISMCTSBot
from dinobox.bots.master import DEFAULT_WIDTH as MASTER_WIDTH
from dinobox.bots.master import PLAYOUTS, MasterBot
from dinobox.bots.probes import make_probe
from dinobox.bots.strong import StrongBot
from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.state import State


class Bot(Protocol):
    def choose(self, state: State) -> int: ...


class RandomBot:
    """Uniformly random among the legal actions."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())


class HeuristicBot:
    """The game's hand-written policy; ``rng`` only breaks ties."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return heuristic_policy(state.game.id)(state, self.rng)


class EasyBot:
    """A weakened heuristic: with probability ``blunder`` a uniformly random legal move."""

    def __init__(self, seed: int | None = None, blunder: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.blunder = blunder
        self.heuristic = HeuristicBot(self.rng.getrandbits(64))

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) > 1 and self.rng.random() < self.blunder:
            return self.rng.choice(legal)
        return self.heuristic.choose(state)


def _no_options(name: str, opts: dict[str, str]) -> None:
    if opts:
        raise InvalidOptionError(f"bot {name!r} takes no options (got {', '.join(opts)})")


def _number(name: str, key: str, value: str, kind: type[int] | type[float]) -> float:
    try:
        number = kind(value)
    except ValueError:
        what = "a whole number" if kind is int else "a number"
        raise InvalidOptionError(f"bot {name!r}: {key} must be {what}, not {value!r}") from None
    if number <= 0:
        raise InvalidOptionError(f"bot {name!r}: {key} must be positive, not {value!r}")
    return number


def _make_ismcts(opts: dict[str, str], seed: int | None) -> ISMCTSBot:
    known = {"iterations", "seconds", "playout", "c", "depth", "prior", "search"}
    unknown = sorted(set(opts) - known)
    if unknown:
        raise InvalidOptionError(f"bot 'ismcts' has no option {unknown[0]!r} (options: {', '.join(sorted(known))})")
    playout = opts.get("playout", "random")
    if playout not in ("random", "heuristic"):
        raise InvalidOptionError(f"bot 'ismcts': playout must be 'random' or 'heuristic', not {playout!r}")
    iterations = int(_number("ismcts", "iterations", opts["iterations"], int)) if "iterations" in opts else None
    seconds = _number("ismcts", "seconds", opts["seconds"], float) if "seconds" in opts else None
    c = _number("ismcts", "c", opts["c"], float) if "c" in opts else 0.7
    depth = int(_number("ismcts", "depth", opts["depth"], int)) if "depth" in opts else None
    prior = 1.0
    if "prior" in opts:
        prior = 0.0 if opts["prior"] in ("0", "0.0") else _number("ismcts", "prior", opts["prior"], float)
    search = opts.get("search", "tree")
    if search not in ("tree", "flat"):
        raise InvalidOptionError(f"bot 'ismcts': search must be 'tree' or 'flat', not {search!r}")
    return ISMCTSBot(
        seed,
        iterations=iterations,
        seconds=seconds,
        playout=playout,
        exploration=c,
        depth=depth,
        prior=prior,
        search=search,
    )


def _make_random(opts: dict[str, str], seed: int | None) -> RandomBot:
    _no_options("random", opts)
    return RandomBot(seed)


def _make_heuristic(opts: dict[str, str], seed: int | None) -> HeuristicBot:
    _no_options("heuristic", opts)
    return HeuristicBot(seed)


def _make_strong(opts: dict[str, str], seed: int | None) -> StrongBot:
    known = {"iterations", "seconds", "depth", "margin", "z", "width"}
    unknown = sorted(set(opts) - known)
    if unknown:
        raise InvalidOptionError(f"bot 'strong' has no option {unknown[0]!r} (options: {', '.join(sorted(known))})")

    def whole(key: str) -> int | None:
        return int(_number("strong", key, opts[key], int)) if key in opts else None

    seconds = _number("strong", "seconds", opts["seconds"], float) if "seconds" in opts else None
    margin, z = 0.4, 1.0
    if "margin" in opts:
        margin = _fraction("strong", "margin", opts["margin"])
    if "z" in opts:
        z = _number("strong", "z", opts["z"], float) if opts["z"] not in ("0", "0.0") else 0.0
    width = whole("width") or 12
    if width < 2:
        raise InvalidOptionError(f"bot 'strong': width must be at least 2, not {width}")
    search_only = sorted(set(opts) & {"depth", "margin", "z", "width"})
    if search_only and not {"iterations", "seconds"} & set(opts):
        raise InvalidOptionError(
            f"bot 'strong': {search_only[0]} tunes the search, which runs only with a budget "
            "(iterations=N or seconds=S)"
        )
    return StrongBot(
        seed,
        iterations=whole("iterations"),
        seconds=seconds,
        depth=whole("depth"),
        margin=margin,
        z=z,
        width=width,
    )


def _fraction(name: str, key: str, value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise InvalidOptionError(f"bot {name!r}: {key} must be a number, not {value!r}") from None
    if not 0 <= number <= 1:
        raise InvalidOptionError(f"bot {name!r}: {key} must be between 0 and 1, not {value!r}")
    return number


def _make_master(opts: dict[str, str], seed: int | None) -> MasterBot:
    known = {"iterations", "seconds", "depth", "cut", "floor", "margin", "z", "width", "playouts"}
    unknown = sorted(set(opts) - known)
    if unknown:
        raise InvalidOptionError(f"bot 'master' has no option {unknown[0]!r} (options: {', '.join(sorted(known))})")

    def whole(key: str) -> int | None:
        return int(_number("master", key, opts[key], int)) if key in opts else None

    seconds = _number("master", "seconds", opts["seconds"], float) if "seconds" in opts else None
    if seconds is not None and not seconds < float("inf"):
        raise InvalidOptionError(f"bot 'master': seconds must be finite, not {opts['seconds']!r}")
    # without margin=, z=, cut= or floor=, the game's own settings hold (``master_search``, bots/weights.py)
    margin = _fraction("master", "margin", opts["margin"]) if "margin" in opts else None
    floor = _fraction("master", "floor", opts["floor"]) if "floor" in opts else None
    z = None
    if "z" in opts:
        z = _number("master", "z", opts["z"], float) if opts["z"] not in ("0", "0.0") else 0.0
    width = whole("width")
    if width is not None and width < 2:
        raise InvalidOptionError(f"bot 'master': width must be at least 2, not {width}")
    playouts = opts.get("playouts", "policy")
    if playouts not in PLAYOUTS:
        raise InvalidOptionError(f"bot 'master': playouts must be one of {', '.join(PLAYOUTS)}, not {playouts!r}")
    return MasterBot(
        seed,
        iterations=whole("iterations"),
        seconds=seconds,
        depth=whole("depth"),
        margin=margin,
        z=z,
        width=width or MASTER_WIDTH,
        cut=whole("cut"),
        floor=floor,
        playouts=playouts,
    )


def _make_easy(opts: dict[str, str], seed: int | None) -> EasyBot:
    _no_options("easy", opts)
    return EasyBot(seed)


def _make_medium(opts: dict[str, str], seed: int | None) -> HeuristicBot:
    _no_options("medium", opts)
    return HeuristicBot(seed)


def _make_hard(opts: dict[str, str], seed: int | None) -> StrongBot:
    _no_options("hard", opts)
    return StrongBot(seed)


_BOTS: dict[str, Callable[[dict[str, str], int | None], Bot]] = {
    "random": _make_random,
    "heuristic": _make_heuristic,
    "ismcts": _make_ismcts,
    "strong": _make_strong,
    "easy": _make_easy,
    "medium": _make_medium,
    "hard": _make_hard,
    "probe": make_probe,
    "master": _make_master,
}


@dataclass(frozen=True)
class Level:
    """A lobby level: its ``name`` (a spec ``make_bot`` accepts), a few words for a menu
    (``label``) and a sentence on what it is and how strong it measures (``about``: the figures
    are in ``benchmarks/RESULTS.md``, docs/bots.md reads them)."""

    name: str
    label: str
    about: str


#: The lobby's levels, weakest first, as the lobby, ``dinobox play --help`` and the ladder name them.
LEVEL_INFO = (
    Level(
        "easy",
        "the heuristic, with blunders",
        "The game's hand-written heuristic, but a random legal move half the time.",
    ),
    Level("medium", "the heuristic", "The game's hand-written heuristic (the bot 'heuristic')."),
    Level(
        "hard",
        "the strong bot",
        "The heuristic with weights learned in games against it, and terms found by hand in three games "
        "(the bot 'strong', no search); it answers at once. In four-player T-Rex Island it is only "
        "level with medium.",
    ),
    Level(
        "master",
        "hard plus a search of up to a CPU-second a move",
        "hard's policy with a search of up to one CPU-second a move over many redrawn hands (the bot "
        "'master'; a server may cap its time lower). At a second a move it beats hard in every game: "
        "63% of 300 two-player Dino Race games, 74% of 300 in T-Rex Island, 68% of 300 in Pangaea, and "
        "79% of 305 three-player Dinosaur Rush games, where a fair share is 33%. In Dino Race its own "
        "policy waits for the egg with both dinos before the finish and brings them home together; in "
        "Dinosaur Rush it moves where the bones score this round; in Pangaea it thinks its interrupts "
        "through where hard only interrupts a leader.",
    ),
)
#: The lobby's levels, weakest first: each is a spec ``make_bot`` accepts.
LEVELS = tuple(level.name for level in LEVEL_INFO)
# specs that play the game's heuristic (directly, or as their playout policy)
_NEEDS_HEURISTIC = ("heuristic", "easy", "medium", "hard", "strong", "probe", "master")


# bots whose options may be single words (``probe:first``), kept as ``{word: ""}``
_FLAG_BOTS = ("probe",)


def bot_kinds() -> list[str]:
    """The built-in bot kinds, then the installed ``dinobox.bots`` entry points."""
    return [*_BOTS, *plugins.entry_point_names(exclude=tuple(_BOTS))]


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=500,seconds=1"`` -> ``("ismcts", {...})``."""
    if not isinstance(spec, str) or not spec.strip():
        raise InvalidOptionError(f"a bot spec must be a non-empty string like 'random', not {spec!r}")
    name, _, rest = spec.strip().partition(":")
    if plugins.is_import_spec(name):
        name, rest = plugins.split_import_spec(spec)
    opts: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq and name.strip() in _FLAG_BOTS:  # ``probe:first``: a word alone
            eq = "="
        if not eq or not key.strip():
            raise InvalidOptionError(f"bot option {part!r} in {spec!r} must be KEY=VALUE")
        opts[key.strip()] = value.strip()
    return name.strip(), opts


def split_specs(text: str) -> list[str]:
    """``"heuristic,ismcts:iterations=50,playout=random"`` -> one spec per seat: a piece with
    ``=`` and no ``:`` continues the options of the spec before it."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if specs and "=" in piece and ":" not in piece:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from its spec; a bad spec raises ``InvalidOptionError`` saying what was wrong."""
    name, opts = parse_spec(spec)
    if name in _BOTS:
        return _BOTS[name](opts, seed)
    if plugins.is_import_spec(name):
        return plugins.build(plugins.imported_class(name), name, opts, seed)
    if plugins.has_entry_point(name):
        return plugins.build(plugins.entry_point_class(name), name, opts, seed)
    raise InvalidOptionError(f"no bot {name!r} (bots: {', '.join(bot_kinds())}, or plugin:MODULE:CLASS)")


def _canonical_value(value: str) -> str:
    try:
        number = float(value)
    except ValueError:
        return value
    if number.is_integer() and abs(number) < 2**53:
        return str(int(number))
    return repr(number)


def canonical_spec(spec: str) -> str:
    """One spelling per bot: ``" random:, "`` and ``"random"`` are ``"random"``;
    ``"ismcts:seconds=1.0,iterations=50"`` is ``"ismcts:iterations=50,seconds=1"`` (options
    sorted, numbers written the shortest way). Raises ``InvalidOptionError`` for a bad spec."""
    make_bot(spec, 0)
    name, opts = parse_spec(spec)
    if not opts:
        return name
    return (
        name
        + ":"
        + ",".join(f"{key}={_canonical_value(value)}" if value else key for key, value in sorted(opts.items()))
    )


@dataclass(frozen=True)
class Budget:
    """How much a bot may think per decision: at most ``iterations`` searches and at most
    ``seconds`` of wall-clock time (``None``: not bounded that way). A bot that does not
    search (``random``, ``heuristic``) has ``searches=False`` and answers at once."""

    searches: bool
    iterations: int | None = None
    seconds: float | None = None


DEFAULT_ISMCTS_ITERATIONS = 500


def budget_of(spec: str) -> Budget:
    """The thinking budget a spec asks for (raises ``InvalidOptionError`` for a bad spec)."""
    bot = make_bot(spec, 0)
    if isinstance(bot, MasterBot):
        return Budget(searches=True, iterations=bot.iterations, seconds=bot.seconds)
    if not isinstance(bot, (ISMCTSBot, StrongBot)) or (isinstance(bot, StrongBot) and not bot.searches):
        return Budget(searches=False)
    return Budget(searches=True, iterations=bot.iterations, seconds=bot.seconds)


def capped_spec(spec: str, max_iterations: int, max_seconds: float) -> str:
    """``spec`` with its budget brought within the caps (the spec itself when it is within).
    A search bounded only by time gets at most ``max_seconds``; one bounded only by
    iterations at most ``max_iterations``."""
    budget = budget_of(spec)
    if not budget.searches:
        return spec
    iterations_ok = budget.iterations is None or budget.iterations <= max_iterations
    seconds_ok = budget.seconds is None or budget.seconds <= max_seconds
    if iterations_ok and seconds_ok:
        return spec
    name, opts = parse_spec(spec)
    if not iterations_ok:
        opts["iterations"] = str(max_iterations)
    if not seconds_ok:
        opts["seconds"] = str(max_seconds)
    return name + ":" + ",".join(f"{k}={v}" for k, v in opts.items())


def check_bot_for_game(spec: str, game_id: str) -> None:
    """Raise ``InvalidOptionError`` if ``spec`` cannot play ``game_id`` (e.g. no heuristic yet)."""
    make_bot(spec, 0)
    if parse_spec(spec)[0] in _NEEDS_HEURISTIC:
        heuristic_policy(game_id)


__all__ = [
    "LEVELS",
    "LEVEL_INFO",
    "Bot",
    "Budget",
    "EasyBot",
    "HeuristicBot",
    "ISMCTSBot",
    "Level",
    "MasterBot",
    "RandomBot",
    "StrongBot",
    "bot_kinds",
    "budget_of",
    "canonical_spec",
    "capped_spec",
    "check_bot_for_game",
    "make_bot",
    "parse_spec",
]
