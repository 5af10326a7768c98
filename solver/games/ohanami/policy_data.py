"""The fitted parameters of Ohanami's decision model (:mod:`.inference`), written by
``scripts/softmax_policy_fit.py ohanami`` (do not edit by hand: rerun the script; the full report
is docs/data/ohanami_policy_fit.json)."""

from typing import Any

FIT: dict[str, Any] = {
    "how": "maximum likelihood (scipy bounded scalar search) on every pick with two or more choices of "
    "docs/data/ohanami_inference_fit_games.jsonl.gz: 40 four-player games ISMCTS against ISMCTS (seats "
    "alternating) and 40 ISMCTS against greedy, 4000 iterations per decision (about 0.05 s), one thread "
    "(python scripts/inference_games.py --game ohanami --rule players=4 --matches 40 --nodes 4000 --seed "
    "1); pooled over both players",
    "params": {"temperature": 18.2482},
}
