"""The generic searches on Sensei: forced wins at the right distance, agreement with brute force, MCTS tactics."""

from __future__ import annotations

import pytest

import solver
from solver import _core
from solver.games.sensei import GAME

# South's character stands next to a South stone on North's home row: one action wins.
WIN_ONE_ACTION = "arashi pits=- S=d6,d7 N=a7,b7 chars=d6,a7 turn=S actions=- turns=0"
# c5 slides to c7, then the character jumps d6*c7 along the diagonal: a win in one turn of two actions.
WIN_ONE_TURN = "arashi pits=- S=d6,c5 N=a7,b7 chars=d6,a7 turn=S actions=- turns=0"
# Shizukana (one-square steps): e4 needs three steps to reach e7, so South cannot win this turn; North's stones
# on the a-file cannot reach the e-file in one turn, so South wins on its next turn (S, N, S: 3 turns).
WIN_TWO_OWN_TURNS = "shizukana pits=- S=e1,e4 N=a6,a7 chars=e1,a7 turn=S actions=- turns=0"


def limits(**kw: int) -> _core.SearchLimits:
    lim = _core.SearchLimits()
    for key, value in kw.items():
        setattr(lim, key, value)
    return lim


@pytest.mark.parametrize(
    ("position", "move", "plies", "pv"),
    [
        (WIN_ONE_ACTION, "d6*d7", 1, ["d6*d7"]),
        (WIN_ONE_TURN, "c5-c7", 2, ["c5-c7", "d6*c7"]),
    ],
)
def test_alphabeta_finds_wins_within_the_turn(position: str, move: str, plies: int, pv: list[str]) -> None:
    report = solver.best_move("sensei", position, depth=6)
    assert report.best_move == move
    assert report.proof == "win" and report.plies_to_end == plies
    assert report.pv == pv
    assert report.value_text == "win in 1 turn"


def test_alphabeta_finds_the_forced_win_on_the_next_own_turn() -> None:
    report = solver.best_move("sensei", WIN_TWO_OWN_TURNS, depth=12)
    assert report.proof == "win"
    assert report.value_text == "win in 3 turns"
    # The PV plays out to South's character arriving on e7.
    state = GAME.parse(WIN_TWO_OWN_TURNS)
    for text in report.pv:
        state.play(text)
    assert state.is_terminal() and state.status() == 0 and state.character(0) == "e7"
    # One South turn (three actions) is not enough to prove anything.
    shallow = GAME.parse(WIN_TWO_OWN_TURNS).alphabeta(limits(depth=3))
    assert shallow.proof == _core.Proof.NONE


@pytest.mark.parametrize("position", [WIN_ONE_ACTION, WIN_ONE_TURN, WIN_TWO_OWN_TURNS])
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_alphabeta_equals_brute_force_minimax(position: str, depth: int) -> None:
    state = GAME.parse(position)
    result = state.alphabeta(limits(depth=depth), hash_mb=1)
    assert result.value == state.minimax(depth)


@pytest.mark.parametrize(("position", "move"), [(WIN_ONE_ACTION, "d6*d7"), (WIN_ONE_TURN, "c5-c7")])
def test_mcts_finds_and_proves_the_win(position: str, move: str) -> None:
    state = GAME.parse(position)
    result = state.mcts(limits(nodes=20_000, seed=3))
    assert state.move_to_string(result.best_move) == move
    assert result.proof == _core.Proof.WIN


def test_searches_are_reproducible_on_sensei() -> None:
    start = GAME.new({"version": "shizukana"})
    a = start.mcts(limits(nodes=2_000, seed=9), rollout="policy")
    b = start.mcts(limits(nodes=2_000, seed=9), rollout="policy")
    assert (a.best_move, a.nodes, [m.visits for m in a.moves]) == (b.best_move, b.nodes, [m.visits for m in b.moves])
    c = start.alphabeta(limits(nodes=50_000))
    d = start.alphabeta(limits(nodes=50_000))
    assert (c.best_move, c.value, c.nodes, c.depth) == (d.best_move, d.value, d.nodes, d.depth)


def test_alphabeta_proves_the_endgame_set_at_its_distances() -> None:
    """bench/data/sensei_endgames.txt: the forced wins on the winner's 2nd and 3rd own turns (at most 14 plies, a few
    seconds together) proven at exactly their recorded distance. The two wins on a 4th own turn (16 and 19 plies,
    one to two minutes each) are proven by bench/test_sensei_endgames.py; when the set is made every entry is also
    checked by brute force (two) or by alpha-beta one ply short, which must not prove it."""
    from pathlib import Path

    data = Path(__file__).parents[2] / "bench" / "data" / "sensei_endgames.txt"
    rows = [line.split("\t") for line in data.read_text().splitlines() if line and not line.startswith("#")]
    assert sorted(int(turns) for _, _, turns, _ in rows) == [2] * 10 + [3] * 3 + [4] * 2
    for text, winner, _turns, plies in rows:
        if int(plies) > 14:
            continue
        state = GAME.parse(text)
        r = state.alphabeta(limits(depth=int(plies)), hash_mb=16)
        expected = _core.Proof.WIN if "SN"[state.to_move()] == winner else _core.Proof.LOSS
        assert (r.proof, r.plies_to_end) == (expected, int(plies)), text
