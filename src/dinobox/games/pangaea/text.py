"""Readable words for Pangaea's actions, events and refusals."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from dinobox.engine.state import CHANCE
from dinobox.engine.values import ActionInfo, Event, kind_of
from dinobox.games.pangaea import events as Ev
from dinobox.games.pangaea import moves as M
from dinobox.games.pangaea.actions import Fixed
from dinobox.games.pangaea.data import EVO_KEYS, EVO_NAMES, SYMBOL_NAMES
from dinobox.games.pangaea.tiles import (
    ACTION_KEYS,
    ACTION_NAMES,
    DINO_NAMES,
    DIRECTION_KEYS,
    DIRECTION_NAMES,
    RANGE_NAMES,
    TILE_KEYS,
    TILE_NAMES,
)
from dinobox.games.pangaea.view import seat_name
from dinobox.games.pangaea.world import explorer_safe_at

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


def where(st: PangaeaState, s: int) -> str:
    r, c = divmod(s, st.world.geo.cols)
    return f"r{r}c{c}"


def card_text(st: PangaeaState, k: int) -> str:
    if k == st.WILD:
        return "Wild card"
    if k == st.RESHUFFLE:
        return "Reshuffle card"
    number, action, rng, symbol = st.cards[k]
    return f"[{number} {ACTION_NAMES[action]} {RANGE_NAMES[rng]} {SYMBOL_NAMES[symbol]}]"


def _rc(st: PangaeaState, s: int) -> tuple[int, int]:
    return divmod(s, st.world.geo.cols)


def _simple(st: PangaeaState) -> dict[int, ActionInfo]:
    """The actions that are a word alone (no space, card or dino): one table per layout."""
    return _simple_of(st.A)


@cache
def _simple_of(A: Fixed) -> dict[int, ActionInfo]:
    return {
        A.CONTINUE: M.Continue(),
        A.REENTER: M.Reenter(),
        A.STAY_OFF: M.StayOff(),
        A.KEEP: M.Keep(),
        A.NO_RANGE: M.NoRange(),
        A.INTERRUPT: M.Interrupt(),
        A.NO_INTERRUPT: M.NoInterrupt(),
        A.BUILD: M.Build(),
        A.BUILD_SPECIAL: M.BuildSpecial(),
        A.PASS: M.Pass(),
        A.EXTRA_YES: M.ExtraMove(),
        A.EXTRA_NO: M.NoExtraMove(),
        A.DONE: M.Done(),
        A.NO_BLOCK: M.NoBlock(),
        A.NO_SHELTER_MOVE: M.NoShelterMove(),
        A.GUARD_YES: M.UseProtection(),
        A.GUARD_NO: M.NoProtection(),
    }


def decode(st: PangaeaState, action: int) -> ActionInfo:
    """A player action's typed description (``moves``): its kind and the parts it names."""
    A = st.A
    if action < A.CONTINUE:
        return _decode_step2(st, action)
    simple = _simple(st).get(action)
    if simple is not None:
        return simple
    if action < A.DIR:
        return _decode_cards(st, action)
    return _decode_board(st, action)


def _decode_step2(st: PangaeaState, action: int) -> ActionInfo:
    """Starting positions and step 2: a star, a Wild card, an activation."""
    A = st.A
    if action < A.WILD_DINO:
        return M.Start(_rc(st, action))
    if action < A.WILD_SHELTER:
        return M.WildDino(action - A.WILD_DINO)
    if action < A.ACTIVATE:
        return M.WildShelter(_rc(st, action - A.WILD_SHELTER))
    return M.Activate(EVO_KEYS[action - A.ACTIVATE])


def _decode_cards(st: PangaeaState, action: int) -> ActionInfo:
    """Step 4: the STAR cards chosen, swapped or given back."""
    A = st.A
    if A.DIST_CARD <= action < A.DIST_WILD:
        return M.DistanceCard(action - A.DIST_CARD)
    if A.DIST_WILD <= action < A.SWAP:
        return M.DistanceWild(st.WILD, action - A.DIST_WILD)
    if A.SWAP <= action < A.KEEP:
        return M.Swap(action - A.SWAP)
    if A.ACT_CARD <= action < A.ACT_WILD:
        return M.ActionCard(action - A.ACT_CARD)
    if A.ACT_WILD <= action < A.RANGE_CARD:
        return M.ActionWild(st.WILD, ACTION_KEYS[action - A.ACT_WILD])
    return M.RangeCard(action - A.RANGE_CARD)


