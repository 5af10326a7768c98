"""The messages of kofun's table protocol: one definition for the web page (WebSocket) and for ``kofun engine``
(JSON lines on stdin / stdout). docs/protocol.md shows each message with an example.

Every message is a JSON object with a ``type``. A request may carry an ``id`` (a number or a short string): every
reply to it carries the same ``id``. Messages the server sends on its own (a table's new state, an AI's thinking)
have no ``id``. A request that cannot be read or done is answered with ``{"type": "error", "message": ...}``
naming what is wrong; the connection and the tables go on.

Requests are checked strictly (:func:`parse_request`): unknown fields, wrong types, over-long strings or lists
are errors. Replies are plain dicts built by :func:`reply`.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, TypeAdapter, ValidationError

PROTOCOL_VERSION = 1
#: The longest request accepted (bytes of JSON); an uploaded record may be this long.
MAX_MESSAGE_BYTES = 4 * 1024 * 1024
#: What a longer message is answered (docs/protocol.md).
TOO_LONG = f"message too long (at most {MAX_MESSAGE_BYTES} bytes)"

Id = StrictInt | Annotated[str, Field(max_length=64)]
Name = Annotated[str, Field(min_length=1, max_length=64)]
Token = Annotated[str, Field(min_length=1, max_length=128)]
TableId = Annotated[str, Field(min_length=1, max_length=64)]
#: A player's profile name as sent (checked by :func:`solver.rating.profiles.check_name`: 1 to 40 characters).
PlayerName = Annotated[str, Field(max_length=200)]
#: A rule's value: a number, a flag, a word, or a short list of words (Sensei's pits, as the catalog sends them).
RuleValue = (
    StrictInt
    | StrictBool
    | float
    | Annotated[str, Field(max_length=64)]
    | Annotated[list[Annotated[str, Field(max_length=64)]], Field(max_length=64)]
)
Rules = Annotated[dict[Annotated[str, Field(max_length=64)], RuleValue], Field(max_length=32)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    id: Id | None = None


class HumanSeat(BaseModel):
    """A seat for a person: whoever holds its token plays it. `player` is the person's profile name: the seat is
    named by it and the finished game, when rated, updates that profile's rating."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Literal["human"]
    name: Annotated[str, Field(max_length=40)] = ""
    player: PlayerName | None = None


