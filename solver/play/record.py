"""Game records: what happened at a table — who sat where, every deal's moves and scores, the totals and the
result — as plain data (JSON documents or JSON lines) that :class:`solver.play.match.Match` writes and every later job
(review, ladders, the web store, replays) reads."""

from __future__ import annotations

import gzip
import json
import math
from collections.abc import Callable, Mapping, Sequence
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
    def from_dict(cls, data: Any) -> GameRecord:
        """A record read back from :meth:`to_dict` data (any JSON value). RecordError names what is wrong with
        anything else: the field by its path and what it holds or lacks, e.g. ``game record: malformed at deals[0]:
        missing field 'seed'``, ``game record: malformed at deals[0].moves[2]: expected a string, got an integer
        (3)``, ``game record: malformed at teams: 3 entries for 2 seats (agents)``."""
        return _read_record(data)

    def for_game(self) -> GameRecord:
        """The record checked against its game (a record to play on, e.g. an upload): a known game, rules that
        game takes, and as many seats (agents) as the game has under those rules. RecordError names what is
        wrong."""
        from ..games import get_game

        try:
            info = get_game(self.game)
        except ValueError as e:
            raise RecordError(f"game record: game: {e}") from None
        try:
            rules = info.check_options(self.rules)
        except ValueError as e:
            raise RecordError(f"game record: rules: {e}") from None
        seats = info.num_players(rules)
        if len(self.agents) != seats:
            raise RecordError(
                f"game record: {len(self.agents)} seats (agents), but {info.name} has {seats} under these rules"
            )
        deals = info.match_deals(rules)
        if self.planned_deals not in (1, deals):  # 1: a match from a given position
            raise RecordError(
                f"game record: planned_deals: {self.planned_deals} deals, but a {info.name} match under these rules "
                f"has {deals}"
            )
        if len(self.deals) > self.planned_deals:
            raise RecordError(
                f"game record: deals: {len(self.deals)} deals, but the match has {self.planned_deals} (planned_deals)"
            )
        return self

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
            raise ValueError(f"game record {path}: {str(e).removeprefix('game record: ')}") from None


class RecordError(ValueError):
    """A game record that is not one: the message names the field (by its path) and what is wrong with it."""


class _BadFieldError(Exception):
    """What is wrong (`what`) at the path `where` ('' for the record itself)."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(where, what)
        self.where, self.what = where, what


#: Every field of a deal: its JSON kind and whether it may be left out (then its default).
_DEAL_FIELDS = {"start": ("string", True), "moves": ("strings", True), "final": ("string", True),
                "returns": ("numbers", True), "scores": ("numbers", True), "seed": ("seed", True),
                "finished": ("boolean", False)}  # fmt: skip
#: Every field of a record.
_RECORD_FIELDS = {"game": ("string", True), "rules": ("object", True), "seed": ("seed", True),
                  "agents": ("objects", True), "teams": ("integers", True), "deals": ("deals", False),
                  "scores": ("numbers", False), "winners": ("integers", False), "finished": ("boolean", False),
                  "planned_deals": ("count", False)}  # fmt: skip
_MAX_SEED = 2**63 - 1


def _got(value: Any) -> str:
    """A JSON value in words: its kind and (short) its text."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    kind = {int: "an integer", float: "a number", str: "a string", list: "a list", dict: "an object"}.get(
        type(value), f"a {type(value).__name__}"
    )
    if isinstance(value, list | dict):
        return f"{kind} of {len(value)}"
    text = repr(value)
    return f"{kind} ({text[:40] + '...' if len(text) > 40 else text})"


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def _is_integer(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_string(v: Any) -> bool:
    return isinstance(v, str)


def _is_seat(v: Any) -> bool:
    return _is_integer(v) and 0 <= v < 64


#: The lists of one kind of item: the check of an item and what it should be.
_ITEMS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "strings": (_is_string, "a string"),
    "numbers": (_is_number, "a (finite) number"),
    "integers": (_is_seat, "a seat or team number 0..63"),
}


def _value(kind: str, value: Any, where: str) -> Any:
    """`value` checked as a field of `kind`; RecordError names `where` and what is wrong."""
    wrong = None
    if kind == "string":
        wrong = None if isinstance(value, str) else "a string"
    elif kind == "boolean":
        wrong = None if isinstance(value, bool) else "true or false"
    elif kind == "seed":
        wrong = None if _is_integer(value) and 0 <= value <= _MAX_SEED else f"an integer 0..{_MAX_SEED}"
    elif kind == "count":
        wrong = None if _is_integer(value) and value >= 1 else "an integer >= 1"
    elif kind == "object":
        if not isinstance(value, Mapping):
            wrong = "an object"
        else:
            bad = next((k for k in value if not isinstance(k, str)), None)
            if bad is not None:
                raise _BadFieldError(where, f"a key is not a string ({bad!r})")
            return dict(value)
    elif not isinstance(value, list):
        wrong = "a list"
    else:
        item = _ITEMS.get(kind)
        if item is not None and not all(map(item[0], value)):  # the first wrong item named
            i, v = next((i, v) for i, v in enumerate(value) if not item[0](v))
            raise _BadFieldError(f"{where}[{i}]", f"expected {item[1]}, got {_got(v)}")
        if kind == "objects":
            return [_value("object", v, f"{where}[{i}]") for i, v in enumerate(value)]
        if kind == "deals":
            return [_read_deal(v, f"{where}[{i}]") for i, v in enumerate(value)]
        return list(value)
    if wrong is not None:
        raise _BadFieldError(where, f"expected {wrong}, got {_got(value)}")
    return value


