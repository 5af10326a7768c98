"""Connect Four proofs: the exact solver (`solve`) against the generic alpha-beta (before) and, when its binary is
given, a dedicated solver on the same positions in the same run.

    python -m pytest bench/test_connect4_solve.py -s
    KOFUN_C4_REFERENCE=/path/to/solver python -m pytest bench/test_connect4_solve.py -s   # + the reference
    KOFUN_BENCH_LONG=1 python -m pytest bench/test_connect4_solve.py -s -k empty           # empty board: value, full

The set (bench/data/connect4_solve.txt, 28-36 empty cells) is made by scripts/c4_positions.py, which checks every
value against an external solver and the shallowest against alpha-beta. The reference binary reads one position
per line and prints "<position> <score> <nodes> <microseconds>" (Pascal Pons' solver with a main that prints its
node count and time, built from its public source with g++ -O3; no opening book).
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from solver import _core
from solver.games.connect4.score import connect4_score

C4 = _core.connect4.State
DATA = Path(__file__).parent / "data" / "connect4_solve.txt"
SET = [tuple(line.split()) for line in DATA.read_text().splitlines() if line and not line.startswith("#")]
HASH_MB = 256
AB_EMPTY = 28  # alpha-beta (before) runs on the positions with this many empty cells (deeper ones take minutes)


def _limits(time_s: float = 0.0) -> Any:
    lim = _core.SearchLimits()
    lim.time_s = time_s
    return lim


def _solve_all(positions: list[str]) -> list[tuple[int, int, float]]:
    out = []
    for p in positions:
        start = time.process_time()
        r = C4.parse(p).solve(_limits(), hash_mb=HASH_MB, value_only=True)
        out.append((int(r.value), int(r.nodes), time.process_time() - start))
    return out


def test_solve_set(benchmark: Any) -> None:
    """Every position of the set proven, with nodes and CPU time; alpha-beta on the shallowest for the ratio."""
    positions = [p for p, _, _ in SET]
    results = benchmark.pedantic(lambda: _solve_all(positions), rounds=1)
    for (p, value, _), (got, _, _) in zip(SET, results, strict=True):
        assert got == int(value), p
    nodes = sum(n for _, n, _ in results)
    cpu = sum(t for _, _, t in results)
    info: dict[str, Any] = {"positions": len(positions), "solve_nodes": nodes, "solve_cpu_s": round(cpu, 2)}
    shallow = [i for i, (p, _, _) in enumerate(SET) if 42 - len(p) <= AB_EMPTY]
    ab_nodes = ab_cpu = 0.0
    for i in shallow:
        start = time.process_time()
        r = C4.parse(SET[i][0]).alphabeta(_limits(time_s=600.0), hash_mb=HASH_MB)
        ab_cpu += time.process_time() - start
        ab_nodes += r.nodes
        assert r.value == int(SET[i][1])
    if shallow:
        s_nodes = sum(results[i][1] for i in shallow)
        s_cpu = sum(results[i][2] for i in shallow)
        info |= {
            "alphabeta_positions": len(shallow),
            "alphabeta_over_solve_nodes": round(ab_nodes / s_nodes, 1),
            "alphabeta_over_solve_cpu": round(ab_cpu / s_cpu, 1),
        }
    reference = os.environ.get("KOFUN_C4_REFERENCE")
    if reference:
        text = "\n".join(positions) + "\n"
        start = time.perf_counter()
        lines = subprocess.run([reference], input=text, capture_output=True, text=True, check=True).stdout
        wall = time.perf_counter() - start
        rows = [line.split() for line in lines.splitlines() if line.strip()]
        for (p, _, score), row in zip(SET, rows, strict=True):
            assert row[0] == p and int(row[1]) == int(score)
        ref_nodes = sum(int(r[2]) for r in rows)
        ref_s = sum(int(r[3]) for r in rows) / 1e6
        info |= {
            "reference_nodes": ref_nodes,
            "reference_s": round(ref_s, 2),
            "reference_wall_s": round(wall, 2),
            "solve_over_reference_nodes": round(nodes / ref_nodes, 2),
            "solve_over_reference_time": round(cpu / ref_s, 2),
        }
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))


@pytest.mark.skipif(not os.environ.get("KOFUN_BENCH_LONG"), reason="about 15 minutes: set KOFUN_BENCH_LONG=1")
def test_empty_board_value(benchmark: Any) -> None:
    """The empty board's value alone: a first-player win with the last stone (test-set score +1), column 4 best."""
    state = C4()
    start = time.process_time()
    r = benchmark.pedantic(lambda: state.solve(_limits(), hash_mb=4096, value_only=True), rounds=1)
    cpu = time.process_time() - start
    assert r.proof == _core.Proof.WIN and connect4_score(state, r) == 1 and r.best_move == 3
    benchmark.extra_info.update({"nodes": r.nodes, "cpu_s": round(cpu, 1)})
    print(f"empty board value: score +1, best move 4, nodes={r.nodes} cpu_s={cpu:.1f}")


@pytest.mark.skipif(not os.environ.get("KOFUN_BENCH_LONG"), reason="15-20 minutes of one core: set KOFUN_BENCH_LONG=1")
def test_empty_board(benchmark: Any) -> None:
    """The empty board: a first-player win with the last stone (test-set score +1), column 4 the only winning
    first move (every other first move proven not to win)."""
    state = C4()

    def run() -> Any:
        return state.solve(_limits(), hash_mb=4096)

    start = time.process_time()
    r = benchmark.pedantic(run, rounds=1)
    cpu = time.process_time() - start
    assert r.proof == _core.Proof.WIN and connect4_score(state, r) == 1
    # The others are proven below the value: as no win can come later than ply 41, none of them wins.
    assert [m.move for m in r.moves if m.bound == 0] == [3]
    assert all(m.bound == -1 and m.value < r.value for m in r.moves if m.move != 3)
    benchmark.extra_info.update({"nodes": r.nodes, "seconds": round(r.time_s, 1), "cpu_s": round(cpu, 1)})
    print(f"empty board: score +1, nodes={r.nodes} seconds={r.time_s:.1f} cpu_s={cpu:.1f}")
