"""The page's seat colours stay apart for colour-blind players: every pair of seat colours, seen
through the Machado, Brettel and Viénot simulations of protanopia, deuteranopia and tritanopia
(ColorAide's filters), stays more than a stated CIEDE2000 distance apart (``tests/colour_blind.py``
states them; the terminal's palette is held to the same). The colours are read from the page's
own files (js/ui.js, css/app.css, the boards), so the test checks what is served."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from colour_blind import MIN_ANY, MIN_FIRST_FIVE, closest
from dinobox.games.boardmarks import OKABE_ITO

SRC = Path(__file__).resolve().parents[2] / "src" / "dinobox"


def js_list(path: Path, name: str) -> list[str]:
    text = path.read_text(encoding="utf-8")
    found = re.search(rf"const {name} = \[([^\]]*)\]", text)
    assert found, f"{name} not found in {path}"
    return re.findall(r'"(#[0-9A-Fa-f]{6})"', found.group(1))


def js_map(path: Path, name: str) -> dict[str, str]:
    text = path.read_text(encoding="utf-8")
    found = re.search(rf"const {name} = \{{([^}}]*)\}}", text)
    assert found, f"{name} not found in {path}"
    return dict(re.findall(r'(\w+): "(#[0-9A-Fa-f]{6})"', found.group(1)))


SEATS = js_list(SRC / "web" / "js" / "ui.js", "SEAT_HEX")


def test_the_seat_palette_is_okabe_ito_as_in_the_terminal() -> None:
    assert len(SEATS) == 8
    assert {c.upper() for c in SEATS[:7]} == {c.upper() for c in OKABE_ITO.values()}
    css = (SRC / "web" / "css" / "app.css").read_text(encoding="utf-8")
    for seat, colour in enumerate(SEATS):
        assert re.search(rf"--seat{seat}: {colour};", css, re.IGNORECASE), f"--seat{seat} is not {colour} in app.css"


def test_the_first_five_seats_stay_apart_for_colour_blind_players() -> None:
    distance, pair = closest({f"seat {i}": c for i, c in enumerate(SEATS[:5])})
    assert distance >= MIN_FIRST_FIVE, f"{pair}: ΔE2000 {distance:.1f} < {MIN_FIRST_FIVE}"


def test_all_eight_seats_stay_apart_for_colour_blind_players() -> None:
    distance, pair = closest({f"seat {i}": c for i, c in enumerate(SEATS)})
    assert distance >= MIN_ANY, f"{pair}: ΔE2000 {distance:.1f} < {MIN_ANY}"


@pytest.mark.parametrize(
    ("board", "name"), [("dinosaur_rush", "SEAT"), ("trex_island", "PLAYER")], ids=["dinosaur-rush", "trex-island"]
)
def test_a_games_named_colours_stay_apart(board: str, name: str) -> None:
    colours = js_map(SRC / "games" / board / "board.js", name)
    assert len(colours) >= 4
    distance, pair = closest(colours)
    assert distance >= MIN_ANY, f"{board}: {pair}: ΔE2000 {distance:.1f} < {MIN_ANY}"