class AISeat(BaseModel):
    """A seat for the engine: a level of the game's rated ladder (``level`` 1 = weakest), the rated agent nearest
    ``rating``, or full strength (``time`` seconds per move, not rated). Exactly one of the three."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Literal["ai"]
    level: Annotated[int, Field(ge=1, le=64)] | None = None
    rating: Annotated[float, Field(ge=-10000, le=10000, allow_inf_nan=False)] | None = None
    time: Annotated[float, Field(gt=0, le=600, allow_inf_nan=False)] | None = None


Seat = Annotated[HumanSeat | AISeat, Field(discriminator="kind")]


class Hello(_Message):
    """Opens a conversation: the server answers ``welcome`` with its version."""

    type: Literal["hello"]


class Catalog(_Message):
    """The games, their rule options and modes: answered with ``catalog``."""

    type: Literal["catalog"]


class Levels(_Message):
    """The rated levels of `game` under `rules` (its ladder): answered with ``levels``."""

    type: Literal["levels"]
    game: Name
    rules: Rules = Field(default_factory=dict)


class Create(_Message):
    """A new table: `game` under `rules`, one entry per seat; `seed` fixes the deal and the AI's decisions (a
    random one by default). Answered with ``created`` (the human seats' tokens)."""

    type: Literal["create"]
    game: Name
    rules: Rules = Field(default_factory=dict)
    seats: Annotated[list[Seat], Field(min_length=1, max_length=8)]
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None


class Join(_Message):
    """Takes the seat whose token this is: the connection then receives that seat's ``state`` after every move.
    `player` names a seat that has no player yet by this profile (an invited person)."""

    type: Literal["join"]
    table: TableId
    token: Token
    player: PlayerName | None = None


class Profile(_Message):
    """A player's rating in the mode of `game` under `rules`: answered with ``profile``."""

    type: Literal["profile"]
    name: PlayerName
    game: Name
    rules: Rules = Field(default_factory=dict)


class Move(_Message):
    """Plays `move` (in notation, one of the seat's legal moves) for the seat of `token`."""

    type: Literal["move"]
    table: TableId
    token: Token
    move: Annotated[str, Field(min_length=1, max_length=200)]


class TakeBack(_Message):
    """Takes back the seat's last decision and the replies to it (against the engine only)."""

    type: Literal["takeback"]
    table: TableId
    token: Token


class Resign(_Message):
    """The seat leaves the game: it ends unfinished, its record is kept."""

    type: Literal["resign"]
    table: TableId
    token: Token


class Analyse(_Message):
    """Searches a position (or information state) of `game`: ``thinking`` messages while it runs, then
    ``analysis``. Budget: `time` seconds (default 2) or `nodes`. `lines` N (the analysis board): the best N moves
    with their lines, deepening pass by pass; from an information state (or with `runs`) every move's value over
    `runs` independent searches (default 2) with visits and standard error."""

    type: Literal["analyse"]
    game: Name
    position: Annotated[str, Field(max_length=4000)] = ""
    rules: Rules = Field(default_factory=dict)
    time: Annotated[float, Field(gt=0, le=60, allow_inf_nan=False)] | None = None
    nodes: Annotated[int, Field(gt=0, le=10**9)] | None = None
    seed: Annotated[int, Field(ge=0, lt=2**63)] = 0
    lines: Annotated[int, Field(ge=1, le=10)] | None = None
    runs: Annotated[int, Field(ge=1, le=16)] | None = None


class Board(_Message):
    """The board of a position (or information state) of `game`, after the moves of `play` if any (following a
    line): answered with ``board`` (its notation, whose turn, the legal moves and the drawing data)."""

    type: Literal["board"]
    game: Name
    position: Annotated[str, Field(max_length=4000)] = ""
    rules: Rules = Field(default_factory=dict)
    play: Annotated[list[Annotated[str, Field(min_length=1, max_length=200)]], Field(max_length=500)] = Field(
        default_factory=list
    )


class Review(_Message):
    """Reviews the record of `table` (a finished game; a perfect-information game also while it runs) decision by
    decision: ``reviewing``, one ``reviewed`` per decision, then ``review_done``. Budget per decision: `nodes` or
    `time` (default: the review's); `seat` reviews one seat only; `seed` seeds the searches."""

    type: Literal["review"]
    table: TableId
    nodes: Annotated[int, Field(gt=0, le=10**8)] | None = None
    time: Annotated[float, Field(gt=0, le=10, allow_inf_nan=False)] | None = None
    seat: Annotated[int, Field(ge=0, le=7)] | None = None
    seed: Annotated[int, Field(ge=0, lt=2**63)] = 0


class Stop(_Message):
    """Stops this connection's running analysis and review (each answers with what it found so far)."""

    type: Literal["stop"]


class ListTables(_Message):
    """The tables of these seat tokens (every table when `tokens` is absent): answered with ``tables``."""

    type: Literal["list"]
    tokens: Annotated[list[Token], Field(max_length=500)] | None = None


class GetRecord(_Message):
    """The game record of a table (the same JSON as ``kofun play --record``). A running hidden-information game's
    record would show hidden cards: it is given only once the game is over."""

    type: Literal["record"]
    table: TableId


class Upload(_Message):
    """A new table from a game record: an unfinished game goes on from where it stopped (its seats as `seats`
    says, default: humans where the record had a human, the engine's level 1 elsewhere); a finished one is kept
    for viewing and review."""

    type: Literal["upload"]
    record: dict[str, Any]
    seats: Annotated[list[Seat], Field(min_length=1, max_length=8)] | None = None


class BestTurn(_Message):
    """A solo Haniwa seat asks for the best way to play its turn: answered with ``best_turn`` (the best plans with
    the expected final score and the rank probabilities of each)."""

    type: Literal["best_turn"]
    table: TableId
    token: Token
    samples: Annotated[int, Field(ge=1, le=512)] = 48
    candidates: Annotated[int, Field(ge=1, le=256)] = 24
    top: Annotated[int, Field(ge=1, le=10)] = 3


PuzzleId = Annotated[int, Field(ge=1, lt=2**63)]


class Puzzles(_Message):
    """The puzzles of a person (a profile name) made by the reviews of their games, of one `game` or one `table`
    if given, with how many were solved: answered with ``puzzles``."""

    type: Literal["puzzles"]
    name: PlayerName
    game: Name | None = None
    table: TableId | None = None


class GetPuzzle(_Message):
    """One puzzle of a person: its position as their seat saw it, its board and legal moves (not its answer):
    answered with ``puzzle``."""

    type: Literal["puzzle"]
    name: PlayerName
    puzzle: PuzzleId


class Answer(_Message):
    """A person's answer to one of their puzzles (a legal move of its position, in notation): answered with
    ``verdict`` (whether the review accepts it, the review's moves and line, the counts)."""

    type: Literal["answer"]
    name: PlayerName
    puzzle: PuzzleId
    move: Annotated[str, Field(min_length=1, max_length=200)]


Request = Annotated[
    Hello
    | Catalog
    | Levels
    | Create
    | Join
    | Move
    | TakeBack
    | Resign
    | Analyse
    | Stop
    | ListTables
    | GetRecord
    | Upload
    | Board
    | Review
    | BestTurn
    | Profile
    | Puzzles
    | GetPuzzle
    | Answer,
    Field(discriminator="type"),
]
_REQUEST: TypeAdapter[Any] = TypeAdapter(Request)
REQUEST_TYPES = ("hello", "catalog", "levels", "create", "join", "move", "takeback", "resign", "analyse", "stop",
                 "list", "record", "upload", "board", "review", "best_turn", "profile", "puzzles", "puzzle",
                 "answer")  # fmt: skip


class ProtocolError(ValueError):
    """A request that cannot be read: the message says what is wrong (and the request's id when it had one)."""

    def __init__(self, message: str, request_id: Any = None) -> None:
        super().__init__(message)
        self.request_id = request_id


def parse_request(raw: str | bytes) -> Any:
    """The request in `raw` (one JSON object), checked; ProtocolError names what is wrong."""
    if _size(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError(TOO_LONG)
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ProtocolError(f"not JSON: {e}") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"a message is a JSON object, got {type(data).__name__}")
    request_id = data.get("id") if isinstance(data.get("id"), int | str) else None
    if isinstance(request_id, str) and len(request_id) > 64:
        request_id = None
    kind = data.get("type")
    if kind not in REQUEST_TYPES:
        shown = repr(kind)[:40]
        raise ProtocolError(f"type: {shown} is not a request (one of {', '.join(REQUEST_TYPES)})", request_id)
    try:
        return _REQUEST.validate_python(data)
    except ValidationError as e:
        raise ProtocolError(f"{kind}: {_first_error(e)}", request_id) from None


_BRANCHES = {"int", "bool", "float", "str", "human", "ai", "list", "dict", "none"}


def _first_error(e: ValidationError) -> str:
    """The first problem of a failed check, as ``field.path: what is wrong`` (union branches folded)."""
    seen: dict[str, str] = {}
    for err in e.errors(include_url=False):
        path = [str(x) for x in err["loc"][1:] if not (isinstance(x, str) and (x in _BRANCHES or "[" in x))]
        where = ".".join(path) or "message"
        if where in seen:
            seen[where] = "not a value this field takes"
        else:
            seen[where] = str(err["msg"])
    where, msg = next(iter(seen.items()))
    more = f" (and {len(seen) - 1} more)" if len(seen) > 1 else ""
    return f"{where}: {msg}{more}"


def _size(raw: str | bytes) -> int:
    """Bytes of a message (UTF-8 for text)."""
    if isinstance(raw, bytes) or len(raw) * 4 <= MAX_MESSAGE_BYTES:  # four bytes a character at most
        return len(raw)
    return len(raw.encode("utf-8", "surrogatepass"))


def too_long() -> dict[str, Any]:
    """The error answering a message over :data:`MAX_MESSAGE_BYTES` that was not read (so it has no id): sent by
    ``kofun serve`` before it closes the WebSocket (code 1009) and by ``kofun engine`` before it skips the line."""
    return error(TOO_LONG)


def reply(kind: str, request_id: Any = None, **fields: Any) -> dict[str, Any]:
    """A message to a client: its type, the id of the request it answers (if any), its fields."""
    out: dict[str, Any] = {"type": kind}
    if request_id is not None:
        out["id"] = request_id
    out.update(fields)
    return out


def error(message: str, request_id: Any = None) -> dict[str, Any]:
    """The error reply naming what is wrong."""
    return reply("error", request_id, message=message)


def encode(message: dict[str, Any]) -> str:
    """One message as compact JSON (never NaN or Infinity)."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False)
