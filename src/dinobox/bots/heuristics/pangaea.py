"""A hand-written Pangaea policy over the seat's view, the legal actions and one-step look-ahead.

What it wants: Shelters on level 2 (points at every lightning and at the end, and a chance to
win at all), points from harvesting, its Explorer on the board, and trouble for the leaders.

- Starting star: level 2 first (a Shelter can be built at once).
- Step 4: the least useful card for the distance, the most useful action (level up makes
  level 2 to build on), a big range only for level ups; Wild cards are kept when possible.
- Direction, earthquake cracks, dinosaurs, step 6: every option is tried on a clone and the
  resulting position scored (own Shelters and points against the best opponent's, the
  Explorer's distance to a space it could build on).
- Always re-enter (in step 3 and at the lightning), use the Extra move and a protection card
  when a dino attacks, block a change that would cost a Shelter, save a threatened Shelter;
  interrupt a player who leads; buy a level 1 card once points are spare.
- When a tile supply runs out or a crack stick must be reused, the board tile or stick is
  chosen by look-ahead (the one whose removal leaves the best position).
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from dinobox.engine.state import State

ACTION_VALUE = {"up": 4, "dino": 3, "climate": 1, "down": 0, "earthquake": 0}
NEIGHBOURS_EVEN = ((-1, 1), (0, 1), (1, 1), (1, 0), (0, -1), (-1, 0))  # shifted (even) rows
NEIGHBOURS_ODD = ((-1, 0), (0, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


def _card_value(card: dict[str, Any]) -> int:
    if card.get("wild"):
        return 10
    return ACTION_VALUE.get(card.get("action", ""), 0)


def _neighbours(world: dict[str, Any], r: int, c: int) -> list[tuple[int, int]]:
    cols, rows = world["cols"], world["rows"]
    steps = NEIGHBOURS_EVEN if r % 2 == 0 else NEIGHBOURS_ODD
    return [(r + dr, (c + dc) % cols) for dr, dc in steps if 0 <= r + dr < rows]


def _build_distance(world: dict[str, Any], at: list[int] | None, seat: int) -> int:
    """Steps from the Explorer to the nearest level 2 space without its own Shelter."""
    if at is None:
        return 6
    own = {tuple(sh["at"]) for sh in world["shelters"] if seat in sh["seats"]}
    start = (at[0], at[1])
    seen = {start}
    queue = deque([(start, 0)])
    tiles = world["tiles"]
    while queue:
        (r, c), d = queue.popleft()
        if tiles[r][c] == "2" and (r, c) not in own:
            return d
        if d >= 5:
            continue
        for nr, nc in _neighbours(world, r, c):
            if (nr, nc) not in seen and tiles[nr][nc] in "12:*o":
                seen.add((nr, nc))
                queue.append(((nr, nc), d + 1))
    return 6


def evaluate(view: dict[str, Any], seat: int) -> float:
    players = view["players"]
    me = players[seat]
    mine = 2.0 * me["score"] + 5.0 * me["shelters"]
    if me["explorer"] is not None:
        mine += 3.0 - 0.5 * _build_distance(view["world"], me["explorer"], seat)
    others = [2.0 * p["score"] + 5.0 * p["shelters"] for p in players if p["seat"] != seat]
    return mine - (max(others) if others else 0.0)


def _look(state: State, action: int, seat: int) -> float:
    probe = state.clone()
    probe.apply_action(action)
    return evaluate(probe.view(seat), seat)


def _best_by_lookahead(state: State, legal: list[int], seat: int, rng: random.Random, limit: int = 40) -> int:
    options = legal if len(legal) <= limit else rng.sample(legal, limit)
    scored = [(_look(state, a, seat) + rng.random() * 1e-3, a) for a in options]
    return max(scored)[1]


def choose(state: State, rng: random.Random) -> int:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player()
    view = state.view(seat)
    infos = {a: state.describe_action(a) for a in legal}
    kinds = {i["kind"] for i in infos.values()}
    me = view["players"][seat]
    hand = {c["kind"]: c for c in me["hand"]}

    def first(kind: str) -> int | None:
        return next((a for a, i in infos.items() if i["kind"] == kind), None)

    if "start" in kinds:
        tiles = view["world"]["tiles"]
        return max(legal, key=lambda a: (tiles[infos[a]["space"][0]][infos[a]["space"][1]] == "2", -a))
    if "reenter" in kinds:
        return first("reenter")  # type: ignore[return-value]
    if "use_protection" in kinds:
        return first("use_protection")  # type: ignore[return-value]
    if "extra_move" in kinds:
        return first("extra_move")  # type: ignore[return-value]
    if "interrupt" in kinds:
        leader = view["players"][view["turn_player"]]
        ahead = leader["score"] + 3 * leader["shelters"] > me["score"] + 3 * me["shelters"] + 1
        return first("interrupt" if ahead else "no_interrupt")  # type: ignore[return-value]
    if kinds & {"distance_card", "distance_wild"}:
        cards = [a for a in legal if infos[a]["kind"] == "distance_card"]
        if cards:
            return min(cards, key=lambda a: (_card_value(hand[infos[a]["card"]]), a))
        want = rng.choice((1, 2, 3))
        return next((a for a in legal if infos[a].get("distance") == want), legal[0])
    if kinds & {"action_card", "action_wild"}:
        cards = [a for a in legal if infos[a]["kind"] == "action_card"]
        if cards:
            return max(cards, key=lambda a: (_card_value(hand[infos[a]["card"]]), -a))
        return next((a for a in legal if infos[a].get("verb") == "up"), legal[0])
    if "no_range" in kinds:
        sel = view.get("selection") or {}
        if sel.get("action") == "up":
            bigger = [a for a in legal if infos[a]["kind"] == "range_card"
                      and hand[infos[a]["card"]]["range"] == "star"]
            if bigger:
                return bigger[0]
        return first("no_range")  # type: ignore[return-value]
    if "swap" in kinds or "give_back" in kinds:
        pool = [a for a in legal if infos[a]["kind"] in ("swap", "give_back")]
        if pool:
            return min(pool, key=lambda a: (_card_value(hand.get(infos[a]["card"], {})), a))
        return first("keep")  # type: ignore[return-value]
    if "continue" in kinds:
        return first("continue")  # type: ignore[return-value]
    if "block" in kinds:
        return _best_by_lookahead(state, legal, seat, rng)
    if "shelter_move" in kinds:
        return _best_by_lookahead(state, legal, seat, rng)
    if "buy" in kinds:
        if me["score"] >= 3 and not me["evolution"]:
            buys = [a for a in legal if infos[a]["kind"] == "buy" and infos[a]["evolution"] in ("sea", "mountain")]
            if buys:
                return rng.choice(buys)
        return first("done")  # type: ignore[return-value]
    if "stone" in kinds:
        return first("done")  # type: ignore[return-value]
    return _best_by_lookahead(state, legal, seat, rng)
