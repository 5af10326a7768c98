"""Fuzzing the kofun command line: random argument lists for every command, random lines typed at `play`.

The property: the exit status is 0 or 2; on 2 the first stderr line starts with ``error:``; never a traceback.
Budgets are capped so every example runs in a fraction of a second: a budget option whose fuzzed value is larger
than its cap (or absent) gets the cap appended (click keeps the last value), so invalid budgets (0, -1, nan, inf,
text) are still tried. ``bench`` is left out (a fixed, long suite).
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.cli import main
from solver.games import get_game
from solver.play.experiments import OPPONENTS, PEEKS
from solver.search.settings import ALGOS, ROLLOUTS

ROOT = Path(__file__).resolve().parents[1]

GAMES = ["c4", "connect4", "sensei", "haniwa", "koikoi", "hanafuda", "chess", "", "\udcff"]
POSITIONS = [
    "4453",
    "",
    "44444444",
    "\uff11\uff12",
    "\udcff",
    "4\x00",
    "arashi pits=- S=a1 N=a7 chars=d1,d7 turn=S actions=- turns=0",
    "view=0 stock=3",
    "rules=seed first=1 turn=1 phase=play",
    "players=1 solo_fill=column",
    "x=1 y=2",
    "a" * 300,
]
VALUES = [
    "nan", "inf", "-inf", "-1", "0", "1", "2", "3", "0.5", "1e308", "99999999999999999999", str(2**63), "",
    "abc", "\udcff", "\uff11\uff12", "alphabeta", "mcts", "ismcts", "pimc", "random", "greedy", "wins", "hand", "x=y",
]  # fmt: skip
TEXT = st.text(max_size=12)
VALUE = st.one_of(st.sampled_from(VALUES), TEXT)
RULE = st.one_of(
    st.sampled_from(["players=4", "players=1", "players=9", "rounds=2", "preset=nintendo", "x", "=", "a=b"]),
    st.builds(lambda k, v: f"{k}={v}", TEXT, TEXT),
)


def _start(game: str, **rules: int) -> str:
    g = get_game(game)
    return str(g.notation(g.new(rules, 1)))


VALID_POSITIONS = {
    "connect4": ["4453", "", "1212"],
    "sensei": [_start("sensei")],
    "haniwa": [_start("haniwa"), _start("haniwa", players=1)],
    "koikoi": [_start("koikoi")],
}
SOLO = _start("haniwa", players=1)
VALID = {  # option -> values it accepts (tried as often as random values)
    "--algo": list(ALGOS), "--algo-a": list(ALGOS), "--algo-b": list(ALGOS), "--threads": ["1", "2"],
    "--seed": ["0", "7", str(2**63 - 1)], "--exploration": ["0.5", "1.4"], "--rollout": list(ROLLOUTS),
    "--objective": ["returns", "wins", "auto"], "--opponent": list(OPPONENTS), "--peek": list(PEEKS),
    "--top": ["1", "3"], "--level": ["1"], "--jobs": ["1", "2"], "--time-per-turn": ["0.001"],
    "--rule": ["players=1", "players=2"],
}  # fmt: skip

# Budget caps: option -> largest value tried as fuzzed (larger or missing values get the cap appended).
CAPS = {
    "best-move": {"--nodes": 50, "--depth": 1, "--time": 0.2},
    "analyse": {"--nodes": 50, "--depth": 1, "--time": 0.2},
    "perft": {"--depth": 2},
    "selfplay": {"--games": 1, "--nodes": 50, "--depth": 1, "--time": 0.1, "--opening-plies": 4},
    "experiment": {"--games": 1, "--iterations": 20},
    "play": {"--time": 0.02},
    "best-turn": {"--samples": 1, "--candidates": 1},
    "estimate": {"--deals": 1, "--samples": 1, "--candidates": 1, "--solver-nodes": 50, "--dual-nodes": 50},
}
COMMANDS = {  # name -> (argument list before the options, options with a value, flags)
    "best-move": (
        ["best-move"],
        ["--algo", "--threads", "--seed", "--exploration", "--rollout", "--objective", "--config", "--rule"],
        ["--json"],
    ),
    "analyse": (["analyse"], ["--algo", "--threads", "--seed", "--exploration", "--rule", "--config"], ["--json"]),
    "perft": (["perft"], ["--rule", "--config"], ["--divide"]),
    "new": (["new"], ["--seed", "--rule", "--config"], []),
    "games": (["games"], [], []),
    "selfplay": (["selfplay"], ["--algo-a", "--algo-b", "--seed", "--rule", "--config"], ["--json"]),
    "experiment": (["experiment"], ["--opponent", "--objective", "--peek", "--seed", "--rule", "--config"], ["--json"]),
    "best-turn": (["haniwa", "solo", "best-turn"], ["--seed", "--top"], ["--json", "--exact-last-turn"]),
    "estimate": (["haniwa", "solo", "estimate"], ["--seed", "--jobs", "--time-per-turn", "--rule"], ["--json"]),
    "play": (["play"], ["--level", "--algo", "--seed", "--rule", "--config", "--record"], ["--ai-first"]),
}
WITH_GAME = {"best-move", "analyse", "perft", "new", "selfplay", "experiment", "play"}
WITH_POSITION = {"best-move", "analyse", "perft", "play", "best-turn"}


@pytest.fixture(scope="module")
def configs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Configuration files, good and bad, that the fuzzer passes to --config."""
    d = tmp_path_factory.mktemp("configs")
    files = {
        "good.toml": b"[engine]\nthreads = 1\n",
        "bad_utf8.toml": b"[engine]\nalgo = '\xff'\n",
        "bad_toml.toml": b"[engine\n",
        "bad_value.toml": b"[engine]\ntime = nan\nthreads = -4\n",
        "bad_rules.toml": b"[rules.haniwa]\nplayers = 'x'\n[rules.nope]\n",
    }
    for name, data in files.items():
        (d / name).write_bytes(data)
    return [str(d / name) for name in files] + [str(d / "missing.toml"), str(d)]


