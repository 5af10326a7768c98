"""scripts/ladder_cost.py: a results file's searches summed, and full strength's rating once a ladder has it."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType


def level(name: str, budget: int | None, rating: float, low: float, high: float) -> dict[str, object]:
    return {"name": name, "budget": budget, "rating": rating, "low": low, "high": high}


def test_cost_sums_every_sides_seconds(tmp_path: Path, script: Callable[[str], ModuleType]) -> None:
    path = tmp_path / "x.jsonl.gz"
    lines = [
        {"kofun_batch": 1, "job": {}},
        {"task": "0", "result": {"points": [1, 0], "time": [[1.5, 10], [0.5, 9]]}},
        {"task": "1", "result": {"points": [0, 1], "time": [[2.0, 11], [3.0, 12]]}},
    ]
    with gzip.open(path, "wt") as f:
        f.write("\n".join(json.dumps(line) for line in lines) + "\n")
    assert script("ladder_cost").cost(path) == (2, 4, 7.0)


def test_full_strength_is_rated_once_the_ladder_has_its_budget(script: Callable[[str], ModuleType]) -> None:
    cost = script("ladder_cost")
    levels = [level("random", None, 0, 0, 0), level("ismcts-16384", 16384, 371.4, 344.2, 402.9)]
    ladder = {"game": "koikoi", "mode": "seed", "levels": levels}
    assert cost.full_strength(ladder) == "not yet (ismcts-1048576; rated up to 16,384)"
    levels.append(level("ismcts-1048576", 1 << 20, 349.2, 322.0, 381.7))
    assert cost.full_strength(ladder) == "ismcts-1048576 349 [322, 382]"
    assert cost.rated(level("greedy", None, 853.4, 824.4, 880.6)) == "greedy 853 [824, 881]"
