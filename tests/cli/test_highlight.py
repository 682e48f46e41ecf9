"""Previews on the board: which places a choice marks, how the renderers draw them, and the
boards fitting an 80-column terminal. Read through public functions only: ``Table.highlight``,
the renderers' ``render(view, marks=..., width=...)`` and the views."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from rich.text import Text

from dinobox.bots import make_bot
from dinobox.cli.table import HUMAN, Table, render_text
from dinobox.engine.registry import game_entry, load_game
from dinobox.games.trex_island.render import FULL_WIDTH

NARROW = 48
"""Columns of the board pane on an 80×24 terminal."""


def marked(markup: str) -> list[str]:
    """The pieces of a drawing shown in reverse video (a highlight), in reading order."""
    found: list[str] = []
    for line in markup.splitlines():
        text = Text.from_markup(line)
        for span in text.spans:
            style = span.style
            if (not isinstance(style, str) and style.reverse) or (isinstance(style, str) and "reverse" in style):
                found.append(text.plain[span.start : span.end])
    return found


def table_at(
    game_id: str, players: int, wanted: Callable[[dict[str, Any]], bool], seed: int = 1, limit: int = 3000
) -> tuple[Table, dict[str, Any]]:
    """A table where the person (seat 0) may take a choice ``wanted`` accepts, reached by random
    moves (bots for the other seats), and that choice described."""
    for attempt in range(5):
        game = load_game(game_id, players=players)
        table = Table(game, [HUMAN] + ["heuristic"] * (players - 1), seed + attempt)
        rng = random.Random(seed + attempt)
        table.run_automatic()
        for _ in range(limit):
            if table.state.is_terminal():
                break
            for info in table.described():
                if wanted(info) and not table.state.reveals_to(0, info["action"]):
                    return table, info
            table.act(rng.choice(table.state.legal_actions()))
            table.run_automatic()
    raise AssertionError(f"no {game_id} position found")


def test_dino_race_move_marks_the_tiles_left_and_reached() -> None:
    table, info = table_at("dino-race", 2, lambda i: i["kind"] == "move")
    before = table.state.view(0)
    dino = next(d for d in before["dinos"] if d["id"] == info["dino"])
    light = table.highlight(0, info["action"])
    assert light.view is not None
    view: dict[str, Any] = light.view  # the game's own view
    reached = next(d for d in view["dinos"] if d["id"] == info["dino"])["tile"]
    assert {dino["tile"], reached} <= light.places
    assert {p for p in light.places if isinstance(p, int)} == {dino["tile"], reached}
    assert any(line.startswith(f"tile {reached} ") and dino["name"] in line for line in light.lines)
    drawing = render_text(table.game, light.view, light.places)
    # the tiles' lines of the track, and the mover's panel, are drawn reversed
    assert any(part.lstrip().startswith(f"{reached} ") for part in marked(drawing))
    assert any(part.lstrip().startswith(f"{dino['tile']} ") for part in marked(drawing))
    assert not marked(render_text(table.game, light.view))


def test_dino_race_draws_the_egg_as_a_letter_with_a_legend() -> None:
    table, _ = table_at("dino-race", 3, lambda i: True)
    for width in (None, NARROW):
        drawing = render_text(table.game, table.state.view(0), width=width)
        plain = [Text.from_markup(line).plain for line in drawing.splitlines()]
        assert all(Text(line).cell_len == len(line) for line in plain)  # no double-width signs
        assert any("(E)" in line and "egg" in line for line in plain)  # the legend
        holder = table.state.view(0)["players"][table.state.view(0)["egg"]]["name"]
        assert any(line.strip().startswith(f"{holder} (E)") or f"{holder} (E)" in line for line in plain)


def names_space(part: str, space: int) -> bool:
    """A space's label (``o43``, `` 4?3``, `` 4``) names ``space``."""
    return re.search(rf"(^|\D){space}(\D|$)", part) is not None


def test_trex_move_marks_the_destination_and_the_trex_it_passes() -> None:
    table, info = table_at("trex-island", 4, lambda i: i["kind"] == "move" and bool(i.get("passes_trex")), seed=11)
    view = table.state.view(0)
    light = table.highlight(0, info["action"])
    assert info["space"] in light.places
    assert view["trex"] in light.places
    assert any("passes it" in line and "T-Rex" in line for line in light.lines)
    shown = light.view if light.view is not None else view
    for width in (NARROW, 120):
        parts = marked(render_text(table.game, shown, light.places, width))
        # the destination's number is marked, and the T-Rex's
        assert any(names_space(part, info["space"]) for part in parts)
        assert any(names_space(part, view["trex"]) for part in parts)


def board_of(lines: list[str]) -> list[str]:
    """The map's lines: after the status and its blank line, up to the legend."""
    start = lines.index("") + 1
    return lines[start : next(i for i, line in enumerate(lines) if "orange" in line and "purple" in line)]


