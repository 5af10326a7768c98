"""The exact solver from Python and the command line: solver.solve, best-move's automatic switch, --solve."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import solver
from solver import SettingsError
from solver.cli import main

MATE = solver._core.MATE_SCORE


def test_solve_reports_the_proof_in_the_games_terms() -> None:
    r = solver.solve("c4", "5624531471331144743734623")
    assert r.algo == "solve"
    assert r.proof == "win" and r.plies_to_end == 13 and r.value == MATE - 13
    assert r.best_move == "1" and r.pv[0] == "1" and len(r.pv) == 13
    assert r.value_text == "win for O, score +3 (O wins with stone 19, in 13 plies)"
    assert [m.move for m in r.moves if m.score.bound == 0] == ["1"]
    others = [m for m in r.moves if m.score.bound != 0]
    assert all(m.score.bound == -1 and m.value < r.value for m in others)
    assert str(others[0].score).startswith("<= win in")


def test_unproven_solve_reports_the_bounds() -> None:
    r = solver.solve("c4", None, nodes=5_000)
    assert r.proof == "none"
    assert r.value_text.startswith("not proven within the budget: between ")
    assert r.result.value_low <= MATE - 41 <= r.result.value_high
    assert r.score.bound == 1


def test_best_move_solves_short_games_by_itself() -> None:
    short = "5624531471331144743734623"  # 17 empty cells
    assert solver.best_move("c4", short, time=5).algo == "solve"
    assert solver.best_move("c4", "4453", depth=4).algo == "alphabeta"
    assert solver.best_move("c4", short, algo="alphabeta", depth=4).algo == "alphabeta"


@pytest.mark.parametrize(
    ("game", "kwargs", "message"),
    [
        ("sensei", {}, "bounded length"),
        ("c4", {"threads": 2}, "one thread"),
        ("koikoi", {}, "hidden information"),
    ],
)
def test_solve_refused_where_it_cannot_run(game: str, kwargs: dict, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        solver.solve(game, None, **kwargs)


def test_cli_solve_flag() -> None:
    out = CliRunner().invoke(main, ["best-move", "c4", "5624531471331144743734623", "--solve", "--json"])
    assert out.exit_code == 0, out.output
    d = json.loads(out.output)
    assert (
        d["algo"] == "solve"
        and d["best_move"] == "1"
        and d["score"] == {"kind": "win", "value": MATE - 13, "plies": 13}
    )
    bad = CliRunner().invoke(main, ["best-move", "c4", "44", "--solve", "--algo", "mcts"])
    assert bad.exit_code != 0 and "--solve: conflicts with --algo mcts" in bad.output
