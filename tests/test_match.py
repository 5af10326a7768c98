"""The match layer: seeds, settings per game, agents that see only their seat's view, paired games, records."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import solver
from solver import _core
from solver.batch.seeds import MAX_SEED, derive_seed
from solver.determinize.infostate import InformationState
from solver.games import get_game
from solver.play.agents import (
    Abandon,
    GreedyAgent,
    PeekingAgent,
    RandomAgent,
    SearchAgent,
    TakeBack,
    make_agent,
    observation,
)
from solver.play.match import (
    GameRecord,
    Match,
    MatchObserver,
    best_seats,
    first_deal,
    rotations,
    seat_agents,
    side_of,
    team_means,
)
from solver.search.settings import SearchSettings, SettingsError

C4 = get_game("c4")
KOIKOI = get_game("koikoi")
HANIWA = get_game("haniwa")


def test_derived_seeds_are_fixed_order_free_and_in_range() -> None:
    assert derive_seed(7, "deal", 3) == derive_seed(7, "deal", 3)
    seeds = {derive_seed(s, "deal", k) for s in range(20) for k in range(50)}
    assert len(seeds) == 1000 and all(0 <= x <= MAX_SEED for x in seeds)
    assert derive_seed(1, "deal", 2) != derive_seed(2, "deal", 1)  # not a sum of the parts
    assert derive_seed(1, 2) != derive_seed(1, "2")  # typed path items
    assert derive_seed(0, "deal", 0) == 7_882_591_393_352_409_104  # the documented function never changes silently
    for bad in (-1, MAX_SEED + 1, 1.5, True):
        with pytest.raises(ValueError, match="seed"):
            derive_seed(bad)  # type: ignore[arg-type]


def test_settings_are_completed_in_one_place_for_the_game_and_its_rules() -> None:
    assert SearchSettings().for_game(C4).algo == "alphabeta"
    deal = SearchSettings().for_game(KOIKOI)
    assert (deal.algo, deal.options()) == ("ismcts", {"exploration": 1.4, "objective": "wins"})
    match = SearchSettings().for_game(KOIKOI, {"preset": "nintendo"})
    assert match.options() == {"exploration": 1.4, "objective": "match"}
    # The Python API and the CLI agree: a nintendo deal searched without rules reads its preset and its match
    # context off the state (a deal of a match: the objective 'match'; a lone deal: 'wins').
    report = solver.search(first_deal(KOIKOI, {"preset": "nintendo"}, 3), nodes=200, seed=1)
    assert report.settings.objective == "match" and report.score.kind == "expected"
    assert report.score.unit == "match-win probability" and report.score.win_rate is not None
    alone = solver.search(KOIKOI.new({"preset": "nintendo"}, 3), nodes=200, seed=1)
    assert alone.settings.objective == "wins" and alone.score.unit == "points"
    with pytest.raises(SettingsError, match="connect4 has no hidden information"):
        SearchSettings(algo="ismcts").for_game(C4)
    with pytest.raises(SettingsError, match="'num_worlds' does not apply to algo 'ismcts'"):
        solver.search(KOIKOI.new({"preset": "nintendo"}, 3), algo="ismcts", nodes=10, num_worlds=3)


def test_scores_say_what_a_value_means() -> None:
    win = solver.best_move("c4", "121212", depth=4).score
    assert (win.kind, win.plies, win.proven, str(win)) == ("win", 1, True, "win in 1 ply")
    heuristic = solver.best_move("c4", "44", depth=3).score
    assert heuristic.kind == "eval" and heuristic.unit == C4.eval_unit and not heuristic.proven
    mean = solver.best_move("c4", "44", algo="mcts", nodes=300, seed=1, solver=False).score
    assert mean.kind == "expected" and mean.unit == "result" and -1.0 <= mean.value <= 1.0


class Spy:
    """An agent recording what it is given, playing the first legal move."""

    name = "spy"
    sees_everything = False

    def __init__(self) -> None:
        self.views: list[Any] = []

    def choose(self, view: Any, rng: random.Random) -> int:
        self.views.append(view)
        return int(sorted(view.legal_moves())[0])

    def settings(self) -> dict[str, Any]:
        return {"kind": "spy"}


def test_agents_receive_only_their_seats_information_state() -> None:
    for game, rules in ((KOIKOI, {}), (HANIWA, {"players": 2}), (HANIWA, {"players": 4})):
        opts = game.check_options(rules)
        spies = [Spy() for _ in range(game.num_players(opts))]
        record = Match(game, spies, opts, seed=11).play()
        replay = game.deal(opts, derive_seed(11, "deal", 0))
        asked = [0] * len(spies)
        for move in record.deals[0].moves:
            seat = replay.to_move()
            view = spies[seat].views[asked[seat]]
            assert isinstance(view, InformationState) and view.observer == seat
            assert view.text == replay.information_state(seat)  # exactly its own view, nothing more
            asked[seat] += 1
            replay.play(move)
        assert asked == [len(spy.views) for spy in spies] and replay.to_string() == record.final
    # Perfect information: the position itself, a copy (an agent cannot change the game).
    spy = Spy()
    Match(C4, [spy, RandomAgent()], seed=1).play()
    assert all(isinstance(v, _core.connect4.State) for v in spy.views)


def test_an_agent_that_sees_everything_must_say_so() -> None:
    state = KOIKOI.new({}, 5)
    assert isinstance(observation(KOIKOI, state, 0, RandomAgent()), InformationState)
    peeking = PeekingAgent(KOIKOI, SearchSettings(nodes=10), "all")
    assert peeking.sees_everything and observation(KOIKOI, state, 0, peeking) == state
    with pytest.raises(ValueError, match="haniwa has no peeking reference player"):
        PeekingAgent(HANIWA, SearchSettings(nodes=10), "all")
    assert isinstance(make_agent(KOIKOI, "pimc"), SearchAgent)


def test_search_agents_of_hidden_information_games_search_the_view_only() -> None:
    with pytest.raises(SettingsError, match="searches from its information state only"):
        SearchAgent(KOIKOI, SearchSettings(algo="alphabeta"))
    agent = SearchAgent(KOIKOI, SearchSettings(nodes=300))
    assert agent.settings() == {
        "kind": "search",
        "algo": "ismcts",
        "nodes": 300,
        "threads": 1,
        "seed": 0,
        "exploration": 1.4,
        "objective": "wins",
    }
    with pytest.raises(ValueError, match="connect4 has no greedy player"):
        GreedyAgent(C4).choose(C4.new(), random.Random(1))


def test_paired_games_swap_the_sides_on_the_same_deal() -> None:
    a, b = SearchAgent(C4, SearchSettings(depth=2), name="A"), RandomAgent()
    pairs = rotations(C4, [a, b], seed=3, opening_plies=2)
    (r0, first), (r1, second) = pairs
    assert (r0, r1) == (0, 1) and first.moves[:2] == second.moves[:2]  # the same opening
    assert [x["name"] for x in first.agents] == ["A", "random"] and [x["name"] for x in second.agents] == [
        "random",
        "A",
    ]
    assert side_of(first, 0, 0) == [0] and side_of(second, 1, 0) == [1]
    assert pairs == rotations(C4, [a, b], seed=3, opening_plies=2)  # reproducible


def test_teams_share_results_and_seats_follow_the_sides() -> None:
    assert team_means([3.0, 1.0, 5.0, 1.0], [0, 1, 0, 1]) == {0: 4.0, 1: 1.0}
    assert best_seats([3.0, 1.0, 5.0, 1.0], [0, 1, 0, 1]) == [0, 2]
    assert best_seats([2.0, 2.0], [0, 1]) == []
    x, y = RandomAgent(), Spy()
    assert seat_agents([x, y], [0, 1, 0, 1], 0) == [x, y, x, y]
    assert seat_agents([x, y], [0, 1, 0, 1], 1) == [y, x, y, x]
    record = Match(HANIWA, [RandomAgent()] * 4, {"players": 4}, seed=2).play()
    assert record.teams == [0, 1, 0, 1] and record.scores[0] == record.scores[2]
    assert record.winners in ([], [0, 2], [1, 3])
    with pytest.raises(ValueError, match="teams"):
        Match(HANIWA, [RandomAgent()] * 4, {"players": 4}, teams=[0, 0, 1, 1])


class Scripted:
    """A human stand-in: plays a scripted list of actions (moves in notation, 'undo', 'quit')."""

    name = "human"
    sees_everything = False

    def __init__(self, script: list[str]) -> None:
        self.script = script

    def choose(self, view: Any, rng: random.Random) -> int:
        step = self.script.pop(0)
        if step == "undo":
            raise TakeBack
        if step == "quit":
            raise Abandon
        return int(view.parse_move(step))

    def settings(self) -> dict[str, Any]:
        return {"kind": "human"}


def test_take_back_and_abandon() -> None:
    events: list[str] = []

    class Watch(MatchObserver):
        def taken_back(self, state: Any) -> None:
            events.append("nothing" if state is None else state.to_string())

        def abandoned(self, state: Any) -> None:
            events.append("left " + state.to_string())

    human = Scripted(["undo", "4", "undo", "3", "quit"])
    record = Match(C4, [human, SearchAgent(C4, SearchSettings(depth=1))], seed=0).play(Watch())
    assert events[0] == "nothing" and events[1] == ""  # back to the start, before the reply
    assert not record.finished and record.moves[0] == "3" and len(record.moves) == 2
    assert events[-1] == "left " + "3" + record.moves[1]
    assert GameRecord.from_dict(record.to_dict()) == record


def test_selfplay_and_experiment_write_records_that_read_back(tmp_path: Any) -> None:
    from click.testing import CliRunner

    from solver.cli import main
    from solver.play.record import read_records

    path = tmp_path / "games.jsonl"
    args = ["selfplay", "c4", "--games", "2", "--depth", "1", "--seed", "2", "--records", str(path), "--json"]
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 0, out.output
    records = read_records(path)
    assert [r.moves for r in records] == [r["moves"] for r in json.loads(out.output)["records"]]
    koikoi = tmp_path / "koikoi.jsonl"
    args = ["experiment", "koikoi", "--games", "1", "--iterations", "50", "--records", str(koikoi)]
    assert CliRunner().invoke(main, args).exit_code == 0
    games = read_records(koikoi)
    assert len(games) == 2 and games[0].start == games[1].start  # one deal, seats swapped
    assert [a["kind"] for a in games[0].agents] == ["search", "greedy"]
    assert [a["kind"] for a in games[1].agents] == ["greedy", "search"]
    koikoi.write_text(koikoi.read_text() + "{broken\n")
    with pytest.raises(ValueError, match=r"line 3"):
        read_records(koikoi)


class FirstLegal:
    name = "first"
    sees_everything = False

    def choose(self, view: Any, rng: random.Random) -> int:
        return int(sorted(view.legal_moves())[0])

    def settings(self) -> dict[str, Any]:
        return {"kind": "first"}


class LeavesAfter(FirstLegal):
    """Plays like FirstLegal and leaves the game at its `n`-th decision."""

    def __init__(self, n: int) -> None:
        self.n = n

    def choose(self, view: Any, rng: random.Random) -> int:
        self.n -= 1
        if self.n < 0:
            raise Abandon
        return super().choose(view, rng)


def test_a_match_left_in_its_second_deal_resumes_to_the_same_result() -> None:
    rules = {"preset": "nintendo", "rounds": 3}
    whole = Match(KOIKOI, [FirstLegal(), FirstLegal()], rules, seed=6).play()
    cut = Match(KOIKOI, [FirstLegal(), LeavesAfter(len(whole.deals[0].moves) // 2 + 3)], rules, seed=6).play()
    assert not cut.finished and len(cut.deals) == 2 and cut.deals[0].finished and not cut.deals[1].finished
    assert cut.planned_deals == 3
    again = Match(KOIKOI, [FirstLegal(), FirstLegal()], rules, seed=6, resume=GameRecord.from_dict(cut.to_dict()))
    resumed = again.play()
    assert resumed.deals == whole.deals and resumed.scores == whole.scores and resumed.winners == whole.winners
    with pytest.raises(ValueError, match="another game, seed or rules"):
        Match(KOIKOI, [FirstLegal(), FirstLegal()], rules, seed=7, resume=cut)