def _fields(data: Any, spec: Mapping[str, tuple[str, bool]], where: str) -> dict[str, Any]:
    """The fields of the object `data` (at the path `where`, '' for the record) as `spec` says: the required ones
    present, none unknown, each checked."""
    if not isinstance(data, Mapping):
        raise _BadFieldError(where, f"expected an object, got {_got(data)}")
    unknown = [k for k in data if k not in spec]
    if unknown:
        raise _BadFieldError(where, f"unknown field {str(unknown[0])[:40]!r}")
    missing = [k for k, (_, required) in spec.items() if required and k not in data]
    if missing:
        raise _BadFieldError(where, f"missing field {missing[0]!r}")
    prefix = f"{where}." if where else ""
    return {k: _value(spec[k][0], v, f"{prefix}{k}") for k, v in data.items()}


def _read_deal(data: Any, where: str) -> DealRecord:
    return DealRecord(**_fields(data, _DEAL_FIELDS, where))


def _read_record(data: Any) -> GameRecord:
    try:
        record = GameRecord(**_fields(data, _RECORD_FIELDS, ""))
        _check_seats(record)
    except _BadFieldError as e:
        raise RecordError(f"game record: malformed{f' at {e.where}' if e.where else ''}: {e.what}") from None
    return record


def _check_seats(record: GameRecord) -> None:
    """Every seat (agent) has a string name and kind if any; every per-seat list of `record` has one entry per
    seat (agent), but a deal's returns and scores and the totals may be empty (a deal or a match unfinished)."""
    seats = len(record.agents)
    if seats == 0:
        raise _BadFieldError("agents", "no seat")
    for i, agent in enumerate(record.agents):
        for key in ("name", "kind"):
            if key in agent and not isinstance(agent[key], str):
                raise _BadFieldError(f"agents[{i}].{key}", f"expected a string, got {_got(agent[key])}")
    per_seat: list[tuple[str, list[Any], bool]] = [("teams", record.teams, False), ("scores", record.scores, True)]
    for k, deal in enumerate(record.deals):
        per_seat += [(f"deals[{k}].returns", deal.returns, True), (f"deals[{k}].scores", deal.scores, True)]
    for where, values, may_be_empty in per_seat:
        if len(values) != seats and not (may_be_empty and not values):
            raise _BadFieldError(where, f"{len(values)} entries for {seats} seats (agents)")
    bad = next((w for w in record.winners if w >= seats), None)
    if bad is not None:
        raise _BadFieldError("winners", f"seat {bad}, but the record has {seats} seats (agents)")


def append_record(path: str | Path, record: GameRecord) -> None:
    """Appends `record` as one JSON line to the file at `path` (a batch job's record file)."""
    with Path(path).open("a", encoding="utf-8") as f:
        f.write(json.dumps(record.to_dict()) + "\n")


def read_records(path: str | Path, ignore: Sequence[str] = ()) -> list[GameRecord]:
    """Every record of a JSON-lines record file (gzipped when its name ends in .gz), the top-level keys `ignore`
    dropped first (a script's own labels, e.g. 'pairing'); ValueError names the file and the line of a bad
    record."""
    records = []
    try:
        raw = Path(path).read_bytes()
        lines = (gzip.decompress(raw) if str(path).endswith(".gz") else raw).decode("utf-8").splitlines()
    except (OSError, UnicodeDecodeError, gzip.BadGzipFile, EOFError) as e:
        raise ValueError(f"record file {path}: cannot read it ({e})") from None
    for n, line in enumerate(lines, 1):
        if line.strip():
            try:
                data = json.loads(line)
                for key in ignore:
                    data.pop(key, None)
                records.append(GameRecord.from_dict(data))
            except (ValueError, AttributeError) as e:
                raise ValueError(f"record file {path}, line {n}: {e}") from None
    return records


def team_means(scores: Sequence[float], teams: Sequence[int]) -> dict[int, float]:
    """The mean score of each team's seats."""
    out: dict[int, list[float]] = {}
    for seat, team in enumerate(teams):
        out.setdefault(team, []).append(scores[seat])
    return {t: sum(v) / len(v) for t, v in sorted(out.items())}
