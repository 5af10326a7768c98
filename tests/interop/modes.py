"""Every game and mode the adapters are tested on: each player count and the rule options that change the game's
shape (presets, matches of several deals, expert boards, hand passing, two-stage placement)."""

from __future__ import annotations

from typing import Any

MODES: list[tuple[str, dict[str, Any]]] = [
    ("connect4", {}),
    ("sensei", {"version": "arashi"}),
    ("sensei", {"version": "shizukana", "pits": "default"}),
    ("koikoi", {"preset": "seed"}),
    ("koikoi", {"preset": "nintendo"}),
    ("koikoi", {"preset": "seed", "rounds": 3, "sake_viewing": True}),
    ("haniwa", {"players": 1}),
    ("haniwa", {"players": 2}),
    ("haniwa", {"players": 4}),
    ("haniwa", {"players": 2, "rounds": 2}),
    ("ohanami", {"players": 2}),
    ("ohanami", {"players": 3}),
    ("ohanami", {"players": 4}),
    ("honshu", {"players": 2}),
    ("honshu", {"players": 3, "placement": "two_stage"}),
    ("honshu", {"players": 4, "hand_passing": "official"}),
    ("honshu", {"players": 5}),
]
HIDDEN = [(g, r) for g, r in MODES if g not in ("connect4", "sensei")]


def mode_id(mode: Any) -> str:
    """A readable test id: ``haniwa(players=4)``."""
    if isinstance(mode, str):
        return mode
    if isinstance(mode, dict):
        return "(" + ",".join(f"{k}={v}" for k, v in mode.items()) + ")"
    return str(mode)
