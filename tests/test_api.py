"""The Python API: solver.parse/new/best_move/play_game, search(), analyse(), interruption."""

from __future__ import annotations

import json
import signal
import threading
import time
from collections.abc import Iterator

import pytest

import solver
from solver import _core
from solver.play.agents import SearchAgent
from solver.report.stats import MatchScore
from solver.search.analysis import analyse
from solver.search.runner import moves_to_strings, search
from solver.search.settings import SearchSettings

WIN_IN_ONE = "121212"  # X to move; column 1 completes four (X's 4th stone: score +18)
WIN_TEXT = "win for X, score +18 (X wins with stone 4, in 1 ply)"


def test_package_exposes_the_public_api() -> None:
    assert solver.get_game("c4") is solver.games.GAMES["connect4"]
    assert callable(solver.search) and callable(solver.analyse)
    for exc in (
        solver.NotationError,
        solver.IllegalMoveError,
        solver.RuleOptionError,
        solver.ConfigError,
        solver.UnknownGameError,
    ):
        assert issubclass(exc, ValueError)
    assert solver.NotationError is _core.NotationError


def test_parse_and_new() -> None:
    s = solver.parse("connect4", "4453")
    assert isinstance(s, _core.connect4.State)
    assert s.moves_played() == 4
    assert solver.new("c4") == _core.connect4.State()
    with pytest.raises(solver.NotationError, match="character 3"):
        solver.parse("c4", "44x")
    with pytest.raises(solver.RuleOptionError, match="unknown rule option 'columns'"):
        solver.new("c4", columns=8)
    with pytest.raises(
        solver.UnknownGameError,
        match=r"unknown game 'go' \(known games: connect4 \(c4\), haniwa, honshu, koikoi \(hanafuda\), ohanami, "
        r"sensei\)",
    ):
        solver.parse("go", "")


def test_best_move_finds_the_immediate_win() -> None:
    report = solver.best_move("c4", WIN_IN_ONE, depth=4)
    assert report.best_move == "1"
    assert report.proof == "win"
    assert report.plies_to_end == 1
    assert report.pv == ["1"]
    assert report.value_text == WIN_TEXT
    assert report.moves[0].move == "1"
    assert sorted(m.move for m in report.moves) == list("1234567")
    assert not report.interrupted and not report.stopped


def test_mcts_solver_finds_the_immediate_win() -> None:
    report = solver.best_move("c4", WIN_IN_ONE, algo="mcts", nodes=2000, seed=1)
    assert (report.best_move, report.proof, report.plies_to_end) == ("1", "win", 1)
    assert report.algo == "mcts"


def test_search_blocks_the_opponents_vertical_threat() -> None:
    report = solver.best_move("c4", "12121", depth=4)  # O to move must block column 1
    assert report.best_move == "1"
    assert report.proof == "none"


def test_report_to_dict_is_json_with_notation() -> None:
    d = json.loads(json.dumps(solver.best_move("c4", WIN_IN_ONE, depth=2).to_dict()))
    assert set(d) == {
        "game",
        "position",
        "to_move",
        "algo",
        "settings",
        "best_move",
        "score",
        "value_text",
        "pv",
        "moves",
        "nodes",
        "depth",
        "time_s",
        "stopped",
        "interrupted",
        "nps",
    }
    assert (d["game"], d["position"], d["to_move"]) == ("connect4", WIN_IN_ONE, 0)
    assert (d["best_move"], d["pv"], d["score"]["kind"]) == ("1", ["1"], "win")
    assert d["score"] == {"kind": "win", "value": d["score"]["value"], "plies": 1}
    assert d["settings"] == {"algo": "alphabeta", "depth": 2, "threads": 1, "seed": 0}
    assert set(d["moves"][0]) == {"move", "score", "visits", "value_text"}


def test_search_with_a_node_budget_is_reproducible() -> None:
    state = solver.parse("c4", "4453")
    a = search(state, nodes=20_000)
    b = search(state, nodes=20_000)
    assert (a.best_move, a.value, a.nodes, a.pv) == (b.best_move, b.value, b.nodes, b.pv)
    assert state.to_string() == "4453"  # the searched position is not modified


