#!/usr/bin/env python3
"""Measures the single-deal outcome distribution of Koi-Koi self-play and writes solver/data/koikoi_equity.json.

Each deal is a fresh deal of the preset (dealer drawn from the deal's seed) played by the default AI against
itself: ISMCTS with the game's match settings for points (objective 'returns', exploration 1.4) at a fixed
iteration budget. The outcome is recorded from the dealer's side: +r the dealer won r points, -r the other player
did, 0 a drawn deal. solver.games.koikoi.equity turns the counts into the match equity table by dynamic
programming. Seeded and deterministic: the same arguments give the same counts (only the recorded time differs).

    python scripts/koikoi_equity.py --deals 2000 --nodes 2000 --seed 2026 [--preset nintendo] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from solver.agents import SearchAgent
from solver.match import Match
from solver.seeds import derive_seed
from solver.settings import SearchSettings

OUT = Path(__file__).resolve().parent.parent / "solver" / "data" / "koikoi_equity.json"


def play(args: tuple[str, int, int, int]) -> int:
    """The dealer's result of deal `k` of the sample."""
    preset, nodes, seed, k = args
    rules = {"preset": preset, "rounds": 1}
    agent = SearchAgent("koikoi", SearchSettings(nodes=nodes, objective="returns", seed=seed), rules)
    record = Match("koikoi", [agent, agent], rules, seed=derive_seed(seed, "deal", k)).play()
    dealer = int(record.start.split(" first=")[1][0])
    return int(record.deals[0].returns[dealer])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--preset", default="nintendo")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args()
    start = time.time()
    jobs = [(a.preset, a.nodes, a.seed, k) for k in range(a.deals)]
    with ProcessPoolExecutor(a.workers) as pool:
        results = list(pool.map(play, jobs, chunksize=20))
    counts = Counter(results)
    data = json.loads(a.out.read_text()) if a.out.exists() else {"presets": {}}
    data["about"] = (
        "Koi-Koi single-deal outcomes from the dealer's side (+r dealer won r points, -r the other player, 0 draw), "
        "from self-play of ISMCTS (objective returns); made by scripts/koikoi_equity.py"
    )
    data["presets"][a.preset] = {
        "deals": a.deals,
        "nodes": a.nodes,
        "seed": a.seed,
        "command": f"python scripts/koikoi_equity.py --deals {a.deals} --nodes {a.nodes} --seed {a.seed} "
        f"--preset {a.preset}",
        "seconds": round(time.time() - start, 1),
        "outcomes": {str(r): counts[r] for r in sorted(counts)},
    }
    a.out.write_text(json.dumps(data, indent=1) + "\n")
    mean = sum(results) / len(results)
    print(f"{a.deals} deals in {time.time() - start:.0f}s; dealer's mean {mean:+.3f} points -> {a.out}")


if __name__ == "__main__":
    main()
