"""The Great Dinosaur Rush: the game's fixed facts (players, options, component data)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from dinobox.engine.game import EndCondition, Game, Presentation, RoleKind
from dinobox.engine.options import OptionSpec
from dinobox.games.dinosaur_rush import actions as A
from dinobox.games.dinosaur_rush import knowledge, text, view
from dinobox.games.dinosaur_rush.board import START, START_BIG, parse_board
from dinobox.games.dinosaur_rush.data import DEFAULT_DATA, NUM_COLOURS, DinosaurRushData
from dinobox.games.dinosaur_rush.rules import DinosaurRushState


class DinosaurRushGame(Game[DinosaurRushData]):
    id = "dinosaur-rush"
    title = "The Great Dinosaur Rush"
    summary = "Dig for bones in the Bone Wars, build a dinosaur in secret, exhibit it for fame."
    min_players = 3
    max_players = 5
    default_players = 4
    option_specs = (
        OptionSpec(
            "two_player",
            "bool",
            False,
            "Two-player variant: categories start on row 2, runner-up scores by margin",
            variant=True,
        ),
        OptionSpec(
            "family", "bool", False, "Family variant: no Notoriety; Survey replaces the Notorious actions", variant=True
        ),
        OptionSpec(
            "choose_paleontologists",
            "bool",
            False,
            "Setup 7: players pick their paleontologist cards instead of a random deal",
        ),
        OptionSpec(
            "first",
            "choice",
            0,
            "Starting player (Setup 11): a seat number (0 = the first seat), or 'random' for a chance draw",
            choices=(0, 1, 2, 3, 4, "random"),
        ),
    )
    default_data = DEFAULT_DATA
    end_conditions = (
        EndCondition("round_three", "Round tracker, End of game: the game ends after round 3 (its Exhibit phase)"),
    )
    presentation = Presentation(
        view=view.view,
        event_text=text.event_text,
        action_text=text.action_text,
        action_info=text.action_info,
        why_illegal=text.why_illegal,
        resample=knowledge.resample,
        information_key=knowledge.information_key,
        step_reveals=knowledge.step_reveals,
    )
    data: DinosaurRushData

    @classmethod
    def player_range(cls, options: Mapping[str, Any]) -> tuple[int, int]:
        return (2, 2) if options.get("two_player") else (3, 5)

    @classmethod
    def players_hint(cls, players: int, options: Mapping[str, Any]) -> str | None:
        if players == 2 and not options.get("two_player"):
            return "two players play the Two-player variant (--variant two-player, option two_player)"
        if players != 2 and options.get("two_player"):
            return "the Two-player variant is for exactly two players"
        return None

    def role_kinds(self) -> tuple[RoleKind, ...]:
        chosen = bool(self.options["choose_paleontologists"])
        how = "picked from the starting player on" if chosen else "dealt at random"
        return (RoleKind("paleontologist", f"the paleontologist card (Setup 7), {how}", chosen=chosen),)

    def check_configuration(self) -> str | None:
        first = self.options["first"]
        if first != "random" and first >= self.num_players:
            last = self.num_players - 1
            return f"the starting player (option 'first') must be a seat 0..{last} or 'random', not {first}"
        board = parse_board(self.data.board)
        kinds = (START, START_BIG) if self.num_players >= 4 else (START,)
        starts = sum(1 for k in board.kinds if k in kinds)
        if starts < self.num_players:
            return f"the board has only {starts} start spaces for {self.num_players} players"
        if len(self.data.notoriety_values) > A.MAX_DENOMINATIONS:
            return f"at most {A.MAX_DENOMINATIONS} Notoriety denominations"
        if len(self.data.paleontologist_names) > A.MAX_PALEONTOLOGISTS:
            return f"at most {A.MAX_PALEONTOLOGISTS} paleontologist cards"
        return None

    def new_initial_state(self) -> DinosaurRushState:
        return DinosaurRushState(self)

    def num_distinct_actions(self) -> int:
        return self._action_count

    @cached_property
    def _action_count(self) -> int:
        """The size of this board's action layout (worked out once: describing an action asks it)."""
        return A.ActionLayout(parse_board(self.data.board).size).size

    def max_chance_outcomes(self) -> int:
        return max(NUM_COLOURS, len(self.data.bonus_names), len(self.data.paleontologist_names), 3)

    def max_game_length(self) -> int:
        return 30_000
