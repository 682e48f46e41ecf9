"""Gymnasium adapter: one seat learns, dinobox bots play the other seats.

``gymnasium_env("dino-race", players=2, opponents="random")`` is a ``gymnasium.Env`` whose
observation is the game's encoder applied to ``view(seat)`` (a float32 ``Box``, docs/rl.md) and
whose action space is ``Discrete(num_distinct_actions)``. The legal actions come in
``info["action_mask"]`` (int8) and from ``env.action_masks()`` (the name maskable learners use).
Chance and the opponents' decisions are played inside ``step`` from RNGs seeded by
``reset(seed=...)``, so a seeded episode is reproducible.

The reward is 0 until the end, then the learner's ``returns()`` share (1 for a sole win, 1/k
for a k-way tie, 0 for a loss). Reaching ``max_game_length`` truncates the episode. An illegal
action is handled as in the PettingZoo adapter: ``illegal="lose"`` ends the episode with reward
-1 and ``info["illegal_action"]`` saying why; ``illegal="raise"`` raises ``IllegalActionError``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

import dinobox
from dinobox.bots import Bot, make_bot
from dinobox.engine.errors import IllegalActionError, InvalidOptionError
from dinobox.engine.state import State
from dinobox.rl.encoders import encoder_for
from dinobox.rl.pettingzoo import ILLEGAL_REWARD, check_illegal_mode, render_text

RENDER_MODES = ("ansi",)


def gymnasium_env(
    game_id: str,
    players: int | None = None,
    opponents: str | Sequence[str] = "random",
    seat: int = 0,
    render_mode: str | None = None,
    illegal: str = "lose",
    **options: object,
) -> DinoboxGymEnv:
    """A single-agent Gymnasium environment: ``seat`` learns, ``opponents`` (one bot spec for all
    other seats, or one spec per other seat in seat order) play the rest."""
    return DinoboxGymEnv(
        game_id, players=players, opponents=opponents, seat=seat, render_mode=render_mode, illegal=illegal, **options
    )


class DinoboxGymEnv(gymnasium.Env):
    metadata: dict[str, object] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 (as in Env)

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        render_mode: str | None = None,
        illegal: str = "lose",
        **options: object,
    ) -> None:
        self.game = dinobox.load_game(game_id, players=players, **options)
        n = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise InvalidOptionError(f"seat must be 0..{n - 1}, not {seat!r}")
        self.seat = seat
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise InvalidOptionError(f"opponents: give one bot spec, or {n - 1} (one per other seat), not {len(specs)}")
        for spec in specs:
            make_bot(spec, 0)  # a bad spec fails here, with the bot factory's message
        self.opponent_specs = specs
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidOptionError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.illegal = check_illegal_mode(illegal)
        self.encoder = encoder_for(self.game)
        self.observation_space = spaces.Box(self.encoder.low, self.encoder.high, self.encoder.shape, np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state: State = self.game.new_initial_state()
        self._chance_rng = random.Random()
        self._bots: dict[int, Bot] = {}
        self._done = True

    # ----- episode --------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: Mapping[str, object] | None = None
    ) -> tuple[np.ndarray, dict[str, object]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        self._chance_rng = random.Random(int(draw(2**62)))
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self._bots = {s: make_bot(spec, int(draw(2**62))) for s, spec in zip(others, self.opponent_specs, strict=True)}
        self.state = self.game.new_initial_state()
        self._done = False
        self._advance()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, object]]:
        if self._done:
            raise InvalidOptionError("the episode is over: call reset() before step()")
        try:
            self.state.apply_action(action)
        except IllegalActionError as refusal:
            if self.illegal == "raise":
                raise
            self._done = True
            return self._observation(), ILLEGAL_REWARD, True, False, {**self._info(), "illegal_action": str(refusal)}
        self._advance()
        state = self.state
        terminated = state.is_terminal()
        truncated = not terminated and state.move_number() >= self.game.max_game_length()
        self._done = terminated or truncated
        reward = float(state.returns()[self.seat]) if terminated else 0.0
        return self._observation(), reward, terminated, truncated, self._info()

    def _advance(self) -> None:
        """Play chance and the bots until the learner must decide, the game ends or hits the cap."""
        state = self.state
        cap = self.game.max_game_length()
        while not state.is_terminal() and state.move_number() < cap:
            player = state.current_player()
            if player == self.seat:
                return
            if player < 0:
                state.apply_action(state.sample_chance(self._chance_rng))
            else:
                state.apply_action(self._bots[player].choose(state))

    def _observation(self) -> np.ndarray:
        return self.encoder.encode(self.state.view(self.seat))

    def action_masks(self) -> np.ndarray:
        """int8 mask of the learner's legal actions now (all zeros when it is not deciding)."""
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if self.state.current_player() == self.seat:
            mask[self.state.legal_actions()] = 1
        return mask

    def _info(self) -> dict[str, object]:
        """The step's info: ``action_mask``, and at the end ``scores`` and ``winners``."""
        info: dict[str, object] = {"action_mask": self.action_masks()}
        if self.state.is_terminal():
            info["scores"] = self.state.scores()
            info["winners"] = self.state.winners()
        return info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_text(self.state)
