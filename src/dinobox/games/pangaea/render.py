"""Terminal rendering of a Pangaea view (Rich markup): the world, the asteroid board, the
countdown and scores, and every player's face-up STAR cards and Evolution cards."""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Hashable
from typing import Any

from dinobox.games.boardmarks import Places, changes, in_words, mark
from dinobox.games.pangaea.data import EVO_KEYS, EVO_NAMES
from dinobox.games.pangaea.viewtypes import CardView, PangaeaView, WorldView
from dinobox.games.pangaea.worldtext import (
    PLAYER_STYLES,
    SEAT_LETTERS,
    SEAT_STYLE,
    TILE_STYLE,
    piece_marks,
    render_world,
)

SYMBOL_ICONS = {"moon": "Moon", "sun": "Sun", "volcano": "Volcano", "planet": "Planet", "all": "Any"}
ACTION_SHORT = {"up": "Up", "down": "Down", "climate": "Climate", "earthquake": "Quake", "dino": "Dino"}
RANGE_SHORT = {"single": "1", "horizontal": "3-", "diagonal-up": "3/", "diagonal-down": "3\\", "star": "7*"}

PALETTE = {
    **{f"player {k}": v for k, v in PLAYER_STYLES.items()},
    **{f"tile {k}": v for k, v in TILE_STYLE.items()},
}
"""Every colour the board draws, by what it means: the players' (their pieces on the world and
their names in the panes) and the tiles' (the tests check they stay apart)."""

BIG_EVENTS = frozenset({"recalc", "lightning", "impact_value"})
"""Log kinds the terminal pauses on: the asteroid recalculated, lightning, the impact."""


def card(c: CardView) -> str:
    if c.get("wild"):
        return "[bold magenta]WILD[/]"
    if c.get("reshuffle"):
        return "RESHUFFLE"
    return f"{c['number']} {ACTION_SHORT[c['action']]} r{RANGE_SHORT[c['range']]} {SYMBOL_ICONS[c['symbol']]}"


def asteroid_board(view: PangaeaView) -> str:
    cells = []
    for i, sym in enumerate(view["ring"]):
        label = "A(lightning)" if i == 0 else SYMBOL_ICONS.get(sym or "", "?")
        if i == view["ring_pos"]:
            label = f"[bold red]<{label}>[/]"
        cells.append(label)
    centre = SYMBOL_ICONS.get(view["centre"] or "", "?")
    return (
        f"Asteroid board: {' -> '.join(cells)} -> (A)   centre: [bold]{centre}[/]"
        f"   first card must show: {SYMBOL_ICONS[view['restriction']]}"
    )


def players(view: PangaeaView, marks: Collection[Hashable] = ()) -> list[str]:
    lines = []
    for p in view["players"]:
        turn = "*" if p["seat"] == view["turn_player"] else " "
        where = "off board" if p["explorer"] is None else f"r{p['explorer'][0]}c{p['explorer'][1]}"
        evo = (
            ", ".join(f"{e['name']} L{e['level']}{'' if e['active'] else ' (inactive)'}" for e in p["evolution"]) or "-"
        )
        style = SEAT_STYLE[p["seat"] % len(SEAT_STYLE)]
        allies = f"  allies: {', '.join(view['players'][q]['name'] for q in p['allies'])}" if p["allies"] else ""
        lines.append(
            turn
            + mark(
                f"[bold {style}]{p['name']:<7}[/]({SEAT_LETTERS[p['seat']]}) {p['score']:>3} "
                f"{'pt ' if p['score'] == 1 else 'pts'}  explorer {where}  "
                f"shelters {p['shelters']} (left {p['shelters_left']}){allies}",
                ("player", p["seat"]) in marks,
            )
        )
        lines.append("         cards: " + (" | ".join(card(c) for c in p["hand"]) or "-"))
        lines.append("         evolution: " + evo)
    return lines


def _start_player(view: PangaeaView) -> str:
    first = view["start_player"]
    return "not drawn yet" if first is None else view["players"][first]["name"]


COVER_TILES = {"sand": ":", "snow": "*", "lava": "#", "stone": "o"}
TILE_SHORT = {"sea": ".", "level1": "1", "level2": "2", "mountain": "M", "volcano": "V", **COVER_TILES}


