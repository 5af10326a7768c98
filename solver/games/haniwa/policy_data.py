"""The fitted parameters of Haniwa's decision model (:mod:`.inference`), written by
``scripts/softmax_policy_fit.py haniwa`` (do not edit by hand: rerun the script; the full report
is docs/data/haniwa_policy_fit.json)."""

from typing import Any

FIT: dict[str, Any] = {
    "how": "maximum likelihood (scipy bounded scalar search) on every face-up placement with two or more "
    "choices of docs/data/haniwa_inference_fit_games.jsonl.gz: 40 two-player games ISMCTS against ISMCTS "
    "and 40 ISMCTS against greedy, 9500 iterations per decision (about 0.05 s), one thread (python "
    "scripts/inference_games.py --game haniwa --rule players=2 --matches 40 --nodes 9500 --seed 1); "
    "pooled over both players",
    "params": {"temperature": 3.1085},
}
