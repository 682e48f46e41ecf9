"""Terminal rendering of a Great Dinosaur Rush view (plain text with Rich markup), and the
"accept the suggested skeleton" macro for the Build phase. Drawn only from a view."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping

from dinobox.games.boardmarks import SEAT_HUES, Places, changes, escape, in_words, mark
from dinobox.games.dinosaur_rush import build
from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.data import (
    CATEGORY_NAMES,
    CLASS_NAMES,
    COLOUR_KEYS,
    COLOUR_LETTERS,
)
from dinobox.games.dinosaur_rush.viewtypes import BuildView, CellView, DinosaurRushView, PlayerView, ability_of

CATEGORY_BONE_NAMES = ("green", "red", "yellow", "blue", "white")
PLAYER_STYLES = {
    "Orange": SEAT_HUES["Orange"],
    "Purple": "medium_purple1",
    "Teal": SEAT_HUES["Teal"],
    "Pink": SEAT_HUES["Pink"],
    "Black": "grey50",
}
"""Each player's colour, here and in the terminal's panes (one palette for the game)."""
SEAT_STYLE = tuple(PLAYER_STYLES.values())
BONE_STYLE = {"G": "green", "R": "red", "Y": "yellow", "B": "blue", "W": "white"}
PALETTE = {**{f"player {k}": v for k, v in PLAYER_STYLES.items()}, **{f"bone {k}": v for k, v in BONE_STYLE.items()}}
"""Every colour the board draws, by what it means (the tests check they stay apart)."""


LEGEND = (
    "letters = bones on a dig site (G green, R red, Y yellow, B blue, W white); "
    "@X = paleontologist; ### tar pit; + start space; red background = sabotage token; "
    ", = outer row without bones",
    "rows A-K top to bottom, each space numbered below it (F8 = row F, space 8); "
    "@X3 = paleontologist of player X on 3 bones; ' = start space with 4 players; "
    "N* = N bones on a site; . = dig site without bones",
)
"""The board's legend (drawn under the board, and on the terminal's help screen)."""

BIG_EVENTS = frozenset({"exhibit", "game_over"})
"""Log kinds the terminal pauses on: the museum's categories scored, Notoriety revealed."""


def _bones(counts: list[int]) -> str:
    return " ".join(f"[{BONE_STYLE[COLOUR_LETTERS[c]]}]{COLOUR_LETTERS[c]}{n}[/]" for c, n in enumerate(counts))


def _cell(cell: CellView, players: list[PlayerView]) -> str:
    kind = cell["kind"]
    who = cell.get("paleontologist")
    if who is not None:
        text = f"@{initials(players)[who]}{sum(cell.get('bones', [])) or ' '}"
        return f"[bold {SEAT_STYLE[who % 5]}]{escape(text)}[/]"
    if kind == "tar":
        return "[grey30]###[/]"
    if kind in ("start", "start_4p"):
        return "[dim] + [/]" if kind == "start" else "[dim] ' [/]"
    bones = cell.get("bones", [])
    total = sum(bones)
    if total > 3:
        text = f"{total:>2}*"
        body = f"[bold]{text}[/]"
    else:
        pad = "." if cell.get("in_play") else ","
        letters = "".join(COLOUR_LETTERS[c] * n for c, n in enumerate(bones)).ljust(3, pad)
        body = "".join(f"[{BONE_STYLE[ch]}]{ch}[/]" if ch in BONE_STYLE else f"[dim]{ch}[/]" for ch in letters)
    if cell.get("token"):
        body = f"[on dark_red]{body}[/]"
    return body


def initials(players: list[PlayerView]) -> list[str]:
    """One letter per player for the board, no two alike: the name's first letter not taken
    yet by an earlier player (Purple P, Pink I)."""
    taken: list[str] = []
    for p in players:
        name = str(p["name"]).upper()
        letter = next((ch for ch in name if ch.isalpha() and ch not in taken), name[:1] or "?")
        taken.append(letter)
    return taken


def _letter(view: DinosaurRushView, p: PlayerView) -> str:
    """`` (@I)`` after a name whose board letter is not its first (Pink, when Purple is P)."""
    letter = initials(view["players"])[p["seat"]]
    return "" if str(p["name"]).upper().startswith(letter) else f" (@{letter})"


