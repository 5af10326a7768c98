"""One typed description of a search: :class:`SearchSettings` (algorithm, its options, budgets, seed).

Everything that runs a search — ``solver.search``, the CLI, the TOML configuration, agents in a match, experiments
and tournaments — builds a ``SearchSettings`` and nothing else. Values are validated once, here, when the object is
made (finite numbers in range, known choices; the error names the setting). The game's defaults for the rules in
force are applied in one place, :meth:`SearchSettings.for_game`: the algorithm (ISMCTS for hidden-information
games, alpha-beta otherwise) and the per-game options of that algorithm (``GameInfo.search_defaults``, e.g.
Koi-Koi's exploration and objective, which differ between a single deal and a match).

An option left ``None`` means "the game's default, else the algorithm's". Options that do not belong to the chosen
algorithm are refused when given explicitly (:func:`check_applicable`) and dropped by :meth:`for_game` (a
configuration file may hold MCTS settings that apply only when MCTS is chosen).
"""

from __future__ import annotations

import copy
import math
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from .. import _core
from ..batch.seeds import MAX_SEED

if TYPE_CHECKING:
    from ..games.base import GameInfo

ALGOS = ("alphabeta", "mcts", "ismcts", "pimc", "solve")
HIDDEN_ALGOS = ("ismcts", "pimc")  # information-set searches (hidden-information games)
ROLLOUTS = ("random", "policy")
OBJECTIVES = ("returns", "wins", "match")
DEFAULT_TIME_S = 2.0
MAX_TIME_S = 7 * 24 * 3600.0  # a week: anything longer is a typo
MAX_NODES = 10**15
MAX_DEPTH = 1000
MAX_THREADS = 256


def _physical_memory_mb() -> int:
    """The machine's memory in MB (1 << 16 when the system does not say)."""
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") >> 20)
    except (AttributeError, ValueError, OSError):
        return 1 << 16


#: Largest table or node pool (MB): what the machine can plausibly give, its physical memory (the compiled
#: searches accept up to 65536 and raise ValueError "hash: cannot allocate N MB ..." when the memory is not there).
MAX_MEMORY_MB = max(1, min(1 << 16, _physical_memory_mb()))

#: The options of each algorithm (besides the budgets, threads and seed, which every search takes).
ALGO_OPTIONS: dict[str, tuple[str, ...]] = {
    "alphabeta": ("hash_mb",),
    "solve": ("hash_mb", "keep_table"),
    "mcts": (
        "exploration",
        "rollout",
        "solver",
        "transpositions",
        "memory_mb",
        "playout_plies",
        "eval_scale",
        "minimax_weight",
    ),
    "ismcts": ("exploration", "rollout", "return_scale", "objective", "memory_mb", "widening"),
    "pimc": ("num_worlds", "exact_plies", "exploration", "memory_mb"),
}
GENERAL = ("algo", "time", "nodes", "depth", "threads", "seed")


class SettingsError(ValueError):
    """A search setting that cannot be used; the message names the setting and what is allowed."""


def _number(kind: type, low: float, high: float, exclusive_low: bool = False) -> Callable[[str, Any], Any]:
    def check(name: str, value: Any) -> Any:
        if isinstance(value, str):
            try:
                value = kind(value)
            except ValueError:
                raise SettingsError(f"{name}: expected {_kind_name(kind)}, got {value!r}") from None
        ok = isinstance(value, int | float) if kind is float else isinstance(value, int)
        if isinstance(value, bool) or not ok:
            raise SettingsError(f"{name}: expected {_kind_name(kind)}, got {value!r}")
        if kind is float and not math.isfinite(value):
            raise SettingsError(f"{name}: must be a finite number, got {value}")
        value = kind(value)
        if value < low or (exclusive_low and value == low):
            raise SettingsError(f"{name}: must be {'>' if exclusive_low else '>='} {_text(low)}, got {_text(value)}")
        if value > high:
            raise SettingsError(f"{name}: must be <= {_text(high)}, got {_text(value)}")
        return value

    return check


def _text(x: float) -> str:
    return str(x) if isinstance(x, int) else f"{x:g}"


def _kind_name(kind: type) -> str:
    return "a number" if kind is float else "an integer"


def _choice(choices: Iterable[str]) -> Callable[[str, Any], Any]:
    allowed = tuple(choices)

    def check(name: str, value: Any) -> Any:
        if value not in allowed:
            raise SettingsError(f"{name}: {value!r} is not one of {', '.join(map(repr, allowed))}")
        return value

    return check


