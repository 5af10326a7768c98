"""Recorded Koi-Koi matches for the decision model of inferred beliefs: engine against engine and engine against
greedy, at a fixed ISMCTS node budget per decision (nintendo 12-deal matches by default).

    python scripts/koikoi_inference_games.py --matches 20 --nodes 7000 --seed 1 --out games.jsonl.gz

Match k of the engine pairing is played from ``derive_seed(seed, pairing, k)``; every search has one thread and a
node budget, so the same arguments give the same records. The file holds one GameRecord (JSON) per line, gzipped.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time

from solver.batch.seeds import derive_seed
from solver.play.agents import GreedyAgent, SearchAgent
from solver.play.match import Match
from solver.search.settings import SearchSettings

PAIRINGS = ("engine-engine", "engine-greedy")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=20, help="matches per pairing")
    ap.add_argument("--nodes", type=int, default=7000, help="ISMCTS iterations per decision")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--preset", default="nintendo")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rules = {"preset": args.preset}
    start = time.perf_counter()
    with gzip.open(args.out, "wt") as f:
        for pairing in PAIRINGS:
            for k in range(args.matches):
                engine = SearchAgent("koikoi", SearchSettings(nodes=args.nodes, seed=k), rules, name="ismcts")
                other = (
                    SearchAgent("koikoi", SearchSettings(nodes=args.nodes, seed=k + 10**6), rules, name="ismcts-b")
                    if pairing == "engine-engine"
                    else GreedyAgent("koikoi")
                )
                seats = [engine, other] if k % 2 == 0 else [other, engine]
                record = Match("koikoi", seats, rules, derive_seed(args.seed, pairing, k)).play()
                f.write(json.dumps({"pairing": pairing, **record.to_dict()}) + "\n")
                print(f"{pairing} {k + 1}/{args.matches} {time.perf_counter() - start:.0f}s", flush=True)


if __name__ == "__main__":
    main()
