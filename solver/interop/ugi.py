"""``kofun engine --protocol ugi``: the Universal Game Interface (UGI, as cutegames speaks it; UCI for any game) on
stdin / stdout, for the perfect-information games (Connect Four and Sensei).

Commands (one a line; the reply lines below each):

=========================================================  ==========================================================
``ugi``                                                    ``id name ...``, ``id author ...``, ``option ...``,
                                                           ``ugiok``
``isready``                                                ``readyok`` (at once, also while searching)
``uginewgame``                                             (the start position)
``setoption name <name> value <value>``                    (``algo``, ``threads``, ``hash``, ``seed``)
``position startpos|fen <position> [moves <m> ...]``       (a move is one kofun move: a Sensei action, ``end``, ...)
``go [nodes N] [movetime MS] [depth D] [p1time MS p2time   ``info depth .. score cp|mate .. nodes .. time .. nps ..
MS p1inc MS p2inc MS] [wtime/btime/winc/binc] [infinite]`` pv ..`` lines while searching, then ``bestmove <move>``
``stop``                                                   (the search ends: its ``bestmove``)
``query gameover|p1turn|result``                           ``response true|false``; ``response p1win|p2win|draw|none``
``quit``                                                   (ends the engine)
=========================================================  ==========================================================

A line that is not one of these, or that names an illegal move, gets ``info string error: <what is wrong>`` and is
otherwise ignored; the engine goes on. Lines are read while a search runs: ``stop`` and ``quit`` end it, ``isready``
and ``query`` are answered at once, ``position`` and ``setoption`` apply to the next ``go``, and a ``go`` waits
for the running search to end (so a script of commands sent at once is played in order). p1 is kofun's player 0
(Connect Four's X, Sensei's South). The budget of a ``go`` with a clock is a twentieth of the mover's time left plus
half its increment; ``go`` with no budget searches the default 2 seconds; ``infinite`` searches until ``stop``.
Hidden-information games are not UGI games (a position there is a seat's view, not the position): their protocol
for programs is ``kofun engine``'s JSON lines.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from .. import _core
from .._version import __version__
from ..games import GameInfo, get_game
from ..games.base import check_notation_text
from ..search.runner import Progress, SearchReport, search
from ..search.settings import MAX_THREADS, SearchSettings

#: The words ``go`` takes with a number after them, and what each becomes.
GO_NUMBERS = ("nodes", "movetime", "depth", "p1time", "p2time", "p1inc", "p2inc", "wtime", "btime", "winc", "binc")
QUERIES = ("gameover", "p1turn", "result")
OPTIONS = {"algo": ("alphabeta", "mcts", "solve"), "threads": None, "hash": None, "seed": None}
INFINITE_S = 24 * 3600.0
MAX_LINE = 100_000


class UgiError(ValueError):
    """A line that is not a UGI command this engine understands (the message says what is wrong)."""


@dataclass(frozen=True)
class Command:
    """One parsed line: its command word and arguments."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)


def _int(word: str, value: str, low: int = 0) -> int:
    if not value.isdigit() or int(value) < low:
        raise UgiError(f"{word}: expected an integer >= {low}, got {value!r}")
    return int(value)


def parse_command(line: str) -> Command:
    """A UGI line as a :class:`Command`; UgiError names what is wrong."""
    if len(line) > MAX_LINE:
        raise UgiError(f"line of {len(line):,} characters: at most {MAX_LINE:,}")
    words = line.split()
    if not words:
        raise UgiError("empty line")
    name, rest = words[0], words[1:]
    if name in ("ugi", "isready", "uginewgame", "stop", "quit"):
        if rest:
            raise UgiError(f"{name}: takes nothing, got {' '.join(rest)!r}")
        return Command(name)
    if name == "position":
        return _parse_position(rest)
    if name == "go":
        return _parse_go(rest)
    if name == "query":
        if len(rest) != 1 or rest[0] not in QUERIES:
            raise UgiError(f"query: expected one of {', '.join(QUERIES)}, got {' '.join(rest)!r}")
        return Command("query", {"what": rest[0]})
    if name == "setoption":
        if len(rest) < 4 or rest[0] != "name" or "value" not in rest[2:]:
            raise UgiError("setoption: expected 'setoption name <name> value <value>'")
        at = rest.index("value", 2)
        option, value = " ".join(rest[1:at]).lower(), " ".join(rest[at + 1 :])
        if option not in OPTIONS:
            raise UgiError(f"setoption: unknown option {option!r} (options: {', '.join(OPTIONS)})")
        choices = OPTIONS[option]
        if choices is not None and value not in choices:
            raise UgiError(f"setoption {option}: {value!r} is not one of {', '.join(choices)}")
        return Command("setoption", {"name": option, "value": value if choices else _int(option, value, 1)})
    raise UgiError(f"unknown command {name!r}")