def _boolean(name: str, value: Any) -> bool:
    if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "1", "0"):
        return value.lower() in ("true", "yes", "1")
    if not isinstance(value, bool):
        raise SettingsError(f"{name}: expected true or false, got {value!r}")
    return value


CHECKS: dict[str, Callable[[str, Any], Any]] = {
    "algo": _choice(ALGOS),
    "time": _number(float, 0.0, MAX_TIME_S, exclusive_low=True),
    "nodes": _number(int, 1, MAX_NODES),
    "depth": _number(int, 1, MAX_DEPTH),
    "threads": _number(int, 1, MAX_THREADS),
    "seed": _number(int, 0, MAX_SEED),
    "hash_mb": _number(int, 1, MAX_MEMORY_MB),
    "exploration": _number(float, 0.0, 1000.0),
    "rollout": _choice(ROLLOUTS),
    "solver": _boolean,
    "transpositions": _boolean,
    "memory_mb": _number(int, 1, MAX_MEMORY_MB),
    "objective": _choice(OBJECTIVES),
    "return_scale": _number(float, 0.0, 1e9),
    "num_worlds": _number(int, 1, 1_000_000),
    "exact_plies": _number(int, 0, 1000),
    "widening": _number(float, 0.0, 1000.0),
    "playout_plies": _number(int, 0, 10_000),
    "eval_scale": _number(float, 0.0, 1e9, exclusive_low=True),
    "minimax_weight": _number(float, 0.0, 1.0),
    "keep_table": _boolean,
}


@dataclass(frozen=True)
class SearchSettings:
    """How to search: algorithm, budgets (first reached ends the search; none → DEFAULT_TIME_S seconds), threads,
    seed, and the algorithm's options (None: the game's default, else the algorithm's)."""

    algo: str | None = None
    time: float | None = None
    nodes: int | None = None
    depth: int | None = None
    threads: int = 1
    seed: int = 0
    hash_mb: int | None = None
    exploration: float | None = None
    rollout: str | None = None
    solver: bool | None = None
    transpositions: bool | None = None
    memory_mb: int | None = None
    objective: str | None = None
    return_scale: float | None = None
    num_worlds: int | None = None
    exact_plies: int | None = None
    widening: float | None = None  # ISMCTS progressive widening constant (0: off; None: the game's)
    playout_plies: int | None = None
    eval_scale: float | None = None
    minimax_weight: float | None = None
    keep_table: bool | None = None  # solve: keep the entries of the previous solve of the same game and rules

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                object.__setattr__(self, f.name, CHECKS[f.name](f.name, value))

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], where: str = "") -> SearchSettings:
        """Settings from a mapping (a TOML table, keyword arguments); unknown keys are refused. `where` prefixes
        the key in messages (e.g. ``engine.``)."""
        unknown = sorted(set(data) - set(CHECKS))
        if unknown:
            raise SettingsError(f"{where}{unknown[0]}: unknown setting (allowed: {', '.join(CHECKS)})")
        try:
            return cls(**_given(data))
        except SettingsError as e:
            raise SettingsError(f"{where}{e}") from None

    def with_seed(self, seed: int) -> SearchSettings:
        """A copy with another seed (checked): what every decision of an agent needs, without checking every
        other setting again as :meth:`merged` does."""
        out = copy.copy(self)
        object.__setattr__(out, "seed", CHECKS["seed"]("seed", seed))
        return out

    def merged(self, **changes: Any) -> SearchSettings:
        """A copy with every change that is not None applied (validated)."""
        given = _given(changes)
        unknown = sorted(set(given) - set(CHECKS))
        if unknown:
            raise SettingsError(f"{unknown[0]}: unknown setting (allowed: {', '.join(CHECKS)})")
        return replace(self, **given)

    def for_game(
        self,
        game: GameInfo,
        rules: Mapping[str, Any] | None = None,
        players: int | None = None,
        remaining_plies: int | None = None,
    ) -> SearchSettings:
        """These settings completed for `game` under the rule options `rules`: the algorithm chosen (ISMCTS for
        hidden information, else for one or two `players` the exact solver when the game ends within the game's
        ``solve_plies`` (`remaining_plies`: the position's bound, when known) and alpha-beta otherwise, MCTS for
        more players), the game's defaults for it filled in where nothing was set, options of other algorithms
        dropped."""
        hidden = game.has_hidden_information
        if players is None:
            players = game.num_players(rules)
        short = remaining_plies is not None and remaining_plies <= game.solve_plies
        algo = self.algo or ("ismcts" if hidden else ("solve" if short else "alphabeta") if players <= 2 else "mcts")
        if not hidden and algo in HIDDEN_ALGOS:
            raise SettingsError(f"algo: {game.name} has no hidden information: use 'alphabeta' or 'mcts'")
        if algo == "solve":
            check_solvable(game, hidden, players, self.threads)
        own = set(ALGO_OPTIONS[algo])
        values = {k: v for k, v in asdict(self).items() if k in GENERAL or (k in own and v is not None)}
        values["algo"] = algo
        for key, value in game.search_defaults(algo, rules).items():
            if values.get(key) is None:
                values[key] = value
        return SearchSettings(**values)

    def options(self) -> dict[str, Any]:
        """The options of the algorithm that are set (keyword arguments of the compiled search)."""
        if self.algo is None:
            raise SettingsError("algo: not chosen yet (call for_game first)")
        return {k: getattr(self, k) for k in ALGO_OPTIONS[self.algo] if getattr(self, k) is not None}

    def budget(self) -> dict[str, Any]:
        """time / nodes / depth with the default time applied when no budget is set."""
        if self.time is None and self.nodes is None and self.depth is None:
            return {"time": DEFAULT_TIME_S, "nodes": None, "depth": None}
        return {"time": self.time, "nodes": self.nodes, "depth": self.depth}

    def limits(self) -> Any:
        """The compiled ``_core.SearchLimits`` of the budgets, threads and seed."""
        b = self.budget()
        limits = _core.SearchLimits()
        limits.time_s = float(b["time"] or 0.0)
        limits.nodes = int(b["nodes"] or 0)
        limits.depth = int(b["depth"] or 0)
        limits.threads = int(self.threads)
        limits.seed = int(self.seed)
        return limits

    def to_dict(self) -> dict[str, Any]:
        """The settings that are set, as plain data (for records and JSON)."""
        return {k: v for k, v in asdict(self).items() if v is not None}

    def describe(self) -> str:
        """A short human form, e.g. 'ismcts nodes=20000 exploration=1.4 objective=wins'."""
        d = self.to_dict()
        head = d.pop("algo", "auto")
        if self.threads == 1:
            del d["threads"]
        return " ".join([head, *(f"{k}={v}" for k, v in d.items())])


