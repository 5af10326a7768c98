"""The searches on tiny C++ games with non-alternating turns and three players (turn_order_games.cpp).

The game contract lets a player move several times in a row and allows more than two players; Connect Four
exercises neither, so these checks compile a small program against the search headers and run it.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = Path(__file__).with_name("turn_order_games.cpp")


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compiled check program (same compiler as the extension, C++20, optimised)."""
    cxx = shlex.split(os.environ.get("CXX") or sysconfig.get_config_var("CXX") or "g++")
    exe = tmp_path_factory.mktemp("turn_order") / "turn_order_games"
    cmd = [
        *cxx,
        "-std=c++20",
        "-O2",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-pthread",
        f"-I{ROOT}",
        str(SOURCE),
        "-o",
        str(exe),
    ]
    build = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert build.returncode == 0, build.stderr
    return exe


@pytest.mark.parametrize(
    "check", ["alphabeta_matches_minimax", "alphabeta_solves", "mcts_solver", "mcts_three_players"]
)
def test_turn_order(program: Path, check: str) -> None:
    run = subprocess.run([str(program), check], capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stdout + run.stderr
