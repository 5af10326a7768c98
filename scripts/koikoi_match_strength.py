#!/usr/bin/env python3
"""Paired 12-deal nintendo matches: ISMCTS with the objective 'match' (match-aware, the default in a match) against
ISMCTS with the objective 'returns' (points) at the same iteration budget. Each match is played twice on the same
deals with the seats swapped; match k of a run seeded s is ``derive_seed(s, "unit", k)``. Prints one JSON object
(solver.play.experiments.ExperimentResult, the match-aware side first).

    python scripts/koikoi_match_strength.py --pairs 20 --iterations 2000 --seed 1
"""

from __future__ import annotations

import argparse
import json

from solver.play.experiments import run_experiment


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    result = run_experiment(
        "koikoi",
        "ismcts",
        a.pairs,
        a.iterations,
        a.seed,
        {"preset": "nintendo"},
        search_options={"objective": "match"},
        opponent_options={"objective": "returns"},
    )
    print(result.summary())
    print(json.dumps(result.to_dict()))


if __name__ == "__main__":
    main()
