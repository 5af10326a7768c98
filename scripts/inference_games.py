"""Recorded games for the decision models of inferred beliefs: engine against engine and engine against greedy,
at a fixed ISMCTS node budget per decision (Koi-Koi nintendo 12-deal matches by default; any game with a decision
model, e.g. ``--game honshu --rule players=2``; with more players the seats alternate between the two agents).

    python scripts/inference_games.py --matches 20 --nodes 7000 --seed 1 --out games.jsonl.gz
    python scripts/inference_games.py --game honshu --rule players=2 --matches 40 --nodes 1500 --out hs.jsonl.gz
    python scripts/inference_games.py --game ohanami --rule players=4 --matches 40 --nodes 4000 --out oh.jsonl.gz

Match k of the engine pairing is played from ``derive_seed(seed, pairing, k)``; every search has one thread and a
node budget, so the same arguments give the same records. The file holds one GameRecord (JSON) per line, gzipped.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time

from solver.batch.seeds import derive_seed
from solver.games import get_game
from solver.play.agents import GreedyAgent, SearchAgent
from solver.play.match import Match
from solver.search.settings import SearchSettings

PAIRINGS = ("engine-engine", "engine-greedy")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="koikoi")
    ap.add_argument("--matches", type=int, default=20, help="matches per pairing")
    ap.add_argument("--nodes", type=int, default=7000, help="ISMCTS iterations per decision")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--preset", default=None, help="Koi-Koi's preset (default nintendo)")
    ap.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help="a rule option (repeatable)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    game = get_game(args.game)
    rules = dict(r.split("=", 1) for r in args.rule)
    if args.game == "koikoi":
        rules.setdefault("preset", args.preset or "nintendo")
    checked = game.check_options(rules)
    rules = {k: checked[k] for k in rules}  # the options given, typed
    players = int(checked.get("players", 2))
    start = time.perf_counter()
    with gzip.open(args.out, "wt") as f:
        for pairing in PAIRINGS:
            for k in range(args.matches):
                engine = SearchAgent(game, SearchSettings(nodes=args.nodes, seed=k), rules, name="ismcts")
                other = (
                    SearchAgent(game, SearchSettings(nodes=args.nodes, seed=k + 10**6), rules, name="ismcts-b")
                    if pairing == "engine-engine"
                    else GreedyAgent(game)
                )
                # seats alternate between the two (with 2 players: swapped from one match to the next)
                seats = [engine if (seat + k) % 2 == 0 else other for seat in range(players)]
                record = Match(game, seats, rules, derive_seed(args.seed, pairing, k)).play()
                f.write(json.dumps({"pairing": pairing, **record.to_dict()}) + "\n")
                print(f"{pairing} {k + 1}/{args.matches} {time.perf_counter() - start:.0f}s", flush=True)


if __name__ == "__main__":
    main()
