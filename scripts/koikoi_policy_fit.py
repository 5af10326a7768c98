"""Fits Koi-Koi's decision model (solver/games/koikoi/inference.py) by maximum likelihood on recorded games.

    python scripts/koikoi_policy_fit.py GAMES.jsonl.gz [--write]

Every play and koi-koi / stop decision of every seat in the records (``scripts/inference_games.py``) is
scored with the mover's true hand: the play temperature, the koi-koi offset and the koi-koi temperature maximise
the summed log-likelihood (scipy.optimize, L-BFGS-B over log-temperatures). Fitted on all decisions together (the
shipped parameters), and on the engine's and the greedy player's decisions apart for comparison. With --write the
pooled fit goes to solver/games/koikoi/policy_data.py and the whole report to docs/data/koikoi_policy_fit.json.
"""

from __future__ import annotations

import argparse
import json
import math
import pprint
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

from solver.games.koikoi.inference import decision_features
from solver.play.record import read_records
from solver.play.replay import replay

ROOT = Path(__file__).resolve().parent.parent


def read_features(path: str) -> dict[str, list[tuple[str, list[float], int]]]:
    """The decisions of the records, by who made them ('ismcts' or 'greedy')."""
    out: dict[str, list[tuple[str, list[float], int]]] = {"ismcts": [], "greedy": []}
    for record in read_records(path, ignore=("pairing",)):
        kinds = ["greedy" if a.get("kind") == "greedy" else "ismcts" for a in record.agents]
        for step in replay(record):
            if step.legal < 2:
                continue
            features = decision_features(step.state, step.move)
            if features is not None:
                out[kinds[step.seat]].append(features)
    return out


def negative_log_likelihood(theta: np.ndarray, plays: Any, decides: Any) -> float:
    temperature, offset, k_temperature = math.exp(theta[0]), theta[1], math.exp(theta[2])
    values, chosen = plays
    x = values / temperature
    top = x.max(axis=1)
    ll = (x[np.arange(len(chosen)), chosen] - top - np.log(np.exp(x - top[:, None]).sum(axis=1))).sum()
    gains, koikoi = decides
    if len(gains):
        logit = (gains - offset) / k_temperature
        ll += -np.logaddexp(0.0, np.where(koikoi == 1, -logit, logit)).sum()
    return float(-ll)


def fit(features: list[tuple[str, list[float], int]]) -> dict[str, Any]:
    """The maximum-likelihood parameters of `features` and the fit's figures."""
    play = [f for f in features if f[0] == "play"]
    decide = [f for f in features if f[0] == "decide"]
    width = max(len(f[1]) for f in play)
    values = np.full((len(play), width), -np.inf)
    for i, f in enumerate(play):
        values[i, : len(f[1])] = f[1]
    plays = (values, np.array([f[2] for f in play]))
    decides = (np.array([f[1][0] for f in decide]), np.array([f[2] for f in decide]))
    best = None
    for start in ((1.0, 10.0, 1.0), (2.0, 30.0, 2.0), (0.0, 0.0, 0.0)):
        r = minimize(
            negative_log_likelihood,
            np.array(start),
            args=(plays, decides),
            method="L-BFGS-B",
            bounds=[(-4.0, 6.0), (-100.0, 200.0), (-4.0, 6.0)],
        )
        if best is None or r.fun < best.fun:
            best = r
    assert best is not None
    uniform = float(sum(math.log(len(f[1])) for f in play) + len(decide) * math.log(2))
    play_only = negative_log_likelihood(best.x, plays, (np.array([]), np.array([])))
    return {
        "params": {
            "temperature": round(math.exp(best.x[0]), 4),
            "koikoi_offset": round(float(best.x[1]), 4),
            "koikoi_temperature": round(math.exp(best.x[2]), 4),
        },
        "play_decisions": len(play),
        "koikoi_decisions": len(decide),
        "koikoi_calls": int(decides[1].sum()),
        "log_likelihood_per_play": round(-play_only / len(play), 4),
        "uniform_log_likelihood_per_play": round(-sum(math.log(len(f[1])) for f in play) / len(play), 4),
        "log_likelihood": round(-float(best.fun), 2),
        "uniform_log_likelihood": round(-uniform, 2),
        "converged": bool(best.success),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--how", default="", help="how the games were made (kept with the fit)")
    args = ap.parse_args()
    by = read_features(args.games)
    report: dict[str, Any] = {
        "how": args.how or f"maximum likelihood (scipy L-BFGS-B) on every play and koi-koi decision of {args.games}",
        "params": None,
        "pooled": fit(by["ismcts"] + by["greedy"]),
        "ismcts": fit(by["ismcts"]),
        "greedy": fit(by["greedy"]),
    }
    report["params"] = report["pooled"]["params"]
    pprint.pprint(report, width=118, sort_dicts=False)
    if args.write:
        (ROOT / "docs" / "data" / "koikoi_policy_fit.json").write_text(json.dumps(report, indent=1) + "\n")
        text = (
            '"""The fitted parameters of Koi-Koi\'s decision model (:mod:`.inference`), written by\n'
            "``scripts/koikoi_policy_fit.py`` (do not edit by hand: rerun the script; the full report is\n"
            'docs/data/koikoi_policy_fit.json)."""\n\nfrom typing import Any\n\n'
            f"FIT: dict[str, Any] = {pprint.pformat({'params': report['params'], 'how': report['how']}, width=110)}\n"
        )
        (ROOT / "solver" / "games" / "koikoi" / "policy_data.py").write_text(text)


if __name__ == "__main__":
    main()
