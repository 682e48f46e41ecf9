"""The game's own effects in words and tables, for the terminal and report.html: how games end,
win shares by order of play, by order of choosing and by role, each with its test; "–" with the
reason where a number is undefined."""

from __future__ import annotations

import html

from dinobox.simulate.documents import Design, DesignTest, EndShare, WinShare
from dinobox.simulate.formatting import fmt_p


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _interval(entry: EndShare | WinShare) -> str:
    lo, hi = entry["ci95"]
    return f"{_pct(entry['share'])} [{100 * lo:.1f}, {100 * hi:.1f}]"


def test_sentence(test: DesignTest | None) -> str:
    """A test's verdict: "an effect (p ...)", "no evidence (p ...)", or "–" with its reason."""
    if not test:
        return "– (not measured)"
    p = test.get("p_value")
    if p is None:
        return f"– ({test.get('undefined', 'undefined')})"
    verdict = "an effect" if test["significant"] else "no evidence of an effect"
    stat = f"{test['statistic']:.2f}" if "statistic" in test else "–"
    return f"{verdict}: {test['test']}, statistic {stat}, {test.get('dof', '–')} dof, p {fmt_p(p)}"


def end_lines(summary: Design) -> list[str]:
    reasons = summary.get("end_reasons") or {}
    if not reasons:
        return []
    lines = ["How games end (share of games [95% Wilson CI]):"]
    for rid, e in reasons.items():
        mark = " (an extension of the written ends)" if e.get("extension") else ""
        lines.append(f"  {rid}: {e['games']} games, {_interval(e)}{mark}; {e['text']}")
    return lines


def _orders(summary: Design) -> list[tuple[str, str, dict[str, WinShare], DesignTest | None]]:
    """The order of play and the order of choosing roles: (key, title, win shares, test)."""
    return [
        (
            "order",
            "order of play (who moved first, second, ...)",
            summary.get("order") or {},
            summary.get("order_test"),
        ),
        ("choice", "order of choosing roles", summary.get("choice") or {}, summary.get("choice_test")),
    ]


def order_lines(summary: Design) -> list[str]:
    lines = []
    for key, title, block, test in _orders(summary):
        if not block:
            if key == "order":
                lines.append(f"Win share by {title}: {test_sentence(test)}")
            continue
        shares = ", ".join(f"{pos}: {_interval(e)}" for pos, e in block.items())
        lines.append(f"Win share by {title}: {shares}")
        lines.append(f"  {test_sentence(test)}")
    return lines


def role_lines(summary: Design) -> list[str]:
    lines = []
    tests = summary.get("role_tests") or {}
    for kind, roles in (summary.get("roles") or {}).items():
        shares = ", ".join(f"{role}: {_interval(e)} of {e['games']}" for role, e in roles.items())
        lines.append(f"Win share by {kind}: {shares or '– (no role held)'}")
        lines.append(f"  {test_sentence(tests.get(kind))}")
    return lines


def design_lines(summary: Design) -> list[str]:
    """Everything above, as plain lines for the terminal."""
    return end_lines(summary) + order_lines(summary) + role_lines(summary)


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def design_html(summary: Design) -> list[str]:
    """report.html's sections: end reasons, order of play and of choosing, roles."""
    parts: list[str] = []
    reasons = summary.get("end_reasons") or {}
    if reasons:
        parts.append("<h2 id='end-reasons'>How games end (95% Wilson intervals)</h2>")
        rows = [
            [rid, str(e["games"]), _interval(e), "extension" if e.get("extension") else "written", e["text"]]
            for rid, e in reasons.items()
        ]
        parts.append(_table(["end", "games", "share [95% CI]", "rulebook", "what"], rows))
    for key, title, block, test in _orders(summary):
        if not block and key == "choice":
            continue
        parts.append(f"<h2 id='{key}'>Win share by {title.split(' (')[0]}</h2>")
        rows = [[pos, str(e["games"]), f"{e['wins']:g}", _interval(e)] for pos, e in block.items()]
        parts.append(_table(["position", "games", "wins", "share [95% CI]"], rows))
        parts.append(f"<p>{html.escape(test_sentence(test))}</p>")
    tests = summary.get("role_tests") or {}
    for kind, roles in (summary.get("roles") or {}).items():
        parts.append(f"<h2 id='role-{html.escape(kind)}'>Win share by {html.escape(kind)}</h2>")
        rows = [[role, str(e["games"]), f"{e['wins']:g}", _interval(e)] for role, e in roles.items()]
        parts.append(_table([kind, "seat-games", "wins", "share [95% CI]"], rows))
        parts.append(f"<p>{html.escape(test_sentence(tests.get(kind)))}</p>")
    return parts
