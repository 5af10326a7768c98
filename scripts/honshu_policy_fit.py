"""Fits Honshu's decision model (solver/games/honshu/inference.py) by maximum likelihood on recorded games.

    python scripts/honshu_policy_fit.py GAMES.jsonl.gz [--write] [--how TEXT]

Every trick card of every seat in the records (``scripts/inference_games.py --game honshu``) with two or more cards
in hand is scored with the mover's true hand: the slope maximises the summed log-likelihood (scipy.optimize,
bounded scalar search). Fitted on all decisions together (the shipped parameter), and on the engine's and the
greedy player's decisions apart for comparison. With --write the pooled fit goes to
solver/games/honshu/policy_data.py and the whole report to docs/data/honshu_policy_fit.json.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import pprint
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize_scalar

from solver.games.honshu.inference import decision_features
from solver.play.record import GameRecord
from solver.play.replay import replay

ROOT = Path(__file__).resolve().parent.parent
#: The slope searched: |slope| 2 already makes a card 7 numbers higher a million times likelier.
BOUND = 2.0


def read_features(path: str) -> dict[str, list[tuple[list[int], int]]]:
    """The trick decisions of the records with 2+ cards in hand, by who made them ('ismcts' or 'greedy')."""
    out: dict[str, list[tuple[list[int], int]]] = {"ismcts": [], "greedy": []}
    with gzip.open(path, "rt") as f:
        for line in f:
            data = json.loads(line)
            data.pop("pairing", None)
            record = GameRecord.from_dict(data)
            kinds = ["greedy" if a.get("kind") == "greedy" else "ismcts" for a in record.agents]
            for step in replay(record):
                features = decision_features(step.state, step.move)
                if features is not None and len(features[0]) >= 2:
                    out[kinds[step.seat]].append(features)
    return out


def log_likelihood(slope: float, hands: np.ndarray, chosen: np.ndarray) -> float:
    """The summed log-likelihood of the decisions (`hands` padded with NaN) at `slope`."""
    x = np.where(np.isnan(hands), -np.inf, slope * np.nan_to_num(hands))
    top = x.max(axis=1)
    return float((x[np.arange(len(chosen)), chosen] - top - np.log(np.exp(x - top[:, None]).sum(axis=1))).sum())


def fit(features: list[tuple[list[int], int]]) -> dict[str, Any]:
    """The maximum-likelihood slope of `features` and the fit's figures."""
    width = max(len(h) for h, _ in features)
    hands = np.full((len(features), width), np.nan)
    for i, (h, _) in enumerate(features):
        hands[i, : len(h)] = h
    chosen = np.array([c for _, c in features])
    r = minimize_scalar(lambda s: -log_likelihood(s, hands, chosen), bounds=(-BOUND, BOUND), method="bounded")
    uniform = -sum(math.log(len(h)) for h, _ in features)
    highest = sum(c == len(h) - 1 for h, c in features)
    return {
        "params": {"slope": round(float(r.x), 4)},
        "decisions": len(features),
        "highest_card_laid": highest,
        "log_likelihood_per_decision": round(-float(r.fun) / len(features), 4),
        "uniform_log_likelihood_per_decision": round(uniform / len(features), 4),
        "at_the_bound": bool(abs(abs(float(r.x)) - BOUND) < 1e-3),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--how", default="", help="how the games were made (kept with the fit)")
    args = ap.parse_args()
    by = read_features(args.games)
    report: dict[str, Any] = {
        "how": args.how or f"maximum likelihood (scipy bounded scalar search) on every trick card of {args.games}",
        "params": None,
        "pooled": fit(by["ismcts"] + by["greedy"]),
        "ismcts": fit(by["ismcts"]),
        "greedy": fit(by["greedy"]),
    }
    report["params"] = report["pooled"]["params"]
    pprint.pprint(report, width=118, sort_dicts=False)
    if args.write:
        (ROOT / "docs" / "data" / "honshu_policy_fit.json").write_text(json.dumps(report, indent=1) + "\n")
        text = (
            '"""The fitted parameter of Honshu\'s decision model (:mod:`.inference`), written by\n'
            "``scripts/honshu_policy_fit.py`` (do not edit by hand: rerun the script; the full report is\n"
            'docs/data/honshu_policy_fit.json)."""\n\nfrom typing import Any\n\n'
            f"FIT: dict[str, Any] = {pprint.pformat({'params': report['params'], 'how': report['how']}, width=110)}\n"
        )
        (ROOT / "solver" / "games" / "honshu" / "policy_data.py").write_text(text)


if __name__ == "__main__":
    main()
