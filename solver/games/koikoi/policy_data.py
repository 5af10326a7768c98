"""The fitted parameters of Koi-Koi's decision model (:mod:`.inference`), written by
``scripts/koikoi_policy_fit.py`` (do not edit by hand: rerun the script; the full report is
docs/data/koikoi_policy_fit.json)."""

from typing import Any

FIT: dict[str, Any] = {
    "how": "maximum likelihood (scipy L-BFGS-B) on every play and koi-koi decision with two or more legal moves "
    "of docs/data/koikoi_inference_fit_games.jsonl.gz: 15 nintendo 12-deal matches ISMCTS against ISMCTS "
    "and 15 ISMCTS against greedy, 7000 iterations per decision, one thread (python "
    "scripts/inference_games.py --matches 15 --nodes 7000 --seed 1); pooled over both players",
    "params": {"koikoi_offset": 27.69, "koikoi_temperature": 20.8307, "temperature": 6.9834},
}
