"""Pangaea: the game's fixed facts (players, options, component data)."""

from __future__ import annotations

from functools import cached_property

from dinobox.engine.game import EndCondition, Game, Presentation, RoleKind
from dinobox.engine.options import OptionSpec
from dinobox.games.pangaea import knowledge, refusals, text, view
from dinobox.games.pangaea.data import DEFAULT_DATA, LENGTHS, PangaeaData
from dinobox.games.pangaea.geometry import geometry
from dinobox.games.pangaea.rules import PangaeaState, layout_for


class PangaeaGame(Game[PangaeaData]):
    id = "pangaea"
    title = "Pangaea"
    summary = "Shape a changing supercontinent and build shelters before the asteroid hits."
    min_players = 2
    max_players = 4
    default_players = 4
    option_specs = (
        OptionSpec(
            "length", "choice", 30, "Duration of the game: the asteroid's countdown start (30, 45, 60)", choices=LENGTHS
        ),
        OptionSpec(
            "ranges",
            "choice",
            "cards",
            "Range of an action: 'cards' (advanced, the range on a STAR card), or for novices "
            "'single' (1 space) or 'horizontal' (3 spaces)",
            choices=("cards", "single", "horizontal"),
        ),
        OptionSpec(
            "first",
            "choice",
            0,
            "Start player (Kick-off the game): a seat number (0 = the first seat), or 'random' for a chance draw",
            choices=(0, 1, 2, 3, "random"),
        ),
        OptionSpec(
            "finish_round",
            "bool",
            False,
            "Not in the rulebook (off: the asteroid ends the game at once, The End Game): when the "
            "asteroid reaches 0, the round of turns is finished first, so that every player has had "
            "as many turns as the start player",
        ),
    )
    default_data = DEFAULT_DATA
    presentation = Presentation(
        view=view.view,
        event_text=text.event_text,
        action_text=text.action_text,
        action_info=text.action_info,
        why_illegal=refusals.why_illegal,
        refusable=refusals.refusable,
        refused_pieces=refusals.refused_pieces,
        resample=knowledge.resample,
        information_key=knowledge.information_key,
    )
    end_conditions = (
        EndCondition(
            "impact",
            "The End Game: the asteroid reaches 0, the end game is played and at least one Shelter survives",
        ),
        EndCondition(
            "nobody_survives",
            "The End Game / Winning the Game: the asteroid hits and no Shelter is left: everyone loses",
        ),
    )
    can_end_without_winner = True  # Winning the Game: no surviving Shelter means everyone loses
    hidden_information = False  # every card and piece lies face up; the decks' order is never stored

    def check_configuration(self) -> str | None:
        first = self.options["first"]
        if first != "random" and first >= self.num_players:
            return (
                f"the start player (option 'first') must be a seat 0..{self.num_players - 1} or 'random', not {first}"
            )
        return None

    def role_kinds(self) -> tuple[RoleKind, ...]:
        text = "the starting star (Starting positions), chosen in turn order from the start player"
        return (RoleKind("star", text, chosen=True),)

    def new_initial_state(self) -> PangaeaState:
        return PangaeaState(self)

    def _spaces(self) -> int:
        return geometry(len(self.data.world_rows), len(self.data.world_rows[0])).n

    def num_distinct_actions(self) -> int:
        return self._action_count

    @cached_property
    def _action_count(self) -> int:
        """(The data never change once the game is made; every action description asks.)"""
        return int(layout_for(self._spaces(), len(self.data.star_cards)).SIZE)

    def max_chance_outcomes(self) -> int:
        return len(self.data.star_cards) + 2

    def max_game_length(self) -> int:
        return 200_000
