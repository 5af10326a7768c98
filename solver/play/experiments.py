"""Strength experiments: the ISMCTS AI against a baseline on paired deals, with 95% confidence intervals.

Game-agnostic: any game with hidden information and two or more sides (seats, or teams) works; everything
particular to a game — dealing, the deals of a match, the greedy baseline, the unfair peeking worlds — comes from
its package through :class:`~solver.games.base.GameInfo`, and the games are played by :mod:`solver.play.match`.

Every unit (a deal, or a whole match when the rules have several deals) is played once per rotation of the sides
around the table (two sides: seats swapped; more: the ISMCTS side sits at every seat once, the others are all the
baseline) on the same deals, so the luck of the deal cancels out; unit *k* of an
experiment seeded *s* is played from ``derive_seed(s, "unit", k)`` (:mod:`solver.batch.seeds`), so a run is exactly
reproducible whatever the order in which units are played.

Sides (each sees only its own information state, as at a real table):
  ismcts  SO-ISMCTS with `iterations` iterations per decision (the game's defaults for the rules in force), or with
          `time` seconds per decision instead (equal-time comparisons; a time budget is not reproducible: the
          iterations done depend on the machine and its load).
  pimc    PIMC with the same iteration budget over PIMC_WORLDS worlds.
  random  a uniformly random legal move.
  greedy  the game's greedy baseline (``GameInfo.greedy_move``).
  ismcts  ISMCTS at the same budget with its own options (`opponent_options`, e.g. another objective), for paired
          comparisons of two settings of the AI.
Unfair reference runs (``peek="hand"`` / ``"all"``, games that define ``peek_worlds``): the ISMCTS side is told the
opponent's hand, or every hidden card. They bound what better inference or perfect knowledge would be worth with
the same search; the AI itself never peeks.

Results: over the games of non-drawn units, the ISMCTS win rate with a 95% Wilson interval; the mean point
difference per game (ISMCTS side minus opponent, from the match scores) with a 95% Student-t interval over the
units (the unit of independence; undefined for one unit). With more than two sides a game is won when the ISMCTS
side scores more than every other side (a tie for the top is a draw), the point difference is taken against the
best other side, and the ISMCTS side's mean score and the other sides' mean score are reported too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from time import perf_counter
from typing import Any

from ..batch.runner import BatchInterrupted, Journal, Runner, Task
from ..batch.seeds import check_seed, derive_seed
from ..games import GameInfo, get_game
from ..report.stats import Interval, mean_interval, wilson
from ..search.settings import SearchSettings
from .agents import Agent, GreedyAgent, PeekingAgent, RandomAgent, SearchAgent
from .match import Match, rotations, seat_agents, side_of, side_seats
from .record import GameRecord

OPPONENTS = ("random", "greedy", "pimc", "ismcts")
PEEKS = ("none", "hand", "all")
PIMC_WORLDS = 16


def make_side(
    game: GameInfo,
    kind: str,
    iterations: int,
    rules: Mapping[str, Any],
    search_options: Mapping[str, Any] | None = None,
    peek: str = "none",
    time: float | None = None,
) -> Agent:
    """The agent of one side: 'ismcts' (with `search_options`; `peek` makes it an unfair reference player),
    'pimc', 'random' or 'greedy'. The searching sides get `iterations` per decision, or `time` seconds when it is
    given."""
    if peek not in PEEKS:
        raise ValueError(f"peek: {peek!r} is not one of {', '.join(map(repr, PEEKS))}")
    budget: dict[str, Any] = {"nodes": iterations} if time is None else {"time": time}
    if kind == "ismcts":
        settings = SearchSettings.from_mapping({**(search_options or {}), "algo": "ismcts", **budget})
        if peek != "none":
            return PeekingAgent(game, settings, peek, rules)
        return SearchAgent(game, settings, rules)
    if peek != "none":
        raise ValueError("peek: only the ISMCTS side can peek")
    if kind == "ismcts-opponent":
        opts = {**(search_options or {}), "algo": "ismcts", **budget}
        return SearchAgent(game, SearchSettings.from_mapping(opts), rules, name="ismcts-opponent")
    if kind == "pimc":
        settings = SearchSettings.from_mapping({"algo": "pimc", "num_worlds": PIMC_WORLDS, **budget})
        return SearchAgent(game, settings, rules)
    if kind == "random":
        return RandomAgent()
    if kind == "greedy":
        return GreedyAgent(game)
    raise ValueError(f"opponent: {kind!r} is not one of {', '.join(map(repr, OPPONENTS))}")


@dataclass
class ExperimentResult:
    """Outcome of an experiment: per-game results of the ISMCTS side and the summary statistics."""

    game: str
    opponent: str
    units: int  # deals (or matches) played, once per seat rotation
    iterations: int
    seed: int
    rules: dict[str, Any]
    deals: int  # deals per unit (a match when > 1)
    search: dict[str, Any] = field(default_factory=dict)  # the ISMCTS settings used (game defaults included)
    peek: str = "none"
    opponent_search: dict[str, Any] = field(default_factory=dict)  # an ISMCTS opponent's settings
    wins: int = 0
    losses: int = 0
    draws: int = 0
    diffs: list[float] = field(default_factory=list)  # ISMCTS minus the best other side, per game, rotations in order
    seconds: float = 0.0
    sides: int = 2
    mine: list[float] = field(default_factory=list)  # the ISMCTS side's score per game
    others: list[float] = field(default_factory=list)  # the other sides' mean score per game
    time: float | None = None  # seconds per decision instead of `iterations` (not reproducible)
    interrupted: bool = False  # Ctrl-C stopped the run: `units` counts the units that finished

    @property
    def rotations(self) -> int:
        """Games per unit."""
        return len(self.diffs) // self.units if self.units else 2

    @property
    def win_rate(self) -> Interval:
        """ISMCTS wins among the non-drawn games."""
        return wilson(self.wins, self.wins + self.losses)

    @property
    def mean_diff(self) -> Interval:
        """Mean point difference per game (per match when a unit is a match), interval over the units."""
        r = max(1, self.rotations)
        units = [sum(self.diffs[i : i + r]) / r for i in range(0, len(self.diffs) - r + 1, r)]
        return mean_interval(units, "match" if self.deals > 1 else "deal")

    def add(self, diff: float) -> None:
        """Counts one game by its point difference."""
        self.diffs.append(diff)
        if diff > 0:
            self.wins += 1
        elif diff < 0:
            self.losses += 1
        else:
            self.draws += 1

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (the per-game differences included)."""
        d = asdict(self)
        d["win_rate"] = self.win_rate.to_dict()
        d["mean_diff"] = self.mean_diff.to_dict()
        return d

    def summary(self) -> str:
        """A few lines for the terminal."""
        unit, units = ("match", "matches") if self.deals > 1 else ("deal", "deals")
        games = self.wins + self.losses + self.draws
        settings = "".join(f", {k} {v}" for k, v in sorted(self.search.items()) if k not in ("algo", "nodes", "time"))
        budget = f"{self.iterations} iterations" if self.time is None else f"{self.time:g} s per decision"
        peeking = {"none": "", "hand": " PEEKING AT THE OPPONENT'S HAND", "all": " PEEKING AT EVERY HIDDEN CARD"}
        defaults = get_game(self.game).check_options(None)
        rules = ",".join(f"{k}={v}" for k, v in self.rules.items() if defaults.get(k) != v) or "defaults"
        return "\n".join(
            [
                f"{self.game}: ismcts ({budget}{settings}){peeking[self.peek]} vs {self.opponent}"
                + (
                    "".join(f", {k} {v}" for k, v in sorted(self.opponent_search.items()))
                    if self.opponent == "ismcts"
                    else ""
                )
                + ", "
                f"rules {rules}"
                + (f", {self.deals}-deal matches" if self.deals > 1 else "")
                + f": {self.units} {units} x {self.rotations} seatings = {games} games, seed {self.seed}",
                f"ismcts won {self.wins}, lost {self.losses}, drew {self.draws}",
                f"win rate of non-drawn games: {self.win_rate.text()}",
                f"mean point difference per {unit}"
                + (" (against the best other side)" if self.sides > 2 else "")
                + f": {self.mean_diff.text(2)}",
                *(
                    [f"mean score: ismcts {mean(self.mine):.2f}, the {self.sides - 1} others {mean(self.others):.2f}"]
                    if self.sides > 2
                    else []
                ),
                f"time: {self.seconds:.1f} s",
            ]
        )


