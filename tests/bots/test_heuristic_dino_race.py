"""The Dino Race heuristic: checked as properties of its choices over seeded games."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from heuristic_helpers import policy_positions

import dinobox
from dinobox.bots import make_bot
from dinobox.engine.runner import play_game
from dinobox.engine.state import State
from dinobox.games.dino_race.heuristic import choose


def heuristic_positions(
    players: int, games: int, weights: dict[str, float] | None = None, **options: Any
) -> Iterator[tuple[State, int]]:
    """Every decision of heuristic-vs-heuristic games (``weights``: every seat plays the heuristic
    with these weights), with the action the policy chose."""
    return policy_positions("dino-race", choose, players, games, weights, **options)


def kinds_of(state: State) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for a in state.legal_actions():
        info = state.describe_action(a)
        out.setdefault(info["kind"], []).append(info)
    return out


def test_runs_for_the_finish_before_rolling() -> None:
    checked = 0
    for state, action in heuristic_positions(2, 6):
        kinds = kinds_of(state)
        moves = [i for i in kinds.get("move", []) if i["with"] in ("match", "wild")]
        if moves:
            assert state.describe_action(action)["kind"] != "roll", "rolled with a move in hand"
            checked += 1
    assert checked > 20


def test_matching_cards_before_wildcards() -> None:
    checked = 0
    for state, action in heuristic_positions(3, 4):
        info = state.describe_action(action)
        if info["kind"] == "move" and info["with"] == "wild":
            matches = [i for i in kinds_of(state).get("move", []) if i["with"] == "match"]
            assert not matches, "spent a wildcard while a matching card could move a dino"
            checked += 1
    assert checked > 0


def test_tricks_are_played_when_an_opponent_shares_a_tile() -> None:
    checked = 0
    for state, action in heuristic_positions(4, 6):
        kinds = kinds_of(state)
        if "stand_up" in kinds:
            continue
        if kinds.get("push") or kinds.get("trip") or kinds.get("steal"):
            assert state.describe_action(action)["kind"] in ("push", "trip", "steal")
            checked += 1
    assert checked > 5


def test_picks_the_best_prize_counting_the_pair_bonus() -> None:
    checked = 0
    for state, action in heuristic_positions(4, 8):
        seat = state.current_player()
        view = state.view(seat)
        if view["phase"] != "prize":
            continue
        mine = [p["colour"] for p in view["players"][seat]["prizes"]]

        def worth(info: dict[str, Any], mine: list[str] = mine) -> int:
            return int(info["value"]) + (3 if info["colour"] in mine and len(set(mine)) == len(mine) else 0)

        options = [state.describe_action(a) for a in state.legal_actions()]
        assert worth(state.describe_action(action)) == max(worth(i) for i in options)
        checked += 1
    assert checked > 5


def test_eruption_egg_goes_to_an_opponent_ahead_or_level() -> None:
    checked = 0
    for state, action in heuristic_positions(4, 10):
        seat = state.current_player()
        view = state.view(seat)
        if view["phase"] != "pass_egg" or len(state.legal_actions()) < 2:
            continue
        length = len(view["track"])

        def progress(p: int, view: dict[str, Any] = view, length: int = length) -> int:
            return sum(length if d["home"] else d["tile"] for d in view["dinos"] if d["owner"] == p)

        target = state.describe_action(action)["target_seat"]
        others = [state.describe_action(a)["target_seat"] for a in state.legal_actions()]
        # The leader, unless the leader could bring the egg home at once.
        close = [p for p in others if sum(1 for d in view["dinos"] if d["owner"] == p and not d["home"]) == 1]
        if not close:
            assert progress(target) == max(progress(p) for p in others)
        checked += 1
    assert checked > 3


def test_no_swap_of_cards_the_next_tiles_need() -> None:
    for state, action in heuristic_positions(2, 4):
        info = state.describe_action(action)
        if info["kind"] != "swap":
            continue
        hand = state.view(state.current_player())["hand"]
        assert "wild" not in info["cards"] or hand.get("wild", 0) > 2


def test_heuristic_beats_random_clearly() -> None:
    game = dinobox.load_game("dino-race", players=2)
    wins = 0.0
    games = 20
    for i in range(games):
        specs = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        bots = [make_bot(s, i * 10 + k) for k, s in enumerate(specs)]
        result = play_game(game.new_initial_state(), bots, seed=i)
        wins += result.state.returns()[specs.index("heuristic")]
    assert wins / games >= 0.8


def test_plays_every_variant_to_the_end() -> None:
    for options, players in (({"teams": True}, 4), ({"survive": True}, 3), ({"double_match": True}, 2)):
        game = dinobox.load_game("dino-race", players=players, **options)
        bots = [make_bot("heuristic", s) for s in range(players)]
        result = play_game(game.new_initial_state(), bots, seed=3)
        assert result.state.is_terminal() and not result.capped


def finishes(state: State, action: int) -> bool:
    """Whether ``action`` moves a dino onto the last tile."""
    info = state.describe_action(action)
    if info["kind"] != "move":
        return False
    view = state.view(state.current_player())
    return view["dinos"][info["dino"]]["tile"] == len(view["track"]) - 1


def to_run(view: dict[str, Any], seat: int) -> int:
    length = len(view["track"])
    return sum(length - d["tile"] for d in view["dinos"] if d["owner"] == seat and not d["home"])


def test_wait_egg_keeps_the_last_dino_off_the_finish_without_the_egg() -> None:
    checked = 0
    for state, action in heuristic_positions(2, 30, {"wait_egg": 1.0}):
        seat = state.current_player()
        view = state.view(seat)
        racing = [d for d in view["dinos"] if d["owner"] == seat and not d["home"]]
        if view["phase"] != "play" or len(racing) != 1 or view["egg"] == seat or to_run(view, view["egg"]) == 0:
            continue
        assert not finishes(state, action), "finished the last dino while an opponent holds the egg"
        checked += 1
    assert checked > 20


def test_park_keeps_both_dinos_off_the_finish_while_an_opponent_holds_the_egg() -> None:
    """*Finish line!*, *End of the game*: only the egg holder's last finish ends the race, so
    without the egg a parked dino waits on the tile before the finish, its partner too."""
    checked = 0
    for state, action in heuristic_positions(2, 30, {"park": 1.0, "wait_egg": 1.0}):
        seat = state.current_player()
        view = state.view(seat)
        holder = view["egg"]
        if view["phase"] != "play" or holder == seat or not view["players"][holder]["racing"]:
            continue
        assert not finishes(state, action), "finished a dino while an opponent holds the egg"
        checked += 1
    assert checked > 100


def test_together_finishes_a_dino_only_when_the_hand_brings_both_home() -> None:
    """*Draw cards*: a player draws a card for each dino still on the track, and *Finish line!*:
    only the last finish brings the egg home; so with ``together`` a dino waits on the tile
    before the finish until matching cards and wildcards in hand cover every tile both dinos
    have left, and then both go home in the same turn."""
    finished, held = 0, 0
    for state, action in heuristic_positions(2, 30, {"together": 1.0}):
        seat = state.current_player()
        view = state.view(seat)
        racing = [d for d in view["dinos"] if d["owner"] == seat and not d["home"]]
        if view["phase"] != "play" or len(racing) != 2:
            continue
        length = len(view["track"])
        need: dict[str, int] = {}
        for d in racing:
            for tile in range(d["tile"], length):
                terrain = view["track"][tile]["terrain"]
                need[terrain] = need.get(terrain, 0) + 1
        hand = view["hand"]
        short = sum(max(0, n - hand.get(t, 0)) for t, n in need.items())
        if finishes(state, action):
            assert short <= hand.get("wild", 0), "finished a dino the hand cannot follow home this turn"
            finished += 1
        elif any(length - d["tile"] == 1 for d in racing) and any(
            i["kind"] == "move" and view["dinos"][i["dino"]]["tile"] == length - 1
            for i in kinds_of(state).get("move", [])
        ):
            held += 1
    assert finished > 5 and held > 20


def test_hold_finish_keeps_the_first_dino_back_while_the_other_is_far() -> None:
    checked = 0
    for state, action in heuristic_positions(2, 20, {"hold_finish": 4.0}):
        seat = state.current_player()
        view = state.view(seat)
        racing = [d for d in view["dinos"] if d["owner"] == seat and not d["home"]]
        if view["phase"] != "play" or len(racing) != 2 or not finishes(state, action):
            continue
        other = next(d for d in racing if d["id"] != state.describe_action(action)["dino"])
        assert len(view["track"]) - other["tile"] < 4, "finished a dino while the other was still far"
        checked += 1
    assert checked > 5


def test_egg_keep_near_keeps_the_egg_close_to_home() -> None:
    checked = 0
    for state, action in heuristic_positions(2, 40, {"egg_keep_near": 8.0}):
        seat = state.current_player()
        view = state.view(seat)
        if view["phase"] != "play" or not kinds_of(state).get("give_egg"):
            continue
        if to_run(view, seat) <= 8:
            assert state.describe_action(action)["kind"] != "give_egg"
            checked += 1
    assert checked > 3


def test_egg_wary_throws_no_egg_to_a_player_near_the_end() -> None:
    """With ``egg_wary`` 6 the egg is never thrown to a racing player whose dinos have 6 tiles or
    fewer left between them (two dinos parked before the finish included), and it still is
    thrown to players farther away."""
    near = far = 0
    for state, action in heuristic_positions(2, 60, {"egg_wary": 6.0}):
        view = state.view(state.current_player())
        gives = kinds_of(state).get("give_egg", [])
        if view["phase"] != "play" or not gives:
            continue
        targets = {g["target_seat"] for g in gives}
        info = state.describe_action(action)
        chosen = info["target_seat"] if info["kind"] == "give_egg" else None
        for target in targets:
            if to_run(view, target) <= 6:
                assert chosen != target, "threw the egg to a player near the end"
                near += 1
            elif chosen == target:
                far += 1
    assert near > 3
    assert far > 3


def test_prize_plan_weighs_the_second_prize_a_first_one_leaves() -> None:
    """With ``prize_plan`` 1 a first prize is worth its value plus the best second prize left once
    the opponent has taken the most valuable counter of the rest (pair bonus counted): offered
    red 6, green 5, green 4 and red 1, that is green 5 (5 + 4 + 3), not red 6 (6 + 1 + 3)."""

    def worth(first: dict[str, Any], offer: list[dict[str, Any]]) -> int:
        rest = sorted((p for p in offer if p["id"] != first["id"]), key=lambda p: -p["value"])[1:]
        second = max((p["value"] + (3 if p["colour"] == first["colour"] else 0) for p in rest), default=0)
        return int(first["value"]) + second

    checked = 0
    for state, action in heuristic_positions(2, 60, {"prize_plan": 1.0}):
        seat = state.current_player()
        view = state.view(seat)
        if view["phase"] != "prize" or view["players"][seat].get("prizes") or to_run(view, seat) == 0:
            continue
        offer = view["prize_choice"]
        counter = state.describe_action(action)["counter"]
        chosen = next(p for p in offer if p["id"] == counter)
        assert worth(chosen, offer) == max(worth(p, offer) for p in offer)
        checked += 1
    assert checked > 10