def _decode_board(st: PangaeaState, action: int) -> ActionInfo:
    """The actions on the board: directions, cracks, Dinos, moves, buys and the level 4 cards."""
    A = st.A
    n = st.world.geo.n
    if A.DIR <= action < A.CRACK:
        return M.Direction(DIRECTION_KEYS[action - A.DIR])
    if A.CRACK <= action < A.DINO_PLACE:
        return M.Crack(action - A.CRACK, _ends(st, action - A.CRACK))
    if A.DINO_PLACE <= action < A.MOVE:
        d, s = divmod(action - A.DINO_PLACE, n)
        return M.DinoPlace(d, _rc(st, s))
    if A.MOVE <= action < A.HARVEST:
        return M.Move(_rc(st, action - A.MOVE))
    if A.HARVEST <= action < A.BUILD:
        return M.MoveHarvest(_rc(st, action - A.HARVEST))
    if A.DINO_MOVE <= action < A.PASS:
        d, s = divmod(action - A.DINO_MOVE, n)
        return M.DinoMove(d, _rc(st, s))
    if A.BUY <= action < A.STONE:
        e, j = divmod(action - A.BUY, 9)
        return M.Buy(EVO_KEYS[e], EVO_KEYS[j - 1] if j else None)
    if A.STONE <= action < A.DONE:
        return M.Stone(_rc(st, action - A.STONE))
    if A.BLOCK <= action < A.NO_BLOCK:
        return M.Block(_rc(st, action - A.BLOCK))
    if A.SHELTER_MOVE <= action < A.NO_SHELTER_MOVE:
        src, dst = divmod(action - A.SHELTER_MOVE, n)
        return M.ShelterMove(_rc(st, src), _rc(st, dst))
    if A.TRIM <= action < A.TAKE_TILE:
        return M.GiveBack(action - A.TRIM)
    if A.TAKE_TILE <= action < A.REUSE_CRACK:
        s = action - A.TAKE_TILE
        return M.TakeTile(_rc(st, s), TILE_KEYS[st.world.top(s)])
    return M.ReuseCrack(action - A.REUSE_CRACK, _ends(st, action - A.REUSE_CRACK))


def _ends(st: PangaeaState, edge: int) -> tuple[list[int], list[int]]:
    """The two spaces a crack on ``edge`` lies between, as ``[row, col]``."""
    a, b = st.world.geo.edge_ends[edge]
    return list(_rc(st, a)), list(_rc(st, b))


LOST = "the Explorer is lost there"
"""The warning of a move that costs the Explorer (``describe_action``'s ``warning``, and the text)."""


def action_info(st: PangaeaState, action: int, player: int) -> ActionInfo:
    if player == CHANCE:
        return M.Chance()
    info = decode(st, action)
    match info:
        case M.Move(space=space) if _danger(st, player, st.world.geo.space(*space)):
            return M.Move(space, LOST)  # the move's warning: the Explorer is lost there
    return info


def _sp(space: tuple[int, int]) -> str:
    return f"r{space[0]}c{space[1]}"


def action_text(st: PangaeaState, action: int, player: int) -> str:
    if player == CHANCE:
        return _chance_text(st, action)
    info = decode(st, action)
    words = _start_words(st, info) or _card_words(st, info) or _board_words(st, info, player)
    return f"{seat_name(player)}: {words or kind_of(info)}"