def capped(command: str, args: list[str]) -> list[str]:
    """`args` with the command's budget caps appended where the fuzzed value is missing or too large."""
    out = list(args)
    for option, cap in CAPS.get(command, {}).items():
        values = [args[i + 1] for i, a in enumerate(args[:-1]) if a == option]
        if values:
            try:
                v = float(values[-1])
            except ValueError:
                continue  # not a number: an error to report
            if not math.isfinite(v) or v <= cap:
                continue
        out += [option, str(cap)]
    if command == "play" and "--level" in args:  # --level 1 at most (1000 nodes), and no --time added to it
        out = [a for i, a in enumerate(out) if a != "--time" and (i == 0 or out[i - 1] != "--time")]
        out = [("1" if i and out[i - 1] == "--level" and a.strip().isdigit() else a) for i, a in enumerate(out)]
    return out


def check(result: Result, args: list[str]) -> None:
    """The property every command line must have."""
    where = f"args={args!r}\nstdout={result.stdout[-2000:]}\nstderr={result.stderr[-2000:]}"
    assert result.exit_code in (0, 2), where + f"\nexception={result.exception!r}"
    assert "Traceback" not in result.stdout + result.stderr, where
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(where) from result.exception
    if result.exit_code == 2:
        assert result.stderr.startswith("error: "), where


@st.composite
def command_lines(draw: st.DrawFn, config_files: list[str]) -> tuple[str, list[str]]:
    command = draw(st.sampled_from(sorted(COMMANDS)))
    head, with_value, flags = COMMANDS[command]
    args = list(head)
    sane = draw(st.integers(0, 2)) > 0  # two examples in three use known games and accepted values
    game = "haniwa" if command in ("best-turn", "estimate") else draw(st.sampled_from(GAMES[:5]))
    if command in WITH_GAME:
        args.append(game if sane else draw(st.sampled_from(GAMES)))
    if command in WITH_POSITION and draw(st.booleans()):
        valid = [SOLO] if command == "best-turn" else VALID_POSITIONS[get_game(game).name]
        args.append(draw(st.sampled_from(valid) if sane else st.one_of(st.sampled_from(POSITIONS), TEXT)))
    elif command == "best-turn":
        args.append(SOLO if sane else draw(st.sampled_from(POSITIONS)))
    options = [*with_value, *CAPS.get(command, {})] + ([] if sane else ["--bogus"])
    for _ in range(draw(st.integers(0, 3)) if options else 0):
        option = draw(st.sampled_from(options))
        if option == "--record":
            value = draw(st.sampled_from(["", config_files[-1]]))  # not writable: a directory
        elif option == "--config":
            value = draw(st.sampled_from(config_files[:1] if sane else config_files))
        elif sane and option in VALID:
            value = draw(st.sampled_from(VALID[option]))
        elif sane and option in CAPS.get(command, {}):
            value = str(CAPS[command][option])
        elif option == "--rule":
            value = draw(RULE)
        else:
            value = draw(VALUE)
        args += [option, value]
    for flag in flags:
        if draw(st.booleans()):
            args.append(flag)
    return command, capped(command, args)


