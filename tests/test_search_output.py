"""Search output that agrees with itself ("first contact"): one iteration behind the answer, bounds shown as bounds,
the value's unit named, analyses at one depth, clear errors for impossible tables and commands, board legends."""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

import solver
from solver import _core
from solver.cli import main
from solver.games import GAMES
from solver.search.analysis import analyse
from solver.search.settings import MAX_MEMORY_MB, SearchSettings, SettingsError

KOIKOI_VIEW = (
    "rules=seed first=1 view=1 turn=1 phase=play hand=2a,3c2,6r,7r,7c2,11b,11r,11c opp=8 "
    "table=1b,2r,2c2,3b,5c2,10r,12b,12c1 pile0=- pile1=- stock=24 koikoi=0,0 total=0,0"
)


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def sensei_start() -> object:
    return GAMES["sensei"].new(None)


# 1. best move, value, PV and candidate table from one completed iteration --------------------------------------


@pytest.mark.parametrize("nodes", [150_000, 400_000, 700_000, 1_300_000, 2_000_000])
def test_alphabeta_answer_table_and_pv_come_from_one_iteration(nodes: int) -> None:
    limits = _core.SearchLimits()
    limits.nodes = nodes
    limits.threads = 1
    r = sensei_start().alphabeta(limits)  # type: ignore[attr-defined]
    best = r.moves[0]
    assert best.move == r.best_move and r.pv[0] == r.best_move
    assert best.bound == 0 and best.value == r.value  # the best move's exact value is the answer
    values = [m.value for m in r.moves]
    assert values == sorted(values, reverse=True)  # best first
    assert all(m.bound == -1 for m in r.moves[1:] if m.value == r.value)  # ties with the best are bounds only


def test_best_move_table_marks_bounds_and_names_the_unit() -> None:
    result = run("best-move", "sensei", "--nodes", "2000000", "--threads", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    table = lines.index("  move    value  nodes  proof")
    assert lines[table + 1 : table + 6] == [
        "  g1-g5     +22   5643",
        "  c1-c5  <= +22   7690",
        "  a1-a5  <= +22   8296",
        "  e1-e5  <= +18   5301",
        "  g1-g4     +14    212",
    ]
    assert (
        "  (depth 7; <= v: the move is worth at most v, all the search proved; `kofun analyse` values every move)"
        in lines
    )
    assert "best move: g1-g5" in lines
    assert "value: +22 evaluation points (60 = one row of master advance), + = good for South (to move)" in lines
    assert "pv: g1-g5 g5-d5 d1*d5 a7-a4 d7*a4 g7-g1 c1-c6" in lines
    assert lines[-1].endswith("depth 7")


def test_connect_four_names_its_evaluation_unit() -> None:
    lines = run("best-move", "c4", "4453", "--depth", "3").stdout.splitlines()
    value = next(line for line in lines if line.startswith("value: "))
    assert value.endswith(" evaluation points (16 per empty cell that would complete a four), + = good for X (to move)")


def test_a_bound_prints_as_a_bound() -> None:
    line = solver.search(sensei_start(), nodes=300_000, threads=1).moves[1]
    assert line.score.bound == -1 and str(line.score).startswith("<= ")
    assert line.score.to_dict()["bound"] == "upper"


# 2. every move of an analysis at the same depth ----------------------------------------------------------------


def test_analysis_values_every_move_at_the_depth_it_reports() -> None:
    state = sensei_start()
    report = analyse(state, nodes=200_000, threads=1)
    assert report.depth >= 3
    for line in report.moves:
        child = state.clone()  # type: ignore[attr-defined]
        child.apply(state.parse_move(line.move))  # type: ignore[attr-defined]
        again = solver.search(child, depth=report.depth - 1, threads=1)
        same = child.to_move() == state.to_move()  # type: ignore[attr-defined]
        assert line.value == (again.value if same else 0.0 - again.value), line.move
    assert [m.value for m in report.moves] == sorted((m.value for m in report.moves), reverse=True)


def test_analysis_reports_one_progress_line_per_completed_pass() -> None:
    seen: list[int] = []
    analyse(sensei_start(), nodes=100_000, threads=1, on_progress=lambda p: seen.append(p.depth))
    assert seen == list(range(2, 2 + len(seen))) and len(seen) >= 2


# 3. a table the machine cannot give ---------------------------------------------------------------------------


def test_hash_size_beyond_the_machine_is_refused_by_the_settings() -> None:
    with pytest.raises(SettingsError, match=f"hash_mb: must be <= {MAX_MEMORY_MB}"):
        SearchSettings(hash_mb=MAX_MEMORY_MB + 1)


@pytest.mark.skipif(MAX_MEMORY_MB >= 1 << 16, reason="this machine may really give 64 GB")
def test_hash_allocation_failure_is_a_value_error() -> None:
    limits = _core.SearchLimits()
    limits.depth = 1
    with pytest.raises(ValueError, match=r"^hash: cannot allocate 65536 MB for the transposition table"):
        sensei_start().alphabeta(limits, hash_mb=65536)  # type: ignore[attr-defined]
    result = run("best-move", "sensei", "--hash", "65536", "--depth", "1")
    assert result.exit_code == 2
    assert result.stderr == f"error: --hash: must be <= {MAX_MEMORY_MB}, got 65536\n"


@pytest.mark.skipif(MAX_MEMORY_MB >= 1 << 16, reason="this machine may really give 64 GB")
def test_a_search_tree_that_cannot_be_allocated_is_a_value_error() -> None:
    limits = _core.SearchLimits()
    limits.time_s = 0.01  # no node budget: the tree takes all of memory_mb
    tree = r"^memory_mb: cannot allocate 65536 MB for the search tree; give a smaller memory_mb$"
    with pytest.raises(ValueError, match=tree):
        solver.new("c4").mcts(limits, memory_mb=65536)  # type: ignore[attr-defined]
    view = solver.get_game("koikoi").view(solver.new("koikoi"))
    with pytest.raises(ValueError, match=tree):
        view.game.State.ismcts(view.text, limits, unseen=view.unseen, groups=view.groups, memory_mb=65536)
    with pytest.raises(ValueError, match=tree):
        view.game.State.pimc(view.text, limits, unseen=view.unseen, groups=view.groups, memory_mb=65536, exact_plies=0)
    assert solver.new("c4").mcts(limits, memory_mb=16).best_move in range(7)  # type: ignore[attr-defined]


# 4. commands an information state or a hidden-information game cannot serve -----------------------------------


@pytest.mark.parametrize("game", ["koikoi", "haniwa"])
def test_perft_of_an_information_state_is_an_error(game: str) -> None:
    view = KOIKOI_VIEW if game == "koikoi" else GAMES["haniwa"].view(GAMES["haniwa"].new(None, 1)).text
    result = run("perft", game, view, "--depth", "2")
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: perft: give a full {game} position (an information state hides the moves to come)\n"
    )
    assert "Traceback" not in result.output


