"""Game review: what each decision of a recorded game cost its player, judged from what that player knew.

:func:`review` takes a :class:`~solver.play.record.GameRecord` (any game, any number of deals) and returns a
:class:`~solver.review.model.Review`: for every decision of every seat (or of the seats asked for) the move played,
the engine's best move, both values and the **loss** in the game's own terms, a class (best / good / inaccuracy /
mistake / blunder, :mod:`solver.review.classes`), per seat a summary, and the value series of the graph.

- **From which view.** A hidden-information decision is searched from the deciding seat's information state at
  that moment — what an agent in that seat is given (:meth:`GameInfo.view`), built from its notation alone —
  never from the full state recorded in the game. A perfect-information decision is searched from the position;
  values the search proves (a Connect Four endgame, a forced win in Sensei) are kept as proofs, and throwing one
  away is reported as the fact it is (:mod:`solver.review.evaluate`).
- **Reproducible.** Every search of decision (deal *d*, ply *p*) is seeded from ``derive_seed(seed, "review", d,
  p, run)``; with a node budget and one thread the review is the same on every run, in any order, on any number
  of workers. A time budget is not reproducible (what a search does in a second depends on the machine).
- **Batches.** Each decision is one task of the batch runner (:mod:`solver.batch`): ``runner`` runs them on
  worker processes or a cluster, ``out`` keeps every result as it arrives and ``resume`` continues a results file.
  :class:`Reviewer` reviews one decision at a time (what a server streaming a review needs).
"""

from __future__ import annotations

import hashlib
import json
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..batch.runner import Journal, Runner, Task
from ..batch.seeds import derive_seed
from ..games import GameInfo, get_game
from ..play.record import GameRecord
from ..play.replay import Step, replay
from ..rating.pools import mode_of
from ..search.settings import HIDDEN_ALGOS, SearchSettings, SettingsError
from .calibration import played_like
from .classes import CLASSES, EVAL_UNIT, FORCED, thresholds_for
from .evaluate import hidden, perfect, proof_nodes_for
from .model import DecisionReview, MoveValue, Review, SeatSummary, SeriesPoint
from .verdict import UNVALUED, judge, settle

#: Default budget of one decision: alpha-beta / solver nodes (perfect information) ...
DEFAULT_NODES_PERFECT = 200_000
#: ... and information-set search iterations per run (hidden information), with this many runs.
DEFAULT_NODES_HIDDEN = 5_000
DEFAULT_RUNS = 2
MAX_RUNS = 64


class ReviewError(ValueError):
    """A record that cannot be reviewed, or review settings that cannot be used; the message says which."""


