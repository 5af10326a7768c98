"""``kofun engine --protocol ugi``: the command parser (unit tests and fuzzing), the engine in process, and whole
sessions over a subprocess (lines waited for with a deadline, never a fixed sleep)."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.games import get_game
from solver.interop.ugi import Engine, UgiError, parse_command, score_text

DEADLINE_S = 60.0


def test_commands_are_parsed() -> None:
    assert parse_command("ugi").name == "ugi"
    assert parse_command("position startpos moves 4 4").args == {"fen": None, "moves": ["4", "4"]}
    sensei = "arashi pits=- S=a1,b1 N=a7,b7 chars=d1,d7 turn=S actions=- turns=0"
    assert parse_command(f"position fen {sensei} moves a1-a2").args == {"fen": sensei, "moves": ["a1-a2"]}
    assert parse_command("go p1time 1000 p2time 900 p1inc 10 p2inc 10").args["p2time"] == 900
    assert parse_command("go infinite").args == {"infinite": True}
    assert parse_command("query p1turn").args == {"what": "p1turn"}
    assert parse_command("setoption name Threads value 2").args == {"name": "threads", "value": 2}
    assert parse_command("setoption name algo value mcts").args == {"name": "algo", "value": "mcts"}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "empty line"),
        ("fly", "unknown command 'fly'"),
        ("isready now", "isready: takes nothing"),
        ("position", "expected 'startpos' or 'fen"),
        ("position fen moves 4", "the position is missing"),
        ("position startpos 4 4", "moves come after 'moves'"),
        ("go nodes", "go nodes: the number is missing"),
        ("go nodes -5", "expected an integer >= 1"),
        ("go depth 0", "expected an integer >= 1"),
        ("go fast", "unknown word 'fast'"),
        ("query winner", "expected one of gameover, p1turn, result"),
        ("setoption name colour value red", "unknown option 'colour'"),
        ("setoption name algo value ismcts", "'ismcts' is not one of"),
        ("setoption name threads", "expected 'setoption name <name> value <value>'"),
    ],
)
def test_malformed_commands_are_named(line: str, message: str) -> None:
    with pytest.raises(UgiError, match=message):
        parse_command(line)


WORDS = [
    "ugi", "isready", "uginewgame", "position", "startpos", "fen", "moves", "go", "nodes", "movetime", "depth",
    "p1time", "p2time", "wtime", "btime", "infinite", "query", "gameover", "p1turn", "result", "setoption", "name",
    "value", "threads", "algo", "hash", "mcts", "4", "0", "-1", "99999999999999999999", "a1-a2", "end", "\u00e9",
]  # fmt: skip
LINES = st.one_of(
    st.text(max_size=40),
    st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), max_size=8).map(" ".join),
)


@settings(max_examples=300, deadline=None)
@given(LINES)
def test_fuzzed_lines_parse_or_raise_a_ugi_error(line: str) -> None:
    try:
        command = parse_command(line)
    except UgiError as e:
        assert str(e)
        return
    assert command.name in ("ugi", "isready", "uginewgame", "stop", "quit", "position", "go", "query", "setoption")


class Lines:
    """What an engine said, for in-process tests."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, line: str) -> None:
        self.lines.append(line)


@settings(max_examples=150, deadline=None)
@given(st.lists(LINES, max_size=5))
def test_fuzzed_sessions_answer_every_line_and_never_raise(lines: list[str]) -> None:
    out = Lines()
    engine = Engine("c4", {}, out)
    for line in lines:
        short = "go nodes 50" if line.split()[:1] == ["go"] else line  # keep the fuzzed searches short
        assert engine.handle(short) in (True, False)
        engine.wait()
    engine.stop()
    assert all(isinstance(x, str) and "\n" not in x for x in out.lines)


