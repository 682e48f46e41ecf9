"""Terminal rendering of an Escape from T-Rex Island view (plain text with Rich markup).

Drawn only from a view dict, so it cannot show anything the seat may not see. The board is
drawn from each space's row/col in map.json: two text lines per board row, the first naming
the space on its colour, the second what stands there, with arrows for the way along the path.
Two layouts: the full one (``o43`` = orange space 43, ``41?3`` = rest point 41 with 3 face-down
tokens, ``R4`` = a Red team of 4, ``T-RX`` the T-Rex, ``3dc`` three teams) needs
:data:`FULL_WIDTH` columns; narrower, the compact one gives each space two columns (its number
on its colour above, and below what stands there or else its colour's letter).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from dataclasses import dataclass

from dinobox.engine.values import kind_of
from dinobox.games.boardmarks import OKABE_ITO, SEAT_HUES, Places, changes, in_words, mark
from dinobox.games.trex_island import events as E
from dinobox.games.trex_island.data import TOKEN_KEYS, TOKEN_NAMES
from dinobox.games.trex_island.viewtypes import CardView, DieView, PlayerView, SpaceView, TRexView

SPACE_STYLE = {
    "orange": f"black on {OKABE_ITO['orange']}",
    "purple": "white on purple4",
    "cyan": f"black on {OKABE_ITO['sky blue']}",
    "rest": "bold white on grey35",
    "helipad": "bold black on green3",
}
PLAYER_STYLES = {**{name: SEAT_HUES[name] for name in ("Red", "Yellow", "Green")}, "Blue": OKABE_ITO["blue"]}
"""Each player's colour, here and in the terminal's panes (one palette for the game)."""
SEAT_STYLE = {name: f"bold {style}" for name, style in PLAYER_STYLES.items()}
TREX_STYLE = "bold white on dark_red"
"""The T-Rex on the map: a maroon block, apart from the Red team's bright red (tests check it)."""
PALETTE = {
    **{f"player {k}": v for k, v in PLAYER_STYLES.items()},
    **{f"space {k}": v.split(" on ")[-1] for k, v in SPACE_STYLE.items()},
}
"""The players' colours and the spaces' backgrounds, by what they mean (the tests check they
stay apart)."""
KIND_SHORT = {
    "stegosaurus": "Stego",
    "triceratops": "Trice",
    "brachiosaurus": "Brach",
    "raptor": "Raptor",
    "pterosaur": "Ptero",
    "trex": "T-Rex",
}
COLOUR_STYLE = {"orange": OKABE_ITO["orange"], "purple": "medium_purple1", "cyan": OKABE_ITO["sky blue"]}
FULL_WIDTH = 79
"""Columns the full layout needs; narrower (``render(view, width=...)``) gets the compact one."""


@dataclass(frozen=True)
class Layout:
    cell: int  # columns of a space's drawing (one more follows it for the path's arrows)
    compact: bool

    @property
    def step(self) -> int:
        return self.cell + 1


FULL = Layout(4, False)
COMPACT = Layout(2, True)


_BIG = (
    E.Strike(seat=0, kind=0, teams=()),
    E.TrexAppears(space=0),
    E.TrexMoves(seat=0, space=0, prey=()),
    E.TeamLost(seat=0, die=0),
)
BIG_EVENTS = frozenset(kind_of(event) for event in _BIG)
"""Log kinds the terminal pauses on: carnivores striking, the T-Rex arriving and stomping, a team
lost (named by their classes: ``events.py``)."""


TOKEN_WORDS = dict(zip(TOKEN_KEYS, TOKEN_NAMES, strict=True))
"""A token as players call it (``food2`` -> ``2-can food``)."""


def _seat_style(name: str) -> str:
    return SEAT_STYLE.get(name, "bold")


def _card(info: CardView | None) -> str:
    if not info:
        return "[dim]empty[/]"
    return f"[{COLOUR_STYLE[info['colour']]}]{info['colour']} {KIND_SHORT[info['kind']]}[/]"


def _label(space: SpaceView, layout: Layout, start: int) -> str:
    if layout.compact:
        if space["kind"] == "helipad":
            return "HE"
        return ("▶" + str(space["id"]))[-2:] if space["id"] == start else f"{space['id']:>2}"
    if space["kind"] == "helipad":
        return "HELI"
    if space["kind"] == "rest":
        label = f"{space['id']:>2}?{space.get('tokens', 0)}"[:4]
    else:  # the colour's letter as well as its colour: readable on a monochrome terminal
        label = f"{space['kind'][0]}{space['id']:>2}".ljust(4)
    return "▶" + label[1:] if space["id"] == start else label


