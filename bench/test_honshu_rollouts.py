"""Honshu ISMCTS: random rollouts against policy rollouts, iterations per CPU second, in the same run.

Random playouts draw each placement with the engine's rejection sampler (State.random_move, the game's
random_move hook) instead of listing the ~240 legal placements of every placement ply; policy playouts draw
8 placements the same way and keep the best static value. So a random rollout should cost no more than a policy
one. Seat 0's view of a 2-player game in round 4, at a trick and at a placement decision; one thread.

    python -m pytest bench/test_honshu_rollouts.py -s
"""

from __future__ import annotations

import time
from typing import Any

from test_honshu import _view  # the same round-4 views as the Honshu speed bench

import solver.games.honshu  # noqa: F401 - loads the card table
from solver import _core
from solver._core import honshu as hs

ITERATIONS = 20_000
ROUNDS = 3


def _rate(info: str, hidden: list[int], groups: list[int], rollout: str) -> float:
    lim = _core.SearchLimits()
    lim.nodes, lim.threads, lim.seed = ITERATIONS, 1, 1
    start = time.process_time()
    r = hs.State.ismcts(info, lim, unseen=hidden, groups=groups, rollout=rollout)
    return r.nodes / (time.process_time() - start)


def test_random_rollouts_at_least_policy_speed(benchmark: Any) -> None:
    """Iterations per CPU second of random and policy rollouts, alternated, best of ROUNDS each (least disturbed)."""
    info_out: dict[str, Any] = {}
    for placement in (False, True):
        view = _view(placement)
        best = {"random": 0.0, "policy": 0.0}
        for _ in range(ROUNDS):
            for rollout in best:
                best[rollout] = max(best[rollout], _rate(*view, rollout))
        name = "place" if placement else "play"
        info_out |= {
            f"{name}_random_per_s": round(best["random"]),
            f"{name}_policy_per_s": round(best["policy"]),
            f"{name}_random_over_policy": round(best["random"] / best["policy"], 2),
        }
    benchmark.pedantic(lambda: None, rounds=1)
    benchmark.extra_info.update(info_out)
    print(" ".join(f"{k}={v}" for k, v in info_out.items()))
    assert info_out["play_random_over_policy"] >= 1.0 and info_out["place_random_over_policy"] >= 1.0
