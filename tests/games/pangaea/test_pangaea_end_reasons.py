"""Pangaea: which end fired (``State.end_reason()``: The End Game, with "nobody survives" as its
own reason) and the starting stars and order of play a game reports (Kick-off the game)."""

from __future__ import annotations

from dinobox import load_game
from dinobox.bots import make_bot
from dinobox.engine.runner import play_game
from dinobox.engine.state import State


def _game(players: int, seed: int, **options: object) -> State:
    game = load_game("pangaea", players=players, **options)
    bots = [make_bot("heuristic", seed * 10 + seat) for seat in range(players)]
    return play_game(game.new_initial_state(), bots, seed=seed).state


def test_the_end_game_impact_and_nobody_survives() -> None:
    game = load_game("pangaea", players=2)
    assert [c.id for c in game.end_conditions] == ["impact", "nobody_survives"]
    # Nobody survives in about one heuristic game in ten (rules.md, How games end): seeded games
    # are played until both ends have been seen, so a change to the bot's play moves the seed
    # that shows it, not the test's outcome.
    reasons: dict[str | None, State] = {}
    for seed in range(200):
        state = _game(2, seed)
        reasons.setdefault(state.end_reason(), state)
        if len(reasons) == 2:
            break
    assert set(reasons) == {"impact", "nobody_survives"}
    assert reasons["impact"].winners()
    nobody = reasons["nobody_survives"]
    assert nobody.winners() == [] and nobody.view(None)["end"]["survived"] is False


def test_kick_off_the_game_starting_stars_and_order_of_play() -> None:
    state = _game(3, 0, first="random")
    order = state.play_order()
    assert sorted(order) == [0, 1, 2]
    assert state.choice_order() == order  # starting stars are chosen in turn order
    stars = state.seat_roles()["star"]
    assert len(set(stars)) == 3 and all(s is not None and s.startswith("r") for s in stars)
    assert state.game.role_kinds()[0].id == "star" and state.game.role_kinds()[0].chosen
    fresh = load_game("pangaea", players=2).new_initial_state()
    assert fresh.end_reason() is None and fresh.seat_roles() == {"star": [None, None]}
