"""Dino Eggs: data, game and rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dinobox.engine.flow import CHANCE, Step
from dinobox.engine.game import Game, Presentation
from dinobox.engine.heuristic import Turn, heuristic
from dinobox.engine.options import OptionSpec
from dinobox.engine.state import State
from dinobox.engine.values import ActionInfo, Event

from . import events as E
from . import moves as M

KEEP, SWAP = 0, 1


@dataclass(frozen=True)
class EggsData:
    """The nest: egg sizes and how many of each."""

    sizes: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    copies: int = 3

    def validate(self) -> str | None:
        if not self.sizes or any(s < 1 for s in self.sizes):
            return "sizes must be positive"
        if self.copies < 1:
            return "copies must be at least 1"
        return None


class Draw(Step["EggsState"]):
    """Chance: ``seat`` draws an egg from the nest (weighted by how many of each are left)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: EggsState) -> int:
        return CHANCE

    def chance(self, state: EggsState) -> tuple[Sequence[int], Sequence[float]]:
        outcomes = [i for i, n in enumerate(state.nest) if n]
        return outcomes, [state.nest[i] for i in outcomes]

    def apply(self, state: EggsState, kind: int) -> None:
        state.steps.pop()
        state.nest[kind] -= 1
        state.eggs[self.seat] = kind
        state._emit_to((self.seat,), E.Draw, self.seat, kind)


