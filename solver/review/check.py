"""A review checked against exact values (docs/review.md, "Checked against exact values").

Given the exact value of every position of a game (for the player to move: win, draw or loss with its distance,
or None where it is not known), :func:`check` sorts the decisions whose move **changed the game's result** (win
to draw or loss, draw to loss, by the exact values of the positions before and after it) by what the review
called them — a mistake (inaccuracy or worse), best or good as an estimate (flagged), best or good with no
estimate mark (unflagged: the review claimed a proof it did not have) — and lists every **false fact**: a proven
value of the review whose result (win, draw or loss) the exact values contradict, or a fact in words whose claim
they contradict. A proven result whose distance differs from the exact one is listed apart (``distances``: an
alpha-beta proof's distance is the shortest it found, not always the shortest there is).
Turns alternate (the player after a move is the other one), as in Connect Four.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games import get_game
from ..play.record import DealRecord, GameRecord
from .classes import CLASSES
from .model import DecisionReview, MoveValue

#: Results in order: a move that lowers its mover's result changes the game's result.
RANK = {"loss": 0, "draw": 1, "win": 2}
MISTAKES = CLASSES[2:]


@dataclass(frozen=True)
class Exact:
    """A position's exact value for the player to move (or, after a move, for the player who made it)."""

    kind: str
    plies: int | None = None

    @classmethod
    def of(cls, data: Mapping[str, Any] | None) -> Exact | None:
        """From ``{"kind": ..., "plies": ...}`` (None stays None)."""
        return None if data is None else cls(str(data["kind"]), data.get("plies"))

    def after_move(self) -> Exact:
        """The value of the position one ply before, for the other player: the move that led here."""
        kind = {"win": "loss", "loss": "win"}.get(self.kind, self.kind)
        return Exact(kind, None if self.plies is None else self.plies + 1)


@dataclass
class Check:
    """What the check found over one or more games."""

    decisions: int = 0
    exact: int = 0
    changed: int = 0
    mistake: int = 0
    flagged: int = 0
    unflagged: int = 0
    false_facts: list[str] = field(default_factory=list)
    distances: list[str] = field(default_factory=list)
    #: the result-changing decisions as (game, decision index, ply, class, estimate mark or None)
    changes: list[tuple[int, int, int, str, str | None]] = field(default_factory=list)

    def table(self) -> dict[str, int]:
        """The confusion table's counts."""
        return {
            "decisions": self.decisions,
            "exact": self.exact,
            "changed": self.changed,
            "mistake": self.mistake,
            "flagged": self.flagged,
            "unflagged": self.unflagged,
            "false facts": len(self.false_facts),
            "distances": len(self.distances),
        }


def exact_after(values: Sequence[Exact | None], index: int, final: Exact) -> Exact | None:
    """The exact value of the move of decision `index` for its mover: the next position's value seen one ply back,
    or `final` (the mover's result of the game) after the last move."""
    if index + 1 < len(values):
        nxt = values[index + 1]
        return None if nxt is None else nxt.after_move()
    return final


def check(
    decisions: Sequence[DecisionReview],
    values: Sequence[Exact | None],
    final: Exact,
    game: int = 0,
    into: Check | None = None,
) -> Check:
    """Checks the decisions of one deal (decision *i* played at ply *i*) against the exact values of its positions
    (`values[i]`: before the move of ply *i*; `final`: the last mover's result); adds to `into`."""
    out = into if into is not None else Check()
    for d in decisions:
        out.decisions += 1
        before = values[d.ply] if d.ply < len(values) else None
        after = exact_after(values, d.ply, final)
        if before is None or after is None:
            continue
        out.exact += 1
        where = f"game {game} decision {d.index} (ply {d.ply})"
        out.false_facts += [f"{where}: {e}" for e in _contradictions(d, before, after)]
        out.distances += [f"{where}: {e}" for e in _distances(d, before, after)]
        if d.cls not in CLASSES or RANK[after.kind] >= RANK[before.kind]:
            continue
        estimate = getattr(d, "estimate", None)
        out.changed += 1
        out.changes.append((game, d.index, d.ply, d.cls, estimate))
        if d.cls in MISTAKES:
            out.mistake += 1
        elif estimate:
            out.flagged += 1
        else:
            out.unflagged += 1
    return out


