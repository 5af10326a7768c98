"""kofun review: classes agree with proven values (Connect Four and Sensei endgames), hidden-information decisions
are judged from the seat's information state only, the batch runner gives the same review whatever --jobs, and the
command line (--json, --plot, --out/--resume, --seat, errors)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

import solver
from solver.batch.runner import Runner
from solver.cli import main
from solver.play.record import DealRecord, GameRecord
from solver.review import DecisionReview, MoveValue, Reviewer, ReviewError, ReviewSettings, review, review_decision
from solver.review.classes import EVAL_UNIT, MATCH, Thresholds, thresholds_for
from solver.review.text import format_review
from solver.search.runner import search
from solver.search.settings import SearchSettings, SettingsError

C4_ENDGAME = "5624531471331144743734623"  # O to move: 1 wins in 13 plies, 6 in 15; 2 and 7 lose in 12, 5 in 2
SENSEI_ENDGAME = "arashi pits=- S=a1,c1,d1,g1,f3,c4,c6 N=b4,g4,b5,c5,f6,c7,e7 chars=c4,c7 turn=S actions=- turns=34"


def record_of(game: str, start: str, moves: list[str], rules: dict[str, object] | None = None) -> GameRecord:
    """A hand-made record: one deal from `start` with `moves` (not finished)."""
    g = solver.get_game(game)
    opts = dict(g.check_options(rules))
    seats = int(g.parse(start, opts).num_players)
    agents = [{"name": f"seat{i}", "kind": "human"} for i in range(seats)]
    deal = DealRecord(start, moves, start, [], [], 0, finished=False)
    return GameRecord(g.name, opts, 0, agents, list(range(seats)), [deal], [0.0] * seats, [], False, 1)


# --- perfect information: the classes of proven values ------------------------------------------------------------


def test_connect4_endgame_classes_follow_the_proofs() -> None:
    """O's best move wins in 13 plies; 6 still wins, in 15; 2 loses in 12 plies, 5 lets X win at once. Then X
    does not take the win in one (a win thrown away), and O wins more slowly than it could."""
    settings = ReviewSettings(nodes=200_000)
    best = review_decision(record_of("c4", C4_ENDGAME, ["1"]), 0, settings)
    assert (best.cls, best.best, best.algo, best.loss) == ("best", "1", "solve", 0.0)
    assert best.best_value is not None and best.best_value.score == {"kind": "win", "value": 29987.0, "plies": 13}
    assert best.fact == "the proven result kept: win in 13 plies"
    slower = review_decision(record_of("c4", C4_ENDGAME, ["6"]), 0, settings)
    assert slower.played_value is not None and slower.played_value.score == {
        "kind": "win",
        "value": 29985.0,
        "plies": 15,
    }
    assert (slower.cls, slower.loss) == ("good", 2.0)  # two plies slower: 2 points of 500 - plies
    assert slower.fact == "still a forced win in 15 plies (the best wins in 13 plies)"
    lost = review_decision(record_of("c4", C4_ENDGAME, ["2"]), 0, settings)
    assert (lost.cls, lost.loss) == ("blunder", 500 - 13 + 500 - 12)
    assert lost.fact == "a win thrown away: forced win in 13 plies, after the move played a forced loss in 12 plies"
    thrown = review(record_of("c4", C4_ENDGAME, ["5", "6", "5"]), settings)
    d0, d1, d2 = thrown.decisions
    assert (d0.seat, d0.cls, d0.best, d0.played) == (1, "blunder", "1", "5")
    assert d0.fact == "a win thrown away: forced win in 13 plies, after the move played a forced loss in 2 plies"
    assert d0.loss == 500 - 13 + 500 - 2  # +cap - plies for the win, -(cap - plies) for the loss
    assert (d1.seat, d1.best, d1.cls) == (0, "5", "blunder")  # X does not take the win in one
    assert d1.fact is not None and d1.fact.startswith("a win thrown away: forced win in 1 ply")
    # O, winning again, blocks 5 instead of winning at 6 at once: still a forced win, two plies slower
    assert (d2.seat, d2.best, d2.cls, d2.loss) == (1, "6", "good", 2.0)
    assert d2.fact == "still a forced win in 3 plies (the best wins in 1 ply)"
    x, o = thrown.summaries
    assert (x.counts["blunder"], o.counts["blunder"], o.counts["good"]) == (1, 1, 1)
    assert (x.accuracy, o.accuracy) == (0.0, (0.0 + 100 * (1 - 2 / 64)) / 2)  # accuracy falls to 0 at a blunder


def test_sensei_endgame_win_on_the_second_own_turn() -> None:
    """South wins in 7 plies (its second own turn) with d1-d7 or c6-e6 first; c1-b1 or the character back to c1
    leaves no forced win within the horizon: each is a blunder, marked as an estimate (a slower win is not ruled
    out, so the fact says only what is proven)."""
    settings = ReviewSettings(nodes=200_000)
    for move in ("d1-d7", "c6-e6"):
        d = review_decision(record_of("sensei", SENSEI_ENDGAME, [move]), 0, settings)
        assert (d.cls, d.loss, d.algo) == ("best", 0.0, "alphabeta"), move
        assert d.played_value is not None and d.played_value.score["kind"] == "win"
        assert d.played_value.score["plies"] == 7
        assert d.estimate is None
    for move, nodes in (("c1-b1", 57_463), ("c4*c1", 179_329)):
        d = review_decision(record_of("sensei", SENSEI_ENDGAME, [move]), 0, settings)
        assert d.cls == "blunder", move
        assert d.played_value is not None and d.played_value.score["kind"] == "eval"
        assert d.fact == (
            "the best move wins by force in 7 plies; after the move played no forced win found within 6 plies (a "
            "slower win is not ruled out)"
        )
        assert d.estimate == f"the move played: alpha-beta to depth 6 ({nodes:,} nodes)"
        assert d.loss is not None and d.loss >= thresholds_for("sensei", EVAL_UNIT).blunder


def test_connect4_random_agent_walks_into_forced_losses() -> None:
    """Alpha-beta against random, reviewed at the engine's own budget: alpha-beta on one thread is deterministic,
    so every engine move is the review's best; random's blunders are moves into a forced loss (proven), and once
    its position is lost, its moves keep the proven result (never blunders)."""
    blunders = []
    for seed in range(4):
        engine = solver.SearchAgent("c4", SearchSettings(nodes=20_000))
        rec = solver.play_match("c4", [engine, solver.RandomAgent()], {}, seed=seed)
        r = review(rec, ReviewSettings(nodes=20_000))
        assert all(d.cls == "best" for d in r.decisions if d.seat == 0), seed
        mine = [d for d in r.decisions if d.seat == 1]
        blunders += [d for d in mine if d.cls == "blunder"]
        lost = [d for d in mine if d.best_value is not None and d.best_value.kind == "loss"]
        assert all(d.cls in ("best", "good") and d.fact is not None for d in lost), seed
    # each is a move into a proven forced loss from a position the search did not prove: an estimate, and the fact
    # says only what is proven (the best move is not lost within the search's depth)
    within = "after the move played; the best move is not lost within 9 plies (a later loss is not ruled out)"
    assert [(d.ply, d.estimate, d.fact) for d in blunders] == [
        (5, "alpha-beta to depth 9 (20,000 nodes)", f"a forced loss in 2 plies {within}"),
        (3, "alpha-beta to depth 9 (20,000 nodes)", f"a forced loss in 4 plies {within}"),
        (5, "alpha-beta to depth 9 (20,000 nodes)", f"a forced loss in 2 plies {within}"),
    ]


def test_forced_decisions_are_listed_not_counted() -> None:
    """Connect Four with column 5 the only one open: the move is forced, listed without a search or a class."""
    start = "622134143714412221366316643236477557577"
    assert [solver.parse("c4", start).move_to_string(m) for m in solver.parse("c4", start).legal_moves()] == ["5"]
    r = review(record_of("c4", start, ["5", "5"]), ReviewSettings(nodes=1000))
    assert [(d.cls, d.legal, d.best, d.nodes) for d in r.decisions] == [("forced", 1, None, 0), ("forced", 1, None, 0)]
    assert [(s.decisions, s.forced, s.accuracy) for s in r.summaries] == [(0, 1, None), (0, 1, None)]
    assert r.series == []


# --- hidden information: the information state only ----------------------------------------------------------------


def _koikoi_record() -> GameRecord:
    return solver.play_match("koikoi", [solver.RandomAgent(), solver.RandomAgent()], {}, seed=1)


def test_hidden_decision_is_judged_from_the_information_state_not_the_full_state() -> None:
    """Decision 14 of this deal: stop or go on. From what the player sees, stopping is the engine's own choice;
    with the stock's order known (the full state) stopping throws points away, a blunder. The review calls it
    best (the next test: the same view with other hidden cards gets exactly the same review)."""
    rec = _koikoi_record()
    settings = ReviewSettings(nodes=2000)
    reviewer = Reviewer(rec, settings)
    step = reviewer.decisions[14]
    assert step.move == "stop"
    judged = reviewer.decision(14)
    assert (judged.cls, judged.best, judged.loss, judged.view) == ("best", "stop", 0.0, "information state")
    game = solver.get_game("koikoi")
    view = game.view(step.state, step.seat)
    assert judged.position == view.text
    # The full state would change the verdict: a search told every hidden card classes the move a blunder.
    worlds = game.peek_worlds(step.state, "all", 1)
    seen = search(view, SearchSettings(nodes=2000, seed=1), rules=rec.rules, worlds=worlds)
    values = {m.move: m.value for m in seen.moves}
    full_loss = max(values.values()) - values["stop"]
    assert thresholds_for("koikoi", "points").classify(full_loss, False) == "blunder"


def test_review_of_a_hidden_decision_never_reads_the_hidden_cards() -> None:
    """The same information state in two full states with the hidden cards in other places (the same decision
    seeds): identical reviews, to the last visit."""
    rec = _koikoi_record()
    game = solver.get_game("koikoi")
    step = Reviewer(rec).decisions[14]
    view = game.view(step.state, step.seat)
    others = []
    for order in (np.asarray(view.unseen, dtype=np.int32), np.asarray(view.unseen, dtype=np.int32)[::-1].copy()):
        full = game.State.from_world(view.text, order)
        others.append(
            review_decision(record_of("koikoi", full.to_string(), ["stop"], rec.rules), 0, ReviewSettings(nodes=2000))
        )
    assert others[0].to_dict() == others[1].to_dict()


def test_random_agent_blunders_and_equal_engines_lose_little() -> None:
    """Haniwa: the random agent against ISMCTS makes mistakes and blunders; two ISMCTS of the same budget (other
    seeds) lose little on average (below an inaccuracy)."""
    th = thresholds_for("haniwa", "points")
    engine = solver.SearchAgent("haniwa", SearchSettings(nodes=3000))
    rec = solver.play_match("haniwa", [engine, solver.RandomAgent()], {}, seed=5)
    r = review(rec, ReviewSettings(nodes=3000))
    ai, rnd = r.summaries
    assert rnd.counts["blunder"] >= 1 and rnd.counts["mistake"] + rnd.counts["blunder"] >= 3
    assert rnd.mean_loss is not None and rnd.mean_loss >= 2 * th.inaccuracy
    assert ai.mean_loss is not None and ai.mean_loss < th.inaccuracy
    assert ai.accuracy is not None and rnd.accuracy is not None and ai.accuracy > rnd.accuracy + 20
    other = solver.SearchAgent("haniwa", SearchSettings(nodes=3000, seed=7))
    rec = solver.play_match("haniwa", [engine, other], {}, seed=5)
    r = review(rec, ReviewSettings(nodes=3000))
    for s in r.summaries:
        assert s.mean_loss is not None and s.mean_loss < th.inaccuracy, s


def test_match_review_is_in_match_win_probability_across_deals() -> None:
    engine = solver.SearchAgent("koikoi", SearchSettings(nodes=500))
    rec = solver.play_match("koikoi", [engine, solver.RandomAgent()], {"preset": "nintendo", "rounds": 2}, seed=3)
    r = review(rec, ReviewSettings(nodes=500, runs=2))
    assert r.thresholds == MATCH.to_dict()
    assert {d.deal for d in r.decisions} == {0, 1}
    assert all(d.unit == "match-win probability" for d in r.decisions if d.counted)
    assert all(-1e-3 <= p.value <= 1 + 1e-3 for p in r.series)  # probabilities (up to the search's rounding)
    first_of_deal_2 = next(d for d in r.decisions if d.deal == 1)
    assert first_of_deal_2.ply == 0 and "deal=2/2" in first_of_deal_2.position


# --- batch runner, results file, reproducibility ------------------------------------------------------------------


def _small_record() -> GameRecord:
    return solver.play_match("haniwa", [solver.RandomAgent(), solver.RandomAgent()], {}, seed=2)


def test_same_review_on_two_workers(tmp_path: Path) -> None:
    rec = _small_record()
    settings = ReviewSettings(nodes=300, seats=(0,))
    alone = review(rec, settings)
    with Runner(2) as runner:
        shared = review(rec, settings, runner=runner, out=tmp_path / "r.jsonl")
    assert [d.to_dict() for d in shared.decisions] == [d.to_dict() for d in alone.decisions]
    assert [s.to_dict() for s in shared.summaries] == [s.to_dict() for s in alone.summaries]
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) == 1 + len(alone.decisions)


def test_resume_keeps_the_results_file(tmp_path: Path) -> None:
    rec = _small_record()
    out = tmp_path / "r.jsonl"
    settings = ReviewSettings(nodes=300, seats=(1,))
    first = review(rec, settings, out=out)
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:3]) + "\n" + lines[3][:10])  # two decisions kept, a third cut short
    seen: list[int] = []
    again = review(rec, settings, out=out, resume=True, on_decision=lambda d: seen.append(d.index))
    assert [d.to_dict() for d in again.decisions] == [d.to_dict() for d in first.decisions]
    assert len(seen) == len(first.decisions) - 2
    with pytest.raises(ValueError, match="exists; pass --resume"):
        review(rec, settings, out=out)
    with pytest.raises(ValueError, match="written by another job"):
        review(rec, ReviewSettings(nodes=301, seats=(1,)), out=out, resume=True)


def test_round_trip_and_settings_errors() -> None:
    d = review_decision(_small_record(), 3, ReviewSettings(nodes=200))
    assert DecisionReview.from_dict(json.loads(json.dumps(d.to_dict()))) == d
    assert ReviewSettings.from_dict(ReviewSettings(nodes=5, seats=(1, 0)).to_dict()) == ReviewSettings(
        nodes=5, seats=(0, 1)
    )
    for bad, message in (
        ({"runs": 0}, "runs: must be an integer in 1..64"),
        ({"nodes": 0}, "nodes: must be >= 1"),
        ({"seats": (-1,)}, "seats: expected seat numbers >= 0"),
        ({"algo": "solve"}, "algo: 'solve' is chosen by itself"),
    ):
        with pytest.raises(ValueError, match=message):
            ReviewSettings(**bad)  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match="information state: use 'ismcts' or 'pimc'"):
        Reviewer(_small_record(), ReviewSettings(algo="alphabeta"))
    with pytest.raises(ReviewError, match=r"seats 0\.\.1, got 3"):
        Reviewer(_small_record(), ReviewSettings(seats=(3,)))
    with pytest.raises(ReviewError, match=r"decisions 0\.\.1, got 2"):
        review_decision(record_of("c4", "4453", ["4", "4"]), 2)
    with pytest.raises(ReviewError, match="deal 1, move 2 '8'"):
        Reviewer(record_of("c4", "4453", ["4", "8"]))
    with pytest.raises(ValueError, match="cap 10 is below the blunder threshold 30"):
        Thresholds("x", 10, 20, 30, cap=10)


# --- the command line ---------------------------------------------------------------------------------------------


def test_cli_review_json_plot_and_seat(tmp_path: Path) -> None:
    rec = record_of("c4", C4_ENDGAME, ["5", "6", "5"])
    path = tmp_path / "game.json"
    rec.save(path)
    run = CliRunner()
    out = run.invoke(main, ["review", str(path), "--nodes", "100000", "--json", "--plot", str(tmp_path / "g.png")])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert [d["class"] for d in data["decisions"]] == ["blunder", "blunder", "good"]
    assert data["view_note"].startswith("every decision was searched from the position")
    assert data["decisions"][0]["analyse"] == f"kofun analyse connect4 {C4_ENDGAME}"
    assert (tmp_path / "g.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    out = run.invoke(main, ["review", str(path), "--nodes", "100000", "--seat", "0", "--plot", str(tmp_path / "g.svg")])
    assert out.exit_code == 0, out.output
    assert "a win thrown away: forced win in 1 ply" in out.output
    assert "O " not in out.output.split("\n\n")[1].split("\n", 2)[2]  # the summary lists X only
    assert (tmp_path / "g.svg").read_text().lstrip().startswith("<?xml")


def test_cli_review_errors(tmp_path: Path) -> None:
    run = CliRunner()
    lines = tmp_path / "many.jsonl"
    rec = record_of("c4", "4453", ["4"])
    lines.write_text(json.dumps(rec.to_dict()) + "\n" + json.dumps(rec.to_dict()) + "\n")
    cases = [
        (["review", str(tmp_path / "none.json")], "no such file"),
        (["review", str(lines)], "holds 2 records: choose one with --game 1..2"),
        (["review", str(lines), "--game", "3"], "--game: "),
        (["review", str(lines), "--game", "1", "--resume"], "--resume continues the file given by --out"),
        (["review", str(lines), "--game", "1", "--plot", str(tmp_path / "x.jpg")], "must end in .png or .svg"),
        (["review", str(lines), "--game", "1", "--decision", "9"], "decisions 0..0, got 9"),
    ]
    for args, message in cases:
        out = run.invoke(main, args)
        assert out.exit_code == 2, (args, out.output)
        assert message in out.output, (args, out.output)
    out = run.invoke(main, ["review", str(lines), "--game", "2", "--nodes", "2000"])
    assert out.exit_code == 0 and "reviewed 1 decisions" in out.output


def test_summary_line_for_the_end_of_a_game() -> None:
    from solver.review.text import summary_line

    r = review(record_of("c4", C4_ENDGAME, ["5", "6", "5"]), ReviewSettings(nodes=100_000))
    assert summary_line(r, 1, "my game.json") == (
        "review: O accuracy 48% over 2 decisions (1 blunder; mean loss 493.50 evaluation points); played like: no "
        "calibration for this review budget (the calibration's: nodes 200000, proof nodes 4000000); every move: kofun "
        "review 'my game.json' --seat 1"
    )
    assert summary_line(r, 0) == (
        "review: X accuracy 0% over 1 decision (1 blunder; mean loss 997.00 evaluation points); played like: no "
        "calibration for this review budget (the calibration's: nodes 200000, proof nodes 4000000)"
    )
    with pytest.raises(ValueError, match="no summary of seat 2"):
        summary_line(r, 2)


def test_the_plot_draws_proven_results_in_bands(tmp_path: Path) -> None:
    """Proven results are drawn as what they are: a win in the band 'won' above the estimates, a loss in 'lost'
    below them, a draw on the zero line; the estimates keep their values (their range sets the scale)."""
    from solver.review.model import SeriesPoint
    from solver.review.plot import Scale, plot_review

    pts = [
        SeriesPoint(0, 0, 0, 0, 40.0, 0.0, "best"),
        SeriesPoint(1, 0, 1, 1, -60.0, 0.0, "best"),
        SeriesPoint(2, 0, 2, 0, 0.0, 0.0, "best", "draw", "draw"),
        SeriesPoint(3, 0, 3, 1, 497.0, 985.0, "blunder", "win", "loss"),
    ]
    scale = Scale(pts)
    assert (scale.lo, scale.hi) == (-65.0, 45.0)  # the estimates' range, padded by 5%
    assert (scale.won, scale.lost) == (45.0 + 16.5, -65.0 - 16.5)  # bands 15% of it beyond
    assert [scale.best(pt) for pt in pts] == [40.0, -60.0, 0.0, scale.won]
    assert scale.left(pts[3]) == scale.lost  # the blunder's dot in the band of the loss it walked into
    svg = tmp_path / "g.svg"
    r = review(record_of("c4", C4_ENDGAME, ["5", "6", "5"]), ReviewSettings(nodes=20_000))
    plot_review(r, svg)
    text = svg.read_text()
    assert "<!-- won -->" in text and "<!-- lost -->" in text  # the bands' labels on the value axis


def test_the_review_proves_from_35_empty_cells_and_marks_estimates() -> None:
    """After 5743445335 (ply 10, X to move) only 4 draws; 5 loses. Alpha-beta at the review's budget calls 5 best
    — an estimate, and marked so; the review's proof search (the default) proves the draw thrown away."""
    record = record_of("c4", "5743445335", ["5"])
    proven = review_decision(record, 0, ReviewSettings())
    assert (proven.algo, proven.best, proven.cls, proven.loss, proven.estimate) == (
        "solve",
        "4",
        "blunder",
        474.0,
        None,
    )
    assert proven.fact == "a draw thrown away: a forced loss in 26 plies after the move played"
    searched = review_decision(record, 0, ReviewSettings(proof_nodes=0))
    assert (searched.algo, searched.best, searched.cls, searched.loss, searched.fact) == (
        "alphabeta", "5", "best", 0.0, None
    )  # fmt: skip
    assert searched.estimate == "alpha-beta to depth 15 (200,000 nodes)"
    first = review_decision(record_of("c4", "", ["4"]), 0, ReviewSettings())  # the empty board: 42 empty cells
    assert (first.cls, first.estimate, first.fact) == ("best", "alpha-beta to depth 11 (200,000 nodes)", None)
    text = format_review(review(record, ReviewSettings(proof_nodes=0)))
    assert "best (estimate)  estimate: alpha-beta to depth 15 (200,000 nodes)" in text
    assert "estimates: 1 of 1 classes rest on values the search did not prove" in text
    with pytest.raises(ReviewError, match="proof_nodes: must be an integer >= 0, got -1"):
        ReviewSettings(proof_nodes=-1)


