"""Learning from one's mistakes: every mistake or blunder of a person's seat in a review becomes a puzzle.

A puzzle is the decision's position as that seat saw it — its information state in a hidden-information game,
never the full state of the record — with the move the seat played (the mistake), and the moves the review
**accepts**: those it valued within the mistake threshold of the best move (``best value - value < mistake``,
the review's own classes and thresholds, :mod:`solver.review.classes`). A value the search only bounded (an
alpha-beta or solver move cut off as "at most ...") is not a value found, so such a move is not accepted; in a
hidden-information game a move no search visited is not either. The move played is never accepted: the review
classed it a mistake or a blunder. The best move always is.

:func:`puzzles_from` makes them from reviewed decisions (the web app keeps them per person, ``solver/web/store.py``);
:func:`write_puzzles` writes the same set to a JSON file (``kofun review --puzzles FILE``); :func:`answer` judges a
move given as an answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..games import get_game
from ..play.record import GameRecord
from .classes import Thresholds, thresholds_for
from .model import DecisionReview, MoveValue, Review

#: The classes that make a puzzle.
PUZZLE_CLASSES = ("mistake", "blunder")
#: The version of the JSON file of :func:`write_puzzles`.
FILE_VERSION = 1


class PuzzleError(ValueError):
    """An answer that cannot be judged (not a move of the puzzle's position), or a puzzle that is not one."""


@dataclass(frozen=True)
class Puzzle:
    """One mistake to find again: decision `index` of a record (`deal`, `ply`) of `seat` (`player`: the game's
    name of the seat), its `position` as the seat saw it (`view`: 'position' or 'information state'), the move
    `played` there with its class and loss (in `unit`), the review's `best` move and `line`, the `accepted`
    moves (within `mistake` of the best: the threshold in `unit`), and `moves`: every move the review valued,
    with its value's words and whether the value is exact (not a bound)."""

    game: str
    rules: dict[str, Any]
    index: int
    deal: int
    ply: int
    seat: int
    player: str
    view: str
    position: str
    played: str
    cls: str
    loss: float
    unit: str
    best: str
    accepted: list[str]
    mistake: float
    line: list[str] = field(default_factory=list)
    fact: str | None = None
    estimate: str | None = None
    moves: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (the class under the key ``class``)."""
        d = asdict(self)
        d["class"] = d.pop("cls")
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Puzzle:
        """A puzzle read back from :meth:`to_dict` data; PuzzleError when it is not one."""
        try:
            d = dict(data)
            d["cls"] = d.pop("class")
            return cls(**d)
        except KeyError as e:
            raise PuzzleError(f"puzzle: malformed (no field {e})") from None
        except TypeError as e:
            raise PuzzleError(f"puzzle: malformed ({e})") from None


def exact(value: MoveValue) -> bool:
    """True when the review found the move's value (not only a bound on it)."""
    return "bound" not in value.score


def accepted_moves(d: DecisionReview, th: Thresholds, hidden_information: bool) -> list[str]:
    """The moves of decision `d` the review valued within the mistake threshold of its best move (best first, in
    the review's order), without the move played; the best move is always one."""
    if d.best is None or d.best_value is None:
        return []
    best = d.best_value.value
    out = [d.best] if d.best != d.played else []
    for m in d.moves:
        if m.move in (d.played, d.best) or not exact(m) or (hidden_information and m.visits == 0):
            continue
        if best - m.value < th.mistake:
            out.append(m.move)
    return out


def puzzle_of(d: DecisionReview, game: str, rules: Mapping[str, Any], hidden_information: bool) -> Puzzle | None:
    """Decision `d` as a puzzle, None unless it is a mistake or a blunder with a move the review accepts."""
    if d.cls not in PUZZLE_CLASSES or d.loss is None or d.best is None:
        return None
    th = thresholds_for(game, d.unit)
    accepted = accepted_moves(d, th, hidden_information)
    if not accepted:
        return None
    moves = [{"move": m.move, "value": m.value, "text": m.text, "exact": exact(m)} for m in d.moves]
    return Puzzle(
        game=game, rules=dict(rules), index=d.index, deal=d.deal, ply=d.ply, seat=d.seat, player=d.player,
        view=d.view, position=d.position, played=d.played, cls=d.cls, loss=d.loss, unit=d.unit, best=d.best,
        accepted=accepted, mistake=th.mistake, line=list(d.pv), fact=d.fact, estimate=d.estimate, moves=moves,
    )  # fmt: skip


def puzzles_from(
    game: str, rules: Mapping[str, Any], decisions: Iterable[DecisionReview], seats: Iterable[int] | None = None
) -> list[Puzzle]:
    """The puzzles of reviewed `decisions` (after :func:`~solver.review.settle` for a perfect-information game,
    as a review's are) of the `seats` given (None: every seat), in the record's order."""
    hidden = get_game(game).has_hidden_information
    wanted = None if seats is None else set(seats)
    out = []
    for d in sorted(decisions, key=lambda d: d.index):
        if wanted is not None and d.seat not in wanted:
            continue
        puzzle = puzzle_of(d, game, rules, hidden)
        if puzzle is not None:
            out.append(puzzle)
    return out


def person_seats(record: GameRecord) -> list[int]:
    """The seats of `record` a person played (agent kind 'human')."""
    return [i for i, a in enumerate(record.agents) if a.get("kind") == "human"]


def puzzles_of(review: Review, record: GameRecord | None = None, seats: Sequence[int] | None = None) -> list[Puzzle]:
    """The puzzles of a review: of `seats`, else of the seats a person played in `record` (when it has one), else
    of every seat reviewed."""
    chosen: Sequence[int] | None = seats
    if chosen is None and record is not None and person_seats(record):
        chosen = person_seats(record)
    return puzzles_from(review.game, review.rules, review.decisions, chosen)


def puzzle_file(review: Review, record: GameRecord | None = None, seats: Sequence[int] | None = None) -> dict[str, Any]:
    """The JSON document of :func:`write_puzzles`."""
    found = puzzles_of(review, record, seats)
    return {
        "version": FILE_VERSION,
        "game": review.game,
        "rules": dict(review.rules),
        "thresholds": dict(review.thresholds),
        "settings": dict(review.settings),
        "seats": sorted({p.seat for p in found}),
        "puzzles": [p.to_dict() for p in found],
    }


def write_puzzles(
    path: str | Path, review: Review, record: GameRecord | None = None, seats: Sequence[int] | None = None
) -> list[Puzzle]:
    """Writes the puzzles of `review` (those :func:`puzzles_of` gives: `seats`, else the record's people, else
    every seat) to the JSON file `path`; returns them."""
    document = puzzle_file(review, record, seats)
    Path(path).write_text(json.dumps(document, indent=1) + "\n")
    return [Puzzle.from_dict(p) for p in document["puzzles"]]


def read_puzzles(path: str | Path) -> list[Puzzle]:
    """The puzzles of a file written by :func:`write_puzzles`; PuzzleError names what is wrong."""
    try:
        document = json.loads(Path(path).read_text())
        return [Puzzle.from_dict(p) for p in document["puzzles"]]
    except KeyError as e:
        raise PuzzleError(f"puzzles file {path}: no field {e} (not a file of kofun review --puzzles)") from None
    except (OSError, json.JSONDecodeError, TypeError) as e:
        raise PuzzleError(f"puzzles file {path}: {e}") from None


def puzzle_state(puzzle: Puzzle) -> Any:
    """The puzzle's position as its seat saw it: the information state in a hidden-information game (read from
    its notation alone), else the position."""
    info = get_game(puzzle.game)
    if info.has_hidden_information:
        return info.view(puzzle.position)
    return info.parse(puzzle.position, info.check_options(puzzle.rules))


def answer(puzzle: Puzzle, text: str) -> dict[str, Any]:
    """The verdict on `text` given as the answer: the move (in the position's notation), whether the review accepts
    it, its value in words when the review found it (`bounded`: the search only bounded it; neither: the review did
    not value it), and the review's accepted moves, best move and line. PuzzleError when `text` is not a legal
    move of the position."""
    state = puzzle_state(puzzle)
    legal = [int(m) for m in state.legal_moves()]
    try:
        move = int(state.parse_move(text.strip()))
    except ValueError as e:
        raise PuzzleError(f"answer: {e}") from None
    if move not in legal:
        shown = ", ".join(state.move_to_string(m) for m in legal)
        raise PuzzleError(f"answer: {text.strip()!r} is not a legal move here (legal: {shown})")
    name = str(state.move_to_string(move))
    valued = next((m for m in puzzle.moves if m["move"] == name), None)
    return {
        "move": name,
        "correct": name in puzzle.accepted,
        "accepted": list(puzzle.accepted),
        "best": puzzle.best,
        "played": puzzle.played,
        "line": list(puzzle.line),
        "value": valued["text"] if valued is not None and valued["exact"] else None,
        "bounded": valued is not None and not valued["exact"],
        "mistake": puzzle.mistake,
        "unit": puzzle.unit,
    }


__all__ = [
    "FILE_VERSION",
    "PUZZLE_CLASSES",
    "Puzzle",
    "PuzzleError",
    "accepted_moves",
    "answer",
    "person_seats",
    "puzzle_file",
    "puzzle_of",
    "puzzle_state",
    "puzzles_from",
    "puzzles_of",
    "read_puzzles",
    "write_puzzles",
]
