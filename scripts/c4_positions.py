"""Makes the Connect Four solving set of the benchmarks: positions with 28-36 empty cells and their exact values.

Positions come from uniformly random play (fixed seed), keeping those where the side to move has no immediate
win (a one-ply proof says nothing about a solver) and where some move still avoids an immediate loss. Each is
solved by kofun's exact solver; the values are then checked independently:
  - by kofun's alpha-beta (a different search: iterative deepening, PVS) on the positions with <= --check-empty
    empty cells;
  - by an external Connect Four solver when --reference gives its binary (one line per position on stdin,
    "<position> <score> ..." on stdout, score in the public test-set convention, e.g. Pascal Pons' solver).

    python scripts/c4_positions.py --count 60 --out bench/data/connect4_solve.txt [--reference /path/to/c4solver]

Output: one line per position, "<position> <kofun value> <test-set score>"; the run prints how many values each
check covered and stops with an error on any disagreement.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from solver import _core
from solver.games.connect4.score import connect4_score

C4 = _core.connect4.State


def limits(time_s: float = 0.0) -> Any:
    lim = _core.SearchLimits()
    lim.time_s = time_s
    return lim


def positions(count: int, empty: range, seed: int) -> list[Any]:
    rng = random.Random(seed)
    found: dict[str, Any] = {}
    while len(found) < count:
        target = 42 - rng.choice(empty)
        s = C4()
        while s.moves_played() < target and not s.is_terminal():
            s.apply(rng.choice(s.legal_moves()))
        if s.is_terminal() or s.winning_move() != _core.NO_MOVE or not s.non_losing_moves():
            continue
        found.setdefault(s.to_string(), s)
    return sorted(found.values(), key=lambda s: (-s.moves_played(), s.to_string()))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--min-empty", type=int, default=28)
    ap.add_argument("--max-empty", type=int, default=36)
    ap.add_argument("--check-empty", type=int, default=28, help="alpha-beta checks positions up to this many empty")
    ap.add_argument("--reference", type=Path, help="an external solver binary to check every value against")
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args()

    rows = []
    for s in positions(a.count, range(a.min_empty, a.max_empty + 1), a.seed):
        r = s.solve(limits(), hash_mb=256, value_only=True)
        score = connect4_score(s, r)
        rows.append((s, int(r.value), score))
        print(
            f"{s.to_string():<16} empty {42 - s.moves_played()}  value {int(r.value):+d}  score {score:+d}  "
            f"nodes {r.nodes}  {r.time_s:.2f} s",
            flush=True,
        )

    checked = 0
    for s, value, _ in rows:
        if 42 - s.moves_played() <= a.check_empty:
            ab = s.alphabeta(limits(time_s=600.0), hash_mb=256)
            if ab.proof == _core.Proof.NONE or int(ab.value) != value:
                print(f"alpha-beta disagrees on {s.to_string()}: {ab.value} vs {value}", file=sys.stderr)
                return 1
            checked += 1
    print(f"alpha-beta agrees on {checked} positions (<= {a.check_empty} empty)")

    if a.reference:
        text = "\n".join(s.to_string() for s, _, _ in rows) + "\n"
        out = subprocess.run([str(a.reference)], input=text, capture_output=True, text=True, check=True).stdout
        theirs = {line.split()[0]: int(line.split()[1]) for line in out.splitlines() if line.strip()}
        for s, _, score in rows:
            if theirs.get(s.to_string()) != score:
                print(
                    f"the reference disagrees on {s.to_string()}: {theirs.get(s.to_string())} vs {score}",
                    file=sys.stderr,
                )
                return 1
        print(f"the reference solver agrees on all {len(rows)} positions")

    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(
        "# Connect Four solving set: position, kofun value (MATE - plies / 0 / -(MATE - plies)), test-set score.\n"
        f"# Made by: python scripts/c4_positions.py --count {a.count} --seed {a.seed} --min-empty {a.min_empty} "
        f"--max-empty {a.max_empty}\n" + "".join(f"{s.to_string()} {v} {sc}\n" for s, v, sc in rows)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