def side_scores(record: GameRecord, rotation: int) -> list[float]:
    """Each side's (team's mean) score in a record made at `rotation`, side 0 first."""
    score = lambda seats: sum(record.scores[s] for s in seats) / len(seats)  # noqa: E731
    return [score(side_of(record, rotation, k)) for k in range(len(side_seats(record.teams)))]


def point_difference(record: GameRecord, rotation: int) -> float:
    """Side 0's score minus the best other side's in a record made at `rotation` (two sides: minus side 1's)."""
    scores = side_scores(record, rotation)
    return scores[0] - max(scores[1:])


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def run_experiment(
    game: str | GameInfo,
    opponent: str,
    units: int,
    iterations: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    search_options: Mapping[str, Any] | None = None,
    on_unit: Callable[[int], None] | None = None,
    peek: str = "none",
    on_record: Callable[[GameRecord], None] | None = None,
    opponent_options: Mapping[str, Any] | None = None,
    runner: Runner | None = None,
    out: str | None = None,
    resume: bool = False,
    time: float | None = None,
) -> ExperimentResult:
    """ISMCTS against `opponent` on `units` deals (matches when the rules have several deals) of `game`, each played
    once per seating. `search_options` override the game's ISMCTS defaults; `peek` makes the ISMCTS side an unfair
    reference player; `opponent_options` are the search options of an 'ismcts' opponent. `on_unit(k)` is called
    after each unit, `on_record(record)` after each game, as they arrive. Units run on `runner` (default: in this
    process); `out` is the results file (JSON lines) that keeps them as they arrive; with `resume` the units it
    holds are not played again. With `time`, the searching sides get that many seconds per decision instead of
    `iterations` (a time budget is not reproducible). Ctrl-C ends the run with the result of the units that
    finished (``interrupted`` True)."""
    info = get_game(game)
    if not info.has_hidden_information:
        raise ValueError(f"experiment: {info.name} has no hidden information (experiments compare ISMCTS players)")
    if units < 1:
        raise ValueError(f"games: must be >= 1, got {units}")
    if iterations < 1:
        raise ValueError(f"iterations: must be >= 1, got {iterations}")
    if time is not None and not time > 0:
        raise ValueError(f"time: must be > 0 seconds, got {time}")
    check_seed(seed)
    rules = info.check_options(options)
    teams = info.teams(rules) or list(range(info.num_players(rules)))
    sides = len(side_seats(teams))
    if sides < 2:
        raise ValueError(f"experiment: {info.name} under these rules has {sides} side: an experiment needs two or more")
    me = make_side(info, "ismcts", iterations, rules, search_options, peek, time)
    if opponent_options is not None and opponent != "ismcts":
        raise ValueError("opponent_options: only for the opponent 'ismcts'")
    if opponent == "ismcts":
        other = make_side(info, "ismcts-opponent", iterations, rules, opponent_options, time=time)
    else:
        other = make_side(info, opponent, iterations, rules, time=time)
    assert isinstance(me, SearchAgent)
    res = ExperimentResult(
        info.name,
        opponent,
        units,
        iterations,
        seed,
        dict(rules),
        info.match_deals(rules),
        search=me.search_settings.options(),
        peek=peek,
        sides=sides,
        time=time,
    )
    spec = {
        "game": info.name,
        "rules": dict(rules),
        "iterations": iterations,
        "search_options": dict(search_options or {}),
        "peek": peek,
        "opponent": opponent,
        "opponent_options": None if opponent_options is None else dict(opponent_options),
        **({} if time is None else {"time": time}),
    }
    start = perf_counter()
    tasks = [Task(f"unit/{k}", play_experiment_unit, (spec, derive_seed(seed, "unit", k))) for k in range(units)]

    def arrived(key: str, result: Any) -> None:
        if on_record is not None:
            for record in result["records"]:
                on_record(GameRecord.from_dict(record))
        if on_unit is not None:
            on_unit(int(key.split("/")[1]))

    journal = Journal(out, {"job": "experiment", **spec, "seed": seed}, resume) if out is not None else None
    run = runner or Runner()
    try:
        results = run.run(tasks, journal, arrived)
    except BatchInterrupted as e:  # Ctrl-C: the result of the units that finished
        results = e.results
        res.interrupted = True
    finally:
        if runner is None:
            run.close()
    res.units = sum(f"unit/{k}" in results for k in range(units))
    for k in range(units):
        if f"unit/{k}" not in results:
            continue
        unit = results[f"unit/{k}"]
        for diff in unit["diffs"]:
            res.add(diff)
        for scores in unit.get("scores", []):
            res.mine.append(scores[0])
            res.others.append(mean(scores[1:]))
    if isinstance(other, SearchAgent):
        res.opponent_search = other.search_settings.options()
    res.seconds = perf_counter() - start
    return res


