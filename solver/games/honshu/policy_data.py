"""The fitted parameters of Honshu's decision model (:mod:`.inference`), written by
``scripts/softmax_policy_fit.py honshu`` (do not edit by hand: rerun the script; the full report
is docs/data/honshu_policy_fit.json)."""

from typing import Any

FIT: dict[str, Any] = {
    "how": "maximum likelihood (EM over the player-games; scipy bounded scalar searches) on every trick card "
    "with two or more cards in hand of docs/data/honshu_inference_fit_games.jsonl.gz: 40 two-player "
    "games ISMCTS against ISMCTS and 40 ISMCTS against greedy, 1500 iterations per decision, one thread "
    "(python scripts/inference_games.py --game honshu --rule players=2 --matches 40 --nodes 1500 --seed "
    "1); two player types",
    "params": {"prior": [0.75, 0.25], "slopes": [0.0179, 2.0]},
}
