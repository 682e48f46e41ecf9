"""What one seat sees of a Dino Race table: a JSON projection of the state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.engine.flow import Step
from dinobox.engine.state import CHANCE, TERMINAL
from dinobox.games.dino_race import flow as F
from dinobox.games.dino_race.data import CARD_KEYS, COLOURS, DIE_FACES, HOME, NUM_CARD_TYPES, TERRAINS
from dinobox.games.dino_race.viewtypes import DinoRaceView, DinoView, Phase, PlayerView, PrizeView, TrackTile

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState

T = NUM_CARD_TYPES


def seat_name(state: DinoRaceState, seat: int) -> str:
    if state.teams:
        team = state.team_of(seat)
        return f"{COLOURS[team % len(COLOURS)]}{'' if seat == team else '+'}"
    return COLOURS[seat % len(COLOURS)] if seat < len(COLOURS) else f"Seat {seat}"


def dino_name(state: DinoRaceState, dino: int) -> str:
    owner = state.owner(dino)
    if state.teams:
        return f"{seat_name(state, owner)}'s dino"
    return f"{seat_name(state, owner)} dino {dino % 2 + 1}"


_NAMES: dict[tuple[bool, int], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _names(state: DinoRaceState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The seats' and the dinos' names, which depend only on the table (made once per table)."""
    key = (state.teams, state.num_players)
    found = _NAMES.get(key)
    if found is None:
        seats = tuple(seat_name(state, p) for p in range(state.num_players))
        dinos = tuple(dino_name(state, d) for d in range(state.num_dinos))
        found = _NAMES[key] = (seats, dinos)
    return found


def _cards(counts: list[int]) -> dict[str, int]:
    return {CARD_KEYS[t]: counts[t] for t in range(T) if counts[t]}


def _prize(state: DinoRaceState, counter: int) -> PrizeView:
    data = state.game.data
    return {"id": counter, "value": data.prize_values[counter], "colour": data.prize_colours[counter]}


def view(state: DinoRaceState, seat: int | None) -> DinoRaceView:
    """What ``seat`` may know (``None``: a spectator): public table, own hand, own prizes."""
    over = state.current_player() == TERMINAL
    to_act = state.current_player()
    top = state.steps[-1] if state.steps else None
    result: DinoRaceView = {
        "game": "dino-race",
        "seat": seat,
        "race": state.race + 1,
        "races": 2 if state.double else 1,
        "turn": state.turns,
        "turn_player": state.turn_player,
        "to_act": None if to_act in (CHANCE, TERMINAL) else to_act,
        "over": over,
        "volcano_active": state.volcano_active,
        "lava_tiles": state.lava,
        "track": _track(state),
        "dinos": _dinos(state),
        "egg": state.egg,
        "players": [_player(state, p, seat, over) for p in range(state.num_players)],
        "deck_count": sum(state.deck),
        "discard": _cards(state.discard),
        "prize_stack_count": bin(state.stack).count("1"),
        "lava_supply": state.drop_supply,
        "phase": _phase(state, top),
    }
    if seat is not None:
        _add_private(state, seat, top, result)
    if state.race_scores:
        result["race_scores"] = [list(r) for r in state.race_scores]
    if over:
        result["scores"] = state.scores()
        result["winners"] = state.winners()
        result["breakdown"] = [state.score_parts(p) for p in range(state.num_players)]
        result["egg_safe_by"] = state.egg_safe_by
        result["egg_value"] = state.egg_value
    return result


def _track(state: DinoRaceState) -> list[TrackTile]:
    lava = state.lava  # terrain tiles 1..lava are lava
    return [{"tile": i + 1, "terrain": TERRAINS[t], "lava": i < lava} for i, t in enumerate(state.tiles)]


def _dinos(state: DinoRaceState) -> list[DinoView]:
    names = _names(state)[1]
    per = state.dinos_per_player
    pos = state.pos
    down = state.down
    dinos: list[DinoView] = []
    for d in range(state.num_dinos):
        p = pos[d]
        home = p == HOME
        dinos.append(
            {
                "id": d,
                "owner": d // per,
                "name": names[d],
                "tile": None if home else p,
                "home": home,
                "down": bool(down >> d & 1),
            }
        )
    return dinos


def _player(state: DinoRaceState, p: int, seat: int | None, over: bool) -> PlayerView:
    entry: PlayerView = {
        "seat": p,
        "name": _names(state)[0][p],
        "hand_count": state.hand_size(p),
        "lava_drops": state.drops[p],
        "prize_count": len(state.prizes[p]),
        "dinos_home": sum(1 for d in state.dinos_of(p) if state.pos[d] == HOME),
        "racing": state.is_racing(p),
    }
    if state.teams:
        entry["team"] = state.team_of(p)
        entry["mate"] = state.mate_of(p)
    if over or p == seat or (state.teams and seat is not None and state.mate_of(p) == seat):
        entry["prizes"] = [_prize(state, c) for c in state.prizes[p]]  # Playing in Teams: the mate saw it
    return entry


def _add_private(state: DinoRaceState, seat: int, top: Step | None, result: DinoRaceView) -> None:
    """The seated viewer's own hand, and the prize stack while that viewer (or, in Playing in
    Teams, the viewer's team-mate) chooses from it."""
    base = seat * T
    result["hand"] = _cards(state.hand[base : base + T])
    chooser = prize_chooser_seen(state, seat)
    if chooser is not None:
        stack = [_prize(state, c) for c in range(state.num_prizes) if state.stack >> c & 1]
        if chooser == seat:
            result["prize_choice"] = stack
        else:
            result["mate_prize_choice"] = stack
    if isinstance(top, F.Play) and top.seat == seat and state.teams:
        result["passed_card"] = state.passed


def prize_chooser_seen(state: DinoRaceState, seat: int) -> int | None:
    """Finish line!: the seat choosing a prize counter now, when ``seat`` sees the stack it
    chooses from (its own choice or, in Playing in Teams, its team-mate's); else None."""
    top = state.steps[-1] if state.steps else None
    if isinstance(top, F.ChoosePrize) and seat in state.prize_audience(top.seat):
        return top.seat
    return None


_PHASES: dict[type[Step], Phase] = {
    F.Play: "play",
    F.ChoosePrize: "prize",
    F.PassEgg: "pass_egg",
    F.Roll: "roll",
    F.Draw: "draw",
    F.PlaceTile: "setup",
    F.DrawPrizes: "setup",
}
"""The phase a view shows for the step on top of the flow."""


def _phase(state: DinoRaceState, top: Step | None) -> Phase:
    found = _PHASES.get(type(top)) if top is not None else None
    if found is not None:
        return found
    return "over" if state.current_player() == TERMINAL else "resolve"


__all__ = ["DIE_FACES", "DinoRaceView", "dino_name", "prize_chooser_seen", "seat_name", "view"]