def _start_words(st: PangaeaState, info: ActionInfo) -> str | None:
    """Starting positions and steps 2 and 3."""
    match info:
        case M.Start(space=space):
            return f"start the Explorer on the star at {_sp(space)}"
        case M.WildDino(dino=dino):
            return f"play a Wild card to remove {DINO_NAMES[dino]}"
        case M.WildShelter(space=space):
            return f"play a Wild card to remove your Shelter at {_sp(space)}"
        case M.Activate(evolution=evolution):
            return f"activate {EVO_NAMES[EVO_KEYS.index(evolution)]} (1 point)"
        case M.Continue():
            return "go on (no Wild card or activation)"
        case M.Reenter():
            return "re-enter your Explorer"
        case M.StayOff():
            return "keep your Explorer off the board"
    return None


def _card_words(st: PangaeaState, info: ActionInfo) -> str | None:
    """Step 4 and 5: the STAR cards, the interrupt and the direction."""
    match info:
        case M.Keep():
            return "keep your cards and skip steps 4 and 5"
        case M.Swap(card=card):
            return f"discard {card_text(st, card)}, draw a new card, skip steps 4 and 5"
        case M.DistanceCard(card=card):
            return f"distance: {card_text(st, card)} ({st.cards[card][0]} spaces)"
        case M.DistanceWild(distance=distance):
            return f"distance: Wild card for {distance} spaces"
        case M.ActionCard(card=card):
            return f"action: {card_text(st, card)} ({ACTION_NAMES[st.cards[card][1]]})"
        case M.ActionWild(verb=verb):
            return f"action: Wild card for {ACTION_NAMES[ACTION_KEYS.index(verb)]}"
        case M.RangeCard(card=card):
            return f"range: {card_text(st, card)} ({RANGE_NAMES[st.cards[card][2]]})"
        case M.NoRange():
            return "range: none (1 space)"
        case M.Interrupt():
            return f"play a Wild card: {seat_name(st.turn)} must draw a Direction card"
        case M.NoInterrupt():
            return f"let {seat_name(st.turn)} choose the direction"
        case M.Direction(direction=direction):
            return f"move the Event locator {DIRECTION_NAMES[DIRECTION_KEYS.index(direction)]}"
        case M.GiveBack(card=card):
            return f"give back {card_text(st, card)}"
    return None


def _board_words(st: PangaeaState, info: ActionInfo, player: int) -> str | None:
    """The actions on the board, step 6 and 7 and the level 4 cards."""
    match info:
        case M.Crack(spaces=spaces):
            return "crack between r{}c{} and r{}c{}".format(*spaces[0], *spaces[1])
        case M.ReuseCrack(spaces=spaces):
            return "reuse the crack stick between r{}c{} and r{}c{}".format(*spaces[0], *spaces[1])
        case M.DinoPlace(dino=dino, space=space):
            return f"put {DINO_NAMES[dino]} on {_sp(space)}"
        case M.TakeTile(space=space, tile=tile):
            return f"take the {TILE_NAMES[TILE_KEYS.index(tile)]} tile from {_sp(space)} (none left in the supply)"
        case M.UseProtection():
            return f"use your protection card against {_pending(st)}"
        case M.NoProtection():
            return f"do not use your protection card against {_pending(st)}"
        case M.Move(space=space):
            return f"move your Explorer to {_sp(space)}" + _danger(st, player, st.world.geo.space(*space))
        case M.MoveHarvest(space=space):
            return f"move your Explorer to {_sp(space)} and harvest (+1)"
        case M.Build():
            return "build a Shelter here (+1)"
        case M.BuildSpecial():
            return "build a Shelter here with the Build anywhere card (+1)"
        case M.DinoMove(dino=dino, space=space):
            return f"move {DINO_NAMES[dino]} to {_sp(space)}"
        case M.Pass():
            return "skip step 6 (every move would cost your Explorer)"
        case M.ExtraMove():
            return "use the Extra move card: step 6 again"
        case M.NoExtraMove():
            return "no extra move"
    return _buy_words(st, info)


