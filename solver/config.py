"""TOML configuration of engine settings and rule options, merged with command-line flags.

A configuration file is optional; every setting has a default. Layout::

    [engine]
    algo = "alphabeta"      # or "mcts"; "ismcts" / "pimc" for hidden-information games
    time = 2.0              # seconds per search (used when no nodes/depth budget is given)
    nodes = 1000000         # node / iteration budget
    depth = 12              # alpha-beta depth budget
    threads = 1
    seed = 0
    hash_mb = 64            # alpha-beta transposition table
    exploration = 1.4       # MCTS settings
    rollout = "random"      # or "policy"
    solver = true
    transpositions = false
    memory_mb = 256
    objective = "auto"      # ISMCTS: "returns" (mean points), "wins" (win probability first), "auto" (the game's)

    [rules.connect4]        # rule options of one game (see `GameInfo.options`)

Unknown keys and bad values raise :class:`ConfigError` (``RuleOptionError`` for rule options) with the key's
path and the allowed values, e.g. ``engine.threads: must be >= 1, got 0``. Flags given on the command line
win over the file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from ._core import RuleOptionError
from .games import ALIASES, GAMES, GameInfo, get_game

ALGOS = ("alphabeta", "mcts", "ismcts", "pimc")
ROLLOUTS = ("random", "policy")
OBJECTIVES = ("auto", "returns", "wins")
DEFAULT_TIME_S = 2.0


class ConfigError(ValueError):
    """A configuration file or engine setting that cannot be used; the message names the key's path."""


@dataclass(frozen=True)
class EngineConfig:
    """Search settings. `time`, `nodes` and `depth` are None when not set (the search picks a default)."""

    algo: str = "alphabeta"
    time: float | None = None
    nodes: int | None = None
    depth: int | None = None
    threads: int = 1
    seed: int = 0
    hash_mb: int = 64
    exploration: float = 1.4
    rollout: str = "random"
    solver: bool = True
    transpositions: bool = False
    memory_mb: int = 256
    objective: str = "auto"

    def merged(self, **flags: Any) -> EngineConfig:
        """A copy with every flag that is not None applied (validated); flags win over the file."""
        given = {k: v for k, v in flags.items() if v is not None}
        return replace(self, **{k: check_engine_value(k, v) for k, v in given.items()})

    def search_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for :func:`solver.search.search` (MCTS settings only with algo = "mcts")."""
        kw: dict[str, Any] = {
            "algo": self.algo,
            "time": self.time,
            "nodes": self.nodes,
            "depth": self.depth,
            "threads": self.threads,
            "seed": self.seed,
            "hash_mb": self.hash_mb,
        }
        if self.algo == "mcts":
            kw.update(
                exploration=self.exploration,
                rollout=self.rollout,
                solver=self.solver,
                transpositions=self.transpositions,
                memory_mb=self.memory_mb,
            )
        elif self.algo == "ismcts":
            # ISMCTS keeps the game's defaults (GameInfo.ismcts_defaults, else exploration 0.7 and the game's
            # rollout policy) unless they are changed.
            kw["memory_mb"] = self.memory_mb
            if self.objective != "auto":
                kw["objective"] = self.objective
            if self.exploration != EngineConfig.exploration:
                kw["exploration"] = self.exploration
            if self.rollout != EngineConfig.rollout:
                kw["rollout"] = self.rollout
        return kw


@dataclass(frozen=True)
class Config:
    """A whole configuration: engine settings and raw rule options per game (validated per game on use)."""

    engine: EngineConfig = field(default_factory=EngineConfig)
    rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def rules_for(self, game: GameInfo, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Validated rule options of `game`: file values, then `overrides` (e.g. from --rule flags)."""
        merged = {**self.rules.get(game.name, {}), **(overrides or {})}
        return game.check_options(merged)


def _number(kind: type, minimum: float | None, exclusive: bool = False) -> Callable[[str, Any], Any]:
    def check(path: str, value: Any) -> Any:
        if isinstance(value, str):
            try:
                value = kind(value)
            except ValueError:
                raise ConfigError(f"{path}: expected {_kind_name(kind)}, got {value!r}") from None
        ok = isinstance(value, int | float) if kind is float else isinstance(value, int)
        if isinstance(value, bool) or not ok:
            raise ConfigError(f"{path}: expected {_kind_name(kind)}, got {value!r}")
        value = kind(value)
        if minimum is not None and (value <= minimum if exclusive else value < minimum):
            raise ConfigError(f"{path}: must be {'>' if exclusive else '>='} {minimum:g}, got {value:g}")
        return value

    return check