def _parse_position(rest: Sequence[str]) -> Command:
    if not rest or rest[0] not in ("startpos", "fen"):
        raise UgiError("position: expected 'startpos' or 'fen <position>'")
    at = rest.index("moves") if "moves" in rest else len(rest)
    moves = list(rest[at + 1 :])
    if rest[0] == "startpos":
        if at != 1:
            raise UgiError(f"position startpos: unexpected {' '.join(rest[1:at])!r} (moves come after 'moves')")
        return Command("position", {"fen": None, "moves": moves})
    if at == 1:
        raise UgiError("position fen: the position is missing")
    return Command("position", {"fen": " ".join(rest[1:at]), "moves": moves})


def _parse_go(rest: Sequence[str]) -> Command:
    args: dict[str, Any] = {}
    i = 0
    while i < len(rest):
        word = rest[i]
        if word == "infinite":
            args["infinite"] = True
            i += 1
        elif word in GO_NUMBERS:
            if i + 1 >= len(rest):
                raise UgiError(f"go {word}: the number is missing")
            args[word] = _int(f"go {word}", rest[i + 1], 1 if word in ("nodes", "depth", "movetime") else 0)
            i += 2
        else:
            raise UgiError(f"go: unknown word {word!r} (expected {', '.join(GO_NUMBERS)} or infinite)")
    return Command("go", args)


def score_text(kind: str, value: float, plies: int | None) -> str:
    """A search value as UGI's ``score cp N`` / ``score mate N`` (mate in plies, negative when losing)."""
    if kind in ("win", "loss") and plies is not None:
        return f"score mate {plies if kind == 'win' else -plies}"
    if kind == "expected":
        return f"score cp {round(100 * value)}"
    return f"score cp {0 if kind in ('draw', 'unproven') else round(value)}"


