"""A position says its own rules: what it carries (a Koi-Koi deal's preset and match, a table's players) decides
the search defaults, in the command line and the Python API alike — the same search for the same position and
seed, whatever the --rule flags leave out; a flag that contradicts the position is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

import solver
from solver.cli import main
from solver.games import get_game

# Last deal of a nintendo match (12 deals), 11 points behind: the match objective gambles on koi-koi.
KOIKOI_MATCH = (
    "rules=nintendo first=1 turn=0 phase=decide hand0=4a,10c2,12c2 hand1=3c2,11r,11c table=1c1,2r,3r,4c2,8c1,10r,"
    "12b,12c1 pile0=5r,5c2,6r,6c2,8b,8a,9a,9r pile1=1b,1r,2a,2c2,3b,3c1,4r,4c1,7r,7c2,11b,11a stock=6a,12c3,9c1,"
    "10c1,10a,6c1,9c2,5a,1c2,2c1,8c2,5c1,7c1,7a koikoi=0,0 total=5,0 deal=12/12 match=0,11"
)


def dealt(game: str, seed: int, **rules: Any) -> str:
    info = get_game(game)
    return str(info.notation(info.new(rules, seed)))


POSITIONS = {
    "connect4": ("4453", 2_000),
    "sensei": (dealt("sensei", 0, version="shizukana"), 2_000),
    "koikoi": (KOIKOI_MATCH, 300),
    "haniwa": (dealt("haniwa", 3, players=4), 300),
    "ohanami": (dealt("ohanami", 3, players=4), 200),
    "honshu": (dealt("honshu", 3, players=4), 100),
}


def cli_search(game: str, position: str, nodes: int, *flags: str) -> dict[str, Any]:
    args = ["best-move", game, position, "--nodes", str(nodes), "--seed", "5", "--threads", "1", "--json", *flags]
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 0, out.output
    return dict(json.loads(out.stdout))


def comparable(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k not in ("time_s", "nps")}


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_cli_and_api_give_the_same_search(game: str) -> None:
    position, nodes = POSITIONS[game]
    info = get_game(game)
    api = solver.search(info.parse(position), nodes=nodes, seed=5, threads=1).to_dict()
    cli = cli_search(game, position, nodes)
    assert comparable(cli) == comparable(api)


def test_koikoi_match_context_chooses_the_match_objective() -> None:
    cli = cli_search("koikoi", KOIKOI_MATCH, 300)
    assert cli["settings"]["objective"] == "match"
    assert "to win the match" in cli["value_text"]
    same = cli_search("koikoi", KOIKOI_MATCH, 300, "--rule", "preset=nintendo")
    assert comparable(same) == comparable(cli)


def test_a_flag_that_contradicts_the_position_is_refused() -> None:
    out = CliRunner().invoke(main, ["best-move", "koikoi", KOIKOI_MATCH, "--nodes", "10", "--rule", "preset=seed"])
    assert out.exit_code == 2
    assert "error: --rule preset=seed: the position carries preset=nintendo (leave the flag out)" in out.output
    position = POSITIONS["ohanami"][0]
    out = CliRunner().invoke(main, ["best-move", "ohanami", position, "--nodes", "10", "--rule", "players=2"])
    assert out.exit_code == 2 and "the position carries players=4" in out.output
