"""Terminal rendering of a Dino Race view (plain text with Rich markup)."""

from __future__ import annotations

from typing import Any

TERRAIN_STYLE = {"plains": "yellow", "desert": "bright_yellow", "swamp": "green", "jungle": "bright_green"}
SEAT_STYLE = ("red", "blue", "green", "yellow")
CARD_LABEL = {
    "plains": "Plains", "desert": "Desert", "swamp": "Swamp", "jungle": "Jungle", "wild": "Wildcard",
    "push": "Push back", "egg": "Throw the egg", "steal": "Steal a card",
}


def _seat(view: dict[str, Any], seat: int) -> str:
    player = view["players"][seat]
    style = SEAT_STYLE[player.get("team", seat) % len(SEAT_STYLE)]
    return f"[{style}]{player['name']}[/]"


def _cards(cards: dict[str, int]) -> str:
    if not cards:
        return "(none)"
    return ", ".join(f"{CARD_LABEL.get(k, k)}×{v}" if v > 1 else CARD_LABEL.get(k, k) for k, v in cards.items())


def render(view: dict[str, Any]) -> str:
    lines: list[str] = []
    races = f" of {view['races']}" if view.get("races", 1) > 1 else ""
    status = "[red]ACTIVE[/]" if view["volcano_active"] else "quiet"
    lines.append(f"[bold]Dino Race[/] · race {view['race']}{races} · turn {view['turn']} · volcano {status}")
    by_tile: dict[int, list[str]] = {}
    for dino in view["dinos"]:
        if dino["tile"] is not None:
            label = _seat(view, dino["owner"]) + ("" if view["players"][dino["owner"]].get("team") is not None
                                                   else f" {dino['id'] % 2 + 1}")
            if dino["down"]:
                label += " [dim](down)[/]"
            by_tile.setdefault(dino["tile"], []).append(label)
    lines.append("  [bold]V[/]  " + ("[red]volcano (active)[/]" if view["volcano_active"] else "volcano (quiet)")
                 + ("  " + ", ".join(by_tile[0]) if 0 in by_tile else ""))
    last = len(view["track"])
    for tile in view["track"]:
        n = tile["tile"]
        if tile["lava"]:
            ground = "[bold red]~~ lava ~~[/]"
        else:
            style = TERRAIN_STYLE.get(tile["terrain"], "white")
            ground = f"[{style}]{tile['terrain']:<10}[/]"
        flag = "  [bold]← finish[/]" if n == last else ""
        lines.append(f" {n:>2}  {ground}  {', '.join(by_tile.get(n, []))}{flag}")
    lines.append("")
    lines.append(
        f"Deck {view['deck_count']} · discard pile {_cards(view['discard'])} · prize stack "
        f"{view['prize_stack_count']} · lava drops left {view['lava_supply']}"
    )
    for p in view["players"]:
        egg = " [bold magenta]🥚 egg[/]" if view["egg"] == p["seat"] else ""
        team = f" team {p['team'] + 1}" if "team" in p else ""
        prizes = ""
        if "prizes" in p:
            prizes = " · prizes " + (", ".join(f"{x['colour']} {x['value']}" for x in p["prizes"]) or "none")
        else:
            prizes = f" · prizes {p['prize_count']}"
        lines.append(
            f"  {_seat(view, p['seat'])}{team}: {p['hand_count']} cards · lava drops {p['lava_drops']}"
            f" · home {p['dinos_home']}{prizes}{egg}"
        )
    if view.get("hand") is not None:
        lines.append(f"[bold]Your hand:[/] {_cards(view['hand'])}")
    if view.get("prize_choice"):
        choice = ", ".join(f"{x['colour']} {x['value']}" for x in view["prize_choice"])
        lines.append(f"[bold]Prizes in the stack (secret to you):[/] {choice}")
    if view.get("race_scores"):
        lines.append("Race scores so far: " + " | ".join(" ".join(map(str, r)) for r in view["race_scores"]))
    if view.get("over"):
        lines.append("[bold]The race is over.[/]")
    return "\n".join(lines)
