"""Every ``kofun ...`` example shown to users is executed: the ``$ kofun`` lines of the console blocks in README.md
and docs/*.md, the Quickstart line of the README, and the ``Example: kofun ...`` lines of the ``--help`` texts.

Capping rule (so the whole file runs in seconds): ``--time S`` is replaced by ``--nodes 200`` (an experiment's by
``--time 0.002``); ``--nodes N`` is
at most 2000; ``--depth D`` is at most 6 for searches and 5 for perft; ``--games N`` and ``--deals N`` become 1;
``--iterations K`` at most 50; ``--samples K`` at most 2; ``--level N`` becomes 1; a search given no budget gets
``--nodes 200``; ``--jobs`` becomes 1; ``haniwa solo estimate`` gets ``--samples 2 --candidates 2
--solver-nodes 2000`` unless given. ``kofun bench`` (a fixed suite of several seconds) and the Haniwa
experiments against the PIMC opponent (one pair of games takes 3-60 s at any iteration count; a search
performance issue) are not run. `play`
reads ``quit`` at its first prompt and gets ``--seed 1`` unless given (a random deal can end before the first
prompt: a Koi-Koi hand yaku scores at once). An example followed in the docs by an ``error:`` line must fail with exit
status 2 and that message (a missing ``--config`` file fails too, with its own message); every other example
must exit 0 with sane output.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from solver.cli import main

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SEARCHES = {"best-move", "analyse"}
CAP_AT_MOST = {"--nodes": 2000, "--iterations": 50, "--samples": 2}
SOLO_ESTIMATE = {
    "--samples": "2",
    "--candidates": "2",
    "--solver-nodes": "2000",
    "--dual-nodes": "2000",
}  # unless the example gives them
SET_TO = {"--games": "1", "--deals": "1", "--level": "1", "--jobs": "1"}


def doc_examples() -> Iterator[tuple[str, str, str | None]]:
    """(where, command line, expected error line or None) of every `$ kofun` line and the Quickstart."""
    for path in DOCS:
        lines = path.read_text().splitlines()
        for i, line in enumerate(lines):
            where = f"{path.name}:{i + 1}"
            if line.startswith("$ kofun "):
                following = lines[i + 1] if i + 1 < len(lines) else ""
                yield where, line[2:], following if following.startswith("error:") else None
            elif path.name == "README.md" and "pip install . && kofun " in line:
                yield where, "kofun " + line.split("&& kofun ", 1)[1], None


def help_examples() -> Iterator[tuple[str, str, str | None]]:
    """Every `Example: kofun ...` of a command's help text."""

    def walk(command: click.Command, path: str) -> Iterator[tuple[str, str, str | None]]:
        for found in re.findall(r"Example: (kofun [^\n]+)", command.help or ""):
            yield f"{path} --help", found.strip(), None
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                yield from walk(sub, f"{path} {name}")

    yield from walk(main, "kofun")


EXAMPLES = [*doc_examples(), *help_examples()]


