"""Played like: a review's mean loss put on the rating scale of the game's ladder.

A **calibration** (one per rated mode, ``solver/data/calibration/<game>-<mode>.json``) is made from games between
ladder levels (``kofun calibrate``, :mod:`solver.review.calibrate`), each reviewed at the review's default budget.
Every seat of every game is a **sample**: the rating of the level that played it, its mean loss per decision and
its number of decisions. From the samples:

- **the curve** ``f``: rating against mean loss, non-increasing — an isotonic regression (scipy's
  ``isotonic_regression``, samples of equal mean loss pooled first), read between the centres of its blocks by
  linear interpolation and flat beyond the first and last;
- **the spread** of the rating around the curve, a function of the number of decisions *n* (a short game's mean
  loss is noisier): ``sd(n) = sqrt(a + b / n)``, ``a, b >= 0`` fitted by non-negative least squares to the squared
  residuals; ``a`` is what no game length removes (levels that lose the same), ``b / n`` the noise of the mean;
- **the interval** ``f(loss) ± z · sd(n)``, ``z`` the 95th percentile of ``|residual| / sd(n)`` over the samples
  (an empirical multiplier, not a normal one: the residuals have heavy tails).

:meth:`Calibration.played_like` gives a seat's :class:`PlayedLike`; :func:`coverage` measures, on held-out games,
how often the interval holds the true level's rating (per game, or per match of several games of one level).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

CALIBRATION_VERSION = 1
LEVEL = 0.95
#: The note of a seat whose mode has no shipped calibration (or is not rated).
NO_CALIBRATION = "no calibration for this mode"
INTERVAL_MODEL = (
    "rating = f(mean loss) (isotonic, non-increasing); rating - f ~ sd(n) = sqrt(a + b / n) for n decisions "
    "(a, b >= 0: least squares on the squared residuals); interval f ± z sd(n), z the 95th percentile of "
    "|rating - f| / sd(n) over the calibration's samples"
)


@dataclass(frozen=True)
class Sample:
    """One seat of one calibration game: the `level` that played it and its `rating`, its mean loss per decision
    (the review's unit) and its number of classed `decisions`; `key` names its game."""

    level: str
    rating: float
    mean_loss: float
    decisions: int
    key: str = ""


@dataclass(frozen=True)
class PlayedLike:
    """A seat's rating from its review: `rating` with the interval [`low`, `high`], or None with `note` saying why
    (no calibration, no decision). `note` also says when the loss is beyond the calibration's games (its
    strongest or weakest level: the true rating may lie further out)."""

    rating: float | None = None
    low: float | None = None
    high: float | None = None
    note: str = ""

    def text(self) -> str:
        """'played like 1080 [950, 1210]', or 'played like: <why not>'."""
        if self.rating is None or self.low is None or self.high is None:
            return f"played like: {self.note or NO_CALIBRATION}"
        extra = f" ({self.note})" if self.note else ""
        return f"played like {self.cell()}{extra}"

    def cell(self) -> str:
        """'1080 [950, 1210]' (whole points; never '-0'), or '-' with no number."""
        if self.rating is None or self.low is None or self.high is None:
            return "-"
        return f"{round(self.rating)} [{round(self.low)}, {round(self.high)}]"


def isotonic_curve(
    losses: Sequence[float], ratings: Sequence[float], weights: Sequence[float] | None = None
) -> tuple[list[float], list[float]]:
    """The non-increasing fit of `ratings` on `losses`: the (mean loss, rating) centre of each block of the
    isotonic regression, mean losses increasing. Samples of the same mean loss are pooled first (their weighted
    mean rating), so the fit does not depend on their order."""
    from scipy.optimize import isotonic_regression

    x = np.asarray(losses, dtype=float)
    y = np.asarray(ratings, dtype=float)
    w = np.ones_like(x) if weights is None else np.asarray(weights, dtype=float)
    if x.size == 0 or x.shape != y.shape or x.shape != w.shape:
        raise ValueError("calibration: need as many ratings and weights as mean losses, and at least one")
    ux, inverse = np.unique(x, return_inverse=True)
    uw = np.bincount(inverse, weights=w)
    uy = np.bincount(inverse, weights=w * y) / uw
    fit = isotonic_regression(uy, weights=uw, increasing=False)
    xs, ys = [], []
    for start, stop in zip(fit.blocks[:-1], fit.blocks[1:], strict=True):
        bw = uw[start:stop]
        xs.append(float(np.sum(ux[start:stop] * bw) / np.sum(bw)))
        ys.append(float(fit.x[start]))
    return xs, ys


def spread_model(residuals: Sequence[float], decisions: Sequence[int]) -> tuple[float, float]:
    """`(a, b)` of ``sd(n)^2 = a + b / n``: non-negative least squares of the squared residuals on 1 and 1 / n."""
    from scipy.optimize import nnls

    r = np.asarray(residuals, dtype=float)
    n = np.asarray(decisions, dtype=float)
    if r.size == 0 or r.shape != n.shape or np.any(n < 1):
        raise ValueError("calibration: need one number of decisions (>= 1) per residual, and at least one")
    design = np.column_stack([np.ones_like(n), 1.0 / n])
    (a, b), _ = nnls(design, r * r)
    return float(a), float(b)


@dataclass
class Calibration:
    """The calibration of one rated mode: the curve, the spread model and what made it (see the module)."""

    game: str
    mode: str
    rules: dict[str, Any]
    unit: str
    #: The review's budget the games were reviewed at: nodes per search, runs (hidden information), algorithm.
    review: dict[str, Any]
    curve_loss: list[float]
    curve_rating: list[float]
    a: float
    b: float
    z: float
    level: float = LEVEL
    #: Per level: name, rating, samples, mean decisions, median mean loss.
    levels: list[dict[str, Any]] = field(default_factory=list)
    samples: int = 0
    games: int = 0
    seed: int = 0
    command: str = ""
    cpu_s: float = 0.0
    model: str = INTERVAL_MODEL
    #: Coverage on held-out games (``kofun calibrate --check``): seed, games, per match size the coverage.
    validation: dict[str, Any] = field(default_factory=dict)
    version: int = CALIBRATION_VERSION

    def curve(self, mean_loss: float) -> float:
        """f(mean loss): the curve read by linear interpolation between its points, flat beyond them."""
        return float(np.interp(mean_loss, self.curve_loss, self.curve_rating))

    def sd(self, decisions: int) -> float:
        """The spread of the rating around the curve for a game of `decisions` decisions."""
        return math.sqrt(self.a + self.b / max(1, decisions))

    def played_like(self, mean_loss: float | None, decisions: int) -> PlayedLike:
        """The rating of a seat that lost `mean_loss` per decision over `decisions` decisions, with its interval."""
        if mean_loss is None or decisions < 1:
            return PlayedLike(note="no decision to judge")
        r, half = self.curve(mean_loss), self.z * self.sd(decisions)
        note = ""
        if len(self.curve_loss) > 1 and mean_loss <= self.curve_loss[0]:
            note = f"the top of the calibration: its strongest level {self.strongest()} or stronger"
        elif len(self.curve_loss) > 1 and mean_loss > self.curve_loss[-1]:
            note = "the bottom of the calibration: as weak as its weakest level or weaker"
        return PlayedLike(r, r - half, r + half, note)

    def strongest(self) -> str:
        """The strongest level of the calibration's games (name and rating)."""
        top = max(self.levels, key=lambda lv: lv["rating"], default=None)
        return f"{top['name']} ({top['rating']:.0f})" if top is not None else "its strongest level"

    def matches(self, budget: Mapping[str, Any]) -> bool:
        """True when a review of budget `budget` (nodes, time, runs, algo, proof) is comparable with the
        calibration's (a calibration made before the review's proof search has none: proof 0)."""
        same = all(budget.get(k) == self.review.get(k) for k in ("nodes", "time", "runs", "algo"))
        return same and budget.get("proof", 0) == self.review.get("proof", 0)

    def budget_text(self) -> str:
        """The calibration's review budget in words, e.g. 'nodes 200000, no proof search'."""
        shown = [f"{k} {v}" for k, v in self.review.items() if v is not None and k != "proof"]
        proof = self.review.get("proof", 0)
        return ", ".join([*shown, f"proof nodes {proof}" if proof else "no proof search"])

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Calibration:
        """A calibration read back from :meth:`to_dict` data (ValueError when it is not one)."""
        try:
            cal = cls(**dict(data))
        except TypeError as e:
            raise ValueError(f"calibration: malformed ({e})") from None
        if len(cal.curve_loss) != len(cal.curve_rating) or not cal.curve_loss:
            raise ValueError("calibration: the curve needs as many ratings as mean losses, and at least one")
        return cal

    def save(self, path: str | Path) -> None:
        """Writes the calibration as JSON."""
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Calibration:
        """Reads a calibration file; ValueError names the file on any problem."""
        try:
            return cls.from_dict(json.loads(Path(path).read_text()))
        except OSError as e:
            raise ValueError(f"calibration {path}: {e.strerror}") from None
        except (json.JSONDecodeError, ValueError) as e:
            raise ValueError(f"calibration {path}: {e}") from None


def fit_calibration(samples: Sequence[Sample], level: float = LEVEL, **about: Any) -> Calibration:
    """The calibration of `samples` (``about``: game, mode, rules, unit, review, seed, command, ... for the file).
    Needs samples of two levels or more."""
    used = [s for s in samples if s.decisions >= 1 and math.isfinite(s.mean_loss)]
    if len({s.level for s in used}) < 2:
        raise ValueError("calibration: needs reviewed games of at least two levels")
    xs, ys = isotonic_curve([s.mean_loss for s in used], [s.rating for s in used])
    cal = Calibration(curve_loss=xs, curve_rating=ys, a=0.0, b=0.0, z=0.0, level=level, **_about(about))
    residuals = [s.rating - cal.curve(s.mean_loss) for s in used]
    cal.a, cal.b = spread_model(residuals, [s.decisions for s in used])
    if cal.a + cal.b <= 0:  # the curve goes through every sample: keep a point of spread, not a zero-width interval
        cal.a = 1.0
    scaled = [abs(r) / cal.sd(s.decisions) for r, s in zip(residuals, used, strict=True)]
    cal.z = float(np.quantile(scaled, level))
    cal.samples = len(used)
    cal.levels = level_table(used)
    return cal


def _about(about: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"game": "", "mode": "", "rules": {}, "unit": "", "review": {}}
    out.update(about)
    return out


def level_table(samples: Iterable[Sample]) -> list[dict[str, Any]]:
    """Per level of `samples` (weakest first): its rating, samples, mean decisions and median mean loss."""
    by: dict[str, list[Sample]] = {}
    for s in samples:
        by.setdefault(s.level, []).append(s)
    rows = []
    for name, mine in sorted(by.items(), key=lambda kv: (kv[1][0].rating, kv[0])):
        rows.append(
            {
                "name": name,
                "rating": mine[0].rating,
                "samples": len(mine),
                "decisions": float(np.mean([s.decisions for s in mine])),
                "median_loss": float(np.median([s.mean_loss for s in mine])),
            }
        )
    return rows


@dataclass(frozen=True)
class Coverage:
    """How often the interval held the true rating: over `n` groups (a game's seat, or `group` games of one level
    pooled), `covered` of them; the mean decisions and interval width of a group."""

    group: int
    n: int
    covered: int
    decisions: float
    width: float

    @property
    def fraction(self) -> float:
        return self.covered / self.n if self.n else math.nan

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "fraction": self.fraction}


