"""Terminal rendering of a Dino Race view (plain text with Rich markup)."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping

from dinobox.engine.values import kind_of
from dinobox.games.boardmarks import SEAT_HUES, Places, changes, mark
from dinobox.games.dino_race import events as E
from dinobox.games.dino_race.viewtypes import DinoRaceView, PlayerView, PrizeView

EGG = "E"

SEAT_COLOURS = {name: SEAT_HUES[name] for name in ("Red", "Blue", "Green", "Yellow")}
SEAT_STYLE = tuple(SEAT_COLOURS.values())
PLAYER_STYLES = {**SEAT_COLOURS, **{f"{name}+": style for name, style in SEAT_COLOURS.items()}}
"""Each player's colour, here and in the terminal's panes (one palette for the game); in the
Teams variant the second seat of a team (``Red+``) shares its team's colour."""
TERRAIN_STYLE = {"plains": "wheat4", "desert": "light_salmon3", "swamp": "steel_blue", "jungle": "sea_green3"}
"""Terrain colours, apart from every player's (a tile never looks like a dino's owner)."""
PALETTE = {
    **{f"player {k}": v for k, v in SEAT_COLOURS.items()},
    **{f"terrain {k}": v for k, v in TERRAIN_STYLE.items()},
}
"""Every colour the board draws, by what it means (the tests check they stay apart)."""
CARD_LABEL = {
    "plains": "Plains",
    "desert": "Desert",
    "swamp": "Swamp",
    "jungle": "Jungle",
    "wild": "Wildcard",
    "push": "Push back",
    "egg": "Throw the egg",
    "steal": "Steal a card",
}


LEGEND = (
    "V the volcano (tile 0); tiles 1-12 down to the finish, each with its terrain",
    "~~ lava ~~ a tile lost to lava; (down) or (d) a dino knocked over; (E) holds the egg",
    "R1 (narrow screens): Red's dino 1; ▌ a line a highlighted choice changes",
    "Deck, discard pile, prize stack and lava drops left; then each player's panel",
)
"""The board's legend, for the terminal's help screen."""

_BIG = (E.EruptionEgg(seat=0), E.Volcano(), E.Lava(tile=0), E.EggSafe(seat=0), E.RaceOver(race=0))
BIG_EVENTS = frozenset(kind_of(event) for event in _BIG)
"""Log kinds the terminal pauses on: the eruption, the volcano waking, lava taking a tile, the egg
brought to safety, the end of a race (named by their classes: ``events.py``)."""


def _seat(view: DinoRaceView, seat: int, short: bool = False) -> str:
    player = view["players"][seat]
    style = SEAT_STYLE[player.get("team", seat) % len(SEAT_STYLE)]
    return f"[{style}]{player['name'][:1] if short else player['name']}[/]"


def _cards(cards: dict[str, int]) -> str:
    if not cards:
        return "(none)"
    return ", ".join(f"{CARD_LABEL.get(k, k)}×{v}" if v > 1 else CARD_LABEL.get(k, k) for k, v in cards.items())


def _prizes(prizes: list[PrizeView]) -> str:
    return ", ".join(f"{x['colour']} {x['value']}" for x in prizes)


SHORT_BELOW = 64
"""Below this width (``render(view, width=...)``) dinos are written short: ``R1`` for Red's dino 1."""


def render(view: DinoRaceView, marks: Collection[Hashable] = (), width: int | None = None) -> str:
    """The track (volcano first, finish last), the supply, every player's panel, then what is
    private to the viewer. ``marks``: places drawn highlighted (track tiles by number, 0 the
    volcano; ``("player", seat)`` a player's panel), as :func:`preview` names them. ``width``:
    the columns there are (narrow: short dino labels; longer lines may be wrapped)."""
    short = width is not None and width < SHORT_BELOW
    races = f" of {view['races']}" if view["races"] > 1 else ""
    status = "[red]ACTIVE[/]" if view["volcano_active"] else "quiet"
    lines = [f"[bold]Dino Race[/] · race {view['race']}{races} · turn {view['turn']} · volcano {status}"]
    lines += _track(view, marks, short)
    down = "(d)" if short else "(down)"
    legend = f"V volcano · ~~ lava ~~ a tile lost to lava · {down} a dino knocked over · ({EGG}) holds the egg"
    if short:
        legend += " · R1 Red's dino 1"
    lines.append(f"[dim]{legend}[/]")
    lines.append(
        f"Deck {view['deck_count']} · discard pile {_cards(view['discard'])} · prize stack "
        f"{view['prize_stack_count']} · lava drops left {view['lava_supply']}"
    )
    lines += [_player(view, p, ("player", p["seat"]) in marks) for p in view["players"]]
    hand = view.get("hand")
    if hand is not None:
        lines.append(f"[bold]Your hand:[/] {_cards(hand)}")
    choice = view.get("prize_choice")
    if choice:
        lines.append(f"[bold]Prizes in the stack (secret to you):[/] {_prizes(choice)}")
    watched = view.get("mate_prize_choice")
    if watched:
        lines.append(f"[bold]Your team-mate chooses from (secret to your team):[/] {_prizes(watched)}")
    scores = view.get("race_scores")
    if scores:
        lines.append("Race scores so far: " + " | ".join(" ".join(map(str, r)) for r in scores))
    if view["over"]:
        lines.append("[bold]The race is over.[/]")
    return "\n".join(lines)


