"""Nothing on a board is told by colour alone, looked at during games against bots in Chromium:
every piece a seat owns carries that seat's letter (Dino Race "R1", also knocked over; T-Rex
Island's team dice; Pangaea's Explorers and Shelters; Dinosaur Rush's paleontologists), and T-Rex
Island prints each space's colour on it and each card's colour in its words."""

from __future__ import annotations

import random
from typing import Any

from .helpers import HTTP, create, state, version, wait_newer

BOT = {"type": "bot", "bot": "random"}
PLAYERS = {"dino-race": 2, "dinosaur-rush": 3, "pangaea": 2, "trex-island": 2}
PIECES = {  # a seat's pieces on each board, and the text on them that carries the seat's letter
    "dino-race": ("g.dino", ".dino-mark"),
    "trex-island": ("g.ti-die", ".ti-die-mark"),
    "pangaea": ("g.pg-explorer, g.pg-shelter", ".pg-piece-mark"),
    "dinosaur-rush": ("g.dr-meeple", ".dr-meeple-mark"),
}
DECISIONS = 20
"""Seat 0's decisions (random), each followed by a look at the board."""

# Each owned piece's letter as shown (empty when it has none or it is not drawn), with its letter's
# owner seat; the T-Rex spaces whose printed colour differs from their kind; the cards without
# their colour in words.
LOOK = """([pieces, mark]) => {
  const out = { pieces: [], spaces: [], cards: [] };
  for (const el of document.querySelectorAll(`#board :is(${pieces})`)) {
    const text = el.querySelector(mark);
    const shown = text && text.getBoundingClientRect().width > 0 ? text.textContent.trim() : '';
    out.pieces.push({ shown, seat: el.dataset.owner ?? el.dataset.seat ?? el.dataset.explorer ?? el.dataset.shelter });
  }
  for (const el of document.querySelectorAll('#board g.ti-space')) {
    const kind = el.dataset.kind;
    if (!['orange', 'purple', 'cyan'].includes(kind)) continue;
    const words = el.querySelector('.ti-space-colour');
    if (!words || words.textContent.trim() !== kind) out.spaces.push(el.dataset.space);
  }
  for (const el of document.querySelectorAll('#board .ti-card:not(.ti-back)')) {
    const words = el.innerText.trim();
    if (words !== 'empty' && !/orange|purple|cyan/i.test(words)) out.cards.push(words.slice(0, 40));
  }
  return out;
}"""


def test_every_piece_carries_its_seats_letter_and_trex_colours_are_printed(server: str, context: Any) -> None:
    page = context.new_page()
    for game_id, (pieces, mark) in PIECES.items():
        n = PLAYERS[game_id]
        seats = [{"type": "human"}] + [BOT] * (n - 1)
        made = create(server, game=game_id, players=n, seats=seats, claim=[0], start=True)
        tid, token = str(made["table"]["id"]), str(made["tokens"][0]["token"])
        page.goto(f"{server}/table/{tid}?seat=0&token={token}")
        rng = random.Random(5)
        seen = 0
        for _ in range(DECISIONS):
            st = state(server, tid, 0, token)
            if st["table"]["status"] != "playing":
                break
            page.wait_for_function("v => Number(document.body.dataset.version ?? -1) >= v", arg=st["version"])
            look = page.evaluate(LOOK, [pieces, mark])
            names = [str(p.get("name") or "?")[:1].upper() for p in st["view"]["players"]]  # the seats' letters
            for piece in look["pieces"]:
                assert piece["shown"], f"{game_id}: a piece of seat {piece['seat']} shows no letter"
                if piece["seat"] is not None:
                    assert piece["shown"][:1] == names[int(piece["seat"])], (game_id, piece, names)
            assert look["spaces"] == [] and look["cards"] == [], (game_id, look)
            seen += len(look["pieces"])
            if not st["legal"]:
                continue
            before = version(page)
            pick = rng.choice(st["legal"])
            body = {"seat": 0, "token": token, "action": pick["action"], "version": st["version"]}
            r = HTTP.post(f"{server}/api/tables/{tid}/actions", params={"wait": 10}, timeout=30, json=body)
            assert r.status_code == 200, r.text
            wait_newer(page, before)
        assert seen > 0, f"{game_id}: no piece of a seat was on the board"
