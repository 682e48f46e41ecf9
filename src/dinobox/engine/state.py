"""The state: the rules in motion. Shared checks live here once; games fill in small hooks.

Hot paths (``legal_actions``, ``apply_action``, ``clone``) are kept allocation-light: the
legal actions are cached per position, and the history and event log are append-only lists
that clones share (``pushed``, ``logged``), so cloning a state never copies them.
"""

from __future__ import annotations

import json
import operator
import pickle
import random
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVarTuple, cast

from mypy_extensions import mypyc_attr

from dinobox.engine.errors import IllegalActionError
from dinobox.engine.flow import AGAIN, AUTOMATIC, CHANCE, TERMINAL, Step
from dinobox.engine.record import make_record
from dinobox.engine.values import ActionInfo, Event, fields_of, kind_of

__all__ = ["CHANCE", "TERMINAL", "State"]

Ts = TypeVarTuple("Ts")

if TYPE_CHECKING:
    from dinobox.engine.game import Game, Presentation


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """Base class of every game state.

    A game's flow is its steps (``dinobox.engine.flow``): the engine asks the step on top who
    acts, what they may do and what an action does, and sets ``current_player()`` from it. A
    game implements the few hooks whose names start with an underscore (``_scores``,
    ``_winners``, ``_copy_fields``, ...); its views and texts come from its ``Presentation``.
    Everything public is implemented here once.

    The public methods that check their arguments (an action: an int or a NumPy integer; a seat)
    declare them ``Any``: compiled by mypyc, an ``int`` parameter would refuse anything else with
    a bare ``TypeError`` before the check could say what was wrong.
    """

    game: Game
    num_players: int
    _player: int
    _hist: list[int]
    _hn: int
    _hlen: int
    _events: list[Any]
    _nevents: int
    _legal_cache: list[int] | None
    _sampled: int
    _quiet: bool
    steps: list[Step[Any]]
    """The flow: pending steps, the next on top (see ``dinobox.engine.flow``)."""

    def __init__(self, game: Game, copy_of: State | None = None) -> None:
        if copy_of is not None:  # a game's clone() of ``copy_of`` (a compiled class has a constructor only)
            copy_of._copy_base(self)
            return
        self.game = game
        self.num_players = game.num_players
        self._player = CHANCE
        self._hist = []
        self._hn = 0
        self._hlen = 0
        self._events = []
        self._nevents = 0
        self._legal_cache = None
        self._sampled = -1
        self._quiet = False
        self.steps = []

    # ===== the flow: the engine asks the step on top (``dinobox.engine.flow``) ===============
    def _sample_chance(self, rng: random.Random) -> int:
        """At a chance node: one outcome drawn with its probability, exactly as ``sample_chance``
        documents (the step may draw straight from its counts: the same draws, the same outcome)."""
        return self.steps[-1].sample(self, rng)

    def _advance(self) -> None:
        """Run automatic steps until a decision or a chance step is on top; an empty flow is
        the end of the game."""
        steps = self.steps
        while steps:
            step = steps[-1]
            who = step.due(self)
            if who == AUTOMATIC:
                # the step just read: compiled, a pop typed ``Step`` would check its class again
                cast("list[object]", steps).pop()
                step.run(self)
            elif who != AGAIN:
                self._player = who
                return
        self._player = TERMINAL

    def _copy_fields(self, new: State) -> None:
        """Give ``new`` (holding only the engine's fields so far) the game's fields: immutable
        ones shared, mutable ones copied. A state compiled by mypyc has no instance dict and
        assigns each field by name; the default copies the instance dict and then lets
        ``_copy_mutables`` replace the mutable fields."""
        new.__dict__.update(self.__dict__)
        new.steps = self.steps[:]
        self._copy_mutables(new)

    def _copy_mutables(self, new: State) -> None:
        """``new`` is a shallow copy of ``self``: give it its own copies of mutable fields."""
        raise NotImplementedError  # pragma: no cover

    def _presentation(self) -> Presentation:
        found = self.game.presentation
        if found is None:
            raise NotImplementedError(f"{type(self.game).__name__} declares no presentation")
        return found

    def _scores(self) -> list[int]:
        raise NotImplementedError  # pragma: no cover

    def _winners(self) -> list[int]:
        raise NotImplementedError  # pragma: no cover

    def _turn_count(self) -> int:
        """Turns begun so far (a turn is one seat's turn at the table)."""
        return 0

    # ===== the contract ===================================================================
    def current_player(self) -> int:
        """The seat that must decide now, ``CHANCE`` or ``TERMINAL``."""
        return self._player

    def is_chance_node(self) -> bool:
        return self._player == CHANCE

    def is_terminal(self) -> bool:
        return self._player == TERMINAL

    def legal_actions(self) -> list[int]:
        """Sorted legal actions for the seat to act; at a chance node, the outcomes."""
        cache = self._legal_cache
        if cache is None:
            cache = self._compute_legal()
        return list(cache)

    def _compute_legal(self) -> list[int]:
        player = self._player
        if player >= 0:
            cache = self.steps[-1].legal(self)
        elif player == CHANCE:
            cache = list(self.steps[-1].chance(self)[0])
        else:
            cache = []
        self._legal_cache = cache
        return cache

    def legal_action_mask(self) -> list[bool]:
        """pgx-style mask over ``range(game.num_distinct_actions())`` (player nodes only)."""
        mask = [False] * self.game.num_distinct_actions()
        if self._player >= 0:
            for a in self.legal_actions():
                mask[a] = True
        return mask

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(outcome, probability)]`` summing to 1, at a chance node."""
        if self._player != CHANCE:
            raise IllegalActionError("chance_outcomes() is only defined at a chance node")
        step = self.steps[-1]
        ready = step.outcomes(self)
        if ready is not None:  # the step's own pairs (``Step.outcomes``): the same, built faster
            if self._legal_cache is None:
                self._legal_cache = ready[0]
            return ready[1]
        outcomes, given = step.chance(self)
        actions: list[int] = outcomes if type(outcomes) is list else list(outcomes)
        weights: list[float] = given if type(given) is list else list(given)
        n = len(actions)
        if len(weights) != n:
            raise ValueError(f"{n} chance outcomes but {len(weights)} weights")
        if self._legal_cache is None:
            # apply_action will not compute them again (a game's own list is copied)
            self._legal_cache = list(actions) if actions is outcomes else actions
        total: float = 0.0
        for w in weights:
            total += w
        out: list[tuple[int, float]] = [(0, 0.0)] * n
        for i in range(n):
            out[i] = (actions[i], weights[i] / total)
        return out

    def sample_chance(self, rng: random.Random) -> int:
        """Draw one chance outcome with its probability (a convenience for runners).

        Exactly ``rng.choices(outcomes, weights)[0]`` over ``chance_outcomes()`` (the same draw,
        the same outcome), and no draw at all when one outcome is possible."""
        if self._player != CHANCE:
            raise IllegalActionError("sample_chance() is only defined at a chance node")
        outcome = self._sample_chance(rng)
        self._sampled = outcome  # legal by construction: apply_action need not look it up
        return outcome

    def apply_action(self, action: Any) -> None:
        """Apply a legal action, or raise ``IllegalActionError`` and change nothing."""
        if type(action) is not int:
            action = coerce_action(action, self._player)
        act: int = action
        if act < 0 or act != self._sampled:
            cache = self._legal_cache
            if cache is None:
                cache = self._compute_legal()
            if act not in cache:
                raise self._illegal(act)
        self._sampled = -1
        self.steps[-1].apply(self, act)
        self._advance()
        self._hist = pushed(self._hist, self._hn, act)
        self._hn += 1
        self._hlen += 1
        self._legal_cache = None

    def _legal_now(self) -> list[int]:
        """The legal actions here, not copied: for the engine's own loops, which never change
        the list (``legal_actions`` gives everyone else a copy)."""
        cache = self._legal_cache
        return self._compute_legal() if cache is None else cache

    def _play(self, act: int) -> None:
        """Apply ``act``, known to be legal here (one of ``_legal_now()`` or a chance outcome just
        drawn by ``_sample_chance``): ``apply_action`` without its checks, for the engine's
        playout loop."""
        self._sampled = -1
        self.steps[-1].apply(self, act)
        self._advance()
        if not self._quiet:
            self._hist = pushed(self._hist, self._hn, act)
            self._hn += 1
        self._hlen += 1
        self._legal_cache = None

    def why_illegal(self, action: Any) -> str | None:
        """``None`` when ``action`` is legal here, else the reason the player to act would be told
        it is refused (naming the rulebook section). Like ``apply_action``'s refusal, the reason is
        for the player to act: it may speak of that player's hand, never of anyone else's."""
        action = coerce_action(action, self._player)
        if action in self.legal_actions():
            return None
        return self._refusal(action)

    def _refusal(self, action: Any) -> str:
        if self._player == TERMINAL:
            return "the game is over"
        if self._player == CHANCE:
            return "this is a chance node; its outcomes are " + ", ".join(str(a) for a in self._compute_legal())
        hook = self._presentation().why_illegal
        return "it is not one of the legal choices now" if hook is None else hook(self, action)

    def _illegal(self, action: Any) -> IllegalActionError:
        return IllegalActionError(f"action {action} refused: {self._refusal(action)}", action, self._player)

    def history(self) -> list[int]:
        """Every action applied so far, chance outcomes included, oldest first."""
        return self._hist[: self._hn]

    def move_number(self) -> int:
        """How many actions (player and chance) have been applied."""
        return self._hlen

    def turn_count(self) -> int:
        """How many turns have begun (for game-length statistics)."""
        return self._turn_count()

    def action_to_string(self, action: Any, player: int | None = None) -> str:
        """Short readable text for an action of ``player`` (default: the seat to act)."""
        if player is None:
            player = self._player
        action = check_action_id(self.game, action, player)
        try:
            return self._presentation().action_text(self, action, player)
        except (IndexError, KeyError) as exc:  # a game's text tables do not know this id here
            raise ValueError(f"action {action} means nothing at this position of {self.game.title}") from exc

    def action_info(self, action: Any, player: int | None = None) -> ActionInfo:
        """What ``action`` of ``player`` (default: the seat to act) would do here, as the game's
        typed description (``dinobox.engine.values``): what bots read."""
        if player is None:
            player = self._player
        action = check_action_id(self.game, action, player)
        hook = self._presentation().action_info
        if hook is None:
            return ActionInfo()
        try:
            return hook(self, action, player)
        except (IndexError, KeyError) as exc:  # a game's tables do not know this id here
            raise ValueError(f"action {action} means nothing at this position of {self.game.title}") from exc

    def describe_action(self, action: Any, player: int | None = None, with_text: bool = True) -> dict[str, Any]:
        """``action_info`` as JSON for UIs, with ``action``, ``player`` and ``text`` (left out by
        ``with_text=False``); an optional ``warning``: the app's texts call the action a loss."""
        if player is None:
            player = self._player
        action = check_action_id(self.game, action, player)
        info: dict[str, Any] = fields_of(self.action_info(action, player))
        # the stable keys always win: a client sends ``action`` back as the int it names
        info.update(action=action, player=player)
        if with_text:
            info["text"] = self.action_to_string(action, player)
        return info

    def clone(self) -> State:
        """An independent copy. A game compiled by mypyc overrides it with its constructor:
        ``XState(self.game, copy_of=self)``, which calls ``_copy_fields``."""
        cls = self.__class__
        new = cls.__new__(cls)
        self._copy_base(new)
        self._copy_fields(new)
        return new

    def _copy_base(self, new: State) -> None:
        new.game = self.game
        new.num_players = self.num_players
        new._player = self._player
        new._hist = self._hist
        new._hn = self._hn
        new._hlen = self._hlen
        new._events = self._events
        new._nevents = self._nevents
        new._legal_cache = self._legal_cache  # never mutated in place: shared until the next step
        new._sampled = -1  # a clone may be edited (resampling) before it is stepped: look up again
        new._quiet = False
        new.steps = self.steps[:]  # the steps themselves never change: shared

    # ----- hidden information ---------------------------------------------------------------
    def _check_seat(self, seat: Any) -> None:
        if seat is None:
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be None (spectator) or 0..{self.num_players - 1}, not {seat!r}")

    def view(self, seat: Any) -> dict[str, Any]:
        """Exactly what ``seat`` may know, as JSON; ``None`` is a spectator."""
        self._check_seat(seat)
        return dict(self._presentation().view(self, seat))

    def information_key(self, seat: int) -> Hashable:
        """A hashable stand-in for ``view(seat)`` (equal exactly when the views are), for search
        trees: the pickled view, or the game's cheaper ``information_key(state, seat)`` (a tuple
        of the fields the view is built from). Not checked: it serves the search's inner loop."""
        hook = self._presentation().information_key
        if hook is None:
            return pickle.dumps(dict(self._presentation().view(self, seat)), pickle.HIGHEST_PROTOCOL)
        return hook(self, seat)

    # ----- the log: events are recorded lazily (a playout never builds them) -----------------
    def _emit(self, event: Callable[[*Ts], Event], /, *args: *Ts) -> None:
        """Record an event every seat sees whole, by its class and its fields (positional: see
        ``newest_entries``): it is built only when someone reads the log, never in a playout."""
        if not self._quiet:
            self._events = logged(self._events, self._nevents, event, args, None, self._hlen)
            self._nevents += 1

    def _emit_to(self, audience: tuple[int, ...], event: Callable[[*Ts], Event], /, *args: *Ts) -> None:
        """Record an event whose hidden part only the seats in ``audience`` see."""
        if not self._quiet:
            self._events = logged(self._events, self._nevents, event, args, audience, self._hlen)
            self._nevents += 1

    def _record(self, event: Event, audience: tuple[int, ...] | None = None) -> None:
        """Record an event already built (one the rules also read, say)."""
        if not self._quiet:
            self._events = logged(self._events, self._nevents, event, None, audience, self._hlen)
            self._nevents += 1

    def log_length(self) -> int:
        """How many entries ``log(seat)`` has (the same for every seat; only texts differ)."""
        return self._nevents

    def log(self, seat: Any, since: Any = 0) -> list[dict[str, Any]]:
        """The events ``seat`` may see, oldest first: ``{"move", "kind", "text"}``. ``since``
        skips the first ``since`` entries, for a reader that already has them: the cost is then
        that of the new entries only."""
        self._check_seat(seat)
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise ValueError(f"since must be a whole number of log entries (0 or more), not {since!r}")
        return log_items(self, newest_entries(self._events, self._nevents, self._nevents - since), seat)

    def reveals_to(self, seat: Any, action: Any) -> bool:
        """Would applying the legal ``action`` show ``seat`` something it does not know now? True
        for a chance outcome, a step with an event private to ``seat``, or one the game says
        shows it something (``step_reveals(before, after, seat)``); a step for which this is
        False can be undone. ``self`` is unchanged; an illegal ``action`` raises."""
        if seat is None:
            raise ValueError("reveals_to needs a seat (a spectator never acts)")
        self._check_seat(seat)
        if self._player == CHANCE:
            self._check_legal(action)
            return True
        after = self.clone()
        after.apply_action(action)
        new_entries = newest_entries(after._events, after._nevents, after._nevents - self._nevents)
        if any(e[2] is not None and seat in e[2] for e in new_entries):
            return True  # an event private to a few, seat among them
        hook = self._presentation().step_reveals
        return False if hook is None else bool(hook(self, after, seat))

    def _check_legal(self, action: Any) -> None:
        if action not in self.legal_actions():
            raise self._illegal(action)

    def resample(self, seat: Any, rng: random.Random) -> State:
        """A full state with the same ``view(seat)``, everything ``seat`` cannot know redrawn
        consistently with what it has seen. Depends only on ``seat``'s knowledge and ``rng``."""
        self._check_seat(seat)
        hook = self._presentation().resample
        if hook is None:
            raise NotImplementedError(f"{type(self).__name__} cannot resample")
        new = hook(self, seat, rng)
        # a clone shares the legal actions worked out for the original; the redraw may have
        # changed what they depend on (the hand of the seat to act, the deck at a chance node)
        new._legal_cache = None
        return new

    # ----- outcome --------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Per seat, the rulebook's score (provisional before the end)."""
        return self._scores()

    def winners(self) -> list[int]:
        """The winning seats by the rulebook's tie-breaks (empty before the end, and at the end of
        a game whose ``can_end_without_winner`` is set when everyone lost)."""
        if self._player != TERMINAL:
            return []
        return self._winners()

    def returns(self) -> list[float]:
        """Per-seat utility for search: each winner gets ``1/len(winners)``, others 0; all zeros
        before the end, and when nobody won. Otherwise it sums to 1 at the end."""
        if self._player != TERMINAL:
            return [0.0] * self.num_players
        won = self._winners()
        share = 1.0 / len(won) if won else 0.0
        return [share if s in won else 0.0 for s in range(self.num_players)]

    # ----- how it ended, who held which role, who moved first (a game overrides these) ------
    def end_reason(self) -> str | None:
        """The id of the end condition (``Game.end_conditions``) that ended the game; None before
        the end. The hook ``_end_reason`` defaults to the one end a game declares, if only one."""
        ends = self.game.end_conditions
        if self._player != TERMINAL:
            return None
        return self._end_reason() if len(ends) != 1 else ends[0].id

    def _end_reason(self) -> str | None:
        return None

    def seat_roles(self) -> dict[str, list[str | None]]:
        """Per role kind (``Game.role_kinds()``), each seat's role (None while not yet held)."""
        return {}

    def play_order(self) -> list[int]:
        """The seats in the order they play, from the first player once known (empty before)."""
        return list(range(self.num_players))

    def choice_order(self) -> list[int]:
        """The seats in the order they chose their roles (empty where nobody chooses)."""
        return []

    # ----- records ----------------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        return make_record(self)

    def __str__(self) -> str:
        return json.dumps(self.view(None), sort_keys=True)


