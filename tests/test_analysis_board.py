"""The analysis board: the best N moves with their lines, every move's value from an information state with its
confidence, stepping through a record, and `kofun review --decision N`."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

import solver
from solver.cli import main
from solver.play.replay import replay
from solver.search.analysis import analyse, lines
from solver.search.estimates import move_values, pool
from solver.search.settings import SearchSettings, SettingsError


def test_lines_are_analyse_moves_with_their_own_lines() -> None:
    state = solver.parse("c4", "4453")
    report = analyse(state, depth=6)
    best = lines(state, depth=6, count=3)
    assert [ln.move for ln in best] == [m.move for m in report.moves[:3]]
    assert [ln.score for ln in best] == [m.score for m in report.moves[:3]]
    assert [ln.rank for ln in best] == [1, 2, 3]
    assert best[0].pv == report.pv
    for ln in best:
        assert ln.pv[0] == ln.move and len(ln.pv) == 6  # every line searched to the pass's depth
        s = state.clone()
        for m in ln.pv:
            s.play(m)  # each line is legal from the position
    assert len(lines(state, depth=4, count=50)) == 7  # at most every legal move


def test_lines_of_mcts_follow_each_move() -> None:
    state = solver.new("c4")
    best = lines(state, SearchSettings(algo="mcts", nodes=3000, seed=1), count=2)
    assert len(best) == 2 and all(ln.pv[0] == ln.move and len(ln.pv) > 1 for ln in best)
    with pytest.raises(ValueError, match="lines: must be an integer >= 1"):
        lines(state, count=0)


def test_move_values_from_an_information_state() -> None:
    game = solver.get_game("koikoi")
    state = game.new({}, 3)
    view = game.view(state)
    values = move_values(view, SearchSettings(nodes=2000, seed=4), runs=3)
    assert sorted(v.move for v in values) == sorted(view.move_to_string(m) for m in view.legal_moves())
    assert sum(v.visits for v in values) == 3 * 2000  # every iteration of the three searches is a root visit
    assert [v.visits for v in values] == sorted((v.visits for v in values), reverse=True)
    assert all(v.se is not None and v.se >= 0 for v in values)
    assert all(v.win_rate is not None and 0 <= v.win_rate <= 1 for v in values)
    assert values == move_values(state, SearchSettings(nodes=2000, seed=4), runs=3)  # a full state: its view
    single = move_values(view, SearchSettings(nodes=2000, seed=4), runs=1)
    assert all(v.se is None for v in single)
    with pytest.raises(ValueError, match=r"runs: must be an integer in 1\.\.64"):
        move_values(view, runs=0)
    with pytest.raises(SettingsError, match="'ismcts' or 'pimc'"):
        move_values(view, SearchSettings(algo="alphabeta"))


def test_pool_is_the_mean_of_all_playouts_with_the_spread_between_searches() -> None:
    view = solver.get_game("koikoi").view(solver.get_game("koikoi").new({}, 3))
    reports = [solver.search(view, SearchSettings(nodes=1000, seed=s)) for s in (1, 2)]
    pooled = {v.move: v for v in pool(reports)}
    for move, v in pooled.items():
        (a,), (b,) = ([m for m in r.moves if m.move == move] for r in reports)
        n = a.visits + b.visits
        mean = (a.value * a.visits + b.value * b.visits) / n
        assert v.visits == n and v.value == pytest.approx(mean)
        se = (2 * ((a.visits * (a.value - mean)) ** 2 + (b.visits * (b.value - mean)) ** 2)) ** 0.5 / n
        assert v.se == pytest.approx(se)


def test_replay_steps_through_every_deal() -> None:
    engine = solver.SearchAgent("koikoi", SearchSettings(nodes=200))
    rec = solver.play_match("koikoi", [engine, solver.RandomAgent()], {"preset": "nintendo", "rounds": 2}, seed=3)
    steps = replay(rec)
    assert len(steps) == len(rec.moves)
    assert [s.move for s in steps] == rec.moves
    assert [s.index for s in steps] == list(range(len(steps)))
    assert [(s.deal, s.ply) for s in steps if s.ply == 0] == [(0, 0), (1, 0)]
    game = solver.get_game("koikoi")
    first = steps[0]
    assert first.state.to_string() == rec.deals[0].start
    assert first.view(game).text == game.view(first.state, first.seat).text
    bad = rec.to_dict()
    bad["deals"][0]["moves"][2] = "play 99x"
    with pytest.raises(ValueError, match="record: deal 1, move 3 'play 99x'"):
        replay(solver.GameRecord.from_dict(bad))


def test_board_of_a_decision_on_the_command_line(tmp_path: Path) -> None:
    rec = solver.play_match("koikoi", [solver.RandomAgent(), solver.RandomAgent()], {}, seed=1)
    path = tmp_path / "k.json"
    rec.save(path)
    run = CliRunner()
    out = run.invoke(main, ["review", str(path), "--decision", "14", "--nodes", "1000", "--runs", "3", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["decision"]["played"] == "stop" and data["decision"]["view"] == "information state"
    assert (data["previous"], data["next"]) == (13, None)  # stopping ends the deal: the last decision
    assert {v["move"] for v in data["values"]} == {"stop", "koikoi"}
    assert sum(v["visits"] for v in data["values"]) == 3000 and all(v["se"] is not None for v in data["values"])
    assert data["lines"] == [] and "stock : " in data["board"] and "(hidden)" in data["board"]
    out = run.invoke(main, ["review", str(path), "--decision", "0", "--nodes", "1000"])
    assert out.exit_code == 0, out.output
    assert "std err" in out.output and "next: --decision 1" in out.output and "previous" not in out.output
    c4 = solver.play_game("c4", players=[solver.RandomAgent(), {"nodes": 2000}], seed=1)
    c4.save(tmp_path / "c.json")
    out = run.invoke(main, ["review", str(tmp_path / "c.json"), "--decision", "2", "--nodes", "20000", "--lines", "2"])
    assert out.exit_code == 0, out.output
    body = out.output.split("line")[1]
    assert len([ln for ln in body.splitlines() if ln.strip()[:1] in ("1", "2")]) == 2


def test_analyse_lines_and_runs_on_the_command_line() -> None:
    run = CliRunner()
    out = run.invoke(main, ["analyse", "c4", "4453", "--lines", "2", "--depth", "6", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    expected = [ln.to_dict() for ln in lines(solver.parse("c4", "4453"), depth=6, count=2)]
    assert data == {"game": "connect4", "lines": expected}
    view = solver.get_game("koikoi").view(solver.get_game("koikoi").new({}, 3))
    out = run.invoke(main, ["analyse", "koikoi", view.text, "--runs", "2", "--nodes", "1000", "--json"])
    assert out.exit_code == 0, out.output
    values = json.loads(out.output)["values"]
    assert values == [v.to_dict() for v in move_values(view, SearchSettings(nodes=1000), runs=2)]
    out = run.invoke(main, ["analyse", "koikoi", view.text, "--runs", "2", "--nodes", "1000"])
    assert out.exit_code == 0 and "std err" in out.output and "2 independent searches pooled" in out.output
    out = run.invoke(main, ["analyse", "c4", "--runs", "2"])
    assert out.exit_code == 2 and "--runs: connect4 has no hidden information" in out.output


def test_the_analyse_command_of_each_decision_opens_its_position() -> None:
    """A reviewed decision's `analyse` command (an information state with the record's rule options, or a
    position) runs and searches exactly that position."""
    from solver.review import Reviewer, ReviewSettings

    engine = solver.SearchAgent("koikoi", SearchSettings(nodes=200))
    match = solver.play_match("koikoi", [engine, solver.RandomAgent()], {"preset": "nintendo", "rounds": 2}, seed=3)
    c4 = solver.play_game("c4", players=[solver.RandomAgent(), {"nodes": 2000}], seed=1)
    for rec, index in ((match, 4), (c4, 3)):
        d = Reviewer(rec, ReviewSettings(nodes=300)).decision(index)
        argv = shlex.split(d.analyse)
        assert argv[:3] == ["kofun", "analyse", rec.game] and argv[3] == d.position
        out = CliRunner().invoke(main, [*argv[1:], "--nodes", "300", "--json"])
        assert out.exit_code == 0, out.output
        assert json.loads(out.output)["position"] == d.position
    assert shlex.split(Reviewer(match).decision(4).analyse)[4:] == ["--rule", "preset=nintendo", "--rule", "rounds=2"]
