"""scripts/ladder_tables.py: docs/ladders.md's table of a shipped ladder, and what it says of the intervals."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import solver
from solver.rating.ladders import Ladder

SHIPPED = Path(solver.__file__).parent / "data" / "ratings"
DOC = Path(__file__).parent.parent / "docs" / "ladders.md"


def test_a_ladder_with_its_top_two_allowed_wider_says_so_with_their_widths(script: Callable[[str], ModuleType]) -> None:
    text = script("ladder_tables").table(Ladder.load(SHIPPED / "haniwa-4p.json"))
    assert "| ismcts-262144 | 262,144 | 1006 | [959, 1052] | 324 | 1.2248 |" in text
    assert (
        "every interval within ±30, the top two levels allowed ±50 (the CPU time for ±30 near full strength: the "
        "cost table below): ismcts-65536 ±33, ismcts-262144 ±47 (2,000 bootstrap resamples). Made by" in text
    )


def test_a_ladder_run_to_one_target_says_every_interval_is_within_it(script: Callable[[str], ModuleType]) -> None:
    ladder = Ladder.load(SHIPPED / "honshu-2p.json")
    assert ladder.top_target is None and ladder.bootstrap == 2000  # stopped by the confirming fit
    text = script("ladder_tables").table(ladder)
    assert "17,920 games (8,960 paired units)" in text
    assert "; every interval within ±30 (2,000 bootstrap resamples). Made by" in text
    ladder.bootstrap = 200  # as the ladders shipped before the confirming fit (solver/rating/tournament.py)
    before = "; every interval within ±30 (200 bootstrap resamples: shipped before the confirming fit, [its widest"
    assert before in script("ladder_tables").table(ladder)
    ladder.levels[-1].high += 100  # wider than the target: not reached, and the widest named
    widest = max(ladder.levels, key=lambda lv: lv.half_width)
    verdict = f"target ±30 not reached (widest ±{widest.half_width:.0f}, {widest.name})"
    assert verdict in script("ladder_tables").table(ladder)


def test_the_doc_holds_the_tables_of_the_shipped_ladders(script: Callable[[str], ModuleType]) -> None:
    tables = script("ladder_tables")
    doc = DOC.read_text()
    for path in sorted(SHIPPED.glob("*.json")):
        assert tables.table(Ladder.load(path)) in doc, path.stem