def pushed(items: list[int], mine: int, item: int) -> list[int]:
    """``items[:mine]`` with ``item`` appended: a state's history. Clones share the list (a clone
    costs nothing) and each owns its first ``mine`` entries, which never change; the first of
    them to append does so in place, any other copies its entries first. Each append is atomic,
    so a clone stepped in another thread at the same moment is caught by the length afterwards
    (whichever lost copies)."""
    if len(items) == mine:
        items.append(item)
        if len(items) == mine + 1:
            return items
    items = items[:mine]
    items.append(item)
    return items


def logged(
    entries: list[Any], count: int, maker: Any, args: Any, audience: tuple[int, ...] | None, move: int
) -> list[Any]:
    """A state's log (``count`` entries, four slots each, shared like ``pushed``'s history) with
    one more entry: ``maker`` is the event's class and ``args`` its fields, or, with ``args``
    None, the event itself (``State._record``). The fields are positional, never ``**kwargs``:
    compiled, a call with them would build an empty dict for every event. Four flat slots: no
    node per entry to build, track and free."""
    end = 4 * count
    if len(entries) == end:
        entries.append(maker)
        entries.append(args)
        entries.append(audience)
        entries.append(move)
        if len(entries) == end + 4:
            return entries
    entries = entries[:end]
    entries.extend((maker, args, audience, move))
    return entries


