"""The End Game - Impact of the Asteroid: the impact point, the Impact (the toxic ring, the
debris) and the winner."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.games.pangaea import flow as F
from dinobox.games.pangaea import resolve
from dinobox.games.pangaea import world as Wd
from dinobox.games.pangaea.data import EVO_SHELTER_MOVE
from dinobox.games.pangaea.events import Debris, GameOver, ImpactPoint, ImpactValue, ToxicRing

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


def begin_end(st: PangaeaState) -> None:
    """The End Game: the asteroid hits at its final value (0 or below)."""
    value = st.ending
    assert value is not None
    st.ending = None
    st.final = value
    st.asteroid = value
    low = min(st.points)
    st.end_player = next(p for p in st.left_of(st.turn) if st.points[p] == low)
    st._emit(ImpactValue, value, st.end_player)
    st.ctx = F.CTX_LIGHTNING
    st.decider = st.end_player
    st.plan = None
    st.blocked = frozenset()
    st.pending_dino = ()
    st.guard_use = 0
    st.act_spaces = ()
    st.impact_sum = 0
    st.steps[:] = [
        F.FINISH,
        F.IMPACT,
        F.END_SHELTER_MOVES,
        F.IMPACT_POINT,
        F.DrawStar(F.FOR_IMPACT_2),
        F.DrawStar(F.FOR_IMPACT_1),
    ]


def shelter_moves(st: PangaeaState) -> None:
    for seat in reversed(st.left_of(st.end_player)):
        if st.has_active(seat, EVO_SHELTER_MOVE) and st.world.shelter_count(seat):
            st.steps.append(F.ShelterMove(seat, F.AT_THE_END))


def debris(st: PangaeaState, a: int) -> None:
    """The debris of seat ``a`` falls where the Direction and STAR cards drawn for it say."""
    if st.drawn >= 0:
        end, _ = st.world.geo.line(st.impact, st.direction, st.cards[st.drawn][0])
        st.world.locator = end  # the Event locator shows where the debris falls
        st._emit(Debris, a, end)
        st.decider = a  # this player's debris: they take its decisions (a board tile...)
        resolve.start_plan(st, Wd.plan_lava(st.world, [end]))


def impact_point(st: PangaeaState) -> None:
    """Row 5 plus (even number of STAR cards) or minus (odd) the end-game player's Evolution
    cards; column: the two STAR numbers counted from the left, round the world."""
    w = st.world
    p = st.end_player
    evos = len(st.evo[p])
    row = 5 + evos if len(st.hands[p]) % 2 == 0 else 5 - evos
    row = max(0, min(w.geo.rows - 1, row))
    col = (st.impact_sum - 1) % w.geo.cols if st.impact_sum > 0 else 0
    st.impact = w.geo.space(row, col)
    w.locator = st.impact
    st._emit(ImpactPoint, row, col)


def impact(st: PangaeaState) -> None:
    """The Impact: the asteroid's spaces (the point and its neighbours) lose every piece; from
    -3 the toxic ring around them too; then debris lava from the lowest scorers (from -6 every
    player, starting left of the end-game player)."""
    w = st.world
    geo = w.geo
    value = st.final if st.final is not None else 0
    for s in geo.within(st.impact, 1):
        Wd.destroy_pieces(w, s)
    if value <= -3:
        st._emit(ToxicRing)
        for s in geo.ring(st.impact, 2):
            Wd.destroy_pieces(w, s)
    if value <= -6:
        players = st.left_of(st.end_player)
    else:
        low = min(st.points)
        players = tuple(p for p in st.left_of(st.turn) if st.points[p] == low)
    for p in reversed(players):
        st.steps.append(F.Debris(p))
        st.steps.append(F.DrawStar(F.FOR_DEBRIS))
        st.steps.append(F.DrawDirection(F.FOR_DEBRIS))


def ranking_key(st: PangaeaState, p: int) -> tuple[int, int, int, int]:
    """The winner is: most points, then most Shelters, highest Evolution level, most cards."""
    return (st.points[p], st.world.shelter_count(p), st.evo_level(p), len(st.evo[p]))


def finish(st: PangaeaState) -> None:
    w = st.world
    n = st.num_players
    parts = list(st.score_parts)
    for p in range(n):
        bonus = 2 * w.shelter_count(p)
        st.end_bonus = Wd.with_item(st.end_bonus, p, bonus)
        st.points = Wd.with_added(st.points, p, bonus)
        parts[p] = Wd.with_added(parts[p], F.PART_SURVIVING, bonus)
    st.score_parts = tuple(parts)
    survived = any(w.shelters)
    if survived:
        best = max(ranking_key(st, p) for p in range(n))
        st.won = tuple(p for p in range(n) if ranking_key(st, p) == best)
    else:
        st.won = ()  # mankind did not survive: everyone has lost alike
    st._emit(GameOver, survived, st.won)
    st.finished = True
