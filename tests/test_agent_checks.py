"""Agents refuse a table of another game with a clear error, and the prompt never echoes a huge line back."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import solver
from solver.play.agents import MAX_INPUT, HumanAgent, WrongGameError, clip


def test_an_agent_of_another_game_is_named() -> None:
    with pytest.raises(WrongGameError, match=r"agent 'greedy' plays haniwa, not koikoi: make it for koikoi"):
        solver.play_match("koikoi", [solver.GreedyAgent("haniwa"), solver.GreedyAgent("koikoi")], seed=1)
    search = solver.SearchAgent("sensei", solver.SearchSettings(nodes=10))
    with pytest.raises(WrongGameError, match=r"agent 'alphabeta' plays sensei, not connect4"):
        solver.play_match("c4", [search, solver.RandomAgent()], seed=1)
    assert issubclass(WrongGameError, ValueError)


def test_the_right_game_plays() -> None:
    record = solver.play_match("koikoi", [solver.GreedyAgent("koikoi"), solver.GreedyAgent("hanafuda")], seed=1)
    assert record.finished


def test_a_long_line_is_rejected_without_being_echoed() -> None:
    said: list[str] = []
    lines = iter(["x" * 1_000_000, "4"])
    person = HumanAgent("c4", lambda _prompt: next(lines), said.append, 0)
    state = solver.new("c4")
    assert state.move_to_string(person.choose(state, random.Random(0))) == "4"
    assert said == [f"rejected: 1,000,000 characters typed; a move is at most {MAX_INPUT}"]
    assert clip("y" * 1000) == "y" * 297 + "..." and clip("short") == "short"


def test_play_output_stays_short_for_a_megabyte_line() -> None:
    args = [sys.executable, "-m", "solver", "play", "c4", "--level", "1", "--seed", "1"]
    out = subprocess.run(args, input="x" * 1_000_000 + "\nquit\n", capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-500:]
    assert len(out.stdout) < 2_000
    assert "rejected: 1,000,000 characters typed; a move is at most 200" in out.stdout