def _buy_words(st: PangaeaState, info: ActionInfo) -> str | None:
    """Step 7 and the level 4 cards."""
    match info:
        case M.Buy(evolution=evolution, discard=discard):
            back = "" if discard is None else f", giving back {EVO_NAMES[EVO_KEYS.index(discard)]}"
            return f"buy {EVO_NAMES[EVO_KEYS.index(evolution)]} (1 point{back})"
        case M.Stone(space=space):
            return f"buy a stone for the lava at {_sp(space)} (1 point)"
        case M.Done():
            return "end buying"
        case M.Block(space=space):
            return f"block the tile change at {_sp(space)}"
        case M.NoBlock():
            return "let the tiles change"
        case M.ShelterMove(from_=source, space=space):
            return f"move your Shelter from {_sp(source)} to {_sp(space)}"
        case M.NoShelterMove():
            return "leave your Shelters where they are"
    return None


def _pending(st: PangaeaState) -> str:
    if not st.pending_dino:
        return "the dinosaur"
    d, s = st.pending_dino
    return f"{DINO_NAMES[d]} at {where(st, s)}"


def _danger(st: PangaeaState, player: int, s: int) -> str:
    return "" if explorer_safe_at(st.world, player, s) else f" ({LOST})"


_DRAWN: dict[str, Callable[[PangaeaState, int], str]] = {
    "card": lambda st, outcome: f"card: {card_text(st, outcome)}",
    "direction": lambda st, outcome: f"direction card: {DIRECTION_NAMES[outcome]}",
    "token": lambda st, outcome: f"symbol token: {SYMBOL_NAMES[outcome]}",
    "start_player": lambda st, outcome: f"start player: {seat_name(outcome)}",
}
"""What a chance outcome says, by what the chance step on top draws (``PangaeaStep.draws``)."""


def _chance_text(st: PangaeaState, outcome: int) -> str:
    top = st.top_step()
    said = _DRAWN.get(top.draws()) if top is not None else None
    return said(st, outcome) if said is not None else f"outcome {outcome}"


def event_text(st: PangaeaState, event: Event, private: bool) -> str:
    """The log line of ``event`` (nothing on Pangaea's table is hidden: ``private`` changes
    nothing)."""
    words = _kickoff_words(st, event) or _turn_words(st, event) or _step6_words(st, event)
    return words or _lightning_words(st, event) or _world_words(st, event) or kind_of(event)


def _kickoff_words(st: PangaeaState, event: Event) -> str | None:
    """Kick-off, the cards drawn and the asteroid board."""
    s = seat_name
    match event:
        case Ev.First(seat=seat, drawn=drawn):
            return f"{s(seat)} is the start player" + (" (drawn at random)." if drawn else ".")
        case Ev.Setup(players=players):
            return f"A game of Pangaea for {players} players begins."
        case Ev.Turn(seat=seat):
            return f"{s(seat)}'s turn."
        case Ev.Token(place=place, symbol=symbol):
            where_ = "The centre of the asteroid board shows " if place == 0 else f"Question mark {place} shows "
            return where_ + SYMBOL_NAMES[symbol] + "."
        case Ev.Draw(seat=seat, card=card):
            return f"{s(seat)} draws {card_text(st, card)}."
        case Ev.ReshuffleDrawn():
            return "The Reshuffle card is drawn."
        case Ev.Reshuffle():
            return "The STAR cards are reshuffled."
        case Ev.TokenMoves(place=place):
            return "The asteroid token moves to " + ("the lightning space." if place == 0 else f"space {place}.")
        case Ev.DirectionCard(direction=direction):
            return f"Direction card: {DIRECTION_NAMES[direction]}."
        case Ev.DirectionReshuffle():
            return "The Direction cards are reshuffled."
        case Ev.Score(seat=seat, points=points, total=total):
            return f"{s(seat)} {'+' if points > 0 else ''}{points} point(s): {total}."
        case Ev.Asteroid(value=value):
            return f"The asteroid is pushed down to {value}."
        case Ev.CentreMatches(count=count):
            return f"{count} card(s) match the centre symbol."
        case Ev.WildSetAside():
            return "A Wild card is drawn and set aside."
        case Ev.StarDrawn(card=card):
            return f"STAR card drawn: {card_text(st, card)}."
    return None


