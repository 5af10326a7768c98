"""What a review reports, as plain typed data: every decision judged (:class:`DecisionReview`), each seat's
summary (:class:`SeatSummary`), the value series of the graph (:class:`SeriesPoint`) and the whole
(:class:`Review`). Each has ``to_dict()`` (JSON-ready) and the decision and move records ``from_dict`` (a review's
results file is read back with it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from .classes import CLASSES


@dataclass(frozen=True)
class MoveValue:
    """One move's value at a decision, for the seat that decides: `value` in the review's unit (a proof counted
    as +-cap), the search's `score` (kind, raw value, distance, bound), the effort behind it and its standard
    error (information-set searches run several times: the spread between the runs; None otherwise)."""

    move: str
    value: float
    score: dict[str, Any]
    text: str
    visits: int
    se: float | None = None
    win_rate: float | None = None

    @property
    def kind(self) -> str:
        """'eval', 'expected', 'win', 'loss' or 'draw' (the score's kind)."""
        return str(self.score["kind"])

    @property
    def proven(self) -> bool:
        """True for a proven win, loss or draw (exact, not a bound)."""
        return self.kind in ("win", "loss", "draw") and "bound" not in self.score

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MoveValue:
        """A move value read back from :meth:`to_dict` data."""
        return cls(**dict(data))


@dataclass(frozen=True)
class DecisionReview:
    """One decision of one seat, judged from what that seat could see then.

    `index` numbers the decisions of the record (every ply of every deal, from 0); `deal` and `ply` (moves played
    before it in its deal) locate its position, `position` is that position as the seat saw it (its information
    state in a hidden-information game) and `analyse` the command that opens it on the analysis board. `loss` is
    ``best_value - played_value`` (never negative) in `unit`; `cls` its class (`fact`: what the proofs establish,
    e.g. a win thrown away), `accuracy` the decision's accuracy in percent. `estimate` says what the class and
    loss rest on when a value is not proven ("alpha-beta to depth 12 (200,000 nodes)"; None: both values are
    proofs), `note` why a move called best is worth less in the values' unit than another (the search's objective
    is another, e.g. winning a Koi-Koi deal). A decision with one legal move has class 'forced' and nothing
    else."""

    index: int
    deal: int
    ply: int
    seat: int
    player: str
    view: str
    position: str
    analyse: str
    legal: int
    played: str
    cls: str
    best: str | None = None
    played_value: MoveValue | None = None
    best_value: MoveValue | None = None
    loss: float | None = None
    loss_se: float | None = None
    unit: str = ""
    fact: str | None = None
    accuracy: float | None = None
    algo: str = ""
    nodes: int = 0
    pv: list[str] = field(default_factory=list)
    moves: list[MoveValue] = field(default_factory=list)
    estimate: str | None = None
    note: str | None = None

    @property
    def counted(self) -> bool:
        """True when the decision is classed (not forced, and the played move was valued)."""
        return self.cls in CLASSES

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (the class under the key ``class``)."""
        d = asdict(self)
        d["class"] = d.pop("cls")
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DecisionReview:
        """A decision read back from :meth:`to_dict` data (ValueError when it is not one)."""
        try:
            d = dict(data)
            d["cls"] = d.pop("class")
            for key in ("played_value", "best_value"):
                d[key] = MoveValue.from_dict(d[key]) if d.get(key) is not None else None
            d["moves"] = [MoveValue.from_dict(m) for m in d.get("moves", [])]
            return cls(**d)
        except (KeyError, TypeError) as e:
            raise ValueError(f"decision review: malformed ({e})") from None


@dataclass(frozen=True)
class SeatSummary:
    """One seat over the review: its classed decisions, their mean loss, the count of each class, the accuracy
    (the mean of the decisions' accuracies, docs/review.md) and the rating it **played like** on the ladder's
    scale with its interval (:mod:`solver.review.calibration`; None with `played_like_note` saying why: no
    calibration for the mode, another review budget, no decision)."""

    seat: int
    player: str
    agent: str
    decisions: int
    forced: int
    mean_loss: float | None
    counts: dict[str, int]
    accuracy: float | None
    unit: str
    played_like: float | None = None
    played_like_low: float | None = None
    played_like_high: float | None = None
    played_like_note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatSummary:
        """A summary read back from :meth:`to_dict` data; a review written before "played like" reads with none."""
        try:
            return cls(**dict(data))
        except TypeError as e:
            raise ValueError(f"seat summary: malformed ({e})") from None


@dataclass(frozen=True)
class SeriesPoint:
    """One point of the graph: after decision `index` (deal, ply), the value of the best move for the seat that
    decided (its own point of view), the loss of the move it played and its class; `proven` the best move's proven
    result ('win', 'draw' or 'loss'; None: an estimate) and `played_proven` that of the move played (drawn as
    such: a band of won or lost positions, not as evaluation points)."""

    index: int
    deal: int
    ply: int
    seat: int
    value: float
    loss: float
    cls: str
    proven: str | None = None
    played_proven: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (the class under the key ``class``)."""
        d = asdict(self)
        d["class"] = d.pop("cls")
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeriesPoint:
        """A point read back from :meth:`to_dict` data."""
        d = dict(data)
        d["cls"] = d.pop("class")
        return cls(**d)


@dataclass(frozen=True)
class Review:
    """A reviewed record: every decision of the seats reviewed, each seat's summary, the graph's series."""

    game: str
    rules: dict[str, Any]
    seed: int
    hidden_information: bool
    view_note: str
    settings: dict[str, Any]
    thresholds: dict[str, Any]
    decisions: list[DecisionReview]
    summaries: list[SeatSummary]
    series: list[SeriesPoint]
    time_s: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "game": self.game,
            "rules": dict(self.rules),
            "seed": self.seed,
            "hidden_information": self.hidden_information,
            "view_note": self.view_note,
            "settings": dict(self.settings),
            "thresholds": dict(self.thresholds),
            "decisions": [d.to_dict() for d in self.decisions],
            "summaries": [s.to_dict() for s in self.summaries],
            "series": [p.to_dict() for p in self.series],
            "time_s": self.time_s,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Review:
        """A review read back from :meth:`to_dict` data (``kofun review --json``, old files included); ValueError
        when it is not one."""
        try:
            d = dict(data)
            d["decisions"] = [DecisionReview.from_dict(x) for x in d["decisions"]]
            d["summaries"] = [SeatSummary.from_dict(x) for x in d["summaries"]]
            d["series"] = [SeriesPoint.from_dict(x) for x in d["series"]]
            return cls(**d)
        except (KeyError, TypeError) as e:
            raise ValueError(f"review: malformed ({e})") from None


__all__ = ["DecisionReview", "MoveValue", "Review", "SeatSummary", "SeriesPoint"]
