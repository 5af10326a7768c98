"""What each shipped ladder cost: the core-hours its searches took, summed from its committed results file.

    python scripts/ladder_cost.py [docs/data/ladders/*.jsonl.gz ...]

Every unit of a results file records, per side, the seconds its agent spent deciding and its number of decisions
(``time``: one thread each, on whatever machine played it, busy or not). Their sum is the ladder's CPU cost: the
searches only, not the fits or the runner. Printed as a Markdown table: ladder, units, games, core-hours, the
top-rated level of the shipped ladder file with its interval, and full strength's rating once the ladder has it.
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path
from typing import Any

from solver.rating.levels import full_settings

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "docs" / "data" / "ladders"
LADDERS = ROOT / "solver" / "data" / "ratings"


def cost(path: Path) -> tuple[int, int, float]:
    """(units, games, core-seconds of the searches) of a results file."""
    units = games = 0
    seconds = 0.0
    with gzip.open(path, "rt") as f:
        next(f)  # the job's header
        for line in f:
            result = json.loads(line)["result"]
            units += 1
            games += len(result["points"])
            seconds += sum(s for s, _ in result["time"])  # per side: seconds, decisions
    return units, games, seconds


def rated(level: dict[str, Any]) -> str:
    """'name rating [low, high]' of a ladder file's level."""
    interval = f"[{level['low']:.0f}, {level['high']:.0f}]" if level["low"] is not None else "(no interval)"
    return f"{level['name']} {level['rating']:.0f} {interval}"


def full_strength(ladder: dict[str, Any]) -> str:
    """Full strength's rating on `ladder`, or 'not yet (its name; rated up to B)' with the largest budget rated."""
    name, _, _ = full_settings(ladder["game"], ladder["mode"])
    level = next((lv for lv in ladder["levels"] if lv["name"] == name), None)
    if level is not None:
        return rated(level)
    top = max((lv["budget"] for lv in ladder["levels"] if lv.get("budget")), default=0)
    return f"not yet ({name}; rated up to {top:,})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", type=Path)
    args = ap.parse_args()
    files = args.files or sorted(p for p in RESULTS.glob("*.jsonl.gz") if not p.name.endswith(".fits.jsonl.gz"))
    print("| ladder | units | games | searches, core-hours | top level (rating, 95% interval) | full strength |")
    print("|---|---:|---:|---:|---|---|")
    for path in files:
        name = path.name.removesuffix(".jsonl.gz")
        units, games, seconds = cost(path)
        ladder = json.loads((LADDERS / f"{name}.json").read_text())
        top = rated(max(ladder["levels"], key=lambda level: level["rating"]))
        print(f"| {name} | {units:,} | {games:,} | {seconds / 3600:.1f} | {top} | {full_strength(ladder)} |")


if __name__ == "__main__":
    main()