def _token_note(cell: CellView) -> str:
    """What a seat knows of the sabotage tokens on one cell: how many, and the values it saw."""
    count = cell.get("tokens", 1)
    values = cell.get("token_values", [])
    many = f" ({count} tokens" if count > 1 else ""
    if not values:
        return many + (")" if many else "")
    worth = "worth " + ", ".join(map(str, values))
    return f"{many}, {worth})" if many else f" ({worth})"


def render_board(view: DinosaurRushView, marks: Collection[Hashable] = ()) -> str:
    """The board, rows lettered, each space numbered below; ``marks``: cells drawn highlighted."""
    cells = view["board"]["cells"]
    players = view["players"]
    xs = [c["x"] for c in cells]
    ys = sorted({c["y"] for c in cells})
    left = min(xs)
    lines = []
    for y in ys:
        row = sorted((c for c in cells if c["y"] == y), key=lambda c: c["x"])
        line = ""
        col = 0
        for c in row:
            pos = (c["x"] - left) * 2
            line += " " * (pos - col) + mark(_cell(c, players), c["cell"] in marks)
            col = pos + 3
        label = chr(ord("A") + ys.index(y))
        lines.append(f"{label}  {line}")
        lines.append("   " + _column_numbers(row, left))
    return "\n".join(lines)


def _column_numbers(row: list[CellView], left: int) -> str:
    """The dim line under a board row: each space's number (``F8`` is row F, number 8)."""
    line, col = "", 0
    for number, c in enumerate(row, 1):
        pos = (c["x"] - left) * 2 + (1 if number < 10 else 0)
        line += " " * max(0, pos - col) + str(number)
        col = pos + len(str(number))
    return f"[dim]{line}[/]"


def under_paleontologists(view: DinosaurRushView) -> str | None:
    """What lies under each paleontologist (its space shows only the bone count)."""
    parts = []
    for c in view["board"]["cells"]:
        who = c.get("paleontologist")
        counts: list[int] = c.get("bones", [])
        if who is not None and any(counts):
            bones = " ".join(f"{n} {CATEGORY_BONE_NAMES[i]}" for i, n in enumerate(counts) if n)
            parts.append(f"{view['players'][who]['name']} at {c['label']}: {bones}")
    return "Under the paleontologists: " + "; ".join(parts) if parts else None


def _skeleton(rows: list[str] | None) -> list[str]:
    if not rows:
        return []
    out = []
    for row in rows:
        line = ""
        for ch in row:
            if ch == ".":
                line += " "
            elif ch == "U":
                line += "[blue]U[/]"
            elif ch.islower():
                line += f"[white]{ch}[/]"
            elif ch in "SRH":
                line += f"[green]{ch}[/]"
            elif ch in "NT":
                line += f"[yellow]{ch}[/]"
            else:
                line += f"[red]{ch}[/]"
        out.append("    " + line)
    return out


def render(
    view: DinosaurRushView, marks: Collection[Hashable] = (), width: int | None = None, words: bool = False
) -> str:
    """Board, legend, museum, players, what is behind the viewer's screen. ``marks``: cells (by
    number) and players' lines (``("player", seat)``) drawn highlighted. ``width``: the columns
    there are; the board needs 47 whatever it is, longer text lines may be wrapped."""
    lines: list[str] = []
    variant = " (family)" if view["family"] else (" (two-player)" if view["two_player"] else "")
    head = f"[bold]The Great Dinosaur Rush{variant}[/] - round {view['round']}/{view['rounds']}, "
    if view["phase"] == "field":
        head += f"field turn {view['field_turn']}/{view['field_turns']}"
    else:
        head += view["phase"]
    lines.append(head)
    lines.append(render_board(view, marks))
    lines.extend(f"[dim]{line}[/]" for line in LEGEND)
    under = under_paleontologists(view)
    if under:
        lines.append(under)
    known = [c for c in view["board"]["cells"] if c.get("token")]
    if known:
        lines.append("Sabotage tokens: " + ", ".join(c["label"] + _token_note(c) for c in known))
    lines.append("")
    lines.extend(_museum(view))
    lines.append("")
    for p in view["players"]:
        lines.extend(_player(view, p, ("player", p["seat"]) in marks))
    if "build" in view:
        lines.extend(_building(view, view["build"]))
    if view["over"]:
        lines.extend(_game_over(view))
    if words:
        lines.extend(in_words(places(view)))
    return "\n".join(lines)