def test_a_later_proof_is_carried_back_to_the_move_that_made_it() -> None:
    """X's move at decision 0 is an estimate (+16 both); O's position after it is proven won in 27 plies: the move
    walked into a loss in 28 plies, and decision 0 becomes a blunder there (an estimate still: its best move is
    not proven). The same for the search's own move: it says so, and the loss stays 0."""
    from solver.review import settle

    unit = EVAL_UNIT
    est = {"kind": "eval", "value": 16.0}

    def d(index: int, seat: int, played: str, best: str, bv: dict[str, Any], pv: dict[str, Any]) -> DecisionReview:
        best_value = MoveValue(best, review_value_of(bv), bv, "", 1)
        played_value = MoveValue(played, review_value_of(pv), pv, "", 1)
        return DecisionReview(index, 0, index, seat, "XO"[seat], "position", "", "", 7, played, "best", best,
                              played_value, best_value, 0.0, None, unit, None, 100.0,
                              estimate="alpha-beta to depth 13 (200,000 nodes)")  # fmt: skip

    won = {"kind": "win", "value": 29973.0, "plies": 27}
    other = settle([d(0, 0, "5", "4", est, est), d(1, 1, "3", "3", won, won)], "connect4")
    first = other[0]
    assert first.played_value is not None and first.played_value.score == {
        "kind": "loss", "value": -29972.0, "plies": 28
    }  # fmt: skip
    assert first.played_value.text == "loss in 28 plies, proven at the next decision"
    assert (first.cls, first.loss) == ("blunder", 16.0 + 500 - 28)
    assert first.estimate == "alpha-beta to depth 13 (200,000 nodes)"  # the best move's value: still an estimate
    assert first.fact == "a forced loss in 28 plies after the move played; whether another move holds is not proven"
    assert other[1] == d(1, 1, "3", "3", won, won)  # proven already: unchanged
    own = settle([d(0, 0, "4", "4", est, est), d(1, 1, "3", "3", won, won)], "connect4")[0]
    assert (own.cls, own.loss) == ("best", 0.0)
    assert own.fact == (
        "a forced loss in 28 plies after the move played, the search's own choice (whether another move does better "
        "is not proven)"
    )