@dataclass(frozen=True)
class ReviewSettings:
    """How a review searches each decision: the budget of one search (`nodes`: alpha-beta or solver nodes, or
    information-set iterations; `time`: seconds; none: the defaults above), the base `seed`, the independent
    `runs` of a hidden-information decision (their spread is the standard error), the seats to review (None:
    every seat), the algorithm (None: the game's; in a hidden-information game only 'ismcts' or 'pimc'), the
    search threads, and `proof_nodes`: the exact solver's budget where the review tries to prove a position the
    game's own threshold would search with alpha-beta (None: the game's default,
    :data:`~solver.review.evaluate.PROOF`; 0: no such proof)."""

    nodes: int | None = None
    time: float | None = None
    seed: int = 0
    runs: int = DEFAULT_RUNS
    seats: tuple[int, ...] | None = None
    algo: str | None = None
    threads: int = 1
    proof_nodes: int | None = None

    def __post_init__(self) -> None:
        if self.proof_nodes is not None and (
            isinstance(self.proof_nodes, bool) or not isinstance(self.proof_nodes, int) or self.proof_nodes < 0
        ):
            raise ReviewError(f"proof_nodes: must be an integer >= 0, got {self.proof_nodes!r}")
        SearchSettings(algo=self.algo, nodes=self.nodes, time=self.time, seed=self.seed, threads=self.threads)
        if isinstance(self.runs, bool) or not isinstance(self.runs, int) or not 1 <= self.runs <= MAX_RUNS:
            raise ReviewError(f"runs: must be an integer in 1..{MAX_RUNS}, got {self.runs!r}")
        if self.algo == "solve":
            raise ReviewError("algo: 'solve' is chosen by itself where the game proves a position; use 'alphabeta'")
        if self.seats is not None:
            seats = tuple(self.seats)
            if not seats or any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in seats):
                raise ReviewError(f"seats: expected seat numbers >= 0, got {self.seats!r}")
            object.__setattr__(self, "seats", tuple(sorted(set(seats))))

    def search_settings(self, hidden_information: bool, seed: int) -> SearchSettings:
        """The settings of one search of a decision (the budget's default filled in)."""
        nodes = self.nodes
        if nodes is None and self.time is None:
            nodes = DEFAULT_NODES_HIDDEN if hidden_information else DEFAULT_NODES_PERFECT
        return SearchSettings(algo=self.algo, nodes=nodes, time=self.time, seed=seed, threads=self.threads)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (and the results file's header)."""
        d = asdict(self)
        d["seats"] = list(self.seats) if self.seats is not None else None
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ReviewSettings:
        """Settings read back from :meth:`to_dict` data (unknown keys refused)."""
        known = {f for f in cls.__dataclass_fields__}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ReviewError(f"review settings: unknown setting {unknown[0]!r} (allowed: {', '.join(sorted(known))})")
        d = dict(data)
        if d.get("seats") is not None:
            d["seats"] = tuple(d["seats"])
        return cls(**d)


#: One decision of a record, replayed (its number, deal, ply, seat, the full state before it and the move).
Decision = Step


def as_record(record: GameRecord | Mapping[str, Any] | str | Path) -> GameRecord:
    """A record given as a GameRecord, its dict, or the path of its JSON file."""
    if isinstance(record, GameRecord):
        return record
    if isinstance(record, str | Path):
        return GameRecord.load(record)
    if isinstance(record, Mapping):
        return GameRecord.from_dict(record)
    raise ReviewError(f"record: expected a GameRecord, its dict or a file path, got {type(record).__name__}")


def decisions_of(record: GameRecord) -> list[Decision]:
    """Every decision of every deal of `record`, replayed from each deal's start (ReviewError names a move that
    does not replay)."""
    try:
        return replay(record)
    except ValueError as e:
        raise ReviewError(str(e)) from None


def _analyse_command(game: GameInfo, rules: Mapping[str, Any], position: str) -> str:
    defaults = game.check_options(None)
    flags = [f"--rule {k}={_rule_text(v)}" for k, v in rules.items() if defaults.get(k) != v]
    return " ".join(["kofun analyse", game.name, shlex.quote(position), *flags])


def _rule_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    return str(value)


class Reviewer:
    """Reviews the decisions of one record one at a time (:meth:`decision`), e.g. to stream them; :func:`review`
    runs them all."""

    def __init__(self, record: GameRecord | Mapping[str, Any] | str | Path, settings: ReviewSettings | None = None):
        self.record = as_record(record)
        self.settings = settings or ReviewSettings()
        self.game = get_game(self.record.game)
        self.rules = self.game.check_options(self.record.rules)
        self.hidden = self.game.has_hidden_information
        if self.hidden and self.settings.algo not in (None, *HIDDEN_ALGOS):
            raise SettingsError(
                f"algo: a {self.game.name} decision is searched from its player's information state: use 'ismcts' "
                f"or 'pimc', not {self.settings.algo!r}"
            )
        if not self.hidden and self.settings.algo in HIDDEN_ALGOS:
            raise SettingsError(f"algo: {self.game.name} has no hidden information: use 'alphabeta' or 'mcts'")
        self.decisions = decisions_of(self.record)
        seats = len(self.record.agents)
        if self.settings.seats is not None and max(self.settings.seats) >= seats:
            raise ReviewError(f"seat: the record has seats 0..{seats - 1}, got {max(self.settings.seats)}")

    @property
    def indices(self) -> list[int]:
        """The numbers of the decisions of the seats reviewed."""
        seats = self.settings.seats
        return [d.index for d in self.decisions if seats is None or d.seat in seats]

    def position(self, index: int) -> str:
        """Decision `index`'s position as its seat saw it (its information state in a hidden-information game)."""
        d = self._get(index)
        return self.game.view(d.state, d.seat).text if self.hidden else self.game.notation(d.state)

    def _get(self, index: int) -> Decision:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.decisions):
            raise ReviewError(f"decision: the record has decisions 0..{len(self.decisions) - 1}, got {index!r}")
        return self.decisions[index]

    def decision(self, index: int) -> DecisionReview:
        """Reviews decision `index` (its searches seeded from the settings' seed, the deal and the ply)."""
        d = self._get(index)
        position = self.position(index)
        head: dict[str, Any] = {
            "index": d.index,
            "deal": d.deal,
            "ply": d.ply,
            "seat": d.seat,
            "player": self.game.player_name(d.seat),
            "view": "information state" if self.hidden else "position",
            "position": position,
            "analyse": _analyse_command(self.game, self.rules, position),
            "legal": d.legal,
            "played": d.move,
        }
        if d.legal == 1:
            return DecisionReview(**head, cls=FORCED)
        seeds = [derive_seed(self.settings.seed, "review", d.deal, d.ply, r) for r in range(self.settings.runs)]
        if self.hidden:
            view = self.game.view(d.state, d.seat)  # the seat's information state: nothing else of the full state
            runs = [self.settings.search_settings(True, s) for s in seeds]
            ev = hidden(self.game, view, d.move, self.rules, runs)
        else:
            base = self.settings.search_settings(False, seeds[0])
            proof = proof_nodes_for(self.game.name, self.settings.proof_nodes)
            ev = perfect(self.game, d.state, d.move, self.rules, base, proof)
        return judge(head, ev, thresholds_for(self.game.name, ev.unit))