def capped(argv: list[str]) -> list[str]:
    """The example's arguments with the budgets capped (see the module docstring)."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        value = argv[i + 1] if i + 1 < len(argv) else None
        if a == "--time" and value is not None:
            out += {"play": ["--level", "1"], "experiment": ["--time", "0.002"]}.get(argv[0], ["--nodes", "200"])
            i += 2
            continue
        if a in CAP_AT_MOST and value is not None:
            out += [a, str(min(int(value), CAP_AT_MOST[a]))]
            i += 2
            continue
        if a in SET_TO and value is not None:
            out += [a, SET_TO[a]]
            i += 2
            continue
        if a == "--depth" and value is not None:
            out += [a, str(min(int(value), 5 if argv[0] == "perft" else 6))]
            i += 2
            continue
        out.append(a)
        i += 1
    if argv[0] == "play" and "--seed" not in out:
        out += ["--seed", "1"]
    if argv[0] in SEARCHES and not {"--nodes", "--depth"} & set(out):
        out += ["--nodes", "200"]
    if argv[:3] == ["haniwa", "solo", "estimate"]:
        out += [o for k, v in SOLO_ESTIMATE.items() if k not in out for o in (k, v)]
    return out


def run(line: str) -> tuple[list[str], Result]:
    """Runs a `kofun ...` line in-process (a `$(kofun ...| head -1)` substitution is run first)."""
    for inner in re.findall(r"\$\((kofun [^|)]*)\| head -1\)", line):
        first = CliRunner().invoke(main, shlex.split(inner)[1:]).stdout.splitlines()[0]
        line = line.replace(f'"$({inner}| head -1)"', shlex.quote(first))
    argv = capped(shlex.split(line, comments=True)[1:])
    return argv, CliRunner().invoke(main, argv, input="quit\n")


SANE = {  # command -> what its output must contain
    "best-move": "best move:",
    "perft": "perft ",
    "play": "game abandoned",
    "selfplay": "A: ",
    "estimate": "lower bound",
    "best-turn": "best: ",
    "bench": "signature: ",
    "solve-set": "1000 positions, ",
}


@pytest.mark.parametrize(("where", "line", "error"), EXAMPLES, ids=[f"{w}: {ln[:60]}" for w, ln, _ in EXAMPLES])
def test_example_runs(where: str, line: str, error: str | None) -> None:
    argv, result = run(line)
    shown = f"{where}: {argv}\nstdout={result.stdout[-1500:]}\nstderr={result.stderr[-1500:]}"
    if error is not None or "--config" in argv:
        assert result.exit_code == 2, shown
        assert result.stderr.startswith("error: "), shown
        if error is not None and "--config" not in argv:
            assert result.stderr.splitlines()[0] == error, shown
        return
    assert result.exit_code == 0, shown
    assert result.stdout.strip(), shown
    command = argv[2] if argv[0] == "haniwa" else argv[0]
    if "--json" in argv:
        json.loads(result.stdout.splitlines()[-1])
    elif command in SANE:
        assert SANE[command] in result.stdout, shown


def test_examples_were_found() -> None:
    """The collection itself works: the README, the docs and the help texts all give examples."""
    places = {where.split(":")[0].split(" ")[0] for where, _, _ in EXAMPLES}
    assert {"README.md", "cli.md", "kofun"} <= places
    assert len(EXAMPLES) > 30


# --- documented outputs -------------------------------------------------------------------------------------

OUTPUT_DOCS = [ROOT / "README.md", ROOT / "docs" / "cli.md", ROOT / "docs" / "ladders.md"]
#: Commands whose documented output is checked line for line (deterministic budgets, a few seconds at most).
REPRODUCIBLE = {"best-move", "analyse", "perft", "new", "selfplay", "levels", "games"}
#: Parts of a line that differ from run to run (times, speeds).
VARIABLE = ("time:", " n/s", "nodes/s", "leaves/s", "iterations/s", " s (", "seed: ")


def documented_outputs() -> Iterator[tuple[str, str, list[str]]]:
    """(where, command line, the output lines shown under it) of every `$ kofun` line of a console block with
    output, for the commands of REPRODUCIBLE run without --json or --time."""
    for path in OUTPUT_DOCS:
        lines = path.read_text().splitlines()
        inside = False
        for i, line in enumerate(lines):
            if line.startswith("```"):
                inside = line.strip() == "```console"
                continue
            if not (inside and line.startswith("$ kofun ")):
                continue
            shown: list[str] = []
            for later in lines[i + 1 :]:
                if later.startswith(("$ ", "```")):
                    break
                shown.append(later)
            argv = shlex.split(line[2:], comments=True)[1:]
            errors = bool(shown) and shown[0].startswith("error:")  # checked by test_example_runs
            if argv[0] in REPRODUCIBLE and shown and not errors and "--json" not in argv and "--time" not in argv:
                yield f"{path.name}:{i + 1}", line[2:], shown


OUTPUTS = list(documented_outputs())


@pytest.mark.parametrize(("where", "line", "shown"), OUTPUTS, ids=[f"{w}: {ln[:60]}" for w, ln, _ in OUTPUTS])
def test_documented_output_is_what_the_command_prints(where: str, line: str, shown: list[str]) -> None:
    """The example run as written (no capping): each line shown, but for '...' and times, is printed, in order."""
    result = CliRunner().invoke(main, shlex.split(line, comments=True)[1:])
    assert result.exit_code == 0, f"{where}: {result.output[-1500:]}"
    printed = [p.rstrip() for p in result.stdout.splitlines()]
    at = 0
    for expected in shown:
        text = expected.rstrip()
        if not text.strip() or text.strip() == "..." or any(v in text for v in VARIABLE):
            continue
        assert text in printed[at:], f"{where}: {text!r} not printed (after line {at}):\n" + "\n".join(printed)
        at = printed.index(text, at) + 1


def test_documented_outputs_were_found() -> None:
    places = {where.split(":")[0] for where, _, _ in OUTPUTS}
    assert {"cli.md"} <= places and len(OUTPUTS) >= 6
