"""Fits Honshu's decision model (solver/games/honshu/inference.py) by maximum likelihood on recorded games.

    python scripts/honshu_policy_fit.py GAMES.jsonl.gz [--write] [--how TEXT]

Every trick card of every seat in the records (``scripts/inference_games.py --game honshu``) with two or more cards
in hand is scored with the mover's true hand. The shipped model is a mixture of TYPES player types, each a softmax
slope, a seat keeping its type for the game: its slopes and prior maximise the likelihood of the player-games (EM:
the responsibilities of each type for each player-game, then each slope by a weighted bounded scalar search). For
comparison, one slope fitted on all decisions, and on the engine's and the greedy player's decisions apart. With
--write the mixture goes to solver/games/honshu/policy_data.py and the whole report to
docs/data/honshu_policy_fit.json.
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


#: Player types of the mixture.
TYPES = 2
Features = list[tuple[list[int], int]]


def read_player_games(path: str) -> list[tuple[str, Features]]:
    """The trick decisions with 2+ cards in hand of each player-game of the records, with who played it ('ismcts'
    or 'greedy')."""
    out: list[tuple[str, Features]] = []
    with gzip.open(path, "rt") as f:
        for line in f:
            data = json.loads(line)
            data.pop("pairing", None)
            record = GameRecord.from_dict(data)
            kinds = ["greedy" if a.get("kind") == "greedy" else "ismcts" for a in record.agents]
            games: list[Features] = [[] for _ in kinds]
            for step in replay(record):
                features = decision_features(step.state, step.move)
                if features is not None and len(features[0]) >= 2:
                    games[step.seat].append(features)
            out += list(zip(kinds, games, strict=True))
    return out


def read_features(path: str) -> dict[str, Features]:
    """The trick decisions of the records with 2+ cards in hand, by who made them ('ismcts' or 'greedy')."""
    out: dict[str, Features] = {"ismcts": [], "greedy": []}
    for kind, features in read_player_games(path):
        out[kind] += features
    return out


def log_likelihood(slope: float, hands: np.ndarray, chosen: np.ndarray) -> float:
    """The summed log-likelihood of the decisions (`hands` padded with NaN) at `slope`."""
    x = np.where(np.isnan(hands), -np.inf, slope * np.nan_to_num(hands))
    top = x.max(axis=1)
    return float((x[np.arange(len(chosen)), chosen] - top - np.log(np.exp(x - top[:, None]).sum(axis=1))).sum())


def arrays(features: Features) -> tuple[np.ndarray, np.ndarray]:
    """The hands (padded with NaN) and the chosen indices of `features`."""
    width = max(len(h) for h, _ in features)
    hands = np.full((len(features), width), np.nan)
    for i, (h, _) in enumerate(features):
        hands[i, : len(h)] = h
    return hands, np.array([c for _, c in features])


def decision_log_likelihoods(slope: float, hands: np.ndarray, chosen: np.ndarray) -> np.ndarray:
    """The log-likelihood of each decision at `slope`."""
    x = np.where(np.isnan(hands), -np.inf, slope * np.nan_to_num(hands))
    top = x.max(axis=1)
    return np.asarray(x[np.arange(len(chosen)), chosen] - top - np.log(np.exp(x - top[:, None]).sum(axis=1)))


def fit_mixture(games: list[tuple[str, Features]], start: list[float], iterations: int = 500) -> dict[str, Any]:
    """The maximum-likelihood mixture of len(start) slopes over the player-games `games` (EM from the slopes
    `start`, an even prior) and the fit's figures."""
    games = [(kind, f) for kind, f in games if f]
    hands, chosen = arrays([x for _, f in games for x in f])
    owner = np.repeat(np.arange(len(games)), [len(f) for _, f in games])
    slopes, prior = np.array(start, dtype=np.float64), np.full(len(start), 1.0 / len(start))
    previous = -np.inf
    for _ in range(iterations):
        per_game = np.stack(
            [np.bincount(owner, decision_log_likelihoods(s, hands, chosen), len(games)) for s in slopes]
        )
        joint = np.log(prior)[:, None] + per_game
        total = float(np.logaddexp.reduce(joint, axis=0).sum())
        resp = np.exp(joint - np.logaddexp.reduce(joint, axis=0)[None, :])
        prior = np.clip(resp.mean(axis=1), 1e-9, None)
        prior /= prior.sum()
        for k in range(len(slopes)):
            w = resp[k][owner]
            slopes[k] = minimize_scalar(
                lambda s, w=w: -float(w @ decision_log_likelihoods(s, hands, chosen)),
                bounds=(-BOUND, BOUND),
                method="bounded",
            ).x
        if total - previous < 1e-7:
            break
        previous = total
    kinds, types = sorted({kind for kind, _ in games}), range(len(slopes))
    return {
        "params": {"slopes": [round(float(s), 4) for s in slopes], "prior": [round(float(q), 4) for q in prior]},
        "player_games": len(games),
        "decisions": len(chosen),
        "log_likelihood_per_decision": round(total / len(chosen), 4),
        "type_of_player_games": {
            kind: [round(float(resp[k][[i for i, (g, _) in enumerate(games) if g == kind]].mean()), 4) for k in types]
            for kind in kinds
        },
    }


def fit(features: Features) -> dict[str, Any]:
    """The maximum-likelihood single slope of `features` and the fit's figures."""
    hands, chosen = arrays(features)
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
    games = read_player_games(args.games)
    by = {kind: [x for k, f in games if k == kind for x in f] for kind in ("ismcts", "greedy")}
    report: dict[str, Any] = {
        "how": args.how or f"maximum likelihood (EM over the player-games) on every trick card of {args.games}",
        "params": None,
        "ismcts": fit(by["ismcts"]),
        "greedy": fit(by["greedy"]),
        "pooled": fit(by["ismcts"] + by["greedy"]),
    }
    start = [report["ismcts"]["params"]["slope"], report["greedy"]["params"]["slope"]][:TYPES]
    report["mixture"] = fit_mixture(games, start)
    report["params"] = report["mixture"]["params"]
    pprint.pprint(report, width=118, sort_dicts=False)
    if args.write:
        (ROOT / "docs" / "data" / "honshu_policy_fit.json").write_text(json.dumps(report, indent=1) + "\n")
        text = (
            '"""The fitted parameters of Honshu\'s decision model (:mod:`.inference`), written by\n'
            "``scripts/honshu_policy_fit.py`` (do not edit by hand: rerun the script; the full report is\n"
            'docs/data/honshu_policy_fit.json)."""\n\nfrom typing import Any\n\n'
            f"FIT: dict[str, Any] = {pprint.pformat({'params': report['params'], 'how': report['how']}, width=110)}\n"
        )
        (ROOT / "solver" / "games" / "honshu" / "policy_data.py").write_text(text)


if __name__ == "__main__":
    main()
