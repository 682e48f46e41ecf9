"""Bots from outside dinobox: any class whose ``choose(state)`` returns a legal action id and
whose constructor takes ``seed=`` (and, if it wants them, the spec's options as keyword
arguments, each a string).

Two routes, both ending in ``make_bot``:

- ``plugin:MODULE:CLASS[:KEY=VALUE,...]``: import ``MODULE`` (a dotted module name on
  ``sys.path``) and build its ``CLASS``. For the command line (``play``, ``simulate``,
  ``tune``, ``ratings``); the server refuses it, since a spec from a client must never make it
  import a module of the client's choosing.
- the ``dinobox.bots`` entry-point group: an installed package declares
  ``my-bot = "my_package.bots:MyBot"`` and ``my-bot`` is a bot kind like ``random``,
  everywhere, the server's lobby included (there without options). Built-in names win: an entry
  point named like a built-in bot is never loaded.

Every failure (no such module, no such class, a class that cannot be built with ``seed=``, an
object without ``choose``) is an ``InvalidOptionError`` saying which and why.
"""

from __future__ import annotations

import importlib
import inspect
from importlib import metadata

from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.runner import Agent

ENTRY_POINT_GROUP = "dinobox.bots"
PREFIX = "plugin"


def is_import_spec(name: str) -> bool:
    """Whether a spec's name (``parse_spec(spec)[0]``) asks to import a module by name."""
    return name == PREFIX or name.startswith(PREFIX + ":")


def split_import_spec(spec: str) -> tuple[str, str]:
    """``"plugin:pkg.mod:Cls:k=v,w=x"`` -> ``("plugin:pkg.mod:Cls", "k=v,w=x")``."""
    parts = spec.strip().split(":", 3)
    if len(parts) < 3 or not parts[1].strip() or not parts[2].strip():
        raise InvalidOptionError(
            f"a plug-in bot is named 'plugin:MODULE:CLASS' (e.g. 'plugin:my_bots:Greedy'), not {spec!r}"
        )
    module, cls = parts[1].strip(), parts[2].strip()
    if not all(p.isidentifier() for p in module.split(".")):
        raise InvalidOptionError(f"plug-in bot {spec!r}: {module!r} is not a dotted module name")
    if not cls.isidentifier():
        raise InvalidOptionError(f"plug-in bot {spec!r}: {cls!r} is not a class name")
    return f"{PREFIX}:{module}:{cls}", parts[3] if len(parts) == 4 else ""


def _entry_points() -> dict[str, metadata.EntryPoint]:
    return {point.name: point for point in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def entry_point_names(exclude: tuple[str, ...] = ()) -> list[str]:
    """The installed entry-point bots' names, sorted (those in ``exclude``, the built-in names,
    left out)."""
    return sorted(name for name in _entry_points() if name not in exclude)


def has_entry_point(name: str) -> bool:
    return name in _entry_points()


def _check_class(cls: object, where: str) -> type:
    if not inspect.isclass(cls):
        raise InvalidOptionError(f"{where} is a {type(cls).__name__}, not a bot class")
    if not callable(getattr(cls, "choose", None)):
        raise InvalidOptionError(f"{where} has no choose(state) method")
    return cls


def imported_class(name: str) -> type:
    """The class a ``plugin:MODULE:CLASS`` name points at."""
    _, module_name, cls_name = name.split(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise InvalidOptionError(
            f"plug-in bot {name!r}: cannot import module {module_name!r} ({exc}); is its folder on PYTHONPATH?"
        ) from None
    except Exception as exc:  # the module's own code failed: say so rather than crash
        raise InvalidOptionError(f"plug-in bot {name!r}: importing {module_name!r} failed: {exc!r}") from None
    if not hasattr(module, cls_name):
        raise InvalidOptionError(f"plug-in bot {name!r}: module {module_name!r} has no {cls_name!r}")
    return _check_class(getattr(module, cls_name), f"plug-in bot {name!r}")


def entry_point_class(name: str) -> type:
    """The class an installed ``dinobox.bots`` entry point names."""
    point = _entry_points().get(name)
    if point is None:
        raise InvalidOptionError(f"no installed bot {name!r} in the {ENTRY_POINT_GROUP!r} entry points")
    try:
        loaded = point.load()
    except Exception as exc:
        raise InvalidOptionError(f"bot {name!r} ({point.value}) failed to load: {exc!r}") from None
    return _check_class(loaded, f"bot {name!r} ({point.value})")


def build(cls: type, name: str, opts: dict[str, str], seed: int | None) -> Agent:
    """``cls(seed=seed, **opts)``, with a clear error when the class does not take them."""
    try:
        bot = cls(seed=seed, **opts)
    except TypeError as exc:
        given = f" with options {', '.join(opts)}" if opts else ""
        raise InvalidOptionError(f"bot {name!r} cannot be built with seed={seed}{given}: {exc}") from None
    except (ValueError, OSError) as exc:
        raise InvalidOptionError(f"bot {name!r}: {exc}") from None
    if not callable(getattr(bot, "choose", None)):
        raise InvalidOptionError(f"bot {name!r} has no choose(state) method")
    return bot
