"""Checks before and after a run: the output folder really takes a file, data changes that only
change what players see, and settings that make the game degenerate (games of one turn, no real
choices, games stopped at the turn cap)."""

from __future__ import annotations

import contextlib
import statistics
from collections.abc import Callable, Sequence
from pathlib import Path

from dinobox.engine.errors import DinoboxError
from dinobox.engine.registry import game_class
from dinobox.simulate.documents import GameRow, Settings
from dinobox.simulate.play import SimConfig

PROBE_GAMES = 4  # the run's first games, seen early to tell whether the settings are degenerate
SHORT_TURNS = 1.5  # mean turns at or below this: the game hardly happens
FEW_CHOICES = 1.25  # legal choices per decision below this: players hardly choose
FEW_REAL = 0.25  # share of decisions with more than one legal choice below this: the same
PROBE_FILE = ".dinobox-write-check"


def check_writable(out: Path) -> None:
    """Make ``out`` if needed and write (then remove) a file in it, before the first game: a
    ``DinoboxError`` saying why if that fails, so no run is played only to be lost."""
    created = not out.exists()
    probe = out / PROBE_FILE
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe.write_text("dinobox checks that it can write here\n")
        probe.unlink()
    except OSError as exc:
        if created:
            with contextlib.suppress(OSError):
                out.rmdir()
        reason = exc.strerror or type(exc).__name__
        raise DinoboxError(f"cannot write to --out {out}: {reason} (nothing was played)") from None


def shown_only(game_id: str) -> frozenset[str]:
    """Component-data fields that change only what players see, not how the game plays (the
    game's data class declares them as ``SHOWN_ONLY``)."""
    found: frozenset[str] = getattr(game_class(game_id).default_data, "SHOWN_ONLY", frozenset())
    return found


def data_warnings(game_id: str, data: Settings) -> list[str]:
    """A warning for each data change that cannot change the games' results."""
    return [
        f"--set {name}: this field changes only what players see, not how the game plays; the results will be "
        "the same as without it"
        for name in sorted(set(data) & shown_only(game_id))
    ]


def degenerate(rows: Sequence[GameRow], cap_note: bool = True) -> list[str]:
    """What makes these games degenerate, in a designer's words (nothing if they are not)."""
    if not rows:
        return []
    warnings: list[str] = []
    turns = statistics.fmean(r["turns"] for r in rows)
    if turns <= SHORT_TURNS:
        warnings.append(f"games last {turns:.1f} turns on average: the settings end the game almost at once")
    decisions = sum(r["decisions"] for r in rows)
    legal = sum(r.get("legal_choices", 0) for r in rows)
    if decisions and legal / decisions < FEW_CHOICES:
        warnings.append(f"players have {legal / decisions:.2f} legal choices per decision: they hardly choose anything")
    elif decisions and sum(r["choice_decisions"] for r in rows) / decisions < FEW_REAL:
        share = sum(r["choice_decisions"] for r in rows) / decisions
        warnings.append(f"only {share:.0%} of decisions offer more than one legal choice: the game mostly plays itself")
    elif not decisions:
        warnings.append("no player makes a single decision: chance alone plays the game")
    capped = sum(1 for r in rows if r["capped"])
    if capped and cap_note:
        warnings.append(
            f"{capped} of {len(rows)} games hit the turn cap: they were stopped, not finished, so their "
            "winners and scores are not the game's"
        )
    return warnings


class FirstGames:
    """Watches a run's rows for its first few games (``PROBE_GAMES``) and, as soon as all of them
    are in, passes each thing they show to be degenerate about the settings to ``warn``: early
    in the run, so that a designer can stop it before it is spent on them. The games are the
    run's own, played by its workers with the others (the progress bar moves from the start)."""

    def __init__(self, config: SimConfig, warn: Callable[[str], None]) -> None:
        self.wanted = min(PROBE_GAMES, config.games)
        self.warn = warn
        self.rows: dict[int, GameRow] = {}
        self.said = False

    def see(self, row: GameRow) -> None:
        index = int(row["index"])
        if self.said or index >= self.wanted:
            return
        self.rows[index] = row
        if len(self.rows) == self.wanted:
            self.said = True
            for warning in degenerate([self.rows[i] for i in range(self.wanted)]):
                self.warn(warning)
