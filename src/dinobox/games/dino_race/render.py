"""Terminal rendering of a Dino Race view (plain text with Rich markup)."""

from __future__ import annotations

from dinobox.games.dino_race.viewtypes import DinoRaceView, PlayerView, PrizeView

TERRAIN_STYLE = {"plains": "yellow", "desert": "bright_yellow", "swamp": "green", "jungle": "bright_green"}
SEAT_STYLE = ("red", "blue", "green", "yellow")
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


def _seat(view: DinoRaceView, seat: int) -> str:
    player = view["players"][seat]
    style = SEAT_STYLE[player.get("team", seat) % len(SEAT_STYLE)]
    return f"[{style}]{player['name']}[/]"


def _cards(cards: dict[str, int]) -> str:
    if not cards:
        return "(none)"
    return ", ".join(f"{CARD_LABEL.get(k, k)}×{v}" if v > 1 else CARD_LABEL.get(k, k) for k, v in cards.items())


def _prizes(prizes: list[PrizeView]) -> str:
    return ", ".join(f"{x['colour']} {x['value']}" for x in prizes)


def render(view: DinoRaceView) -> str:
    """The track (volcano first, finish last), the supply, every player's panel, then what is
    private to the viewer."""
    races = f" of {view['races']}" if view["races"] > 1 else ""
    status = "[red]ACTIVE[/]" if view["volcano_active"] else "quiet"
    lines = [f"[bold]Dino Race[/] · race {view['race']}{races} · turn {view['turn']} · volcano {status}"]
    lines += _track(view)
    lines.append("")
    lines.append(
        f"Deck {view['deck_count']} · discard pile {_cards(view['discard'])} · prize stack "
        f"{view['prize_stack_count']} · lava drops left {view['lava_supply']}"
    )
    lines += [_player(view, p) for p in view["players"]]
    hand = view.get("hand")
    if hand is not None:
        lines.append(f"[bold]Your hand:[/] {_cards(hand)}")
    choice = view.get("prize_choice")
    if choice:
        lines.append(f"[bold]Prizes in the stack (secret to you):[/] {_prizes(choice)}")
    scores = view.get("race_scores")
    if scores:
        lines.append("Race scores so far: " + " | ".join(" ".join(map(str, r)) for r in scores))
    if view["over"]:
        lines.append("[bold]The race is over.[/]")
    return "\n".join(lines)


def _track(view: DinoRaceView) -> list[str]:
    by_tile: dict[int, list[str]] = {}
    for dino in view["dinos"]:
        if dino["tile"] is not None:
            label = _seat(view, dino["owner"]) + (
                "" if view["players"][dino["owner"]].get("team") is not None else f" {dino['id'] % 2 + 1}"
            )
            if dino["down"]:
                label += " [dim](down)[/]"
            by_tile.setdefault(dino["tile"], []).append(label)
    volcano = "[red]volcano (active)[/]" if view["volcano_active"] else "volcano (quiet)"
    lines = ["  [bold]V[/]  " + volcano + ("  " + ", ".join(by_tile[0]) if 0 in by_tile else "")]
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
    return lines


def _player(view: DinoRaceView, p: PlayerView) -> str:
    egg = " [bold magenta]🥚 egg[/]" if view["egg"] == p["seat"] else ""
    team = f" team {p['team'] + 1}" if "team" in p else ""
    shown = p.get("prizes")
    prizes = f" · prizes {p['prize_count']}" if shown is None else " · prizes " + (_prizes(shown) or "none")
    return (
        f"  {_seat(view, p['seat'])}{team}: {p['hand_count']} cards · lava drops {p['lava_drops']}"
        f" · home {p['dinos_home']}{prizes}{egg}"
    )