def test_every_command_fails_in_one_line_or_succeeds(configs: list[str]) -> None:
    @settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(command_lines(configs))
    def run(line: tuple[str, list[str]]) -> None:
        _, args = line
        check(CliRunner().invoke(main, args, input="moves\nquit\n"), args)

    run()


LINE_BREAKS = "\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
# Bytes that are not UTF-8 are typed in the subprocess test below (CliRunner echoes input lines strictly).
PLAY_LINES = st.one_of(
    st.sampled_from(["4", "1", "help", "moves", "undo", "", "0", "8", "44", "\uff11", "b1-b4", "end", "x y"]),
    st.text(st.characters(exclude_categories=["Cs"], exclude_characters=LINE_BREAKS), max_size=10),
)


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(["c4", "c4", "sensei", "koikoi", "haniwa"]),
    lines=st.lists(PLAY_LINES, max_size=8),
    end=st.sampled_from(["", "quit\n", "exit\n"]),
)
def test_play_answers_every_line_and_quits_cleanly(game: str, lines: list[str], end: str) -> None:
    """Random lines at the prompt: each is answered (a rejected one names the reason), the game goes on; the end
    of the input or `quit` abandons the game and the record is still saved."""
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"kofun-fuzz-{os.getpid()}.json"
    path.unlink(missing_ok=True)
    args = ["play", game, "--seed", "1", "--time", "0.02", "--record", str(path)]
    data = ("\n".join(lines) + "\n" if lines else "") + end
    result = CliRunner().invoke(main, args, input=data)
    check(result, [*args, repr(data)])
    assert result.exit_code == 0, result.output
    assert path.exists(), result.output  # saved at the end, on quit or at EOF
    path.unlink()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([b"best-move", b"c4", b"\xff"], b"error: position: column 1: the byte 0xff is not UTF-8"),
        ([b"best-move", b"c4", "\uff11\uff12".encode()], b"error: position: column 1: '\xef\xbc\x91' (U+FF11)"),
        ([b"best-move", b"\xff"], b"error: "),
        ([b"best-move", b"c4", b"--algo", b"\xfe"], b"error: Invalid value for '--algo'"),
        ([b"perft", b"c4", b"--depth", b"nan"], b"error: Invalid value for '--depth'"),
        ([b"haniwa", b"solo", b"estimate", b"--deals", b"1", b"--jobs", b"1000"], b"error: Invalid value for '--jobs'"),
    ],
)
def test_subprocess_errors_are_one_line(args: list[bytes], message: bytes) -> None:
    """The real process, with arguments that are not UTF-8: exit status 2, one error line, no traceback."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable.encode(), b"-m", b"solver", *args], capture_output=True, env=env, cwd=ROOT)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith(message), proc.stderr
    assert b"Traceback" not in proc.stderr
    assert proc.stdout == b""


def test_subprocess_play_survives_a_line_that_is_not_utf8(tmp_path: Path) -> None:
    """A byte that is not UTF-8 typed at the prompt is rejected; the game continues and the record is saved."""
    record = tmp_path / "game.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "solver", "play", "c4", "--level", "1", "--seed", "2", "--record", str(record)],
        input=b"4\n\xff\n4\nquit\n",
        capture_output=True,
        env=env,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    assert b"rejected: move: column 1: the byte 0xff is not UTF-8 text" in proc.stdout
    assert proc.stdout.count(b"AI plays") == 2  # the game went on after the bad line
    assert record.exists()
