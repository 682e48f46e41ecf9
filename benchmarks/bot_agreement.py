"""How often does one bot choose the same move as another (by default: the ladder's ISMCTS
against the heuristic it is built on)?

Positions are sampled from seeded heuristic games: about one in twelve decisions that offer
more than one legal action. Each bot is asked once per position, with the position's index as
its seed. This explains head-to-head results: a search that nearly always plays the
heuristic's move cannot be much stronger or weaker than the heuristic.

    python benchmarks/bot_agreement.py                           # every game, 60 positions each
    python benchmarks/bot_agreement.py --games pangaea --positions 200
    python benchmarks/bot_agreement.py --games dino-race --bot ismcts:iterations=1000,playout=heuristic
"""

from __future__ import annotations

import argparse
import random
import time

import dinobox
from dinobox.engine.state import State

# the ISMCTS specs and player counts of the head-to-head ladder in docs/bots.md
LADDER = {
    "dino-race": (2, "ismcts:iterations=390,playout=heuristic,search=flat"),
    "trex-island": (2, "ismcts:iterations=68,playout=heuristic"),
    "dinosaur-rush": (3, "ismcts:iterations=182"),
    "pangaea": (2, "ismcts:iterations=185"),
}
SAMPLE = 0.08  # share of contested decisions kept as positions


def positions(game_id: str, players: int, count: int, seed: int) -> list[State]:
    """``count`` contested decision points from heuristic games."""
    pick = random.Random(seed)
    found: list[State] = []
    game_seed = 0
    while len(found) < count:
        game_seed += 1
        state = dinobox.load_game(game_id, players=players).new_initial_state()
        bots = [dinobox.make_bot("heuristic", game_seed * 10 + s) for s in range(players)]
        chance = random.Random(game_seed)
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(chance))
                continue
            if len(state.legal_actions()) > 1 and pick.random() < SAMPLE:
                found.append(state.clone())
            state.apply_action(bots[state.current_player()].choose(state))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: the four of the ladder)")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--bot", default=None, help="bot spec to test (default: the ladder's ISMCTS for the game)")
    parser.add_argument("--against", default="heuristic", help="reference bot spec")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    for game_id in args.games or list(LADDER):
        players, ladder_spec = LADDER.get(game_id, (None, "ismcts"))
        spec = args.bot or ladder_spec
        sample = positions(game_id, players or dinobox.load_game(game_id).num_players, args.positions, args.seed)
        same = 0
        start = time.process_time()
        for i, state in enumerate(sample):
            same += dinobox.make_bot(spec, i).choose(state) == dinobox.make_bot(args.against, i).choose(state)
        cpu = (time.process_time() - start) / len(sample)
        print(
            f"{game_id}: {spec} chose the same move as {args.against} in {same} of {len(sample)} positions "
            f"({same / len(sample):.0%}); {cpu:.2f} CPU-s per position for both bots"
        )


if __name__ == "__main__":
    main()
