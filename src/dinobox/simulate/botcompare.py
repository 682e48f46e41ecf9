"""``simulate --compare-bots A,B``: the same seeds played by two bot levels (every seat the same
level), and each effect one level shows and the other does not, named as the bot's.

An effect is a test of the summary at p < 0.05: the seat test, the order of play, the order of
choosing roles, the team test and each role test. One that shows with one level and not with the
other, where the two levels' win shares also differ (a chi-square of the categories' two-proportion
z, Holm-corrected over the effects, so an A/A comparison flags nothing 95% of the time or more),
is flagged "this effect is the bot's, not the game's": a game's effect would show whoever plays
it. One that shows with both is reported as the game's (as far as these two levels can tell).
How often each end condition fires is compared directly (Fisher's exact test, Holm-corrected
over the end conditions): a difference is the bot's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NotRequired, TypedDict

from dinobox.simulate.compare import holm
from dinobox.simulate.documents import Design, DesignTest, SeatRate, SeatTest
from dinobox.simulate.formatting import fmt_p

BOT_EFFECT = "this effect is the bot's, not the game's"
NOT_MEASURED: DesignTest = {"test": "not measured", "p_value": None}  # a summary without the test


class LevelSummary(Design):
    """What the comparison reads of a run's summary (``summary.json`` has it all)."""

    games: int
    seats: list[SeatRate]
    seat_test: SeatTest


class Tally(TypedDict):
    """A category's wins and games (a seat, a position in the order, a role)."""

    wins: float
    games: int


Effect = tuple[str, DesignTest | SeatTest, Mapping[str, Tally]]
"""What an effect is, its test, and its categories' wins and games."""


class Flag(TypedDict):
    """An effect one level shows (``shown_by``) and the other does not, or both show."""

    effect: str
    what: str
    p_value: list[float | None]  # with each level
    p_differ: NotRequired[float]  # the levels' shares differ (Holm over the effects)
    shown_by: NotRequired[str]
    sentence: str


class EndTest(TypedDict):
    """How often an end fires with each level (Fisher's exact test)."""

    end: str
    games: list[int]
    share: list[float]
    p_value: float
    p_holm: NotRequired[float]


class BotEffects(TypedDict):
    """``bot_effects.json``."""

    levels: list[str]
    games: list[int]
    flags: list[Flag]
    game_effects: list[Flag]
    ends: list[EndTest]