def test_progress_reports_the_iterations_in_notation() -> None:
    seen: list[solver.Progress] = []
    report = solver.best_move("c4", "4453", depth=6, on_progress=seen.append)
    assert seen, "the final iteration is always reported"
    assert seen[-1].depth == report.depth == 6
    assert seen[-1].pv == report.pv
    assert all(isinstance(m, str) for m in seen[-1].pv)


def test_limits() -> None:
    default = SearchSettings().limits()
    assert (default.time_s, default.nodes, default.depth) == (2.0, 0, 0)
    limits = SearchSettings(nodes=500, depth=3, threads=2, seed=9).limits()
    assert (limits.time_s, limits.nodes, limits.depth, limits.threads, limits.seed) == (0.0, 500, 3, 2, 9)
    for kwargs, message in [
        ({"time": 0}, "time: must be > 0"),
        ({"nodes": 0}, "nodes: must be >= 1"),
        ({"depth": -1}, "depth: must be >= 1"),
        ({"threads": 0}, "threads: must be >= 1"),
        ({"seed": -3}, "seed: must be >= 0"),
        ({"seed": 2**63}, "seed: must be <= 9223372036854775807"),
        ({"time": float("nan")}, "time: must be a finite number, got nan"),
        ({"time": float("inf")}, "time: must be a finite number, got inf"),
        ({"threads": 1000}, "threads: must be <= 256"),
    ]:
        with pytest.raises(ValueError, match=message):
            SearchSettings(**kwargs)


def test_bad_search_requests() -> None:
    state = solver.parse("c4", "44")
    with pytest.raises(ValueError, match="algo: 'minimax' is not one of 'alphabeta', 'mcts'"):
        search(state, algo="minimax", depth=2)
    with pytest.raises(ValueError, match="'exploration' does not apply to algo 'alphabeta'"):
        search(state, depth=2, exploration=2.0)
    with pytest.raises(ValueError, match="unknown search option 'temperature'"):
        search(state, algo="mcts", nodes=10, temperature=1.0)
    with pytest.raises(solver.IllegalMoveError, match="the game is over"):
        search(solver.parse("c4", "1212121"), depth=2)


def _stop_after_first_progress(control: _core.SearchControl) -> threading.Thread:
    """A thread that requests a stop once the search has published its first progress report (no timing)."""

    def run() -> None:
        while control.snapshot()[1] == 0:
            time.sleep(0.005)
        control.request_stop()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_stop_from_another_thread_returns_a_legal_best_move() -> None:
    state = solver.new("c4")  # far too hard to solve within the 60 s budget
    control = _core.SearchControl()
    stopper = _stop_after_first_progress(control)
    report = search(state, time=60.0, control=control)
    stopper.join()
    assert report.stopped
    assert not report.interrupted
    assert report.best_move in list("1234567")
    assert report.proof == "none"


@pytest.fixture
def ctrl_c() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt during the test, as at a terminal, also when the suite runs with SIGINT
    ignored (started in the background: SIG_IGN inherited); the handler before is restored after."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def test_ctrl_c_stops_the_search_and_returns_the_best_move_so_far(ctrl_c: None) -> None:
    state = solver.new("c4")
    sent: list[bool] = []

    def press_ctrl_c(_: solver.Progress) -> None:  # a real SIGINT, once the search has a move to report
        if not sent:
            sent.append(True)
            signal.raise_signal(signal.SIGINT)

    report = search(state, time=60.0, on_progress=press_ctrl_c)
    assert sent
    assert report.interrupted
    assert report.stopped
    assert report.best_move in list("1234567")
    assert report.pv[0] == report.best_move


def test_keyboard_interrupt_raised_by_the_progress_callback_is_handled_the_same_way() -> None:
    def interrupt(_: solver.Progress) -> None:
        raise KeyboardInterrupt

    report = search(solver.new("c4"), algo="mcts", time=60.0, on_progress=interrupt)
    assert report.interrupted and report.stopped
    assert report.best_move in list("1234567")


