"""Replays every game an MCTS side lost in a Sensei record file and asks alpha-beta whether a non-losing turn
existed at the start of MCTS's last turn (the turn just before the opponent's winning turn).

    kofun selfplay sensei --algo-a mcts --algo-b alphabeta --time 0.33 --games 100 --records games.jsonl
    python scripts/sensei_losses.py games.jsonl

For each loss, alpha-beta searches the position at the start of that turn (iterative deepening, --time seconds,
64 MB table) until it either proves the loss (every turn loses: "lost anyway") or completes a depth covering the
whole turn and the opponent's next one (--plies, 8 by default: a turn is at most three actions and an `end`)
without proving it — then a turn existed after which the opponent could not win at once, and MCTS missed it
("missed"). A search that reaches neither is "undecided". Prints one line per loss and the totals.
"""

from __future__ import annotations

import argparse
from typing import Any

from solver import _core
from solver.games.sensei import turn_starts
from solver.play.record import GameRecord, read_records


def last_turn_start(record: GameRecord, seat: int) -> tuple[Any, int]:
    """The position at the start of `seat`'s last turn in the record, and the index of its first action."""
    starts = turn_starts(record.start, record.moves, seat)
    if not starts:
        raise ValueError(f"seat {seat} never moved in the record of seed {record.seed}")
    index, position = starts[-1]
    return position, index


def classify(position: Any, seconds: float, plies: int) -> tuple[str, int, float]:
    """("lost anyway" | "missed" | "undecided", depth reached, value) for the player to move at `position`."""
    limits = _core.SearchLimits()
    limits.time_s = seconds
    r = position.alphabeta(limits, hash_mb=64)
    if r.value < -_core.EVAL_BOUND:
        return "lost anyway", r.depth, r.value
    return ("missed" if r.depth >= plies else "undecided"), r.depth, r.value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", help="JSON-lines record file of Sensei games (kofun selfplay --records)")
    parser.add_argument("--algo", default="mcts", help="the side whose losses are checked (default: mcts)")
    parser.add_argument("--time", type=float, default=20.0, help="seconds of alpha-beta per loss (default 20)")
    parser.add_argument("--plies", type=int, default=8, help="depth that covers two turns (default 8)")
    args = parser.parse_args()
    totals: dict[str, int] = {"lost anyway": 0, "missed": 0, "undecided": 0}
    games = 0
    for record in read_records(args.records):
        games += 1
        seats = [i for i, a in enumerate(record.agents) if a.get("algo") == args.algo]
        if len(seats) != 1 or record.winner is None or record.winner == seats[0]:
            continue
        position, index = last_turn_start(record, seats[0])
        verdict, depth, value = classify(position, args.time, args.plies)
        totals[verdict] += 1
        print(f"seed {record.seed} seat {seats[0]} action {index}: {verdict} (depth {depth}, value {value:g})")
    print(
        f"{games} games, {sum(totals.values())} losses of {args.algo}: "
        + ", ".join(f"{k} {v}" for k, v in totals.items())
    )


if __name__ == "__main__":
    main()