def level_folder(level: str) -> str:
    """A folder name for a bot level (``ismcts:iterations=50`` -> ``ismcts-iterations-50``)."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", level).strip("-") or "bot"


def parse_levels(text: str) -> tuple[str, str]:
    """``"heuristic,strong"`` -> the two levels; a ``ValueError`` saying what is wrong."""
    levels = [part.strip() for part in text.split(",")]
    if len(levels) != 2 or not all(levels):
        raise ValueError(f"--compare-bots takes two bot levels, LEVEL,LEVEL (e.g. heuristic,strong), not {text!r}")
    return levels[0], levels[1]


def _tests(summary: LevelSummary) -> dict[str, Effect]:
    """The effects a summary tests: key -> (what it is, its test, its categories' wins and games)."""
    seats: dict[str, Tally] = {
        str(e["seat"]): {"wins": e["wins"], "games": e["games"]} for e in summary.get("seats") or []
    }
    out: dict[str, Effect] = {}
    roles = summary.get("roles") or {}
    tests = summary.get("role_tests") or {}
    team = summary.get("team_test")
    if team:
        kind = next(k for k, t in tests.items() if t == team)
        out["team"] = ("team effect (the team as the unit)", team, roles.get(kind) or {})
    else:
        out["seat"] = ("seat effect", summary["seat_test"], seats)
    out["order"] = (
        "order-of-play effect (who moves first, second, ...)",
        summary.get("order_test") or NOT_MEASURED,
        summary.get("order") or {},
    )
    if summary.get("choice"):
        out["choice"] = ("order-of-choosing effect", summary.get("choice_test") or NOT_MEASURED, summary["choice"])
    for kind, test in tests.items():
        if test != team:  # a team game's role test is its team test
            out[f"role:{kind}"] = (f"{kind} effect (win share by {kind})", test, roles.get(kind) or {})
    return out


def heterogeneity(a: Mapping[str, Tally], b: Mapping[str, Tally]) -> float | None:
    """p-value of "the categories' win shares are the same with both levels". When every game
    holds each category (seats, positions, roles all dealt out), a game's win goes to one of them:
    a chi-square test of independence of level x category on the wins. Otherwise each category's
    two-proportion z, squared and summed (one degree of freedom each)."""
    from scipy import stats

    keys = [k for k in dict.fromkeys([*a, *b]) if k in a and a[k].get("games") and k in b and b[k].get("games")]
    if len(keys) < 2:
        return None
    tied = len({a[k]["games"] for k in keys}) == 1 and len({b[k]["games"] for k in keys}) == 1
    tied = tied and len(keys) == len(a) == len(b)
    if tied:
        table = [[a[k]["wins"] for k in keys], [b[k]["wins"] for k in keys]]
        if min(sum(col) for col in zip(*table, strict=True)) <= 0 or min(map(sum, table)) <= 0:
            return None
        return float(stats.chi2_contingency(table, correction=False)[1])
    total, used = 0.0, 0
    for k in keys:
        wa, ga, wb, gb = a[k]["wins"], a[k]["games"], b[k]["wins"], b[k]["games"]
        pooled = (wa + wb) / (ga + gb)
        var = pooled * (1 - pooled) * (1 / ga + 1 / gb)
        if var > 0:
            total += (wa / ga - wb / gb) ** 2 / var
            used += 1
    return float(stats.chi2.sf(total, used)) if used else None


def _fisher_ends(a: LevelSummary, b: LevelSummary) -> list[EndTest]:
    from scipy import stats

    ends_a, ends_b = a.get("end_reasons") or {}, b.get("end_reasons") or {}
    keys = list(dict.fromkeys([*ends_a, *ends_b]))
    rows: list[EndTest] = []
    for key in keys:
        ga = ends_a[key].get("games", 0) if key in ends_a else 0
        gb = ends_b[key].get("games", 0) if key in ends_b else 0
        p = float(stats.fisher_exact([[ga, a["games"] - ga], [gb, b["games"] - gb]])[1])
        rows.append({"end": key, "games": [ga, gb], "share": [ga / a["games"], gb / b["games"]], "p_value": p})
    for row, adjusted in zip(rows, holm([r["p_value"] for r in rows]), strict=True):
        row["p_holm"] = adjusted
    return rows


def _p(test: DesignTest | SeatTest) -> str:
    p = test.get("p_value")
    return "–" if p is None else fmt_p(p)


def bot_effects(a: LevelSummary, b: LevelSummary, levels: tuple[str, str]) -> BotEffects:
    """The effects of two summaries of the same seeds, one per bot level: ``flags`` (the bot's:
    significant with one level, not with the other, and the two levels' shares differ, Holm over
    the effects), ``game_effects`` (significant with both) and ``ends`` (each end per level)."""
    la, lb = levels
    tests_a, tests_b = _tests(a), _tests(b)
    keys = [k for k in tests_a if k in tests_b]
    differ = holm([heterogeneity(tests_a[k][2], tests_b[k][2]) or 1.0 for k in keys])
    flags: list[Flag] = []
    game: list[Flag] = []
    for key, p_differ in zip(keys, differ, strict=True):
        what, ta, _ = tests_a[key]
        tb = tests_b[key][1]
        sa, sb = bool(ta.get("significant")), bool(tb.get("significant"))
        p_values = [ta.get("p_value"), tb.get("p_value")]
        if sa != sb and p_differ < 0.05:
            shown, hidden = (la, lb) if sa else (lb, la)
            sentence = (
                f"{what}: shows with {shown} and not with {hidden} (p {_p(ta)} with {la}, {_p(tb)} with {lb}; "
                f"the levels differ, Holm p {fmt_p(p_differ)}): {BOT_EFFECT}"
            )
            flags.append(
                {
                    "effect": key,
                    "what": what,
                    "p_value": p_values,
                    "p_differ": p_differ,
                    "shown_by": shown,
                    "sentence": sentence,
                }
            )
        elif sa and sb:
            sentence = f"{what}: shows with both {la} and {lb} (p {_p(ta)}, {_p(tb)}): the game's"
            game.append({"effect": key, "what": what, "p_value": p_values, "p_differ": p_differ, "sentence": sentence})
    for row in _fisher_ends(a, b):
        if row["p_holm"] < 0.05:
            share_a, share_b = row["share"]
            flags.append(
                {
                    "effect": f"end:{row['end']}",
                    "what": f"games ending by {row['end']}",
                    "p_value": [row["p_holm"], row["p_holm"]],
                    "shown_by": la if share_a > share_b else lb,
                    "sentence": (
                        f"games ending by {row['end']}: {100 * share_a:.1f}% with {la}, {100 * share_b:.1f}% with "
                        f"{lb} (Fisher, Holm p {fmt_p(row['p_holm'])}): how often it fires is the bot's, not the game's"
                    ),
                }
            )
    ends = _fisher_ends(a, b)
    return {"levels": [la, lb], "games": [a["games"], b["games"]], "flags": flags, "game_effects": game, "ends": ends}


def effect_lines(result: BotEffects) -> list[str]:
    """The comparison in words, for the terminal."""
    la, lb = result["levels"]
    lines = [f"Bot levels compared on the same seeds: {la} against {lb}"]
    if not result["flags"]:
        lines.append("  no effect shows with one level and not the other")
    lines += [f"  FLAG {f['sentence']}" for f in result["flags"]]
    lines += [f"  {g['sentence']}" for g in result["game_effects"]]
    return lines
