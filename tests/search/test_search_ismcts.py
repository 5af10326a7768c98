"""ISMCTS and PIMC on Koi-Koi: no peeking, reproducibility, explicit vs sampled worlds, obvious moves, bad input."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import solver
from solver import _core
from solver._core import WorldError
from solver._core import koikoi as kk
from solver.games.koikoi import GAME

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "koikoi"))
from kk_helpers import position, stop_or_gamble


def _limits(nodes: int, seed: int = 0, threads: int = 1) -> Any:
    lim = _core.SearchLimits()
    lim.nodes, lim.seed, lim.threads = nodes, seed, threads
    return lim


def _belief(info: str) -> dict[str, Any]:
    unseen, _view, opp, stock = kk.hidden(info)
    return {"unseen": unseen, "groups": [opp, stock]}


def _table(result: Any) -> list[tuple[int, int, float]]:
    return [(m.move, m.visits, m.value) for m in result.moves]


def _other_world(state: Any) -> Any:
    """A different full state with the same information state for the player to move (hidden cards rotated)."""
    info = state.information_state(state.to_move())
    opp = 1 - state.to_move()
    world = state.hand(opp) + state.stock
    rotated = np.array(world[5:] + world[:5], dtype=np.int32)
    other = kk.State.from_world(info, rotated)
    assert other != state and other.information_state(state.to_move()) == info
    return other


# Player 0 (to move, second player) holds 8b and 2c1 and already has two brights; playing 8b captures 8c1 and
# makes three brights (6 points), and stopping then cashes them. The cards not listed fill the stock and player
# 1's pile (a big pile: any rise of player 1's total after a koi-koi would cost player 0 dearly).
def _last_turn() -> Any:
    return position(hand0="8b 2c1", hand1="4c1", table="8c1 5c1 6c1", pile0="1b 3b", stock_top="7c1", first=1, dump=1)


def test_last_turn_position_is_what_the_comment_says() -> None:
    s = _last_turn()
    assert (s.to_move(), s.phase, s.total(0)) == (0, "play", 0)
    after = s.clone()
    after.play("play 8b")
    assert after.phase == "decide" and after.total(0) == 6
    stop, koikoi = after.clone(), after.clone()
    stop.play("stop")
    koikoi.play("koikoi")
    assert stop.returns(0) == 6.0 and not koikoi.is_terminal() and koikoi.to_move() == 1


@pytest.mark.parametrize("algo", ["ismcts", "pimc"])
def test_finds_the_winning_capture_then_stops(algo: str) -> None:
    s = _last_turn()
    r = solver.search(s, algo=algo, nodes=3000, seed=1)
    assert r.best_move == "play 8b"
    if algo == "pimc":  # 9 plies at most remain: every world is solved exactly, and play 8b + stop is worth 6
        assert r.value == 6.0 and sum(m.visits for m in r.moves) == 32  # one vote per world
    else:  # the mean over the iterations, a few of which explore koi-koi
        assert 5.5 < r.value <= 6.0
    s.play("play 8b")
    r = solver.search(s, algo=algo, nodes=3000, seed=1)
    values = {m.move: m.value for m in r.moves}
    assert r.best_move == "stop" and r.value == values["stop"] == 6.0 and values["koikoi"] < 6.0


def test_objective_returns_gambles_for_points_and_wins_takes_the_sure_deal() -> None:
    s = stop_or_gamble()
    for seed in (1, 2):
        by_points = solver.search(s, algo="ismcts", nodes=20000, seed=seed, objective="returns")
        lines = {m.move: m for m in by_points.moves}
        assert by_points.best_move == "koikoi"
        assert lines["stop"].value == 1.0 and lines["stop"].win_rate == 1.0
        assert lines["koikoi"].value > 2.0 and lines["koikoi"].win_rate < 0.9  # more points, riskier
        by_wins = solver.search(s, algo="ismcts", nodes=20000, seed=seed, objective="wins")
        assert by_wins.best_move == "stop" and by_wins.value == 1.0
        # the Koi-Koi default for a single deal is the deal-win objective
        assert solver.search(s, algo="ismcts", nodes=20000, seed=seed).best_move == "stop"


def test_koikoi_search_defaults_single_deal_for_wins_match_to_win_the_match() -> None:
    assert GAME.search_defaults("ismcts") == {"exploration": 1.4, "objective": "wins"}
    assert GAME.search_defaults("ismcts", {"preset": "nintendo"}) == {"exploration": 1.4, "objective": "match"}
    assert GAME.search_defaults("ismcts", {"rounds": 3}) == {"exploration": 1.4, "objective": "match"}


def test_never_peeks_two_worlds_same_view_same_result() -> None:
    for seed in (3, 8):
        s = kk.State.deal(seed)
        other = _other_world(s)
        for algo, opts in (("ismcts", {}), ("pimc", {"num_worlds": 6})):
            a = solver.search(s, algo=algo, nodes=4000, seed=5, **opts)
            b = solver.search(other, algo=algo, nodes=4000, seed=5, **opts)
            assert a.position == b.position == s.information_state(s.to_move())
            assert (a.best_move, a.nodes, [(m.move, m.visits, m.value) for m in a.moves]) == (
                b.best_move,
                b.nodes,
                [(m.move, m.visits, m.value) for m in b.moves],
            )


def test_same_seed_same_search_and_every_iteration_counted() -> None:
    s = kk.State.deal(6)
    info = s.information_state(s.to_move())
    a = kk.State.ismcts(info, _limits(5000, seed=9), **_belief(info))
    b = kk.State.ismcts(info, _limits(5000, seed=9), **_belief(info))
    assert a.nodes == b.nodes == 5000
    assert (a.best_move, a.pv, _table(a)) == (b.best_move, b.pv, _table(b))
    assert sum(m.visits for m in a.moves) == 5000
    assert a.best_move == a.moves[0].move == a.pv[0]
    assert a.moves[0].visits == max(m.visits for m in a.moves)
    legal = set(s.legal_moves())
    assert {m.move for m in a.moves} == legal  # every root move was tried
    two = kk.State.ismcts(info, _limits(5000, seed=9, threads=2), **_belief(info))
    assert two.nodes == 5000 and sum(m.visits for m in two.moves) == 5000


def test_explicit_worlds_equal_the_worlds_sampled_in_cpp() -> None:
    s = kk.State.deal(12)
    info = s.information_state(s.to_move())
    belief = _belief(info)
    n = 3000
    worlds = kk.State.sample_worlds(belief["unseen"], n, seed=4)
    sampled = kk.State.ismcts(info, _limits(n, seed=4), **belief)
    explicit = kk.State.ismcts(info, _limits(n, seed=4), worlds=worlds)
    assert _table(sampled) == _table(explicit) and sampled.pv == explicit.pv
    p_sampled = kk.State.pimc(info, _limits(2000, seed=4), **belief, num_worlds=5)
    p_explicit = kk.State.pimc(info, _limits(2000, seed=4), worlds=worlds[:5], num_worlds=5)
    assert _table(p_sampled) == _table(p_explicit)
    # Through the Python front: a numpy array from the Cython sampler is accepted as it is.
    cy = GAME.belief(info).sample(50, seed=1)
    r = solver.search(s, algo="ismcts", nodes=500, worlds=cy)
    assert r.nodes == 500


def test_pimc_votes_and_values() -> None:
    s = kk.State.deal(5)
    info = s.information_state(s.to_move())
    r = kk.State.pimc(info, _limits(4000, seed=2), **_belief(info), num_worlds=8)
    assert sum(m.visits for m in r.moves) == 8  # one vote per world
    assert r.nodes >= 4000 - 8  # 500 MCTS iterations per world (deals are too long to solve exactly)
    values = [m.value for m in r.moves]
    assert values == sorted(values, reverse=True) and r.value == values[0]


def test_information_state_string_is_searched_from_the_cli_and_api() -> None:
    s = kk.State.deal(7)
    info = s.information_state(s.to_move())
    view = GAME.parse(info)
    r = solver.search(view, nodes=2000, seed=3)
    direct = solver.search(s, nodes=2000, seed=3)
    assert r.algo == "ismcts" and r.position == info
    assert (r.best_move, r.value) == (direct.best_move, direct.value)
    assert r.best_move in {s.move_to_string(m) for m in s.legal_moves()}


def test_bad_inputs() -> None:
    s = kk.State.deal(1)
    info = s.information_state(s.to_move())
    belief = _belief(info)
    lim = _limits(100)
    with pytest.raises(WorldError, match="either unseen= and groups="):
        kk.State.ismcts(info, lim)
    with pytest.raises(WorldError, match="either unseen= and groups="):
        kk.State.ismcts(info, lim, **belief, worlds=np.zeros((1, 32), dtype=np.int32))
    with pytest.raises(WorldError, match="2-D array"):
        kk.State.ismcts(info, lim, worlds=np.array(belief["unseen"], dtype=np.int32))
    with pytest.raises(WorldError, match="expected 8 opponent cards \\+ 24 stock cards = 32 cards, got 31"):
        kk.State.pimc(info, lim, worlds=np.array([belief["unseen"][:-1]], dtype=np.int32))
    with pytest.raises(WorldError, match="no worlds given"):
        kk.State.ismcts(info, lim, worlds=np.zeros((0, 32), dtype=np.int32))
    with pytest.raises(WorldError, match="hold 33 items but 32"):
        kk.State.ismcts(info, lim, unseen=belief["unseen"], groups=[9, 24])
    with pytest.raises(WorldError, match="not the view of the player to move"):
        other = s.information_state(1 - s.to_move())
        kk.State.ismcts(other, lim, **_belief(other))
    with pytest.raises(_core.NotationError, match="koikoi"):
        kk.State.ismcts(info.replace("opp=8", "opp=x"), lim, **belief)
    with pytest.raises(_core.NotationError, match="unseen cards, but opp \\+ stock"):
        kk.hidden(info.replace("opp=8", "opp=7"))
    with pytest.raises(ValueError, match="no limit given"):
        kk.State.ismcts(info, _core.SearchLimits(), **belief)
    with pytest.raises(ValueError, match="exploration must be >= 0"):
        kk.State.ismcts(info, lim, **belief, exploration=-1.0)
    with pytest.raises(ValueError, match="rollout must be 'auto', 'random' or 'policy'"):
        kk.State.ismcts(info, lim, **belief, rollout="smart")
    with pytest.raises(ValueError, match="objective must be 'returns', 'wins' or 'table', got 'points'"):
        kk.State.ismcts(info, lim, **belief, objective="points")
    with pytest.raises(ValueError, match="num_worlds must be in"):
        kk.State.pimc(info, lim, **belief, num_worlds=0)
    with pytest.raises(ValueError, match="needs a full state"):
        solver.search(GAME.parse(info), algo="alphabeta", depth=2)
    with pytest.raises(ValueError, match="search option 'solver' does not apply to algo 'ismcts'"):
        solver.search(s, algo="ismcts", nodes=10, solver=True)
    with pytest.raises(ValueError, match="connect4 has no hidden information"):
        solver.search(solver.parse("c4", "44"), algo="ismcts", nodes=10)


def test_stop_request_returns_a_legal_move() -> None:
    s = kk.State.deal(2)
    info = s.information_state(s.to_move())
    control = _core.SearchControl()
    control.request_stop()
    lim = _core.SearchLimits()
    lim.time_s = 30.0
    r = kk.State.ismcts(info, lim, control, **_belief(info))
    assert r.stopped and r.nodes == 256 and r.best_move in s.legal_moves()