def _museum(view: DinosaurRushView) -> list[str]:
    lines = ["[bold]Museum[/]        " + "  ".join(f"{n:<10}" for n in CATEGORY_NAMES)]
    for r, points in enumerate(view["class_points"]):
        marks = "  ".join(
            (
                f"[bold green]>{'/'.join(str(p) for p in points):<9}[/]"
                if m["row"] == r
                else f" {'/'.join(str(p) for p in points):<9}"
            )
            for m in view["museum"]
        )
        lines.append(f"  class {CLASS_NAMES[r]}     {marks}")
    bag = view["bag"]
    lines.append(f"Bags: {bag['bones']} bones, {bag['notoriety']} Notoriety tokens; bonus deck {bag['bonus_cards']}")
    return lines


def _player(view: DinosaurRushView, p: PlayerView, marked: bool = False) -> list[str]:
    style = SEAT_STYLE[p["seat"] % 5]
    paleo = p["paleontologist"]
    where = p["cell"]
    label = view["board"]["cells"][where]["label"] if where is not None else "-"
    flags = ""
    if "built" in p:
        flags = " (finished building)" if p["built"] else " (building...)"
    lines = [
        mark(
            f"[bold {style}]{p['name']}[/]{_letter(view, p)}: {_points(view, p)} at {label}; pile {_bones(p['pile'])}; "
            f"Notoriety tokens {p['tokens']}" + (f" {p['token_values']}" if p.get("token_values") else "") + flags,
            marked,
        )
    ]
    if paleo:
        lines.append(f"    {escape(paleo['name'])}: {escape(paleo['text'])}")
    if "bonus" in p:
        cards = ", ".join(f"{c['name']} {c['points']} ({c['spec']})" for c in p["bonus"]) or "none"
        lines.append(f"    bonus cards: {escape(cards)}")
    else:
        lines.append(f"    bonus cards: {p['bonus_count']} face down")
    if p["scored_bonus"]:
        lines.append("    completed: " + ", ".join(c["name"] for c in p["scored_bonus"]))
    if p["skeleton_drawing"] and p["categories"] is not None:
        cats = ", ".join(f"{n} {v}" for n, v in zip(CATEGORY_NAMES, p["categories"], strict=True))
        lines.append(f"    last dinosaur: {cats}")
        lines.extend(_skeleton(p["skeleton_drawing"]))
    return lines


def _points(view: DinosaurRushView, p: PlayerView) -> str:
    """The panel's score: at the end the final score of the score table, Notoriety included."""
    final, scores = view.get("final"), view.get("scores")
    if final is None or scores is None or view["family"]:
        points = p["score"] if scores is None else scores[p["seat"]]
        return f"{points} pt{'' if points == 1 else 's'}"
    adjust = final["adjust"][p["seat"]]
    return f"{scores[p['seat']]} pts ({p['score']} {'-' if adjust < 0 else '+'} {abs(adjust)} Notoriety)"


def _building(view: DinosaurRushView, b: BuildView) -> list[str]:
    lines = [
        "",
        "[bold]Behind your screen[/]: " + ", ".join(f"{k} {v}" for k, v in b["parts"].items() if v),
        f"    bones still to place: {_bones(b['remaining'])}",
    ]
    try:
        suggestion = build.suggest(view)
    except K.SkeletonError:
        return lines
    seat = view["seat"]
    ability = ability_of(view["players"][seat]) if seat is not None else ""
    counts = K.categories(suggestion, ability)
    lines.append(
        "    suggested dinosaur (" + ", ".join(f"{n} {v}" for n, v in zip(CATEGORY_NAMES, counts, strict=True)) + "):"
    )
    lines.extend(_skeleton(K.layout(suggestion)))
    return lines


