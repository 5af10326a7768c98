"""The rating of an OpenSpiel bot on a kofun ladder: paired games against one level of a shipped ladder.

    python scripts/openspiel_rating.py --game c4 --bot mcts --simulations 400 --level alphabeta-64 --pairs 30

Each pair is two games on the same opening (the mode's random opening plies, as the ladder plays), colours swapped
(``solver.play.match.rotations``). The bot's score against the level (win 1, draw 1/2) has a Student-t interval over
the pairs (a pair is the independent unit); the Elo difference is ``400 log10(s / (1 - s))`` of the score and of its
interval's ends; the rating is the level's rating plus that difference, its interval widened by the level's own
(both ends added: conservative). Pairs run in worker processes (``--jobs``); the seed of pair k is
``derive_seed(seed, "pair", k)``, so a run is reproducible. Prints one JSON document (docs/interop.md quotes it).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from solver.batch.seeds import derive_seed
from solver.games import get_game
from solver.interop.openspiel import OpenSpielAgent
from solver.play.match import rotations, side_of
from solver.rating.ladders import shipped_ladder
from solver.rating.pools import MODES, make_agent, mode_of
from solver.report.stats import mean_interval


def play_pair(job: dict[str, Any]) -> dict[str, Any]:
    """One pair of games: the bot's score in each and the time it took per game."""
    game, rules, level = get_game(job["game"]), job["rules"], job["level"]
    mode, _ = mode_of(game, rules)
    bot = OpenSpielAgent(game, job["bot"], job["simulations"], rules)
    other = make_agent(game, level, rules)
    start = time.perf_counter()
    records = rotations(game, [bot, other], rules, job["seed"], opening_plies=MODES[game.name][mode].opening_plies)
    scores = []
    for rotation, record in records:
        mine = side_of(record, rotation, 0)[0]
        winners = record.winners
        scores.append(0.5 if not winners else 1.0 if mine in winners else 0.0)
    return {"scores": scores, "seconds": (time.perf_counter() - start) / len(records)}


def elo(score: float) -> float:
    """The Elo difference of an expected score (clipped away from 0 and 1)."""
    s = min(max(score, 1e-4), 1 - 1e-4)
    return 400 * math.log10(s / (1 - s))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="connect4")
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--bot", default="mcts")
    p.add_argument("--simulations", type=int, default=400)
    p.add_argument("--level", default="alphabeta-64", help="the ladder level played against (its name)")
    p.add_argument("--pairs", type=int, default=30)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args(argv)
    game = get_game(a.game)
    rules = game.check_options(dict(r.split("=", 1) for r in a.rule))
    ladder = shipped_ladder(game, rules)
    level = next((lv for lv in ladder.levels if lv.name == a.level), None)
    if level is None:
        p.error(f"--level: {a.level!r} is not a level of {game.name} {ladder.mode} ({[x.name for x in ladder.levels]})")
    entry = {"name": level.name, "kind": level.kind, "settings": level.settings}
    jobs = [
        {"game": game.name, "rules": dict(rules), "level": entry, "bot": a.bot, "simulations": a.simulations,
         "seed": derive_seed(a.seed, "pair", k)}
        for k in range(a.pairs)
    ]  # fmt: skip
    start = time.perf_counter()
    with ProcessPoolExecutor(a.jobs) as pool:
        pairs = list(pool.map(play_pair, jobs))
    per_pair = [sum(x["scores"]) / len(x["scores"]) for x in pairs]
    games = [s for x in pairs for s in x["scores"]]
    score = mean_interval(per_pair, "pair")
    assert score.value is not None and score.low is not None and score.high is not None
    diff = [elo(score.value), elo(score.low), elo(score.high)]
    out = {
        "command": "python scripts/openspiel_rating.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "game": game.name, "mode": ladder.mode, "bot": f"openspiel:{a.bot}:{a.simulations}",
        "level": {"name": level.name, "rating": round(level.rating, 1), "low": round(level.low, 1),
                  "high": round(level.high, 1)},
        "pairs": a.pairs, "games": len(games), "wins": games.count(1.0), "draws": games.count(0.5),
        "losses": games.count(0.0),
        "score": [round(score.value, 3), round(score.low, 3), round(score.high, 3)],
        "elo_difference": [round(d) for d in diff],
        "rating": [round(level.rating + diff[0]), round(level.low + diff[1]), round(level.high + diff[2])],
        "seconds_per_game": round(sum(x["seconds"] for x in pairs) / len(pairs), 2),
        "wall_time_s": round(time.perf_counter() - start, 1),
    }  # fmt: skip
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
