"""Exhibit phase, End of round and End of game: the categories and bonus cards scored, the
museum markers rising, and the Notoriety revealed at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.games.dinosaur_rush import events as E
from dinobox.games.dinosaur_rush import flow as F
from dinobox.games.dinosaur_rush import scoring
from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.tuples import add, put
from dinobox.games.dinosaur_rush.viewtypes import BonusScored, CategoryScore, FinalTally, RoundSummary

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

SLOTS = K.SIZE_OF_ALLOCATION


def exhibit(st: DinosaurRushState) -> None:
    """Exhibit phase: score every category from its row, then completed bonus cards."""
    n = st.num_players
    data = st.game.data
    skeletons = [tuple(st.alloc[s * SLOTS : s * SLOTS + SLOTS]) for s in range(n)]
    st.shown = tuple(skeletons)
    cats = [K.categories(skeletons[s], st.ability(s)) for s in range(n)]
    # the summaries are plain dict displays (compiled, calling a TypedDict is a slow generic call)
    summary: RoundSummary = {"round": st.round + 1, "categories": [], "bonus": []}
    for cat in range(5):
        counts = [cats[s][cat] for s in range(n)]
        points = st.category_points(counts, st.rows[cat])
        st.vp = tuple([st.vp[s] + points[s] for s in range(n)])
        score: CategoryScore = {"rows": st.rows[cat], "counts": counts, "points": points}
        summary["categories"].append(score)
        st._emit(E.Exhibit, cat, tuple(counts), tuple(points))
    for s in range(n):
        for card in range(st.num_bonus):
            if st.hands[s] >> card & 1 and K.meets_needs(skeletons[s], st.bonus_needs[card]):
                st.hands = put(st.hands, s, st.hands[s] & ~(1 << card))
                st.scored_cards = put(st.scored_cards, s, st.scored_cards[s] | 1 << card)
                st.vp = add(st.vp, s, data.bonus_points[card])
                scored: BonusScored = {"seat": s, "card": card}
                summary["bonus"].append(scored)
                st._emit(E.BonusScored, s, card)
    st.round_log = (*st.round_log, summary)
    st.steps.append(F.END_ROUND)


def end_round(st: DinosaurRushState) -> None:
    """End of round: markers rise; after the last round, the end of the game (the flow is left
    empty)."""
    data = st.game.data
    if st.round < data.rounds - 1:
        rise = data.museum_rise[st.round]
        st.rows = tuple(max(0, r - rise) for r in st.rows)
        st.round += 1
        st.steps.append(F.START_ROUND)
        return
    end_game(st)
    st.steps.clear()


def end_game(st: DinosaurRushState) -> None:
    """End of game: Notoriety revealed and applied (see ``notoriety_adjustments``)."""
    n = st.num_players
    totals = [st.notoriety_total(s) for s in range(n)]
    adjust = [0] * n
    if not st.family:
        adjust = scoring.notoriety_adjustments(totals, st.two_player)
    st.final = FinalTally(notoriety=totals, adjust=adjust, field_points=list(st.vp))
    st._emit(E.GameOver, tuple(totals), tuple(adjust))