def _kind_name(kind: type) -> str:
    return "a number" if kind is float else "an integer"


def _choice(choices: Iterable[str]) -> Callable[[str, Any], Any]:
    allowed = tuple(choices)

    def check(path: str, value: Any) -> Any:
        if value not in allowed:
            raise ConfigError(f"{path}: {value!r} is not one of {', '.join(map(repr, allowed))}")
        return value

    return check


def _boolean(path: str, value: Any) -> bool:
    if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "1", "0"):
        return value.lower() in ("true", "yes", "1")
    if not isinstance(value, bool):
        raise ConfigError(f"{path}: expected true or false, got {value!r}")
    return value


_ENGINE_CHECKS: dict[str, Callable[[str, Any], Any]] = {
    "algo": _choice(ALGOS),
    "time": _number(float, 0.0, exclusive=True),
    "nodes": _number(int, 1),
    "depth": _number(int, 1),
    "threads": _number(int, 1),
    "seed": _number(int, 0),
    "hash_mb": _number(int, 1),
    "exploration": _number(float, 0.0),
    "rollout": _choice(ROLLOUTS),
    "solver": _boolean,
    "transpositions": _boolean,
    "memory_mb": _number(int, 1),
    "objective": _choice(OBJECTIVES),
}
assert set(_ENGINE_CHECKS) == {f.name for f in fields(EngineConfig)}


def check_engine_value(key: str, value: Any) -> Any:
    """The validated value of engine setting `key`; ConfigError names ``engine.<key>`` and what is allowed."""
    check = _ENGINE_CHECKS.get(key)
    if check is None:
        raise ConfigError(f"engine.{key}: unknown key (allowed keys: {', '.join(_ENGINE_CHECKS)})")
    return check(f"engine.{key}", value)


def parse_config(data: Mapping[str, Any]) -> Config:
    """A :class:`Config` from already-parsed TOML data; every key and value is checked."""
    for section in data:
        if section not in ("engine", "rules"):
            raise ConfigError(f"{section}: unknown section (allowed sections: engine, rules)")
    engine_data = data.get("engine", {})
    if not isinstance(engine_data, Mapping):
        raise ConfigError("engine: expected a table of settings")
    engine = EngineConfig(**{k: check_engine_value(k, v) for k, v in engine_data.items()})
    rules_data = data.get("rules", {})
    if not isinstance(rules_data, Mapping):
        raise ConfigError("rules: expected one table per game, e.g. [rules.connect4]")
    rules: dict[str, dict[str, Any]] = {}
    for name, options in rules_data.items():
        if name.lower() not in GAMES and name.lower() not in ALIASES:
            raise ConfigError(f"rules.{name}: unknown game (known games: {', '.join(sorted(GAMES))})")
        game = get_game(name)
        if not isinstance(options, Mapping):
            raise ConfigError(f"rules.{name}: expected a table of rule options")
        for key, value in options.items():
            try:
                game.check_options({key: value})
            except RuleOptionError as e:
                raise RuleOptionError(f"rules.{name}.{key}: {e}") from None
        rules[game.name] = dict(options)
    return Config(engine=engine, rules=rules)


def load_config(path: str | Path | None) -> Config:
    """The configuration in the TOML file at `path`, or the defaults when `path` is None."""
    if path is None:
        return Config()
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise ConfigError(f"config file {path}: not found") from None
    except OSError as e:
        raise ConfigError(f"config file {path}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"config file {path}: invalid TOML: {e}") from None
    try:
        return parse_config(data)
    except ConfigError as e:
        raise ConfigError(f"config file {path}: {e}") from None
    except RuleOptionError as e:
        raise RuleOptionError(f"config file {path}: {e}") from None


def parse_rule_flags(flags: Iterable[str]) -> dict[str, str]:
    """``KEY=VALUE`` strings (from ``--rule``) as a dict; values are converted by each option's type later."""
    out: dict[str, str] = {}
    for flag in flags:
        key, sep, value = flag.partition("=")
        if not sep or not key.strip():
            raise RuleOptionError(f"--rule {flag!r}: expected KEY=VALUE")
        out[key.strip()] = value.strip()
    return out
