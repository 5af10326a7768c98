"""Connect Four proofs: the exact solver (`solve`) against the generic alpha-beta (before) and, when its binary is
given, against a dedicated solver on the same positions, both timed with the same CPU clock, in the same run.

    python -m pytest bench/test_connect4_solve.py -s
    KOFUN_C4_REFERENCE=/path/to/solver python -m pytest bench/test_connect4_solve.py -s -k reference
    KOFUN_BENCH_LONG=1 python -m pytest bench/test_connect4_solve.py -s -k empty           # empty board: value, full

The sets (bench/data/): the project's 50 (connect4_solve.txt, 28-34 empty cells, made by scripts/c4_positions.py,
which checks every value against an external solver and the shallowest against alpha-beta), and Pascal Pons' public
test sets with his scores: the first 60 positions of Test_L1_R2 (beginning, medium), the first 10 of Test_L1_R3
(beginning, hard), and all 1,000 of Test_L2_R1 (middle, easy), Test_L2_R2 (middle, medium) and Test_L3_R1 (end,
easy). The reference (bench/c4_reference.py; bench/c4_reference_main.cpp is a main around Pons' solver) reads one
position per line and prints "<position> <score> <nodes> <cpu_us>".

Both sides use the same clock, the CPU time of the solving thread (CLOCK_THREAD_CPUTIME_ID), read at the same
places: around each solve alone, inside one loop over the set in C++ (kofun's `State.solve_set`, the reference's
main around each `solve()`). And the same **table policy**, each set measured under both:

- ``cleared``: every position starts from a zeroed table, zeroed before its clock starts: the reference's
  `reset()`, kofun's `clear_each` (the same zeroing as `_core.clear_tables()`). Both tables are mapped and faulted in
  before the first clock (the reference's by its constructor, kofun's by a first solve);
- ``kept``: the entries of the set's earlier positions answer the later ones (Pons' own main, one process; kofun's
  `keep_table`); every round starts from a zeroed table (a new process there, `clear_tables()` here).

The two sides alternate, KOFUN_BENCH_ROUNDS times (3 by default), and the medians are compared (kofun / reference):
``cpu_ratio`` on the clocks around the solves alone; ``cpu_ratio_with_clearing`` with the zeroing counted too
(kofun's `clear_tables()` before each position timed on the same clock in a Python loop; the reference's whole child
process from its rusage, its start and its input included); ``cpu_ratio_python_calls``: kofun's solves called one by
one from Python (`State.solve`, `time.thread_time` around each call: the call's own cost counted) against the same
reference rounds. The tables hold as many positions on both sides (kofun 256 MB of 16-byte entries, the reference
2^24 entries of 5 bytes), so kofun zeroes 3.2 times the bytes.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from c4_reference import NOT_GIVEN, reference_binary, run_reference

from solver import _core
from solver.games.connect4.score import connect4_score

C4 = _core.connect4.State
DATA_DIR = Path(__file__).parent / "data"


def _read(name: str) -> list[tuple[str, ...]]:
    text = (DATA_DIR / name).read_text()
    return [tuple(line.split()) for line in text.splitlines() if line and not line.startswith("#")]


SET = _read("connect4_solve.txt")  # position, kofun value, test-set score
# Every set of the reference comparison: name -> [(position, test-set score)].
REFERENCE_SETS = {
    "project50": [(p, int(score)) for p, _, score in SET],
    "pons_L1_R2_60": [(p, int(score)) for p, score in _read("connect4_pons_L1_R2_60.txt")],
    "pons_L1_R3_10": [(p, int(score)) for p, score in _read("connect4_pons_L1_R3_10.txt")],
    "pons_L2_R1": [(p, int(score)) for p, score in _read("connect4_pons_L2_R1.txt")],
    "pons_L2_R2": [(p, int(score)) for p, score in _read("connect4_pons_L2_R2.txt")],
    "pons_L3_R1": [(p, int(score)) for p, score in _read("connect4_pons_L3_R1.txt")],
}
POLICIES = ("cleared", "kept")
WARM = "5624531471331144743734623"  # 17 empty cells: a short solve that maps the table
HASH_MB = 256
AB_EMPTY = 28  # alpha-beta (before) runs on the positions with this many empty cells (deeper ones take minutes)


def _limits(time_s: float = 0.0) -> Any:
    lim = _core.SearchLimits()
    lim.time_s = time_s
    return lim


def _solve_all(positions: list[str]) -> list[tuple[int, int, float]]:
    """(kofun value, nodes, CPU seconds) of each position."""
    return [(int(r.value), int(r.nodes), t) for _, r, t in _solve_results(positions)]


def _solve_results(positions: list[str], keep_table: str = "") -> list[tuple[Any, Any, float]]:
    """(state, result, thread CPU seconds) of each position, one after the other in this process, the table as
    its last solve left it (new entries each time: a new generation, tt.hpp); with `keep_table` the entries of the
    earlier positions kept under that identity."""
    out = []
    for p in positions:
        state = C4.parse(p)
        start = time.thread_time()
        r = state.solve(_limits(), hash_mb=HASH_MB, value_only=True, keep_table=keep_table)
        out.append((state, r, time.thread_time() - start))
    return out


def _warm_table() -> None:
    """A kept table of HASH_MB mapped and faulted in (a short solve, then zeroed), outside every clock."""
    C4.parse(WARM).solve(_limits(), hash_mb=HASH_MB, value_only=True)
    _core.clear_tables()


def _policy_results(positions: list[str], policy: str, keep: str) -> tuple[list[tuple[Any, Any, float]], float]:
    """The solves of `positions` called one by one from Python under `policy`, from a zeroed table, and the CPU
    seconds of kofun's zeroing of its table before each position (``cleared``; 0 for ``kept``)."""
    _warm_table()
    if policy == "kept":
        return _solve_results(positions, keep), 0.0
    out, clearing = [], 0.0
    for p in positions:
        start = time.thread_time()
        _core.clear_tables()
        clearing += time.thread_time() - start
        out += _solve_results([p])
    return out, clearing


