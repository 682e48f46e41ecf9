"""Where cards go (1) Draw cards, 2) Play and swap cards), the lava drops, and what each seat
knows of the others' hands (for resampling)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dinobox.games.dino_race.data import MAX_SEATS, NUM_CARD_TYPES

# events by name, not events.X: compiled, a name is a static reference (see docs/architecture.md)
from dinobox.games.dino_race.events import Draw, Drop, NoCardToLose, RandomDiscard, Reshuffle

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState

T: Final = NUM_CARD_TYPES
ONLY: Final[tuple[tuple[int], ...]] = tuple((s,) for s in range(MAX_SEATS))  # an event's audience of one


def is_empty(counts: list[int]) -> bool:
    return all(not c for c in counts)


def card_drawn(st: DinoRaceState, seat: int, card: int) -> None:
    """1) Draw cards: ``card`` goes from the deck into ``seat``'s hand."""
    deck = st.deck
    deck[card] = deck[card] - 1
    hand = st.hand
    i = seat * T + card
    hand[i] = hand[i] + 1
    st._emit_to(ONLY[seat], Draw, seat, card)


def play_card(st: DinoRaceState, seat: int, card: int) -> None:
    """A played or discarded card goes face up on the discard pile (Play and swap cards)."""
    hand = st.hand
    i = seat * T + card
    hand[i] = hand[i] - 1
    discard = st.discard
    discard[card] = discard[card] + 1
    if st.known:
        forget_one(st, seat, card)


def discard_hand(st: DinoRaceState, seat: int) -> None:
    base = seat * T
    hand = st.hand
    for t in range(T):
        if hand[base + t]:
            st.discard[t] += hand[base + t]
            hand[base + t] = 0
    if st.known:
        st.known = {k: v for k, v in st.known.items() if k[1] != seat}


def reshuffle_if_empty(st: DinoRaceState) -> None:
    """1) Draw cards: an empty deck is rebuilt from the discards."""
    if is_empty(st.deck):
        st.deck, st.discard = st.discard, [0] * T
        if not is_empty(st.deck):
            st._emit(Reshuffle)


def take_drop(st: DinoRaceState, seat: int) -> None:
    """A lava drop costs a point even once the supply is used up (Final scoring; rules.md)."""
    if st.survive:
        return
    from_supply = st.drop_supply > 0
    if from_supply:
        st.drop_supply -= 1
    drops = list(st.drops)
    drops[seat] += 1
    st.drops = tuple(drops)
    st._emit(Drop, seat, from_supply)


# ----- knowledge of other hands (for resample) --------------------------------------------
def _less(counts: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``counts`` with one fewer ``card`` (unchanged when it holds none)."""
    if not counts[card]:
        return counts
    row = list(counts)
    row[card] -= 1
    return tuple(row)


def learn_steal(st: DinoRaceState, thief: int, victim: int, card: int) -> None:
    known: dict[tuple[int, int], tuple[int, ...]] = {}
    for (obs, holder), counts in st.known.items():
        if holder != victim:
            known[(obs, holder)] = counts
        elif obs == thief:  # the thief's bounds lose the card only if it was known there
            known[(obs, holder)] = _less(counts, card)
        elif obs == victim:
            known[(obs, holder)] = counts
        # another observer forgets what it knew of the victim's hand
    row = list(known.get((victim, thief), (0,) * T))
    row[card] += 1
    known[(victim, thief)] = tuple(row)
    st.known = known


def learn_pass(st: DinoRaceState, giver: int, mate: int, card: int) -> None:
    known: dict[tuple[int, int], tuple[int, ...]] = {}
    for (obs, holder), counts in st.known.items():
        if holder != giver:
            known[(obs, holder)] = counts
        elif obs == mate:
            known[(obs, holder)] = _less(counts, card)
    row = list(known.get((giver, mate), (0,) * T))
    row[card] += 1
    known[(giver, mate)] = tuple(row)
    st.known = known


def forget_one(st: DinoRaceState, seat: int, card: int) -> None:
    known = st.known
    changed = {key: _less(counts, card) for key, counts in known.items() if key[1] == seat and counts[card]}
    if changed:
        st.known = {**known, **changed}


def lose_card(st: DinoRaceState, seat: int, card: int) -> None:
    """Lava (Push back, Eruption): the card drawn at random from ``seat``'s hand is discarded."""
    play_card(st, seat, card)
    st._emit(RandomDiscard, seat, card)


def no_card_to_lose(st: DinoRaceState, seat: int) -> None:
    """Lava with an empty hand: there is no card to lose."""
    st._emit(NoCardToLose, seat)
