"""Escape from T-Rex Island: the game's fixed facts (players, options, component data)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dinobox.engine.game import EndCondition, Game, Presentation, RoleKind
from dinobox.engine.options import OptionSpec
from dinobox.games.trex_island import actions as A
from dinobox.games.trex_island import knowledge, moves, refusals, text, view
from dinobox.games.trex_island.board import Board
from dinobox.games.trex_island.data import DEFAULT_DATA, NUM_CARD_TYPES, TRexIslandData
from dinobox.games.trex_island.rules import Facts, TRexIslandState


class TRexIslandGame(Game[TRexIslandData]):
    id = "trex-island"
    title = "Escape from T-Rex Island"
    summary = "Lead three teams across the island to the helipad before the T-Rex eats them."
    min_players = 2
    max_players = 4
    default_players = 4
    option_specs = (
        OptionSpec("family", "bool", False, "Family mode: every team starts with six crew", variant=True),
        OptionSpec(
            "characters",
            "choice",
            "choose",
            "how players get their character: chosen in turn clockwise from a random seat, or dealt at random",
            choices=("choose", "random"),
        ),
    )
    default_data = DEFAULT_DATA
    end_conditions = (
        EndCondition("helipad", "Game Goal: a player has all 3 teams at the destination (the helipad)"),
        EndCondition("deck", "Game Goal: the draw deck is empty after the last game token on the map was drawn"),
        EndCondition(
            "deck_unreachable",
            "Game Goal, extended: the draw deck is empty and tokens are left on the map that no team can still "
            "reach (counted as drawn)",
            extension=True,
        ),
        EndCondition(
            "round_of_passes",
            "Game Goal, extended: every player passed both actions of a turn in a row (the deck is empty and no "
            "token left can ever be drawn)",
            extension=True,
        ),
    )
    presentation = Presentation(
        view=view.view,
        action_text=text.action_text,
        action_info=moves.describe,
        why_illegal=refusals.why_illegal,
        refusable=refusals.refusable,
        refused_pieces=refusals.refused_pieces,
        resample=knowledge.resample,
        information_key=knowledge.information_key,
        event_text=text.event_text,
    )
    data: TRexIslandData

    def __init__(self, players: int | None = None, data: Mapping[str, Any] | None = None, **options: Any) -> None:
        super().__init__(players, data, **options)
        self.board = Board(self.data)
        self.facts = Facts(self.board, self.data)  # what the rules' hot paths read, shared by every state

    def role_kinds(self) -> tuple[RoleKind, ...]:
        chosen = self.options["characters"] == "choose"
        how = "chosen in turn clockwise from a drawn seat (Set-up 1)" if chosen else "dealt at random"
        return (RoleKind("character", f"the character card, {how}", chosen=chosen),)

    def new_initial_state(self) -> TRexIslandState:
        return TRexIslandState(self)

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return NUM_CARD_TYPES

    def max_game_length(self) -> int:
        return 50_000
