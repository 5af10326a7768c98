"""An exact solve that runs out of budget says so for every move: "not proven" in the table, ``null`` in JSON —
never a draw it did not prove."""

from __future__ import annotations

import json

from click.testing import CliRunner

import solver
from solver.cli import main


def test_unproven_moves_are_not_draws() -> None:
    r = solver.solve("c4", "1111", nodes=1000)
    assert r.proof == "none"
    assert [m.score.kind for m in r.moves] == ["unproven"] * 7
    assert all(str(m.score) == "not proven" and m.value_text == "not proven" for m in r.moves)
    assert not any(m.score.proven for m in r.moves)


def test_cli_table_and_json_say_not_proven() -> None:
    out = CliRunner().invoke(main, ["best-move", "c4", "1111", "--solve", "--nodes", "1000"])
    assert out.exit_code == 0, out.output
    rows = [line.split() for line in out.output.splitlines() if line.strip()[:1].isdigit() and "proven" in line]
    assert [row[0] for row in rows] == ["4", "3", "5", "2", "6", "1", "7"]
    assert all(row[1:] == ["not", "proven", "0"] for row in rows)
    assert "draw" not in out.output
    assert "value: not proven within the budget: between " in out.output
    args = ["best-move", "c4", "1111", "--solve", "--nodes", "1000", "--json"]
    data = json.loads(CliRunner().invoke(main, args).output)
    assert [m["score"] for m in data["moves"]] == [{"kind": "unproven", "value": None}] * 7
    assert {m["value_text"] for m in data["moves"]} == {"not proven"}


def test_proven_solve_keeps_its_exact_values() -> None:
    r = solver.solve("c4", "121212")
    assert r.moves[0].score.kind == "win" and r.moves[0].score.bound == 0
    assert all(m.score.kind != "unproven" for m in r.moves)
