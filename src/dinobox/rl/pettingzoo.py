"""PettingZoo adapter: any dinobox game as an AEC (agent-environment-cycle) environment.

Agents are ``player_0`` .. ``player_{n-1}``; ``agent_selection`` is the seat that must decide
(which may be out of turn: a prize choice, a reaction...). Chance is resolved inside the
environment from its RNG (seeded by ``reset(seed=...)``), so agents only ever see decisions.

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``: the game's
encoder applied to ``view(seat)`` (docs/rl.md) and the legal actions (all zeros for a seat that
is not deciding). Rewards are zero until the end, then each seat's ``returns()`` (a winner gets
``1/len(winners)``). Reaching ``max_game_length`` truncates the episode.

An illegal action is never ignored: with ``illegal="lose"`` (the default, as in PettingZoo's
classic games) the game ends at once, the offender gets ``-1``, the others 0, and every agent's
info holds the refusal under ``"illegal_action"``; with ``illegal="raise"`` the engine's
``IllegalActionError`` is raised and nothing changes.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import TypedDict

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import dinobox
from dinobox.engine.errors import IllegalActionError, InvalidOptionError
from dinobox.engine.registry import game_entry
from dinobox.engine.state import State
from dinobox.rl.encoders import encoder_for

ILLEGAL_MODES = ("lose", "raise")
ILLEGAL_REWARD = -1.0


def check_illegal_mode(illegal: str) -> str:
    if illegal not in ILLEGAL_MODES:
        raise InvalidOptionError(f"illegal must be one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
    return illegal


def render_text(state: State) -> str:
    """The spectator's view drawn by the game's terminal renderer (plain text with Rich markup)."""
    render = game_entry(state.game.id).render
    return json.dumps(state.view(None), indent=1) if render is None else render(state.view(None))


class Metadata(TypedDict):
    """The environment's ``metadata``, as PettingZoo reads it."""

    render_modes: list[str]
    name: str
    is_parallelizable: bool


def pettingzoo_env(
    game_id: str, players: int | None = None, render_mode: str | None = None, illegal: str = "lose", **options: object
) -> DinoboxAECEnv:
    """A PettingZoo AEC environment for the game (bad ids, players or options raise ``ValueError``)."""
    return DinoboxAECEnv(game_id, players=players, render_mode=render_mode, illegal=illegal, **options)


class DinoboxAECEnv(AECEnv):
    metadata: Metadata = {  # noqa: RUF012 (a class attribute, as in AECEnv)
        "render_modes": ["ansi"],
        "name": "dinobox_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
        **options: object,
    ) -> None:
        super().__init__()
        self.game = dinobox.load_game(game_id, players=players, **options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOptionError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.illegal = check_illegal_mode(illegal)
        self.metadata = {**self.metadata, "name": f"dinobox_{game_id.replace('-', '_')}_v0"}
        self.encoder = encoder_for(self.game)
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        num_actions = self.game.num_distinct_actions()
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(self.encoder.low, self.encoder.high, self.encoder.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
            }
        )
        # One space object per agent (PettingZoo seeds them separately).
        self.observation_spaces = {
            a: obs_space if i == 0 else _copy_space(obs_space) for i, a in enumerate(self.possible_agents)
        }
        self.action_spaces = {a: spaces.Discrete(num_actions) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: State = self.game.new_initial_state()
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ----- the cycle ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: Mapping[str, object] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, object]] = {a: {} for a in self.agents}
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.encoder.encode(self.state.view(seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        try:
            if action is None:
                raise IllegalActionError(f"{agent} must choose an action, not None", action, seat)
            self.state.apply_action(action)
        except IllegalActionError as refusal:
            if self.illegal == "raise":
                raise
            self._end_illegal(seat, str(refusal))
        else:
            self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """Resolve chance, then point at the deciding seat or end the episode."""
        state = self.state
        rng = self._rng
        cap = self.game.max_game_length()
        while state.is_chance_node() and state.move_number() < cap:
            state.apply_action(state.sample_chance(rng))
        if state.is_terminal():
            for agent, ret in zip(self.agents, state.returns(), strict=True):
                self.rewards[agent] = float(ret)
                self.terminations[agent] = True
        elif state.move_number() >= cap:
            for agent in self.agents:
                self.truncations[agent] = True
        if not state.is_terminal() and state.current_player() >= 0:
            self.agent_selection = self.possible_agents[state.current_player()]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]
        if self.terminations.get(self.agent_selection) or self.truncations.get(self.agent_selection):
            self._deads_step_first()

    def _end_illegal(self, seat: int, message: str) -> None:
        for agent in self.agents:
            self.rewards[agent] = ILLEGAL_REWARD if self.agent_name_mapping[agent] == seat else 0.0
            self.terminations[agent] = True
            self.infos[agent] = {**self.infos[agent], "illegal_action": message}
        self._deads_step_first()

    # ----- display --------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_text(self.state)

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return str(self.metadata["name"])


def _copy_space(space: spaces.Dict) -> spaces.Dict:
    return copy.deepcopy(space)
