"""Dino Race: the game's fixed facts (players, options, component data)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dinobox.engine.game import EndCondition, Game, Presentation, RoleKind
from dinobox.engine.options import OptionSpec
from dinobox.games.dino_race import actions as A
from dinobox.games.dino_race import knowledge, moves, text, view
from dinobox.games.dino_race.data import DEFAULT_DATA, NUM_CARD_TYPES, DinoRaceData
from dinobox.games.dino_race.rules import DinoRaceState


class DinoRaceGame(Game[DinoRaceData]):
    id = "dino-race"
    title = "Dino Race"
    summary = "A card-driven race down a 12-tile track, ahead of a river of lava."
    min_players = 2
    max_players = 4
    default_players = 4
    option_specs = (
        OptionSpec(
            "survive", "bool", False, "Survive!: no prizes, egg counter or lava drops; first home wins", variant=True
        ),
        OptionSpec("double_match", "bool", False, "Double Match: two races, scores summed", variant=True),
        OptionSpec("teams", "bool", False, "Playing in Teams: 4, 6 or 8 players in pairs, one dino each", variant=True),
    )
    default_data = DEFAULT_DATA
    end_conditions = (
        EndCondition("egg_safe", "End of the game: the game ends as soon as the egg is safe"),
        EndCondition("all_home", "Survive!: the first player (team) to bring every dino to safety wins"),
    )
    presentation = Presentation(
        view=view.view,
        event_text=text.event_text,
        action_text=text.action_text,
        action_info=moves.describe,
        why_illegal=text.why_illegal,
        resample=knowledge.resample,
        step_reveals=knowledge.step_reveals,
    )

    @classmethod
    def player_range(cls, options: Mapping[str, Any]) -> tuple[int, int]:
        return (4, 8) if options.get("teams") else (2, 4)

    def check_configuration(self) -> str | None:
        if self.options["teams"] and self.num_players % 2:
            return f"Playing in Teams needs an even number of players (4, 6 or 8), not {self.num_players}"
        if self.options["survive"] and self.options["double_match"]:
            return "Survive! has no scores to sum, so it cannot be combined with Double Match"
        return None

    def role_kinds(self) -> tuple[RoleKind, ...]:
        if self.options["teams"]:
            return (RoleKind("team", "the team (Playing in Teams): two seats that win together", team=True),)
        return (RoleKind("colour", "the player's colour, fixed by seat (seat 0 is Red and plays first)"),)

    def new_initial_state(self) -> DinoRaceState:
        return DinoRaceState(self)

    def num_distinct_actions(self) -> int:
        return A.num_actions(len(self.data.prize_values))

    def max_chance_outcomes(self) -> int:
        return max(NUM_CARD_TYPES, 6, len(self.data.prize_values), len(self.data.egg_values))

    def max_game_length(self) -> int:
        return 20_000
