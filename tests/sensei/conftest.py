"""Shared fixtures of the Sensei tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solver._core import sensei


def make_position(
    s: str,
    n: str,
    chars: str,
    turn: str = "S",
    actions: str = "-",
    turns: int = 0,
    version: str = "arashi",
    pits: str = "-",
    opts: str = "",
) -> Any:
    """A position from its fields (see docs/sensei.md); the parser derives the game status."""
    text = f"{version} pits={pits} S={s} N={n} chars={chars} turn={turn} actions={actions} turns={turns}"
    if opts:
        text += f" opts={opts}"
    return sensei.State.parse(text)


@pytest.fixture
def pos() -> Callable[..., Any]:
    """The `make_position` builder."""
    return make_position
