"""Bot specs: parsing, options and clear errors."""

from __future__ import annotations

import pytest

import dinobox
from dinobox.bots import (
    LEVEL_INFO,
    LEVELS,
    EasyBot,
    HeuristicBot,
    ISMCTSBot,
    RandomBot,
    StrongBot,
    bot_kinds,
    check_bot_for_game,
    make_bot,
    parse_spec,
)
from dinobox.engine.errors import InvalidOptionError


def test_parse_spec_splits_name_and_options() -> None:
    assert parse_spec("ismcts:iterations=50, playout=random") == (
        "ismcts",
        {"iterations": "50", "playout": "random"},
    )
    assert parse_spec(" random ") == ("random", {})


def test_make_bot_builds_each_kind() -> None:
    assert set(bot_kinds()) >= {"random", "heuristic", "ismcts"}
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("heuristic", 1), HeuristicBot)
    bot = make_bot("ismcts:iterations=7,c=1.2,playout=random", 1)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.seconds, bot.exploration, bot.playout) == (7, None, 1.2, "random")
    timed = make_bot("ismcts:seconds=0.5", 1)
    assert isinstance(timed, ISMCTSBot) and timed.seconds == 0.5 and timed.iterations is None


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nobot", "no bot 'nobot'"),
        ("random:x=1", "takes no options"),
        ("heuristic:depth=2", "takes no options"),
        ("ismcts:width=3", "no option 'width'"),
        ("ismcts:depth=0", "must be positive"),
        ("ismcts:iterations=abc", "iterations must be a whole number"),
        ("ismcts:iterations=0", "must be positive"),
        ("ismcts:seconds=-1", "must be positive"),
        ("ismcts:playout=smart", "playout must be"),
        ("ismcts:search=deep", "search must be 'tree' or 'flat'"),
        ("ismcts:iterations", "must be KEY=VALUE"),
        ("strong:playout=random", "no option 'playout'"),
        ("strong:iterations=0", "must be positive"),
        ("strong:seconds=fast", "seconds must be a number"),
        ("strong:margin=2", "margin must be between 0 and 1"),
        ("strong:width=1", "width must be at least 2"),
        ("strong:z=-1", "must be positive"),
        ("hard:seconds=2", "takes no options"),
        ("strong:depth=5", "runs only with a budget"),
        ("easy:blunder=1", "takes no options"),
        ("", "non-empty"),
    ],
)
def test_bad_specs_are_refused_clearly(spec: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        make_bot(spec, 0)


def test_strong_bot_and_levels() -> None:
    bot = make_bot("strong:iterations=300,depth=20,margin=0.2,z=0,width=4", 1)
    assert isinstance(bot, StrongBot)
    assert (bot.iterations, bot.seconds, bot.depth, bot.margin, bot.z, bot.width) == (300, None, 20, 0.2, 0.0, 4)
    default = make_bot("strong", 1)
    # by default the learned policy alone: no search, no budget
    assert isinstance(default, StrongBot) and not default.searches and default.seconds is None
    timed = make_bot("strong:seconds=0.5", 1)
    assert isinstance(timed, StrongBot) and timed.searches and timed.seconds == 0.5
    assert set(LEVELS) <= set(bot_kinds()) and LEVELS == ("easy", "medium", "hard", "master")
    assert [level.name for level in LEVEL_INFO] == list(LEVELS)
    assert all(level.label and level.about.endswith(".") for level in LEVEL_INFO)
    assert isinstance(make_bot("easy", 1), EasyBot)
    assert isinstance(make_bot("medium", 1), HeuristicBot)
    hard = make_bot("hard", 1)
    assert isinstance(hard, StrongBot) and not hard.searches


def test_heuristic_needs_a_policy_for_the_game() -> None:
    check_bot_for_game("heuristic", "dino-race")
    with pytest.raises(dinobox.UnknownGameError, match="no game 'no-such-game'"):
        check_bot_for_game("heuristic", "no-such-game")


def test_bots_play_a_whole_game() -> None:
    from dinobox.engine.runner import play_game

    game = dinobox.load_game("dino-race", players=3)
    bots = [
        make_bot("heuristic", 1),
        make_bot("ismcts:iterations=4,playout=random", 2),
        make_bot("random", 3),
    ]
    result = play_game(game.new_initial_state(), bots, seed=5)
    assert result.state.is_terminal() and result.winners
    bots = [make_bot("strong:iterations=8,depth=4", 1), make_bot("easy", 2), make_bot("medium", 3)]
    result = play_game(game.new_initial_state(), bots, seed=5)
    assert result.state.is_terminal() and result.winners


def test_split_specs_keeps_options_with_their_bot() -> None:
    from dinobox.bots import split_specs

    assert split_specs("heuristic,ismcts:iterations=5,playout=random,random") == [
        "heuristic",
        "ismcts:iterations=5,playout=random",
        "random",
    ]


def test_ismcts_prior_option() -> None:
    bot = make_bot("ismcts:iterations=3,prior=2.5", 0)
    assert isinstance(bot, ISMCTSBot) and bot.prior == 2.5
    off = make_bot("ismcts:iterations=3,prior=0", 0)
    assert isinstance(off, ISMCTSBot) and off.prior == 0.0
    with pytest.raises(InvalidOptionError, match="prior must be a number"):
        make_bot("ismcts:prior=high", 0)


def test_ismcts_search_option() -> None:
    bot = make_bot("ismcts:iterations=3,search=flat", 0)
    assert isinstance(bot, ISMCTSBot) and bot.search == "flat"
    tree = make_bot("ismcts:iterations=3", 0)
    assert isinstance(tree, ISMCTSBot) and tree.search == "tree"


def test_strong_and_hard_budgets_are_capped() -> None:
    from dinobox.bots import budget_of, capped_spec

    assert budget_of("strong:iterations=50") == budget_of("strong:iterations=50,z=2")
    assert not budget_of("hard").searches and not budget_of("strong").searches
    assert not budget_of("easy").searches and not budget_of("medium").searches
    assert budget_of("strong:seconds=1.5").seconds == 1.5 and budget_of("strong:seconds=1.5").searches
    assert capped_spec("strong:iterations=900", 200, 2.0) == "strong:iterations=200"
    assert capped_spec("strong:seconds=3", 200, 2.0) == "strong:seconds=2.0"
    assert capped_spec("hard", 200, 0.5) == "hard" and capped_spec("strong", 200, 0.5) == "strong"