def test_the_engine_in_process() -> None:
    out = Lines()
    engine = Engine("c4", {}, out)
    for line in ("position startpos moves 4 4 4 4 4 4", "query p1turn", "position startpos moves 4 4 4 4 4 4 4"):
        engine.handle(line)
    assert out.lines == ["response true", "info string error: position: move 7 '4': connect4 move 4: column is full"]
    engine.handle("position fen 4455667")
    engine.handle("query gameover")
    engine.handle("query result")
    engine.handle("go nodes 100")
    assert out.lines[-3:] == [
        "response true",
        "response p1win",
        "info string error: go: the game is over (query result says how it ended)",
    ]
    assert engine.budget({"p1time": 2000, "p1inc": 100}) == {"time": 0.15}
    assert engine.budget({"movetime": 50, "nodes": 9}) == {"nodes": 9, "time": 0.05}
    assert score_text("win", 9e4, 3) == "score mate 3" and score_text("expected", 0.25, None) == "score cp 25"
    with pytest.raises(ValueError, match="koikoi has hidden information"):
        Engine("koikoi", {}, out)


class Session:
    """``kofun engine --protocol ugi`` in a subprocess: send lines, wait (with a deadline) for the lines wanted."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "solver", "engine", "--protocol", "ugi", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1,
        )  # fmt: skip
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, done: Callable[[str], bool]) -> list[str]:
        """Every line up to and including the first for which `done` is true."""
        seen, end = [], time.monotonic() + DEADLINE_S
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no such line within {DEADLINE_S} s; got {seen}") from None
            if line is None:
                raise AssertionError(f"the engine ended; got {seen}")
            seen.append(line)
            if done(line):
                return seen

    def close(self) -> int:
        self.send("quit")
        return self.proc.wait(timeout=DEADLINE_S)


def test_a_connect_four_session() -> None:
    s = Session("--game", "c4")
    try:
        s.send("ugi")
        hello = s.until(lambda x: x == "ugiok")
        assert hello[0].startswith("id name kofun") and any(x.startswith("option name threads") for x in hello)
        s.send("isready")
        assert s.until(lambda x: x.startswith("readyok")) == ["readyok"]
        s.send("uginewgame", "position startpos moves 4 4", "query p1turn")
        assert s.until(lambda x: x.startswith("response")) == ["response true"]
        s.send("go depth 6")
        search = s.until(lambda x: x.startswith("bestmove"))
        infos = [x for x in search if x.startswith("info depth")]
        assert infos and all(" score " in x and " nodes " in x and " pv " in x for x in infos)
        move = search[-1].split()[1]
        assert move in [str(c) for c in range(1, 8)]
        s.send(f"position startpos moves 4 4 {move}", "query p1turn", "query gameover", "query result")
        assert s.until(lambda x: x == "response none") == ["response false", "response false", "response none"]
        s.send("position startpos moves 9", "isready")
        assert s.until(lambda x: x == "readyok")[0].startswith("info string error: position: move 1 '9'")
        s.send("go infinite", "isready")
        assert "readyok" in s.until(lambda x: x == "readyok")  # answered while searching
        s.send("stop")
        assert s.until(lambda x: x.startswith("bestmove"))[-1].split()[1] in [str(c) for c in range(1, 8)]
    finally:
        assert s.close() == 0


def test_a_sensei_session_with_a_clock() -> None:
    s = Session("--game", "sensei", "--rule", "version=shizukana")
    try:
        s.send("position startpos", "query p1turn", "go p1time 4000 p2time 4000 p1inc 0 p2inc 0")
        lines = s.until(lambda x: x.startswith("bestmove"))
        assert lines[0] == "response true"
        first = lines[-1].split()[1]
        state = get_game("sensei").new({"version": "shizukana"})
        state.parse_move(first)  # a legal move of the position
        s.send(f"position startpos moves {first}", "setoption name algo value mcts", "go nodes 2000")
        second = s.until(lambda x: x.startswith("bestmove"))[-1].split()[1]
        state.play(first)
        state.parse_move(second)
    finally:
        assert s.close() == 0


def test_hidden_information_games_are_refused() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "solver", "engine", "--protocol", "ugi", "--game", "koikoi"],
        input="", capture_output=True, text=True, timeout=DEADLINE_S,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith("error: ugi: koikoi has hidden information")
