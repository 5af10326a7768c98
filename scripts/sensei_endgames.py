"""Makes the Sensei endgame set of the benchmarks: turn starts with a forced win on the winner's 2nd or 3rd turn.

Positions come from seeded random play of each version (uniform actions, a random number of turns), taken at the
start of a turn where the player to move cannot win this turn (that is one action of the hooks, not a proof) and
alpha-beta (depth-limited, node-capped) proves a win for either side. "In N turns" counts the turns of the
proof's line, the winner's own turns only (win on the next own turn: 2). Each value is checked by the brute force
(`State.minimax`, no pruning, no table) where that is feasible: Shizukana proofs of at most --check-plies plies
(7 plies: about 10 s each), Arashi proofs of at most 4 plies (36 or more actions per ply). `--verify` runs only
that check on an existing file and records the count in its header.

    python scripts/sensei_endgames.py --count 20 --seed 2026 --out bench/data/sensei_endgames.txt
    python scripts/sensei_endgames.py --verify --out bench/data/sensei_endgames.txt

Output: one line per position, "<position>\\t<winner S|N>\\t<own turns>\\t<plies>".
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path
from typing import Any

from solver import _core
from solver._core import sensei

DEPTH = {"shizukana": 12, "arashi": 7}
NODE_CAP = 2_000_000


def limits(depth: int, nodes: int) -> Any:
    lim = _core.SearchLimits()
    lim.depth = depth
    lim.nodes = nodes
    return lim


def own_turns(state: Any, pv: list[int], winner: int) -> int:
    """The winner's turns along the line, the one in progress included."""
    s = state.clone()
    turns = 1 if s.to_move() == winner else 0
    for m in pv:
        before = s.to_move()
        s.apply(m)
        if not s.is_terminal() and s.to_move() != before and s.to_move() == winner:
            turns += 1
    return turns


def candidates(seed: int) -> Any:
    rng = random.Random(seed)
    while True:
        version = rng.choice(["shizukana", "arashi"])
        s = sensei.State(version=version)
        stop = rng.randrange(6, 60)
        while not s.is_terminal() and s.turns_completed() < stop:
            s.apply(rng.choice(s.legal_moves()))
        if s.is_terminal() or s.stone_moves_done() or s.character_moved():
            continue
        if s.turn_winning_move() != _core.NO_MOVE:
            continue
        yield version, s


def feasible(version: str, plies: int, check_plies: int) -> bool:
    return plies <= (check_plies if version == "shizukana" else 4)


def verify(args: argparse.Namespace) -> int:
    lines = args.out.read_text().splitlines()
    found: dict[str, tuple[str, int, int]] = {}
    checked = 0
    for line in lines:
        if not line or line.startswith("#"):
            continue
        text, winner, turns, plies = line.split("\t")
        found[text] = (winner, int(turns), int(plies))
        s = sensei.State.parse(text)
        if not feasible(text.split()[0], int(plies), args.check_plies):
            continue
        ab = s.alphabeta(limits(int(plies), 0), hash_mb=64)
        if s.minimax(int(plies)) != ab.value:
            print(f"brute force disagrees on {text}", file=sys.stderr)
            return 1
        checked += 1
        print(f"checked {text}", file=sys.stderr)
    seed = re.search(r"--seed (\d+)", lines[0])
    args.count, args.seed = len(found), int(seed.group(1)) if seed else 0
    write(args, found, checked)
    print(f"{checked} of {len(found)} checked by brute force", file=sys.stderr)
    return 0


def write(args: argparse.Namespace, found: dict[str, tuple[str, int, int]], checked: int) -> None:
    lines = [f"{t}\t{w}\t{n}\t{p}" for t, (w, n, p) in sorted(found.items(), key=lambda kv: (kv[1][1], kv[0]))]
    made = f"scripts/sensei_endgames.py --count {args.count} --seed {args.seed}"
    header = f"# made by {made}; {checked} checked by brute force"
    args.out.write_text("\n".join([header, *lines]) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=24)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--check-plies", type=int, default=7)
    ap.add_argument("--verify", action="store_true", help="only check an existing file by brute force")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    if args.verify:
        return verify(args)
    found: dict[str, tuple[str, int, int]] = {}
    per_turns: dict[int, int] = {2: 0, 3: 0}
    checked = 0
    for version, s in candidates(args.seed):
        text = s.to_string()
        if text in found:
            continue
        r = s.alphabeta(limits(DEPTH[version], NODE_CAP), hash_mb=64)
        if r.proof != _core.Proof.WIN and r.proof != _core.Proof.LOSS:
            continue
        winner = s.to_move() if r.proof == _core.Proof.WIN else 1 - s.to_move()
        turns = own_turns(s, list(r.pv), winner)
        if turns not in per_turns or per_turns[turns] >= (args.count + 1) // 2:
            continue
        plies = int(r.plies_to_end)
        if feasible(version, plies, args.check_plies):
            if s.minimax(plies) != r.value:
                print(f"brute force disagrees on {text}", file=sys.stderr)
                return 1
            checked += 1
        found[text] = ("SN"[winner], turns, plies)
        per_turns[turns] += 1
        print(f"{len(found)}/{args.count} {version} win in {turns} own turns ({plies} plies)", file=sys.stderr)
        write(args, found, checked)  # after each find: a long run stopped early keeps what it found
        if len(found) >= args.count:
            break
    print(f"{len(found)} positions; {checked} checked by brute force", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
