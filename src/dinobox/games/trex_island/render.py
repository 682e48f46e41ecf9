"""Terminal rendering of an Escape from T-Rex Island view (plain text with Rich markup).

Drawn only from a view dict, so it cannot show anything the seat may not see. The board is
drawn from each space's row/col in map.json: two text lines per board row, the first naming
the space on its colour (``41?3``: rest point 41 with 3 face-down tokens, ``HELI`` the helipad),
the second what stands there (``R4`` = a Red team of 4, ``T-RX`` the T-Rex, ``3dc`` three dice,
listed below the board).
"""

from __future__ import annotations

from dinobox.games.trex_island.viewtypes import CardView, DieView, SpaceView, TRexView

CELL = 4
SPACE_STYLE = {
    "orange": "black on dark_orange",
    "purple": "white on purple4",
    "cyan": "black on dark_cyan",
    "rest": "bold white on grey35",
    "helipad": "bold black on green3",
}
SEAT_STYLE = {"Red": "bold red", "Yellow": "bold yellow", "Green": "bold green", "Blue": "bold blue"}
KIND_SHORT = {
    "stegosaurus": "Stego",
    "triceratops": "Trice",
    "brachiosaurus": "Brach",
    "raptor": "Raptor",
    "pterosaur": "Ptero",
    "trex": "T-Rex",
}
COLOUR_STYLE = {"orange": "dark_orange", "purple": "medium_purple1", "cyan": "dark_cyan"}


def _seat_style(name: str) -> str:
    return SEAT_STYLE.get(name, "bold")


def _card(info: CardView | None) -> str:
    if not info:
        return "[dim]empty[/]"
    return f"[{COLOUR_STYLE[info['colour']]}]{info['colour']} {KIND_SHORT[info['kind']]}[/]"


def _label(space: SpaceView) -> str:
    if space["kind"] == "helipad":
        return "HELI"
    if space["kind"] == "rest":
        return f"{space['id']:>2}?{space.get('tokens', 0)}"[:CELL]
    # the colour's letter as well as its colour: readable on a monochrome terminal
    return f"{space['kind'][0]}{space['id']:>2}".ljust(CELL)


def _occupants(view: TRexView) -> dict[int, list[DieView]]:
    here: dict[int, list[DieView]] = {}
    for d in view["dice"]:
        if d["space"] is not None and not d["arrived"]:
            here.setdefault(d["space"], []).append(d)
    return here


def _marker(dice: list[DieView], names: list[str], trex: bool) -> str:
    if trex:
        if not dice:
            return "[bold white on red]T-RX[/]"
        return f"[bold white on red]T[/]{len(dice)}d".ljust(CELL)
    if not dice:
        return " " * CELL
    if len(dice) == 1:
        d = dice[0]
        name = names[d["owner"]]
        return f"[{_seat_style(name)}]{name[0]}{d['crew']}[/]  "
    if len(dice) == 2:
        parts = [f"[{_seat_style(names[d['owner']])}]{names[d['owner']][0]}{d['crew']}[/]" for d in dice]
        return "".join(parts)
    return f"{len(dice)}dc "


def board_lines(view: TRexView) -> list[str]:
    names = [p["name"] for p in view["players"]]
    spaces = view["board"]
    here = _occupants(view)
    rows = max(s["row"] for s in spaces) + 1
    cols = max(s["col"] for s in spaces) + 1
    grid: dict[tuple[int, int], SpaceView] = {(s["row"], s["col"]): s for s in spaces}
    lines = []
    for r in range(rows):
        top, bottom = [], []
        if not any((r, c) in grid for c in range(cols)):
            continue
        for c in range(cols):
            s = grid.get((r, c))
            if s is None:
                top.append(" " * CELL)
                bottom.append(" " * CELL)
                continue
            style = SPACE_STYLE[s["kind"]]
            mark = "▶" if s["id"] == view["start"] else ""
            label = _label(s)
            if mark:
                label = mark + label[1:]
            top.append(f"[{style}]{label}[/]")
            bottom.append(_marker(here.get(s["id"], []), names, view["trex"] == s["id"]))
        links = _links(grid, r, cols)
        lines.append("".join(cell + links[c] for c, cell in enumerate(top)).rstrip())
        lines.append(" ".join(bottom).rstrip())
        between = _links_down(grid, r, cols)
        if between.strip():
            lines.append(between.rstrip())
    return lines


ARROW_WIDTH = CELL + 1


def _links(grid: dict[tuple[int, int], SpaceView], r: int, cols: int) -> list[str]:
    """The character after each cell of row ``r``: the path's direction to the next cell."""
    out = []
    for c in range(cols):
        here, right = grid.get((r, c)), grid.get((r, c + 1))
        mark = " "
        if here and right and right["id"] in here["next"]:
            mark = "→"
        elif here and right and here["id"] in right["next"]:
            mark = "←"
        out.append(mark)
    return out


def _links_down(grid: dict[tuple[int, int], SpaceView], r: int, cols: int) -> str:
    """A line of arrows between rows ``r`` and ``r + 1`` (up, down and diagonal steps of the path)."""
    line = [" "] * (cols * ARROW_WIDTH + 1)
    for c in range(cols):
        here, below = grid.get((r, c)), grid.get((r + 1, c))
        base = c * ARROW_WIDTH
        if here:
            for dc, arrow, at in ((0, "↓", base + 1), (1, "↘", base + CELL), (-1, "↙", base - 1)):
                other = grid.get((r + 1, c + dc))
                if other and other["id"] in here["next"] and at >= 0:
                    line[at] = arrow
        if below:
            for dc, arrow, at in ((0, "↑", base + 2), (1, "↗", base + CELL), (-1, "↖", base - 1)):
                other = grid.get((r, c + dc))
                if other and other["id"] in below["next"] and at >= 0:
                    line[at] = arrow
    return "".join(line)


