"""Search values with their meaning attached: :class:`Score`.

A bare number from a search means different things: alpha-beta's heuristic evaluation, a proven win in 7 plies,
an expected point difference over sampled worlds, a mean result in [-1, 1]. A ``Score`` says which, always from
the point of view of the player to move in the searched position (like python-chess's ``PovScore``):

======== ============================================================ =========================
kind     meaning                                                       value
======== ============================================================ =========================
eval     heuristic evaluation at the search horizon (alpha-beta)       the game's ``eval_unit``
win      proven win, ``plies`` plies to the end                        engine score
loss     proven loss, ``plies`` plies to the end                       engine score
draw     proven draw                                                   0
expected mean final return over the search (MCTS, ISMCTS, PIMC)        the game's ``return_unit``
unproven the exact solver ran out of budget before valuing this move  none (JSON ``null``)
======== ============================================================ =========================

``win_rate`` is the share of the search's visits that ended in a win for that player, when the search measured it
(ISMCTS). ``bound`` says whether the value is exact (0) or only a bound (alpha-beta's moves other than the best:
-1 the move is worth at most ``value``, +1 at least); a bound prints as ``<= +14`` / ``>= +14``, and on a proof
as ``<= draw`` (a draw or a loss), ``<= win in 14 plies`` (no quicker win) (the exact solver's other moves).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .. import _core

KINDS = ("eval", "win", "loss", "draw", "expected", "unproven")
_PROOFS = {_core.Proof.WIN: "win", _core.Proof.LOSS: "loss", _core.Proof.DRAW: "draw"}


@dataclass(frozen=True)
class Score:
    """A search value for the player to move: kind, number, unit, and for proofs the distance in plies."""

    kind: str
    value: float
    unit: str = ""
    plies: int | None = None
    win_rate: float | None = None
    bound: int = 0

    @classmethod
    def of(cls, stat: Any, algo: str, eval_unit: str, return_unit: str, win_rate: float | None = None) -> Score:
        """The score of a compiled ``SearchResult`` / ``MoveStat`` (or anything with value, proof, plies_to_end)
        produced by `algo`."""
        kind = _PROOFS.get(stat.proof)
        plies = int(stat.plies_to_end) if int(stat.plies_to_end) >= 0 else None
        bound = int(getattr(stat, "bound", 0))
        if kind is not None:
            return cls(kind, float(stat.value), "", plies, win_rate, bound if plies is None else 0)
        if algo == "solve":  # every solve value is a proven score or a bound on one, or no value at all
            if bound == 0:  # an exact value would carry its proof: the budget ran out before this move's
                return cls("unproven", 0.0, "", None, win_rate)
            return cls.of_proof_score(float(stat.value), bound)
        if algo == "alphabeta":
            if abs(float(stat.value)) > _core.EVAL_BOUND:  # a bound at a mate score: a bound on a win or a loss
                return replace(cls.of_proof_score(float(stat.value), bound), win_rate=win_rate)
            return cls("eval", float(stat.value), eval_unit, None, win_rate, bound)
        return cls("expected", float(stat.value), return_unit, None, win_rate)

    @classmethod
    def of_proof_score(cls, value: float, bound: int = 0) -> Score:
        """The score of an engine value that is a proof (``MATE_SCORE - plies`` a win, its negative a loss, 0 a
        draw) or, with `bound`, a bound on one (the solver's moves other than the best, its unproven root)."""
        if value > _core.EVAL_BOUND:
            return cls("win", value, "", _core.MATE_SCORE - round(value), None, bound)
        if value < -_core.EVAL_BOUND:
            return cls("loss", value, "", _core.MATE_SCORE + round(value), None, bound)
        return cls("draw", 0.0, "", None, None, bound)

    @property
    def proven(self) -> bool:
        """True for a proven win, loss or draw (an upper bound on a loss and a lower bound on a win are proofs too:
        the loss or the win is certain, only its distance is not)."""
        if self.kind not in ("win", "loss", "draw"):
            return False
        return self.bound == 0 or (self.kind == "loss" and self.bound < 0) or (self.kind == "win" and self.bound > 0)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (unset fields left out)."""
        d: dict[str, Any] = {"kind": self.kind, "value": None if self.kind == "unproven" else self.value}
        if self.unit:
            d["unit"] = self.unit
        if self.plies is not None:
            d["plies"] = self.plies
        if self.win_rate is not None:
            d["win_rate"] = self.win_rate
        if self.bound:
            d["bound"] = "upper" if self.bound < 0 else "lower"
        return d

    @property
    def relation(self) -> str:
        """'<= ' for an upper bound, '>= ' for a lower bound, '' for an exact value."""
        return "<= " if self.bound < 0 else ">= " if self.bound > 0 else ""

    def __str__(self) -> str:
        if self.kind == "unproven":
            return "not proven"
        if self.kind == "draw":
            return self.relation + "draw"
        if self.kind in ("win", "loss"):
            n = self.plies
            text = self.kind + ("" if n is None else f" in {n} {'ply' if n == 1 else 'plies'}")
            return (self.relation if n is not None else "") + text
        number = f"{self.value:+.0f}" if self.kind == "eval" and self.value.is_integer() else f"{self.value:+.2f}"
        return f"{self.relation}{number} {self.unit}".rstrip()
