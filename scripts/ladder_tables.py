#!/usr/bin/env python3
"""Prints the shipped rating ladders (solver/data/ratings/*.json) as Markdown tables, for docs/ladders.md: every
level with its budget, rating and 95% interval, games and seconds per decision, and under each table the
tournament's size, wall time and the command that made it. With ``--write`` the tables of docs/ladders.md (between
its ``<!-- tables:start -->`` and ``<!-- tables:end -->`` lines) are replaced by those of every shipped file.

    python scripts/ladder_tables.py [--write]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from solver.rating.ladders import Ladder
from solver.rating.tournament import CONFIRM_BOOTSTRAP

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
    if not ladder.converged:
        verdict = f"target ±{ladder.target:g} not reached (widest ±{widest.half_width:.0f}, {widest.name})"
    elif ladder.top_target is None:
        verdict = f"every interval within ±{ladder.target:g}"
    else:
        verdict = (
            f"every interval within ±{ladder.target:g}, the top two levels allowed ±{ladder.top_target:g} "
            "(the CPU time for ±30 near full strength: the cost table below): "
            + ", ".join(f"{lv.name} ±{lv.half_width:.0f}" for lv in ladder.top_levels())
        )
    if ladder.converged:  # which bootstrap said so (tournament.py: the confirming fit)
        verdict += f" ({ladder.bootstrap:,} bootstrap resamples" + (
            ")"
            if ladder.bootstrap >= CONFIRM_BOOTSTRAP
            else ": shipped before the confirming fit, [its widest levels with 4,000]"
            "(#ladders-shipped-before-the-confirming-fit))"
        )
    rows += [
        "",
        f"{ladder.games:,} games ({ladder.units:,} paired units), {wall / 60:.0f} min wall time over "
        f"{len(ladder.runs)} run(s); {verdict}. Made by `{made}`"
        + (f", resumed with `{ladder.command}`" if len(ladder.runs) > 1 else "")
        + ".",
    ]
    return "\n".join(rows)


START, END = "<!-- tables:start -->", "<!-- tables:end -->"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true", help="replace the tables in docs/ladders.md instead of printing")
    write = ap.parse_args().write
    tables = "\n\n".join(table(Ladder.load(p)) for p in sorted((ROOT / "solver" / "data" / "ratings").glob("*.json")))
    if not write:
        print(tables)
        return
    doc = ROOT / "docs" / "ladders.md"
    text = doc.read_text()
    if text.count(START) != 1 or text.count(END) != 1:
        raise SystemExit(f"{doc}: expected one {START} and one {END} line")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    doc.write_text(f"{head}{START}\n{tables}\n{END}{tail}")


if __name__ == "__main__":
    main()
