"""Rating ladders: the tournament that rates the pool of agents of a game's mode (the pools:
:mod:`solver.rating.pools`).

**Tournament.** Work comes in *units*: one deal (or 12-deal match) played once per seating of the two agents of a
*table* (colours alternated / seats swapped; in deterministic perfect-information games the deal starts with random
opening plies, the same for both seatings). Unit *n* of table (A, B) is seeded ``derive_seed(seed, "table", A, B, n)``.
The tournament runs in *rounds* of a fixed number of units: round 0 spreads them over neighbours of the pool's order;
every later round orders the pool by the current ratings and gives each pair of neighbours (and, a quarter as much, each
pair two apart) units in proportion to what a game there takes off the variance of the levels whose intervals are still
wider than the target — games go where the intervals are widest (see :meth:`Tournament.plan`). A round is planned from
the results of the rounds before it only, so the whole tournament is a function of its seed and budget, whatever the
number of workers. It stops when every level's 95% interval half-width is at most the target (30 points) or the game
budget is spent. The rounds' fits draw a small bootstrap (200 resamples), whose interval ends move by a few points from
one draw to the next: stopping at the first such fit within the target would pick a lucky draw. So a round whose fit is
within the target is fitted again with a fine bootstrap (``confirm``, 2,000 resamples, the same seed) and the tournament
stops only when that fit is within the target too; the fine fit is then the round's (its plan and its ladder).

Every game is kept as a :class:`~solver.play.record.GameRecord` in the tournament's results file (a
:class:`~solver.batch.runner.Journal`), from which a resumed run recomputes the same plan and carries on.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ..batch.runner import Journal, Runner, Task
from ..batch.seeds import check_seed, derive_seed
from ..games import GameInfo
from ..play.record import GameRecord
from .fit import Fit, Unit, unmeasured
from .fit import fit as fit_units
from .fit_cache import FitCache, chain
from .ladders import Ladder, Level
from .plan import PLAN, plan_round
from .pools import MODES, Entry, mode_of, pool
from .unit import play_unit

TARGET = 30.0
#: Games a level must have played before its interval counts towards convergence.
MIN_GAMES = 200
#: Resamples of the fit that confirms a round's fit within the target. On the shipped Haniwa 4-player results file
#: a level's half-width has a standard deviation of 0.5-3.4 points between the seeds of a 200-resample bootstrap,
#: 0.2-0.9 between those of a 2,000-resample one (docs/ladders.md, "The fit").
CONFIRM_BOOTSTRAP = 2000
ROUND_UNITS = 32


# --- the tournament --------------------------------------------------------------------------------------------


@dataclass
class Progress:
    """What a running tournament reports: games done and planned, the current fit (None before the first)."""

    games: int
    budget: int
    fit: Fit | None
    names: list[str]
    round_done: bool = False  # True once per round, after its fit
    replayed: bool = False  # a round of a resumed run whose games were all in the results file


@dataclass
class Tournament:
    """A ladder tournament for `game` under `rules` (one of its main modes) from `seed`."""

    game: GameInfo
    mode: str
    entries: list[Entry]
    seed: int = 0
    target: float = TARGET
    round_units: int = ROUND_UNITS
    bootstrap: int = 200
    results: dict[str, Any] = field(default_factory=dict)
    #: The games of the tournament this one extends (task key -> result, in the order played) and that
    #: tournament's pool (names); empty for a tournament of its own.
    base: dict[str, Any] = field(default_factory=dict)
    base_pool: list[str] = field(default_factory=list)
    #: The round index of the last fit of :meth:`run` (its bootstrap's seed).
    last_round: int = 0
    #: The target of the default search's top two levels where it is wider than `target` (None: the same).
    top_target: float | None = None
    #: Resamples of the bootstrap that confirms convergence (module docstring); 0 or at most `bootstrap`: none.
    confirm: int = CONFIRM_BOOTSTRAP
    #: The planner's version (`PLAN`); a resumed results file sets its own (:meth:`continue_from`).
    plan_version: int = PLAN
    _units: tuple[Any, int, list[Unit]] = field(default=(None, 0, []), repr=False, compare=False)

    @property
    def rules(self) -> dict[str, Any]:
        return dict(self.game.check_options(MODES[self.game.name][self.mode].rules))

    @property
    def opening_plies(self) -> int:
        return MODES[self.game.name][self.mode].opening_plies

    @property
    def teams(self) -> tuple[int, ...] | None:
        """The two sides of a table when the mode sets them (None: the rules' own)."""
        return MODES[self.game.name][self.mode].teams

    @property
    def anchor_name(self) -> str:
        """The level rated 0."""
        return MODES[self.game.name][self.mode].anchor

    def header(self) -> dict[str, Any]:
        """What identifies the tournament in its results file (not its game budget, so it can be extended)."""
        return {
            "job": "ladder",
            "game": self.game.name,
            "mode": self.mode,
            "rules": self.rules,
            "seed": self.seed,
            "pool": [asdict(e) for e in self.entries],
            "opening_plies": self.opening_plies,
            **({"teams": list(self.teams)} if self.teams is not None else {}),
            "round_units": self.round_units,
            "target": self.target,
            **({"top_target": self.top_target} if self.top_target is not None else {}),
            "bootstrap": self.bootstrap,
            **({"plan": self.plan_version} if self.plan_version > 1 else {}),
            **({"extends": {"pool": self.base_pool, "units": len(self.base)}} if self.base_pool else {}),
        }

    def extend(self, header: Mapping[str, Any], results: Mapping[str, Any]) -> None:
        """Makes this tournament the continuation of the one of `header` (a results file's job) and its
        `results`, whose pool is a part of this one's (or the same, planned by an older planner: planned on by this
        one): its games count as played, the rounds go on from its ratings with every level of this pool."""
        mine = json.loads(json.dumps(self.header()))  # as the file holds it (tuples read back as lists)
        for key in ("job", "game", "mode", "rules", "seed", "opening_plies"):
            if header.get(key) != mine[key]:
                raise ValueError(
                    f"extend: not the same ladder ({key}: {header.get(key)!r} in the file, {mine[key]!r} here)"
                )
        entries = {e["name"]: e for e in mine["pool"]}
        old = [dict(e) for e in header.get("pool", [])]
        for e in old:
            if entries.get(e["name"]) != e:
                what = "is not in this pool" if e["name"] not in entries else "has other settings here"
                raise ValueError(f"extend: the file's level {e['name']!r} {what} (the pool only grows)")
        if len(old) == len(entries) and int(header.get("plan", 1)) >= self.plan_version:  # else: planned anew
            raise ValueError("extend: the pools are the same; use --resume on that file (or a larger --max-budget)")
        self.base = dict(results)
        self.base_pool = [e["name"] for e in old]

    def task(self, table: tuple[int, ...], n: int) -> Task:
        names = [self.entries[i].name for i in table]
        spec = {
            "game": self.game.name,
            "rules": self.rules,
            "sides": [asdict(self.entries[i]) for i in table],
            "seed": derive_seed(self.seed, "table", *names, n),
            "opening_plies": self.opening_plies,
            **({"teams": list(self.teams)} if self.teams is not None else {}),
        }
        cost = sum(self.entries[i].budget or 0 for i in table)  # the costliest units of a round start first
        return Task("~".join(names) + f"/{n}", play_unit, (spec,), priority=cost)

    def units(self) -> list[Unit]:
        """Every unit played so far, in a canonical order (by table, then unit number). Kept until results are
        added (a round fits, checks and writes the ladder from the same units)."""
        results, count, cached = self._units
        if results is self.results and count == len(self.results):
            return cached
        index = {e.name: i for i, e in enumerate(self.entries)}
        out = []
        for key in sorted(self.results, key=_unit_order):
            names = key.split("/")[0].split("~")
            out.append(Unit(tuple(index[x] for x in names), [list(p) for p in self.results[key]["points"]]))
        self._units = (self.results, len(self.results), out)
        return out

    def fit(self, round_index: int = 0, samples: int | None = None) -> Fit:
        """The current ratings with bootstrap intervals (`samples` resamples, by default `bootstrap`; seeded by
        the round)."""
        seed = derive_seed(self.seed, "bootstrap", round_index)
        return fit_units(self.units(), len(self.entries), self.anchor, samples or self.bootstrap, seed)

    @property
    def anchor(self) -> int:
        return [e.name for e in self.entries].index(self.anchor_name)

    def games(self) -> int:
        """Games played so far."""
        return sum(len(r["points"]) for r in self.results.values())

    def converged(self, current: Fit) -> bool:
        """Every level's half-width within the target, every level with MIN_GAMES games and its distance from the
        anchor measured (a bootstrap of one-sided games looks certain when it is not)."""
        return not any(self.wide(current)) and not unmeasured(self.units(), len(self.entries), self.anchor)

    def wide(self, current: Fit, few_games: bool = True) -> list[bool]:
        """Per entry: its half-width outside its target or (`few_games`) fewer than MIN_GAMES games played."""
        n = len(self.entries)
        games = self.games_per_entry() if few_games else [MIN_GAMES] * n
        return [current.half_width(i) > self.target_of(i) or games[i] < MIN_GAMES for i in range(n)]

    def target_of(self, i: int) -> float:
        """The half-width entry `i` must reach: `top_target` for the default search's two largest budgets when
        set, else `target`."""
        if self.top_target is None:
            return self.target
        main = sorted((e.budget or 0, k) for k, e in enumerate(self.entries) if e.main)
        return self.top_target if i in {k for _, k in main[-2:]} else self.target

    def games_per_entry(self) -> list[int]:
        """Games each entry has played."""
        index = {e.name: i for i, e in enumerate(self.entries)}
        out = [0] * len(self.entries)
        for key, r in self.results.items():
            for name in key.split("/")[0].split("~"):
                out[index[name]] += len(r["points"])
        return out

    def plan(self, current: Fit | None, units: int) -> list[tuple[tuple[int, int], int]]:
        """The tables of the next round (`units` units): :func:`solver.rating.plan.plan_round` with this
        tournament's planner."""
        # from plan 3 a level with few games is wide, as for stopping
        wide = self.wide(current, self.plan_version >= 3) if current is not None else [True] * len(self.entries)
        ratings = current.ratings if current is not None else None
        played = self.games_per_table()
        return plan_round(self.entries, ratings, wide, played, self.anchor, units, self.plan_version)

    def continue_from(self, header: Mapping[str, Any], results: Mapping[str, Any]) -> None:
        """Before resuming a results file: when it holds an extended tournament, its first games (as many as its
        header says) are that tournament's base again."""
        self.plan_version = int(header.get("plan", 1))  # files from before the key: the first planner
        extends = header.get("extends")
        if isinstance(extends, Mapping):
            keys = list(results)[: int(extends.get("units", 0))]
            self.base = {k: results[k] for k in keys}
            self.base_pool = list(extends.get("pool", []))

    def _next_units(self) -> dict[tuple[int, int], int]:
        """Per table, the next unit number after those of the base (an extended tournament goes on from it)."""
        index = {e.name: i for i, e in enumerate(self.entries)}
        out: dict[tuple[int, int], int] = {}
        for key in self.base:
            names, _, n = key.rpartition("/")
            a, b = sorted(index[x] for x in names.split("~"))
            out[(a, b)] = max(out.get((a, b), 0), int(n) + 1)
        return out

    def games_per_table(self) -> dict[tuple[int, int], int]:
        """Games played at each table (pool indices in order)."""
        index = {e.name: i for i, e in enumerate(self.entries)}
        out: dict[tuple[int, int], int] = {}
        for key, r in self.results.items():
            a, b = (index[x] for x in key.split("/")[0].split("~"))
            table = (min(a, b), max(a, b))
            out[table] = out.get(table, 0) + len(r["points"])
        return out

    def run(
        self,
        runner: Runner,
        game_budget: int,
        journal: Journal | None = None,
        on_progress: Callable[[Progress], None] | None = None,
        fits: FitCache | None = None,
    ) -> Fit:
        """Plays rounds until every interval is within the target or `game_budget` games are played (those of the
        journal included); returns the final fit. `fits` keeps each round's fit (a resumed run takes them from it
        instead of fitting every recorded round again)."""
        self.results = dict(self.base)
        counts = self._next_units()
        digest = chain(json.dumps(self.header(), sort_keys=True), self.base)

        def fitted(round_index: int, samples: int | None = None) -> Fit:
            key = digest if samples is None else f"{digest}/{samples}"
            kept = fits.get(round_index, key) if fits is not None else None
            if kept is not None:
                return kept
            made = self.fit(round_index, samples)
            if fits is not None:
                fits.put(round_index, key, made)
            return made

        def judged(round_index: int) -> Fit:
            """The round's fit; the fine one when the round's is within the target (module docstring)."""
            made = fitted(round_index)
            if self.confirm > self.bootstrap and self.converged(made):
                return fitted(round_index, self.confirm)
            return made

        current: Fit | None = judged(0) if self.base else None
        names = [e.name for e in self.entries]
        per_unit = len(_sides(self.game, self.rules, self.teams))
        round_index = 0

        def arrived(key: str, result: Any) -> None:
            self.results[key] = result
            if on_progress is not None:
                on_progress(Progress(self.games(), game_budget, current, names))

        while current is None or not (self.converged(current) or self.games() >= game_budget):
            planned = sum(counts.values()) * per_unit
            units = min(self.round_units, max(0, (game_budget - planned) // per_unit))
            if units == 0:
                break
            tasks: list[Task] = []
            for table, k in self.plan(current, units):
                first = counts.get(table, 0)
                tasks.extend(self.task(table, first + j) for j in range(k))
                counts[table] = first + k
            # a resumed run: the tasks of the file are not played again (the plan is the same)
            replayed = journal is not None and all(t.key in journal.done for t in tasks)
            self.results.update(runner.run(tasks, journal, arrived))
            round_index += 1
            digest = chain(digest, [t.key for t in tasks])
            current = judged(round_index)
            self.last_round = round_index
            if on_progress is not None:
                on_progress(Progress(self.games(), game_budget, current, names, round_done=True, replayed=replayed))
        self.last_round = round_index
        return current if current is not None else self.fit(round_index)

    def ladder(self, final: Fit, command: str, runs: list[dict[str, Any]]) -> Ladder:
        """The rated ladder: every entry with its rating, interval, games and time per decision."""
        apart = set(unmeasured(self.units(), len(self.entries), self.anchor))
        games = [0] * len(self.entries)
        seconds: list[list[float]] = [[] for _ in self.entries]  # summed by math.fsum: in any order of the games
        decisions = [0] * len(self.entries)
        index = {e.name: i for i, e in enumerate(self.entries)}
        for key, r in self.results.items():
            for name, (sec, dec) in zip(key.split("/")[0].split("~"), r["time"], strict=True):
                i = index[name]
                games[i] += len(r["points"])
                seconds[i].append(sec)
                decisions[i] += dec
        levels = [
            Level(
                e.name,
                e.kind,
                e.algo,
                e.budget,
                dict(e.settings),
                e.main,
                final.ratings[i],
                final.low[i],
                final.high[i],
                games[i],
                math.fsum(seconds[i]) / decisions[i] if decisions[i] else 0.0,
                i not in apart,
            )
            for i, e in enumerate(self.entries)
        ]
        return Ladder(
            self.game.name,
            self.mode,
            self.rules,
            levels,
            self.seed,
            command,
            self.games(),
            len(self.results),
            self.target,
            final.method,
            final.bootstrap,
            scale=f"Elo: 400 points = 10:1 odds; {self.anchor_name} = 0",
            runs=runs,
            anchor=self.anchor_name,
            fit_round=self.last_round,
            top_target=self.top_target,
        )

    def records(self) -> list[GameRecord]:
        """Every game of the tournament, in canonical order."""
        return [
            GameRecord.from_dict(d) for k in sorted(self.results, key=_unit_order) for d in self.results[k]["records"]
        ]


def _sides(info: GameInfo, rules: Mapping[str, Any], teams: tuple[int, ...] | None = None) -> list[int]:
    table = list(teams) if teams is not None else (info.teams(rules) or list(range(info.num_players(rules))))
    return sorted(set(table))


def _unit_order(key: str) -> tuple[str, int]:
    table, _, n = key.rpartition("/")
    return table, int(n)


def tournament(
    game: str | GameInfo,
    rules: Mapping[str, Any] | None = None,
    seed: int = 0,
    max_budget: int | None = None,
    target: float = TARGET,
    round_units: int = ROUND_UNITS,
    bootstrap: int = 200,
    min_budget: int | None = None,
    top_target: float | None = None,
    confirm: int = CONFIRM_BOOTSTRAP,
) -> Tournament:
    """The tournament of the ladder of `game` under `rules` (a main mode)."""
    mode, info = mode_of(game, rules)
    check_seed(seed)
    if len(_sides(info, info.check_options(rules), MODES[info.name][mode].teams)) != 2:
        raise ValueError(f"{info.name}: ladders of more than two sides are not supported yet")
    if not target > 0 or not math.isfinite(target):
        raise ValueError(f"target: must be a positive number of rating points, got {target}")
    if top_target is not None and not (math.isfinite(top_target) and top_target >= target):
        raise ValueError(f"top target: must be at least the target ({target:g}), got {top_target}")
    if round_units < 1:
        raise ValueError(f"round units: must be >= 1, got {round_units}")
    if confirm < 0:
        raise ValueError(f"confirm: must be a number of bootstrap resamples (0: none), got {confirm}")
    entries = pool(info, mode, max_budget, min_budget)
    return Tournament(info, mode, entries, seed, target, round_units, bootstrap, top_target=top_target, confirm=confirm)


__all__ = ["Progress", "Tournament", "play_unit", "tournament"]
