"""TOML configuration: search settings and rule options, merged with command-line flags.

A configuration file is optional; every setting has a default. Layout::

    [engine]                # any field of solver.search.settings.SearchSettings
    algo = "alphabeta"      # alphabeta | mcts | ismcts | pimc | solve (default: the game's)
    time = 2.0              # seconds per search (used when no nodes/depth budget is given)
    nodes = 1000000         # node / iteration budget
    depth = 12              # alpha-beta depth budget
    threads = 1
    seed = 0
    hash_mb = 64            # alpha-beta transposition table
    exploration = 1.4       # MCTS / ISMCTS / PIMC
    rollout = "random"      # or "policy"
    memory_mb = 256
    objective = "auto"      # ISMCTS: "returns" (mean points), "wins" (win probability first), "auto" (the game's)

    [rules.connect4]        # rule options of one game (see `GameInfo.options`)

Options of an algorithm other than the one chosen are ignored (a file may hold MCTS settings for when MCTS is
chosen). Unknown keys and bad values raise :class:`ConfigError` (``RuleOptionError`` for rule options) with the
file and the key's path, e.g. ``config file kofun.toml: engine.threads: must be >= 1, got 0``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._core import RuleOptionError
from ..games import ALIASES, GAMES, GameInfo, get_game
from .settings import SearchSettings, SettingsError


class ConfigError(SettingsError):
    """A configuration file that cannot be used; the message names the file and the key's path."""


@dataclass(frozen=True)
class Config:
    """A whole configuration: search settings and raw rule options per game (validated per game on use)."""

    engine: SearchSettings = field(default_factory=SearchSettings)
    rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def rules_for(self, game: GameInfo, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Validated rule options of `game`: file values, then `overrides` (e.g. from --rule flags)."""
        merged = {**self.rules.get(game.name, {}), **(overrides or {})}
        return game.check_options(merged)


def parse_config(data: Mapping[str, Any]) -> Config:
    """A :class:`Config` from already-parsed TOML data; every key and value is checked."""
    for section in data:
        if section not in ("engine", "rules"):
            raise ConfigError(f"{section}: unknown section (allowed sections: engine, rules)")
    engine_data = data.get("engine", {})
    if not isinstance(engine_data, Mapping):
        raise ConfigError("engine: expected a table of settings")
    try:
        engine = SearchSettings.from_mapping(engine_data, where="engine.")
    except SettingsError as e:
        raise ConfigError(str(e)) from None
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
    except UnicodeDecodeError:
        raise ConfigError(f"config file {path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"config file {path}: invalid TOML: {e}") from None
    try:
        return parse_config(data)
    except SettingsError as e:
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