class Engine:
    """The UGI engine of one perfect-information game; :meth:`handle` takes one line, `out` prints one line."""

    def __init__(self, game: str | GameInfo, rules: Mapping[str, Any] | None, out: Callable[[str], None]) -> None:
        self.game = get_game(game)
        if self.game.has_hidden_information:
            raise ValueError(
                f"ugi: {self.game.name} has hidden information, which UGI cannot state: use 'kofun engine' "
                "(JSON lines, docs/protocol.md)"
            )
        self.rules = self.game.check_options(rules)
        self._out, self._lock = out, threading.Lock()
        self.options: dict[str, Any] = {"threads": 1, "seed": 0}
        self.state = self.game.new(self.rules)
        self._search: threading.Thread | None = None
        self._control: Any = None
        self._algo = "alphabeta"
        self._infinite = False

    def say(self, line: str) -> None:
        with self._lock:
            self._out(line)

    def handle(self, line: str) -> bool:
        """Acts on one line; False after ``quit``. A bad line is answered ``info string error: ...``."""
        try:
            command = parse_command(check_notation_text(line.strip(), "line"))
        except ValueError as e:
            self.say(f"info string error: {' '.join(str(e).split())}")
            return True
        try:
            return self._run(command)
        except ValueError as e:
            self.say(f"info string error: {' '.join(str(e).split())}")
            return True

    def _run(self, c: Command) -> bool:
        if c.name == "ugi":
            self.say(f"id name kofun {__version__} ({self.game.title})")
            self.say("id author kofun")
            self.say("option name algo type combo default alphabeta var alphabeta var mcts var solve")
            self.say(f"option name threads type spin default 1 min 1 max {MAX_THREADS}")
            self.say("option name hash type spin default 64 min 1 max 65536")
            self.say("option name seed type spin default 0 min 0 max 4294967295")
            self.say("ugiok")
        elif c.name == "isready":
            self.say("readyok")
        elif c.name == "quit":
            self.stop()
            return False
        elif c.name == "stop":
            self.stop()
        elif c.name == "uginewgame":
            self.state = self.game.new(self.rules)
        elif c.name == "setoption":
            self.options[c.args["name"]] = c.args["value"]
            SearchSettings().merged(**self._settings_options())  # a bad value is said now
        elif c.name == "position":
            self.state = self._position(c.args["fen"], c.args["moves"])
        elif c.name == "query":
            self.say("response " + self._query(c.args["what"]))
        elif c.name == "go":
            self.wait()
            self._go(c.args)
        return True

    def _position(self, fen: str | None, moves: Sequence[str]) -> Any:
        state = self.game.new(self.rules) if fen is None else self.game.parse(fen, self.rules)
        for n, text in enumerate(moves):
            if state.is_terminal():
                raise UgiError(f"position: move {n + 1} {text!r} comes after the end of the game")
            try:
                state.apply(state.parse_move(text))
            except ValueError as e:
                raise UgiError(f"position: move {n + 1} {text!r}: {e}") from None
        return state

    def _query(self, what: str) -> str:
        over = bool(self.state.is_terminal())
        if what == "gameover":
            return str(over).lower()
        if what == "p1turn":
            return str(not over and int(self.state.to_move()) == 0).lower()
        if not over:
            return "none"
        r = float(self.state.returns(0))
        return "p1win" if r > 0 else "p2win" if r < 0 else "draw"

    def _settings_options(self) -> dict[str, Any]:
        o = self.options
        return {"algo": o.get("algo"), "threads": o.get("threads"), "hash_mb": o.get("hash"), "seed": o.get("seed")}

    def budget(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """The search budget of a ``go``'s arguments."""
        if args.get("infinite"):
            return {"time": INFINITE_S}
        out: dict[str, Any] = {}
        if "nodes" in args:
            out["nodes"] = args["nodes"]
        if "depth" in args:
            out["depth"] = args["depth"]
        p1 = self.state.is_terminal() or int(self.state.to_move()) == 0
        left = args.get("p1time" if p1 else "p2time", args.get("wtime" if p1 else "btime"))
        inc = args.get("p1inc" if p1 else "p2inc", args.get("winc" if p1 else "binc", 0))
        seconds = [args["movetime"] / 1000] if "movetime" in args else []
        if left is not None:
            seconds.append(max(0.01, (left / 20 + inc / 2) / 1000))
        if seconds:
            out["time"] = min(seconds)
        return out

    def _go(self, args: Mapping[str, Any]) -> None:
        if self.state.is_terminal():
            raise UgiError("go: the game is over (query result says how it ended)")
        settings = SearchSettings().merged(**self._settings_options(), **self.budget(args))
        self._algo = str(settings.for_game(self.game, self.rules).algo)
        self._control = _core.SearchControl()
        state, control = self.state.clone(), self._control

        def run() -> None:
            try:
                report = search(state, settings, rules=self.rules, on_progress=self._info, control=control)
                self._final(report)
            except ValueError as e:
                self.say(f"info string error: {' '.join(str(e).split())}")
                self.say("bestmove 0000")

        self._infinite = bool(args.get("infinite"))
        self._search = threading.Thread(target=run, name="kofun-ugi-search", daemon=True)
        self._search.start()

    def _info(self, p: Progress) -> None:
        kind = "expected" if self._algo == "mcts" else "eval"
        if p.proven and abs(p.value) > _core.MATE_SCORE - 10_000:
            kind = "win" if p.value > 0 else "loss"
        plies = _core.MATE_SCORE - round(abs(p.value)) if kind != "eval" else None
        self.say(
            f"info depth {p.depth} {score_text(kind, p.value, plies)} nodes {p.nodes} time {round(p.time_s * 1000)} "
            f"nps {round(p.nps)}" + (" pv " + " ".join(p.pv) if p.pv else "")
        )

    def _final(self, r: SearchReport) -> None:
        s = r.score
        self.say(
            f"info depth {r.depth} {score_text(s.kind, s.value, s.plies)} nodes {r.nodes} time "
            f"{round(r.time_s * 1000)} nps {round(r.nps)}" + (" pv " + " ".join(r.pv) if r.pv else "")
        )
        self.say(f"bestmove {r.best_move or '0000'}")

    def stop(self) -> None:
        """Stops a running search (its ``bestmove`` is printed) and waits for it."""
        if self._search is not None:
            self._control.request_stop()
            self._search.join()
            self._search = None

    def wait(self) -> None:
        """Waits for a running search to finish by itself (one with no end, ``go infinite``, is stopped)."""
        if self._infinite:
            self.stop()
        if self._search is not None:
            self._search.join()
            self._search = None


def main(
    game: str, rules: Mapping[str, Any] | None, stdin: IO[str] | None = None, stdout: IO[str] | None = None
) -> int:
    """The UGI loop on `stdin` / `stdout` until ``quit`` or the end of input; the exit status."""
    inp, out = stdin or sys.stdin, stdout or sys.stdout

    def write(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    engine = Engine(game, rules, write)
    for line in inp:
        if not line.strip():
            continue
        if not engine.handle(line):
            return 0
    engine.wait()  # the end of input is a quit once the search has ended
    return 0