def _empty(space: SpaceView, layout: Layout) -> str:
    """What the compact layout shows under an empty space: its colour's letter (rest: ``?`` and
    the tokens left)."""
    if not layout.compact:
        return " " * layout.cell
    kind = space["kind"]
    if kind == "helipad":
        return "[bold green3]LI[/]"
    if kind == "rest":
        return f"?{min(space.get('tokens', 0), 9)}"
    return f"[{COLOUR_STYLE[kind]}]{kind[0]}[/] "


def _occupants(view: TRexView) -> dict[int, list[DieView]]:
    here: dict[int, list[DieView]] = {}
    for d in view["dice"]:
        if d["space"] is not None and not d["arrived"]:
            here.setdefault(d["space"], []).append(d)
    return here


def _team(d: DieView, names: list[str]) -> str:
    name = names[d["owner"]]
    return f"[{_seat_style(name)}]{name[0]}{d['crew']}[/]"


def _marker(dice: list[DieView], names: list[str], trex: bool, layout: Layout) -> str | None:
    """What stands on a space, ``layout.cell`` columns wide (None: nobody)."""
    if trex:
        if layout.compact:
            return f"[{TREX_STYLE}]TX[/]" if not dice else f"[{TREX_STYLE}]T{min(len(dice), 9)}[/]"
        return f"[{TREX_STYLE}]T-RX[/]" if not dice else f"[{TREX_STYLE}]T[/]{len(dice)}d".ljust(4)
    if not dice:
        return None
    if len(dice) == 1:
        return _team(dice[0], names) + " " * (layout.cell - 2)
    if len(dice) == 2 and not layout.compact:
        return "".join(_team(d, names) for d in dice)
    return f"{len(dice)}d" if layout.compact else f"{len(dice)}dc "


def board_lines(view: TRexView, marks: Collection[Hashable] = (), layout: Layout = FULL) -> list[str]:
    """The map, ``layout.step`` columns a board column; ``marks``: space ids drawn highlighted."""
    names = [p["name"] for p in view["players"]]
    spaces = view["board"]
    here = _occupants(view)
    rows = max(s["row"] for s in spaces) + 1
    cols = max(s["col"] for s in spaces) + 1
    grid: dict[tuple[int, int], SpaceView] = {(s["row"], s["col"]): s for s in spaces}
    blank = " " * layout.cell
    lines = []
    for r in range(rows):
        if not any((r, c) in grid for c in range(cols)):
            continue
        top, bottom = [], []
        for c in range(cols):
            s = grid.get((r, c))
            if s is None:
                top.append(blank)
                bottom.append(blank)
                continue
            marked = s["id"] in marks
            top.append(mark(f"[{SPACE_STYLE[s['kind']]}]{_label(s, layout, view['start'])}[/]", marked))
            shown = _marker(here.get(s["id"], []), names, view["trex"] == s["id"], layout)
            bottom.append(mark(shown, marked) if shown is not None else mark(_empty(s, layout), marked))
        links = _links(grid, r, cols)
        lines.append("".join(cell + links[c] for c, cell in enumerate(top)).rstrip())
        lines.append(" ".join(bottom).rstrip())
        between = _links_down(grid, r, cols, layout)
        if between.strip():
            lines.append(between.rstrip())
    return lines


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


def _links_down(grid: dict[tuple[int, int], SpaceView], r: int, cols: int, layout: Layout = FULL) -> str:
    """A line of arrows between rows ``r`` and ``r + 1`` (up, down and diagonal steps of the path)."""
    step, cell = layout.step, layout.cell
    line = [" "] * (cols * step + 1)
    down, up = cell // 2 - 1, cell // 2
    for c in range(cols):
        here, below = grid.get((r, c)), grid.get((r + 1, c))
        base = c * step
        if here:
            for dc, arrow, at in ((0, "↓", base + down), (1, "↘", base + cell), (-1, "↙", base - 1)):
                other = grid.get((r + 1, c + dc))
                if other and other["id"] in here["next"] and at >= 0:
                    line[at] = arrow
        if below:
            for dc, arrow, at in ((0, "↑", base + up), (1, "↗", base + cell), (-1, "↖", base - 1)):
                other = grid.get((r, c + dc))
                if other and other["id"] in below["next"] and at >= 0:
                    line[at] = arrow
    return "".join(line)


