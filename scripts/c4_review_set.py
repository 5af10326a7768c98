"""The Connect Four review check set (tests/data/c4_review_set.json): 20 games of ladder levels and random, and the
exact value of every position of each game, proven by the project's own solver (``solver.solve``, value only).

    python scripts/c4_review_set.py tests/data/c4_review_set.json [--max-nodes N]

Each game is a match of two levels (alpha-beta / MCTS at the ladder's settings, or random) from two random opening
plies, seeded by its number. Each position before a move is solved for the player to move with at most
``--max-nodes`` solver nodes (default 200,000,000); a position not proven within it is stored as null. The start
position is a first-player win with the last stone (docs/solving.md: 2.1 billion nodes), stored as such.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import solver
from solver.play.agents import Agent, RandomAgent, SearchAgent
from solver.search.settings import SearchSettings

PAIRS = [
    ("alphabeta-64", "alphabeta-256"), ("alphabeta-256", "alphabeta-64"), ("alphabeta-256", "alphabeta-1024"),
    ("alphabeta-1024", "alphabeta-256"), ("alphabeta-1024", "alphabeta-4096"), ("alphabeta-4096", "alphabeta-1024"),
    ("mcts-1024", "alphabeta-4096"), ("alphabeta-4096", "mcts-1024"), ("alphabeta-16", "alphabeta-64"),
    ("alphabeta-64", "alphabeta-16"), ("random", "alphabeta-256"), ("alphabeta-256", "random"),
    ("mcts-1024", "alphabeta-1024"), ("alphabeta-1024", "mcts-1024"), ("alphabeta-4096", "alphabeta-4096"),
    ("mcts-1024", "mcts-1024"), ("alphabeta-16", "alphabeta-256"), ("alphabeta-256", "mcts-1024"),
    ("alphabeta-64", "alphabeta-1024"), ("alphabeta-4096", "alphabeta-64"),
]  # fmt: skip
OPENING_PLIES = 2
#: The start position's value (docs/solving.md): the first player wins with the last stone (ply 41 of 42).
START = {"kind": "win", "plies": 41}


def agent(level: str) -> Agent:
    """A ladder level's agent (the calibration's settings)."""
    if level == "random":
        return RandomAgent()
    algo, budget = level.split("-")
    extra: dict[str, Any] = {"hash_mb": 1} if algo == "alphabeta" else {}
    return SearchAgent("c4", SearchSettings(algo=algo, nodes=int(budget), threads=1, seed=0, **extra))


def exact(position: str, max_nodes: int) -> dict[str, Any] | None:
    """The position's proven value for the player to move (kind and plies), or None beyond `max_nodes`."""
    if position == "":
        return dict(START)
    r = solver.solve("c4", position, nodes=max_nodes, hash_mb=512)
    if not r.score.proven:
        return None
    return {"kind": r.score.kind, "plies": r.score.plies}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--max-nodes", type=int, default=200_000_000)
    args = ap.parse_args()
    games = []
    for n, (first, second) in enumerate(PAIRS):
        rec = solver.play_match("c4", [agent(first), agent(second)], {}, seed=n, opening_plies=OPENING_PLIES)
        moves = list(rec.deals[0].moves)
        values = []
        for k in range(len(moves)):
            t = time.process_time()
            values.append(exact("".join(moves[:k]), args.max_nodes))
            print(n, k, values[-1], f"{time.process_time() - t:.1f}s", file=sys.stderr, flush=True)
        games.append({"seed": n, "agents": [first, second], "moves": moves, "values": values})
    doc = {
        "about": "Connect Four review check set: 20 games of ladder levels (2 random opening plies, seed = game "
        "number) and the exact value of each position before a move for the player to move (null: not proven "
        f"within {args.max_nodes} solver nodes); made by scripts/c4_review_set.py",
        "game": "connect4",
        "max_nodes": args.max_nodes,
        "games": games,
    }
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=None, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
