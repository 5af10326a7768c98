#!/usr/bin/env python3
"""Prints the shipped rating ladders (solver/data/ratings/*.json) as Markdown tables, for README.md and
docs/ladders.md: every level with its budget, rating and 95% interval, games and seconds per decision, and under
each table the tournament's size, wall time and the command that made it. With ``--write`` the README's tables
(each from its ``**game (mode)**`` title to the line under its table) are replaced in place.

    python scripts/ladder_tables.py [--write]
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from solver.ratings import Ladder

ROOT = Path(__file__).resolve().parents[1]


def table(ladder: Ladder) -> str:
    """One ladder as Markdown."""
    rows = [
        f"**{ladder.game} ({ladder.mode})**",
        "",
        "| agent | budget | rating | 95% interval | games | s/decision |",
        "|---|---:|---:|---|---:|---:|",
    ]
    for lv in sorted(ladder.levels, key=lambda lv: lv.rating):
        budget = f"{lv.budget:,}" if lv.budget else "-"
        rows.append(
            f"| {lv.name} | {budget} | {lv.rating:.0f} | [{lv.low:.0f}, {lv.high:.0f}] | {lv.games:,} | "
            f"{lv.seconds_per_decision:.4f} |"
        )
    wall = sum(float(r.get("wall_time_s", 0.0)) for r in ladder.runs)
    made = ladder.runs[0]["command"] if ladder.runs else ladder.command
    widest = max(ladder.levels, key=lambda lv: lv.half_width)
    verdict = (
        "every interval within ±30"
        if ladder.converged
        else f"target ±{ladder.target:g} not reached (widest ±{widest.half_width:.0f}, {widest.name})"
    )
    rows += [
        "",
        f"{ladder.games:,} games ({ladder.units:,} paired units), {wall / 60:.0f} min wall time over "
        f"{len(ladder.runs)} run(s); {verdict}. Made by `{made}`"
        + (f", resumed with `{ladder.command}`" if len(ladder.runs) > 1 else "")
        + ".",
    ]
    return "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true", help="replace the tables in README.md instead of printing")
    write = ap.parse_args().write
    readme = ROOT / "README.md"
    text = readme.read_text()
    for path in sorted((ROOT / "solver" / "data" / "ratings").glob("*.json")):
        ladder = Ladder.load(path)
        if not write:
            print(table(ladder))
            print()
            continue
        # the title, a blank line, the table's lines, a blank line and the summary line
        block = re.compile(rf"^\*\*{re.escape(f'{ladder.game} ({ladder.mode})')}\*\*\n\n(?:\|.*\n)+\n.*\n", re.M)
        text, n = block.subn(lambda _: table(ladder) + "\n", text)  # noqa: B023 (used at once)
        if n != 1:
            raise SystemExit(f"README.md: {n} tables of {ladder.game} ({ladder.mode}), expected 1")
    if write:
        readme.write_text(text)


if __name__ == "__main__":
    main()
