"""Many positions proven in one compiled call: :func:`solve_set`.

A set of positions (a test file, the positions of a game, a book's lines) is solved one after the other on one
transposition table by ``State.solve_set``, a loop in C++: no Python call per position, and each position's CPU
time measured around its solve alone (the thread's CPU clock), as a standalone solver's own main measures it. With
``keep_table`` (the default here) the entries of the earlier positions answer the later ones, as in one session of
``solve`` calls with ``keep_table=True``; without it each position is answered as by a new table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from .. import _core
from ..games import GameInfo, get_game
from .runner import SearchReport, remaining_plies, report_of, run_in_thread, settings_of

CHUNK = 256  # positions per compiled call between two progress reports


@dataclass(frozen=True)
class SolvedPosition:
    """One position of a set: its report (as :func:`solver.solve` gives it) and the CPU seconds of its solve."""

    report: SearchReport
    cpu_s: float


def solve_set(
    game: str | GameInfo,
    positions: Iterable[Any],
    *,
    keep_table: bool = True,
    value_only: bool = False,
    rules: Mapping[str, Any] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    **kwargs: Any,
) -> list[SolvedPosition]:
    """Proves every position of `positions` (notation or States of `game`) in order, on one table.

    Keywords as for :func:`solver.solve` (``time`` and ``nodes`` budget each position; ``hash_mb``). `value_only`:
    the value and one best move (no exact value of every move, no PV). `on_progress(done, total)` is called after
    every :data:`CHUNK` positions. Ctrl-C stops the set: the positions solved so far are returned, the one it stopped
    last (its report ``interrupted``, with the bounds reached). Bad notation, a terminal position or one of another
    game raises ValueError naming the position's index (``positions[i]``).
    """
    g = get_game(game)
    states = [_state(g, p, i, rules) for i, p in enumerate(positions)]
    if not states:
        return []
    for key in ("algo", "keep_table"):
        if key in kwargs:
            raise TypeError(f"solve_set: {key!r} is not a setting here (the set is solved with algo 'solve')")
    players = int(states[0].num_players)
    settings = settings_of(g, None, rules, {**kwargs, "algo": "solve"}, players, remaining_plies(states[0]))
    table = {k: v for k, v in settings.options().items() if k == "hash_mb"}  # else the compiled default
    keep = g.rules_name(states[0]) if keep_table else ""
    out: list[SolvedPosition] = []
    for start in range(0, len(states), CHUNK):
        chunk = states[start : start + CHUNK]
        control = _core.SearchControl()
        run = partial(g.State.solve_set, chunk, settings.limits(), control, value_only=value_only, keep_table=keep)
        (results, cpu), interrupted = run_in_thread(partial(run, **table), control, None, None)
        for state, result, seconds in zip(chunk, results, cpu, strict=False):
            stopped = interrupted and bool(result.stopped)
            out.append(SolvedPosition(report_of(g, state, settings, result, stopped), float(seconds)))
        if on_progress is not None:
            on_progress(len(out), len(states))
        if interrupted:
            break
    return out


def _state(g: GameInfo, position: Any, index: int, rules: Mapping[str, Any] | None) -> Any:
    """The state of one entry of the set; ValueError naming the entry when it is not a position of `g`."""
    try:
        if isinstance(position, str):
            state = g.parse(position, rules)
        elif isinstance(position, g.State):
            state = position
        else:
            raise TypeError(f"expected {g.name} notation or a {g.name} State, got {type(position).__name__}")
        if state.is_terminal():
            raise ValueError("the game is over: there is nothing to solve")
    except (ValueError, TypeError) as e:
        raise type(e)(f"positions[{index}]: {e}") from None
    return state
