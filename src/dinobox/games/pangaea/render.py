"""Terminal rendering of a Pangaea view (Rich markup): the world, the asteroid board, the
countdown and scores, and every player's face-up STAR cards and Evolution cards."""

from __future__ import annotations

from dinobox.games.pangaea.viewtypes import CardView, PangaeaView, WorldView
from dinobox.games.pangaea.worldtext import SEAT_LETTERS, render_world

SYMBOL_ICONS = {"moon": "Moon", "sun": "Sun", "volcano": "Volcano", "planet": "Planet", "all": "Any"}
ACTION_SHORT = {"up": "Up", "down": "Down", "climate": "Climate", "earthquake": "Quake", "dino": "Dino"}
RANGE_SHORT = {"single": "1", "horizontal": "3-", "diagonal-up": "3/", "diagonal-down": "3\\", "star": "7*"}


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


def players(view: PangaeaView) -> list[str]:
    lines = []
    for p in view["players"]:
        mark = "*" if p["seat"] == view["turn_player"] else " "
        where = "off board" if p["explorer"] is None else f"r{p['explorer'][0]}c{p['explorer'][1]}"
        evo = (
            ", ".join(f"{e['name']} L{e['level']}{'' if e['active'] else ' (inactive)'}" for e in p["evolution"]) or "-"
        )
        allies = f"  allies: {', '.join(view['players'][q]['name'] for q in p['allies'])}" if p["allies"] else ""
        lines.append(
            f"{mark}{p['name']:<7}({SEAT_LETTERS[p['seat']]}) {p['score']:>3} "
            f"{'pt ' if p['score'] == 1 else 'pts'}  explorer {where}  "
            f"shelters {p['shelters']} (left {p['shelters_left']}){allies}"
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


def render(view: PangaeaView) -> str:
    opts = view["options"]
    out = [
        f"[bold]Pangaea[/]  turn {view['turn']}  round {view['round']}  "
        f"countdown: asteroid at [bold red]{view['asteroid']}[/] (game length {opts['length']}, "
        f"ranges {opts['ranges']}, start player {_start_player(view)})",
        asteroid_board(view),
        "",
        render_world(view["world"], markup=True, stars=view.get("stars")),
        "legend: . sea 1 level1 2 level2 M mountain V volcano : sand * snow # lava o stone | "
        "a-d Explorers, A-D Shelters, R T-Rex, S Brontosaurus, @ Event locator, + free star",
        under_tiles(view["world"]),
        "cards: number, action (Up, Down, Climate, Quake, Dino), range (r1 one space, r3- three in a row, "
        "r3/ and r3\\ three on a diagonal, r7* a space and its six neighbours), symbol",
        "",
    ]
    score_line = sorted(((p["score"], p["name"]) for p in view["players"]), reverse=True)
    out.append(
        "Score chart: " + ", ".join(f"{name} {s}" for s, name in score_line) + f"  | asteroid {view['asteroid']}"
    )
    out.extend(players(view))
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
    supply = ", ".join(f"{k} {v}" for k, v in world["supply"].items())
    out.append(
        f"STAR deck {view['deck_count']}  Direction deck {view['direction_deck']}  "
        f"crack sticks {world['sticks']}  tiles: {supply}"
    )
    evo = ", ".join(f"{k} {v}" for k, v in view["evolution_supply"].items())
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
    return "\n".join(out)
