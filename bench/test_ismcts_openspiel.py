"""ISMCTS iterations per CPU second: kofun's against OpenSpiel's ISMCTS bots, same clock, one run.

The same game: a Koi-Koi deal (kofun's rules, one deal), the dealer's first decision, searched from its information
state — kofun's `ismcts` (C++, a world drawn for each iteration, one random playout, `objective="returns"`) and
OpenSpiel's `open_spiel.python.algorithms.ismcts.ISMCTSBot` on the same deal through the OpenSpiel adapter
(`kofun_koikoi`, solver/interop/openspiel.py: a world resampled from the seat's information state for each
simulation, one random rollout). OpenSpiel's C++ `pyspiel.ISMCTSBot` cannot run a game registered from Python: it
ends the interpreter with a segmentation fault in OpenSpiel on `kofun_koikoi` (pyspiel 1.6), so it is measured on
OpenSpiel's own C++ Hearts instead, a figure for scale only: **different work** (another game, its own rules code).

`time.thread_time` around each search (all in this thread). A round is OpenSpiel then kofun on one deal; ROUNDS
rounds per deal, the figure the median of the rounds' ratios with their range.

Equal budgets (`test_ismcts_equal_budget_vs_openspiel`): the same comparison on Koi-Koi, Haniwa (2 players, at the
deal), Ohanami (2 players, at the deal) and Honshu (2 players, round 4, a trick and a placement decision), with the
same budget on both sides: EQUAL_SIMULATIONS a search (kofun's side repeats its search KOFUN_REPEATS times with
other seeds, to be long enough to time), UCT c=2, random playouts on both sides (the same algorithm), returns
backed up; kofun's policy playouts (its game's `rollout="policy"`; Haniwa has none) beside them, **not** the
baseline's playouts.
OpenSpiel's side is its Python `ISMCTSBot` on the same information state through the adapter (`kofun_<game>`:
the same rules engine reached through OpenSpiel's Python game API, a world resampled by the adapter for each
simulation). No table (a tree). KOFUN_BENCH_ROUNDS paired rounds (3 by default), medians of the rounds' ratios.

    python -m pytest bench/test_ismcts_openspiel.py -s     # needs OpenSpiel (the bench extra)
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import numpy as np
import pytest
from paired import paired, rounds, thread_rate
from test_honshu import _view as honshu_view
from test_koikoi import _view as dealer_view
from test_ohanami import _view as ohanami_view

from solver import _core

kk = _core.koikoi
DEALS = (3, 5, 8)
ROUNDS = 5
KOFUN_ITERATIONS = 100_000
OPENSPIEL_SIMULATIONS = 1_000  # its Python bot does some 800 a second here
HEARTS_SIMULATIONS = 20_000
UCT_C = 2.0
EQUAL_SIMULATIONS = 200
KOFUN_REPEATS = 20


def haniwa_view(seed: int = 3) -> tuple[str, list[int], list[int]]:
    """The 2-player Haniwa view of the player to move at the deal (test_haniwa's `_view(0, seed)`)."""
    from solver.games.haniwa.belief import HaniwaBelief

    state = _core.haniwa.State.deal(_core.haniwa.Rules(), seed)
    info = state.information_state(state.to_move())
    b = HaniwaBelief.from_information_state(info)
    return info, b.unseen, [g.size for g in b.belief.groups]


# name -> (kofun module, OpenSpiel game, the seat's view: information state, unseen, groups)
EQUAL_CASES: dict[str, tuple[Any, str, Any]] = {
    "koikoi": (kk, "kofun_koikoi", lambda: dealer_view(3)),
    "haniwa_2p": (_core.haniwa, "kofun_haniwa(players=2)", lambda: haniwa_view(3)),
    "ohanami_2p": (_core.ohanami, "kofun_ohanami(players=2)", lambda: ohanami_view(2, 3)),
    "honshu_2p_trick": (_core.honshu, "kofun_honshu(players=2)", lambda: honshu_view(False)),
    "honshu_2p_place": (_core.honshu, "kofun_honshu(players=2)", lambda: honshu_view(True)),
}


def _kofun_rate(seed: int) -> float:
    info, unseen, groups = dealer_view(seed)
    lim = _core.SearchLimits()
    lim.nodes, lim.threads, lim.seed = KOFUN_ITERATIONS, 1, 7
    start = time.thread_time()
    r = kk.State.ismcts(info, lim, unseen=unseen, groups=groups, exploration=UCT_C, objective="returns")
    return int(r.nodes) / (time.thread_time() - start)


def _openspiel_rate(pyspiel: Any, seed: int) -> float:
    from open_spiel.python.algorithms import ismcts, mcts

    import solver.interop.openspiel  # noqa: F401  (registers kofun_koikoi)
    from solver.interop.table import Table

    game = pyspiel.load_game("kofun_koikoi")
    state = game.new_initial_state()
    state._table = Table.at("koikoi", None, kk.State.deal(seed))
    rs = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), UCT_C, OPENSPIEL_SIMULATIONS, random_state=rs)
    start = time.thread_time()
    bot.step(state)
    return OPENSPIEL_SIMULATIONS / (time.thread_time() - start)


