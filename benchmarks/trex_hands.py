"""Escape from T-Rex Island: hand sizes at the end of every turn, final hands and how games end.

    python benchmarks/trex_hands.py                                  # 600 heuristic + 300 random games, 2-4 players
    python benchmarks/trex_hands.py --bots heuristic --games 60 --players 2

Every seat is played by the same bot; game ``i`` uses chance seed ``i`` and bot seeds
``i * 10 + seat``. Everything is read from the public contract: the log (a ``turn`` entry opens
a turn, so the hands just before it are the hands at the end of the turn before; the last
``game_over`` entry names the end) and the public view (each player's ``hand_count`` and
``hand_limit``). Not a test: it measures the Drawing card rule on whole games (rules.md,
"Drawing card" and "How games end").
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field

from dinobox import load_game, make_bot
from dinobox.engine.runner import play_game
from dinobox.engine.state import State

ENDS = {
    "a player has all three teams at the helipad": "helipad",
    "the draw deck is empty and no token can still be drawn": "deck",
    "the draw deck is empty and no team can move to the tokens left": "deck, tokens out of reach",
}
WRITTEN = ("helipad", "deck", "deck, tokens out of reach")


@dataclass
class Tally:
    games: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    turn_over: Counter[int] = field(default_factory=Counter)  # cards above the hand size, turn ends
    final_over: Counter[int] = field(default_factory=Counter)  # the same, final hands
    turn_hands: Counter[int] = field(default_factory=Counter)  # hand sizes at the end of turns
    final_hands: Counter[int] = field(default_factory=Counter)
    games_over_size: int = 0  # games with a hand above its size at the end of some turn


def ending(state: State) -> str:
    """The end named by the final log entry: ``helipad``, ``deck``, ... or its own text."""
    for entry in reversed(state.log(None)):
        if entry["kind"] == "game_over":
            why = str(entry["text"]).removeprefix("The game is over: ").rstrip(".")
            return ENDS.get(why, why)
    return "no end logged"


def hands(state: State) -> list[tuple[int, int]]:
    """``(hand_count, hand_limit)`` of every player, from the public view."""
    return [(p["hand_count"], p["hand_limit"]) for p in state.view(None)["players"]]


def play(tally: Tally, bot: str, players: int, i: int) -> None:
    game = load_game("trex-island", players=players)
    seen = [0, 0, 0]  # log entries read, turns opened, turns that ended above a hand size

    def on_action(state: State, player: int, action: int) -> None:
        new = state.log(None, since=seen[0])
        seen[0] = state.log_length()
        for entry in new:
            if entry["kind"] != "turn":
                continue
            seen[1] += 1
            if seen[1] > 1:  # the turn before this one has ended: its hands are final for it
                for count, limit in hands(state):
                    tally.turn_hands[count] += 1
                    tally.turn_over[max(0, count - limit)] += 1
                    seen[2] += count > limit

    bots = [make_bot(bot, seed=i * 10 + seat) for seat in range(players)]
    result = play_game(game.new_initial_state(), bots, seed=i, on_action=on_action)
    tally.games += 1
    tally.ends["capped" if result.capped else ending(result.state)] += 1
    for count, limit in hands(result.state):
        tally.final_hands[count] += 1
        tally.final_over[max(0, count - limit)] += 1
    tally.games_over_size += seen[2] > 0


def spread(counts: Counter[int]) -> str:
    """``size: share`` for every size seen, then the largest."""
    total = sum(counts.values()) or 1
    return ", ".join(f"{k}: {100 * v / total:.1f}%" for k, v in sorted(counts.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bots", nargs="*", default=["heuristic", "random"])
    parser.add_argument("--games", type=int, nargs="*", default=[600, 300], help="games per bot, in order")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    rows = []
    for bot, games in zip(args.bots, args.games * len(args.bots), strict=False):
        for n in args.players:
            tally = Tally()
            for i in range(games):
                play(tally, bot, n, i)
            rows.append((bot, n, tally))
    print("| bot | players | games | " + " | ".join(WRITTEN) + " | other |")
    print("|---|---|---|---|---|---|---|")
    for bot, n, t in rows:
        pct = {k: f"{100 * v / t.games:.1f}%" for k, v in t.ends.items()}
        other = ", ".join(f"{k}: {pct[k]}" for k in sorted(t.ends) if k not in WRITTEN) or "0"
        print(f"| {bot} | {n} | {t.games} | " + " | ".join(pct.get(k, "0") for k in WRITTEN) + f" | {other} |")
    print()
    heads = (
        "hands seen (every player, every turn end)",
        "hands above size at a turn's end",
        "games with one",
        "largest hand, turn end",
    )
    print("| bot | players | " + " | ".join(heads) + " | largest final hand | final hands above size |")
    print("|---|---|---|---|---|---|---|---|")
    for bot, n, t in rows:
        ends = sum(t.turn_over.values())
        above = ends - t.turn_over[0]
        final_above = sum(t.final_over.values()) - t.final_over[0]
        print(
            f"| {bot} | {n} | {ends} | {above} ({100 * above / (ends or 1):.1f}%) | {t.games_over_size} "
            f"| {max(t.turn_hands, default=0)} | {max(t.final_hands, default=0)} | {final_above} |"
        )
    print()
    for bot, n, t in rows:
        print(f"{bot} {n}p, hand sizes at turn ends: {spread(t.turn_hands)}")
        print(f"{bot} {n}p, final hands: {spread(t.final_hands)}")


if __name__ == "__main__":
    main()