def under_tiles(world: WorldView) -> str:
    """What lies under each sand, snow, lava and stone tile (the map shows only the top one)."""
    cols = world["cols"]
    parts = []
    for index, stack in enumerate(world["stacks"]):
        if len(stack) > 1 and stack[-1] in COVER_TILES:
            under = "/".join(TILE_SHORT.get(t, "?") for t in reversed(stack[:-1]))
            parts.append(f"r{index // cols}c{index % cols} {COVER_TILES[stack[-1]]} on {under}")
        elif len(stack) == 1 and stack[0] in COVER_TILES:
            parts.append(f"r{index // cols}c{index % cols} {COVER_TILES[stack[0]]} on sea")
    return "under the tiles: " + (", ".join(parts) if parts else "nothing covered yet")


LEGEND = [
    "legend: . sea 1 level 1 2 level 2 M mountain V volcano : sand * snow # lava o stone | "
    "a-d Explorers, A-D Shelters, R T-Rex, S Brontosaurus, @ Event locator, + free star (or more pieces)",
    "cards: number, action (Up, Down, Climate, Quake, Dino), range (r1 one space, r3- three in a row, "
    "r3/ and r3\\ three on a diagonal, r7* a space and its six neighbours), symbol",
]


def _crowded(view: PangaeaView, cell: int) -> list[str]:
    """When spaces are drawn too narrow for all their pieces: a line naming them all."""
    world = view["world"]
    crowded = {at: marks for at, marks in piece_marks(world, view.get("stars")).items() if len(marks) > cell - 2}
    if not crowded:
        return []
    tiles = world["tiles"]
    return ["pieces: " + ", ".join(f"r{r}c{c} {tiles[r][c]}{m}" for (r, c), m in sorted(crowded.items()))]


def cell_width(width: int | None, cols: int) -> int:
    """Columns per space: 6 when the world fits in ``width``, else the widest that does (3 at least)."""
    if width is None:
        return 6
    for cell in (6, 5, 4):
        if 2 + (2 if cell >= 6 else 1) + cell // 2 + cols * cell - 1 <= width:
            return cell
    return 3


def _fit(lines: list[str], width: int | None) -> list[str]:
    """Plain text lines (no markup) wrapped to ``width``."""
    if width is None:
        return lines
    return [part for line in lines for part in textwrap.wrap(line, width, subsequent_indent="  ") or [""]]


def render(view: PangaeaView, marks: Collection[Hashable] = (), width: int | None = None, words: bool = False) -> str:
    """Everything public, then the viewer's part. ``marks``: spaces (``(row, col)``) and player
    lines (``("player", seat)``) drawn highlighted; ``width``: the columns there are (the world
    draws narrower spaces and the long lines wrap)."""
    opts = view["options"]
    cell = cell_width(width, view["world"]["cols"])
    out = [
        f"[bold]Pangaea[/]  turn {view['turn']}  round {view['round']}  "
        f"countdown: asteroid at [bold red]{view['asteroid']}[/] (game length {opts['length']}, "
        f"ranges {opts['ranges']}, start player {_start_player(view)})",
        asteroid_board(view),
        "",
        render_world(view["world"], markup=True, stars=view.get("stars"), marks=marks, width=cell),
        *_fit([LEGEND[0], under_tiles(view["world"]), *_crowded(view, cell), LEGEND[1]], width),
        "",
    ]
    score_line = sorted(((p["score"], p["name"]) for p in view["players"]), reverse=True)
    out.append(
        "Score chart: " + ", ".join(f"{name} {s}" for s, name in score_line) + f"  | asteroid {view['asteroid']}"
    )
    out.extend(players(view, marks))
    sel = view["selection"]
    if sel:  # face up on the player board: everyone sees the chosen cards
        parts = [f"distance {sel.get('distance')}"]
        if "action" in sel:
            parts.append(f"action {ACTION_SHORT[sel['action']]}")
        if "range" in sel:
            parts.append(f"range {RANGE_SHORT[sel['range']]}")
        out.append(f"{view['players'][view['turn_player']]['name']} has chosen: " + ", ".join(parts))
    pending = view.get("pending_dino")
    if pending:
        name = view["world"]["dinos"][pending["dino"]]["name"]
        out.append(f"[bold red]{name} is about to land on r{pending['to'][0]}c{pending['to'][1]}[/]")
    if view["range"]:
        out.append("Range: " + " ".join(f"r{r}c{c}" for r, c in view["range"]))
    world = view["world"]
    supply = ", ".join(f"{k.replace('level', 'level ')} {v}" for k, v in world["supply"].items())
    out.append(
        f"STAR deck {view['deck_count']}  Direction deck {view['direction_deck']}  "
        f"crack sticks {world['sticks']}  tiles: {supply}"
    )
    evo_names = dict(zip(EVO_KEYS, EVO_NAMES, strict=True))
    evo = ", ".join(f"{evo_names.get(k, k)} {v}" for k, v in view["evolution_supply"].items())
    out.append(f"Evolution cards left: {evo}")
    if "end" in view:
        end = view["end"]
        out.append(
            f"[bold red]Impact value {end['impact_value']}[/] at "
            f"{'?' if end['impact'] is None else 'r{}c{}'.format(*end['impact'])}"
        )
        if view["over"]:
            if end["survived"]:
                names = ", ".join(view["players"][w]["name"] for w in view["winners"])
                out.append(f"[bold green]Mankind survives. Winner: {names}[/]")
            else:
                out.append("[bold]No Shelter survived: everyone has lost.[/]")
    if words:
        pieces = {k: (name, facts) for k, (name, facts) in places(view).items() if len(facts) > 1}
        out.extend(in_words(pieces))  # the spaces with pieces on them (the tiles: the map)
    return "\n".join(out)