def render(view: TRexView) -> str:
    names = [p["name"] for p in view["players"]]
    out: list[str] = []
    turn_name = names[view["turn_player"]] if view["turn"] else "-"
    status = "game over" if view["over"] else f"turn {view['turn']}: {turn_name}, action {view['actions_done'] + 1}/2"
    out.append(f"[bold]Escape from T-Rex Island[/] · {status} · phase: {view['phase']}")
    out.append("")
    out.extend(board_lines(view))
    out.append(
        "[black on dark_orange] orange [/] [white on purple4] purple [/] [black on dark_cyan] cyan [/] "
        "[bold white on grey35] id?tokens: rest point [/] [bold black on green3] HELI [/] ▶ start"
    )
    out.append(
        "o/p/c + number: orange/purple/cyan space; → ← ↑ ↓ ↗ ↘ ↖ ↙: the way along the path (two arrows out of "
        "a space: a fork); under a space: R4 = Red team of 4 men, T-RX = the T-Rex, T2d = the T-Rex with 2 teams, "
        "3dc = 3 teams (listed below)"
    )
    trex = view["trex"]
    out.append(f"T-Rex: {'on space ' + str(trex) if trex is not None else 'not on the map'}")
    out.extend(_team_lines(view, names))
    piles = view["piles"]
    out.append(
        f"Discard A ({piles[0]['count']}): {_card(piles[0]['top'])}   Discard B ({piles[1]['count']}): "
        f"{_card(piles[1]['top'])}   Deck: {view['deck_count']}   Face-down tokens: {view['tokens_on_map']}"
    )
    out.append("")
    out.extend(_player_lines(view))
    out.extend(_pending_lines(view, names))
    return "\n".join(out)


def _team_lines(view: TRexView, names: list[str]) -> list[str]:
    """Crowded spaces, the teams behind the arrow, at the helipad and lost."""
    out: list[str] = []
    crowd: dict[int, list[str]] = {}
    start: list[str] = []
    heli: list[tuple[int, str]] = []
    lost: list[str] = []
    for d in view["dice"]:
        tag = f"[{_seat_style(names[d['owner']])}]{d['name']}[/] ({d['crew']})"
        space = d["space"]
        if d["at_start"]:
            start.append(tag)
        elif d["lost"]:
            lost.append(f"[{_seat_style(names[d['owner']])}]{d['name']}[/]")
        elif d["arrived"]:
            arrival = d["arrival"] or 0
            heli.append((arrival, f"#{arrival} {tag}"))
        elif space is not None:
            crowd.setdefault(space, []).append(tag)
    for s, tags in sorted(crowd.items()):
        if len(tags) > 2:
            out.append(f"  space {s}: {', '.join(tags)}")
    if start:
        out.append(f"  behind the arrow: {', '.join(start)}")
    if heli:
        out.append(f"  at the helipad: {', '.join(t for _, t in sorted(heli))}")
    if lost:
        out.append(f"  lost: {', '.join(lost)}")
    return out


def _player_lines(view: TRexView) -> list[str]:
    out: list[str] = []
    for p in view["players"]:
        marks = []
        if p["free_shotgun"]:
            marks.append("free Shotgun")
        if p["evade_raptor"]:
            marks.append("evades Raptor")
        if p["evade_pterosaur"]:
            marks.append("evades Pterosaur")
        tokens = ", ".join(f"{k}×{v}" for k, v in p["tokens"].items()) or "no tokens"
        trophies = " ".join(f"{KIND_SHORT[k]}×{v}" for k, v in p["trophies"].items() if v) or "none"
        char = p["character_name"] or "?"
        turn = "▸ " if p["seat"] == view["to_act"] else "  "
        out.append(
            f"{turn}[{_seat_style(p['name'])}]{p['name']}[/] ({char}): hand {p['hand_count']}/{p['hand_limit']} · "
            f"trophies {trophies} · food {p['food_cans']} cans (feeds {p['can_feed']}, landed {p['rescued']}) · "
            f"{tokens}{' · ' + ', '.join(marks) if marks else ''} · {p['score']} VP"
        )
    return out


def _pending_lines(view: TRexView, names: list[str]) -> list[str]:
    """The viewer's hand, the card being played, an attack, the final scores."""
    out: list[str] = []
    if "hand" in view:
        cards = ", ".join(f"{_card(c)}{' ×' + str(c['count']) if c['count'] > 1 else ''}" for c in view["hand"])
        out.append(f"Your hand: {cards or '[dim]empty[/]'}")
    if "playing" in view:
        out.append(f"Card being played: {_card(view['playing'])}")
    if "attack" in view:
        a = view["attack"]
        team = view["dice"][a["team"]]["name"]
        men = "man" if a["men"] == 1 else "men"
        out.append(f"[bold red]Attack![/] {a['kind']} on {team}: {a['men']} {men} at stake")
    if view["over"]:
        scores = ", ".join(f"{names[i]} {s}" for i, s in enumerate(view["scores"]))
        out.append(f"[bold]Final scores:[/] {scores} · winner(s): {', '.join(names[w] for w in view['winners'])}")
    return out