def pooled(samples: Sequence[Sample], group: int) -> list[Sample]:
    """`samples` of each level in groups of `group` (in key order; a last incomplete group is left out), each
    group one sample: its decisions added, its mean loss the decisions' mean (a match of `group` games)."""
    if group < 1:
        raise ValueError(f"group: must be >= 1, got {group}")
    by: dict[str, list[Sample]] = {}
    for s in samples:
        if s.decisions >= 1:
            by.setdefault(s.level, []).append(s)
    out = []
    for name in sorted(by):
        mine = sorted(by[name], key=lambda s: s.key)
        for k in range(0, len(mine) - group + 1, group):
            part = mine[k : k + group]
            n = sum(s.decisions for s in part)
            loss = sum(s.mean_loss * s.decisions for s in part) / n
            out.append(Sample(name, part[0].rating, loss, n, "+".join(s.key for s in part)))
    return out


def coverage(cal: Calibration, samples: Sequence[Sample], group: int = 1) -> Coverage:
    """The share of `samples` (held-out games; pooled `group` games of a level at a time) whose interval holds the
    level's rating."""
    groups = pooled(samples, group)
    covered, widths = 0, []
    for s in groups:
        p = cal.played_like(s.mean_loss, s.decisions)
        assert p.low is not None and p.high is not None
        covered += p.low <= s.rating <= p.high
        widths.append(p.high - p.low)
    mean_dec = float(np.mean([s.decisions for s in groups])) if groups else 0.0
    return Coverage(group, len(groups), covered, mean_dec, float(np.mean(widths)) if widths else 0.0)


