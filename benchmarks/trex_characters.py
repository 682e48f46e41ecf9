"""Who wins seeded Escape from T-Rex Island games among equal bots: by character and by place
in the choosing order (Set-up 1: a seat drawn at random chooses first, then clockwise).

    python benchmarks/trex_characters.py                       # 400 heuristic games each, 2-4 players
    python benchmarks/trex_characters.py --games 100 --bot strong --players 4

Every seat is played by the same bot; game ``i`` uses chance seed ``i`` and bot seeds
``i * 10 + seat``. A shared win counts as a share. Not a test: it measures whether a character
or choosing first wins more (rules.md, "Bots and speed"); seat fairness itself is measured by
``dinobox simulate``.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from dinobox import load_game, make_bot
from dinobox.engine.runner import play_game

CHARACTERS = ("scout", "hunter", "explorer", "journalist")


def measure(bot: str, players: int, games: int) -> tuple[dict[str, float], dict[int, float]]:
    """Wins by character and by place in the choosing order (0 = chose first)."""
    by_character: defaultdict[str, float] = defaultdict(float)
    by_place: defaultdict[int, float] = defaultdict(float)
    game = load_game("trex-island", players=players)
    for i in range(games):
        bots = [make_bot(bot, seed=i * 10 + seat) for seat in range(players)]
        end = play_game(game.new_initial_state(), bots, seed=i).state
        view = end.view(None)
        winners = end.winners()
        for seat in winners:
            by_character[view["players"][seat]["character"]] += 1 / len(winners)
            by_place[view["choosing_order"].index(seat)] += 1 / len(winners)
    return by_character, by_place


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    print("| bot | players | games | " + " | ".join(CHARACTERS) + " | by place in the choosing order |")
    print("|---|---|---|" + "---|" * len(CHARACTERS) + "---|")
    for n in args.players:
        chars, places = measure(args.bot, n, args.games)
        cells = " | ".join(f"{100 * chars[c] / args.games:.1f}%" if c in chars else "-" for c in CHARACTERS)
        order = ", ".join(f"{100 * places.get(p, 0) / args.games:.1f}%" for p in range(n))
        print(f"| {args.bot} | {n} | {args.games} | {cells} | {order} |")


if __name__ == "__main__":
    main()