LEGEND_FULL = [
    "[black on #E69F00] orange [/] [white on purple4] purple [/] [black on #56B4E9] cyan [/] "
    "[bold white on grey35] id?tokens: rest point [/] [bold black on green3] HELI [/] ▶ start",
    "o/p/c + number: orange/purple/cyan space; → ← ↑ ↓ ↗ ↘ ↖ ↙: the way along the path (two arrows out of "
    "a space: a fork); under a space: R4 = Red team of 4 men, T-RX = the T-Rex, T2d = the T-Rex with 2 teams, "
    "3dc = 3 teams (listed below)",
]
LEGEND_COMPACT = [
    "[black on #E69F00]o[/] orange [white on purple4]p[/] purple [black on #56B4E9]c[/] cyan "
    "[bold white on grey35]?3[/] rest point, 3 tokens",
    "[bold black on green3]HE[/] helipad  ▶ start  number on top: the space",
    "→ ← ↑ ↓ ↗ ↘ ↖ ↙ the way on; two out: a fork",
    "under a space: R4 Red team of 4 men, TX the",
    "T-Rex, T2 it with 2 teams, 2d 2 teams (below)",
]


def render(view: TRexView, marks: Collection[Hashable] = (), width: int | None = None, words: bool = False) -> str:
    """The status, the map (``marks``: space ids highlighted, ``("player", seat)`` a player's
    line), its legend, the teams off the map, the piles and the players. ``width``: the columns
    there are (below :data:`FULL_WIDTH` the compact layout, text in short lines)."""
    layout = FULL if width is None or width >= FULL_WIDTH else COMPACT
    names = [p["name"] for p in view["players"]]
    out: list[str] = []
    turn_name = names[view["turn_player"]] if view["turn"] else "-"
    status = "game over" if view["over"] else f"turn {view['turn']}: {turn_name}, action {view['actions_done'] + 1}/2"
    out.append(
        f"[bold]Escape from T-Rex Island[/] · {status}"
        + (" · " if not layout.compact else "\n")
        + f"phase: {view['phase']}"
    )
    out.append("")
    out.extend(board_lines(view, marks, layout))
    out.extend(LEGEND_COMPACT if layout.compact else LEGEND_FULL)
    trex = view["trex"]
    out.append(f"T-Rex: {'on space ' + str(trex) if trex is not None else 'not on the map'}")
    out.extend(_team_lines(view, names, listed=2 if layout.compact else 3))
    piles = view["piles"]
    sep = "\n" if layout.compact else "   "
    out.append(
        f"Discard A ({piles[0]['count']}): {_card(piles[0]['top'])}   Discard B ({piles[1]['count']}): "
        f"{_card(piles[1]['top'])}{sep}Deck: {view['deck_count']}   Face-down tokens: {view['tokens_on_map']}"
    )
    out.append("")
    out.extend(_player_lines(view, marks, layout.compact))
    out.extend(_pending_lines(view, names))
    if words:
        out.extend(in_words(places(view)))
    return "\n".join(out)


def _team_lines(view: TRexView, names: list[str], listed: int = 3) -> list[str]:
    """Spaces with ``listed`` teams or more, the teams behind the arrow, at the helipad and lost."""
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
        if len(tags) >= listed:
            out.append(f"  space {s}: {', '.join(tags)}")
    if start:
        out.append(f"  behind the arrow: {', '.join(start)}")
    if heli:
        out.append(f"  at the helipad: {', '.join(t for _, t in sorted(heli))}")
    if lost:
        out.append(f"  lost: {', '.join(lost)}")
    return out


def _player_lines(view: TRexView, marks: Collection[Hashable] = (), compact: bool = False) -> list[str]:
    out: list[str] = []
    for p in view["players"]:
        notes = []
        if p["free_shotgun"]:
            notes.append("free Shotgun")
        if p["evade_raptor"]:
            notes.append("evades Raptor")
        if p["evade_pterosaur"]:
            notes.append("evades Pterosaur")
        tokens = ", ".join(f"{TOKEN_WORDS.get(k, k)}×{v}" for k, v in p["tokens"].items()) or "no tokens"
        trophies = " ".join(f"{KIND_SHORT[k]}×{v}" for k, v in p["trophies"].items() if v) or "none"
        char = p["character_name"] or "?"
        turn = "▸ " if p["seat"] == view["to_act"] else "  "
        head = f"[{_seat_style(p['name'])}]{p['name']}[/] ({char}): hand {p['hand_count']}/{p['hand_limit']} · "
        rest = (
            f"trophies {trophies} · food {p['food_cans']} cans (feeds {p['can_feed']}, landed {p['rescued']}) · "
            f"{tokens}{' · ' + ', '.join(notes) if notes else ''} · {p['score']} VP"
        )
        marked = ("player", p["seat"]) in marks
        if compact:
            out.append(turn + mark(head + f"{p['score']} VP", marked))
            out.append("    " + rest.removesuffix(f" · {p['score']} VP"))
        else:
            out.append(turn + mark(head + rest, marked))
    return out


