"""The nodes OpenSpiel's Python alpha-beta visits: its recursive function wrapped to count its calls while `run`
runs (a separate pass, outside every clock), then restored."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def alpha_beta_nodes(run: Callable[[], object]) -> int:
    """The calls of ``open_spiel.python.algorithms.minimax._alpha_beta`` made by `run()`."""
    from open_spiel.python.algorithms import minimax

    original: Callable[..., Any] = minimax._alpha_beta
    count = 0

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal count
        count += 1
        return original(*args, **kwargs)

    minimax._alpha_beta = counted
    try:
        run()
    finally:
        minimax._alpha_beta = original
    return count