def _hearts_rate(pyspiel: Any) -> float:
    """OpenSpiel's C++ ISMCTSBot at the first card play of a Hearts deal (after the pass), iterations per CPU s."""
    game = pyspiel.load_game("hearts")
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while state.is_chance_node() or len(state.legal_actions()) < 2 or state.current_player() != 0:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
    evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
    final = pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT
    bot = pyspiel.ISMCTSBot(7, evaluator, UCT_C, HEARTS_SIMULATIONS, -1, final, False, False)
    start = time.thread_time()
    bot.step(state)
    return HEARTS_SIMULATIONS / (time.thread_time() - start)


def test_ismcts_per_cpu_second_vs_openspiel(benchmark: Any, pyspiel: Any) -> None:
    """kofun's ISMCTS iterations per CPU second over OpenSpiel's on the same Koi-Koi deals (paired rounds)."""
    info: dict[str, Any] = {"deals": len(DEALS), "rounds": ROUNDS}
    all_ratios: list[float] = []
    ours_all: list[float] = []
    theirs_all: list[float] = []
    for seed in DEALS:
        for _ in range(ROUNDS):
            theirs = _openspiel_rate(pyspiel, seed)
            ours = _kofun_rate(seed)
            theirs_all.append(theirs)
            ours_all.append(ours)
            all_ratios.append(ours / theirs)
    hearts = statistics.median(_hearts_rate(pyspiel) for _ in range(3))
    benchmark.pedantic(lambda: None, rounds=1)
    all_ratios.sort()
    info |= {
        "kofun_koikoi_per_cpu_s": round(statistics.median(ours_all)),
        "openspiel_python_koikoi_per_cpu_s": round(statistics.median(theirs_all)),
        "ratio_same_game": round(statistics.median(all_ratios)),
        "ratio_range": f"{all_ratios[0]:.0f}-{all_ratios[-1]:.0f}",
        "openspiel_cpp_hearts_per_cpu_s": round(hearts),
        "ratio_to_cpp_hearts_different_work": round(statistics.median(ours_all) / hearts, 1),
    }
    benchmark.extra_info.update(info)
    print(" ".join(f"{key}={v}" for key, v in info.items()))


@pytest.mark.parametrize("name", list(EQUAL_CASES))
def test_ismcts_equal_budget_vs_openspiel(benchmark: Any, pyspiel: Any, name: str) -> None:
    """kofun's ISMCTS iterations per CPU second over OpenSpiel's Python ISMCTSBot on the same information state
    through the adapter, equal budgets (paired rounds)."""
    from open_spiel.python.algorithms import ismcts, mcts

    import solver.interop.openspiel  # noqa: F401  (registers the kofun_<game> games)
    from solver.interop.table import Table

    module, openspiel_name, view = EQUAL_CASES[name]
    info, unseen, groups = view()
    game = pyspiel.load_game(openspiel_name)
    state = game.new_initial_state()
    state._table = Table.at(name.split("_")[0], dict(game.get_parameters()), module.State.from_world(info, unseen))

    def baseline() -> float:
        rs = np.random.RandomState(7)
        evaluator = mcts.RandomRolloutEvaluator(1, rs)
        bot = ismcts.ISMCTSBot(game, evaluator, UCT_C, EQUAL_SIMULATIONS, random_state=rs)
        return thread_rate(lambda: (bot.step(state), EQUAL_SIMULATIONS)[1])

    def kofun(rollout: str) -> Any:
        def work() -> int:
            total = 0
            for seed in range(1, KOFUN_REPEATS + 1):
                lim = _core.SearchLimits()
                lim.nodes, lim.threads, lim.seed = EQUAL_SIMULATIONS, 1, seed
                r = module.State.ismcts(
                    info, lim, unseen=unseen, groups=groups, exploration=UCT_C, rollout=rollout, objective="returns"
                )
                total += int(r.nodes)
            return total

        return lambda: thread_rate(work)

    n = rounds()
    out: dict[str, Any] = {"case": name, "rounds": n, "simulations": EQUAL_SIMULATIONS, "kofun_repeats": KOFUN_REPEATS}
    for rollout in ("random",) if name.startswith("haniwa") else ("random", "policy"):  # Haniwa has no policy
        out |= paired(kofun(rollout), baseline, n).info(rollout, digits=0)
    benchmark.pedantic(lambda: None, rounds=1)
    benchmark.extra_info.update(out)
    print(" ".join(f"{key}={v}" for key, v in out.items()))
