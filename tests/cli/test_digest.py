"""The 'since your last turn' digest compares the seat's own two views, generically."""

from __future__ import annotations

from dinobox.cli.digest import changes, digest
from dinobox.jsonvalue import JsonValue


def test_the_digest_names_the_seats_own_changes_and_none_of_the_others() -> None:
    before: dict[str, JsonValue] = {
        "turn": 3,
        "cards": ["x"],
        "scores": [1, 4],
        "deck_count": 20,
        "players": [
            {"name": "Red", "gems": 2, "hand": ["a", "b"], "cards_count": 1},
            {"name": "Blue", "gems": 5, "hand": ["c"]},
        ],
        "pieces": [{"id": 0, "owner": 0, "name": "Red 1", "at": 3}, {"id": 1, "owner": 1, "name": "Blue 1", "at": 1}],
    }
    after: dict[str, JsonValue] = {
        "turn": 5,
        "cards": ["x", "y"],
        "scores": [1, 9],
        "deck_count": 17,
        "players": [
            {"name": "Red", "gems": 3, "hand": ["a"], "cards_count": 2},
            {"name": "Blue", "gems": 0, "hand": []},
        ],
        "pieces": [{"id": 0, "owner": 0, "name": "Red 1", "at": 0}, {"id": 1, "owner": 1, "name": "Blue 1", "at": 7}],
    }
    assert [line for _, line in changes(before, after, 0)] == [
        "your gems: 2 → 3 (+1)",
        "your hand: 2 → 1 (-1)",
        "Red 1: at 3 → 0",
        "your cards: 1 → 2 (+1)",  # the seat's own cards, not their public count too
        "deck size: 20 → 17 (-3)",  # the turn counter says nothing; Blue's score is not Red's
    ]


def test_the_games_words_come_first_and_replace_the_generic_line() -> None:
    before: dict[str, JsonValue] = {
        "seat": 0,
        "egg": 1,
        "dinos": [],
        "players": [{"name": "Red", "lava_drops": 0}, {"name": "Blue"}],
    }
    after: dict[str, JsonValue] = {
        "seat": 0,
        "egg": 0,
        "dinos": [],
        "players": [{"name": "Red", "lava_drops": 2}, {"name": "Blue"}],
    }
    assert digest("dino-race", before, after, 0, 3) == [
        "the egg is yours now",
        "your lava drops: 0 → 2 (+2)",
        "3 new log entries (l: the log)",
    ]


def test_a_pieces_changes_are_said_in_words_not_python_values() -> None:
    """T-Rex Island: a team eaten on space 5 ("space 5 → none, lost", not "None", "False → True")."""
    before: dict[str, JsonValue] = {
        "players": [{"name": "Red"}],
        "dice": [{"owner": 0, "name": "Red team 1", "space": 5, "lost": False}],
    }
    die: dict[str, JsonValue] = {"owner": 0, "name": "Red team 1", "space": None, "lost": True}
    after: dict[str, JsonValue] = {"players": [{"name": "Red"}], "dice": [die]}
    assert [line for _, line in changes(before, after, 0)] == ["Red team 1: space 5 → none, lost"]
    die.update(space=7, lost=False)
    assert [line for _, line in changes(after, before, 0)] == ["Red team 1: space 7 → 5"]
