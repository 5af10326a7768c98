"""ISMCTS with belief 'inferred' against ISMCTS with belief 'uniform' at equal time per decision: paired matches
with the seats swapped (Koi-Koi nintendo 12-deal matches by default; any game with a decision model with ``--game``;
with more players the seats alternate between the two sides), on the project's batch runner
(solver/play/inferred.py).

    python scripts/belief_strength.py --pairs 500 --time 0.05 --seed 1 --out pairs.jsonl [--resume] [--jobs 2]
    python scripts/belief_strength.py --preset seed --opponent greedy ...   # both beliefs against greedy
    python scripts/belief_strength.py --preset seed --opponent flat ...     # against the unweighted control
    python scripts/belief_strength.py --game honshu --rule players=2 --opponent greedy ...
    python scripts/belief_strength.py --game ohanami --rule players=4 ...   # seats 0 and 2 against 1 and 3

Prints the inferred side's share of the matches (drawn matches count a half) and its point difference per match,
each with a 95% Student-t interval over the pairs, the mean ESS of its weights and both sides' mean iterations.
"""

from __future__ import annotations

import argparse
import json

from solver.batch.runner import Runner
from solver.games import get_game
from solver.play.inferred import OPPONENTS, run_pairs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairs", type=int, default=500)
    ap.add_argument("--time", type=float, default=None, help="seconds per decision (both sides)")
    ap.add_argument("--nodes", type=int, default=None, help="iterations per decision instead of --time")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default="koikoi")
    ap.add_argument("--preset", default=None, help="Koi-Koi's preset (default nintendo)")
    ap.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help="a rule option (repeatable)")
    ap.add_argument("--out", default=None)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument(
        "--opponent",
        choices=OPPONENTS,
        default="uniform",
        help="uniform: inferred against uniform head to head; flat: against its control (the same explicit worlds, "
        "equal weights); greedy / pimc: both beliefs against that player",
    )
    args = ap.parse_args()
    rules = dict(r.split("=", 1) for r in args.rule)
    if args.game == "koikoi":
        rules.setdefault("preset", args.preset or "nintendo")
    elif args.preset is not None:
        ap.error("--preset is Koi-Koi's; use --rule KEY=VALUE")
    checked = get_game(args.game).check_options(rules)
    rules = {k: checked[k] for k in rules}  # the options given, typed
    with Runner(jobs=args.jobs) as runner:
        summary = run_pairs(
            args.pairs,
            args.seed,
            rules,
            time=args.time,
            nodes=args.nodes,
            out=args.out,
            resume=args.resume,
            runner=runner,
            on_pair=lambda k, r: print(f"pair {k}: {r['results']} {r['diffs']} ess {r['ess']:.0f}", flush=True),
            opponent=args.opponent,
            game=args.game,
        )
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
