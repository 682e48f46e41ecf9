"""Pangaea's chance steps (see ``dinobox.engine.flow``): the symbol tokens of the asteroid board,
the STAR cards, the Direction cards and the start player; with the fast draws that take the same
draw and give the same outcome as the engine's, and what a STAR card drawn for the lightning or the
end game does. The steps that follow are pushed by ``flow.py``, which names these steps too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, cast, final

from dinobox.engine.chance import sample_counts, sample_uniform
from dinobox.games.pangaea.board import with_added
from dinobox.games.pangaea.data import ALL_SYMBOLS
from dinobox.games.pangaea.events import (
    DirectionCard,
    DirectionReshuffle,
    Draw,
    ReshuffleDrawn,
    StarDrawn,
    Token,
    WildSetAside,
)
from dinobox.games.pangaea.stepbase import MAX_SEATS, Chance

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState

# purposes of a DrawDirection / DrawStar
FOR_TURN: Final = 0
FOR_LIGHTNING: Final = 1
FOR_IMPACT_1: Final = 2
FOR_IMPACT_2: Final = 3
FOR_DEBRIS: Final = 4
MAX_DRAW: Final = 10  # the most cards one draw step deals (a hand limit is at most 9)


def draw_from_pile(counts: list[int], total: int, rng: random.Random) -> int:
    """A kind drawn from a pile of ``counts`` per kind (``total`` cards): the same draw and the
    same outcome as ``sample_counts(counts, 0, len(counts), rng)`` (no draw when one kind is
    left). That draw takes the first kind whose running count exceeds ``x``; the counts being
    whole, it is the kind of card number ``int(x)`` (from 0) in the pile, found here in whole
    numbers from the nearer end of the pile (half the walk on average)."""
    if not total > 0:
        raise ValueError("chance weights must add up to more than zero")
    first = 0
    while not counts[first]:
        first += 1
    if counts[first] == total:
        return first
    card = int(rng.random() * total)  # the card drawn, counted from 0
    if card < total // 2:
        for i in range(first, len(counts)):
            c = counts[i]
            if card < c:
                return i
            card -= c
    # the card counted from the last one (rounding may take ``card`` up to ``total``: then the
    # last kind held, as the running sum gives)
    from_end = max(total - 1 - card, 0)
    i = len(counts) - 1
    while True:
        c = counts[i]
        if from_end < c:
            return i
        from_end -= c
        i -= 1


_ONE: Final[list[list[object]]] = []
"""Per total count, per outcome: the pair ``(outcome, 1 / total)`` (a pile's usual count), one
short row per total that a draw walks beside its counts."""
_MANY: Final[list[list[object]]] = []
"""Per total count: the pairs of the larger counts, at ``outcome * (total + 1) + count`` (None:
not made yet)."""
# The pairs are typed ``object`` so that compiled code keeps the tuples themselves (a
# ``tuple[int, float]`` variable is unboxed by mypyc and boxed anew at every use).


def weighted_pairs(counts: list[int], total: int) -> tuple[list[int], list[tuple[int, float]]]:
    """The outcomes with a count in ``counts`` (``total`` their sum), and their ``(outcome,
    count / total)`` pairs (``Step.outcomes``): the pairs ``chance_outcomes`` builds from
    ``chance``, equal to the last bit, made once per outcome, count and total and then shared."""
    ones = _ones(total, len(counts))
    outs: list[int] = []
    pairs: list[object] = []
    for i, (c, one) in enumerate(zip(counts, ones)):  # noqa: B905 (``ones`` may be longer)
        if c == 1:
            outs.append(i)
            pairs.append(one)
        elif c:
            outs.append(i)
            pairs.append(_pair(i, c, total))
    return outs, cast("list[tuple[int, float]]", pairs)


def kind_pairs(counts: list[int], kinds: tuple[int, ...], total: int) -> list[tuple[int, float]]:
    """``weighted_pairs(counts, total)``'s pairs when the kinds with a count are known (in order):
    one pair per kind, in a list made at its length (a STAR card pile keeps its kinds:
    ``PangaeaState.deck_kinds``)."""
    ones = _ones(total, len(counts))
    pairs: list[object] = [ones[k] if counts[k] == 1 else _pair(k, counts[k], total) for k in kinds]
    return cast("list[tuple[int, float]]", pairs)


def _ones(total: int, size: int) -> list[object]:
    """The shared pairs ``(outcome, 1 / total)`` of outcomes ``0..size - 1`` (and maybe more)."""
    if not total > 0:
        raise ValueError("chance weights must add up to more than zero")
    while len(_ONE) <= total:
        _ONE.append([])
        _MANY.append([])
    ones = _ONE[total]
    if len(ones) < size:
        ones.extend([(i, 1 / total) for i in range(len(ones), size)])
    return ones


def _pair(outcome: int, count: int, total: int) -> object:
    """The shared pair ``(outcome, count / total)`` for a count above 1."""
    made = _MANY[total]
    at = outcome * (total + 1) + count
    if at >= len(made):
        made.extend([None] * (at + 1 - len(made)))
    pair = made[at]
    if pair is None:
        pair = (outcome, count / total)
        made[at] = pair
    return pair


def _count(counts: tuple[int, ...]) -> int:
    """``sum(counts)`` (compiled: a plain loop, no look-up of the built-in)."""
    total = 0
    for c in counts:
        total += c
    return total


def star_drawn(st: PangaeaState, purpose: int, outcome: int) -> None:
    """A STAR card drawn for the lightning action, the impact column or the debris: Wild and
    Reshuffle cards are set aside (the Reshuffle reshuffles) and another is drawn."""
    if outcome < 0:
        st.drawn = -1
        return
    if outcome == st.RESHUFFLE:
        st._emit(ReshuffleDrawn, -1)
        st.reshuffle()
        return
    st.deal(outcome)
    st.discard_card(outcome)
    if outcome == st.WILD:
        st._emit(WildSetAside)
        return
    st.steps.pop()
    st._emit(StarDrawn, purpose, outcome)
    if purpose in (FOR_IMPACT_1, FOR_IMPACT_2):
        st.impact_sum += st.cards[outcome][0]
    else:
        st.drawn = outcome


@final
class DrawSymbolToken(Chance):
    """Asteroid board: a symbol token for a question mark (``slot`` 0 = the centre)."""

    def __init__(self, slot: int) -> None:
        self.slot = slot

    def ready(self, st: PangaeaState) -> bool:
        if not any(st.token_pool[: 4 if self.slot == 0 else 5]):
            st.steps.pop()
            return False
        return True

    def chance(self, state: PangaeaState) -> tuple[Sequence[int], Sequence[float]]:
        pool = state.token_pool
        outs = [t for t in range(4 if self.slot == 0 else 5) if pool[t]]
        return outs, [pool[t] for t in outs]

    def outcomes(self, state: PangaeaState) -> tuple[list[int], list[tuple[int, float]]]:
        pool = list(state.token_pool[: 4 if self.slot == 0 else 5])
        return weighted_pairs(pool, sum(pool))

    def sample(self, state: PangaeaState, rng: random.Random) -> int:
        return sample_counts(list(state.token_pool), 0, 4 if self.slot == 0 else 5, rng)

    def draw(self, st: PangaeaState, outcome: int) -> None:
        b = self.slot
        flow = st.steps
        st.token_pool = with_added(st.token_pool, outcome, -1)
        if b == 0:
            st.centre = outcome
            flow.pop()
            st._emit(Token, 0, outcome)
        elif outcome < ALL_SYMBOLS and st.centre < 0:
            st.centre = outcome  # the first single symbol goes to the centre
            st._emit(Token, 0, outcome)
        else:
            ring = list(st.ring)
            ring[b] = outcome
            st.ring = tuple(ring)
            flow.pop()
            st._emit(Token, b, outcome)
            if b == st.R - 1 and st.centre < 0:
                flow.append(DrawSymbolToken(0))

    def draws(self) -> str:
        return "token"


class CardDraw(Chance):
    """A STAR card from the pile: the discards are reshuffled into an empty pile, and with every
    card on a player board there is nothing to draw (the step is dropped)."""

    def ready(self, st: PangaeaState) -> bool:
        if not st.deck_size:
            st.reshuffle()
        if not st.deck_size:
            st.steps.pop()
            self.none_left(st)
            return False
        return True

    def none_left(self, st: PangaeaState) -> None:
        """Nothing could be drawn (the step is already off the flow)."""

    def chance(self, state: PangaeaState) -> tuple[Sequence[int], Sequence[float]]:
        deck = state.deck
        outs = [k for k in range(state.K + 2) if deck[k]]
        return outs, [deck[k] for k in outs]

    def outcomes(self, state: PangaeaState) -> tuple[list[int], list[tuple[int, float]]]:
        kinds = state.deck_kinds
        return list(kinds), kind_pairs(state.deck, kinds, state.deck_size)

    def sample(self, state: PangaeaState, rng: random.Random) -> int:
        return draw_from_pile(state.deck, state.deck_size, rng)

    def draws(self) -> str:
        return "card"


@final
class DrawCards(CardDraw):
    """STAR cards: ``count`` more cards drawn onto ``seat``'s player board."""

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count

    def draw(self, st: PangaeaState, outcome: int) -> None:
        a = self.seat
        if outcome == st.RESHUFFLE:
            st._emit(ReshuffleDrawn, a)
            st.reshuffle()
            st.advance_token(1)
            return
        st.deal(outcome)
        st.give_card(a, outcome)
        if not st._quiet:
            st._emit(Draw, a, outcome)
        if self.count > 1:
            st.steps[-1] = draw_cards(a, self.count - 1)
        else:
            st.steps.pop()


@final
class DrawStar(CardDraw):
    """A STAR card drawn for the lightning, the impact or debris (``purpose``, ``FOR_*``)."""

    def __init__(self, purpose: int) -> None:
        self.purpose = purpose

    def none_left(self, st: PangaeaState) -> None:
        star_drawn(st, self.purpose, -1)

    def draw(self, st: PangaeaState, outcome: int) -> None:
        star_drawn(st, self.purpose, outcome)


@final
class DrawDirection(Chance):
    """A Direction card, for the turn, the lightning or debris (``purpose``, ``FOR_*``); the
    discards are reshuffled into a pile of one card or none."""

    def __init__(self, purpose: int) -> None:
        self.purpose = purpose

    def ready(self, st: PangaeaState) -> bool:
        if _count(st.dir_deck) <= 1:
            st.dir_deck = tuple(st.game.data.direction_cards)
            st.dir_discard = (0,) * 6
            st._emit(DirectionReshuffle)
        return True

    def chance(self, state: PangaeaState) -> tuple[Sequence[int], Sequence[float]]:
        outs = [d for d in range(6) if state.dir_deck[d]]
        return outs, [state.dir_deck[d] for d in outs]

    def outcomes(self, state: PangaeaState) -> tuple[list[int], list[tuple[int, float]]]:
        deck = state.dir_deck
        return weighted_pairs(list(deck), _count(deck))

    def sample(self, state: PangaeaState, rng: random.Random) -> int:
        return sample_counts(list(state.dir_deck), 0, 6, rng)

    def draw(self, st: PangaeaState, outcome: int) -> None:
        st.dir_deck = with_added(st.dir_deck, outcome, -1)
        st.dir_discard = with_added(st.dir_discard, outcome, 1)
        st.direction = outcome
        st.steps.pop()
        if not st._quiet:
            st._emit(DirectionCard, outcome)

    def draws(self) -> str:
        return "direction"


@final
class DrawStartPlayer(Chance):
    """Kick-off the game: the start player, drawn at random."""

    def chance(self, state: PangaeaState) -> tuple[Sequence[int], Sequence[float]]:
        return list(range(state.num_players)), [1] * state.num_players

    def sample(self, state: PangaeaState, rng: random.Random) -> int:
        return sample_uniform(state.num_players, rng)

    def draw(self, st: PangaeaState, outcome: int) -> None:
        st.steps.pop()
        st.first = outcome

    def draws(self) -> str:
        return "start_player"


# Steps are values (``dinobox.engine.flow``): made once and shared by every state.
# per seat, per number of cards
DRAW_CARDS: Final = tuple(tuple(DrawCards(seat, count) for count in range(MAX_DRAW + 1)) for seat in range(MAX_SEATS))


def draw_cards(seat: int, count: int) -> DrawCards:
    """The step drawing ``count`` cards for ``seat`` (shared, like the steps of a turn)."""
    return DRAW_CARDS[seat][count] if count <= MAX_DRAW else DrawCards(seat, count)


DRAW_DIRECTION_FOR_TURN: Final = DrawDirection(FOR_TURN)
DRAW_START_PLAYER: Final = DrawStartPlayer()