def places(view: PangaeaView) -> Places:
    """Every place of the drawing, its name and what it holds: the spaces by ``(row, col)`` (the
    tiles top down, the pieces, the Event locator, whether the action will act there) and each
    player's line (``("player", seat)``)."""
    world = view["world"]
    cols = world["cols"]
    facts: dict[tuple[int, int], list[str]] = {}
    for index, stack in enumerate(world["stacks"]):
        tiles = [tile.replace("level", "level ") for tile in reversed(stack)]
        facts[(index // cols, index % cols)] = [" on ".join(tiles) or "sea"]

    def add(at: list[int] | None, fact: str) -> None:
        if at is not None:
            facts[(at[0], at[1])].append(fact)

    names = [p["name"] for p in view["players"]]
    for seat, at in enumerate(world["explorers"]):
        add(at, f"{names[seat]}'s Explorer")
    for shelter in world["shelters"]:
        for seat in shelter["seats"]:
            add(shelter["at"], f"{names[seat]}'s Shelter")
    for dino in world["dinos"]:
        add(dino["at"], dino["name"])
    add(world["locator"], "the Event locator")
    for at in view["range"]:
        add(at, "in the action's range")
    out: dict[Hashable, tuple[str, list[str]]] = {key: (f"r{key[0]}c{key[1]}", f) for key, f in facts.items()}
    for p in view["players"]:
        cards = len(p["hand"])
        out[("player", p["seat"])] = (
            p["name"],
            [
                f"{p['score']} point{'' if p['score'] == 1 else 's'}",
                f"{cards} card{'' if cards == 1 else 's'}",
                f"{len(p['evolution'])} Evolution",
                f"{p['shelters']} Shelters",
            ],
        )
    return out


def preview(before: PangaeaView, after: PangaeaView | None, info: dict[str, Any]) -> list[tuple[Hashable, str]]:
    """The places a choice changes (the tiles an action changes, where the Event locator lands,
    a piece moving, a player's points), each with a line saying what changes; a space the choice
    names is marked even when the step would show something hidden."""
    found = [] if after is None else changes(places(before), places(after))
    named = {key for key, _ in found}
    spaces = info.get("spaces") or ([info["space"]] if isinstance(info.get("space"), list) else [])
    text = str(info.get("text", "")).split(": ", 1)[-1]
    for at in spaces:
        key = (int(at[0]), int(at[1]))
        if key not in named:
            found.append((key, f"r{key[0]}c{key[1]}: {text}"))
    return found


def digest(before: PangaeaView, after: PangaeaView) -> list[tuple[str, str]]:
    """The seat's 'since your last turn' in the game's words: the countdown, and its hand;
    the decks and the asteroid token's place say nothing (the log tells them)."""
    lines = [(key, "") for key in ("ring_pos", "deck_count", "discard", "direction_deck", "direction_discard")]
    if before["asteroid"] != after["asteroid"]:
        lines.append(("asteroid", f"the countdown: asteroid at {before['asteroid']} → {after['asteroid']}"))
    seat = after["seat"]
    if seat is not None:
        old, new = len(before["players"][seat]["hand"]), len(after["players"][seat]["hand"])
        lines.append(("players.hand", f"your STAR cards: {old} → {new}" if old != new else ""))
    return lines
