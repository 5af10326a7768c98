"""The Sensei endgame set: nodes and time to prove each forced win, alpha-beta and MCTS-Solver.

bench/data/sensei_endgames.txt (made by scripts/sensei_endgames.py) holds turn starts with a forced win on the
winner's 2nd or 3rd own turn, each with the proof's length in plies. Alpha-beta searches to exactly that depth and
must prove the recorded value; MCTS-Solver (policy rollouts, whole-turn tactics) gets up to MCTS_CAP iterations
and the figure is how many it proves. One thread, CPU time.
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


def _prove_all() -> tuple[int, float]:
    nodes, start = 0, time.process_time()
    for text, winner, _turns, plies in SET:
        s = sensei.State.parse(text)
        r = s.alphabeta(_limits(depth=int(plies)), hash_mb=64)
        expected = _core.Proof.WIN if "SN"[s.to_move()] == winner else _core.Proof.LOSS
        assert r.proof == expected and r.plies_to_end == int(plies), text
        nodes += r.nodes
    return nodes, time.process_time() - start


def test_alphabeta_proves_the_set(benchmark: Any) -> None:
    nodes, cpu = benchmark.pedantic(_prove_all, rounds=1)
    info = {"positions": len(SET), "alphabeta_nodes": nodes, "alphabeta_cpu_s": round(cpu, 2)}
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
