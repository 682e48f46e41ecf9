"""What a designer reads about the game itself: how games end, and who wins by role and by order
of play, each with a test that fits its structure.

- **End reasons**: the share of games each declared end condition (``Game.end_conditions``)
  ended, with a 95% Wilson interval; games stopped at the turn cap are their own reason.
- **Order of play**: the win share of whoever moved first, second, ... (``State.play_order()``:
  where the first player is drawn, the order, not the seat), with a chi-square goodness-of-fit
  test of the wins per position against an even split.
- **Roles** (``Game.role_kinds()``): the win share of each role with its interval, and a
  Cochran–Mantel–Haenszel test of role against winning, stratified by the position the seat chose
  in (a chosen role: the first chooser takes what it thinks best) or played in (a dealt or fixed
  role), so a role is not credited with the edge of choosing or moving first. A team role is
  tested with the team as the unit: the teams' wins against an even split.

Shared wins count as a share (``returns()``), as everywhere in the simulator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypedDict

from dinobox.engine.game import Game
from dinobox.simulate.documents import Design, DesignTest, EndShare, GameRow, WinShare
from dinobox.simulate.stats import wilson

CAPPED = "capped"  # not a game's end: the simulator's turn cap stopped it
UNDECLARED = "undeclared"  # over, but the game named no declared end


class _Share(TypedDict):
    share: float | None
    ci95: list[float]


def _share(count: float, games: int) -> _Share:
    lo, hi = wilson(count, games)
    return {"share": round(count / games, 4) if games else None, "ci95": [round(lo, 4), round(hi, 4)]}


def end_reasons(rows: Sequence[GameRow], game: Game) -> dict[str, EndShare]:
    """``{id: {"games", "share", "ci95", "text", "extension"}}``: every declared end (those that
    never fired too), then the turn cap and undeclared ends if any game had them."""
    n = len(rows)
    counts: dict[str, int] = {}
    for row in rows:
        reason = row.get("end_reason")
        key = CAPPED if row.get("capped") else (reason or UNDECLARED)
        counts[key] = counts.get(key, 0) + 1
    out: dict[str, EndShare] = {}
    for cond in game.end_conditions:
        games = counts.pop(cond.id, 0)
        out[cond.id] = {"games": games, "text": cond.text, "extension": cond.extension, **_share(games, n)}
    texts = {CAPPED: "stopped at the simulator's turn cap (not an end of the game)", UNDECLARED: "no declared end"}
    for key, count in counts.items():
        text = texts.get(key, "an end the game does not declare")
        out[key] = {"games": count, "text": text, "extension": False, **_share(count, n)}
    return out


def extension_share(reasons: dict[str, EndShare]) -> float | None:
    """The share of games only an extension of the written ends could end (None: no games)."""
    games = sum(e["games"] for e in reasons.values())
    if not games:
        return None
    return round(sum(e["games"] for e in reasons.values() if e["extension"]) / games, 4)


def _gof(wins: list[float], test: str) -> DesignTest:
    """Chi-square goodness of fit of ``wins`` against an even split; undefined without wins."""
    from scipy import stats

    total = sum(wins)
    if total <= 0 or len(wins) < 2:
        return {"test": test, "undefined": "no wins to compare", "p_value": None, "significant": False}
    result = stats.chisquare(wins, [total / len(wins)] * len(wins))
    p = float(result.pvalue)
    return {
        "test": test,
        "statistic": round(float(result.statistic), 4),
        "dof": len(wins) - 1,
        "p_value": round(p, 6),
        "significant": p < 0.05,
    }


def order_rates(
    rows: Sequence[GameRow], players: int, key: Literal["order", "choice_order"] = "order"
) -> tuple[dict[str, WinShare], DesignTest]:
    """``({position: {"games", "wins", "share", "ci95"}}, test)``; positions "1" (moved first)
    to ``players``, over the games whose order of play (``key="choice_order"``: of choosing
    roles) is known. Empty with an undefined test when no game knows it."""
    orders = [(row, row.get(key) or []) for row in rows]
    known = [(row, order) for row, order in orders if len(order) == players]
    what = "the order of play" if key == "order" else "the order of choosing roles"
    if not known:
        return {}, {"test": "chi-square goodness of fit", "undefined": f"no game reports {what}", "p_value": None}
    wins = [sum(row["returns"][order[p]] for row, order in known) for p in range(players)]
    rates: dict[str, WinShare] = {
        str(p + 1): {"games": len(known), "wins": round(wins[p], 4), **_share(wins[p], len(known))}
        for p in range(players)
    }
    test = _gof(wins, f"chi-square goodness of fit (wins per position in {what} vs an even split)")
    return rates, test


def _strata(row: GameRow, chosen: bool, players: int) -> list[int]:
    """Per seat, the stratum: its position in the choosing order (chosen roles) or in the order
    of play (else; the seat when neither is known)."""
    order = row.get("choice_order") if chosen else None
    if not order:
        order = row.get("order")
    if not order or len(order) != players:
        return list(range(players))
    where = [0] * players
    for position, seat in enumerate(order):
        where[seat] = position
    return where


def cmh_test(tables: dict[int, dict[str, tuple[float, int]]], roles: list[str]) -> DesignTest:
    """Generalized Cochran–Mantel–Haenszel test (general association) of role x {win, loss},
    stratified: ``tables[stratum][role] = (wins, seat-games)``. Undefined when no stratum holds
    two roles (a role fixed to one position cannot be told apart from the position)."""
    import numpy as np
    from scipy import stats

    name = "Cochran-Mantel-Haenszel (role x win, stratified by the position the seat chose or played in)"
    k = len(roles)
    if k < 2:
        return {"test": name, "undefined": "only one role was ever held", "p_value": None, "significant": False}
    diff = np.zeros(k - 1)
    var = np.zeros((k - 1, k - 1))
    for table in tables.values():
        counts = np.array([table.get(r, (0.0, 0))[1] for r in roles], dtype=float)
        wins = np.array([table.get(r, (0.0, 0))[0] for r in roles], dtype=float)
        total, won = counts.sum(), wins.sum()
        if total < 2 or (counts > 0).sum() < 2:
            continue
        diff += (wins - counts * won / total)[: k - 1]
        scale = won * (total - won) / (total * total * (total - 1))
        full = scale * (total * np.diag(counts) - np.outer(counts, counts))
        var += full[: k - 1, : k - 1]
    if not var.any():
        return {
            "test": name,
            "undefined": "no position held two roles: role and order cannot be told apart (read the order test)",
            "p_value": None,
            "significant": False,
        }
    statistic = float(diff @ np.linalg.pinv(var) @ diff)
    dof = int(np.linalg.matrix_rank(var))
    p = float(stats.chi2.sf(statistic, dof))
    return {"test": name, "statistic": round(statistic, 4), "dof": dof, "p_value": round(p, 6), "significant": p < 0.05}


def role_rates(rows: Sequence[GameRow], game: Game) -> tuple[dict[str, dict[str, WinShare]], dict[str, DesignTest]]:
    """``({kind: {role: {"games", "wins", "share", "ci95"}}}, {kind: test})`` for every role
    kind the game declares (``games``: seat-games in which a seat held the role; for a team,
    games the team played, and ``wins`` the games it won)."""
    players = game.num_players
    rates: dict[str, dict[str, WinShare]] = {}
    tests: dict[str, DesignTest] = {}
    for kind in game.role_kinds():
        held: dict[str, list[float]] = {}
        tables: dict[int, dict[str, tuple[float, int]]] = {}
        team_wins: dict[str, float] = {}
        for row in rows:
            roles = (row.get("roles") or {}).get(kind.id)
            if not roles:
                continue
            strata = _strata(row, kind.chosen, players)
            for seat, role in enumerate(roles):
                if role is None:
                    continue
                won = row["returns"][seat]
                games_wins = held.setdefault(role, [0, 0.0])
                games_wins[0] += 1
                games_wins[1] += won
                cell = tables.setdefault(strata[seat], {})
                w, g = cell.get(role, (0.0, 0))
                cell[role] = (w + won, g + 1)
                team_wins[role] = team_wins.get(role, 0.0) + won
        names = sorted(held)
        if kind.team:  # the team is the unit: a game per team, its seats' shares summed
            for role in names:
                held[role][0] = sum(1 for row in rows if role in ((row.get("roles") or {}).get(kind.id) or ()))
        rates[kind.id] = {
            role: {
                "games": int(held[role][0]),
                "wins": round(held[role][1], 4),
                **_share(held[role][1], int(held[role][0])),
            }
            for role in names
        }
        if kind.team:
            tests[kind.id] = _gof(
                [team_wins[r] for r in names], "chi-square goodness of fit (wins per team vs an even split)"
            )
        else:
            tests[kind.id] = cmh_test(tables, names)
        tests[kind.id]["kind_text"] = kind.text
    return rates, tests


def design_summary(rows: Sequence[GameRow], game: Game) -> Design:
    """The blocks ``summary.json`` carries: ``end_reasons``, ``order``, ``order_test``, ``roles``
    and ``role_tests`` (and ``team_test``, the role test of a team game)."""
    reasons = end_reasons(rows, game)
    order, order_test = order_rates(rows, game.num_players)
    roles, role_tests = role_rates(rows, game)
    choice, choice_test = order_rates(rows, game.num_players, "choice_order")
    team = next((k.id for k in game.role_kinds() if k.team), None)
    return {
        "end_reasons": reasons,
        "extension_share": extension_share(reasons),
        "order": order,
        "order_test": order_test,
        "choice": choice,
        "choice_test": choice_test,
        "roles": roles,
        "role_tests": role_tests,
        "team_test": role_tests[team] if team else None,
    }
