"""Game records: what happened at a table — who sat where, every deal's moves and scores, the totals and the
result — as plain data (JSON documents or JSON lines) that :class:`solver.play.match.Match` writes and every later job
(review, ladders, the web store, replays) reads."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class DealRecord:
    """One deal: start position, moves in notation, final position, returns and match scores of every seat."""

    start: str
    moves: list[str]
    final: str
    returns: list[float]
    scores: list[float]
    seed: int
    finished: bool = True


@dataclass
class GameRecord:
    """A whole match (one deal or several) between agents: who sat where, every deal, the totals and the result.

    ``scores`` are the per-seat match totals (the sum of the deals' scores); ``winners`` the seats of the team
    with the best total ([] after a draw or an unfinished match); ``team_scores`` the mean score of each team."""

    game: str
    rules: dict[str, Any]
    seed: int
    agents: list[dict[str, Any]]  # per seat: name and settings
    teams: list[int]  # team of each seat
    deals: list[DealRecord] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    finished: bool = True
    planned_deals: int = 1  # deals the match has (more than len(deals) while unfinished)

    # Single-deal views (the common case).
    @property
    def start(self) -> str:
        """The first deal's start position."""
        return self.deals[0].start

    @property
    def moves(self) -> list[str]:
        """Every move of every deal, in order."""
        return [m for d in self.deals for m in d.moves]

    @property
    def final(self) -> str:
        """The last deal's final position."""
        return self.deals[-1].final

    @property
    def returns(self) -> list[float]:
        """The last deal's returns."""
        return self.deals[-1].returns

    @property
    def winner(self) -> int | None:
        """The single winning seat, None for a draw, a team win or an unfinished match."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def team_scores(self) -> dict[int, float]:
        """Mean total score of each team's seats."""
        return team_means(self.scores, self.teams)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        """A record read back from :meth:`to_dict` data (ValueError names a missing or malformed field)."""
        try:
            deals = [DealRecord(**d) for d in data["deals"]]
            rest = {k: v for k, v in data.items() if k != "deals"}
            return cls(deals=deals, **rest)
        except (KeyError, TypeError) as e:
            raise ValueError(f"game record: malformed ({e})") from None

    def save(self, path: str | Path) -> None:
        """Writes the record as one JSON document."""
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Reads a record written by :meth:`save`; ValueError names the file on any problem."""
        try:
            return cls.from_dict(json.loads(Path(path).read_text()))
        except OSError as e:
            raise ValueError(f"game record {path}: {e.strerror}") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ValueError(f"game record {path}: not a JSON record ({e})") from None
        except ValueError as e:
            raise ValueError(f"game record {path}: {e}") from None


def append_record(path: str | Path, record: GameRecord) -> None:
    """Appends `record` as one JSON line to the file at `path` (a batch job's record file)."""
    with Path(path).open("a", encoding="utf-8") as f:
        f.write(json.dumps(record.to_dict()) + "\n")


def read_records(path: str | Path) -> list[GameRecord]:
    """Every record of a JSON-lines record file; ValueError names the file and the line of a bad record."""
    records = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"record file {path}: cannot read it ({e})") from None
    for n, line in enumerate(lines, 1):
        if line.strip():
            try:
                records.append(GameRecord.from_dict(json.loads(line)))
            except (ValueError, AttributeError) as e:
                raise ValueError(f"record file {path}, line {n}: {e}") from None
    return records


def team_means(scores: Sequence[float], teams: Sequence[int]) -> dict[int, float]:
    """The mean score of each team's seats."""
    out: dict[int, list[float]] = {}
    for seat, team in enumerate(teams):
        out.setdefault(team, []).append(scores[seat])
    return {t: sum(v) / len(v) for t, v in sorted(out.items())}