def test_analyse_scores_every_move_with_exact_proofs() -> None:
    report = analyse(solver.parse("c4", "445"), depth=8)  # O must stop X's open two on the bottom row
    assert [m.move for m in report.moves[:2]] in (["3", "6"], ["6", "3"])
    assert [m.proof for m in report.moves] == ["none", "none"] + ["loss"] * 5
    assert {m.move for m in report.moves[2:]} == {"1", "2", "4", "5", "7"}
    loss_text = "loss for O, score -18 (X wins with stone 4, in 4 plies)"
    assert {m.value_text for m in report.moves[2:]} == {loss_text}
    assert report.best_move in ("3", "6")
    assert report.proof == "none"


def test_analyse_orders_wins_first_and_losses_last() -> None:
    report = analyse(solver.parse("c4", WIN_IN_ONE), depth=4)
    assert [m.move for m in report.moves[:2]] == ["1", "2"]
    assert [m.proof for m in report.moves] == ["win", "none"] + ["loss"] * 5
    assert report.moves[0].value_text == WIN_TEXT
    assert {m.plies_to_end for m in report.moves[2:]} == {2}
    assert (report.best_move, report.proof, report.value_text, report.pv) == ("1", "win", WIN_TEXT, ["1"])


def test_play_game_is_a_legal_reproducible_game() -> None:
    a = solver.play_game("c4", depth=3, opening_plies=2, seed=5)
    b = solver.play_game("c4", depth=3, opening_plies=2, seed=5)
    assert a == b
    replay = solver.new("c4")
    for mv in a.moves:
        replay.play(mv)
    assert replay.is_terminal()
    assert a.final == replay.to_string() == "".join(a.moves)
    assert a.returns == [replay.returns(0), replay.returns(1)]
    assert a.winner == (None if replay.winner() < 0 else replay.winner())


def test_play_game_uses_each_players_settings() -> None:
    # From "12121" O (player 1) must block column 1; a two-ply search sees the threat.
    record = solver.play_game("c4", "12121", players=[{"depth": 2}, {"depth": 2}])
    assert record.start == "12121"
    assert record.moves[0] == "1"
    with pytest.raises(ValueError, match="connect4: 2 seats under these rules, got 1 agents"):
        solver.play_game("c4", players=[{"depth": 1}])


def test_moves_to_strings_stops_at_an_illegal_move() -> None:
    assert moves_to_strings(solver.parse("c4", "11111"), [0, 0, 3]) == ["1"]


def test_ctrl_c_during_a_game_between_engines_ends_the_game(ctrl_c: None) -> None:
    searching = threading.Event()  # set by the engines' progress: a search of the game is running

    def press_ctrl_c() -> None:
        if searching.wait(60):
            signal.raise_signal(signal.SIGINT)

    settings = SearchSettings.from_mapping({"time": 60.0})
    engines = [SearchAgent("c4", settings, on_progress=lambda _: searching.set()) for _ in range(2)]
    presser = threading.Thread(target=press_ctrl_c, daemon=True)
    presser.start()
    with pytest.raises(KeyboardInterrupt):  # the signal lands inside the game's first search: the game ends
        solver.play_game("c4", players=engines)
    presser.join()
    assert searching.is_set()


def test_match_score_and_its_confidence_interval() -> None:
    score = MatchScore(wins=6, draws=2, losses=2)
    assert (score.games, score.score) == (10, 0.7)
    ci = score.ci95  # Wilson of 7 points in 10 games (a draw half a win): [0.39678, 0.89221]
    assert ci is not None and (round(ci[0], 5), round(ci[1], 5)) == (0.39678, 0.89221)
    assert score.summary("A") == "10 games: A won 6, drew 2, lost 2; score 0.700 (95% CI [0.397, 0.892])"
    three = MatchScore(3, 0, 0).ci95  # never zero width: 3 of 3 is [3 / (3 + z^2), 1]
    assert three is not None and (round(three[0], 4), three[1]) == (0.4385, 1.0)
    assert MatchScore(0, 0, 0).score == 0.5 and MatchScore(0, 0, 0).ci95 is None


