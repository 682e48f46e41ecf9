"""What one seat sees of a Great Dinosaur Rush table: a JSON projection of the state.

Hidden (What's secret): the bag contents, Notoriety token values (known to their drawer and to
whoever took them), other players' bonus cards, and the dinosaur being built behind a screen.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from dinobox.engine.state import CHANCE, TERMINAL
from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.board import OUTER, SITE
from dinobox.games.dinosaur_rush.data import (
    CATEGORY_KEYS,
    CLASS_NAMES,
    COLOUR_KEYS,
    NUM_COLOURS,
)
from dinobox.games.dinosaur_rush.field_actions import GONE
from dinobox.games.dinosaur_rush.text import PALEONTOLOGIST_POWERS, seat_name
from dinobox.games.dinosaur_rush.viewtypes import (
    BagView,
    BoardView,
    BuildView,
    CardView,
    CellView,
    DinosaurRushView,
    MuseumView,
    PaleontologistView,
    PlayerView,
)

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.flow import RushStep
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

NC = NUM_COLOURS
KIND_NAMES = ("site", "outer_site", "tar", "start", "start_4p")
DIG_SITES = (SITE, OUTER)


def power_text(ability: str) -> str:
    """A paleontologist's ability as a sentence on its card (the words of ``text.PALEONTOLOGIST_POWERS``)."""
    power = PALEONTOLOGIST_POWERS[ability]
    return power[:1].upper() + power[1:] + "."


def _cards(state: DinosaurRushState, mask: int) -> list[CardView]:
    data = state.game.data
    return [
        CardView(card=k, name=data.bonus_names[k], points=data.bonus_points[k], spec=data.bonus_specs[k])
        for k in range(state.num_bonus)
        if mask >> k & 1
    ]


def paleontologist(state: DinosaurRushState, seat: int) -> PaleontologistView | None:
    card = state.paleo[seat]
    if card < 0:
        return None
    data = state.game.data
    ability = data.paleontologist_abilities[card]
    return PaleontologistView(
        card=card, name=data.paleontologist_names[card], ability=ability, text=power_text(ability)
    )


def _cells(state: DinosaurRushState, seat: int | None, over: bool) -> list[CellView]:
    """Every board cell (the table read once: who stands where, which tokens lie where)."""
    values = state.game.data.notoriety_values
    board = state.board
    labels = board.labels
    in_play = set(state.bone_sites)
    standing: dict[int, int] = {}  # cell -> the first seat standing there
    for s, cell in enumerate(state.pos):
        standing.setdefault(cell, s)
    lying: dict[int, list[int]] = {}  # cell -> the sabotage tokens face down there
    for t, where in enumerate(state.tok_where):
        if where < 0 and where != GONE:
            lying.setdefault(-where - 1, []).append(t)
    cells: list[CellView] = []
    for c, (x, y) in enumerate(board.coords):
        kind = board.kinds[c]
        entry: CellView = {
            "cell": c,
            "label": labels[c],
            "kind": KIND_NAMES[kind],
            "x": x,
            "y": y,
            "paleontologist": None,
        }
        if kind in DIG_SITES:
            entry["bones"] = list(state.site[c])
            entry["in_play"] = c in in_play
        entry["paleontologist"] = standing.get(c)
        toks = lying.get(c)
        if toks:
            entry["token"] = True
            entry["tokens"] = len(toks)
            known = [
                values[state.tok_value[t]]
                for t in toks
                if over or (seat is not None and state.tok_known[t] >> seat & 1)
            ]
            if known:
                entry["token_values"] = sorted(known)
            if len(toks) == 1 and known:
                entry["token_value"] = known[0]
        cells.append(entry)
    return cells


@lru_cache(maxsize=1024)
def _drawing(skeleton: tuple[int, ...]) -> tuple[str, ...]:
    """A shown skeleton's canonical drawing (``skeleton.layout``), kept: views draw it often."""
    return tuple(K.layout(skeleton))