def review_budget(settings: ReviewSettings, hidden_information: bool, game: str = "") -> dict[str, Any]:
    """What a review's values depend on (a calibration holds for one): nodes per search (the default filled in),
    time, runs (hidden information only), algorithm, and the proof budget of `game` (0: none)."""
    nodes = settings.nodes
    if nodes is None and settings.time is None:
        nodes = DEFAULT_NODES_HIDDEN if hidden_information else DEFAULT_NODES_PERFECT
    runs = settings.runs if hidden_information else None
    proof = 0 if hidden_information else proof_nodes_for(game, settings.proof_nodes)
    return {"nodes": nodes, "time": settings.time, "runs": runs, "algo": settings.algo, "proof": proof}


def summaries(
    record: GameRecord,
    decisions: Sequence[DecisionReview],
    seats: Sequence[int],
    unit: str,
    settings: ReviewSettings | None = None,
) -> list[SeatSummary]:
    """Each reviewed seat's summary: classed decisions, mean loss, counts per class, accuracy, and the rating it
    played like (the shipped calibration of the record's mode, for a review at `settings`: default the review's
    default budget)."""
    game = get_game(record.game)
    try:
        mode: str | None = mode_of(game, record.rules)[0]
    except ValueError:  # not a rated mode
        mode = None
    budget = review_budget(settings or ReviewSettings(), game.has_hidden_information, game.name)
    out = []
    for seat in seats:
        mine = [d for d in decisions if d.seat == seat]
        counted = [d for d in mine if d.counted]
        losses = [d.loss for d in counted if d.loss is not None]
        accs = [d.accuracy for d in counted if d.accuracy is not None]
        agent = record.agents[seat].get("name", "") if seat < len(record.agents) else ""
        mean_loss = sum(losses) / len(losses) if losses else None
        like = played_like(game.name, mode, budget, mean_loss, len(losses))
        out.append(
            SeatSummary(
                seat=seat,
                player=game.player_name(seat),
                agent=str(agent),
                decisions=len(counted),
                forced=sum(d.cls == FORCED for d in mine),
                mean_loss=mean_loss,
                counts={c: sum(d.cls == c for d in counted) for c in CLASSES},
                accuracy=sum(accs) / len(accs) if accs else None,
                unit=unit,
                played_like=like.rating,
                played_like_low=like.low,
                played_like_high=like.high,
                played_like_note=like.note,
            )
        )
    return out


def series(decisions: Sequence[DecisionReview]) -> list[SeriesPoint]:
    """The graph: for every classed decision, the deciding seat's best value and the loss of its move."""
    out = []
    for d in decisions:
        if not d.counted or d.best_value is None:
            continue
        proven = d.best_value.kind if d.best_value.proven else None
        left = d.played_value.kind if d.played_value is not None and d.played_value.proven else None
        out.append(SeriesPoint(d.index, d.deal, d.ply, d.seat, d.best_value.value, d.loss or 0.0, d.cls, proven, left))
    return out