def _turn_words(st: PangaeaState, event: Event) -> str | None:
    """Steps 2 to 5: Wild cards, activations, the cards chosen and played, the action."""
    s = seat_name
    match event:
        case Ev.Choose(seat=seat, stage=stage, card=card, value=value):
            # the chosen cards lie face up (Players Turn, step 4): the text is public
            what = ("distance", "action", "range")[stage]
            shown = value if stage == 0 else ACTION_NAMES[value] if stage == 1 else RANGE_NAMES[value]
            chosen = card_text(st, card) if card >= 0 else "no card"
            return f"{s(seat)} chooses {chosen} for the {what}: {shown}."
        case Ev.Interrupt(seat=seat, turn_seat=turn_seat):
            return f"{s(seat)} plays a Wild card: {s(turn_seat)} must follow a Direction card."
        case Ev.Swap(seat=seat, card=card):
            return f"{s(seat)} cannot play the symbol and swaps {card_text(st, card)}."
        case Ev.Keep(seat=seat):
            return f"{s(seat)} cannot play the symbol and keeps the cards."
        case Ev.Play(seat=seat, distance=distance, action=action, range=range_):
            return f"{s(seat)} plays: {distance} spaces, {ACTION_NAMES[action]}, range {RANGE_NAMES[range_]}."
        case Ev.Direction(seat=seat, direction=direction):
            return f"{s(seat)} moves the Event locator {DIRECTION_NAMES[direction]}."
        case Ev.Locator(direction=direction, steps=steps, space=space):
            return f"The Event locator moves {steps} {DIRECTION_NAMES[direction]} to {where(st, space)}."
        case Ev.Action(action=action, shape=shape):
            return f"{ACTION_NAMES[action]} over {RANGE_NAMES[shape]}."
        case Ev.NoQuake():
            return "No crack can be placed: no earthquake."
        case Ev.NoDino():
            return _no_dino_text(st, event)
        case Ev.Forfeit(seat=seat):
            return f"{s(seat)}'s action would harm an ally: it is forfeit."
        case Ev.Trim(seat=seat, card=card):
            return f"{s(seat)} has no Shelter left and gives back {card_text(st, card)}."
        case Ev.Start(seat=seat, space=space):
            return f"{s(seat)}'s Explorer starts at {where(st, space)}."
        case Ev.WildDino(seat=seat, dino=dino):
            return f"{s(seat)} plays a Wild card: {DINO_NAMES[dino]} leaves the board."
        case Ev.WildShelter(seat=seat, space=space):
            return f"{s(seat)} plays a Wild card to remove their Shelter at {where(st, space)}."
        case Ev.Activate(seat=seat, evolution=evolution):
            return f"{s(seat)} activates {EVO_NAMES[evolution]}."
        case Ev.StayOff(seat=seat):
            return f"{s(seat)} keeps the Explorer off the board."
    return None


def _step6_words(st: PangaeaState, event: Event) -> str | None:
    """Steps 6 and 7 and the Evolution cards' answers."""
    s = seat_name
    match event:
        case Ev.Pass(seat=seat):
            return f"{s(seat)} skips step 6."
        case Ev.Move(seat=seat, space=space):
            return f"{s(seat)}'s Explorer moves to {where(st, space)}."
        case Ev.Harvest(seat=seat, space=space):
            return f"{s(seat)} harvests at {where(st, space)}."
        case Ev.Build(seat=seat, space=space):
            return f"{s(seat)} builds a Shelter at {where(st, space)}."
        case Ev.DinoMove(seat=seat, dino=dino, target=target):
            return f"{s(seat)} moves {DINO_NAMES[dino]} to {where(st, target)}."
        case Ev.ExtraMove(seat=seat):
            return f"{s(seat)} uses the Extra move card."
        case Ev.Stone(seat=seat, space=space):
            return f"{s(seat)} buys a stone for {where(st, space)}."
        case Ev.Buy(seat=seat, evolution=evolution, discard=discard):
            back = f", giving back {EVO_NAMES[discard]}." if discard >= 0 else "."
            return f"{s(seat)} buys {EVO_NAMES[evolution]}{back}"
        case Ev.Block(seat=seat, space=space):
            return f"{s(seat)} blocks the change at {where(st, space)}."
        case Ev.ShelterMove(seat=seat, source=source, target=target):
            return f"{s(seat)} moves a Shelter from {where(st, source)} to {where(st, target)}."
        case Ev.NoGuard(seat=seat):
            return f"{s(seat)} does not use the protection card."
    return None


