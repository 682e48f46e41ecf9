"""axe-core in a page, the same check in Chromium (Playwright) and Firefox (WebDriver BiDi).
The script is axe-core's own ``axe.min.js``, as the ``axe-playwright-python`` package ships it;
it is evaluated in the page (not added as a script tag, which the Content-Security-Policy refuses)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import axe_playwright_python

BLOCKING = ("critical", "serious", "moderate")

# axe.run on the whole document; only the violations, each with its impact and first few targets
RUN = """(async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }));
})()"""


@cache
def axe_source() -> str:
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def blocking(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in violations if v.get("impact") in BLOCKING]


def check_chromium(page: Any, where: str) -> None:
    """axe-core in a Playwright page: no critical, serious or moderate violation."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source() + "\n;true")
    found = blocking(page.evaluate(RUN))
    assert not found, f"axe-core in Chromium on {where}: {json.dumps(found, indent=1)}"


def check_firefox(firefox: Any, where: str) -> None:
    """axe-core in the BiDi-driven Firefox: no critical, serious or moderate violation."""
    if not firefox.evaluate("typeof window.axe !== 'undefined'"):
        target = {"context": firefox.context}
        params = {"expression": axe_source(), "target": target, "awaitPromise": False, "resultOwnership": "none"}
        firefox.command("script.evaluate", params)
    found = blocking(firefox.evaluate(RUN))
    assert not found, f"axe-core in Firefox on {where}: {json.dumps(found, indent=1)}"
