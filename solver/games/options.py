"""Rule options: declared per game, validated with errors that name the key and the allowed values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .._core import RuleOptionError


@dataclass(frozen=True)
class OptionSpec:
    """One rule option: its name, default, type and (optionally) the allowed values or an integer range."""

    name: str
    default: Any
    help: str
    choices: Sequence[Any] | None = None
    min_value: int | None = None
    max_value: int | None = None

    def check(self, game: str, value: Any) -> Any:
        where = f"{game} option '{self.name}'"
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, str) and value.lower() in ("true", "false", "1", "0", "yes", "no"):
                value = value.lower() in ("true", "1", "yes")
            if not isinstance(value, bool):
                raise RuleOptionError(f"{where}: expected true or false, got {value!r}")
        elif kind is int:
            if isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    raise RuleOptionError(f"{where}: expected an integer, got {value!r}") from None
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleOptionError(f"{where}: expected an integer, got {value!r}")
            if self.min_value is not None and value < self.min_value:
                raise RuleOptionError(f"{where}: must be >= {self.min_value}, got {value}")
            if self.max_value is not None and value > self.max_value:
                raise RuleOptionError(f"{where}: must be <= {self.max_value}, got {value}")
        elif kind is str and not isinstance(value, str):
            raise RuleOptionError(f"{where}: expected a string, got {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise RuleOptionError(f"{where}: {value!r} is not one of {allowed}")
        return value


class RuleOptions(dict[str, Any]):
    """The validated rule options of one game, every option present. Validating them again for the same game
    returns them as they are: options are checked once, where they enter (a flag, a file, an API call)."""

    def __init__(self, game: str, values: Mapping[str, Any]) -> None:
        super().__init__(values)
        self.game = game


def validate_options(game: str, specs: Sequence[OptionSpec], given: Mapping[str, Any]) -> RuleOptions:
    """Checks `given` against `specs`; returns every option with defaults filled in."""
    if isinstance(given, RuleOptions) and given.game == game:
        return given
    by_name = {s.name: s for s in specs}
    out = {s.name: s.check(game, s.default) for s in specs}  # defaults in the same form as given values
    for key, value in given.items():
        spec = by_name.get(key)
        if spec is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise RuleOptionError(f"{game}: unknown rule option '{key}' (known options: {known})")
        out[key] = spec.check(game, value)
    return RuleOptions(game, out)