def view_note(hidden_information: bool) -> str:
    """What the review's values were searched from, in words."""
    if hidden_information:
        return (
            "every decision was searched from the deciding seat's information state at that moment (what that "
            "player could see), never from the full state of the record"
        )
    return "every decision was searched from the position (perfect information); proven values are facts"


def _decision_task(spec: Mapping[str, Any], index: int) -> dict[str, Any]:
    """A batch task: decision `index` of the record in `spec` (plain data), reviewed."""
    reviewer = Reviewer(GameRecord.from_dict(spec["record"]), ReviewSettings.from_dict(spec["settings"]))
    return reviewer.decision(index).to_dict()


def record_digest(record: GameRecord) -> str:
    """A short digest of a record (names it in a results file's header)."""
    return hashlib.sha256(json.dumps(record.to_dict(), sort_keys=True).encode()).hexdigest()[:16]


def review(
    record: GameRecord | Mapping[str, Any] | str | Path,
    settings: ReviewSettings | None = None,
    *,
    runner: Runner | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    on_decision: Callable[[DecisionReview], None] | None = None,
) -> Review:
    """Reviews every decision of `record` (a GameRecord, its dict or its JSON file) of the seats in `settings`.

    Each decision is a task of `runner` (default: in this process); `out` is the results file keeping each
    decision as it is reviewed, `resume` continues it (the decisions in it are not searched again).
    `on_decision` gets each decision as it arrives (in the order they finish)."""
    start = time.monotonic()
    reviewer = Reviewer(record, settings)
    rec, chosen = reviewer.record, reviewer.settings
    spec = {"record": rec.to_dict(), "settings": chosen.to_dict()}
    header = {"job": "review", "game": rec.game, "record": record_digest(rec), "settings": chosen.to_dict()}
    journal = Journal(out, header, resume) if out is not None else None
    tasks = [Task(f"decision/{i}", _decision_task, (spec, i)) for i in reviewer.indices]

    def arrived(_key: str, result: Any) -> None:
        if on_decision is not None:
            on_decision(DecisionReview.from_dict(result))

    own = runner is None
    run = runner if runner is not None else Runner(1)
    try:
        results = run.run(tasks, journal, arrived)
    finally:
        if own:
            run.close()
    decisions = [DecisionReview.from_dict(results[t.key]) for t in tasks]
    if not reviewer.hidden:
        decisions = settle(decisions, rec.game)
    classed = [d for d in decisions if d.counted]
    unit = classed[0].unit if classed else (reviewer.game.return_unit if reviewer.hidden else EVAL_UNIT)
    th = thresholds_for(rec.game, unit)
    seats = chosen.seats if chosen.seats is not None else tuple(range(len(rec.agents)))
    return Review(
        game=rec.game,
        rules=dict(reviewer.rules),
        seed=chosen.seed,
        hidden_information=reviewer.hidden,
        view_note=view_note(reviewer.hidden),
        settings=chosen.to_dict(),
        thresholds=th.to_dict(),
        decisions=decisions,
        summaries=summaries(rec, decisions, seats, unit, chosen),
        series=series(decisions),
        time_s=time.monotonic() - start,
    )


def review_decision(
    record: GameRecord | Mapping[str, Any] | str | Path, index: int, settings: ReviewSettings | None = None
) -> DecisionReview:
    """Reviews decision `index` of `record` alone (what :func:`review` does for each)."""
    return Reviewer(record, settings).decision(index)


__all__ = [
    "DEFAULT_NODES_HIDDEN",
    "DEFAULT_NODES_PERFECT",
    "DEFAULT_RUNS",
    "UNVALUED",
    "Decision",
    "DecisionReview",
    "MoveValue",
    "Review",
    "ReviewError",
    "ReviewSettings",
    "Reviewer",
    "SeatSummary",
    "SeriesPoint",
    "as_record",
    "decisions_of",
    "review",
    "review_budget",
    "review_decision",
    "series",
    "settle",
    "summaries",
    "view_note",
]
