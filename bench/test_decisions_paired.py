"""Costs the game pages compare, measured as paired ratios on one clock in one run.

- Haniwa (docs/haniwa.md, "Value scale"): the greedy player's decision at the deal (`State.greedy_move`: every legal
  move previewed and scored by the provisional margin) against a whole uniformly random game from the same deal
  (`State.random_playouts`, C++), 2 players: greedy decisions per thread CPU second over random games per thread CPU
  second (1.0: a decision costs as much as a game), deal seed 3 (75 legal moves). The greedy side makes one Python
  call per decision.
- Honshu (docs/honshu.md, "Strength"): ISMCTS iterations per thread CPU second at the round-4 placement decision of
  `bench/test_honshu.py` (2 players, seat 0, policy rollouts, 20,000 iterations, no table: a tree) with two-stage
  placements (anchors, then orientations), with and without progressive widening, over single placements with
  widening (the default).

Clock: `time.thread_time` around each side (everything runs in this thread). A round is the baseline then the other
side; KOFUN_BENCH_ROUNDS rounds (3 by default); the figure is the median of the rounds' ratios, with their range.

    python -m pytest -q -s bench/test_decisions_paired.py -p no:cacheprovider
"""

from __future__ import annotations

from typing import Any

from paired import paired, rounds, thread_rate
from test_honshu import _view as honshu_view

import solver.games.honshu  # noqa: F401 - loads the card table
from solver import _core
from solver._core import haniwa as hw
from solver._core import honshu as hs

GREEDY_DECISIONS = 20_000
RANDOM_GAMES = 20_000
HONSHU_ITERATIONS = 20_000


def _report(benchmark: Any, out: dict[str, Any]) -> None:
    benchmark.pedantic(lambda: None, rounds=1)
    benchmark.extra_info.update(out)
    print(" ".join(f"{key}={v}" for key, v in out.items()))


def test_haniwa_greedy_decision_vs_random_game(benchmark: Any) -> None:
    """Haniwa greedy decisions at the deal per CPU second over random games from the deal per CPU second."""
    state = hw.State.deal(hw.Rules(players=2), 3)  # 75 legal moves, as the view of bench/test_haniwa.py
    moves = len(state.legal_moves())

    def greedy() -> int:
        for seed in range(GREEDY_DECISIONS):
            state.greedy_move(seed)
        return GREEDY_DECISIONS

    def games() -> int:
        state.random_playouts(RANDOM_GAMES, 1)
        return RANDOM_GAMES

    n = rounds()
    out: dict[str, Any] = {"rounds": n, "legal_moves_at_the_deal": moves}
    out |= paired(lambda: thread_rate(greedy), lambda: thread_rate(games), n).info("greedy_over_random_game", 2)
    _report(benchmark, out)


def test_honshu_placement_representations(benchmark: Any) -> None:
    """Honshu ISMCTS iterations per CPU second: two-stage placements (widening 2 / off) over single placements."""
    info, hidden, groups = honshu_view(True)
    two = info.replace(" round=", " placement=two_stage round=", 1)

    def search(text: str, widening: float) -> Any:
        def work() -> int:
            lim = _core.SearchLimits()
            lim.nodes, lim.threads, lim.seed = HONSHU_ITERATIONS, 1, 1
            r = hs.State.ismcts(text, lim, unseen=hidden, groups=groups, rollout="policy", widening=widening)
            return int(r.nodes)

        return lambda: thread_rate(work)

    n = rounds()
    out: dict[str, Any] = {"rounds": n, "iterations": HONSHU_ITERATIONS}
    out |= paired(search(two, -1.0), search(info, -1.0), n).info("two_stage_over_single", 2)
    out |= paired(search(two, 0.0), search(info, -1.0), n).info("two_stage_no_widening_over_single", 2)
    _report(benchmark, out)