def _given(values: Mapping[str, Any]) -> dict[str, Any]:
    """The values that are set ("auto" for the objective means not set: the game's default)."""
    return {k: v for k, v in values.items() if v is not None and not (k == "objective" and v == "auto")}


def check_solvable(game: GameInfo, hidden: bool, players: int, threads: int) -> None:
    """Refuses the exact solver where it cannot run: hidden information, more than two players, a game of
    unbounded length, several threads."""
    if hidden:
        raise SettingsError(f"algo: 'solve' needs everything known; {game.name} has hidden information")
    if players > 2:
        raise SettingsError(f"algo: 'solve' needs one or two players, this position has {players}")
    if not hasattr(game.core.State, "solve"):
        raise SettingsError(
            f"algo: 'solve' needs a game of bounded length; {game.name} games can go on (use 'alphabeta')"
        )
    if threads != 1:
        raise SettingsError(f"threads: 'solve' runs on one thread, got {threads}")


def check_applicable(algo: str | None, given: Iterable[str]) -> None:
    """Refuses options given explicitly that the algorithm `algo` does not take (None: any algorithm's)."""
    given = [k for k in given if k not in GENERAL]
    unknown = [k for k in given if k not in CHECKS]
    if unknown:
        allowed = ALGO_OPTIONS[algo] if algo in ALGO_OPTIONS else sorted(CHECKS)
        raise SettingsError(f"unknown search option {unknown[0]!r} (options: {', '.join(allowed)})")
    if algo is None:
        return
    if algo not in ALGO_OPTIONS:
        raise SettingsError(f"algo: {algo!r} is not one of {', '.join(map(repr, ALGOS))}")
    wrong = [k for k in given if k not in ALGO_OPTIONS[algo]]
    if wrong:
        owners = [a for a, opts in ALGO_OPTIONS.items() if wrong[0] in opts]
        raise SettingsError(
            f"search option {wrong[0]!r} does not apply to algo {algo!r} (it applies to "
            f"{' / '.join(map(repr, owners))} only)"
        )
