#!/usr/bin/env python3
"""Measures the single-deal outcome distribution of Koi-Koi self-play and writes solver/data/koikoi_equity.json.

Each deal is a fresh deal of the preset (dealer drawn from the deal's seed) played by the default AI against
itself: ISMCTS with the game's match settings for points (objective 'returns', exploration 1.4) at a fixed
iteration budget. With `--objective match` the deals are those of whole matches of the preset (rounds from the
preset, --deals rounded up to whole matches) played by the match-aware AI (objective 'match', with the table
shipped at the time), so the distribution is the one of the player that uses the table. The outcome is recorded
from the dealer's side: +r the dealer won r points, -r the other player did, 0 a drawn deal.
solver.games.koikoi.equity turns the counts into the match equity table by dynamic programming. Seeded and
deterministic: the same arguments give the same counts (only the recorded time differs), whatever the number of
workers. Runs on the batch runner: `--jobs J` local worker processes, or `--scheduler tcp://HOST:PORT`.

    python scripts/koikoi_equity.py --deals 2000 --nodes 2000 --seed 2026 [--preset nintendo] [--jobs 2]
    python scripts/koikoi_equity.py --deals 3000 --nodes 2000 --seed 2026 --objective match --out FILE
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

from solver.batch.runner import Runner, Task
from solver.batch.seeds import derive_seed
from solver.games import get_game
from solver.play.agents import SearchAgent
from solver.play.match import Match
from solver.search.settings import SearchSettings

OUT = Path(__file__).resolve().parent.parent / "solver" / "data" / "koikoi_equity.json"


def play(args: tuple[str, str, int, int, int]) -> list[int]:
    """The dealer's results of deal (objective returns) or match (objective match) `k` of the sample."""
    preset, objective, nodes, seed, k = args
    rules: dict[str, object] = {"preset": preset}
    if objective == "returns":
        rules["rounds"] = 1
    agent = SearchAgent("koikoi", SearchSettings(nodes=nodes, objective=objective, seed=seed), rules)
    unit = "deal" if objective == "returns" else "match"
    record = Match("koikoi", [agent, agent], rules, seed=derive_seed(seed, unit, k)).play()
    results = []
    for deal in record.deals:
        dealer = int(deal.start.split(" first=")[1][0])
        results.append(int(deal.returns[dealer]))
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--preset", default="nintendo")
    ap.add_argument("--objective", choices=("returns", "match"), default="returns")
    ap.add_argument("--jobs", type=int, default=1, help="local worker processes (1: in this process)")
    ap.add_argument("--scheduler", default=None, help="a running dask scheduler, tcp://HOST:PORT")
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args()
    start = time.time()
    units = a.deals
    if a.objective == "match":
        rounds = get_game("koikoi").match_deals({"preset": a.preset})
        units = -(-a.deals // rounds)
    tasks = [Task(str(k), play, ((a.preset, a.objective, a.nodes, a.seed, k),)) for k in range(units)]
    with Runner(a.jobs, a.scheduler) as runner:
        done = runner.run(tasks)
    results = [r for k in range(units) for r in done[str(k)]]
    counts = Counter(results)
    data = json.loads(a.out.read_text()) if a.out.exists() else {"presets": {}}
    data["about"] = (
        "Koi-Koi single-deal outcomes from the dealer's side (+r dealer won r points, -r the other player, 0 draw), "
        "from self-play of ISMCTS (objective returns, or match: see each command); made by scripts/koikoi_equity.py"
    )
    data["presets"][a.preset] = {
        "deals": len(results),
        "nodes": a.nodes,
        "seed": a.seed,
        "command": f"python scripts/koikoi_equity.py --deals {a.deals} --nodes {a.nodes} --seed {a.seed} "
        f"--preset {a.preset}" + (" --objective match" if a.objective == "match" else ""),
        "seconds": round(time.time() - start, 1),
        "outcomes": {str(r): counts[r] for r in sorted(counts)},
    }
    a.out.write_text(json.dumps(data, indent=1) + "\n")
    mean = sum(results) / len(results)
    print(f"{len(results)} deals in {time.time() - start:.0f}s; dealer's mean {mean:+.3f} points -> {a.out}")


if __name__ == "__main__":
    main()
