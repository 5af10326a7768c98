"""Honshu benchmarks: legal placements generated per second, random 4-player games per second (one core), ISMCTS
iterations/s from a trick decision and from a placement.

Target (issue 13): >= 20k random 4-player games/s on one core. Random games choose every move uniformly among the
legal ones; placements are drawn by the engine's rejection sampler (State.random_move) without listing them.
Figures go to pytest-benchmark's extra_info and are printed (``-s``). One thread throughout.
"""

from __future__ import annotations

import random
from typing import Any

import solver.games.honshu  # noqa: F401 - loads the card table
from solver._core import honshu as hs


def _report(benchmark: Any, **info: Any) -> None:
    benchmark.extra_info.update(info)
    print(" ".join(f"{k}={v}" for k, v in info.items()))


def _placement_states(players: int = 4, n: int = 200) -> list[Any]:
    """Placement decisions met in random games (every round, so maps of 1 to 12 cards)."""
    out: list[Any] = []
    seed = 0
    while len(out) < n:
        s = hs.State.deal(players, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.phase == "place":
                out.append(s.clone())
            s.apply(s.random_move(rng.randrange(1 << 30)))
        seed += 1
    return out[:n]


def _view(placement: bool) -> tuple[str, list[int], list[int]]:
    s = hs.State.deal(2, 3)
    rng = random.Random(3)
    while not (s.round == 4 and s.phase == ("place" if placement else "play") and s.to_move() == 0):
        s.apply(s.random_move(rng.randrange(1 << 30)))
    info = s.information_state(0)
    hidden, groups, _v = hs.hidden(info)
    return info, hidden, groups


def test_legal_placements_per_second(benchmark: Any, best_rate: Any) -> None:
    """All legal placements of placement decisions from random 4-player games (1 to 12 cards on the map)."""
    states = _placement_states()
    moves = hs.generate_moves(states, 1)
    rate = best_rate(lambda: hs.generate_moves(states, 20))
    calls = best_rate(lambda: hs.generate_moves(states, 20) and 20 * len(states))
    _report(
        benchmark,
        placements_per_s=round(rate),
        move_generations_per_s=round(calls),
        mean_legal_placements=round(moves / len(states), 1),
    )
    benchmark.pedantic(lambda: hs.generate_moves(states, 5), rounds=1)


def test_random_games_per_second(benchmark: Any, best_rate: Any) -> None:
    """Deal and play out n games with uniformly random moves, 2 to 5 players."""
    n = 20_000
    rates = {p: best_rate(lambda p=p: hs.random_games(n, 1, p) and n) for p in (2, 4, 5)}
    _report(
        benchmark,
        games_per_s_2p=round(rates[2]),
        games_per_s_4p=round(rates[4]),
        games_per_s_5p=round(rates[5]),
        state_bytes=hs.STATE_BYTES,
    )
    assert rates[4] >= 20_000
    benchmark.pedantic(lambda: hs.random_games(n, 1, 4), rounds=1)


def test_ismcts_iterations_per_second(benchmark: Any, search_limits: Any, best_rate: Any) -> None:
    """ISMCTS (policy rollouts, the game's default) from seat 0's view of a 2-player game in round 4: the trick
    decision and the placement decision. A new world per iteration."""
    lim = search_limits(nodes=20_000, seed=1)
    for placement in (False, True):
        info, hidden, groups = _view(placement)
        rate = best_rate(
            lambda i=info, h=hidden, g=groups: hs.State.ismcts(i, lim, unseen=h, groups=g, rollout="policy").nodes
        )
        _report(benchmark, decision="place" if placement else "play", ismcts_iterations_per_s=round(rate))
    info, hidden, groups = _view(True)
    benchmark.pedantic(lambda: hs.State.ismcts(info, lim, unseen=hidden, groups=groups, rollout="policy"), rounds=1)


def test_ismcts_placement_representations_per_second(benchmark: Any, search_limits: Any, best_rate: Any) -> None:
    """ISMCTS iterations/s at the placement decision of test_ismcts_iterations_per_second, for each search
    representation of a placement (docs/honshu.md, Strength): single placements with progressive widening (the
    default), two-stage placements (the root lists anchors) with widening, and without."""
    lim = search_limits(nodes=20_000, seed=1)
    info, hidden, groups = _view(True)
    two = info.replace(" round=", " placement=two_stage round=", 1)
    runs = (("single", info, -1.0), ("two_stage", two, -1.0), ("two_stage_no_widening", two, 0.0))
    for name, text, widening in runs:
        rate = best_rate(
            lambda t=text, w=widening: (
                hs.State.ismcts(t, lim, unseen=hidden, groups=groups, rollout="policy", widening=w).nodes
            )
        )
        root = len(hs.State.from_world(text, hidden).legal_moves())
        _report(benchmark, placement=name, root_moves=root, ismcts_iterations_per_s=round(rate))
    benchmark.pedantic(lambda: hs.State.ismcts(two, lim, unseen=hidden, groups=groups, rollout="policy"), rounds=1)
