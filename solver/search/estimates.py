"""Every legal move's value from an information state with its confidence: independent information-set searches
of one position (:func:`move_values`), pooled move by move (:func:`pool`: value, standard error, visits, win rate)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..batch.seeds import derive_seed
from .runner import MATCH_UNIT, MoveLine, SearchReport, information_state, search, settings_of
from .settings import HIDDEN_ALGOS, SearchSettings, SettingsError


@dataclass(frozen=True)
class MoveEstimate:
    """One move's value from an information state over independent searches: the mean of all its playouts
    (`value`, in `unit`), its standard error from the spread between the searches (None after one search), its
    visits over all of them (PIMC: the worlds where it was best), the pooled share of visits ending in a win, and
    whether any search valued it at all."""

    move: str
    value: float
    se: float | None
    visits: int
    win_rate: float | None
    unit: str
    valued: bool = False  # False: no search tried the move (its value means nothing)

    @property
    def text(self) -> str:
        """The value in words (a match-win probability as a percentage)."""
        if self.unit == MATCH_UNIT:
            return f"{100 * self.value:.1f}% to win the match"
        return f"{self.value:+.2f} {self.unit}".rstrip()

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "move": self.move,
            "value": self.value,
            "se": self.se,
            "visits": self.visits,
            "win_rate": self.win_rate,
            "unit": self.unit,
            "text": self.text,
            "valued": self.valued,
        }


def pool(reports: Sequence[SearchReport]) -> list[MoveEstimate]:
    """Every root move of independent searches of one position, the search's choice first.

    ISMCTS: a move's value is the visit-weighted mean over the searches (the mean of all its playouts), its
    standard error that of a ratio estimator over the R searches, ``sqrt(R / (R - 1) * sum_r w_r^2 (v_r -
    mean)^2) / sum_r w_r`` with ``w_r`` its visits in search r (None for one search; a search that did not visit
    the move adds nothing), its win rate pooled by visits; most visited first. PIMC values every move in every
    world: each search weighs 1 (the standard error is the standard deviation over the searches divided by
    sqrt(R)), `visits` counts the worlds where the move was best; highest value first."""
    rows: dict[str, list[MoveLine]] = {}
    for report in reports:
        for m in report.moves:
            rows.setdefault(m.move, []).append(m)
    runs = len(reports)
    unit = reports[0].score.unit if reports else ""
    by_world = bool(reports) and reports[0].algo == "pimc"
    out = []
    for move, entries in rows.items():
        weights = [1 if by_world else e.visits for e in entries]
        n = sum(weights)
        visits = sum(e.visits for e in entries)
        if n == 0:
            out.append(MoveEstimate(move, entries[0].value, None, 0, None, unit))
            continue
        mean = sum(e.value * w for e, w in zip(entries, weights, strict=True)) / n
        se = None
        if runs > 1:
            spread = sum((w * (e.value - mean)) ** 2 for e, w in zip(entries, weights, strict=True))
            se = math.sqrt(runs / (runs - 1) * spread) / n
        rates = [(e.win_rate, e.visits) for e in entries if e.win_rate is not None]
        win_rate = sum(r * k for r, k in rates) / visits if rates and visits else None
        out.append(MoveEstimate(move, mean, se, visits, win_rate, unit, valued=True))
    out.sort(key=(lambda m: (-m.value, -m.visits)) if by_world else (lambda m: (-m.visits, -m.value)))
    return out


def move_values(
    state: Any,
    settings: SearchSettings | None = None,
    runs: int = 4,
    *,
    rules: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> list[MoveEstimate]:
    """Every legal move's value from the information state of `state` (an InformationState, or a full state of
    which only the view of the player to move is used), with its confidence: `runs` independent information-set
    searches (ISMCTS by default; seeds derived from the settings' seed), pooled by :func:`pool`."""
    if isinstance(runs, bool) or not isinstance(runs, int) or not 1 <= runs <= 64:
        raise ValueError(f"runs: must be an integer in 1..64, got {runs!r}")
    view = information_state(state)
    chosen = settings_of(view.game, settings, rules if rules is not None else view.game.rules_of(view), kwargs)
    if chosen.algo not in HIDDEN_ALGOS:
        raise SettingsError(f"algo: an information state is searched with 'ismcts' or 'pimc', not {chosen.algo!r}")
    reports = [search(view, chosen.with_seed(derive_seed(chosen.seed, "run", r)), rules=rules) for r in range(runs)]
    return pool(reports)