def _game_over(view: DinosaurRushView) -> list[str]:
    final = view.get("final")
    notoriety = final["notoriety"] if final else []
    adjust = final["adjust"] if final else []
    players = view["players"]
    return [
        "",
        "[bold]Game over[/]: Notoriety "
        + ", ".join(f"{p['name']} {t} ({a:+d})" for p, t, a in zip(players, notoriety, adjust, strict=False)),
        "Scores: " + ", ".join(f"{p['name']} {s}" for p, s in zip(players, view.get("scores", []), strict=False)),
        "Winner(s): " + ", ".join(players[w]["name"] for w in view.get("winners", [])),
    ]


macros = build.macros
"""Build phase: the auto-builder's suggestion as one entry (``build.macros``, shared with the coach)."""


def places(view: DinosaurRushView) -> Places:
    """Every place of the drawing, its name and what it holds: the cells by number (bones by
    colour, a paleontologist, a sabotage token) and each player's line (``("player", seat)``)."""
    players = view["players"]
    out: dict[Hashable, tuple[str, list[str]]] = {}
    for c in view["board"]["cells"]:
        facts = [f"{n} {CATEGORY_BONE_NAMES[i]}" for i, n in enumerate(c.get("bones", [])) if n]
        if c.get("paleontologist") is not None:
            facts.append(f"{players[c['paleontologist'] or 0]['name']}'s paleontologist")
        if c.get("token"):
            facts.append("a sabotage token")
        out[c["cell"]] = (c["label"], facts)
    for p in players:
        pile = ", ".join(f"{n} {CATEGORY_BONE_NAMES[i]}" for i, n in enumerate(p["pile"]) if n) or "none"
        out[("player", p["seat"])] = (
            p["name"],
            [f"{p['score']} point{'' if p['score'] == 1 else 's'}", f"pile {pile}", f"{p['tokens']} Notoriety"],
        )
    return out


def preview(
    before: DinosaurRushView, after: DinosaurRushView | None, info: Mapping[str, object]
) -> list[tuple[Hashable, str]]:
    """The places a choice changes (the space a paleontologist leaves and reaches, the bones it
    digs, a sabotaged space, a pile), each with a line saying what changes; the cell a choice
    names is marked even when the step would show something hidden."""
    found = [] if after is None else changes(places(before), places(after))
    cell = info.get("cell")
    if isinstance(cell, int) and cell not in {key for key, _ in found}:
        found.append((cell, f"{info.get('label', cell)}: {str(info.get('text', '')).split(': ', 1)[-1]}"))
    return found


def digest(before: DinosaurRushView, after: DinosaurRushView) -> list[tuple[str, str]]:
    """The seat's 'since your last turn' in the game's words: its bones by colour, where its
    paleontologist stands, its Notoriety tokens (the terminal adds the other counts)."""
    seat = after["seat"]
    if seat is None:
        return []
    was, now = before["players"][seat], after["players"][seat]
    lines = []
    pairs = enumerate(zip(was["pile"], now["pile"], strict=True))
    moved = [f"{n - o:+d} {COLOUR_KEYS[c]}" for c, (o, n) in pairs if n != o]
    if moved:
        lines.append(("players.pile", f"your bones: {', '.join(moved)} (now {sum(now['pile'])})"))
    if was["cell"] != now["cell"]:
        where = "off the board" if now["cell"] is None else after["board"]["cells"][now["cell"]]["label"]
        lines.append(("players.cell", f"your paleontologist is at {where} now"))
    if was["tokens"] != now["tokens"]:
        lines.append(("players.tokens", f"your Notoriety tokens: {was['tokens']} → {now['tokens']}"))
    if before["round"] != after["round"]:
        lines.append(("round", f"round {after['round']} of {after['rounds']} began"))
    if before["starter"] != after["starter"]:
        starter = after["players"][after["starter"]]["name"]
        lines.append(
            ("starter", "you start this round" if after["starter"] == seat else f"{starter} starts this round")
        )
    scored = len(after["rounds_scored"]) - len(before["rounds_scored"])
    lines.append(("rounds_scored", f"the museum scored {plural_rounds(scored)}" if scored > 0 else ""))
    lines += [("bag", ""), ("field_turn", "")]  # the bag's mixed counts and the turn counter say nothing
    lines.append(("players.token_values", ""))  # the Notoriety tokens' line says it
    return lines


def plural_rounds(count: int) -> str:
    return "a round" if count == 1 else f"{count} rounds"
