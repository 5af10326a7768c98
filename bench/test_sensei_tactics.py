"""Sensei whole-turn tactics: how often MCTS plays a safe turn under a threat, and what the hooks cost.

The positions are the threatened turn starts of tests/sensei/test_sensei_tactics.py (seed 11, 40 positions: the
opponent would win by arrival if the player passed, and some turn prevents it). MCTS (policy rollouts) plays the
whole turn action by action; the figure is the number of turns after which the opponent has no win by arrival.
Before the hooks (same positions, same budgets): 13/40 at 300 and 22/40 at 3,000 iterations per action.
"""

from __future__ import annotations

import time
from typing import Any

from solver import _core
from tests.sensei.test_sensei_tactics import POSITIONS, arrival_win, threatened_positions

THREATENED = threatened_positions(11, 40)


def _safe_turns(iterations: int) -> int:
    safe = 0
    for i, start in enumerate(THREATENED):
        s = start.clone()
        p = s.to_move()
        lim = _core.SearchLimits()
        lim.nodes = iterations
        lim.seed = i
        while not s.is_terminal() and s.to_move() == p:
            s.apply(s.mcts(lim, rollout="policy").best_move)
        safe += s.status() == p or (s.status() == -1 and not arrival_win(s))
    return safe


def test_mcts_safe_turns_under_threat(benchmark: Any) -> None:
    figures = {f"safe_at_{n}": _safe_turns(n) for n in (300, 3000)}
    benchmark.extra_info.update(figures, positions=len(THREATENED))
    print(" ".join(f"{k}={v}/{len(THREATENED)}" for k, v in figures.items()))
    assert all(v == len(THREATENED) for v in figures.values())
    benchmark.pedantic(lambda: _safe_turns(300), rounds=1)


def test_hook_speed(benchmark: Any) -> None:
    """Calls per second of each hook over the random positions of the tests (legal_moves as the baseline)."""
    quiet = [s for s in POSITIONS if s.turn_winning_move() == _core.NO_MOVE]

    def rate(f: Any, states: list[Any]) -> float:
        start = time.perf_counter()
        for _ in range(20):
            for s in states:
                f(s)
        return 20 * len(states) / (time.perf_counter() - start)

    legal = rate(lambda s: s.legal_moves(), quiet)
    win = rate(lambda s: s.turn_winning_move(), POSITIONS)
    safe = rate(lambda s: s.turn_safe_moves(), quiet)
    info = {
        "legal_moves_per_s": round(legal),
        "turn_winning_move_per_s": round(win),
        "turn_safe_moves_per_s": round(safe),
        "safe_to_legal": round(safe / legal, 3),
    }
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))
    benchmark.pedantic(lambda: [s.turn_safe_moves() for s in quiet], rounds=1)
