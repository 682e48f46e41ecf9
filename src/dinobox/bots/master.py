"""The ``master`` bot: a search over many redrawn states, guided by the strong policy.

A root-level **rollout (policy-improvement) search with sequential halving**:

- **The prior.** The learned policy (``strong``, ``bots/strong.py``) names the *default* move;
  where a game ships a ``master`` weights table (``bots/weights.py``: terms that think further
  ahead, measured to beat the strong policy, such as Pangaea's look-ahead at an interrupt) the
  policy with that table on top names it, and the strong policy's move is the first challenger.
  The first challengers are the moves its neighbours name where they disagree with it: the plain
  heuristic and ``JITTERS`` copies of the strong policy with log-normally perturbed weights
  (``proposers``), a cheap stand-in for the policy's top few moves (a heuristic names only its
  best). Then a seeded sample of the other legal moves, ``width`` candidates in all.
- **As many candidates as the budget affords.** Each candidate needs about
  ``ROUNDS_PER_CANDIDATE`` paired playouts to show anything, so a budget of K playouts keeps
  ``K // ROUNDS_PER_CANDIDATE`` candidates (the proposers' first). Under a seconds budget, one
  probe playout of the default measures what a playout costs here. A budget too small for the
  default and one challenger plays the default move unsearched; under a seconds budget the probe
  is abandoned as soon as it has shown that, so such a decision costs a sixteenth of its budget.
- **Many redrawn states.** Every round draws a new determinization ``state.resample(seat, rng)``
  (a state with the same view for the seat, everything hidden redrawn), so the search plans
  against the spread of hidden cards the seat cannot tell apart, not one guess of them.
- **Paired playouts.** In a round, every candidate still racing is played from the same
  determinization, followed by a playout in which the seat plays its own default policy and
  every other seat the strong policy, with the *same* two seeds (chance, policy) for every
  candidate: common random numbers. With ``playouts=plain`` every seat plays the game's plain
  heuristic in the playouts instead (the default move still comes from the policy): cheaper
  playouts, so more of them, judged by a weaker continuation (Pangaea, where its policy plans
  each turn on clones: docs/bots.md, "The master search"). The reward is strong's: the win
  share blended with the score margin over the best opponent (``margin``);
  ``depth=N`` cuts a playout after N decisions and scores the provisional ``scores()``;
  ``cut=N`` cuts it after N decisions and scores it by the game's learned position value
  (``bots/value.py``), the win chance in place of the win share.
- **Sequential halving.** The budget is split into ``ceil(log2(candidates))`` phases; after each,
  the worse half of the challengers (by mean paired gain) stops being played.
- **Quiet decisions stop early.** When after ``QUIET_ROUNDS`` rounds no challenger has changed the
  reward of a single playout, the moves lead to the same end (common in Dinosaur Rush, where
  most decisions of a long game change nothing measurable): the default is played at once.
- **Settled decisions stop early.** From then on, a race in which every challenger still racing
  is more than ``SETTLE_Z`` standard errors short of the bar's floor (zero without one) stops:
  the default has won, and the rest of the budget would not change the move.
- **Fallback to the prior.** The last challenger standing replaces the default only when its
  mean gain exceeds ``z`` standard errors *raised for the number of challengers raced*
  (``family_z``, Šidák): the survivor of a race is the luckiest challenger as much as the best;
  and, with ``floor=F``, only when that mean gain is above F as well. The z bar answers the
  playouts' noise, which more rounds shrink; the floor answers an error more rounds do not
  shrink: a cut playout's value misjudges two moves of one turn by a few hundredths, the same
  way in every round, so without it a longer search trusts those misjudgements more.

Budgets: ``iterations=K`` counts playouts (reproducible); ``seconds=S`` is **CPU** time per
decision (``time.thread_time``: the deciding thread's CPU time), checked between playouts and
inside them. Playouts run to the end of the game unless ``depth`` or ``cut`` is given (by the bot
or, ``cut`` and ``floor``, by the game's ``master_search`` table): measured in Dino Race, playouts
cut and scored on provisional ``scores()`` mislead the search, while playouts cut after 8
decisions, scored by the learned value and held to a floor race better than whole ones
(docs/bots.md, "The master search").

The bot reads a state only through ``legal_actions``, the policies (which read the seat's
view) and ``resample(seat, rng)``: two states with the same view get the same move under the
same seed (``tests/bots/test_bot_determinism.py``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import NamedTuple

from dinobox.bots.rollout import PairedGain
from dinobox.bots.strong import family_z, seat_reward, strong_policy
from dinobox.bots.value import PositionValue, position_value
from dinobox.bots.weights import learned_weights, master_search, master_weights
from dinobox.engine.heuristic import WeightedPolicy
from dinobox.engine.registry import game_entry
from dinobox.engine.state import State

Policy = Callable[[State, random.Random], int]
Clock = Callable[[], float]

DEFAULT_SECONDS = 1.0
DEFAULT_WIDTH = 6  # candidates a decision, the strong policy's move included
DEFAULT_MARGIN = 0.4  # the score margin's share of a playout's reward
DEFAULT_Z = 1.0  # standard errors a challenger's gain must clear, before the family correction
ROUNDS_PER_CANDIDATE = 8  # the budget a candidate needs: fewer candidates when it allows less
EPSILON = 1e-9
JITTERS = 6  # perturbed copies of the strong policy that propose candidates (the prior)
JITTER_SIGMA = 0.5  # the spread of their weights, as a log-normal factor on each learned weight
QUIET_ROUNDS = 8  # rounds after which a race where no move has changed any playout stops
SETTLE_Z = 3.0  # standard errors by which every challenger must fall short for a race to stop
RACE_PLAYOUTS = 2 * ROUNDS_PER_CANDIDATE  # the fewest playouts a race needs: default and one challenger
PLAYOUTS = ("policy", "plain")  # who plays the playouts: the bot's own policies, or the plain heuristic


class Guides(NamedTuple):
    """The policies that guide the search in one game: ``default`` names the default move (the
    strong policy, with the game's ``master`` weights table on top where it ships one,
    ``bots/weights.py``); ``move`` plays the searching seat in the playouts (the same policy, so a
    move is judged by how the bot itself will go on); ``playout`` plays every other seat (the
    strong policy, the lobby's ``hard``; with ``playouts=plain`` both are the plain heuristic);
    ``proposers`` name the first challengers (``proposers``, after the strong policy when it is
    not ``default``); ``z`` and ``margin`` are the bot's own when it was given
    them, else the game's (``master_search`` in its weights file), else the defaults; so are
    ``cut`` (``None``: no value-scored cut) and ``floor`` (0: the z bar alone)."""

    default: Policy
    move: Policy
    playout: Policy
    proposers: list[Policy]
    z: float
    margin: float
    cut: int | None
    floor: float


class MasterBot:
    """Rollout search with sequential halving over the strong policy (see the module doc)."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        depth: int | None = None,
        margin: float | None = None,
        z: float | None = None,
        width: int = DEFAULT_WIDTH,
        cut: int | None = None,
        floor: float | None = None,
        playouts: str = "policy",
        clock: Clock = time.thread_time,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"master iterations must be at least 1, not {iterations}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"master seconds must be positive, not {seconds}")
        if depth is not None and depth < 1:
            raise ValueError(f"master depth must be at least 1, not {depth}")
        if margin is not None and not 0 <= margin <= 1:
            raise ValueError(f"master margin must be between 0 and 1, not {margin}")
        if z is not None and z < 0:
            raise ValueError(f"master z must not be negative, not {z}")
        if width < 2:
            raise ValueError(f"master width must be at least 2, not {width}")
        if cut is not None and cut < 1:
            raise ValueError(f"master cut must be at least 1, not {cut}")
        if floor is not None and not 0 <= floor <= 1:
            raise ValueError(f"master floor must be between 0 and 1, not {floor}")
        if playouts not in PLAYOUTS:
            raise ValueError(f"master playouts must be one of {', '.join(PLAYOUTS)}, not {playouts!r}")
        if iterations is None and seconds is None:
            seconds = DEFAULT_SECONDS
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.margin = margin
        self.z = z
        self.width = width
        self.cut = cut
        self.floor = floor
        self.playouts = playouts
        self.clock = clock
        self.last_iterations = 0
        self.last_rounds = 0
        self.last_default: int | None = None  # the last decision's default move (its policy's)
        self._depth = depth
        self._valued = False  # this decision's playouts are cut and scored by the learned value
        self._floor = 0.0  # this decision's floor (``Guides.floor``)
        self._values: dict[tuple[str, int], PositionValue | None] = {}
        self._policies: dict[str, Guides] = {}

    # -- the policies ---------------------------------------------------------------------------

    def _guides(self, state: State) -> Guides:
        """The policies for the state's game (``Guides``)."""
        game_id = state.game.id
        if game_id not in self._policies:
            strong = strong_policy(game_id)
            search = master_search(game_id)
            z = self.z if self.z is not None else search.get("z", DEFAULT_Z)
            margin = self.margin if self.margin is not None else search.get("margin", DEFAULT_MARGIN)
            cut = self.cut if self.cut is not None else _whole(search.get("cut"))
            floor = self.floor if self.floor is not None else search.get("floor", 0.0)
            settings = (z, margin, cut, floor)
            own = strong if master_weights(game_id) is None else own_policy(game_id)
            first = proposers(game_id) if own is strong else [strong, *proposers(game_id)]
            plain = game_entry(game_id).heuristic if self.playouts == "plain" else None
            if plain is None:
                self._policies[game_id] = Guides(own, own, strong, first, *settings)
            else:
                self._policies[game_id] = Guides(own, plain, plain, first, *settings)
        return self._policies[game_id]

    def _position_value(self, state: State) -> PositionValue | None:
        """The learned value that scores a cut playout in the state's game and player count."""
        key = (state.game.id, state.game.num_players)
        if key not in self._values:
            self._values[key] = position_value(*key)
        return self._values[key]

    def _candidates(self, state: State, legal: list[int]) -> tuple[int, list[int]]:
        """The default move and the challengers: first the moves the proposers name (in order,
        each once), then a seeded sample of the other legal moves, ``width`` in all."""
        guides = self._guides(state)
        others = guides.proposers
        rng = self.rng
        default = guides.default(state, random.Random(rng.getrandbits(64)))
        first: list[int] = []
        for propose in others:
            move = propose(state, random.Random(rng.getrandbits(64)))
            if move != default and move not in first:
                first.append(move)
        first = first[: self.width - 1]
        rest = [a for a in legal if a != default and a not in first]
        room = self.width - 1 - len(first)
        if len(rest) > room:
            rest = sorted(rng.sample(rest, max(0, room)))
        return default, first + rest

    # -- playouts -------------------------------------------------------------------------------

    def _value(
        self, det: State, action: int, seat: int, seeds: tuple[int, int], deadline: float | None
    ) -> float | None:
        """``action`` on a copy of ``det``, then a playout driven by the round's two seeds (the
        seat plays ``Guides.move``, every other seat ``Guides.playout``); ``None`` when the
        deadline passes first (the playout is then not counted)."""
        guides = self._guides(det)
        probe = det.clone()
        probe.apply_action(action)
        chance_rng, policy_rng = random.Random(seeds[0]), random.Random(seeds[1])
        decisions = 0
        depth = self._depth
        clock = self.clock
        while not probe.is_terminal():
            if probe.is_chance_node():
                probe.apply_action(probe.sample_chance(chance_rng))
                continue
            if depth is not None and decisions >= depth:
                break
            if deadline is not None and decisions % 8 == 7 and clock() >= deadline:
                return None
            legal = probe.legal_actions()
            if len(legal) == 1:
                probe.apply_action(legal[0])
            else:
                policy = guides.move if probe.current_player() == seat else guides.playout
                probe.apply_action(policy(probe, policy_rng))
            decisions += 1
        if self._valued and not probe.is_terminal():
            return self._cut_reward(probe, seat, guides.margin)
        return seat_reward(probe, seat, guides.margin)

    def _cut_reward(self, probe: State, seat: int, margin: float) -> float:
        """A value-scored cut's reward: the learned value's win chance in place of the win share
        (the score margin as in ``seat_reward``), or the provisional scores' reward without one."""
        value = self._position_value(probe)
        if value is None:
            return seat_reward(probe, seat, margin)
        return (1 - margin) * value.win_chance(probe, seat) + margin * seat_reward(probe, seat, 1.0)

    def redraw(self, state: State, seat: int) -> State:
        """One determinization of ``state`` for ``seat``: everything hidden from it redrawn
        (``resample``), the states a round's candidates are played from."""
        return state.resample(seat, self.rng)

    # -- the search -----------------------------------------------------------------------------

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        self.last_iterations = self.last_rounds = 0
        self.last_default = None
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        guides = self._guides(state)
        # an explicit depth (provisional scores) wins over the value-scored cut
        self._valued = self.depth is None and guides.cut is not None
        self._depth = self.depth if self.depth is not None else guides.cut
        self._floor = guides.floor
        default, challengers = self._candidates(state, legal)
        self.last_default = default
        if not challengers:
            return default
        start = self.clock()
        affordable = self._affordable(state, seat, default, start)
        del challengers[max(0, affordable // ROUNDS_PER_CANDIDATE - 1) :]
        if not challengers:
            return default
        gains = {a: PairedGain() for a in challengers}
        alive = list(challengers)
        phases = max(1, math.ceil(math.log2(len(challengers) + 1)))
        done = self.last_iterations
        for phase in range(phases):
            if not self._phase(state, seat, default, alive, gains, (phase, phases, start, done)):
                break
            done = self.last_iterations
            if phase < phases - 1 and len(alive) > 1:
                alive.sort(key=lambda a: gains[a].mean(), reverse=True)
                del alive[math.ceil(len(alive) / 2) :]
        return self._decide((guides.z, guides.floor), default, alive, gains, len(challengers))

    def _affordable(self, state: State, seat: int, default: int, start: float) -> int:
        """How many playouts the budget allows: ``iterations``, or under a seconds budget the
        budget over the CPU time of one probe playout of the default. The probe counts as spent
        and is not used further. It is abandoned (0: no race) once it has cost more than the
        budget over ``RACE_PLAYOUTS``: a budget that affords fewer playouts than the default and
        one challenger need plays the default anyway, so the rest of the budget would buy
        nothing (where playouts are dear, as in Pangaea, a decision then costs a sixteenth of
        its budget, with the same move)."""
        if self.iterations is not None:
            return self.iterations
        assert self.seconds is not None
        rng = self.rng
        det = self.redraw(state, seat)
        seeds = (rng.getrandbits(64), rng.getrandbits(64))
        if self._value(det, default, seat, seeds, start + self.seconds / RACE_PLAYOUTS) is None:
            return 0
        self.last_iterations += 1
        spent = max(self.clock() - start, EPSILON)
        return int(self.seconds / spent)

    def _phase(
        self,
        state: State,
        seat: int,
        default: int,
        alive: list[int],
        gains: dict[int, PairedGain],
        where: tuple[int, int, float, int],
    ) -> bool:
        """Rounds of one phase over the ``alive`` challengers; ``False`` when the search is over:
        the budget is spent, or the decision is quiet (after ``QUIET_ROUNDS`` rounds no challenger
        has changed a single playout's reward: the moves lead to the same end, so the default
        stands and the rest of the budget is not spent)."""
        phase, phases, start, done = where
        rng = self.rng
        if self.iterations is not None:
            share = (self.iterations - done) // (phases - phase)
            rounds = max(1, share // (len(alive) + 1))
        else:
            rounds = None
        deadline = None if self.seconds is None else start + self.seconds * (phase + 1) / phases
        final = None if self.seconds is None else start + self.seconds
        played = 0
        while rounds is None or played < rounds:
            if deadline is not None and played and self.clock() >= deadline:
                break
            if self.iterations is not None and self.last_iterations + len(alive) + 1 > self.iterations:
                break
            det = self.redraw(state, seat)
            seeds = (rng.getrandbits(64), rng.getrandbits(64))
            base = self._value(det, default, seat, seeds, final)
            if base is None:
                return False
            self.last_iterations += 1
            values = []
            for a in alive:
                value = self._value(det, a, seat, seeds, final)
                if value is None:
                    return False
                values.append(value)
                self.last_iterations += 1
            for a, value in zip(alive, values, strict=True):
                gains[a].add(value - base)
            self.last_rounds += 1
            played += 1
            if self.last_rounds == QUIET_ROUNDS and all(g.squares == 0.0 for g in gains.values()):
                return False
            if self.last_rounds >= QUIET_ROUNDS and self._settled(alive, gains):
                return False
        return True

    def _settled(self, alive: list[int], gains: dict[int, PairedGain]) -> bool:
        """Whether the default has already won the race: every challenger still racing falls
        short of a gain of ``floor`` (of zero without one) by more than ``SETTLE_Z`` standard
        errors, so none could clear the bar at the end but by a freak of chance. The rest of the
        budget would then buy nothing but time."""
        return all(gains[a].mean() + SETTLE_Z * gains[a].stderr() < self._floor for a in alive)

    def _decide(
        self, bar: tuple[float, float], default: int, alive: list[int], gains: dict[int, PairedGain], tried: int
    ) -> int:
        """The best surviving challenger when its mean gain clears the bar, else the default. The
        bar (``z``, ``floor``) is ``z`` standard errors raised for the ``tried`` challengers
        (``family_z``: the survivor of a race is the luckiest of them as much as the best, and
        without the correction a race among moves no better than the default picks one of them
        most of the time), and a mean gain above ``floor``."""
        z, floor = bar
        z = z if z >= 6 else family_z(z, tried)  # 6 s.e.: beyond the normal's table
        best, best_gain = default, floor
        for a in alive:
            g = gains[a]
            if g.n >= 2 and g.mean() - z * (g.stderr() + EPSILON) > 0 and g.mean() > best_gain:
                best, best_gain = a, g.mean()
        return best


def own_policy(game_id: str) -> Policy:
    """The policy ``master``'s default move comes from, and its seat's in the playouts: the
    strong policy with the game's ``master`` weights table on top (``bots/weights.py``), the
    strong policy where the game ships none."""
    own = master_weights(game_id)
    return strong_policy(game_id) if own is None else strong_policy(game_id, own)


def _whole(value: float | None) -> int | None:
    return None if value is None else int(value)


def proposers(game_id: str) -> list[Policy]:
    """The policies whose moves become the search's first challengers in ``game_id``: the plain
    heuristic, then ``JITTERS`` copies of the strong policy whose learned weights are each
    scaled by a log-normal factor (seeded by the game, so the same for every bot). Where the
    policies disagree is where the strong policy's move is least sure: a cheap stand-in for the
    policy's top few moves, which a heuristic that only names its best move cannot give."""
    plain = game_entry(game_id).heuristic
    if plain is None:
        return []
    found: list[Policy] = [plain]
    if isinstance(plain, WeightedPolicy):
        base = learned_weights(game_id) or dict(plain.defaults)
        rng = random.Random(f"master-proposers:{game_id}")
        for _ in range(JITTERS):
            scaled = {k: v * math.exp(rng.gauss(0.0, JITTER_SIGMA)) for k, v in base.items()}
            found.append(plain.with_weights(scaled))
    return found


__all__ = ["DEFAULT_MARGIN", "DEFAULT_SECONDS", "DEFAULT_WIDTH", "DEFAULT_Z", "MasterBot", "proposers"]
