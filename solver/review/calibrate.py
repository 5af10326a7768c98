"""The games of a "played like" calibration (``kofun calibrate``): ladder levels playing each other, every game
reviewed, each seat a :class:`~solver.review.calibration.Sample`.

- **Levels.** The shipped ladder's levels of the mode (random, greedy, and the searches up to a budget), in rating
  order; their settings are the ladder's, so each plays exactly as it did when it was rated.
- **Tables and units.** Each pair of neighbours in rating order is a table; a unit is one deal played once per
  seating (paired, as the ladder plays: :func:`solver.rating.unit.play_unit`, with the mode's random opening
  plies), unit *n* of table (A, B) seeded ``derive_seed(seed, "calibrate", A, B, n)`` — a calibration seed, never
  the ladder's, so these games are not its rating games.
- **Review.** Every game of a unit is reviewed in the same task (at the review's default budget, or the one
  given); the task returns the records, each seat's level, mean loss, decisions and losses, and the CPU seconds of
  the play and of the review, so that the results file (a :class:`~solver.batch.runner.Journal`) keeps everything
  a fit or a check needs, and ``--resume`` continues it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..batch.runner import Task
from ..batch.seeds import check_seed, derive_seed
from ..games import get_game
from ..play.match import side_of
from ..play.record import GameRecord
from ..rating.ladders import Ladder, Level, shipped_ladder
from ..rating.pools import MODES, mode_of
from ..rating.unit import play_unit
from . import ReviewSettings, review, review_budget
from .calibration import Calibration, Sample, coverage, fit_calibration

#: The default top budget of the levels played (the cheap rungs; docs/review.md "Played like").
MAX_BUDGET = 4096
#: Match sizes (games of one level pooled) whose coverage a check reports.
GROUPS = (1, 2, 4, 8)


def choose_levels(
    ladder: Ladder, max_budget: int | None = MAX_BUDGET, names: Sequence[str] | None = None
) -> list[Level]:
    """The levels a calibration plays, weakest first: those named, in the order named (each plays its neighbours
    there: a calibration fitted again after its ladder moved two levels past each other keeps its games), or
    random, greedy and every measured search level of budget up to `max_budget`, by rating. ValueError names an
    unknown level or too few."""
    by_name = {lv.name: lv for lv in ladder.levels}
    if names:
        unknown = [n for n in names if n not in by_name]
        if unknown:
            raise ValueError(f"levels: {unknown[0]!r} is not a level of the ladder (levels: {', '.join(by_name)})")
        chosen = [by_name[n] for n in dict.fromkeys(names)]
    else:
        chosen = [
            lv
            for lv in ladder.levels
            if lv.kind != "search" or (lv.measured and (max_budget is None or (lv.budget or 0) <= max_budget))
        ]
    if len(chosen) < 2:
        raise ValueError("levels: a calibration needs at least two levels")
    return chosen if names else sorted(chosen, key=lambda lv: (lv.rating, lv.name))


@dataclass
class CalibrationJob:
    """The calibration games of `game` in `mode`: `levels` (weakest first), the seed, the review's settings."""

    game: str
    mode: str
    levels: list[Level]
    seed: int
    settings: ReviewSettings

    @property
    def rules(self) -> dict[str, Any]:
        return dict(get_game(self.game).check_options(MODES[self.game][self.mode].rules))

    def header(self) -> dict[str, Any]:
        """What identifies the job in its results file: not the number of games (a run can be extended), nor the
        ratings (the games depend on the levels' settings only)."""
        m = MODES[self.game][self.mode]
        return {
            "job": "calibrate",
            "game": self.game,
            "mode": self.mode,
            "rules": self.rules,
            "seed": self.seed,
            "levels": [_entry(lv) for lv in self.levels],
            "opening_plies": m.opening_plies,
            **({"teams": list(m.teams)} if m.teams is not None else {}),
            "review": self.settings.to_dict(),
        }

    def tables(self) -> list[tuple[Level, Level]]:
        """Each pair of neighbours in rating order."""
        return list(zip(self.levels, self.levels[1:], strict=False))

    def tasks(self, games_per_table: int) -> list[Task]:
        """The units of every table: as many as make `games_per_table` games (rounded up to whole units)."""
        m = MODES[self.game][self.mode]
        seatings = len(set(m.teams)) if m.teams is not None else _sides(self.game, self.rules)
        units = math.ceil(games_per_table / seatings)
        out = []
        for a, b in self.tables():
            for n in range(units):
                spec = {
                    "game": self.game,
                    "rules": self.rules,
                    "sides": [_entry(a), _entry(b)],
                    "seed": derive_seed(self.seed, "calibrate", a.name, b.name, n),
                    "opening_plies": m.opening_plies,
                    **({"teams": list(m.teams)} if m.teams is not None else {}),
                    "review": self.settings.to_dict(),
                }
                cost = (a.budget or 0) + (b.budget or 0)  # the costliest units start first
                out.append(Task(f"{a.name}~{b.name}/{n}", calibration_unit, (spec,), priority=cost))
        return out

    def ratings(self) -> dict[str, float]:
        return {lv.name: lv.rating for lv in self.levels}


