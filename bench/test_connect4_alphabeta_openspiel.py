"""Connect Four alpha-beta against OpenSpiel's alpha-beta, both to the end of the game, same CPU clock, one run.

The work: the exact value of each position (win / draw / loss) by alpha-beta searched to the end, on the first 10
of the 27 positions with 15 empty cells of Pons' Test_L2_R2 (bench/data/connect4_pons_L2_R2.txt); every value is
checked against the set's score on both sides. OpenSpiel's is `open_spiel.python.algorithms.minimax.
alpha_beta_search` (its only alpha-beta: Python, on pyspiel's C++ Connect Four; no table, no move ordering);
kofun's is `State.alphabeta` with the depth set to the empty cells, one thread, with its table (64 MB, mapped by a
search before the clock, then kept and answering as new for each position) and without one (`hash_mb=0`: plain
alpha-beta with kofun's move order and tactical hooks). Not the same algorithm inside, the same answer: the figure
is the time to it, and the nodes per second of each.

`time.thread_time` around each search (both run in this thread). A round is OpenSpiel then kofun on the whole set;
ROUNDS rounds, the figure the median of the rounds' ratios with their range. OpenSpiel's nodes are counted once, in
a separate pass that wraps its recursive function (the wrapper's cost kept out of the timed passes).

    python -m pytest bench/test_connect4_alphabeta_openspiel.py -s     # needs OpenSpiel (the bench extra)
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from openspiel_nodes import alpha_beta_nodes

from solver import _core

C4 = _core.connect4.State
ROUNDS = 3
EMPTY = 15
DATA = Path(__file__).parent / "data" / "connect4_pons_L2_R2.txt"
SET = [
    (p, int(s))
    for p, s in (line.split() for line in DATA.read_text().splitlines() if line and not line.startswith("#"))
    if 42 - len(p) == EMPTY
][:10]  # OpenSpiel's Python alpha-beta takes about 4 s a position here


def _openspiel_state(game: Any, position: str) -> Any:
    state = game.new_initial_state()
    for c in position:
        state.apply_action(int(c) - 1)
    return state


def _openspiel_pass(pyspiel: Any) -> tuple[float, list[int]]:
    """OpenSpiel's alpha-beta on the set: CPU seconds, and the sign of each value for the player to move."""
    from open_spiel.python.algorithms import minimax

    game = pyspiel.load_game("connect_four")
    seconds, signs = 0.0, []
    for position, _ in SET:
        state = _openspiel_state(game, position)
        mover = state.current_player()
        start = time.thread_time()
        value, _ = minimax.alpha_beta_search(game, state, maximum_depth=EMPTY, maximizing_player_id=mover)
        seconds += time.thread_time() - start
        signs.append(int(value))
    return seconds, signs


def _openspiel_nodes(pyspiel: Any) -> int:
    """The nodes OpenSpiel's alpha-beta visits on the set (its recursive function wrapped to count the calls)."""
    from open_spiel.python.algorithms import minimax

    game = pyspiel.load_game("connect_four")

    def run() -> None:
        for position, _ in SET:
            state = _openspiel_state(game, position)
            minimax.alpha_beta_search(game, state, maximum_depth=EMPTY, maximizing_player_id=state.current_player())

    return alpha_beta_nodes(run)


def _kofun_pass(hash_mb: int) -> tuple[float, int, list[int]]:
    """kofun's alpha-beta to the end on the set: CPU seconds, nodes, and the sign of each value."""
    lim = _core.SearchLimits()
    lim.depth, lim.threads = EMPTY, 1
    C4.parse(SET[0][0]).alphabeta(lim, hash_mb=hash_mb)  # the table mapped and faulted in before the clock
    seconds, nodes, signs = 0.0, 0, []
    for position, _ in SET:
        state = C4.parse(position)
        start = time.thread_time()
        r = state.alphabeta(lim, hash_mb=hash_mb)
        seconds += time.thread_time() - start
        nodes += int(r.nodes)
        signs.append((r.value > 0) - (r.value < 0))
    return seconds, nodes, signs


def test_alphabeta_to_the_end_vs_openspiel(benchmark: Any, pyspiel: Any) -> None:
    """Time to the same exact values, kofun (with and without its table) over OpenSpiel: medians of paired rounds."""
    assert len(SET) == 10
    expected = [(s > 0) - (s < 0) for _, s in SET]
    theirs: list[float] = []
    ours: dict[int, list[tuple[float, int]]] = {64: [], 0: []}
    for _ in range(ROUNDS):
        seconds, signs = _openspiel_pass(pyspiel)
        assert signs == expected
        theirs.append(seconds)
        for hash_mb, runs in ours.items():
            k_seconds, k_nodes, k_signs = _kofun_pass(hash_mb)
            assert k_signs == expected
            runs.append((k_seconds, k_nodes))
    benchmark.pedantic(lambda: None, rounds=1)
    os_nodes = _openspiel_nodes(pyspiel)
    os_cpu = statistics.median(theirs)
    info: dict[str, Any] = {"positions": len(SET), "empty": EMPTY, "rounds": ROUNDS}
    info |= {"openspiel_cpu_s": round(os_cpu, 2), "openspiel_nodes": os_nodes}
    info["openspiel_nodes_per_cpu_s"] = round(os_nodes / os_cpu)
    for hash_mb, runs in ours.items():
        tag = f"kofun_table{hash_mb}" if hash_mb else "kofun_no_table"
        ratios = sorted(o / k for (k, _), o in zip(runs, theirs, strict=True))
        cpu = statistics.median(k for k, _ in runs)
        info |= {f"{tag}_cpu_s": round(cpu, 4), f"{tag}_nodes": runs[0][1]}
        info[f"{tag}_nodes_per_cpu_s"] = round(runs[0][1] / cpu)
        info[f"{tag}_speedup"] = round(statistics.median(ratios), 1)
        info[f"{tag}_speedup_range"] = f"{ratios[0]:.1f}-{ratios[-1]:.1f}"
        info[f"{tag}_nodes_per_s_ratio"] = round((runs[0][1] / cpu) / (os_nodes / os_cpu), 1)
    benchmark.extra_info.update(info)
    print(" ".join(f"{key}={v}" for key, v in info.items()))
