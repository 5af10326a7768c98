"""The review checked against exact values (:mod:`solver.review.check`).

The check itself on hand-made decisions (a result-changing move caught, flagged as an estimate, or called best
as if proven; facts that the exact values contradict), then Connect Four's check set — 20 games of ladder levels
and random with the exact value of every position, proven by the project's own solver (tests/data/
c4_review_set.json, made by scripts/c4_review_set.py) — reviewed at the default budget: the confusion table of the
moves that changed the game's result, exactly, and no false fact (docs/review.md, "Checked against exact
values")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solver.review import DecisionReview, MoveValue, ReviewSettings
from solver.review.check import Exact, check, check_set, final_result

SET = Path(__file__).parent / "data" / "c4_review_set.json"
#: The set: 595 decisions, 518 positions of known exact value (plies 1-7 beyond 60 million solver nodes: 77).
DECISIONS, KNOWN = 595, 518
#: The review at the default budget (docs/review.md): of 39 result-changing moves, 31 called a mistake or worse,
#: 8 called best or good as estimates, none as a proof; no false fact, no wrong distance. Before the proof search
#: and the estimate marks the same set gave 21 / 0 / 18 with 8 false facts; before the proofs shared a position's
#: entry with its mirror image, 30 / 9 / 0.
AFTER = {"decisions": 595, "exact": 497, "changed": 39, "mistake": 31, "flagged": 8, "unflagged": 0,
         "false facts": 0, "distances": 0}  # fmt: skip


def value(move: str, kind: str, plies: int | None = None, bound: str | None = None) -> MoveValue:
    score: dict[str, Any] = {"kind": kind, "value": 0.0}
    if plies is not None:
        score["plies"] = plies
    if bound is not None:
        score["bound"] = bound
    return MoveValue(move, 0.0, score, kind, 1)


def decision(ply: int, cls: str, best: MoveValue, played: MoveValue, **extra: Any) -> DecisionReview:
    return DecisionReview(ply, 0, ply, ply % 2, "X", "position", "", "", 7, played.move, cls, best.move, played, best,
                          **extra)  # fmt: skip


def test_the_check_sorts_result_changing_moves_and_finds_false_facts() -> None:
    # the exact values before each move (for its mover) and the last mover's result
    values = [Exact("draw", 40), Exact("draw", 39), Exact("win", 31), Exact("loss", 32), Exact("win", 31)]
    estimate = "alpha-beta to depth 9 (9 nodes)"
    decisions = [
        decision(0, "best", value("4", "eval"), value("4", "eval"), estimate=estimate),  # the draw kept
        decision(1, "blunder", value("4", "draw", 39), value("3", "loss", 32), fact="a draw thrown away: ..."),
        decision(
            2,
            "good",
            value("4", "win", 31),
            value("3", "win", 33),
            fact="still a forced win in 33 plies (the best wins in 31 plies)",
        ),
        decision(
            3,
            "blunder",
            value("4", "eval"),
            value("3", "loss", 32),
            fact="walks into a forced loss in 32 plies (the best move is not lost)",
        ),
        decision(4, "best", value("4", "eval"), value("4", "eval"), estimate=estimate),  # the win thrown away
    ]
    got = check(decisions, values, Exact("draw", 1), game=3)
    assert got.table() == {"decisions": 5, "exact": 5, "changed": 2, "mistake": 1, "flagged": 1, "unflagged": 0,
                           "false facts": 1, "distances": 0}  # fmt: skip
    assert got.changes == [(3, 1, 1, "blunder", None), (3, 4, 4, "best", estimate)]
    # ply 3's position was already lost: "the best move is not lost" is false
    assert got.false_facts == [
        "game 3 decision 3 (ply 3): fact 'walks into a forced loss in 32 plies (the best move is not lost)'"
    ]
    # a result-changing move called best as a proof is unflagged; its false fact and its distance are listed
    kept = "the proven result kept: win in 43 plies"
    alone = check([decision(0, "best", value("4", "win", 43), value("4", "win", 43), fact=kept)], [Exact("win", 41)],
                  Exact("loss", 1))  # fmt: skip
    assert (alone.changed, alone.mistake, alone.flagged, alone.unflagged) == (1, 0, 0, 1)
    assert alone.false_facts == [f"game 0 decision 0 (ply 0): fact {kept!r} (exact: win before, loss after)"]
    assert alone.distances == ["game 0 decision 0 (ply 0): best value win in 43 where the exact value is win in 41"]
    # the position after the move not known: not checked
    unknown = check([decision(0, "best", value("4", "win", 43), value("4", "win", 43))], [Exact("win", 41), None],
                    Exact("win", 1))  # fmt: skip
    assert (unknown.decisions, unknown.exact, unknown.false_facts, unknown.distances) == (1, 0, [], [])


def test_final_result_is_the_last_mover_s() -> None:
    assert final_result("connect4", list("4455667")) == Exact("win", 1)  # X's four on the bottom row


def test_the_check_set_is_what_its_script_says() -> None:
    """20 games, every value a proof of the project's solver within its budget (or null where it ran out)."""
    data = json.loads(SET.read_text())
    assert (data["game"], len(data["games"]), data["max_nodes"]) == ("connect4", 20, 60_000_000)
    decisions = sum(len(g["moves"]) for g in data["games"])
    known = sum(v is not None for g in data["games"] for v in g["values"])
    assert (decisions, known) == (DECISIONS, KNOWN)
    assert all(g["values"][0] == {"kind": "win", "plies": 41} for g in data["games"])  # the empty board


@pytest.mark.slow
def test_the_review_on_the_check_set_at_the_default_budget() -> None:
    """The confusion table of docs/review.md, "after": every result-changing move caught or marked an estimate, no
    false fact, no wrong distance."""
    result, _ = check_set(json.loads(SET.read_text()), ReviewSettings())
    assert result.table() == AFTER
    assert (result.false_facts, result.distances) == ([], [])
