"""``--players N`` is accepted wherever ``--rule players=N`` is, and means exactly the same."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from solver.cli import main


def run(*args: str) -> tuple[int, str]:
    out = CliRunner().invoke(main, list(args))
    return out.exit_code, out.output


def without_times(text: str) -> str:
    data = json.loads(text)
    for key in ("time_s", "nps", "seconds"):
        data.pop(key, None)
    return json.dumps(data, sort_keys=True)


@pytest.mark.parametrize(
    "args",
    [
        ["new", "ohanami", "--seed", "4"],
        ["new", "honshu", "--seed", "4"],
        ["levels", "haniwa"],
    ],
)
def test_same_output_as_the_rule(args: list[str]) -> None:
    players = "4" if "haniwa" in args else "3"
    flag = run(*args, "--players", players)
    rule = run(*args, "--rule", f"players={players}")
    assert flag[0] == 0 and flag == rule
    if args[0] == "levels":
        assert flag[1].startswith("haniwa (4p): ")


@pytest.mark.parametrize("command", ["best-move", "analyse"])
def test_searches_take_players(command: str) -> None:
    args = [command, "ohanami", "--nodes", "30", "--seed", "2", "--threads", "1", "--json"]
    code, flag = run(*args, "--players", "3")
    assert code == 0, flag
    assert without_times(flag) == without_times(run(*args, "--rule", "players=3")[1])
    assert "players=3 " in json.loads(flag)["position"]


def test_experiment_takes_players() -> None:
    args = ["experiment", "ohanami", "--games", "1", "--iterations", "3", "--opponent", "random", "--json"]
    code, flag = run(*args, "--players", "3")
    assert code == 0, flag
    data = json.loads(flag)
    assert data["rules"]["players"] == 3 and data["sides"] == 3
    assert without_times(flag) == without_times(run(*args, "--rule", "players=3")[1])


def test_the_same_words_where_the_game_has_no_player_count() -> None:
    flag = run("new", "c4", "--players", "2")
    rule = run("new", "c4", "--rule", "players=2")
    assert flag == rule and flag[0] == 2
    assert flag[1].startswith("error: connect4: unknown rule option 'players'")


def test_players_and_a_different_rule_disagree() -> None:
    code, out = run("new", "ohanami", "--players", "3", "--rule", "players=4")
    assert code == 2 and "error: --players 3 and --rule players=4 disagree: give one of them" in out
