"""The Sensei endgame set: nodes and time to prove each forced win, alpha-beta and MCTS-Solver.

bench/data/sensei_endgames.txt (made by scripts/sensei_endgames.py) holds turn starts with a forced win on the
winner's 2nd, 3rd or 4th own turn, each with the proof's length in plies. Alpha-beta searches to exactly that depth
and must prove the recorded value (nodes and CPU time per group of own turns); MCTS-Solver (policy rollouts,
whole-turn tactics) gets up to MCTS_CAP iterations and the figure is how many it proves. One thread, CPU time.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from solver import _core
from solver._core import sensei

DATA = Path(__file__).parent / "data" / "sensei_endgames.txt"
SET = [line.split("\t") for line in DATA.read_text().splitlines() if line and not line.startswith("#")]
MCTS_CAP = 200_000


def _limits(**kw: int) -> Any:
    lim = _core.SearchLimits()
    for k, v in kw.items():
        setattr(lim, k, v)
    return lim


def _prove_all() -> dict[str, float]:
    """Per group of own turns ("2", "3", "4"): nodes and CPU seconds of the proofs."""
    out: dict[str, float] = {}
    for text, winner, turns, plies in SET:
        s = sensei.State.parse(text)
        start = time.process_time()
        r = s.alphabeta(_limits(depth=int(plies)), hash_mb=64)
        cpu = time.process_time() - start
        expected = _core.Proof.WIN if "SN"[s.to_move()] == winner else _core.Proof.LOSS
        assert r.proof == expected and r.plies_to_end == int(plies), text
        out[f"alphabeta_nodes_win_in_{turns}"] = out.get(f"alphabeta_nodes_win_in_{turns}", 0) + r.nodes
        out[f"alphabeta_cpu_s_win_in_{turns}"] = round(out.get(f"alphabeta_cpu_s_win_in_{turns}", 0.0) + cpu, 2)
    return out


def test_alphabeta_proves_the_set(benchmark: Any) -> None:
    figures = benchmark.pedantic(_prove_all, rounds=1)
    info = {"positions": len(SET), **figures}
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))


def test_mcts_solver_on_the_set(benchmark: Any) -> None:
    def run() -> tuple[int, int, float]:
        proven = iterations = 0
        start = time.process_time()
        for i, (text, winner, _turns, _plies) in enumerate(SET):
            s = sensei.State.parse(text)
            r = s.mcts(_limits(nodes=MCTS_CAP, seed=i), rollout="policy")
            expected = _core.Proof.WIN if "SN"[s.to_move()] == winner else _core.Proof.LOSS
            assert r.proof in (expected, _core.Proof.NONE), text  # never a wrong proof
            proven += r.proof == expected
            iterations += r.nodes
        return proven, iterations, time.process_time() - start

    proven, iterations, cpu = benchmark.pedantic(run, rounds=1)
    info = {"positions": len(SET), "mcts_proven": proven, "mcts_iterations": iterations, "mcts_cpu_s": round(cpu, 2)}
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))
