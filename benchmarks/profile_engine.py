"""Where the engine's time goes: the identical loop of ``bench_engine.py`` under cProfile.

    python benchmarks/profile_engine.py --games dino-race --players 4 --seconds 2
    python benchmarks/profile_engine.py --ismcts --games dino-race --players 2 --seconds 3

Prints the top of the profile by own time (``--top N`` lines) for each game. In the compiled
build the engine's methods show as single calls (their insides are C); in the pure build
(``DINOBOX_PURE_PYTHON=1``) every rule function shows. cProfile adds a cost per Python call, so
read the shares, not the absolute times. Not a test.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
from pathlib import Path

import dinobox
from dinobox.engine.build import build_info

sys.path.insert(0, str(Path(__file__).parent))
from bench_engine import bench_dinobox, bench_ismcts  # the same loops as the figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(dinobox.game_ids()), help="comma-separated game ids")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--ismcts", action="store_true", help="profile ISMCTS decisions instead of playouts")
    args = parser.parse_args()
    for gid in args.games.split(","):
        profile = cProfile.Profile()
        if args.ismcts:
            profile.runcall(bench_ismcts, gid, args.players, args.seconds)
        else:
            profile.runcall(bench_dinobox, gid, args.players, args.seconds)
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(args.top)
        lines = [line for line in out.getvalue().splitlines() if line.strip()]
        start = next(i for i, line in enumerate(lines) if "ncalls" in line)
        print(f"## {gid}, {args.players} players{' (ISMCTS)' if args.ismcts else ''}, {build_info()['build']} build")
        print("\n".join(lines[start:]))
        print()


if __name__ == "__main__":
    main()