def review_value_of(score: dict[str, Any]) -> float:
    from solver.review.evaluate import review_value
    from solver.search.values import Score

    return review_value(Score(score["kind"], score["value"], "", score.get("plies")), 500)


def test_a_koikoi_best_move_by_the_deal_win_objective_says_so() -> None:
    """A stop at 1 point called best (the most visited: it wins the deal every time) while koi-koi is worth 2.14
    points on average: the note says the verdict follows the deal-winning objective, beside the points."""
    from solver.review.evaluate import Evaluation
    from solver.review.verdict import judge

    def mv(move: str, points: float, se: float, win_rate: float) -> MoveValue:
        return MoveValue(move, points, {"kind": "expected", "value": points}, "", 100, se, win_rate)

    stop, koikoi = mv("stop", 1.0, 0.0, 1.0), mv("koikoi", 2.14, 0.1, 0.71)
    head = {"index": 3, "deal": 0, "ply": 15, "seat": 0, "player": "player 0", "view": "information state",
            "position": "", "analyse": "", "legal": 2, "played": "stop"}  # fmt: skip
    ev = Evaluation("stop", stop, stop, [stop, koikoi], [], 10_000, "ismcts", "points",
                    basis="ismcts, 2 runs of 5,000 iterations", objective="wins")  # fmt: skip
    d = judge(head, ev, thresholds_for("koikoi", "points"))
    assert (d.cls, d.loss, d.estimate) == ("best", 0.0, "ismcts, 2 runs of 5,000 iterations")
    assert d.note == (
        "best by the search's objective, winning the deal (not by points): koikoi is worth more points (+2.14 "
        "against +1.00) but wins the deal less often (71% against 100%)"
    )
    # by points (objective 'returns'), or within the standard errors, nothing to say
    assert judge(head, replace(ev, objective="returns"), thresholds_for("koikoi", "points")).note is None
    close = mv("koikoi", 1.05, 0.1, 0.71)
    assert judge(head, replace(ev, moves=[stop, close]), thresholds_for("koikoi", "points")).note is None
