"""The match layer is not two-player-only: matches of the toy game (tests/toy/toy_game.hpp, bound through the same
template as every game) with 3 and 5 seats, imposed teams, rotations of three sides, and search agents."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import Any

import pytest

from solver.batch.seeds import derive_seed
from solver.games import GAMES
from solver.games.base import GameInfo
from solver.games.options import OptionSpec
from solver.play.agents import RandomAgent, SearchAgent
from solver.play.match import Match, rotations, side_of
from solver.search.settings import SearchSettings, SettingsError


class ToyInfo(GameInfo):
    """The toy game as a registered game: `players` seats, a row of 2 x players random cards dealt from the seed."""

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> Any:
        players = self.check_options(options)["players"]
        rng = random.Random(seed)
        cards = ",".join(str(rng.randint(1, 9)) for _ in range(2 * players))
        return self.State.parse(f"players={players} cards={cards}")

    def rules_of(self, state: Any) -> dict[str, Any]:
        return self.check_options({"players": int(state.num_players)})


@pytest.fixture
def toy(toy_core: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Iterator[ToyInfo]:
    game = ToyInfo(
        name="toy",
        title="take a card from either end",
        core=toy_core,
        options=(OptionSpec("players", 3, "seats", min_value=2, max_value=5),),
        random_setup=True,
        return_unit="points",
    )
    monkeypatch.setitem(GAMES, "toy", game)
    yield game


def mcts(toy: ToyInfo, rules: Mapping[str, Any], nodes: int = 300) -> SearchAgent:
    return SearchAgent(toy, SearchSettings(algo="mcts", nodes=nodes), rules)


def test_three_seats_random_and_search(toy: ToyInfo) -> None:
    rules = {"players": 3}
    agents = [RandomAgent(), mcts(toy, rules), RandomAgent()]
    record = Match(toy, agents, rules, seed=4).play()
    start = toy.deal(toy.check_options(rules), derive_seed(4, "deal", 0))
    cards = [int(c) for c in start.to_string().split("cards=")[1].split()[0].split(",")]
    assert len(record.moves) == 6 and sum(record.scores) == sum(cards)  # every card taken once
    assert record.scores == record.returns and record.teams == [0, 1, 2]
    best = max(record.scores)
    assert record.winners == (
        [] if record.scores.count(best) == 3 else [p for p in range(3) if record.scores[p] == best]
    )
    assert [a["name"] for a in record.agents] == ["random", "mcts", "random"]
    assert Match(toy, agents, rules, seed=4).play() == record  # reproducible


def test_five_seats_with_imposed_teams(toy: ToyInfo) -> None:
    rules = {"players": 5}
    agents = [mcts(toy, rules), RandomAgent(), mcts(toy, rules), RandomAgent(), RandomAgent()]
    record = Match(toy, agents, rules, seed=9, teams=[0, 1, 0, 1, 1]).play()
    assert len(record.scores) == 5 and len(record.moves) == 10
    means = record.team_scores
    assert means == {0: (record.scores[0] + record.scores[2]) / 2, 1: sum(record.scores[i] for i in (1, 3, 4)) / 3}
    if means[0] != means[1]:
        assert record.winners == ([0, 2] if means[0] > means[1] else [1, 3, 4])
    with pytest.raises(ValueError, match="5 seats under these rules, got 4 agents"):
        Match(toy, agents[:4], rules)


def test_three_sides_rotate_through_every_seat(toy: ToyInfo) -> None:
    rules = {"players": 3}
    sides = [mcts(toy, rules, 200), RandomAgent(), SearchAgent(toy, SearchSettings(algo="mcts", nodes=50), rules)]
    played = rotations(toy, sides, rules, seed=2)
    assert [r for r, _ in played] == [0, 1, 2]
    assert len({rec.start for _, rec in played}) == 1  # the same deal each time
    assert sorted(side_of(rec, r, 0)[0] for r, rec in played) == [0, 1, 2]  # side 0 sat in every seat


def test_search_picks_an_algorithm_for_the_player_count(toy: ToyInfo) -> None:
    three = toy.new({"players": 3})
    assert SearchAgent(toy, None, {"players": 3}).search_settings.algo == "mcts"  # no alpha-beta beyond two
    assert SearchAgent(toy, None, {"players": 2}).search_settings.algo == "alphabeta"
    with pytest.raises(ValueError, match="3"):
        three.alphabeta(SearchSettings(depth=2).limits())
    with pytest.raises(SettingsError, match="toy has no hidden information"):
        SearchAgent(toy, SearchSettings(algo="ismcts"), {"players": 3})
