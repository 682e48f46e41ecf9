"""The generic board, which draws a plug-in game that ships no board of its own, marks every seat
with a letter as well as a colour, as the four games' boards do: in the players' table and on the
pieces of a map. The plug-in game is ``tests/plugin/dino_eggs`` (no board.js), played in Chromium."""

from __future__ import annotations

from typing import Any

from .helpers import create

BOT = {"type": "bot", "bot": "random"}

LETTERS = """() => [...document.querySelectorAll('#players tbody tr')].map((tr) => {
  const mark = tr.querySelector('.seat-letter');
  return mark && mark.getBoundingClientRect().width > 0 ? mark.innerText.trim() : null; })"""

# The generic board (the page's own module) drawing a view with a map, seats named "Ann" and "Bo",
# into a box of the page: the pieces on the map, as a person sees them (their letter, their tooltip).
MAP = """async () => {
  const generic = await import('/static/js/boards/generic.js');
  const view = { players: [{ name: 'Ann' }, { name: 'Bo' }],
    spaces: [0, 1, 2, 3].map((id) => ({ id, x: id % 2, y: Math.floor(id / 2), kind: 'plain' })),
    pawns: [{ space: 0, owner: 0 }, { space: 3, owner: 1 }, { space: 3, owner: 0 }] };
  const root = document.createElement('div');
  document.body.append(root);
  generic.render(root, { view, table: { seats: [] }, offer: () => {} });
  return [...root.querySelectorAll('.generic-piece')].map((g) => ({
    letter: g.querySelector('text') ? g.querySelector('text').textContent : '',
    title: g.querySelector('title').textContent,
    shown: g.querySelector('text') ? g.querySelector('text').getBoundingClientRect().width > 0 : false }));
}"""


def test_a_plug_in_games_seats_carry_a_letter_on_the_generic_board(server: str, context: Any) -> None:
    made = create(server, game="dino-eggs", players=2, seats=[{"type": "human"}, BOT], claim=[0], start=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table/{made['table']['id']}?seat=0&token={made['tokens'][0]['token']}")
    page.wait_for_selector("#players tbody tr")
    rows = page.evaluate(LETTERS)
    # "Player 1" and "Player 2" start alike: the seats are marked by their numbers
    assert rows == ["1", "2"], rows
    pieces = page.evaluate(MAP)
    assert [p["letter"] for p in pieces] == ["A", "B", "A"], pieces
    assert all(p["shown"] for p in pieces), pieces
    assert pieces[1]["title"].startswith("Bo"), pieces  # the tooltip names the owner
    assert not errors, errors
