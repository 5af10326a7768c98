"""Fits a one-parameter softmax decision model (Honshu's, Haniwa's, Ohanami's: solver/games/<game>/inference.py) by
maximum likelihood on recorded games.

    python scripts/softmax_policy_fit.py honshu GAMES.jsonl.gz [--write] [--how TEXT]
    python scripts/softmax_policy_fit.py haniwa GAMES.jsonl.gz [--write] [--how TEXT]
    python scripts/softmax_policy_fit.py ohanami GAMES.jsonl.gz [--write] [--how TEXT]

Every decision the model reads in the records (``scripts/inference_games.py --game GAME``) with two or more choices
is scored with the mover's true hand: P(choice i) = exp(theta x_i) / sum_j exp(theta x_j), the x the game's
features (Honshu: the card numbers of the hand, theta its slope; Haniwa: the values of the hand's face-up
placements, theta = 1 / temperature; Ohanami: the values of the pairs of cards of the hand, theta = 1 / temperature).
Fitted on all decisions together, and on the engine's and the greedy player's decisions apart, by bounded scalar
searches. Honshu ships a mixture of TYPES player types, a seat keeping its type for the game: slopes and prior
maximise the likelihood of the player-games (EM: the responsibilities of each type for each player-game, then each
slope by a weighted search); Haniwa and Ohanami ship the pooled temperature. With --write the shipped parameters go
to solver/games/<game>/policy_data.py and the whole report to docs/data/<game>_policy_fit.json.
"""

from __future__ import annotations

import argparse
import json
import math
import pprint
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize_scalar

from solver.games.haniwa import inference as haniwa_model
from solver.games.honshu import inference as honshu_model
from solver.games.ohanami import inference as ohanami_model
from solver.play.record import read_records
from solver.play.replay import replay

ROOT = Path(__file__).resolve().parent.parent
#: Each game's model and the theta searched (Honshu: |slope| 2 already makes a card 7 numbers higher a million times
#: likelier; Haniwa: theta 20, a temperature of 0.05 points of margin, is as sharp as a greedy choice; Ohanami: theta
#: 2, a temperature of 0.5 tenths of a point, its model's smallest).
MODELS: dict[str, Any] = {"honshu": honshu_model, "haniwa": haniwa_model, "ohanami": ohanami_model}
BOUNDS = {"honshu": (-2.0, 2.0), "haniwa": (0.0, 20.0), "ohanami": (0.0, 1.0 / ohanami_model.MIN_TEMPERATURE)}
BOUND = BOUNDS["honshu"]

#: Player types of Honshu's mixture.
TYPES = 2
Features = list[tuple[list[float], int]]


def read_player_games(path: str, game: str = "honshu") -> list[tuple[str, Features]]:
    """The decisions with 2+ choices of each player-game of the records, with who played it ('ismcts' or
    'greedy')."""
    decision_features = MODELS[game].decision_features
    out: list[tuple[str, Features]] = []
    for record in read_records(path, ignore=("pairing",)):
        kinds = ["greedy" if a.get("kind") == "greedy" else "ismcts" for a in record.agents]
        games: list[Features] = [[] for _ in kinds]
        for step in replay(record):
            features = decision_features(step.state, step.move)
            if features is not None and len(features[0]) >= 2:
                games[step.seat].append(features)
        out += list(zip(kinds, games, strict=True))
    return out


def read_features(path: str, game: str = "honshu") -> dict[str, Features]:
    """The decisions of the records with 2+ choices, by who made them ('ismcts' or 'greedy')."""
    out: dict[str, Features] = {"ismcts": [], "greedy": []}
    for kind, features in read_player_games(path, game):
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


def fit_mixture(
    games: list[tuple[str, Features]], start: list[float], bounds: tuple[float, float] = BOUND, iterations: int = 500
) -> dict[str, Any]:
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
                bounds=bounds,
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


def fit(features: Features, bounds: tuple[float, float] = BOUND) -> dict[str, Any]:
    """The maximum-likelihood single theta of `features` and the fit's figures."""
    hands, chosen = arrays(features)
    r = minimize_scalar(lambda s: -log_likelihood(s, hands, chosen), bounds=bounds, method="bounded")
    uniform = -sum(math.log(len(h)) for h, _ in features)
    return {
        "theta": round(float(r.x), 4),
        "decisions": len(features),
        "chose_the_largest": sum(c == int(np.argmax(h)) for h, c in features),
        "log_likelihood_per_decision": round(-float(r.fun) / len(features), 4),
        "uniform_log_likelihood_per_decision": round(uniform / len(features), 4),
        "at_the_bound": bool(min(abs(float(r.x) - b) for b in bounds) < 1e-3),
    }


def shipped(game: str, report: dict[str, Any], games: list[tuple[str, Features]]) -> dict[str, Any]:
    """The parameters `game` ships: Honshu's mixture of slopes (EM from the engine's and the greedy player's own
    slopes), Haniwa's and Ohanami's pooled temperature."""
    if game == "honshu":
        start = [report["ismcts"]["theta"], report["greedy"]["theta"]][:TYPES]
        report["mixture"] = fit_mixture(games, start, BOUNDS[game])
        return dict(report["mixture"]["params"])
    return {"temperature": round(1.0 / report["pooled"]["theta"], 4)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=sorted(MODELS))
    ap.add_argument("games")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--how", default="", help="how the games were made (kept with the fit)")
    args = ap.parse_args()
    games = read_player_games(args.games, args.game)
    by = {kind: [x for k, f in games if k == kind for x in f] for kind in ("ismcts", "greedy")}
    bounds = BOUNDS[args.game]
    report: dict[str, Any] = {
        "how": args.how or f"maximum likelihood on every decision with two or more choices of {args.games}",
        "params": None,
        "ismcts": fit(by["ismcts"], bounds),
        "greedy": fit(by["greedy"], bounds),
        "pooled": fit(by["ismcts"] + by["greedy"], bounds),
    }
    report["params"] = shipped(args.game, report, games)
    pprint.pprint(report, width=118, sort_dicts=False)
    if args.write:
        name = args.game.capitalize()
        (ROOT / "docs" / "data" / f"{args.game}_policy_fit.json").write_text(json.dumps(report, indent=1) + "\n")
        text = (
            f'"""The fitted parameters of {name}\'s decision model (:mod:`.inference`), written by\n'
            f"``scripts/softmax_policy_fit.py {args.game}`` (do not edit by hand: rerun the script; the full report\n"
            f'is docs/data/{args.game}_policy_fit.json)."""\n\nfrom typing import Any\n\n'
            f"FIT: dict[str, Any] = {pprint.pformat({'params': report['params'], 'how': report['how']}, width=110)}\n"
        )
        (ROOT / "solver" / "games" / args.game / "policy_data.py").write_text(text)


if __name__ == "__main__":
    main()
