"""Readable words for Escape from T-Rex Island actions, events and refusals."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, assert_never

from dinobox.engine.state import CHANCE
from dinobox.engine.values import Event, kind_of
from dinobox.games.trex_island import actions as A
from dinobox.games.trex_island import events as E
from dinobox.games.trex_island import moves as M
from dinobox.games.trex_island.data import (
    ATTACK_NAMES,
    CHARACTER_KEYS,
    CHARACTER_NAMES,
    COLOURS,
    KIND_KEYS,
    KIND_NAMES,
    NUM_CARD_TYPES,
    PLAYER_COLOURS,
    TOKEN_NAMES,
    card_name,
)
from dinobox.games.trex_island.view import seat_name, team_name

if TYPE_CHECKING:
    from dinobox.games.trex_island.rules import TRexIslandState


def space_name(state: TRexIslandState, space: int) -> str:
    board = state.board
    if space == board.helipad:
        return "the helipad"
    if board.kind[space] == 3:
        return f"rest point {space}"
    return f"space {space} ({COLOURS[board.kind[space]]})"


def action_text(state: TRexIslandState, action: int, player: int) -> str:
    if player == CHANCE:
        return _chance_text(state, action)
    who = seat_name(state, player) if 0 <= player < state.num_players else f"Seat {player}"
    return f"{who}: {_play_text(state, M.describe_play(state, action, player))}"


def _play_text(state: TRexIslandState, info: M.IslandAction) -> str:
    match info:
        case M.Move(card=card, space=space, die=int(die), passes_trex=passes):
            extra = ", passing the T-Rex (loses one man)" if passes else ""
            return f"play {card_name(card)} to move {team_name(state, die)} to {space_name(state, space)}{extra}"
        case M.Move(card=card, slot=slot, space=space):  # no seat: no die
            return f"play {card_name(card)} to move team {slot + 1} to {space_name(state, space)}"
        case M.Picture(dino=dino, colours=colours):
            return f"take a {KIND_NAMES[KIND_KEYS.index(dino)]} picture (play {' + '.join(colours)})"
        case M.Draw():
            return "draw a card"
        case M.Pass():
            return "pass (nothing can be played or drawn)"
        case M.Pile(pile=pile):
            cards = state.piles[pile]
            top = card_name(cards[-1]) if cards else "empty"
            return f"discard onto pile {'AB'[pile]} (top: {top})"
        case M.Token(take=take):
            return "draw a game token" if take else "leave the game tokens face down"
        case M.React(reaction=reaction):
            return A.REACTIONS[M.REACTION_KEYS.index(reaction)]
        case M.TrexWay(space=space):
            return f"send the T-Rex to {space_name(state, space)}"
        case M.Shoot(free=free):
            return A.SHOTS[A.SHOOT_FREE if free else A.SHOOT_TOKEN]
        case M.Shed(card=card):
            return f"give up {card_name(card)} (hand above its size, no card to play)"
        case M.Character(character=key):
            c = CHARACTER_KEYS.index(key)
            return f"be the {CHARACTER_NAMES[c]} ({PLAYER_COLOURS[c]}): {CHARACTER_POWERS[c]}"
        case unknown:
            assert_never(unknown)


CHARACTER_POWERS = (
    "one Shotgun shot of your own, free, once a game",
    "a hand of 5 cards instead of 4",
    "feeds 3 survivors for free",
    "shrugs off the first Raptor attack and the first Pterosaur attack",
)
"""What each character card gives (Character Cards), in the order of ``CHARACTER_NAMES``."""


_CHANCE_WORDS: dict[str, Callable[[int], tuple[str, ...]]] = {
    "card": lambda n: tuple(f"card: {card_name(t)}" for t in range(NUM_CARD_TYPES)),
    "token": lambda n: tuple(f"token: {name}" for name in TOKEN_NAMES),
    "first_player": lambda n: tuple(f"first player: seat {p + 1}" for p in range(n)),
    "character": lambda n: tuple(f"character: {name}" for name in CHARACTER_NAMES),
    "chooser": lambda n: tuple(f"first to choose a character: seat {p + 1}" for p in range(n)),
}
"""Each chance outcome in words, for ``n`` players, by what the step on top draws
(``IslandStep.draws``)."""


def _chance_text(state: TRexIslandState, outcome: int) -> str:
    step = state.top_step()
    words = _CHANCE_WORDS.get(step.draws() if step is not None else "")
    names = words(state.num_players) if words is not None else ()
    if not names:
        raise ValueError(f"chance outcome {outcome} means nothing here: no chance event is pending")
    if not 0 <= outcome < len(names):
        raise ValueError(f"chance outcome {outcome} means nothing here: the outcomes are 0..{len(names) - 1}")
    return names[outcome]


def _and(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def event_text(state: TRexIslandState, event: Event, private: bool) -> str:
    """The log line of one event; ``private`` when the reader may see its hidden part."""
    s = lambda p: seat_name(state, p)  # noqa: E731
    match event:
        case E.Character(seat=seat, character=c):
            return f"Seat {seat + 1} is the {CHARACTER_NAMES[c]} and plays {PLAYER_COLOURS[c]}."
        case E.Choosers(order=order):
            rest = [str(p + 1) for p in order[1:]]
            seats = "seat" if len(rest) == 1 else "seats"
            return f"Seat {order[0] + 1} chooses a character first, then {seats} {_and(rest)}, clockwise."
        case E.First(seat=seat):
            return f"{s(seat)} goes first."
        case E.Turn(seat=seat):
            return f"{s(seat)}'s turn."
        case E.Draw(seat=seat, card=card):
            return f"{s(seat)} draws {card_name(card) if private else 'a card'}."
        case E.Draws(seat=seat):
            return f"{s(seat)} takes the draw action."
        case E.Pass(seat=seat):
            return f"{s(seat)} can neither play nor draw and passes."
        case E.Shed(seat=seat, card=card):
            return f"{s(seat)} can play no card and holds more than the hand size: gives up {card_name(card)}."
        case E.Move(seat=seat, die=die, card=card, space=space, passed=passed):
            past = ", slipping past the T-Rex for one man" if passed else ""
            return (
                f"{s(seat)} plays {card_name(card)}: {team_name(state, die)} moves to {space_name(state, space)}{past}."
            )
        case E.Arrive(die=die, crew=crew, order=order):
            return f"{team_name(state, die)} reaches the helipad with {crew} crew (arrival #{order})."
        case E.Discard(seat=seat, card=card, pile=pile):
            return f"{s(seat)} puts {card_name(card)} on pile {'AB'[pile]}."
        case E.Picture(seat=seat, herbivore=herbivore):
            return f"{s(seat)} takes a {KIND_NAMES[herbivore]} picture."
        case E.Rebuild(cards=cards):
            return f"The draw deck is rebuilt from {cards} discarded cards."
        case E.GameOver(reason=reason):
            return f"The game is over: {_GAME_OVER[reason]}."
        case _:
            return _danger_text(state, event)


_GAME_OVER = {
    "helipad": "a player has all three teams at the helipad",
    "deck": "the draw deck is empty and no token can still be drawn",
    "deck_stuck": "the draw deck is empty and no team can move to the tokens left",
}
"""Why the game ended (``GameOver.reason``), in words."""

_DEFENCES = {
    A.USE_SMG: "an SMG",
    A.USE_SHOTGUN: "a Shotgun",
    A.USE_FREE_SHOTGUN: "the Hunter's Shotgun",
    A.EVADE: "the Explorer's instinct",
}
"""What beats off an attack (``Defend.reaction``), in words."""


def _danger_text(state: TRexIslandState, event: Event) -> str:
    """Game tokens, attacks and carnivores."""
    tn = lambda d: team_name(state, d)  # noqa: E731
    match event:
        case E.Token(die=die, token=token):
            return f"{tn(die)} finds a {TOKEN_NAMES[token]} token."
        case E.TokenLeft(seat=seat):
            return f"{seat_name(state, seat)} leaves the tokens face down."
        case E.Strike(kind=kind, teams=teams):
            return f"The {KIND_NAMES[kind]}s strike: {', '.join(tn(d) for d in teams)}."
        case E.NoPrey(kind=kind):
            return f"The {KIND_NAMES[kind]}s find no team on the island."
        case E.TrexAppears(space=space):
            return f"The T-Rex appears at {space_name(state, space)}."
        case E.TrexIdle():
            return "The T-Rex finds no team to hunt."
        case E.TrexMoves(space=space, prey=prey):
            caught = f" and catches {', '.join(tn(d) for d in prey)}" if prey else ""
            return f"The T-Rex stomps to {space_name(state, space)}{caught}."
        case E.Defend(die=die, attack=attack, reaction=reaction):
            return f"{tn(die)} beats off the {ATTACK_NAMES[attack]} with {_DEFENCES.get(reaction, 'luck')}."
        case E.Shoot(seat=seat, weapon=weapon):
            gun = "the Hunter's free Shotgun" if weapon == A.SHOOT_FREE else "a Shotgun token"
            return f"{seat_name(state, seat)} fires {gun} at the T-Rex."
        case E.TrexGone():
            return "The T-Rex is driven off the map."
        case E.Loss(die=die, attack=attack, men=men):
            return f"{tn(die)} loses {men} {'man' if men == 1 else 'men'} to the {ATTACK_NAMES[attack]}."
        case E.TeamLost(die=die):
            return f"{tn(die)} has no crew left and is out of the game."
        case _:
            return kind_of(event)
