"""The review checked against exact values on the Connect Four check set (tests/data/c4_review_set.json, made by
scripts/c4_review_set.py): the confusion table of the moves that changed the game's result, and the false facts
(:mod:`solver.review.check`).

    python scripts/c4_review_check.py tests/data/c4_review_set.json [--nodes N] [--proof-nodes N]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from solver.review import ReviewSettings
from solver.review.check import check_set


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("set")
    ap.add_argument("--nodes", type=int, default=None)
    ap.add_argument("--proof-nodes", type=int, default=None)
    args = ap.parse_args()
    fields: dict[str, Any] = {"nodes": args.nodes}
    if args.proof_nodes is not None:
        fields["proof_nodes"] = args.proof_nodes
    result, cpu = check_set(json.loads(Path(args.set).read_text()), ReviewSettings(**fields))
    print(json.dumps(result.table()), f"cpu {cpu:.1f} s")
    for change in result.changes:
        print("changed", change)
    for fact in result.false_facts:
        print("false", fact)
    for distance in result.distances:
        print("distance", distance)


if __name__ == "__main__":
    main()
