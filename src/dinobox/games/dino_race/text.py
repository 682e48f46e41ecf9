"""Readable words for Dino Race actions, events and refusals."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, assert_never

from dinobox.engine.state import CHANCE
from dinobox.engine.values import Event, kind_of
from dinobox.games.dino_race import actions as A
from dinobox.games.dino_race import events as E
from dinobox.games.dino_race import flow as F
from dinobox.games.dino_race import moves as M
from dinobox.games.dino_race.data import CARD_KEYS, CARD_NAMES, DIE_FACES, EGG, HOME, PUSH, STEAL, TERRAINS, WILD
from dinobox.games.dino_race.view import dino_name, seat_name

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState


def _pair(cards: tuple[str, str]) -> str:
    return " + ".join(CARD_NAMES[CARD_KEYS.index(key)] for key in cards)


def action_text(state: DinoRaceState, action: int, player: int) -> str:
    if player == CHANCE:
        return _chance_text(state, action)
    who = seat_name(state, player) if 0 <= player < state.num_players else f"Seat {player}"
    match M.decode(state, action, player):
        case M.Move(with_=how, card=card, dino=dino):
            return f"{who}: {_move_text(state, how, card, -1 if dino is None else dino)}"
        case M.Push(target_dino=d):
            return f"{who}: Push back {dino_name(state, d)}"
        case M.Trip(target_dino=d):
            return f"{who}: Throw the egg to trip {dino_name(state, d)}"
        case M.GiveEgg(target_seat=p):
            return f"{who}: Throw the egg to give it to {seat_name(state, p)}"
        case M.Steal(target_seat=p):
            return f"{who}: Steal a card from {seat_name(state, p)}"
        case M.Swap(cards=cards):
            return f"{who}: swap {_pair(cards)} for one new card"
        case M.StandUp(cards=cards, dino=dino):
            return f"{who}: discard {_pair(cards)} to stand {dino_name(state, -1 if dino is None else dino)} up"
        case M.PassCard(card=key):
            return f"{who}: pass {card_noun(CARD_KEYS.index(key))} to your team-mate"
        case M.Roll():
            return f"{who}: roll the event die"
        case M.Prize(value=value, colour=colour):
            return f"{who}: take the {colour} {value} prize counter"
        case M.PassEgg(target_seat=p):
            return f"{who}: pass the egg to {seat_name(state, p)}"
        case unknown:
            assert_never(unknown)


def _move_text(state: DinoRaceState, how: M.How, card: str | None, d: int) -> str:
    target = state.pos[d] + 1 if 0 <= d < state.num_dinos and state.pos[d] < state.track_length else "?"
    name = dino_name(state, d) if d >= 0 else "dino"
    if how == "match":
        terrain = TERRAINS[state.tiles[state.pos[d]]] if target != "?" else "matching"
        what = f"{terrain.capitalize()} card"
    elif how == "wild" or card is None:
        what = "Wildcard"
    else:
        what = f"three {CARD_NAMES[CARD_KEYS.index(card)]} cards"
    goal = "the finish" if target == state.track_length else f"tile {target}"
    return f"play {what} to move {name} to {goal}"


_OUTCOMES: dict[str, Callable[[DinoRaceState, int], str]] = {
    "card": lambda state, outcome: f"card: {CARD_NAMES[outcome]}",
    "die": lambda state, outcome: f"die: {DIE_FACES[outcome]}",
    "tile": lambda state, outcome: f"tile: {TERRAINS[outcome]}",
    "prize": lambda state, outcome: f"prize counter {outcome}",
    "egg": lambda state, outcome: f"egg counter {state.game.data.egg_values[outcome]}",
}
"""A chance outcome in words, by what the step on top draws (``RaceStep.draws``)."""


def _chance_text(state: DinoRaceState, outcome: int) -> str:
    top = state.top_step()
    found = _OUTCOMES.get(top.draws()) if top is not None else None
    return found(state, outcome) if found is not None else f"outcome {outcome}"


def event_text(state: DinoRaceState, event: Event, private: bool) -> str:
    """The log line of one event; ``private`` when the reader may see its hidden part."""
    s = lambda p: seat_name(state, p)  # noqa: E731
    dn = lambda d: dino_name(state, d)  # noqa: E731
    match event:
        case E.Race(race=race):
            return f"Race {race + 1} begins: the track is laid and the cards dealt."
        case E.Turn(seat=seat):
            return f"{s(seat)}'s turn."
        case E.Draw(seat=seat, card=card):
            return f"{s(seat)} draws {CARD_NAMES[card] if private else 'a card'}."
        case E.Move(seat=seat, dino=d, card=card, tile=tile):
            how = "a Wildcard" if card == WILD else f"a {CARD_NAMES[card]} card"
            return f"{s(seat)} plays {how}: {dn(d)} runs to {_where(state, tile)}."
        case E.Triple(seat=seat, dino=d, card=card, tile=tile):
            return f"{s(seat)} discards three {CARD_NAMES[card]} cards: {dn(d)} runs to {_where(state, tile)}."
        case E.Push(seat=seat, dino=d, tile=tile):
            where = "the volcano" if tile == 0 else f"tile {tile}"
            return f"{s(seat)} pushes {dn(d)} back to {where}."
        case E.PushBlocked(seat=seat, dino=d):
            return f"{s(seat)} pushes {dn(d)} toward the lava: it stands firm, but its owner pays."
        case E.Trip(seat=seat, dino=d):
            return f"{s(seat)} throws the egg and trips {dn(d)}."
        case E.GiveEgg(seat=seat, target=target):
            return f"{s(seat)} throws the egg to {s(target)}."
        case E.Steal(seat=seat, victim=victim):
            return f"{s(seat)} plays Steal a card against {s(victim)}."
        case E.Stolen(thief=thief, victim=victim, card=card):
            return f"{s(thief)} steals {CARD_NAMES[card] if private else 'a card'} from {s(victim)}."
        case E.Swap(seat=seat, cards=(x, y)):
            return f"{s(seat)} swaps {CARD_NAMES[x]} + {CARD_NAMES[y]} for a new card."
        case E.StandUp(seat=seat, dino=d, cards=(x, y)):
            return f"{s(seat)} discards {CARD_NAMES[x]} + {CARD_NAMES[y]}: {dn(d)} stands up."
        case E.PassCard(seat=seat, mate=mate, card=card):
            return f"{s(seat)} passes {card_noun(card) if private else 'a card'} to {s(mate)}."
        case _:
            return _table_event_text(state, event, private)


def _where(state: DinoRaceState, tile: int) -> str:
    return "the finish" if tile >= state.track_length else f"tile {tile}"


def _table_event_text(state: DinoRaceState, event: Event, private: bool) -> str:
    """The die, the volcano, the lava, the finish line and the end of a race."""
    s = lambda p: seat_name(state, p)  # noqa: E731
    data = state.game.data
    match event:
        case E.Roll(seat=seat):
            return f"{s(seat)} rolls the event die."
        case E.Die(face=face):
            return f"The die shows {DIE_FACES[face]}."
        case E.EruptionEgg(seat=seat):
            return f"Eruption! {s(seat)} holds the egg: discards the whole hand and takes a lava drop."
        case E.EggPassed(seat=seat, target=target):
            return f"{s(seat)} passes the egg to {s(target)}."
        case E.Volcano():
            return "The volcano becomes active."
        case E.Lava(tile=tile):
            return f"Lava covers tile {tile}."
        case E.Carried(dino=d, tile=tile):
            return f"The lava drives {dino_name(state, d)} forward to {_where(state, tile)}."
        case E.Drop(seat=seat, from_supply=True):
            return f"{s(seat)} takes a lava drop."
        case E.Drop(seat=seat):
            return f"{s(seat)} takes a lava drop (the supply is used up: it still costs a point)."
        case E.NoCardToLose(seat=seat):
            return f"{s(seat)} has no card in hand to lose."
        case E.RandomDiscard(seat=seat, card=card):
            return f"{s(seat)} discards {CARD_NAMES[card]} at random."
        case E.Reshuffle():
            return "The discard pile is shuffled into a new deck."
        case E.Home(dino=d):
            return f"{dino_name(state, d)} crosses the finish line!"
        case E.Prize(seat=seat, counter=c) if private:
            return f"{s(seat)} takes the {data.prize_colours[c]} {data.prize_values[c]} prize."
        case E.Prize(seat=seat):
            return f"{s(seat)} takes a prize counter in secret."
        case E.PrizeTalk(seat=seat, mate=mate, stack=stack) if private:
            counters = (f"{data.prize_colours[c]} {data.prize_values[c]}" for c in range(len(data.prize_values)))
            shown = ", ".join(name for c, name in enumerate(counters) if stack >> c & 1)
            return f"{s(seat)} talks over the prize stack with {s(mate)}: {shown}."
        case E.PrizeTalk(seat=seat, mate=mate):
            return f"{s(seat)} talks over the prize choice with {s(mate)}."
        case E.HandDiscarded(seat=seat):
            return f"{s(seat)} has every dino home and discards the hand."
        case E.EggSafe(seat=seat):
            return f"{s(seat)} brings the egg to safety!"
        case E.EggCounter(seat=seat, value=value):
            return f"{s(seat)} takes an egg counter worth {value}."
        case E.RaceOver(race=race):
            return f"Race {race + 1} is over."
        case _:
            return kind_of(event)


def why_illegal(state: DinoRaceState, action: int) -> str:
    """Why an action is refused, naming the rulebook section."""
    match state.steps[-1]:
        case F.ChoosePrize():
            return "choose one of the prize counters still in the stack (Finish line!)"
        case F.PassEgg():
            return "pass the egg to another player still in the race (Roll the event die: the volcano erupts)"
    if not 0 <= action < state.game.num_distinct_actions():
        return f"{action} is not a Dino Race action (0..{state.game.num_distinct_actions() - 1})"
    if action >= A.PRIZE:
        return "no prize or egg choice is pending now"
    seat = state.current_player()
    info = M.decode(state, action, seat)
    mine = state.hand[seat * 8 : seat * 8 + 8]
    tripped = any(state.down >> d & 1 for d in state.dinos_of(seat)) and sum(mine) >= 2
    match info:
        case M.StandUp():
            return "you do not hold those two cards (Swapping cards)"
        case _ if tripped:
            return (
                "your tripped dino must stand up this turn: discard two cards for it before you roll, and keep "
                "two cards for it until then (Playing special cards: Throw the egg)"
            )
        case M.Move(dino=d, with_=how):
            return _move_refusal(state, seat, d, how)
        case M.Push():
            return _trick_refusal(mine, PUSH)
        case M.Steal():
            return _trick_refusal(mine, STEAL)
        case M.Trip() if mine[EGG] and state.egg == seat:
            return "the egg owner can only give the egg away with this card (Throw the egg)"
        case M.GiveEgg() if mine[EGG] and state.egg != seat:
            return "only the egg owner can give the egg; others trip a dino with it (Throw the egg)"
        case M.Trip() | M.GiveEgg():
            return _trick_refusal(mine, EGG)
        case M.Swap():
            return "you do not hold those two cards (Swapping cards)"
        case M.PassCard():
            return "one card may be passed to a racing team-mate once per turn, in Playing in Teams"
        case _:
            return "that is not possible now (The game turn)"


def _trick_refusal(mine: list[int], card: int) -> str:
    """Playing special cards: the trick's ``card`` not held, or no opponent's dino to play it on."""
    if not mine[card]:
        return f"you hold no {card_noun(card).removeprefix('a ')} (Playing special cards)"
    return "tricks need an opponent's dino on the same tile as one of yours (Playing special cards)"


def _move_refusal(state: DinoRaceState, seat: int, d: int | None, how: M.How) -> str:
    if d is None or not state.is_racing(seat):
        return "you have no such dino on the track (Playing movement cards)"
    if state.pos[d] == HOME:
        return "that dino already finished the race (Finish line!)"
    if state.down >> d & 1:
        return "that dino is lying on its side and must stand up first (Throw the egg)"
    if how == "match":
        return "you hold no card matching the next tile (Playing movement cards)"
    if how == "wild":
        return "you hold no wildcard (Playing movement cards)"
    return "three cards of one type may stand in for a missing matching card or wildcard only (Playing movement cards)"


def card_noun(card: int) -> str:
    """``a Plains card``, ``a Wildcard``, ``a 'Steal a card' card``: a card by its name, read once."""
    name = CARD_NAMES[card]
    if name.lower().endswith("card"):
        return f"a {name}" if " " not in name else f"a '{name}' card"
    return f"a {name} card"