def _players(state: DinosaurRushState, seat: int | None, over: bool) -> list[PlayerView]:
    data = state.game.data
    building = state.phase() == "build"
    players: list[PlayerView] = []
    for p in range(state.num_players):
        shown = state.shown[p]
        entry = PlayerView(
            seat=p,
            name=seat_name(p),
            paleontologist=paleontologist(state, p),
            cell=state.pos[p] if state.pos[p] >= 0 else None,
            pile=state.bones_of(p),
            starting=list(state.start_bones[p * NC : p * NC + NC]),
            score=state.vp[p],
            tokens=len(state.tokens_of(p)),
            bonus_count=bin(state.hands[p]).count("1"),
            scored_bonus=_cards(state, state.scored_cards[p]),
            skeleton=None if shown is None else K.describe(shown),
            skeleton_drawing=None if shown is None else list(_drawing(shown)),
            categories=None if shown is None else list(K.categories(shown, state.ability(p))),
        )
        if building:
            entry["built"] = state.built[p]
        if seat == p or over:
            entry["token_values"] = sorted(data.notoriety_values[state.tok_value[t]] for t in state.tokens_of(p))
            entry["bonus"] = _cards(state, state.hands[p])
        players.append(entry)
    return players


def view(state: DinosaurRushState, seat: int | None) -> DinosaurRushView:
    data = state.game.data
    over = state.current_player() == TERMINAL
    to_act = state.current_player()
    top = state.top_step()
    result = DinosaurRushView(
        game="dinosaur-rush",
        seat=seat,
        players_count=state.num_players,
        family=state.family,
        two_player=state.two_player,
        round=state.round + 1,
        rounds=data.rounds,
        field_turn=state.field_turn + 1,
        field_turns=data.field_turns,
        phase=state.phase(),
        turn_player=state.turn_player if state.turn_player >= 0 else None,
        starter=state.starter,
        to_act=None if to_act in (CHANCE, TERMINAL) else to_act,
        step=step_name(top) if not over else "over",
        over=over,
        board=BoardView(rows=list(state.board.rows), cells=_cells(state, seat, over)),
        museum=[
            MuseumView(
                {
                    "category": CATEGORY_KEYS[c],
                    "row": state.rows[c],
                    "class": CLASS_NAMES[state.rows[c]],
                    "points": list(data.class_points[state.rows[c]]),
                }
            )
            for c in range(5)
        ],
        class_points=[list(r) for r in data.class_points],
        players=_players(state, seat, over),
        bag=BagView(bones=sum(state.bag), notoriety=sum(state.nbag), bonus_cards=bin(state.deck).count("1")),
        colours=list(COLOUR_KEYS),
        rounds_scored=list(state.round_log),
    )
    if seat is not None and top is not None and top.builder() == seat:
        base = seat * K.SIZE_OF_ALLOCATION
        current = tuple(state.alloc[base : base + K.SIZE_OF_ALLOCATION])
        result["build"] = BuildView(
            allocation=list(current),
            parts=K.describe(current),
            remaining=state.remaining(seat),
            choosing_start=top.choosing_start(),
        )
    if over and state.final is not None:
        result["scores"] = state.scores()
        result["winners"] = state.winners()
        result["final"] = state.final
        result["breakdown"] = _breakdown(state)
    return result


def _breakdown(state: DinosaurRushState) -> list[dict[str, int]]:
    """Per seat, where the final score came from: each round's museum categories, bonus cards,
    donations (the rest of the field points) and the Notoriety adjustment."""
    assert state.final is not None
    n = state.num_players
    bonus_points = state.game.data.bonus_points
    rows: list[dict[str, int]] = [{} for _ in range(n)]
    bonus = [0] * n
    for summary in state.round_log:
        for seat in range(n):
            rows[seat][f"round {summary['round']}"] = sum(c["points"][seat] for c in summary["categories"])
        for scored in summary["bonus"]:
            bonus[scored["seat"]] += bonus_points[scored["card"]]
    for seat in range(n):
        museum = sum(rows[seat].values())
        rows[seat]["bonus cards"] = bonus[seat]
        rows[seat]["donations"] = state.final["field_points"][seat] - museum - bonus[seat]
        rows[seat]["notoriety"] = state.final["adjust"][seat]
    return rows


def step_name(top: RushStep | None) -> str:
    """The step a view names: the decision on top of the flow (``RushStep.decision``), else "chance"."""
    return (top.decision() if top is not None else "") or "chance"