def _sides(game: str, rules: Mapping[str, Any]) -> int:
    info = get_game(game)
    teams = info.teams(rules) or list(range(info.num_players(rules)))
    return len(set(teams))


def _entry(lv: Level) -> dict[str, Any]:
    return {"name": lv.name, "kind": lv.kind, "algo": lv.algo, "budget": lv.budget, "settings": dict(lv.settings)}


def calibration_unit(spec: Mapping[str, Any]) -> dict[str, Any]:
    """A batch task: one unit played (:func:`~solver.rating.unit.play_unit`) and each of its games
    reviewed. Returns the records, per game each seat's level, decisions, mean loss and losses, and the CPU
    seconds of the play and of each game's review."""
    start = time.process_time()
    unit = play_unit({k: v for k, v in spec.items() if k != "review"})
    played = time.process_time() - start
    settings = ReviewSettings.from_dict(spec["review"])
    names = [s["name"] for s in spec["sides"]]
    games, review_s, unit_name = [], [], ""
    for rotation, data in enumerate(unit["records"]):
        record = GameRecord.from_dict(data)
        start = time.process_time()
        result = review(record, settings)
        review_s.append(time.process_time() - start)
        unit_name = unit_name or next((s.unit for s in result.summaries), "")
        level = {seat: names[side] for side in range(len(names)) for seat in side_of(record, rotation, side)}
        seats = []
        for s in result.summaries:
            losses = [d.loss for d in result.decisions if d.seat == s.seat and d.counted and d.loss is not None]
            seats.append(
                {
                    "seat": s.seat,
                    "level": level[s.seat],
                    "decisions": len(losses),
                    "mean_loss": s.mean_loss,
                    "losses": losses,
                    "counts": s.counts,
                }
            )
        games.append(seats)
    return {**unit, "games": games, "play_s": played, "review_s": review_s, "unit": unit_name}


def samples_of(results: Mapping[str, Any], ratings: Mapping[str, float]) -> list[Sample]:
    """Every seat of every game of a job's results with a decision to judge (task key order), rated from
    `ratings` (the ladder's ratings of the levels)."""
    out = []
    for key in sorted(results, key=_order):
        for g, seats in enumerate(results[key]["games"]):
            for s in seats:
                if s["decisions"] >= 1 and s["mean_loss"] is not None:
                    name = s["level"]
                    out.append(Sample(name, ratings[name], float(s["mean_loss"]), int(s["decisions"]), _key(key, g, s)))
    return out


def _key(task: str, game: int, seat: Mapping[str, Any]) -> str:
    table, _, n = task.rpartition("/")
    return f"{table}/{int(n):06d}/{game}/{seat['seat']}"


