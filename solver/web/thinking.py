"""The ``thinking`` message: what a running search has found so far, told to the clients watching it."""

from __future__ import annotations

from typing import Any

from ..search.runner import Progress
from ..search.text import progress_line
from . import protocol as p


def thinking_message(
    table: str | None, seat: int | None, pr: Progress, unit: str, request_id: Any = None, hide: bool = False
) -> dict[str, Any]:
    """A ``thinking`` message: what a running search has found so far, in the game's terms. With `hide` (an
    engine seat of a hidden-information game, watched by the other seats) only its effort is told: its value and
    line would show what it holds."""
    fields: dict[str, Any] = {
        "depth": pr.depth, "value": None if hide else pr.value, "unit": unit, "proven": pr.proven,
        "pv": [] if hide else list(pr.pv), "nodes": pr.nodes, "nps": round(pr.nps), "time_s": round(pr.time_s, 3),
        "line": effort_line(pr) if hide else progress_line(pr),
    }  # fmt: skip
    if table is not None:
        fields.update(table=table, seat=seat)
    return p.reply("thinking", request_id, **fields)


def effort_line(pr: Progress) -> str:
    return f"{pr.nodes:,} iterations, {round(pr.nps):,}/s, {pr.time_s:.1f} s (its value and line stay hidden)"


__all__ = ["thinking_message"]
