"""The engine contract, checked for every registered game."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest

import dinobox
from dinobox.engine import CHANCE, TERMINAL, IllegalActionError, RecordError, from_record, load_game
from dinobox.engine.registry import game_class


def configurations() -> list[tuple[str, int, dict[str, object]]]:
    """Every game at every base player count, plus each variant at its smallest count."""
    out: list[tuple[str, int, dict[str, object]]] = []
    for gid in dinobox.game_ids():
        cls = game_class(gid)
        for n in range(cls.min_players, cls.max_players + 1):
            out.append((gid, n, {}))
        for spec in cls.option_specs:
            if spec.variant:
                options: dict[str, Any] = {spec.name: True}
                low, high = cls.player_range(options)
                for n in sorted({low, high}):
                    try:
                        cls(players=n, **options)
                    except ValueError:
                        continue
                    out.append((gid, n, options))
    return out


CONFIGS = configurations()
IDS = [f"{g}-{n}p" + "".join(f"-{k}" for k in o) for g, n, o in CONFIGS]
GAME_IDS = dinobox.game_ids()


def random_game(gid: str, n: int, options: dict[str, object], seed: int, visit=None):  # type: ignore[no-untyped-def]
    game = load_game(gid, players=n, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        if visit is not None:
            visit(state, steps)
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < game.max_game_length(), "game did not terminate"
    return state


@functools.cache
def _typical_length(gid: str) -> int:
    cls = game_class(gid)
    return random_game(gid, cls.default_players or cls.min_players, {}, 0).move_number()


def stride(gid: str, k: int) -> int:
    """Visit every k-th step, or more often in a short game (at least about ten visits)."""
    return max(1, min(k, _typical_length(gid) // 10))


@pytest.mark.parametrize(("gid", "n", "options"), CONFIGS, ids=IDS)
def test_random_games_terminate_with_valid_outcome(gid: str, n: int, options: dict[str, object]) -> None:
    for seed in range(3):
        state = random_game(gid, n, options, seed)
        assert state.current_player() == TERMINAL
        assert state.legal_actions() == []
        scores = state.scores()
        assert len(scores) == n
        winners = state.winners()
        assert (winners or state.game.can_end_without_winner) and all(0 <= w < n for w in winners)
        returns = state.returns()
        assert abs(sum(returns) - (1.0 if winners else 0.0)) < 1e-9
        json.dumps(state.view(None))


@pytest.mark.parametrize("gid", GAME_IDS)
def test_every_node_is_well_formed(gid: str) -> None:
    cls = game_class(gid)
    n = cls.default_players or cls.min_players
    game = load_game(gid, players=n)

    def visit(state, step):  # type: ignore[no-untyped-def]
        legal = state.legal_actions()
        assert legal == sorted(legal) and len(set(legal)) == len(legal) and legal
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert [a for a, _ in outcomes] == legal
            assert all(0 <= a < game.max_chance_outcomes() for a in legal)
        else:
            assert 0 <= player < n
            assert all(0 <= a < game.num_distinct_actions() for a in legal)
            mask = state.legal_action_mask()
            assert [i for i, m in enumerate(mask) if m] == legal
            for a in legal[:20]:
                text = state.action_to_string(a)
                assert isinstance(text, str) and text
                json.dumps(state.describe_action(a))
        if step % 25 == 0:
            for seat in [None, *range(n)]:
                json.dumps(state.view(seat))
        if step % 200 == 0:
            for seat in [None, *range(n)]:
                json.dumps(state.log(seat))

    state = random_game(gid, n, {}, 7, visit)
    for seat in [None, *range(n)]:
        json.dumps(state.view(seat))
        entries = state.log(seat)
        json.dumps(entries)
        assert all(isinstance(e["text"], str) for e in entries)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_records_round_trip(gid: str) -> None:
    cls = game_class(gid)
    n = cls.default_players or cls.min_players
    checked = 0

    def visit(state, step):  # type: ignore[no-untyped-def]
        nonlocal checked
        if step % stride(gid, 97) == 0:
            record = json.loads(json.dumps(state.to_record()))
            again = from_record(record)
            assert again.history() == state.history()
            assert again.view(None) == state.view(None)
            assert again.legal_actions() == state.legal_actions()
            checked += 1

    final = random_game(gid, n, {}, 11, visit)
    again = from_record(final.to_record())
    assert again.is_terminal() and again.scores() == final.scores() and again.winners() == final.winners()
    assert checked > 1


@pytest.mark.parametrize("gid", GAME_IDS)
def test_malformed_records_are_refused(gid: str) -> None:
    good = load_game(gid).new_initial_state().to_record()
    bad: object
    for bad in (
        [],
        {**good, "format": 99},
        {**good, "game": "no-such-game"},
        {**good, "players": 99},
        {**good, "history": "abc"},
        {**good, "history": [10**9]},
        {**good, "options": {"no_such_option": True}},
        {k: v for k, v in good.items() if k != "history"},
    ):
        with pytest.raises(RecordError):
            from_record(bad)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_illegal_actions_raise_and_change_nothing(gid: str) -> None:
    cls = game_class(gid)
    n = cls.default_players or cls.min_players
    game = load_game(gid, players=n)
    probes = 0

    def visit(state, step):  # type: ignore[no-untyped-def]
        nonlocal probes
        if step % stride(gid, 13):
            return
        legal = set(state.legal_actions())
        before = (state.history(), state.view(None), [state.view(s) for s in range(n)], state.current_player())
        space = game.max_chance_outcomes() if state.is_chance_node() else game.num_distinct_actions()
        bad = [a for a in (-1, space, space + 5, *range(space)) if a not in legal][:3]
        for a in [*bad, "1", 1.5, None, True]:
            with pytest.raises(IllegalActionError) as info:
                state.apply_action(a)
            assert str(info.value)
            if isinstance(a, int) and not isinstance(a, bool):  # why_illegal says the same words
                assert str(info.value) == f"action {a} refused: {state.why_illegal(a)}"
            after = (state.history(), state.view(None), [state.view(s) for s in range(n)], state.current_player())
            assert after == before
        assert all(state.why_illegal(a) is None for a in list(legal)[:3])
        probes += 1

    final = random_game(gid, n, {}, 3, visit)
    with pytest.raises(IllegalActionError):
        final.apply_action(0)
    assert probes > 3


@pytest.mark.parametrize("gid", GAME_IDS)
def test_bad_options_and_player_counts_raise(gid: str) -> None:
    cls = game_class(gid)
    with pytest.raises(ValueError, match="players"):
        load_game(gid, players=cls.max_players + 1)
    with pytest.raises(ValueError):
        load_game(gid, players=cls.min_players - 1)
    with pytest.raises(ValueError, match="no option"):
        load_game(gid, no_such_option=1)
    with pytest.raises(ValueError, match="no game"):
        load_game(gid + "-nope")


@pytest.mark.parametrize("gid", GAME_IDS)
def test_resample_keeps_view_and_legal_actions(gid: str) -> None:
    cls = game_class(gid)
    n = cls.default_players or cls.min_players
    rng = random.Random(5)
    varied = 0
    checked = 0

    def visit(state, step):  # type: ignore[no-untyped-def]
        nonlocal varied, checked
        if step % stride(gid, 17):
            return
        player = state.current_player()
        seats = [player] if player >= 0 else [step % n]
        for seat in seats:
            view = state.view(seat)
            others = [state.view(s) for s in range(n) if s != seat]
            for _ in range(2):
                sample = state.resample(seat, rng)
                assert sample.view(seat) == view
                assert sample.current_player() == player
                if player == seat:
                    assert sample.legal_actions() == state.legal_actions()
                if [sample.view(s) for s in range(n) if s != seat] != others:
                    varied += 1
                # the sample is itself a playable state
                s2 = sample.clone()
                if not s2.is_terminal():
                    s2.apply_action(s2.legal_actions()[0])
            checked += 1
        # resampling must not disturb the original
        assert state.view(None) == state.view(None)

    final = random_game(gid, n, {}, 21, visit)
    for seat in range(n):  # what the end of the game revealed stays revealed
        assert final.resample(seat, rng).view(seat) == final.view(seat)
    assert checked > 3
    if cls.hidden_information:
        assert varied > 0, "resample never redrew anything another seat knows: is hidden information redrawn?"
    else:
        assert varied == 0, "a game without hidden information must not redraw anything"


@pytest.mark.parametrize("gid", GAME_IDS)
def test_resample_depends_only_on_what_the_seat_knows(gid: str) -> None:
    """Two states with the same view for a seat resample identically under the same rng."""
    cls = game_class(gid)
    n = cls.default_players or cls.min_players
    done = 0

    def visit(state, step):  # type: ignore[no-untyped-def]
        nonlocal done
        if step % stride(gid, 41) or step == 0:
            return
        seat = step % n
        twin = state.resample(seat, random.Random(step))  # same knowledge, other hidden facts
        a = state.resample(seat, random.Random(99)).view(None)
        b = twin.resample(seat, random.Random(99)).view(None)
        assert a == b
        done += 1

    random_game(gid, n, {}, 8, visit)
    assert done > 1


@pytest.mark.parametrize("gid", GAME_IDS)
def test_clone_is_independent(gid: str) -> None:
    cls = game_class(gid)
    n = cls.default_players or cls.min_players
    rng = random.Random(2)

    def visit(state, step):  # type: ignore[no-untyped-def]
        if step % 31:
            return
        copy = state.clone()
        before = state.view(None), [state.view(s) for s in range(n)], state.history()
        for _ in range(30):
            if copy.is_terminal():
                break
            copy.apply_action(copy.sample_chance(rng) if copy.is_chance_node() else rng.choice(copy.legal_actions()))
        assert (state.view(None), [state.view(s) for s in range(n)], state.history()) == before

    random_game(gid, n, {}, 4, visit)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_views_reject_bad_seats(gid: str) -> None:
    state = load_game(gid).new_initial_state()
    for bad in (-1, 99, "0", True):
        with pytest.raises(ValueError):
            state.view(bad)  # a wrong type on purpose
        with pytest.raises(ValueError):
            state.log(bad)  # a wrong type on purpose


@pytest.mark.parametrize("gid", GAME_IDS)
def test_log_since_returns_only_the_new_entries(gid: str) -> None:
    n = load_game(gid).num_players
    final = random_game(gid, n, {}, 5)
    for seat in [None, *range(n)]:
        whole = final.log(seat)
        assert final.log_length() == len(whole)
        for since in (0, 1, len(whole) // 2, len(whole), len(whole) + 3):
            assert final.log(seat, since=since) == whole[since:]
    for bad in (-1, 1.5, "2", True):
        with pytest.raises(ValueError):
            final.log(None, since=bad)