def _value_wrong(v: MoveValue | None, exact: Exact, distance: bool = False) -> str | None:
    """How a proven value's result (`distance`: its distance, the result being right) differs from the exact one
    (None: it agrees, or it is not a proof)."""
    if v is None or not v.proven:
        return None
    plies = v.score.get("plies")
    wrong = v.kind != exact.kind
    if distance:
        wrong = not wrong and exact.plies is not None and plies is not None and plies != exact.plies
    return f"{v.kind} in {plies} where the exact value is {exact.kind} in {exact.plies}" if wrong else None


def _distances(d: DecisionReview, before: Exact, after: Exact) -> list[str]:
    """The proven values of `d` of the right result at another distance than the exact one."""
    best = _value_wrong(d.best_value, before, distance=True)
    played = _value_wrong(d.played_value, after, distance=True) if d.played != d.best else None
    return [f"{which} value {e}" for which, e in (("best", best), ("played", played)) if e]


def _contradictions(d: DecisionReview, before: Exact, after: Exact) -> list[str]:
    """The proven values and facts of `d` that the exact values contradict."""
    out = []
    best = _value_wrong(d.best_value, before)
    if best:
        out.append(f"best value {best}")
    played = _value_wrong(d.played_value, after) if d.played_value is not None and d.played != d.best else None
    if played:
        out.append(f"played value {played}")
    fact = d.fact or ""
    claims = [
        ("a win thrown away", before.kind == "win" and after.kind in ("draw", "loss")),
        ("a draw thrown away", before.kind == "draw" and after.kind == "loss"),
        ("walks into a forced loss", after.kind == "loss" and before.kind != "loss"),  # "(the best move is not lost)"
        ("missed:", after.kind != "win"),  # "a forced win ... missed: ..." claims the move played does not win
        ("still a forced win", before.kind == after.kind == "win"),
        ("still a forced loss", before.kind == after.kind == "loss"),
        ("the best move wins by force", before.kind == "win"),
        ("after the move played;", after.kind == "loss"),
    ]
    out += [f"fact {fact!r}" for text, true in claims if text in fact and not true]
    within = re.search(r"not lost within (\d+) plies", fact)
    if within and before.kind == "loss" and before.plies is not None and before.plies <= int(within.group(1)):
        out.append(f"fact {fact!r} (exact: lost in {before.plies} plies)")
    if fact.startswith("the proven result kept: "):
        kept = fact.removeprefix("the proven result kept: ").split(" ")[0]
        if not before.kind == after.kind == kept:
            out.append(f"fact {fact!r} (exact: {before.kind} before, {after.kind} after)")
    return out


def record_of(game: str, entry: Mapping[str, Any]) -> GameRecord:
    """A check-set game (its moves from the start, its two agents' names, its seed) as a record."""
    agents = [{"name": name, "kind": "search"} for name in entry["agents"]]
    deal = DealRecord("", list(entry["moves"]), "", [], [], 0, finished=True)
    return GameRecord(game, {}, int(entry["seed"]), agents, [0, 1], [deal], [0.0, 0.0], [], True, 1)


def final_result(game: str, moves: Sequence[str]) -> Exact:
    """The last mover's result of a finished game (its move ended it)."""
    info = get_game(game)
    state = info.parse("".join(moves[:-1]), {}) if len(moves) > 1 else info.new({})
    mover = int(state.to_move())
    state.play(moves[-1])
    r = float(state.returns(mover))
    return Exact("win" if r > 0 else "loss" if r < 0 else "draw", 1)


def check_set(data: Mapping[str, Any], settings: Any = None) -> tuple[Check, float]:
    """Every game of a check set (``{"game": ..., "games": [{"seed", "agents", "moves", "values"}]}``, values
    before each move as :meth:`Exact.of` reads them) reviewed at `settings` (a ReviewSettings; None: the default)
    and checked; with the CPU seconds of the reviews."""
    from . import review

    game = str(data.get("game", "connect4"))
    out = Check()
    cpu = 0.0
    for n, entry in enumerate(data["games"]):
        start = time.process_time()
        result = review(record_of(game, entry), settings)
        cpu += time.process_time() - start
        values = [Exact.of(v) for v in entry["values"]]
        check(result.decisions, values, final_result(game, entry["moves"]), n, out)
    return out, cpu


__all__ = ["RANK", "Check", "Exact", "check", "check_set", "exact_after", "final_result", "record_of"]
