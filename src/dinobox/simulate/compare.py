"""``--compare DIR_A DIR_B``: two simulation runs side by side."""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path
from typing import Any

from dinobox.engine.errors import DinoboxError


def load_summary(directory: Path) -> dict[str, Any]:
    path = Path(directory) / "summary.json"
    if not path.is_file():
        raise DinoboxError(
            f"{directory} holds no summary.json (run `dinobox simulate ... --out {directory}` first)"
        )
    try:
        summary: dict[str, Any] = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise DinoboxError(f"{path} is not valid JSON: {exc}") from None
    if not isinstance(summary, dict) or "games" not in summary or "bots" not in summary:
        raise DinoboxError(f"{path} is not a dinobox simulation summary")
    return summary


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def _rate(entry: dict[str, Any] | None) -> str:
    if entry is None:
        return "-"
    lo, hi = entry["ci95"]
    return f"{entry['win_rate']:.3f} [{lo:.3f}, {hi:.3f}]"


def comparison_rows(a: dict[str, Any], b: dict[str, Any]) -> list[list[str]]:
    """Rows of (measure, run A, run B, B - A)."""
    from dinobox.simulate.report import headline

    rows: list[list[str]] = []
    for (label, va), (_, vb) in zip(headline(a), headline(b), strict=True):
        delta = f"{vb - va:+.3f}" if isinstance(va, (int, float)) and isinstance(vb, (int, float)) else ""
        rows.append([label, _fmt(va), _fmt(vb), delta])
    for seat in range(max(a["players"], b["players"])):
        sa = a["seats"][seat] if seat < len(a["seats"]) else None
        sb = b["seats"][seat] if seat < len(b["seats"]) else None
        delta = f"{sb['win_rate'] - sa['win_rate']:+.3f}" if sa and sb else ""
        rows.append([f"seat {seat} win rate", _rate(sa), _rate(sb), delta])
    bots_a = {x["spec"]: x for x in a["bots"]}
    bots_b = {x["spec"]: x for x in b["bots"]}
    for spec in [*bots_a, *(s for s in bots_b if s not in bots_a)]:
        ea, eb = bots_a.get(spec), bots_b.get(spec)
        delta = f"{eb['win_rate'] - ea['win_rate']:+.3f}" if ea and eb else ""
        rows.append([f"{spec} win rate", _rate(ea), _rate(eb), delta])
    return rows


def setup_rows(a: dict[str, Any], b: dict[str, Any]) -> list[list[str]]:
    keys = ["game", "players", "options", "data_overrides", "bots_given", "seed"]
    return [[k, json.dumps(a.get(k)), json.dumps(b.get(k))] for k in keys]


def write_compare(dir_a: Path, dir_b: Path, out: Path) -> Path:
    """compare.html in ``out``: the setups, the numbers and both runs' plots side by side."""
    a, b = load_summary(dir_a), load_summary(dir_b)
    out.mkdir(parents=True, exist_ok=True)

    def table(headers: list[str], rows: list[list[str]]) -> str:
        head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows)
        return f"<table><tr>{head}</tr>{body}</table>"

    from dinobox.simulate.report import PLOTS

    figures = []
    for name, caption in PLOTS:
        cells = []
        for tag, directory in (("a", dir_a), ("b", dir_b)):
            source = Path(directory) / name
            if source.is_file():
                target = out / f"{tag}_{name}"
                if source.resolve() != target.resolve():
                    shutil.copyfile(source, target)
                cells.append(
                    f"<figure><img src='{target.name}'><figcaption>{tag.upper()}</figcaption></figure>"
                )
        if cells:
            figures.append(f"<h3>{html.escape(caption)}</h3><div class='row'>{''.join(cells)}</div>")
    style = (
        "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
        "td,th{border:1px solid #ccc;padding:3px 8px}.row{display:flex;gap:1em}"
    )
    page = (
        "<!doctype html><html><head><meta charset='utf-8'><title>dinobox: compare runs</title>"
        f"<style>{style}</style></head><body><h1>A: {html.escape(str(dir_a))} &nbsp; B: {html.escape(str(dir_b))}"
        f"</h1>{table(['setup', 'A', 'B'], setup_rows(a, b))}"
        f"{table(['measure', 'A', 'B', 'B - A'], comparison_rows(a, b))}{''.join(figures)}</body></html>"
    )
    path = out / "compare.html"
    path.write_text(page)
    return path
