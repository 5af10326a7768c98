"""The cost of the inferred belief against the uniform one, measured side by side in one run, for each game with a
decision model.

At a decision where the observer has seen decisions the model weighs (Koi-Koi: late in a `nintendo` deal, after
the opponent's captures, discards and calls; Honshu, Haniwa, Ohanami: the positions of tests/test_never_peeks.py),
the benchmark measures, each the best of 3 runs of the same clock (``time.perf_counter``, one thread):

- worlds per second: uniform candidate worlds drawn (the Cython sampler) against weighted worlds made (the same
  draw, each world scored by the likelihood of every seen decision, resampled: ``solver.determinize.infer``);
- ISMCTS iterations per second at the same budget: worlds drawn uniformly in C++ against the inference's
  explicit worlds, and with the inference's own time counted in (what an agent with belief 'inferred' pays).

Figures go to pytest-benchmark's extra_info and are printed (``-s``); the ratios are the figures to quote.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

import solver
from solver.determinize.inference import CANDIDATES, Seen, infer
from solver.games import get_game


def _koikoi_stop(state: Any, observer: int) -> bool:
    return len(state.stock) <= 12 and state.to_move() == observer and state.phase == "play"


def _honshu_stop(state: Any, observer: int) -> bool:
    return state.round == 5 and state.phase == "play" and state.to_move() == observer


def _haniwa_stop(state: Any, observer: int) -> bool:
    return state.stock_left() <= 20 and state.to_move() == observer


def _ohanami_stop(state: Any, observer: int) -> bool:
    return state.round == 2 and state.turn == 2 and state.phase == "pick" and state.to_move() == observer


#: (game, rules, deal seed, where to stop, ISMCTS iterations per search)
CASES = [
    ("koikoi", {"preset": "nintendo"}, 11, _koikoi_stop, 200_000),
    ("honshu", {"players": 4}, 3, _honshu_stop, 50_000),
    ("haniwa", {"players": 2}, 4, _haniwa_stop, 50_000),
    ("ohanami", {"players": 4}, 2, _ohanami_stop, 50_000),
]


def _decision(game: str, rules: dict[str, Any], seed: int, stop: Any) -> tuple[Any, list[Seen]]:
    """The observer's view where `stop` says (greedy play; Koi-Koi calls koi-koi) and what it saw."""
    info, observer = get_game(game), 0
    state = info.new(rules, seed)
    seen: list[Seen] = []
    while not stop(state, observer):
        move = "koikoi" if state.phase == "decide" else str(state.move_to_string(info.greedy_move(state, 0)))
        seen.append(Seen(str(state.information_state(observer)), info.public_move(state, move)))
        state.apply(state.parse_move(move))
    return info.view(state, observer), seen


@pytest.mark.parametrize(("game", "rules", "seed", "stop", "iterations"), CASES, ids=[c[0] for c in CASES])
def test_inferred_belief_cost(
    benchmark: Any, best_rate: Any, game: str, rules: dict[str, Any], seed: int, stop: Any, iterations: int
) -> None:
    view, seen = _decision(game, rules, seed, stop)
    inference = infer(view, seen, seed=1)
    assert inference.decisions > 0 and 1.0 <= inference.ess <= CANDIDATES
    uniform_worlds = best_rate(lambda: view.belief.sample(CANDIDATES, 1).shape[0])
    weighted_worlds = best_rate(lambda: infer(view, seen, seed=1).candidates)

    def search(worlds: Any) -> int:
        return int(solver.search(view, algo="ismcts", nodes=iterations, seed=5, worlds=worlds).nodes)

    uniform_search = best_rate(lambda: search(None))
    explicit_search = best_rate(lambda: search(inference.worlds))
    with_inference = best_rate(lambda: search(infer(view, seen, seed=1).worlds))
    start = time.perf_counter()
    benchmark.pedantic(lambda: infer(view, seen, seed=1), rounds=3)
    info = {
        "game": game,
        "seen_decisions_weighed": inference.decisions,
        "ess": round(inference.ess, 1),
        "uniform_worlds_per_s": round(uniform_worlds),
        "weighted_worlds_per_s": round(weighted_worlds),
        "weighted_over_uniform_worlds": round(weighted_worlds / uniform_worlds, 4),
        "inference_ms": round((time.perf_counter() - start) / 3 * 1000, 2),
        "ismcts_uniform_iterations_per_s": round(uniform_search),
        "ismcts_weighted_worlds_iterations_per_s": round(explicit_search),
        "ismcts_with_inference_iterations_per_s": round(with_inference),
        "weighted_over_uniform_iterations": round(explicit_search / uniform_search, 3),
        "with_inference_over_uniform_iterations": round(with_inference / uniform_search, 3),
    }
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))