def test_haniwa_alpha_beta_analyses_the_full_state_and_says_so() -> None:
    for command in ("best-move", "analyse"):
        result = run(command, "haniwa", "--algo", "alphabeta", "--seed", "3", "--depth", "2", "--threads", "1")
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        assert "note: a full-state search, everything hidden is known to it (ismcts / pimc search the view)" in lines
        assert (
            "value: +0 (Haniwa has no evaluation: 0 = not decided within the search horizon), "
            "+ = good for player 1 (to move)"
        ) in lines


def test_haniwa_match_seat_refuses_alpha_beta_in_one_line() -> None:
    result = run("selfplay", "haniwa", "--algo-a", "alphabeta", "--nodes", "100")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: algo: an AI seat of haniwa searches from its information state only: use 'ismcts' or 'pimc', "
        "not 'alphabeta'\n"
    )


# 5. boards with legends (plain text: tests run piped) ----------------------------------------------------------


def test_sensei_board_has_a_legend() -> None:
    lines = GAMES["sensei"].render(sensei_start()).splitlines()
    assert lines[-2] == "S/N: South's/North's character on its stone, s/n: South's/North's stones, o: pit, .: empty"
    assert lines[7] == " 1  s s s S s s s  1"


def test_haniwa_board_names_the_column_colours() -> None:
    lines = GAMES["haniwa"].render(GAMES["haniwa"].new(None, 1)).splitlines()
    assert lines[2] == "columns: a red (R), b blue (B), c green (G), d yellow (Y); tiles: colour + power, e.g. R2"


def test_koikoi_cards_show_code_and_name() -> None:
    lines = GAMES["koikoi"].render(GAMES["koikoi"].new(None, 1)).splitlines()
    assert lines[1] == (
        "hand 0: 4a Cuckoo, 4c1 Wisteria chaff, 5r Iris red ribbon, 6c2 Peony chaff, 8a Geese, 9a Sake cup, "
        "10c2 Maple chaff, 12c2 Paulownia chaff"
    )
    assert "\x1b[" not in GAMES["koikoi"].render(GAMES["koikoi"].new(None, 1))


def test_an_alphabeta_bound_at_a_mate_score_prints_as_a_bound_on_a_win() -> None:
    """A move that fails low at the value of a win at the next ply (its table value is a bound) reads as a bound on
    a win, not as an evaluation of +29999."""
    from types import SimpleNamespace

    from solver.search.values import Score

    stat = SimpleNamespace(value=float(_core.MATE_SCORE - 1), proof=_core.Proof.NONE, plies_to_end=-1, bound=-1)
    score = Score.of(stat, "alphabeta", "centipawns", "points")
    assert (score.kind, score.plies, score.bound, str(score)) == ("win", 1, -1, "<= win in 1 ply")
    loss = Score.of(
        SimpleNamespace(value=float(-(_core.MATE_SCORE - 4)), proof=_core.Proof.NONE, plies_to_end=-1, bound=1),
        "alphabeta",
        "centipawns",
        "points",
    )
    assert (loss.kind, loss.plies, str(loss)) == ("loss", 4, ">= loss in 4 plies")
    plain = Score.of(
        SimpleNamespace(value=35.0, proof=_core.Proof.NONE, plies_to_end=-1, bound=-1),
        "alphabeta",
        "centipawns",
        "points",
    )
    assert str(plain) == "<= +35 centipawns"
