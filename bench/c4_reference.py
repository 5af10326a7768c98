"""The Connect Four reference solver of the benchmarks: a binary the user built, named by KOFUN_C4_REFERENCE.

Protocol: one position per line on stdin (the column digits 1-7); one line per position on stdout,
"<position> <score> <nodes> <cpu_us>": the score in the public test-set convention (Pascal Pons' "Solving Connect
4" benchmark: +n wins with the mover's n-th last stone), the nodes searched and the CPU microseconds of that
solve (the solving thread's CPU clock). Table policy: by default the table is cleared before each position,
before its clock starts; with ``--keep`` it is kept from line to line (the entries of the earlier positions answer
the later ones). Pons' upstream main prints only the score (and keeps its table); his blog's version times with
gettimeofday (wall clock, which a loaded machine inflates): the comparison needs a main of one's own around his
Solver — bench/c4_reference_main.cpp, built with g++ -O3 -DNDEBUG and no opening book (the command is in its
header). The child's whole CPU time (rusage) is reported beside the per-position sum as a check.
"""

from __future__ import annotations

import os
import resource
import subprocess
from dataclasses import dataclass
from pathlib import Path

ENV = "KOFUN_C4_REFERENCE"
NOT_GIVEN = (
    f"{ENV} not given: kofun's side only. For the comparison, build a reference solver that prints "
    "'<position> <score> <nodes> <cpu_us>' per position (bench/c4_reference.py) and set "
    f"{ENV}=/path/to/it"
)


@dataclass(frozen=True)
class ReferenceRun:
    """One pass of the reference over a set: per-position scores, nodes and CPU seconds, and the child's rusage."""

    scores: list[int]
    nodes: int
    cpu_s: float  # sum of the per-position CPU times it reports
    child_cpu_s: float  # user + system of the whole child process (start-up and table clearing included)


def reference_binary() -> Path | None:
    """The reference binary named by KOFUN_C4_REFERENCE, or None when the variable is not set.

    Raises ValueError when the variable names no executable file."""
    value = os.environ.get(ENV)
    if not value:
        return None
    path = Path(value)
    if not path.is_file() or not os.access(path, os.X_OK):
        raise ValueError(f"{ENV}={value}: not an executable file")
    return path


def run_reference(binary: Path, positions: list[str], keep: bool = False) -> ReferenceRun:
    """Solves `positions` with the reference in one child process, its table cleared before each position (or
    kept through them: `keep`); ValueError when its output is not the protocol's."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    text = "\n".join(positions) + "\n"
    args = [str(binary), *(["--keep"] if keep else [])]
    out = subprocess.run(args, input=text, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    rows = [line.split() for line in out.splitlines() if line.strip()]
    if len(rows) != len(positions) or any(len(r) != 4 or r[0] != p for r, p in zip(rows, positions, strict=False)):
        raise ValueError(f"{binary}: expected '<position> <score> <nodes> <cpu_us>' for each of {len(positions)} lines")
    child = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return ReferenceRun(
        scores=[int(r[1]) for r in rows],
        nodes=sum(int(r[2]) for r in rows),
        cpu_s=sum(int(r[3]) for r in rows) / 1e6,
        child_cpu_s=child,
    )