def experiment_sides(spec: Mapping[str, Any]) -> tuple[GameInfo, dict[str, Any], Agent, Agent]:
    """The game, rules and the two sides of an experiment described by `spec` (plain data)."""
    info = get_game(spec["game"])
    rules = info.check_options(spec["rules"])
    time = spec.get("time")
    me = make_side(info, "ismcts", spec["iterations"], rules, spec["search_options"], spec["peek"], time)
    kind = "ismcts-opponent" if spec["opponent"] == "ismcts" else spec["opponent"]
    options = spec["opponent_options"] if spec["opponent"] == "ismcts" else None
    return info, rules, me, make_side(info, kind, spec["iterations"], rules, options, time=time)


def play_experiment_unit(spec: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """One unit of an experiment (a batch task): the deal(s) from `seed` once per seating. Returns the records and
    the ISMCTS side's point difference of each game."""
    info, rules, me, other = experiment_sides(spec)
    teams = info.teams(rules) or list(range(info.num_players(rules)))
    played = rotations(info, [me] + [other] * (len(side_seats(teams)) - 1), rules, seed)
    return {
        "records": [r.to_dict() for _, r in played],
        "diffs": [point_difference(r, rotation) for rotation, r in played],
        "scores": [side_scores(r, rotation) for rotation, r in played],
    }


def play_selfplay_game(spec: Mapping[str, Any], index: int) -> dict[str, Any]:
    """Game `index` of a selfplay series (a batch task): engine A (settings ``spec["a"]``) plays the seats of side
    ``index % 2`` against engine B on the deal and opening of pair ``index // 2``. Returns the record and A's
    result (1 win, 0.5 draw, 0 loss)."""
    info = get_game(spec["game"])
    rules = info.check_options(spec["rules"])
    a = SearchAgent(info, SearchSettings.from_mapping(spec["a"]), rules, name="A")
    b = SearchAgent(info, SearchSettings.from_mapping(spec["b"]), rules, name="B")
    teams = info.teams(rules) or list(range(info.num_players(rules)))
    rotation = index % 2
    seed = derive_seed(spec["seed"], "pair", index // 2)
    record = Match(info, seat_agents([a, b], teams, rotation), rules, seed, opening_plies=spec["opening_plies"]).play()
    mine = side_of(record, rotation, 0)
    result = 0.5 if not record.winners else 1.0 if mine[0] in record.winners else 0.0
    return {"record": record.to_dict(), "rotation": rotation, "a_seats": mine, "a_result": result}