def _set_results(states: list[Any], policy: str, keep: str) -> tuple[list[Any], list[float]]:
    """The solves of `states` under `policy` from a zeroed table in one compiled loop (`State.solve_set`): the
    results and each solve's thread CPU seconds, read around the solve alone as the reference's main reads them."""
    _warm_table()
    kept = keep if policy == "kept" else ""
    return C4.solve_set(
        states, _limits(), hash_mb=HASH_MB, value_only=True, keep_table=kept, clear_each=policy == "cleared"
    )


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
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))


def _rounds() -> int:
    value = os.environ.get("KOFUN_BENCH_ROUNDS", "3")
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"KOFUN_BENCH_ROUNDS={value}: give a whole number >= 1")
    return int(value)


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("name", list(REFERENCE_SETS))
def test_solve_against_reference(benchmark: Any, name: str, policy: str) -> None:
    """A set proven by kofun and by the reference, alternately, same CPU clock, same table policy: medians of
    nodes and CPU seconds, and their ratios (kofun / reference). Every score equal on both sides and to the set's."""
    expected = [score for _, score in REFERENCE_SETS[name]]
    positions = [p for p, _ in REFERENCE_SETS[name]]
    binary = reference_binary()
    if binary is None:
        print(NOT_GIVEN)
    states = [C4.parse(p) for p in positions]
    ours: list[tuple[int, float, float]] = []
    calls: list[float] = []
    theirs: list[tuple[int, float, float]] = []
    for _ in range(_rounds()):
        results, clearing = _policy_results(positions, policy, f"connect4 bench {name}")
        assert [connect4_score(state, r) for state, r, _ in results] == expected
        calls.append(sum(t for _, _, t in results))
        in_set, cpu_s = _set_results(states, policy, f"connect4 bench set {name}")
        assert [connect4_score(state, r) for state, r in zip(states, in_set, strict=True)] == expected
        assert [int(r.nodes) for r in in_set] == [int(r.nodes) for _, r, _ in results]
        ours.append((sum(int(r.nodes) for r in in_set), sum(cpu_s), clearing))
        if binary is not None:
            ref = run_reference(binary, positions, keep=policy == "kept")
            assert ref.scores == expected
            theirs.append((ref.nodes, ref.cpu_s, ref.child_cpu_s))
    benchmark.pedantic(lambda: None, rounds=1)
    cpu = statistics.median(t for _, t, _ in ours)
    clear = statistics.median(c for _, _, c in ours)
    info: dict[str, Any] = {"set": name, "policy": policy, "positions": len(positions), "rounds": len(ours)}
    call_cpu = statistics.median(calls)
    info |= {"kofun_nodes": ours[0][0], "kofun_cpu_s": round(cpu, 3), "kofun_clear_cpu_s": round(clear, 3)}
    info["kofun_python_calls_cpu_s"] = round(call_cpu, 3)
    info["kofun_nodes_per_cpu_s"] = round(ours[0][0] / cpu)
    if binary is None:
        info["reference"] = "not given"
    else:
        ref_cpu = statistics.median(t for _, t, _ in theirs)
        info |= {
            "reference_nodes": theirs[0][0],
            "reference_cpu_s": round(ref_cpu, 3),
            "reference_child_cpu_s": round(statistics.median(c for _, _, c in theirs), 2),
            "reference_nodes_per_cpu_s": round(theirs[0][0] / ref_cpu),
            "nodes_ratio": round(ours[0][0] / theirs[0][0], 3),
            "cpu_ratio": round(cpu / ref_cpu, 2),
            "cpu_ratio_with_clearing": round((cpu + clear) / statistics.median(c for _, _, c in theirs), 2),
            "cpu_ratio_python_calls": round(call_cpu / ref_cpu, 2),
        }
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))


@pytest.mark.skipif(not os.environ.get("KOFUN_BENCH_LONG"), reason="up to 15 minutes: set KOFUN_BENCH_LONG=1")
def test_empty_board_value(benchmark: Any) -> None:
    """The empty board's value alone: a first-player win with the last stone (test-set score +1), column 4 best."""
    state = C4()
    start = time.process_time()
    r = benchmark.pedantic(lambda: state.solve(_limits(), hash_mb=4096, value_only=True), rounds=1)
    cpu = time.process_time() - start
    assert r.proof == _core.Proof.WIN and connect4_score(state, r) == 1 and r.best_move == 3
    benchmark.extra_info.update({"nodes": r.nodes, "cpu_s": round(cpu, 1)})
    print(f"empty board value: score +1, best move 4, nodes={r.nodes} cpu_s={cpu:.1f}")


@pytest.mark.skipif(not os.environ.get("KOFUN_BENCH_LONG"), reason="7 minutes of one core: set KOFUN_BENCH_LONG=1")
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
