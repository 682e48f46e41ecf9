"""Information-set Monte Carlo tree search over the engine contract.

Every iteration starts from ``state.resample(seat, rng)``: a full state that agrees with what
the searching seat knows (its ``view``) and redraws everything else. The tree is keyed by
information sets: a node is ``(player, view(player))`` of the player to act in the
determinized state, so two determinizations the player cannot tell apart share a node, and the
searching seat's own nodes never depend on another seat's hidden facts. The view is stood for
by ``state.information_key(player)``: equal exactly when the views are, and far cheaper to build
where the game gives one. Edges carry
availability counts (an action is only legal in some determinizations), and UCB uses them
(Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree Search").

Each player maximises its own ``returns()`` (max^n backup), which suits 2 to 8 players.
Chance nodes are sampled from the determinized state. Positions with a single legal action are
stepped through without growing the tree. Playouts use the random policy or the game's
heuristic (``playout=heuristic``). Where the game has a heuristic, each new node asks it for
its choice and UCB adds a progressive bias ``prior * sqrt(N) / (1 + n)`` to that action (a
PUCT-style prior that fades as the search gathers evidence; ``prior=0`` turns it off).
With ``depth=N`` a playout stops after N decisions and the
seats leading on provisional ``scores()`` share the reward (for games whose playouts are slow).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from mypy_extensions import mypyc_attr

from dinobox.bots.rollout import flat_choose
from dinobox.engine.registry import game_entry
from dinobox.engine.runner import uniform_playout
from dinobox.engine.state import CHANCE, State

Policy = Callable[[State, random.Random], int]


UNASKED = -2  # a node's hint before the guide policy was asked (on the node's second visit)


@dataclass(slots=True)
class Node:
    """Statistics of one information set: per action, visits, total reward, availability."""

    visits: dict[int, int] = field(default_factory=dict)
    reward: dict[int, float] = field(default_factory=dict)
    avail: dict[int, int] = field(default_factory=dict)
    hint: int = UNASKED  # the guide policy's choice here (progressive bias), -1 for none


def info_key(state: State, player: int) -> Hashable:
    """The information set of ``player``: the player and a stand-in for its view
    (``State.information_key``, equal exactly when the views are)."""
    return (player, state.information_key(player))


def _random_policy(state: State, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


@mypyc_attr(allow_interpreted_subclasses=True)
class ISMCTSBot:
    """Single-tree ISMCTS. ``iterations`` bounds the search (deterministic); ``seconds`` bounds
    it by wall-clock time (then the iteration count depends on the machine). With an iteration
    bound the search stops as soon as the most visited root action can no longer be overtaken
    (the same choice, sooner); ``early_stop = False`` runs every iteration.

    Compiled by mypyc (``ENGINE_MODULES``): the tree descent is the search's inner loop.

    Searches built on this one (the coach's, ``dinobox.coach.search``) use its public steps:
    ``iterate`` (one iteration from a redrawn state), ``rollout`` (play a state out and score
    it), ``playout_policy`` and ``prior_policy`` (the policies ``iterate`` takes)."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        playout: str = "random",
        exploration: float = 0.7,
        depth: int | None = None,
        prior: float = 1.0,
        search: str = "tree",
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 500
        if iterations is not None and iterations < 1:
            raise ValueError(f"ismcts iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"ismcts seconds must be positive, not {seconds}")
        if playout not in ("random", "heuristic"):
            raise ValueError(f"ismcts playout must be 'random' or 'heuristic', not {playout!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.playout = playout
        self.exploration = exploration
        if depth is not None and depth < 1:
            raise ValueError(f"ismcts depth must be at least 1, not {depth}")
        self.depth = depth
        if prior < 0:
            raise ValueError(f"ismcts prior must not be negative, not {prior}")
        self.prior = prior
        if search not in ("tree", "flat"):
            raise ValueError(f"ismcts search must be 'tree' or 'flat', not {search!r}")
        self.search = search
        self.early_stop = True
        self.last_iterations = 0
        self._policies: dict[str, Policy] = {}

    # ----- policy used in playouts --------------------------------------------------------
    def playout_policy(self, state: State) -> Policy:
        gid = state.game.id
        policy = self._policies.get(gid)
        if policy is None:
            policy = _random_policy
            if self.playout == "heuristic":
                policy = game_entry(gid).heuristic or _random_policy
            self._policies[gid] = policy
        return policy

    # ----- the search ---------------------------------------------------------------------
    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        policy = self.playout_policy(state)
        guide = self.prior_policy(state)
        if self.search == "flat":
            budget = (self.iterations, self.seconds, self.depth)
            action, self.last_iterations = flat_choose(state, legal, policy, guide, self.rng, budget)
            return action
        seat = state.current_player()
        root_key = info_key(state, seat)
        tree: dict[Hashable, Node] = {}
        rng = self.rng
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations
        early = self.early_stop
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self.iterate(state.resample(seat, rng), root_key, tree, rng, policy, guide)
            done += 1
            if limit is not None and early and done % 16 == 0 and _decided(tree.get(root_key), legal, limit - done):
                break
        self.last_iterations = done
        root = tree.get(root_key)
        if root is None:  # pragma: no cover - the root is always expanded on the first iteration
            return rng.choice(legal)
        return max(legal, key=lambda a: (root.visits.get(a, 0), root.reward.get(a, 0.0), -a))

    def prior_policy(self, state: State) -> Policy | None:
        """The game's heuristic, used as a prior at tree nodes (``prior=0`` turns it off)."""
        if self.prior <= 0:
            return None
        return game_entry(state.game.id).heuristic

    def iterate(
        self,
        det: State,
        root_key: Hashable,
        tree: dict[Hashable, Node],
        rng: random.Random,
        policy: Policy,
        guide: Policy | None,
    ) -> None:
        """One iteration on ``det`` (a redraw of the root state for the searching seat): select
        down ``tree`` by UCB (``guide``'s move favoured), add one node, ``rollout``, back up."""
        # ``det`` starts at the root, where the searching seat's view (so its key) is the real one
        path: list[tuple[Node, int, int]] = []
        key = root_key
        c = self.exploration
        w = self.prior
        while not det.is_terminal():
            player = det.current_player()
            if player == CHANCE:
                det.apply_action(det.sample_chance(rng))
                continue
            legal = det.legal_actions()
            if len(legal) == 1:
                det.apply_action(legal[0])
                continue
            if path:
                key = info_key(det, player)
            node = tree.get(key)
            expanded = node is None
            if node is None:
                node = tree[key] = Node()
            elif node.hint == UNASKED:
                # asked on the second visit: most nodes are met once, at the end of the tree path
                node.hint = -1 if guide is None else guide(det, rng)
            visits, reward, avail = node.visits, node.reward, node.avail
            for a in legal:
                avail[a] = avail.get(a, 0) + 1
            hint = node.hint
            untried = [a for a in legal if a not in visits]
            if untried:
                action = hint if hint in untried else rng.choice(untried)
            else:
                best = -math.inf
                action = legal[0]
                for a in legal:
                    n = visits[a]
                    value = reward[a] / n + c * math.sqrt(math.log(avail[a]) / n)
                    if a == hint:
                        value += w * math.sqrt(avail[a]) / (1 + n)
                    if value > best:
                        best, action = value, a
            path.append((node, action, player))
            det.apply_action(action)
            if expanded or untried:
                break
        returns = self.rollout(det, rng, policy)
        for node, action, player in path:
            node.visits[action] = node.visits.get(action, 0) + 1
            node.reward[action] = node.reward.get(action, 0.0) + returns[player]

    def rollout(self, det: State, rng: random.Random, policy: Policy) -> list[float]:
        """Play to the end (or ``depth`` decisions) and return each seat's reward."""
        depth = self.depth
        if policy is _random_policy:  # the engine's compiled loop
            uniform_playout(det, rng, -1 if depth is None else depth, keep_record=False)
            return det.returns() if det.is_terminal() else _leaders_reward(det)
        decisions = 0
        while True:
            player = det.current_player()
            if player == CHANCE:
                det.apply_action(det.sample_chance(rng))
                continue
            if player < 0:
                return det.returns()
            if depth is not None and decisions >= depth:
                return _leaders_reward(det)
            legal = det.legal_actions()
            det.apply_action(legal[0] if len(legal) == 1 else policy(det, rng))
            decisions += 1


def _decided(root: Node | None, legal: list[int], remaining: int) -> bool:
    """True when the most visited root action leads the next by more than the iterations left:
    the choice can no longer change, so stopping early gives the same action."""
    if root is None:
        return False
    counts = sorted((root.visits.get(a, 0) for a in legal), reverse=True)
    return counts[0] - counts[1] > remaining


def _leaders_reward(state: State) -> list[float]:
    """A cut-off playout's reward: the seats leading on provisional scores share 1."""
    scores = state.scores()
    best = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == best]
    return [1.0 / len(leaders) if s in leaders else 0.0 for s in range(len(scores))]
