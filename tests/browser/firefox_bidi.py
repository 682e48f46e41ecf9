"""A tiny WebDriver BiDi client for the system Firefox (Debian's ``firefox-esr``), headless.

Playwright's Firefox is a patched build that must be downloaded; the stock Firefox instead
speaks the W3C WebDriver BiDi protocol itself when started with ``--remote-debugging-port``.
This client needs only the ``websockets`` package (already a server dependency): start the
browser on a fresh profile, open a session, navigate, evaluate JavaScript, collect the page's
JavaScript errors and take screenshots. Everything stays on loopback.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

# Preferences for a quiet, offline profile (the remote agent adds its own recommended set too).
PREFS = {
    "app.update.auto": False,
    "app.update.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.enabled": False,
    "extensions.update.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
}


def find_firefox() -> str | None:
    """The Firefox to use: $DINOBOX_FIREFOX, else firefox-esr or firefox on the PATH."""
    env = os.environ.get("DINOBOX_FIREFOX")
    if env:
        return env if Path(env).exists() else None
    return shutil.which("firefox-esr") or shutil.which("firefox")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class BiDiError(RuntimeError):
    pass


class Firefox:
    """One headless Firefox with one BiDi session and one tab (``self.context``)."""

    def __init__(self, binary: str, width: int = 1100, height: int = 900, startup_timeout: float = 40.0) -> None:
        self.profile = tempfile.mkdtemp(prefix="dinobox-firefox-")
        Path(self.profile, "user.js").write_text(
            "".join(f'user_pref("{k}", {json.dumps(v)});\n' for k, v in PREFS.items()), encoding="utf-8"
        )
        port = _free_port()
        self.proc = subprocess.Popen(
            [
                binary,
                "--headless",
                "--no-remote",
                "--profile",
                self.profile,
                f"--remote-debugging-port={port}",
                "about:blank",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "MOZ_HEADLESS": "1"},
        )
        self.output: list[str] = []
        ready = threading.Event()

        def drain() -> None:
            assert self.proc.stdout is not None
            for line in self.proc.stdout:
                self.output.append(line.rstrip())
                if "WebDriver BiDi listening" in line:
                    ready.set()

        threading.Thread(target=drain, daemon=True).start()
        if not ready.wait(startup_timeout):
            self.close()
            raise BiDiError("Firefox did not open its WebDriver BiDi port: " + " | ".join(self.output[-5:]))
        self._connection = connect(f"ws://127.0.0.1:{port}/session", max_size=None, open_timeout=20)
        self.ws: ClientConnection = self._connection.__enter__()
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self.command("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})
        self.command("session.subscribe", {"events": ["log.entryAdded"]})
        tree = self.command("browsingContext.getTree", {})
        self.context: str = tree["contexts"][0]["context"]
        self.command(
            "browsingContext.setViewport", {"context": self.context, "viewport": {"width": width, "height": height}}
        )

    # ----- protocol ----------------------------------------------------------------------------
    def command(self, method: str, params: dict[str, Any], timeout: float = 30.0) -> dict[str, Any]:
        self._next += 1
        ident = self._next
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        deadline = time.time() + timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise BiDiError(f"{method}: no answer in {timeout} s")
            msg = json.loads(self.ws.recv(timeout=left))
            if msg.get("type") == "event":
                self.events.append(msg)
                continue
            if msg.get("id") != ident:
                continue
            if msg.get("type") == "error":
                raise BiDiError(f"{method}: {msg.get('error')}: {msg.get('message')}")
            return dict(msg.get("result") or {})

    # ----- page helpers ------------------------------------------------------------------------
    def goto(self, url: str) -> None:
        self.command("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def evaluate(self, expression: str) -> Any:
        """Evaluate a JavaScript expression in the page (promises awaited); returns its JSON value."""
        res = self.command(
            "script.evaluate",
            {
                "expression": f"(async () => JSON.stringify(await ({expression})))()",
                "target": {"context": self.context},
                "awaitPromise": True,
                "resultOwnership": "none",
            },
        )
        if res.get("type") == "exception":
            details = res.get("exceptionDetails", {})
            raise BiDiError(f"script error: {details.get('text')}")
        value = res.get("result", {}).get("value")
        return None if value in (None, "undefined") else json.loads(value)

    def wait_for(self, expression: str, timeout: float = 20.0, what: str = "") -> Any:
        deadline = time.time() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.time() > deadline:
                raise AssertionError(f"Firefox: timed out waiting for {what or expression}")
            time.sleep(0.1)

    def set_viewport(self, width: int, height: int) -> None:
        self.command(
            "browsingContext.setViewport", {"context": self.context, "viewport": {"width": width, "height": height}}
        )

    def click(self, selector: str) -> None:
        """Click the element as a person does: the pointer moves to its middle, presses, releases.

        A person aims at where the element is once the page has stopped moving, so the middle is
        read until two readings agree; a text field that did not take the focus (the page moved
        under the pointer) is clicked again, as a person would.
        """
        find = f"document.querySelector({json.dumps(selector)})"
        for _attempt in range(3):
            box = self._steady_middle(find, selector)
            pointer = [
                {"type": "pointerMove", "x": box[0], "y": box[1]},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ]
            self._act({"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": pointer})
            focused = f"""(() => {{ const e = {find};
              return !e || !e.matches('input, textarea, select') || document.activeElement === e; }})()"""
            try:
                self.wait_for(focused, timeout=2.0, what=f"{selector} to take the focus")
                return
            except AssertionError:
                continue
        raise AssertionError(f"Firefox: {selector} did not take the focus after three clicks")

    def _steady_middle(self, find: str, selector: str) -> list[int]:
        middle = f"""(() => {{ const e = {find};
          if (!e || e.hidden || !e.getClientRects().length) return null;
          e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect();
          return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]; }})()"""
        box = self.wait_for(middle, what=f"{selector} to show")
        for _reading in range(20):
            time.sleep(0.05)
            again = self.wait_for(middle, what=f"{selector} to show")
            if again == box:
                break
            box = again
        return list(box)

    def type(self, text: str) -> None:
        """Key presses into whatever has the focus (``\n`` presses Enter)."""
        keys = []
        for ch in text:
            key = "\ue007" if ch == "\n" else ch
            keys += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        self._act({"type": "key", "id": "keyboard", "actions": keys})

    def _act(self, source: dict[str, Any]) -> None:
        self.command("input.performActions", {"context": self.context, "actions": [source]})

    def js_errors(self) -> list[str]:
        out = []
        for ev in self.events:
            params = ev.get("params", {})
            if ev.get("method") == "log.entryAdded" and params.get("level") == "error":
                out.append(str(params.get("text")))
        return out

    def screenshot(self, path: str | Path) -> None:
        res = self.command("browsingContext.captureScreenshot", {"context": self.context, "origin": "document"})
        Path(path).write_bytes(base64.b64decode(res["data"]))

    def close(self) -> None:
        try:
            if getattr(self, "ws", None) is not None:
                with contextlib.suppress(Exception):
                    self.command("browser.close", {}, timeout=5)
                self._connection.__exit__(None, None, None)
        finally:
            if self.proc.poll() is None:
                self.proc.terminate()
                try:
                    self.proc.wait(10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
            shutil.rmtree(self.profile, ignore_errors=True)


@contextlib.contextmanager
def started_firefox(width: int = 1100, height: int = 900) -> Iterator[Firefox]:
    """Debian's Firefox driven over WebDriver BiDi for a test module, closed afterwards. A missing
    or broken Firefox fails the test with the command that installs it: a skipped test is none."""
    binary = find_firefox()
    if not binary:
        pytest.fail("Firefox is not installed: apt-get install -y firefox-esr (or set DINOBOX_FIREFOX)")
    try:
        fx = Firefox(binary, width=width, height=height)
    except (BiDiError, OSError) as exc:  # pragma: no cover - a broken install
        pytest.fail(f"Firefox at {binary} does not start with WebDriver BiDi: {exc}")
    try:
        yield fx
    finally:
        fx.close()