def _order(key: str) -> tuple[str, int]:
    table, _, n = key.rpartition("/")
    return table, int(n)


@dataclass(frozen=True)
class Cost:
    """What a job's results cost: games, the CPU seconds of playing and reviewing them, decisions per seat."""

    games: int
    play_s: float
    review_s: float
    decisions: float

    @property
    def per_game(self) -> float:
        """CPU seconds per game, played and reviewed."""
        return (self.play_s + self.review_s) / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "per_game_s": self.per_game}


def cost_of(results: Mapping[str, Any]) -> Cost:
    """The cost of a job's results (every task in the file, this run's and earlier ones)."""
    games = sum(len(r["games"]) for r in results.values())
    play = sum(float(r["play_s"]) for r in results.values())
    rev = sum(sum(r["review_s"]) for r in results.values())
    seats = [s["decisions"] for r in results.values() for g in r["games"] for s in g]
    return Cost(games, play, rev, sum(seats) / len(seats) if seats else 0.0)


def job_for(
    game: str,
    rules: Mapping[str, Any] | None,
    seed: int,
    settings: ReviewSettings,
    max_budget: int | None = MAX_BUDGET,
    names: Sequence[str] | None = None,
) -> CalibrationJob:
    """The calibration job of `game` under `rules` (a rated mode with a shipped ladder). The ladder's own seed is
    refused: its games are the ladder's rating games."""
    mode, info = mode_of(game, rules)
    check_seed(seed)
    ladder = shipped_ladder(info.name, rules)
    if seed == ladder.seed:
        raise ValueError(f"seed: {seed} is the ladder's own seed (its rating games); choose another")
    return CalibrationJob(info.name, mode, choose_levels(ladder, max_budget, names), seed, settings)


def fit_job(job: CalibrationJob, results: Mapping[str, Any], command: str) -> Calibration:
    """The calibration fitted on a job's results."""
    cost = cost_of(results)
    hidden = get_game(job.game).has_hidden_information
    unit = _unit_of(results)
    return fit_calibration(
        samples_of(results, job.ratings()),
        game=job.game,
        mode=job.mode,
        rules=job.rules,
        unit=unit,
        review=review_budget(job.settings, hidden, job.game),
        games=cost.games,
        seed=job.seed,
        command=command,
        cpu_s=cost.play_s + cost.review_s,
    )


def _unit_of(results: Mapping[str, Any]) -> str:
    return next((str(r["unit"]) for r in results.values() if r.get("unit")), "")


def check_job(cal: Calibration, job: CalibrationJob, results: Mapping[str, Any], command: str) -> dict[str, Any]:
    """The coverage of `cal` on a job's (held-out) games, per match size of :data:`GROUPS`, and per level (single
    games): what ``kofun calibrate --check`` records in the calibration's ``validation``."""
    if job.seed == cal.seed:
        raise ValueError(f"check: seed {job.seed} made the calibration; held-out games need another seed")
    samples = samples_of(results, job.ratings())
    cost = cost_of(results)
    per_level = []
    for lv in job.levels:
        mine = [s for s in samples if s.level == lv.name]
        if mine:
            c = coverage(cal, mine)
            per_level.append({"name": lv.name, "rating": lv.rating, "n": c.n, "covered": c.covered})
    return {
        "seed": job.seed,
        "games": cost.games,
        "samples": len(samples),
        "command": command,
        "cpu_s": cost.play_s + cost.review_s,
        "coverage": [coverage(cal, samples, g).to_dict() for g in GROUPS],
        "per_level": per_level,
    }


__all__ = [
    "GROUPS",
    "MAX_BUDGET",
    "CalibrationJob",
    "Cost",
    "calibration_unit",
    "check_job",
    "choose_levels",
    "cost_of",
    "fit_job",
    "job_for",
    "samples_of",
]