def _pending_lines(view: TRexView, names: list[str]) -> list[str]:
    """The order of the character choice, the viewer's hand, the card being played, an attack,
    the final scores."""
    out: list[str] = []
    if view["phase"] == "character" and view["choosing_order"]:
        order = [f"[bold]{names[p]} (now)[/]" if p == view["to_act"] else names[p] for p in view["choosing_order"]]
        out.append(f"Characters are chosen in this order: {' → '.join(order)}")
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


def places(view: TRexView) -> Places:
    """Every place of the drawing, its name and what it holds: the spaces by id (teams with their
    men, the T-Rex, a rest point's tokens) and each player's line (``("player", seat)``)."""
    names = [p["name"] for p in view["players"]]
    here = _occupants(view)
    out: dict[Hashable, tuple[str, list[str]]] = {}
    for s in view["board"]:
        kind = s["kind"]
        name = "the helipad" if kind == "helipad" else f"{'rest point' if kind == 'rest' else 'space'} {s['id']}"
        facts = [f"{d['name']} ({d['crew']} {'man' if d['crew'] == 1 else 'men'})" for d in here.get(s["id"], [])]
        if view["trex"] == s["id"]:
            facts.append("the T-Rex")
        if kind == "rest":
            facts.append(f"{s.get('tokens', 0)} token{'' if s.get('tokens', 0) == 1 else 's'}")
        out[s["id"]] = (name + ("" if kind in ("rest", "helipad") else f" ({kind})"), facts)
    for p in view["players"]:
        out[("player", p["seat"])] = (names[p["seat"]], _player_facts(p))
    return out


def digest(before: TRexView, after: TRexView) -> list[tuple[str, str]]:
    """The seat's 'since your last turn' in the game's words: where the T-Rex went, the teams
    that reached the helipad, what the seat's food can feed (the terminal adds the other counts)."""
    lines: list[tuple[str, str]] = [("tokens_undrawn", ""), ("tokens_on_map", "")]  # the log tells them
    if before["trex"] != after["trex"]:
        where = "is off the map" if after["trex"] is None else f"is at space {after['trex']} now"
        lines.append(("trex", f"the T-Rex {where}"))
    arrived = len(after["arrivals"]) - len(before["arrivals"])
    teams = f"{arrived} more team{'s' if arrived > 1 else ''}"
    lines.append(("arrivals", f"{teams} reached the helipad" if arrived > 0 else ""))
    seat = after.get("seat")
    if seat is not None and seat < len(after["players"]):
        old, new = before["players"][seat]["can_feed"], after["players"][seat]["can_feed"]
        lines.append(("players.can_feed", f"your food can feed {new} men (was {old})" if old != new else ""))
    return lines


def _player_facts(p: PlayerView) -> list[str]:
    trophies = sum(p["trophies"].values())
    return [
        f"{p['hand_count']} card{'' if p['hand_count'] == 1 else 's'} in hand",
        f"{trophies} troph{'y' if trophies == 1 else 'ies'}",
        f"{p['food_cans']} food can{'' if p['food_cans'] == 1 else 's'}",
        f"{sum(p['tokens'].values())} tokens",
        f"{p['score']} VP",
    ]


def preview(before: TRexView, after: TRexView | None, info: Mapping[str, object]) -> list[tuple[Hashable, str]]:
    """The places a choice changes, each with a line saying what changes there: the space a team
    leaves and the one it reaches, the T-Rex it passes, a player's hand. When the step would show
    something hidden (a rest point's token) the move is still marked, from the choice itself."""
    found = [] if after is None else changes(places(before), places(after))
    named = {key for key, _ in found}
    space, die = info.get("space"), info.get("die")
    if isinstance(space, int) and isinstance(die, int) and 0 <= die < len(before["dice"]):
        team = before["dice"][die]
        if space not in named:
            found.append((space, f"{places(before)[space][0]}: {team['name']} moves here"))
        if info.get("passes_trex") and before["trex"] is not None:
            found.append(
                (before["trex"], f"the T-Rex on space {before['trex']}: {team['name']} passes it, losing one man")
            )
    return found
