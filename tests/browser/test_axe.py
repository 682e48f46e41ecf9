"""axe-core finds no critical, serious or moderate violation on any page, in Chromium and in
Firefox: the lobby; each game's table mid-game, also with a menu of choices open; the replay with
the coach's graph; the profile and ratings pages."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from dinobox.server.settings import Settings
from server.live_server import serve_in_thread

from .axe import check_chromium, check_firefox
from .firefox_bidi import Firefox, started_firefox
from .helpers import HTTP, create, play_by_api, state, version, wait_newer

BOT = {"type": "bot", "bot": "random"}
GAMES = ["dino-race", "dinosaur-rush", "pangaea", "trex-island"]
PLAYERS = {"dinosaur-rush": 3}
GRAPH = "#win-graph svg polyline"
MOVES_TO_A_MENU = 30
"""Seat 0's decisions played, at most, until a piece on the board offers several choices."""
# a board element whose click opens a menu (it offers several actions), clicked by the page's own handler
OPEN_MENU = """(() => {
  const many = [...document.querySelectorAll('#board [data-offers]')].find((e) => e.dataset.offers.includes(' '));
  if (!many) return false;
  many.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 40, clientY: 40 }));
  return !!document.querySelector('.popup[role=menu]');
})()"""


# the coach's analysis on a small budget (the graph is what is checked, not the coach's strength)
SMALL = Settings(analysis_iterations=20, hint_seconds=0.1, tables_per_minute=1e6, tables_burst=10**6)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from dinobox.server import create_app

    db = tmp_path_factory.mktemp("axe") / "tables.sqlite3"
    app = create_app(f"sqlite:///{db}", rng=random.Random(41), gc_tuning=False, settings=SMALL)
    with serve_in_thread(app) as url:
        yield url


@pytest.fixture(scope="module")
def firefox() -> Iterator[Firefox]:
    with started_firefox() as fx:
        yield fx


class MidGame:
    """Seat 0's table a few decisions in, against random bots; ``next_move`` plays one more of
    seat 0's decisions (through the API, as another tab of the same person would)."""

    def __init__(self, server: str, game_id: str) -> None:
        n = PLAYERS.get(game_id, 2)
        seats = [{"type": "human"}] + [BOT] * (n - 1)
        made = create(server, game=game_id, players=n, seats=seats, claim=[0], start=True)
        self.server, self.tid, self.token = server, str(made["table"]["id"]), str(made["tokens"][0]["token"])
        self.url = f"{server}/table/{self.tid}?seat=0&token={self.token}"
        self.rng = random.Random(3)
        seen = {"n": 0}

        def stop(st: dict[str, Any]) -> bool:
            if st["legal"]:
                seen["n"] += 1
            return seen["n"] > 6 and bool(st["legal"])

        play_by_api(server, self.tid, 0, self.token, self.rng, stop=stop)

    def next_move(self) -> None:
        seen = {"moved": False}

        def stop(st: dict[str, Any]) -> bool:
            if st["table"]["status"] != "playing":
                raise AssertionError("the game ended before a menu of choices was offered")
            done = seen["moved"] and bool(st["legal"])
            seen["moved"] = seen["moved"] or bool(st["legal"])
            return done

        play_by_api(self.server, self.tid, 0, self.token, self.rng, stop=stop)


def finished_game(server: str) -> str:
    made = create(server, game="dino-race", players=2, seats=[BOT, BOT], claim=[], start=True)
    tid = str(made["table"]["id"])
    assert state(server, tid)["table"]["status"] == "finished"
    return tid


def profile(server: str) -> dict[str, Any]:
    return dict(HTTP.post(f"{server}/api/profiles", json={"name": "Ada"}, timeout=10).json())


READY = "() => document.body.dataset.status === 'finished' || !!document.querySelector('#actions button[data-action]')"


def rated_game(server: str) -> dict[str, Any]:
    """A profile that has finished a rated Dino Race game against a bot: the profile and ratings pages have rows."""
    made = profile(server)
    seats = [{"type": "human"}, {"type": "bot", "bot": "heuristic"}]
    table = create(
        server, game="dino-race", players=2, seats=seats, claim=[0], rated=True, profile_key=made["key"], start=True
    )
    play_by_api(server, table["table"]["id"], 0, table["tokens"][0]["token"], random.Random(5))
    return made


