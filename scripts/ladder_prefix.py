"""Compares a ladder made again with the ladder it replaces: the maximum-likelihood ratings of the first GAMES games
of a results file (in the order they were written) beside the ratings of a ladder file. A ladder made again with
the same command and seed plays the same games in the same order, so at the old ladder's game count the two agree
to the last digit (the point ratings; the intervals depend on the bootstrap round).

    python scripts/ladder_prefix.py RESULTS.jsonl[.gz] OLD_LADDER.json [--games 8704]

Exits with status 1 when a rating differs by more than --tolerance (default 1e-6). GAMES defaults to the ladder
file's own game count.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from solver.rating.journals import prefix_ratings
from solver.rating.ladders import Ladder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", type=Path, help="the results file of the new run (plain or .gz)")
    parser.add_argument("ladder", type=Path, help="the ladder file to compare with")
    parser.add_argument("--games", type=int, default=0, help="games of the prefix (default: the ladder's)")
    parser.add_argument("--tolerance", type=float, default=1e-6)
    args = parser.parse_args()
    ladder = Ladder.load(args.ladder)
    games = args.games or ladder.games
    try:
        ratings = prefix_ratings(args.results, games)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(f"first {games} games of {args.results} against {args.ladder} ({ladder.games} games)")
    worst = 0.0
    for level in ladder.levels:
        if level.name not in ratings:
            print(f"error: {level.name} is not in the results file's pool", file=sys.stderr)
            return 1
        worst = max(worst, abs(ratings[level.name] - level.rating))
        print(f"  {level.name:18s} ladder {level.rating:10.3f}  prefix {ratings[level.name]:10.3f}")
    print(f"largest difference {worst:.2e}")
    return 0 if worst <= args.tolerance else 1


if __name__ == "__main__":
    sys.exit(main())