class Decide(Step["EggsState"]):
    """Decision: ``seat`` keeps its egg or shows it and swaps it for a new one."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: EggsState) -> int:
        return self.seat

    def legal(self, state: EggsState) -> list[int]:
        return [KEEP, SWAP] if any(state.nest) else [KEEP]

    def apply(self, state: EggsState, action: int) -> None:
        seat = self.seat
        state.steps[-1] = NextTurn()
        if action == KEEP:
            state._emit(E.Keep, seat)
            return
        state.shown[seat].append(state.eggs[seat])
        state._emit(E.Swap, seat, state.eggs[seat])
        state.eggs[seat] = -1
        state.steps.append(Draw(seat))


class NextTurn(Step["EggsState"]):
    """Automatic: the next seat decides, or the rounds are over and the eggs are shown."""

    def run(self, state: EggsState) -> None:
        state.turn += 1
        if state.turn >= state.num_players * state.game.options["rounds"]:
            state._emit(E.Reveal, tuple(state.eggs))
        else:
            state.steps.append(Decide(state.turn % state.num_players))


class EggsState(State):
    game: EggsGame

    def __init__(self, game: EggsGame) -> None:
        super().__init__(game)
        data = game.data
        self.nest = [data.copies] * len(data.sizes)
        self.eggs = [-1] * self.num_players
        self.shown: list[list[int]] = [[] for _ in range(self.num_players)]
        self.turn = 0
        # the deal, seat 0 first, then seat 0 decides
        self.steps = [Decide(0), *(Draw(seat) for seat in reversed(range(self.num_players)))]
        self._advance()

    def _copy_mutables(self, new: State) -> None:
        assert isinstance(new, EggsState)
        new.nest = list(self.nest)
        new.eggs = list(self.eggs)
        new.shown = [list(s) for s in self.shown]

    def size(self, kind: int) -> int:
        return self.game.data.sizes[kind]

    def _scores(self) -> list[int]:
        return [self.size(k) if k >= 0 else 0 for k in self.eggs]

    def _winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        scores = self._scores()
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    def _turn_count(self) -> int:
        return self.turn


def view(state: EggsState, seat: int | None) -> dict[str, Any]:
    over = state.is_terminal()
    return {
        "seat": seat,
        "to_act": state.current_player(),
        "nest": sum(state.nest),
        "players": [
            {
                "name": f"Player {s + 1}",
                "egg": state.size(k) if (over or s == seat) and k >= 0 else None,
                "shown": [state.size(x) for x in state.shown[s]],
            }
            for s, k in enumerate(state.eggs)
        ],
        "scores": state.scores() if over else None,
    }


def event_text(state: EggsState, event: Event, private: bool) -> str:
    match event:
        case E.Keep(seat=seat):
            return f"Player {seat + 1} keeps their egg."
        case E.Swap(seat=seat, kind=kind):
            return f"Player {seat + 1} shows a size-{state.size(kind)} egg and swaps it."
        case E.Draw(seat=seat, kind=kind):
            return (
                f"Player {seat + 1} draws a size-{state.size(kind)} egg."
                if private
                else f"Player {seat + 1} draws an egg."
            )
        case E.Reveal(eggs=eggs):
            return "The eggs are shown: " + ", ".join(str(state.size(k)) for k in eggs) + "."
    raise ValueError(f"Dino Eggs has no event {event!r}")


def action_text(state: EggsState, action: int, player: int) -> str:
    if player == CHANCE:
        return f"a size-{state.size(action)} egg"
    return f"Player {player + 1}: " + ("keep the egg" if action == KEEP else "swap the egg")


def action_info(state: EggsState, action: int, player: int) -> ActionInfo:
    if player == CHANCE:
        return M.Egg(size=state.size(action))
    return M.Keep() if action == KEEP else M.Swap()


def why_illegal(state: EggsState, action: int) -> str:
    return "the nest is empty, so there is nothing to swap for" if action == SWAP else "not a choice now"


def resample(state: EggsState, seat: int, rng: Any) -> EggsState:
    """Redraw the eggs ``seat`` cannot see from the nest and the other hidden eggs."""
    new = state.clone()
    assert isinstance(new, EggsState)
    if new.is_terminal():
        return new  # every egg is shown
    pool = list(new.nest)
    others = [s for s in range(new.num_players) if s != seat and new.eggs[s] >= 0]
    for s in others:
        pool[new.eggs[s]] += 1
    bag = [k for k, n in enumerate(pool) for _ in range(n)]
    rng.shuffle(bag)
    for s in others:
        kind = bag.pop()
        pool[kind] -= 1
        new.eggs[s] = kind
    new.nest = pool
    return new


def render(view: Mapping[str, Any]) -> str:
    lines = [f"Nest: {view['nest']} eggs"]
    for i, p in enumerate(view["players"]):
        egg = "?" if p["egg"] is None else p["egg"]
        lines.append(f"Player {i + 1}: egg {egg}; shown {p['shown'] or '-'}")
    return "\n".join(lines)


class EggsGame(Game[EggsData]):
    id = "dino-eggs"
    title = "Dino Eggs"
    summary = "Keep or swap a secret egg; the biggest egg wins."
    min_players = 2
    max_players = 4
    default_players = 2
    default_data = EggsData()
    option_specs = (
        OptionSpec("rounds", "int", 4, "how many times each player may keep or swap", minimum=1, maximum=9),
    )
    presentation = Presentation(
        view=view,
        event_text=event_text,
        action_text=action_text,
        action_info=action_info,
        why_illegal=why_illegal,
        resample=resample,
    )

    def check_configuration(self) -> str | None:
        if len(self.data.sizes) * self.data.copies < self.num_players:
            return "the nest needs at least one egg per player"
        return None

    def new_initial_state(self) -> EggsState:
        return EggsState(self)

    def num_distinct_actions(self) -> int:
        return 2

    def max_chance_outcomes(self) -> int:
        return len(self.data.sizes)

    def max_game_length(self) -> int:
        return 3 * self.num_players * (self.options["rounds"] + 1)


@heuristic
def choose(turn: Turn[dict[str, Any]], rng: Any) -> int:
    """Swap a small egg while the nest still has eggs; keep a big one."""
    mine = turn.view["players"][turn.seat]["egg"]
    sizes = turn.state.game.data.sizes
    return SWAP if SWAP in turn.legal and mine is not None and mine * 2 <= max(sizes) + min(sizes) else KEEP