def test_axe_lobby_profile_and_ratings_in_chromium(server: str, context: Any) -> None:
    made = rated_game(server)
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#game-select option", state="attached")
    check_chromium(page, "the lobby")
    page.goto(server + "/ratings/dino-race")
    page.wait_for_selector("#leaderboard-table")
    check_chromium(page, "the ratings page")
    page.goto(f"{server}/profile/{made['key'].split('.', 1)[0]}")
    page.wait_for_selector("#games-table")
    check_chromium(page, "the profile page")


@pytest.mark.parametrize("game_id", GAMES)
def test_axe_table_mid_game_and_menu_in_chromium(server: str, context: Any, game_id: str) -> None:
    page = context.new_page()
    table = MidGame(server, game_id)
    page.goto(table.url)
    page.wait_for_function(READY)
    check_chromium(page, f"the {game_id} table")
    for _ in range(MOVES_TO_A_MENU):  # until a piece offers several choices: a click opens its menu
        if page.evaluate(OPEN_MENU):
            break
        seen = version(page)
        table.next_move()
        wait_newer(page, seen)
        page.wait_for_function(READY)
    assert page.locator(".popup[role=menu]").count() == 1, f"no menu of choices opened on the {game_id} table"
    check_chromium(page, f"the {game_id} table with a menu open")


def test_axe_replay_with_the_coach_graph_in_chromium(server: str, context: Any) -> None:
    page = context.new_page()
    page.goto(f"{server}/replay/{finished_game(server)}")
    page.wait_for_selector("#step-label:has-text('decision 0 of')")
    page.select_option("#analyse-seat", "1")
    page.get_by_role("button", name="Analyse").click()
    page.wait_for_selector(GRAPH, timeout=120000)
    check_chromium(page, "the replay with the coach's graph")


def test_axe_every_page_in_firefox(server: str, firefox: Firefox) -> None:
    firefox.goto(server + "/")
    firefox.wait_for("document.querySelectorAll('#game-select option').length", what="the lobby")
    check_firefox(firefox, "the lobby")
    made = rated_game(server)
    firefox.goto(server + "/ratings/dino-race")
    firefox.wait_for("!!document.querySelector('#leaderboard-table')", what="the ratings")
    check_firefox(firefox, "the ratings page")
    firefox.goto(f"{server}/profile/{made['key'].split('.', 1)[0]}")
    firefox.wait_for("!!document.querySelector('#games-table')", what="the profile page")
    check_firefox(firefox, "the profile page")
    for game_id in GAMES:
        table = MidGame(server, game_id)
        firefox.goto(table.url)
        firefox.wait_for(READY[6:], what=f"the {game_id} table")
        check_firefox(firefox, f"the {game_id} table")
        for _ in range(MOVES_TO_A_MENU):
            if firefox.evaluate(OPEN_MENU):
                break
            seen = int(firefox.evaluate("Number(document.body.dataset.version ?? -1)"))
            table.next_move()
            firefox.wait_for(f"Number(document.body.dataset.version ?? -1) > {seen}", what="the next picture")
            firefox.wait_for(READY[6:], what=f"the {game_id} table")
        assert firefox.evaluate("document.querySelectorAll('.popup[role=menu]').length === 1"), game_id
        check_firefox(firefox, f"the {game_id} table with a menu open")
    firefox.goto(f"{server}/replay/{finished_game(server)}")
    firefox.wait_for("document.getElementById('step-label').textContent.startsWith('decision 0')", what="the replay")
    firefox.evaluate("(() => { const s = document.getElementById('analyse-seat'); s.value = '1'; return true; })()")
    firefox.evaluate("[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Analyse').click()")
    firefox.wait_for(f"!!document.querySelector({GRAPH!r})", timeout=120, what="the coach's graph")
    check_firefox(firefox, "the replay with the coach's graph")
