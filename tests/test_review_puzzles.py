"""Puzzles from a review's mistakes (solver/review/puzzles.py): the exact positions and accepted moves of a
hand-checked Connect Four record, the answers judged, the JSON file, and a Koi-Koi deal's puzzles made from each
seat's information state alone.

The record starts from ``5624531471331144743`` (19 discs, O to move)::

    . . . . . . .
    . . . O . . .
    O . X O . . .
    X . O X . . .
    O . X O X . X
    X X O O X O X
    1 2 3 4 5 6 7

and goes on 5 (O), 6 (X), 6 (O), 4 (X), 6 (O wins). After O's 5, a disc in column 5 lands on row 4 and completes
X's diagonal 2-3-4-5 (rows 1..4: columns 2, 3, 4, 5): X wins at once with 5 and plays 6 instead; after O's 6 the
same 5 still wins, and X plays 4, which lets O win with 6. Both are blunders (a win in one thrown away), and in
each the review accepts 5 alone: every other move's value is only a bound from the solver (``at most ...``), not a
value found.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import solver
from solver.games import get_game
from solver.play.record import DealRecord, GameRecord
from solver.play.replay import replay
from solver.review import MoveValue, Review, ReviewSettings, review
from solver.review.classes import thresholds_for
from solver.review.puzzles import (
    Puzzle,
    PuzzleError,
    accepted_moves,
    answer,
    person_seats,
    puzzle_state,
    puzzles_from,
    puzzles_of,
    read_puzzles,
    write_puzzles,
)

START = "5624531471331144743"
MOVES = ["5", "6", "6", "4", "6"]


def c4_record() -> GameRecord:
    agents = [{"name": "human", "kind": "human"}, {"name": "random", "kind": "random"}]
    deal = DealRecord(START, list(MOVES), "", [], [], 0, finished=False)
    return GameRecord("connect4", {}, 0, agents, [0, 1], [deal], [0.0, 0.0], [], False, 1)


@pytest.fixture(scope="module")
def c4_review() -> Review:
    return review(c4_record(), ReviewSettings())


def test_the_person_s_blunders_are_the_puzzles_with_the_moves_the_review_accepts(c4_review: Review) -> None:
    rec = c4_record()
    assert person_seats(rec) == [0]
    puzzles = puzzles_of(c4_review, rec)
    assert [(p.index, p.seat, p.player, p.position, p.played, p.cls, p.best, p.accepted) for p in puzzles] == [
        (1, 0, "X", START + "5", "6", "blunder", "5", ["5"]),
        (3, 0, "X", START + "566", "4", "blunder", "5", ["5"]),
    ]
    first, second = puzzles
    assert (first.loss, first.unit, first.mistake, first.view, first.line) == (985, "evaluation points", 32,
                                                                              "position", ["5"])  # fmt: skip
    assert first.fact == "a win thrown away: forced win in 1 ply, after the move played a forced loss in 14 plies"
    assert second.fact == "a win thrown away: forced win in 1 ply, after the move played a forced loss in 2 plies"
    assert [(m["move"], m["exact"]) for m in second.moves] == [
        ("5", True), ("6", False), ("4", False), ("3", False), ("2", False), ("1", False), ("7", False)
    ]  # fmt: skip
    # hand check: 5 wins at once in both positions (the diagonal 2-3-4-5)
    game = get_game("connect4")
    for p in puzzles:
        state = game.parse(p.position, {})
        assert int(state.to_move()) == 0
        state.play("5")
        assert state.is_terminal() and state.returns(0) == 1.0
    # every seat: O's blunder at decision 2 (it let X win again; its win in 13 was 5) is a puzzle too, with 5
    every = puzzles_of(c4_review)
    assert [(p.index, p.seat, p.played, p.accepted) for p in every] == [
        (1, 0, "6", ["5"]), (2, 1, "6", ["5"]), (3, 0, "4", ["5"])
    ]  # fmt: skip
    # O's first move is an inaccuracy (lost either way, 16 plies sooner): no puzzle
    assert c4_review.decisions[0].cls == "inaccuracy"


def test_accepted_moves_are_those_valued_within_the_mistake_threshold(c4_review: Review) -> None:
    d = c4_review.decisions[1]
    th = thresholds_for("connect4", d.unit)
    assert accepted_moves(d, th, False) == ["5"]
    # the same decision with 7 found exactly one point less than the mistake threshold below the best, 3 at it
    assert d.best_value is not None and (d.best_value.value, th.mistake) == (499, 32)
    found = {"7": MoveValue("7", 468, {"kind": "eval", "value": 468.0}, "+468", 10),
             "3": MoveValue("3", 467, {"kind": "eval", "value": 467.0}, "+467", 10)}  # fmt: skip
    assert accepted_moves(replace(d, moves=[found.get(m.move, m) for m in d.moves]), th, False) == ["5", "7"]
    # in a hidden-information game a move no search visited is not accepted (visits 0)
    unvisited = MoveValue("7", 499, {"kind": "expected", "value": 499.0}, "", 0)
    changed = replace(d, moves=[unvisited if m.move == "7" else m for m in d.moves])
    assert accepted_moves(changed, th, True) == ["5"] and accepted_moves(changed, th, False) == ["5", "7"]
    assert puzzles_from("connect4", {}, [c4_review.decisions[0]]) == []


def test_an_answer_is_judged_by_the_review_s_moves(c4_review: Review) -> None:
    first = puzzles_of(c4_review, c4_record())[0]
    right = answer(first, " 5 ")
    assert right == {
        "move": "5", "correct": True, "accepted": ["5"], "best": "5", "played": "6", "line": ["5"],
        "value": "win for X, score +11 (X wins with stone 11, in 1 ply)", "bounded": False, "mistake": 32,
        "unit": "evaluation points",
    }  # fmt: skip
    wrong = answer(first, "3")
    assert (wrong["move"], wrong["correct"], wrong["value"], wrong["bounded"]) == ("3", False, None, True)
    assert answer(first, "6")["correct"] is False  # the move played: the mistake itself
    with pytest.raises(PuzzleError) as e:
        answer(first, "9")
    assert str(e.value) == "answer: connect4 move: expected one column digit 1-7, got '9'"
    full = Puzzle.from_dict({**first.to_dict(), "position": START + "54"})  # column 4 full
    with pytest.raises(PuzzleError) as e:
        answer(full, "4")
    assert str(e.value) == "answer: connect4 move 4: column is full"
    state = puzzle_state(first)
    assert state.to_string() == get_game("connect4").parse(START + "5", {}).to_string()


def test_the_puzzles_file_holds_the_same_set(c4_review: Review, tmp_path: Path) -> None:
    rec = c4_record()
    path = tmp_path / "puzzles.json"
    written = write_puzzles(path, c4_review, rec)
    assert written == puzzles_of(c4_review, rec)
    document = json.loads(path.read_text())
    assert (document["version"], document["game"], document["rules"], document["seats"]) == (1, "connect4", {}, [0])
    assert document["thresholds"] == {"unit": "evaluation points", "inaccuracy": 16, "mistake": 32, "blunder": 64,
                                      "cap": 500}  # fmt: skip
    assert [p["class"] for p in document["puzzles"]] == ["blunder", "blunder"]
    assert read_puzzles(path) == written
    assert [p.index for p in write_puzzles(path, c4_review, seats=[1])] == [2]
    path.write_text("{}")
    with pytest.raises(PuzzleError) as e:
        read_puzzles(path)
    assert str(e.value) == f"puzzles file {path}: no field 'puzzles' (not a file of kofun review --puzzles)"
    with pytest.raises(PuzzleError, match=r"^puzzle: malformed \(no field 'class'\)$"):
        Puzzle.from_dict({"game": "connect4"})


def test_a_koikoi_puzzle_is_the_seat_s_information_state_alone() -> None:
    rec = solver.play_match("koikoi", [solver.RandomAgent(), solver.RandomAgent()], {}, seed=1)
    reviewed = review(rec, ReviewSettings(nodes=800))
    game = get_game("koikoi")
    steps = {s.index: s for s in replay(rec)}
    puzzles = puzzles_of(reviewed)
    assert puzzles, "random play makes mistakes"
    th = thresholds_for("koikoi", "points")
    for p in puzzles:
        d = reviewed.decisions[p.index]
        step = steps[p.index]
        assert p.view == "information state" and p.position == game.view(step.state, step.seat).text
        assert p.cls in ("mistake", "blunder") and p.played == step.move == d.played
        assert d.best is not None and d.best_value is not None
        expected = [d.best] + [m.move for m in d.moves if m.move not in (d.played, d.best) and m.visits > 0
                               and d.best_value.value - m.value < th.mistake]  # fmt: skip
        assert p.accepted == expected and p.played not in p.accepted
        state = puzzle_state(p)  # read from the information state's notation, nothing else
        assert state.text == p.position
        fields = dict(f.split("=", 1) for f in step.state.to_string().split())
        other = set(fields[f"hand{1 - step.seat}"].split(",")) - {"-"}
        seen = {card for f in p.position.split() for card in f.split("=", 1)[1].split(",")}
        assert other and not other & seen  # the other hand's cards are nowhere in the puzzle
        assert f"hand={fields[f'hand{step.seat}']}" in p.position.split()  # its own hand is
        assert answer(p, p.accepted[0])["correct"] is True


def test_kofun_review_puzzles_writes_the_persons_puzzles(tmp_path: Path) -> None:
    """`kofun review RECORD --puzzles FILE`: the same set as write_puzzles (the record's person, X), and a line
    saying how many; `--seat 1` writes O's instead."""
    from click.testing import CliRunner

    from solver.cli import main

    rec = tmp_path / "game.json"
    rec.write_text(json.dumps(c4_record().to_dict()))
    out = tmp_path / "p.json"
    result = CliRunner().invoke(main, ["review", str(rec), "--puzzles", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == f"puzzles: 2 in {out}"
    assert [(p.index, p.played, p.accepted) for p in read_puzzles(out)] == [(1, "6", ["5"]), (3, "4", ["5"])]
    result = CliRunner().invoke(main, ["review", str(rec), "--seat", "1", "--puzzles", str(out)])
    assert result.exit_code == 0, result.output
    assert [(p.index, p.seat, p.played) for p in read_puzzles(out)] == [(2, 1, "6")]