def newest_entries(entries: list[Any], count: int, newest: int) -> list[tuple[Any, Any, tuple[int, ...] | None, int]]:
    """The ``newest`` last of a state's ``count`` log entries (``logged``), newest first:
    ``(maker, args, audience, move)``."""
    out: list[tuple[Any, Any, tuple[int, ...] | None, int]] = []
    i = 4 * count
    while i > 0 and newest > 0:
        i -= 4
        out.append((entries[i], entries[i + 1], entries[i + 2], entries[i + 3]))
        newest -= 1
    return out


def coerce_action(action: object, player: int) -> int:
    """``action`` as an int (NumPy integers and the like included), or ``IllegalActionError``."""
    if isinstance(action, bool):
        raise IllegalActionError(f"an action is an int, not {action!r}", action, player)
    try:
        return operator.index(action)  # type: ignore[arg-type]  # numpy integers and the like
    except TypeError:
        raise IllegalActionError(f"an action is an int, not {action!r}", action, player) from None


def check_action_id(game: Game, action: Any, player: int) -> int:
    """``action`` as an int inside ``game``'s action space (or its chance outcomes), else a clear
    ``ValueError`` (for ``action_to_string`` and ``describe_action``)."""
    try:
        if isinstance(action, bool):
            raise TypeError
        action = operator.index(action)
    except TypeError:
        raise ValueError(f"an action is an int, not {action!r}") from None
    if player == CHANCE:
        top, what = game.max_chance_outcomes(), "a chance outcome"
    elif player >= 0:
        top, what = game.num_distinct_actions(), "an action"
    else:
        return action
    if not 0 <= action < top:
        raise ValueError(f"{action} is not {what} of {game.title} (0..{top - 1})")
    return action


def log_items(
    state: State, entries: list[tuple[Any, Any, tuple[int, ...] | None, int]], seat: int | None
) -> list[dict[str, Any]]:
    """``State.log``'s entries for ``seat``, oldest first, from ``newest_entries``' list."""
    event_text = state._presentation().event_text
    items: list[dict[str, Any]] = []
    for maker, args, audience, move in entries[::-1]:
        event = maker if args is None else maker(*args)
        private = audience is None or (seat is not None and seat in audience)
        items.append({"move": move, "kind": kind_of(event), "text": event_text(state, event, private)})
    return items