def calibration_path(game: str, mode: str) -> Path:
    """Where the calibration of `game` in `mode` ships (it may not exist)."""
    return Path(str(resources.files("solver") / "data" / "calibration" / f"{game}-{mode}.json"))


@lru_cache(maxsize=32)
def _load_cached(path: str, mtime: float) -> Calibration:
    return Calibration.load(path)


def shipped_calibration(game: str, mode: str) -> Calibration | None:
    """The shipped calibration of `game` in `mode`, or None."""
    path = calibration_path(game, mode)
    if not path.is_file():
        return None
    return _load_cached(str(path), path.stat().st_mtime)


def played_like(
    game: str, mode: str | None, budget: Mapping[str, Any], mean_loss: float | None, decisions: int
) -> PlayedLike:
    """A seat's :class:`PlayedLike` from the shipped calibration of `mode` (None: the rules are not a rated mode),
    for a review made at `budget` (a calibration holds only for the budget it was made at)."""
    cal = shipped_calibration(game, mode) if mode is not None else None
    if cal is None:
        return PlayedLike(note=NO_CALIBRATION)
    if not cal.matches(budget):
        return PlayedLike(note=f"no calibration for this review budget (the calibration's: {cal.budget_text()})")
    return cal.played_like(mean_loss, decisions)


__all__ = [
    "NO_CALIBRATION",
    "Calibration",
    "Coverage",
    "PlayedLike",
    "Sample",
    "calibration_path",
    "coverage",
    "fit_calibration",
    "isotonic_curve",
    "played_like",
    "pooled",
    "shipped_calibration",
    "spread_model",
]