def test_an_error_in_the_progress_callback_stops_the_search_and_propagates() -> None:
    def broken(_: solver.Progress) -> None:
        raise RuntimeError("display failed")

    control = _core.SearchControl()
    with pytest.raises(RuntimeError, match="display failed"):
        search(solver.new("c4"), time=60.0, control=control, on_progress=broken)
    assert control.stop_requested


def test_analyse_scores_a_move_that_ends_the_game_in_a_draw() -> None:
    drawn = "156366643422365415735125444215362321717777"
    for position in (drawn[:-1], drawn[:-2]):  # the last move fills the board; one ply earlier too
        report = analyse(solver.parse("c4", position), depth=3)
        assert [(m.move, m.proof, m.value, m.value_text) for m in report.moves] == [("7", "draw", 0.0, "draw, score 0")]
        assert (report.best_move, report.proof, report.value_text) == ("7", "draw", "draw, score 0")


def test_best_move_accepts_a_state_and_leaves_it_untouched() -> None:
    state = solver.parse("c4", "121212")
    report = solver.best_move("c4", state, depth=3)
    assert report.best_move == "1"
    assert state.to_string() == "121212"
    with pytest.raises(TypeError, match="connect4 notation or a connect4 State"):
        solver.best_move("c4", 5)


# --- where a search runs --------------------------------------------------------------------------------------


def _search_threads() -> int:
    return sum(t.name == "kofun-search" for t in threading.enumerate())


def test_searches_reuse_their_thread() -> None:
    state = solver.parse("c4", "4453")
    search(state, depth=4)  # at least one search thread exists now
    before = _search_threads()
    reports = [search(state, depth=4, seed=k) for k in range(5)]
    assert _search_threads() == before
    assert {r.best_move for r in reports} == {reports[0].best_move}


def test_an_agent_off_the_main_thread_searches_in_the_calling_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C only ever reaches the main thread, so a search elsewhere (a Dask worker's task) needs no watcher
    thread; the move, the node count and the report are those of the same search in the main thread."""
    import importlib
    from random import Random

    from solver.play.agents import SearchAgent

    search_module = importlib.import_module("solver.search.runner")  # the module (``solver.search`` is the function)

    view = solver.parse("c4", "4453")
    settings = SearchSettings(algo="alphabeta", nodes=3000, seed=3)
    main_agent = SearchAgent("c4", settings)
    main_move = main_agent.choose(view.clone(), Random(7))
    main_report = main_agent.last_report
    assert main_report is not None

    def refuse(_: object) -> None:
        raise AssertionError("a search off the main thread was handed to a search thread")

    monkeypatch.setattr(search_module._THREADS, "submit", refuse)
    box: dict[str, object] = {}
    agent = SearchAgent("c4", settings)

    def work() -> None:
        try:
            box["move"] = agent.choose(view.clone(), Random(7))
        except BaseException as e:  # reported in the main thread
            box["error"] = e

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    assert "error" not in box
    assert box["move"] == main_move
    report = agent.last_report
    assert report is not None
    assert (report.best_move, report.nodes, report.score, report.pv) == (
        main_report.best_move,
        main_report.nodes,
        main_report.score,
        main_report.pv,
    )
    assert report.best_move == view.move_to_string(main_move)
    monkeypatch.undo()
    direct = search(view, settings.merged(seed=main_report.settings.seed))
    assert (direct.best_move, direct.nodes, [m.move for m in direct.moves]) == (
        report.best_move,
        report.nodes,
        [m.move for m in report.moves],
    )


def test_a_forked_child_can_search() -> None:
    """The search threads of the parent do not exist in a forked child: the child starts its own."""
    import multiprocessing

    search(solver.parse("c4", "4453"), depth=3)  # the parent has a search thread
    with multiprocessing.get_context("fork").Pool(1) as pool:
        move = pool.apply_async(_best_move_of, ("4453",)).get(timeout=120)
    assert move == search(solver.parse("c4", "4453"), depth=6).best_move


def _best_move_of(position: str) -> str | None:
    return search(solver.parse("c4", position), depth=6).best_move