def _track(view: DinoRaceView, marks: Collection[Hashable] = (), short: bool = False) -> list[str]:
    by_tile: dict[int, list[str]] = {}
    for dino in view["dinos"]:
        if dino["tile"] is not None:
            number = "" if view["players"][dino["owner"]].get("team") is not None else f"{dino['id'] % 2 + 1}"
            label = _seat(view, dino["owner"], short) + ("" if short or not number else " ") + number
            if dino["down"]:
                label += " [dim](d)[/]" if short else " [dim](down)[/]"
            by_tile.setdefault(dino["tile"], []).append(label)
    volcano = "[red]volcano (active)[/]" if view["volcano_active"] else "volcano (quiet)"
    lines = [mark("  [bold]V[/]  " + volcano + ("  " + ", ".join(by_tile[0]) if 0 in by_tile else ""), 0 in marks)]
    last = len(view["track"])
    for tile in view["track"]:
        n = tile["tile"]
        if tile["lava"]:
            ground = "[bold red]~~ lava ~~[/]"
        else:
            style = TERRAIN_STYLE.get(tile["terrain"], "white")
            ground = f"[{style}]{tile['terrain']:<10}[/]"
        flag = "  [bold]← finish[/]" if n == last else ""
        dinos = (" " if short else ", ").join(by_tile.get(n, [])) or "·"
        lines.append(mark(f" {n:>2}  {ground}  {dinos}", n in marks) + flag)
    return lines


def _player(view: DinoRaceView, p: PlayerView, marked: bool = False) -> str:
    egg = f" ([bold magenta]{EGG}[/])" if view["egg"] == p["seat"] else ""
    team = f" team {p['team'] + 1}" if "team" in p else ""
    shown = p.get("prizes")
    prizes = f" · prizes {p['prize_count']}" if shown is None else " · prizes " + (_prizes(shown) or "none")
    cards = f"{p['hand_count']} card{'' if p['hand_count'] == 1 else 's'}"
    return "  " + mark(
        f"{_seat(view, p['seat'])}{team}{egg}: {cards} · lava drops {p['lava_drops']} · home {p['dinos_home']}{prizes}",
        marked,
    )


def places(view: DinoRaceView) -> Places:
    """Every place of the drawing, its name and what it holds: track tiles by number (0 the
    volcano) and each player's panel (``("player", seat)``)."""
    here: dict[int, list[str]] = {}
    for dino in view["dinos"]:
        if dino["tile"] is not None:
            here.setdefault(dino["tile"], []).append(dino["name"] + (" (down)" if dino["down"] else ""))
    out: dict[Hashable, tuple[str, list[str]]] = {0: ("the volcano", here.get(0, []))}
    for tile in view["track"]:
        n = tile["tile"]
        ground = "lava" if tile["lava"] else tile["terrain"]
        out[n] = (f"tile {n} ({ground})", here.get(n, []))
    for p in view["players"]:
        facts = [f"{p['hand_count']} card{'' if p['hand_count'] == 1 else 's'}", f"{p['lava_drops']} lava drops"]
        facts += [f"{p['dinos_home']} home", f"{p['prize_count']} prizes"]
        if view["egg"] == p["seat"]:
            facts.append("holds the egg")
        out[("player", p["seat"])] = (p["name"], facts)
    return out


def preview(before: DinoRaceView, after: DinoRaceView | None, info: Mapping[str, object]) -> list[tuple[Hashable, str]]:
    """The places a choice changes (the tiles a dino leaves and reaches, a player's panel), each
    with a line saying what changes; nothing when the step would show something hidden."""
    return [] if after is None else changes(places(before), places(after))


def digest(before: DinoRaceView, after: DinoRaceView) -> list[tuple[str, str]]:
    """The seat's 'since your last turn' in the game's words: where the egg went, and what the
    seat's own hand and dinos went through (the terminal adds the other counts)."""
    seat, lines = after["seat"], []
    if seat is None:
        return []
    if before["egg"] != after["egg"]:
        holder = after["players"][after["egg"]]["name"]
        lines.append(("egg", "the egg is yours now" if after["egg"] == seat else f"{holder} has the egg now"))
    old, new = sum(before.get("hand", {}).values()), sum(after.get("hand", {}).values())
    lines.append(("hand", f"your hand: {old} → {new} cards" if old != new else ""))
    lines.append(("players.hand_count", ""))  # said just above
    lines.append(("discard", ""))  # everyone's cards: the log tells whose
    for was, now in zip(before["dinos"], after["dinos"], strict=True):
        if now["owner"] != seat or was == now:
            continue
        if now["home"] and not was["home"]:
            what = "reached the finish"
        elif now["down"] and not was["down"]:
            what = f"was knocked over on tile {now['tile']}"
        elif now["tile"] != was["tile"]:
            where = "the volcano" if now["tile"] == 0 else f"tile {now['tile']}"
            what = f"moved from tile {was['tile']} to {where}"
        else:
            what = "stood up" if was["down"] else "changed"
        lines.append(("dinos", f"{now['name']} {what}"))
    return lines
