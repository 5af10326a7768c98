"""The shipped rating ladders: a rated pool of agents per game and mode (``solver/data/ratings/<game>-<mode>.json``),
its levels, and where each ships."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .fit import ANCHOR
from .pools import MODES, mode_of


@dataclass
class Level:
    """One agent of a ladder: what it is (kind, algorithm, budget, full settings), its rating and interval, the
    games it played and its mean time per decision (seconds, on the machine that ran the tournament)."""

    name: str
    kind: str
    algo: str | None
    budget: int | None
    settings: dict[str, Any]
    main: bool
    rating: float = 0.0
    low: float = 0.0
    high: float = 0.0
    games: int = 0
    seconds_per_decision: float = 0.0
    #: False when the games do not measure this level's distance from random (see :func:`unmeasured`).
    measured: bool = True

    @property
    def half_width(self) -> float:
        """Half the width of the 95% interval."""
        return (self.high - self.low) / 2


@dataclass
class Ladder:
    """A rated pool of agents for one game and mode, as shipped in ``solver/data/ratings/<game>-<mode>.json``."""

    game: str
    mode: str
    rules: dict[str, Any]
    levels: list[Level]
    seed: int
    command: str
    games: int
    units: int
    target: float
    method: str
    bootstrap: int
    scale: str = "Elo: 400 points = 10:1 odds; random = 0"
    runs: list[dict[str, Any]] = field(default_factory=list)
    #: The level rated 0 (random, or where random never wins a game the lowest search level).
    anchor: str = ANCHOR
    #: The round whose seed drew the final fit's bootstrap (``derive_seed(seed, "bootstrap", fit_round)``): with the
    #: results file it refits the ladder exactly (:func:`solver.rating.journals.refit`). None in files made before.
    fit_round: int | None = None
    #: The half-width the default search's two top levels were run to when wider than `target` (the CPU time for
    #: the target would have been too much: docs/ladders.md); None: every level to `target`.
    top_target: float | None = None

    @property
    def converged(self) -> bool:
        """True when every level is measured and its 95% interval half-width is at most its target (the top
        two levels of the default search: `top_target` when set)."""
        return all(lv.measured and lv.half_width <= self.target_of(lv) for lv in self.levels)

    def target_of(self, level: Level) -> float:
        """The half-width `level` was run to."""
        if self.top_target is not None and level.name in {lv.name for lv in self.top_levels()}:
            return self.top_target
        return self.target

    def main_levels(self) -> list[Level]:
        """The default search at its budgets, smallest budget first."""
        return sorted((lv for lv in self.levels if lv.main), key=lambda lv: lv.budget or 0)

    def top_levels(self) -> list[Level]:
        """The default search's two top levels: the ones `top_target` allows wider."""
        return self.main_levels()[-2:]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (an undefined interval bound: null)."""
        d = asdict(self)
        for lv in d["levels"]:
            for key in ("low", "high"):
                lv[key] = lv[key] if math.isfinite(lv[key]) else None
        d["converged"] = self.converged
        d["wall_time_s"] = sum(float(r.get("wall_time_s", 0.0)) for r in self.runs)
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ladder:
        """A ladder read back from :meth:`to_dict` data."""
        try:
            rest = {k: v for k, v in data.items() if k not in ("levels", "converged", "wall_time_s")}
            levels = []
            for lv in data["levels"]:  # a null bound: an undefined interval
                low = -math.inf if lv.get("low", 0.0) is None else lv.get("low", 0.0)
                high = math.inf if lv.get("high", 0.0) is None else lv.get("high", 0.0)
                levels.append(Level(**{**lv, "low": low, "high": high}))
            return cls(levels=levels, **rest)
        except (KeyError, TypeError) as e:
            raise ValueError(f"rating ladder: malformed ({e})") from None

    def save(self, path: str | Path) -> None:
        """Writes the ladder as JSON."""
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Ladder:
        """Reads a ladder file; ValueError names the file on any problem."""
        try:
            return cls.from_dict(json.loads(Path(path).read_text()))
        except OSError as e:
            raise ValueError(f"rating ladder {path}: {e.strerror}") from None
        except (json.JSONDecodeError, ValueError) as e:
            raise ValueError(f"rating ladder {path}: {e}") from None


def shipped_path(game: str, mode: str) -> Path:
    """Where the ladder of `game` in `mode` ships (it may not exist)."""
    return Path(str(resources.files("solver") / "data" / "ratings" / f"{game}-{mode}.json"))


def shipped_ladder(game: Any, rules: Mapping[str, Any] | None = None) -> Ladder:
    """The shipped ladder of `game` under `rules`; ValueError when the mode has none yet."""
    mode, info = mode_of(game, rules)
    path = shipped_path(info.name, mode)
    if not path.exists():
        raise ValueError(
            f"{info.name} ({mode}): no rating ladder is shipped yet (make one with: kofun ladder {info.name}"
            + "".join(f" --rule {k}={v}" for k, v in mode_rules(info.name, mode).items())
            + ")"
        )
    return Ladder.load(path)


def mode_rules(game: str, mode: str) -> dict[str, Any]:
    """The rule options that select `mode` of `game`."""
    return dict(MODES[game][mode].rules)


__all__ = ["Ladder", "Level", "mode_rules", "shipped_ladder", "shipped_path"]
