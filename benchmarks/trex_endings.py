"""How seeded Escape from T-Rex Island games end: the share of each end, per bot and player count.

    python benchmarks/trex_endings.py                          # 200 games each: heuristic and strong, 2-4 players
    python benchmarks/trex_endings.py --games 60 --bots heuristic --players 2
    python benchmarks/trex_endings.py --family                 # Game Mode: Family mode (every die at 6)

Every seat is played by the same bot; game ``i`` uses chance seed ``i`` and bot seeds
``i * 10 + seat``. The end is the game's own end reason (``state.end_reason()``, the ids of
``Game.end_conditions``, the same as ``dinobox simulate`` reports). Not a test: it measures a
rule's effect on whole games (rules.md, "How games end").
"""

from __future__ import annotations

import argparse
from collections import Counter

from dinobox import load_game, make_bot
from dinobox.engine.runner import play_game

ENDS = ("helipad", "deck", "deck_unreachable", "round_of_passes")
"""T-Rex Island's end reasons: the two written ends, then their two named extensions."""


def measure(bot: str, players: int, games: int, family: bool = False) -> Counter[str]:
    ends: Counter[str] = Counter()
    game = load_game("trex-island", players=players, family=family)
    for i in range(games):
        bots = [make_bot(bot, seed=i * 10 + seat) for seat in range(players)]
        result = play_game(game.new_initial_state(), bots, seed=i)
        ends["capped" if result.capped else result.state.end_reason() or "none"] += 1
    return ends


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", nargs="*", default=["heuristic", "strong"])
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--family", action="store_true", help="Family mode: every die starts at 6")
    args = parser.parse_args()
    print("| bot | players | games | " + " | ".join(f"`{end}`" for end in ENDS) + " | other |")
    print("|---|---|---|" + "---|" * len(ENDS) + "---|")
    for bot in args.bots:
        for n in args.players:
            ends = measure(bot, n, args.games, args.family)
            other = {k: v for k, v in ends.items() if k not in ENDS}
            pct = {k: f"{100 * v / args.games:.1f}%" for k, v in ends.items()}
            rest = ", ".join(f"{k}: {pct[k]}" for k in sorted(other)) or "0"
            cells = " | ".join(pct.get(k, "0") for k in ENDS)
            print(f"| {bot} | {n} | {args.games} | {cells} | {rest} |")


if __name__ == "__main__":
    main()