def test_trex_board_fits_80_columns_in_a_compact_layout() -> None:
    table, _ = table_at("trex-island", 4, lambda i: i["kind"] == "move")
    view = table.state.view(0)
    narrow = render_text(table.game, view, width=NARROW).splitlines()
    wide = render_text(table.game, view, width=120).splitlines()
    board_narrow = board_of(narrow)
    board_wide = board_of(wide)
    assert max(Text.from_markup(line).cell_len for line in board_narrow) <= NARROW
    widths = [Text.from_markup(line).cell_len for line in board_wide]
    assert NARROW < max(widths) <= FULL_WIDTH  # the full one when wider
    plain = "\n".join(Text.from_markup(line).plain for line in narrow)
    for sign in ("→", "←", "↑", "↗", "↘", "↙", "↖", "HE", "▶"):  # direction, forks, helipad, start
        assert sign in plain
    assert "o orange" in plain and "p purple" in plain and "c cyan" in plain  # letters as well as colours


def test_pangaea_direction_marks_where_the_locator_lands() -> None:
    table, info = table_at("pangaea", 2, lambda i: i["kind"] == "direction")
    light = table.highlight(0, info["action"])
    assert light.view is not None
    view: dict[str, Any] = light.view  # the game's own view
    landed = tuple(view["world"]["locator"])
    before = tuple(table.state.view(0)["world"]["locator"])
    if landed != before:
        assert landed in light.places
        assert any("Event locator" in line for line in light.lines)
    changed = {
        (i // 12, i % 12)
        for i, (a, b) in enumerate(zip(table.state.view(0)["world"]["stacks"], view["world"]["stacks"], strict=True))
        if a != b
    }
    assert changed <= light.places  # every tile the event changes is marked
    drawing = render_text(table.game, light.view, light.places, NARROW)
    spaces = {p for p in light.places if isinstance(p, tuple) and isinstance(p[0], int)}
    cells = [part for part in marked(drawing) if part[:1] in ".12MV:*#o"]
    assert len(cells) == len(spaces)


def test_pangaea_move_marks_the_named_space() -> None:
    table, info = table_at("pangaea", 2, lambda i: i["kind"] in ("move", "move_harvest", "start"))
    light = table.highlight(0, info["action"])
    assert tuple(info["space"]) in light.places


def test_dinosaur_rush_move_marks_the_cell_reached() -> None:
    table, info = table_at("dinosaur-rush", 3, lambda i: i["kind"] == "move")
    light = table.highlight(0, info["action"])
    assert info["cell"] in light.places
    assert any(line.startswith(info["label"] + ":") for line in light.lines)
    drawing = render_text(table.game, light.view or table.state.view(0), light.places)
    assert any(part.startswith("@") for part in marked(drawing))  # the paleontologist, reversed


def test_without_a_preview_the_places_a_choice_names_are_still_marked() -> None:
    """When a step would show something hidden there is no view after it (``None``): the game
    still marks the places the choice names."""
    table, info = table_at("trex-island", 4, lambda i: i["kind"] == "move" and bool(i.get("passes_trex")), seed=11)
    hook = game_entry("trex-island").preview
    assert hook is not None
    view = table.state.view(0)
    places = {key for key, _ in hook(view, None, info)}
    assert {info["space"], view["trex"]} <= places
    table, info = table_at("dinosaur-rush", 3, lambda i: i["kind"] == "move")
    hook = game_entry("dinosaur-rush").preview
    assert hook is not None
    assert info["cell"] in {key for key, _ in hook(table.state.view(0), None, info)}


def test_a_move_held_back_by_a_rule_is_explained() -> None:
    """T-Rex Island: a full hand (no draw) or too little food (no helipad move) is said, with
    the rule's section, at the start of the seat's turn; the move is indeed not offered."""
    said: list[str] = []
    for seed in range(3):
        table = Table(load_game("trex-island", players=2), [HUMAN, "heuristic"], seed)
        rng = random.Random(seed)
        table.run_automatic()
        while not table.state.is_terminal() and not said:
            if table.human_to_act() == 0:
                said = [r for r in table.not_offered(0) if "(Drawing card)" in r or "(Food token)" in r]
                if said:
                    offered = {
                        str(table.state.describe_action(a)["text"]).split(": ", 1)[-1]
                        for a in table.state.legal_actions()
                    }
                    assert all(r.split(": ", 1)[0] not in offered for r in said)
                    break
            table.act(rng.choice(table.state.legal_actions()))
            table.run_automatic()
        if said:
            break
    assert said


def test_trex_pile_choice_shows_the_carnivore_it_sets_off() -> None:
    # Escape from T-Rex Island, Carnivore cards: the pile chosen decides whether the card's
    # carnivore strikes; the preview tells what follows each pile, as the seat's log would.
    game = load_game("trex-island", players=3)
    bot = make_bot("heuristic", 1)
    for seed in range(60):
        table = Table(game, [HUMAN] * 3, seed)
        while not table.state.is_terminal():
            if table.automatic_pending():
                table.step_automatic()
                continue
            seat = table.to_act()
            piles = [a for a in table.state.legal_actions() if table.state.describe_action(a).get("kind") == "pile"]
            if piles:
                follows = [table.highlight(seat, a).follows for a in piles]
                if follows[0][1:] != follows[1][1:]:  # beyond "X puts the card on pile A/B"
                    assert any("T-Rex" in line or "strike" in line or "loses" in line for f in follows for line in f)
                    assert all(f[0].startswith(table.names[seat] + " puts") for f in follows)
                    return
            table.act(bot.choose(table.state))
    raise AssertionError("no pile choice with different consequences in 60 seeded games")
