"""How well the inferred belief (solver/determinize/inference.py and a game's decision model) finds the other
seats' hidden hands, against the uniform belief, on the decision points of recorded games (Koi-Koi, Honshu, Haniwa,
Ohanami).

    python scripts/inference_quality.py GAMES.jsonl.gz --candidates 2048 --seed 1 --out REPORT.json

At every decision of a seat (two or more legal moves) once the weights use one of the others' decisions, from that
seat's view and the moves it saw (its information states and the moves as shown to it, never the hidden cards),
`candidates` uniform worlds are weighted by the likelihood of the others' seen decisions. Measured against the true
hidden hands H* (the slot groups of the belief named ``*hand*``; Ohanami's hands read as its worlds place them):

- log gain: log P_inferred(H*) - log P_uniform(H*) = log L(H*) - log mean L(world) (the normaliser over all hands is
  estimated by the candidates' mean likelihood; the model's likelihood depends on the hands only);
- rank: the share of the candidate hands the weights rank above H* (ties count a half): 0.5 under the uniform belief;
- hits: the expected number of H*'s cards in the right hand in worlds drawn from the belief (weighted vs uniform,
  same candidates);
- ESS: the effective sample size of the weights.

Means with 95% Student-t intervals over the decision points, and over the matches (each match's mean: decision
points of one match are not independent). By the kind of the players whose decisions were weighed (ISMCTS,
greedy, or mixed at a table of several).
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import time
from collections import defaultdict
from typing import Any

import numpy as np

from solver.batch.seeds import derive_seed
from solver.determinize.inference import Seen, decisions_weighed, effective_sample_size, normalised_weights
from solver.games import get_game
from solver.play.record import GameRecord, read_records
from solver.play.replay import replay
from solver.report.stats import mean_interval

MEASURES = ("log_gain", "rank", "hits_inferred", "hits_uniform", "hits_gain", "ess")


def model_of(game: str) -> Any:
    """The module of `game`'s decision model (``solver.games.<game>.inference``)."""
    return importlib.import_module(f"solver.games.{game}.inference")


def hidden_hands(model: Any, view: Any, true: np.ndarray, pool: np.ndarray) -> list[tuple[set[int], np.ndarray]]:
    """Each hand hidden from the observer: its cards in the true world, and its cards in each candidate world (the
    game's ``hidden_hands`` reader where the world layout needs one, Ohanami's; else the slot groups named
    ``*hand*``)."""
    read = getattr(model, "hidden_hands", None)
    if read is not None:
        truth, rows = read(view.text, true), read(view.text, pool)
        return [(set(truth[q][0].tolist()), rows[q]) for q in sorted(rows)]
    slices = [sl for name, sl in view.belief.offsets().items() if "hand" in name]
    return [(set(true[0, sl].tolist()), pool[:, sl]) for sl in slices]


def unseen_elsewhere(model: Any, view: Any) -> int:
    """Hidden cards whose seat the observer knows (Ohanami: a known hand whose pick is hidden): not dealt at random
    among the hidden hands."""
    known = getattr(model, "known_hand_cards", None)
    return int(known(view.text)) if known is not None else 0


def points(record: GameRecord, candidates: int, seed: int, params: Any) -> list[dict[str, Any]]:
    """The measures at every decision point of one record."""
    game = get_game(record.game)
    model = model_of(record.game)
    kinds = ["greedy" if a.get("kind") == "greedy" else "ismcts" for a in record.agents]
    seats = range(len(record.agents))
    out = []
    seen: dict[int, list[Seen]] = {s: [] for s in seats}
    deal = -1
    for step in replay(record):
        if step.deal != deal:
            deal, seen = step.deal, {s: [] for s in seats}
        me, state = step.seat, step.state
        view = game.view(state, me)
        if step.legal >= 2 and decisions_weighed(game, view, seen[me]) > 0:
            pool = view.belief.sample(candidates, derive_seed(seed, step.index))
            true = np.asarray(
                [state.hidden_world(me)] if hasattr(state, "hidden_world") else game.peek_worlds(state, "all", 0),
                dtype=np.int32,
            )
            ll = model.log_likelihoods(view.text, seen[me], np.vstack([pool, true]), params)
            ll_pool, ll_true = ll[:-1], float(ll[-1])
            top = float(ll_pool.max())
            log_mean = top + math.log(float(np.exp(ll_pool - top).mean()))
            w = normalised_weights(ll_pool)
            hits = np.zeros(len(pool), dtype=np.float64)
            hands = hidden_hands(model, view, true, pool)
            for truth, rows in hands:
                hits += [len(truth & set(row.tolist())) for row in rows]
            above = float((ll_pool > ll_true).sum() + 0.5 * (ll_pool == ll_true).sum()) / candidates
            others = {kinds[s] for s in seats if s != me}
            out.append(
                {
                    "opponent": others.pop() if len(others) == 1 else "mixed",
                    "log_gain": ll_true - log_mean,
                    "rank": above,
                    "hits_inferred": float(w @ hits),
                    "hits_uniform": float(hits.mean()),
                    "hits_gain": float(w @ hits - hits.mean()),
                    "ess": effective_sample_size(w),
                    "hands": [rows.shape[1] for _, rows in hands],
                    "unseen": view.belief.num_slots - unseen_elsewhere(model, view),
                }
            )
        shown = game.public_move(state, step.move)
        for s in seats:
            seen[s].append(Seen(str(state.information_state(s)), shown))
    return out


def log_uniform(row: dict[str, Any]) -> float:
    """log P_uniform of the true hands: one over the ways to deal the hands' sizes from the unseen cards."""
    n, ways = row["unseen"], 0.0
    for k in row["hands"]:
        ways += math.log(math.comb(n, k))
        n -= k
    return -ways


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
    out["log_uniform"] = sum(log_uniform(r) for r in rows) / max(len(rows), 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games")
    ap.add_argument("--candidates", type=int, default=2048)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=None)
    ap.add_argument(
        "--params",
        default=None,
        help="the model's parameters instead of the fitted ones, comma-separated in the order of the game's "
        "PolicyParams (Koi-Koi: T,b,T_k; Honshu: slope)",
    )
    args = ap.parse_args()
    start = time.perf_counter()
    groups: dict[str, list[list[dict[str, Any]]]] = defaultdict(list)
    params: Any = None
    for k, record in enumerate(read_records(args.games, ignore=("pairing",))):
        if params is None:
            model = model_of(record.game)
            params = model.PolicyParams(*map(float, args.params.split(","))) if args.params else model.fitted()
        rows = points(record, args.candidates, derive_seed(args.seed, "match", k), params)
        for kind in ("ismcts", "greedy", "mixed"):
            if kind in groups or any(r["opponent"] == kind for r in rows):
                groups[kind].append([r for r in rows if r["opponent"] == kind])
        groups["all"].append(rows)
        print(f"match {k + 1}: {sum(map(len, groups['all']))} points, {time.perf_counter() - start:.0f}s", flush=True)
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