def _lightning_words(st: PangaeaState, event: Event) -> str | None:
    """The Lightning Bolt and the End Game."""
    s = seat_name
    match event:
        case Ev.Lightning():
            return "Lightning! Shelters score, the asteroid comes closer."
        case Ev.Recalc(row=row, count=count, before=before, after=after):
            return f"Row {row} counts {count}: the asteroid goes from {before} to {after}."
        case Ev.Round(round=round_):
            return f"Round {round_} begins."
        case Ev.ImpactValue(value=value, end_player=end_player):
            return f"The asteroid hits at {value}! {s(end_player)} plays the end game."
        case Ev.ImpactPoint(row=row, col=col):
            return f"The impact point is r{row}c{col}."
        case Ev.ToxicRing():
            return "The ring around the impact is toxic."
        case Ev.Debris(seat=seat, space=space):
            return f"Debris for {s(seat)} falls on {where(st, space)}."
        case Ev.GameOver(survived=survived, winners=winners):
            if survived:
                return "Mankind survives. Winner(s): " + ", ".join(s(p) for p in winners)
            return "No Shelter survived: everyone has lost."
    return None


def _world_words(st: PangaeaState, event: Event) -> str | None:
    """The world's changes (``events.WorldChange``)."""
    s = seat_name
    match event:
        case Ev.WTile(space=space, before=before, after=after):
            return f"{where(st, space)}: {TILE_NAMES[before]} becomes {TILE_NAMES[after]}."
        case Ev.WExplorerLost(seat=seat, space=space):
            return f"{s(seat)}'s Explorer is removed from {where(st, space)}."
        case Ev.WShelterLost(seat=seat, space=space):
            return f"{s(seat)}'s Shelter at {where(st, space)} is destroyed."
        case Ev.WDinoLost(dino=dino, space=space):
            return f"{DINO_NAMES[dino]} leaves the board at {where(st, space)}."
        case Ev.WErupt(space=space):
            return f"The volcano at {where(st, space)} erupts!"
        case Ev.WCrack():
            return "A crack opens."
        case Ev.WCrackGone():
            return "A crack closes by the sea."
        case Ev.WCrackMoved():
            return "An old crack stick is reused."
        case Ev.WTsunami(hit=hit):
            return "A tsunami " + (f"hits {where(st, hit)}." if hit >= 0 else "dies out.")
        case Ev.WGuard(seat=seat, dino=dino):
            return f"{s(seat)}'s protection card drives off {DINO_NAMES[dino]}."
        case Ev.WReenter(seat=seat, space=space):
            return f"{s(seat)}'s Explorer re-enters at {where(st, space)}."
        case Ev.WNoTile(space=space, tile=tile):
            return f"No {TILE_NAMES[tile]} tile left: {where(st, space)} stays."
        case Ev.WTileFromBoard(space=space, tile=tile):
            return f"A {TILE_NAMES[tile]} tile is taken from {where(st, space)}."
        case Ev.WDino(dino=dino, target=target):
            return f"{DINO_NAMES[dino]} arrives at {where(st, target)}."
    return None


def _no_dino_text(st: PangaeaState, event: Ev.NoDino) -> str:
    """Dinosaurs: nothing happens, and why (see ``resolve.no_dino_reasons``)."""
    why = "; ".join(
        f"{where(st, b.space)}: {DINO_NAMES[b.dino]} is already there"
        if b.dino >= 0
        else f"{where(st, b.space)}: {TILE_NAMES[b.tile]}"
        for b in event.spaces
    )
    if event.inside >= 0:
        return (
            f"Nothing happens: all four Dinosaurs are on the board and {DINO_NAMES[event.inside]}, already in the "
            f"range, is the only one that may move, but no other space of the range can take it ({why})."
        )
    return (
        "Nothing happens: no space of the range can take a Dinosaur (they stand on level 1, level 2, "
        f"sand, snow and stone, one per space) ({why})."
    )
