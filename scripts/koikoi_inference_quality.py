"""How well the inferred belief (solver/determinize/inference.py, Koi-Koi's decision model) finds the opponent's
hidden hand, against the uniform belief, on the decision points of recorded games.

    python scripts/koikoi_inference_quality.py GAMES.jsonl.gz --candidates 2048 --seed 1 --out REPORT.json

At every decision of a seat (two or more legal moves) after the opponent's first play of the deal, from that seat's
view and the moves it saw (its information states and the moves, never the hidden cards), `candidates` uniform
worlds are weighted by the likelihood of the opponent's seen decisions. Measured against the true hand H*:

- log gain: log P_inferred(H*) - log P_uniform(H*) = log L(H*) - log mean L(world) (the normaliser over all hands is
  estimated by the candidates' mean likelihood; the model's likelihood depends on the hand only);
- rank: the share of the candidate hands the weights rank above H* (ties count a half): 0.5 under the uniform belief;
- hits: the expected number of H*'s cards in a hand drawn from the belief (weighted vs uniform, same candidates);
- ESS: the effective sample size of the weights.

Means with 95% Student-t intervals over the decision points, and over the matches (each match's mean: decision
points of one match are not independent). By the opponent whose decisions were weighed (ISMCTS or greedy).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import time
from collections import defaultdict
from typing import Any

import numpy as np

from solver.batch.seeds import derive_seed
from solver.determinize.inference import Seen, effective_sample_size, normalised_weights
from solver.games.koikoi.belief import KoikoiBelief
from solver.games.koikoi.inference import PolicyParams, fitted, log_likelihoods, weighed_decisions
from solver.play.record import GameRecord
from solver.play.replay import replay
from solver.report.stats import mean_interval

MEASURES = ("log_gain", "rank", "hits_inferred", "hits_uniform", "hits_gain", "ess")


def points(record: GameRecord, candidates: int, seed: int, params: PolicyParams) -> list[dict[str, Any]]:
    """The measures at every decision point of one record."""
    kinds = ["greedy" if a.get("kind") == "greedy" else "ismcts" for a in record.agents]
    out = []
    seen: dict[int, list[Seen]] = {0: [], 1: []}
    deal = -1
    for step in replay(record):
        if step.deal != deal:
            deal, seen = step.deal, {0: [], 1: []}
        me, state = step.seat, step.state
        if step.legal >= 2 and weighed_decisions(me, seen[me]) > 0:
            view = str(state.information_state(me))
            belief = KoikoiBelief(view)
            pool = belief.sample(candidates, derive_seed(seed, step.index))
            opp = len(state.hand(1 - me))
            true = np.array([[*state.hand(1 - me), *state.stock]], dtype=np.int32)
            ll = log_likelihoods(view, seen[me], np.vstack([pool, true]), params)
            ll_pool, ll_true = ll[:-1], float(ll[-1])
            top = float(ll_pool.max())
            log_mean = top + math.log(float(np.exp(ll_pool - top).mean()))
            w = normalised_weights(ll_pool)
            truth = set(int(c) for c in true[0, :opp])
            hits = np.array([len(truth & set(row[:opp].tolist())) for row in pool], dtype=np.float64)
            above = float((ll_pool > ll_true).sum() + 0.5 * (ll_pool == ll_true).sum()) / candidates
            out.append(
                {
                    "opponent": kinds[1 - me],
                    "log_gain": ll_true - log_mean,
                    "rank": above,
                    "hits_inferred": float(w @ hits),
                    "hits_uniform": float(hits.mean()),
                    "hits_gain": float(w @ hits - hits.mean()),
                    "ess": effective_sample_size(w),
                    "hand": opp,
                    "unseen": len(belief.unseen),
                }
            )
        for s in (0, 1):
            seen[s].append(Seen(str(state.information_state(s)), step.move))
    return out


def summary(rows: list[dict[str, Any]], by_match: list[list[dict[str, Any]]]) -> dict[str, Any]:
    out: dict[str, Any] = {"decision_points": len(rows), "matches": len(by_match)}
    for m in MEASURES:
        iv = mean_interval([r[m] for r in rows], "decision point")
        clusters = mean_interval([sum(r[m] for r in g) / len(g) for g in by_match if g], "match")
        out[m] = {
            "mean": iv.value,
            "low": iv.low,
            "high": iv.high,
            "match_low": clusters.low,
            "match_high": clusters.high,
        }
    out["log_uniform"] = sum(-math.log(math.comb(r["unseen"], r["hand"])) for r in rows) / max(len(rows), 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games")
    ap.add_argument("--candidates", type=int, default=2048)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=None)
    ap.add_argument("--params", default=None, help="T,b,T_k instead of the fitted parameters")
    args = ap.parse_args()
    params = PolicyParams(*map(float, args.params.split(","))) if args.params else fitted()
    start = time.perf_counter()
    groups: dict[str, list[list[dict[str, Any]]]] = defaultdict(list)
    with gzip.open(args.games, "rt") as f:
        for k, line in enumerate(f):
            data = json.loads(line)
            data.pop("pairing", None)
            rows = points(GameRecord.from_dict(data), args.candidates, derive_seed(args.seed, "match", k), params)
            for kind in ("ismcts", "greedy"):
                groups[kind].append([r for r in rows if r["opponent"] == kind])
            groups["all"].append(rows)
            print(
                f"match {k + 1}: {sum(map(len, groups['all']))} points, {time.perf_counter() - start:.0f}s", flush=True
            )
    report = {
        "games": args.games,
        "candidates": args.candidates,
        "seed": args.seed,
        "params": vars(params),
        "seconds": round(time.perf_counter() - start, 1),
        "by_opponent": {
            kind: summary([r for g in gs for r in g], [g for g in gs if g]) for kind, gs in sorted(groups.items())
        },
    }
    text = json.dumps(report, indent=1)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
