"""Pilot of the ladders' new rungs: seconds per decision of each mode's default search at budgets x4 above the
shipped top, up to full strength, and decisions per game — the figures of docs/ladders.md "Cost of the rungs".

For each rated mode: one game of the mode's cheapest default search against itself gives the decisions per game
(decisions with a real choice, both sides) and positions spread over the game (every k-th decision); at each of
those positions the default search at each budget decides once (one thread, the ladder's settings) and is timed.

    python scripts/ladder_pilot.py --positions 4 --json docs/data/ladder-pilot.json
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from solver.games import get_game
from solver.play.match import Match
from solver.play.replay import replay
from solver.rating.ladders import shipped_ladder
from solver.rating.pools import FULL_STRENGTH, MODES, make_agent, search_entry


def positions_of(game: str, mode: str, count: int, seed: int) -> tuple[list[tuple[Any, int]], int]:
    """`count` decision points (state, seat) spread over one game of the mode's cheapest search against itself,
    and that game's decisions with a real choice."""
    info = get_game(game)
    m = MODES[game][mode]
    rules = info.check_options(m.rules)
    entry = search_entry(m.algo, m.budgets[0], True).__dict__
    seats = info.num_players(rules)
    agents = [make_agent(info, entry, rules) for _ in range(seats)]
    record = Match(info, agents, rules, seed, opening_plies=m.opening_plies).play()
    decisions = [(s.state, s.seat) for s in replay(record) if s.legal > 1]
    step = max(1, len(decisions) // (count + 1))
    points = decisions[step::step][:count]
    return points, len(decisions)


def time_budget(game: str, mode: str, budget: int, points: list[tuple[Any, int]]) -> float:
    """Mean seconds per decision of the mode's default search at `budget` over `points`."""
    info = get_game(game)
    m = MODES[game][mode]
    rules = info.check_options(m.rules)
    agent = make_agent(info, search_entry(m.algo, budget, True).__dict__, rules)
    spent = 0.0
    for state, seat in points:
        view = info.observe(state, seat)
        start = time.perf_counter()
        agent.choose(view, random.Random(0))
        spent += time.perf_counter() - start
    return spent / len(points)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", default="")
    parser.add_argument("--only", default="", help="game-mode, e.g. connect4-standard")
    args = parser.parse_args()
    out: dict[str, Any] = {}
    for game, modes in MODES.items():
        for mode in modes:
            key = f"{game}-{mode}"
            if args.only and key != args.only:
                continue
            top = max(lv.budget or 0 for lv in shipped_ladder(game, MODES[game][mode].rules).main_levels())
            points, decisions = positions_of(game, mode, args.positions, args.seed)
            full = FULL_STRENGTH[game][mode]
            rungs = [b for b in MODES[game][mode].budgets if b >= top]
            rows = [{"budget": b, "seconds_per_decision": time_budget(game, mode, b, points)} for b in rungs]
            out[key] = {"shipped_top": top, "full": full, "decisions_per_game": decisions,
                        "rungs": rows}  # fmt: skip
            print(key, json.dumps(out[key]), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
