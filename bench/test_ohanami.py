"""Ohanami benchmarks: random games/s (2 players, one core) beside Koi-Koi's random deals/s measured in the same run,
ISMCTS iterations/s (random and policy playouts), and the world stream.

Targets (issue 12): >= 200k random 2-player games/s, >= 100k ISMCTS iterations/s. Figures go to pytest-benchmark's
extra_info and are printed (``-s``). One thread throughout.
"""

from __future__ import annotations

from typing import Any

from solver._core import koikoi as kk
from solver._core import ohanami as oh


def _report(benchmark: Any, **info: Any) -> None:
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))


def _view(players: int = 2, seed: int = 3) -> tuple[str, list[int], list[int]]:
    state = oh.State.deal(players, seed)
    info = state.information_state(state.to_move())
    hidden, groups, _view = oh.hidden(info)
    return info, hidden, groups


def test_random_games_per_second(benchmark: Any, best_rate: Any) -> None:
    """Deal and play out n games with uniformly random moves (2, 3, 4 players); Koi-Koi deals as the baseline."""
    n = 50_000
    rates = {p: best_rate(lambda p=p: oh.random_games(n, 1, p) and n) for p in (2, 3, 4)}
    koikoi = best_rate(lambda: kk.random_deals(2 * n, 1) and 2 * n)
    _report(
        benchmark,
        games_per_s_2p=round(rates[2]),
        games_per_s_3p=round(rates[3]),
        games_per_s_4p=round(rates[4]),
        koikoi_deals_per_s=round(koikoi),
        ratio_2p_to_koikoi=round(rates[2] / koikoi, 3),
    )
    benchmark.pedantic(lambda: oh.random_games(n, 1, 2), rounds=1)


def test_ismcts_iterations_per_second(benchmark: Any, search_limits: Any, best_rate: Any) -> None:
    """ISMCTS from the first picker's view of a new 2-player game: a new world per iteration."""
    info, hidden, groups = _view()
    lim = search_limits(nodes=100_000, seed=1)
    kinfo = kk.State.deal(3).information_state(kk.State.deal(3).to_move())
    kunseen, _v, opp, stock = kk.hidden(kinfo)
    for rollout in ("random", "policy"):
        rate = best_rate(lambda r=rollout: oh.State.ismcts(info, lim, unseen=hidden, groups=groups, rollout=r).nodes)
        krate = best_rate(
            lambda r=rollout: kk.State.ismcts(kinfo, lim, unseen=kunseen, groups=[opp, stock], rollout=r).nodes
        )
        _report(
            benchmark,
            rollout=rollout,
            ismcts_iterations_per_s=round(rate),
            koikoi_ismcts_iterations_per_s=round(krate),
            ratio_to_koikoi=round(rate / krate, 3),
        )
    benchmark.pedantic(lambda: oh.State.ismcts(info, lim, unseen=hidden, groups=groups), rounds=1)


def test_worlds_per_second(benchmark: Any, best_rate: Any) -> None:
    """States built from sampled worlds in C++ (the searches' fast path)."""
    info, hidden, groups = _view(4)
    states = best_rate(lambda: len(oh.State.sample_states(info, hidden, groups, 50_000, seed=1)))
    _report(benchmark, cpp_states_per_s_4p=round(states))
    benchmark.pedantic(lambda: oh.State.sample_states(info, hidden, groups, 10_000, seed=1), rounds=1)
