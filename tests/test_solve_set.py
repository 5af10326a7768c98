"""Many positions proven in one compiled call: solver.solve_set, State.solve_set and ``kofun solve-set``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import solver
from solver import _core
from solver.cli import main
from solver.games.connect4.score import connect4_score
from solver.search.solve_set import CHUNK

C4 = _core.connect4.State
DATA = Path(__file__).resolve().parent.parent / "bench" / "data" / "connect4_pons_L3_R1.txt"
ROWS = [line.split() for line in DATA.read_text().splitlines() if line and not line.startswith("#")][:40]
POSITIONS = [p for p, _ in ROWS]
SCORES = [int(s) for _, s in ROWS]  # Pons' test-set scores


def _limits() -> _core.SearchLimits:
    return _core.SearchLimits()


def test_every_value_is_the_sets_and_equal_to_one_solve_each() -> None:
    solved = solver.solve_set("c4", POSITIONS, keep_table=False, value_only=True)
    assert [connect4_score(C4.parse(p), s.report.result) for p, s in zip(POSITIONS, solved, strict=True)] == SCORES
    alone = [solver.solve("c4", p) for p in POSITIONS]
    assert [s.report.value for s in solved] == [r.value for r in alone]
    assert all(s.report.proof == r.proof != "none" for s, r in zip(solved, alone, strict=True))
    assert all(s.cpu_s >= 0 for s in solved)


def test_a_new_table_each_gives_the_nodes_of_separate_solves() -> None:
    states = [C4.parse(p) for p in POSITIONS]
    results, cpu = C4.solve_set(states, _limits(), hash_mb=16, value_only=True)
    each = [s.solve(_limits(), hash_mb=16, value_only=True) for s in states]
    assert [r.nodes for r in results] == [r.nodes for r in each]
    assert [r.value for r in results] == [r.value for r in each]
    cleared, _ = C4.solve_set(states, _limits(), hash_mb=16, value_only=True, clear_each=True)
    assert [r.nodes for r in cleared] == [r.nodes for r in each]
    assert len(cpu) == len(states)


def test_kept_entries_answer_the_later_positions() -> None:
    states = [C4.parse(p) for p in POSITIONS]
    _core.clear_tables()
    first, _ = C4.solve_set(states, _limits(), hash_mb=16, value_only=True, keep_table="test kept")
    again, _ = C4.solve_set(states, _limits(), hash_mb=16, value_only=True, keep_table="test kept")
    assert [r.value for r in again] == [r.value for r in first]
    assert sum(r.nodes for r in again) < sum(r.nodes for r in first)


def test_full_reports_carry_the_best_moves_and_pv() -> None:
    position = "5624531471331144743734623"  # 17 empty cells: O wins in 13 plies with column 1 only
    solved = solver.solve_set("c4", [position, position])
    for s in solved:
        assert s.report.proof == "win" and s.report.plies_to_end == 13
        assert s.report.best_move == "1" and len(s.report.pv) == 13
        assert [m.move for m in s.report.moves if m.score.bound == 0] == ["1"]


def test_progress_is_reported_per_chunk() -> None:
    seen: list[tuple[int, int]] = []
    positions = (POSITIONS * (CHUNK // len(POSITIONS) + 1))[: CHUNK + 3]
    solver.solve_set("c4", positions, value_only=True, on_progress=lambda done, total: seen.append((done, total)))
    assert seen == [(CHUNK, CHUNK + 3), (CHUNK + 3, CHUNK + 3)]


def test_bad_entries_are_named_by_their_index() -> None:
    with pytest.raises(solver.NotationError, match=r"positions\[1\]: .*column digit"):
        solver.solve_set("c4", ["4453", "44x"])
    with pytest.raises(ValueError, match=r"positions\[0\]: the game is over"):
        solver.solve_set("c4", ["1212121"])
    with pytest.raises(TypeError, match=r"positions\[1\]: expected connect4 notation"):
        solver.solve_set("c4", ["4453", solver.new("sensei")])
    with pytest.raises(TypeError, match="'algo' is not a setting here"):
        solver.solve_set("c4", ["4453"], algo="mcts")
    with pytest.raises(solver.SettingsError, match="bounded length"):
        solver.solve_set("sensei", [solver.new("sensei")])
    assert solver.solve_set("c4", []) == []


def test_compiled_set_checks_its_arguments() -> None:
    lim = _core.SearchLimits()
    lim.threads = 2
    with pytest.raises(ValueError, match="one thread"):
        C4.solve_set([C4.parse("4453")], lim)
    terminal = C4.parse("1212121")
    with pytest.raises(ValueError, match="position 1 is terminal"):
        C4.solve_set([C4.parse("4453"), terminal], _limits())


def test_a_stop_request_ends_the_set_with_the_positions_solved_so_far() -> None:
    control = _core.SearchControl()
    control.request_stop()
    results, cpu = C4.solve_set([C4.parse(p) for p in POSITIONS], _limits(), control)
    assert len(results) == len(cpu) == 1
    assert results[0].stopped and results[0].proof == _core.Proof.NONE
    assert results[0].value_low <= results[0].value_high


def test_cli_prints_each_position_and_the_totals(tmp_path: Path) -> None:
    f = tmp_path / "set.txt"
    f.write_text("# a comment\n" + "\n".join(f"{p} {s}" for p, s in ROWS[:3]) + "\n\n")
    out = CliRunner().invoke(main, ["solve-set", "c4", str(f), "--value-only"])
    assert out.exit_code == 0, out.output
    lines = out.output.strip().splitlines()
    assert [line.split()[0] for line in lines[:3]] == POSITIONS[:3]
    assert lines[0].split("  ")[1] == str(solver.solve("c4", POSITIONS[0]).score)
    assert lines[3].startswith("3 positions, ")
    js = CliRunner().invoke(main, ["solve-set", "c4", str(f), "--json", "--no-keep"])
    rows = [json.loads(line) for line in js.output.strip().splitlines()]
    assert [r["position"] for r in rows] == POSITIONS[:3] and all(r["cpu_s"] >= 0 for r in rows)


def test_cli_names_the_bad_line(tmp_path: Path) -> None:
    f = tmp_path / "bad.txt"
    f.write_text("# header\n4453\n4444444\n")
    out = CliRunner().invoke(main, ["solve-set", "c4", str(f)])
    assert out.exit_code == 2
    assert "line 3: connect4 position, character 7: column 4 is full" in out.output
