"""Koi-Koi decisions that know the match score: the match context in the notation, the match equity table, the
ISMCTS objective 'match' and its defaults."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver import search
from solver._core import NotationError
from solver._core import koikoi as kk
from solver.games.koikoi import GAME, with_match
from solver.games.koikoi import equity as eq
from solver.play.agents import SearchAgent
from solver.play.match import Match, first_deal
from solver.search.settings import SearchSettings

NINTENDO = {"preset": "nintendo"}


def _deal(seed: int = 5, plies: int = 3) -> kk.State:
    s = kk.State.deal(seed, kk.Rules.preset("nintendo"))
    for _ in range(plies):
        s.apply(s.legal_moves()[0])
    return s


def test_match_fields_round_trip_in_positions_and_information_states() -> None:
    s = with_match(_deal(), 11, 12, 34, 7)
    text = s.to_string()
    assert text.endswith(" deal=11/12 match=34,7") and s.match == (11, 12, 34, 7)
    assert kk.State.parse(text).to_string() == text and kk.State.parse(text) == s
    for p in (0, 1):
        info = s.information_state(p)
        assert info.endswith(" deal=11/12 match=34,7")
        view = GAME.view(info)
        assert view.proxy.match == (11, 12, 34, 7) and view.text == info
    s.apply(s.legal_moves()[0])  # moves keep the context, the hash ignores it
    assert s.match == (11, 12, 34, 7)
    assert kk.State.parse(text).hash() == kk.State.parse(text.split(" deal=")[0]).hash()
    assert _deal().match is None and " deal=" not in _deal().to_string()  # absent: a single deal


@pytest.mark.parametrize(
    ("tail", "field"),
    [
        (" deal=13/12 match=0,0", "koikoi deal"),
        (" deal=0/12 match=0,0", "koikoi deal"),
        (" deal=3 match=0,0", "koikoi deal"),
        (" deal=3/12", "koikoi match"),
        (" deal=3/12 match=1", "koikoi match"),
        (" deal=3/12 match=-1,4", "koikoi match"),
        (" match=1,2", "koikoi match"),
        (" deal=3/12 match=1,2 deal=4/12", "koikoi notation"),
    ],
)
def test_match_field_errors_name_the_field(tail: str, field: str) -> None:
    with pytest.raises(NotationError, match=field):
        kk.State.parse(_deal().to_string() + tail)


def test_equity_dp_on_a_tiny_outcome_distribution() -> None:
    # the dealer wins 2 (1/4), draws (1/4), loses 1 (1/2)
    e = eq.equity_table({2: 1, 0: 1, -1: 2}, max_left=2, max_diff=10)
    at = lambda left, d, dealer: float(e[left, d + 10, dealer])  # noqa: E731
    assert [at(0, d, 1) for d in (-1, 0, 1)] == [0.0, 0.5, 1.0]
    assert at(1, 0, 1) == pytest.approx(0.25 + 0.25 * 0.5)  # 0.375
    assert at(1, 0, 0) == pytest.approx(0.625)  # the opponent deals: 1 - E(1, 0, dealer)
    assert at(1, 1, 1) == pytest.approx(0.25 + 0.25 + 0.5 * 0.5)  # 0.75
    assert at(1, -1, 0) == pytest.approx(0.25)
    # two deals: win 2 and deal again (E=1 from +2), draw -> the opponent deals at 0, lose 1 -> they deal at -1
    assert at(2, 0, 1) == pytest.approx(0.25 * 1.0 + 0.25 * 0.625 + 0.5 * 0.25)  # 0.53125
    with pytest.raises(ValueError, match="outcome weights"):
        eq.equity_table({1: 0}, 1)


def test_shipped_table_is_a_probability_and_monotone() -> None:
    data = eq.shipped()["presets"]["nintendo"]
    assert sum(data["outcomes"].values()) == data["deals"] and data["seed"] >= 0
    e = eq.table_for("nintendo", 12)
    assert ((e >= 0) & (e <= 1)).all()
    assert (e[:, 1:, :] >= e[:, :-1, :] - 1e-12).all()  # more points never hurt
    assert eq.equity("nintendo", 11, 0, True) == pytest.approx(1 - eq.equity("nintendo", 11, 0, False))
    # one deal left: the row of returns is E(0, diff + r) with the dealer's side irrelevant
    row = eq.match_utilities("nintendo", 0, -3, True)
    assert row[eq.MAX_RETURN + 2] == 0.0 and row[eq.MAX_RETURN + 3] == 0.5 and row[eq.MAX_RETURN + 4] == 1.0


def test_match_deals_carry_the_context() -> None:
    rules = {"preset": "nintendo", "rounds": 3}
    first = first_deal(GAME, rules, 4)
    assert first.match == (1, 3, 0, 0)
    assert GAME.rules_of(first)["rounds"] == 3 and GAME.rules_of(_deal())["rounds"] == 1
    agent = SearchAgent(GAME, SearchSettings(nodes=50), rules)
    record = Match(GAME, [agent, agent], rules, seed=4).play()
    totals = [0, 0]
    for k, deal in enumerate(record.deals):
        assert kk.State.parse(deal.start).match == (k + 1, 3, *totals)
        totals = [t + int(x) for t, x in zip(totals, deal.scores, strict=True)]
    assert totals == record.scores


def test_defaults_per_rules() -> None:
    one = SearchSettings().for_game(GAME, {"preset": "nintendo", "rounds": 1})
    twelve = SearchSettings().for_game(GAME, NINTENDO)
    assert (one.objective, twelve.objective, SearchSettings().for_game(GAME, {}).objective) == ("wins", "match", "wins")
    assert SearchSettings().for_game(GAME, {"rounds": 2}).objective == "match"


def test_match_objective_values_are_match_win_probabilities() -> None:
    view = GAME.view(with_match(_deal(), 12, 12, 40, 0))  # last deal, 40 ahead: the match is won whatever happens
    report = search(view, nodes=400, rules=NINTENDO)
    assert report.settings.objective == "match" and report.value == pytest.approx(
        1.0 if view.observer == 0 else 0.0, abs=1e-3
    )
    assert report.score.unit == "match-win probability" and "to win the match" in report.value_text
    low, table, scale = GAME.match_table(view)
    assert low == -eq.MAX_RETURN and len(table) == 2 * (2 * eq.MAX_RETURN + 1) and 0 < scale < 1e-3  # decided


# Last deal of a nintendo match, the player to move has a yaku and decides (found with the engine, 3,000
# iterations; the match objective's choice is the same for search seeds 1-4).
BEHIND = (  # player 0 has 5 points, 11 behind: stopping loses the match for sure, koi-koi keeps a chance
    "rules=nintendo first=1 turn=0 phase=decide hand0=4a,10c2,12c2 hand1=3c2,11r,11c table=1c1,2r,3r,4c2,8c1,10r,"
    "12b,12c1 pile0=5r,5c2,6r,6c2,8b,8a,9a,9r pile1=1b,1r,2a,2c2,3b,3c1,4r,4c1,7r,7c2,11b,11a stock=6a,12c3,9c1,"
    "10c1,10a,6c1,9c2,5a,1c2,2c1,8c2,5c1,7c1,7a koikoi=0,0 total=5,0 deal=12/12 match=0,11"
)
AHEAD = (  # player 1 has 2 points and leads by 1: stopping wins the match for sure
    "rules=nintendo first=0 turn=1 phase=decide hand0=8b hand1=2c1 table=1c2,2a,3c2,4c1,6c2,7a pile0=5c1,5c2,9a,"
    "9c1,10r,10c1,11a,11r,12c1,12c3 pile1=1b,1c1,2r,2c2,3b,3r,4a,4c2,5a,5r,6r,6c1,7r,7c2,8a,8c2,9r,9c2,10a,10c2 "
    "stock=11b,4r,1r,8c1,12c2,7c1,3c1,12b,6a,11c koikoi=0,0 total=0,2 deal=12/12 match=0,1"
)


@pytest.mark.parametrize(("text", "match_move", "points_move"), [(BEHIND, "koikoi", "stop"), (AHEAD, "stop", "koikoi")])
def test_the_match_objective_gambles_behind_and_stops_ahead(text: str, match_move: str, points_move: str) -> None:
    view = GAME.view(kk.State.parse(text))
    match = search(view, nodes=3000, seed=1, rules=NINTENDO)
    points = search(view, nodes=3000, seed=1, rules=NINTENDO, objective="returns")
    assert match.settings.objective == "match" and (match.best_move, points.best_move) == (match_move, points_move)
    stop = next(m for m in match.moves if m.move == "stop")
    assert stop.value == pytest.approx(1.0 if match_move == "stop" else 0.0, abs=1e-3)  # decided by stopping
    # the same deal without the match context is a single deal: objective 'wins'
    alone = GAME.view(kk.State.parse(text.split(" deal=")[0]))
    assert search(alone, nodes=300, seed=1).settings.objective == "wins"


def test_table_objective_with_a_linear_table_is_the_returns_objective() -> None:
    from solver._core import SearchLimits

    view = GAME.view(kk.State.parse(BEHIND.split(" deal=")[0]))
    limits = SearchLimits()
    limits.nodes, limits.seed = 2000, 3
    belief = {"unseen": view.unseen, "groups": view.groups, "exploration": 1.4}
    plain = kk.State.ismcts(view.text, limits, **belief)
    row = [float(r) for r in range(-150, 151)]
    table = kk.State.ismcts(view.text, limits, **belief, objective="table", return_table=row + row, table_low=-150)
    assert [(m.move, m.visits, m.wins) for m in table.moves] == [(m.move, m.visits, m.wins) for m in plain.moves]
    assert [m.value for m in table.moves] == pytest.approx([m.value for m in plain.moves])
    with pytest.raises(ValueError, match="one row of the same length per player"):
        kk.State.ismcts(view.text, limits, **belief, objective="table", return_table=[*row, *row, 0.0])
    with pytest.raises(ValueError, match="return_table goes with objective 'table'"):
        kk.State.ismcts(view.text, limits, **belief, return_table=row + row)


def test_paired_experiment_against_the_points_objective() -> None:
    from solver.play.experiments import run_experiment

    res = run_experiment(
        GAME, "ismcts", 1, 50, 3, {"preset": "nintendo", "rounds": 2}, opponent_options={"objective": "returns"}
    )
    assert (res.search["objective"], res.opponent_search["objective"]) == ("match", "returns")
    assert len(res.diffs) == 2 and "objective returns" in res.summary()
    with pytest.raises(ValueError, match="opponent_options"):
        run_experiment(GAME, "greedy", 1, 50, opponent_options={"objective": "returns"})


def test_the_equity_sample_script_gives_the_same_counts_on_one_or_two_workers(tmp_path: Path) -> None:
    """scripts/koikoi_equity.py runs on the batch runner: the same outcomes in process and on a LocalCluster."""
    script = Path(__file__).resolve().parents[2] / "scripts" / "koikoi_equity.py"
    counts = []
    for jobs in ("1", "2"):
        out = tmp_path / f"equity-{jobs}.json"
        args = ["--deals", "16", "--nodes", "40", "--seed", "3", "--jobs", jobs, "--out", str(out)]
        done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        sample = json.loads(out.read_text())["presets"]["nintendo"]
        assert sample["deals"] == 16 and sum(sample["outcomes"].values()) == 16
        counts.append(sample["outcomes"])
    assert counts[0] == counts[1]
