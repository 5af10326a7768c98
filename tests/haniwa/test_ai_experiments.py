"""Haniwa baselines and strength experiments: the greedy player's exact definition, tie-breaking and blindness to
hidden tiles; tiny experiment runs (reproducibility and consistent counts only, never strength)."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from haniwa_helpers import position
from test_ai_search import COLUMN, DOGU, midgame

from solver._core import haniwa
from solver.batch.seeds import derive_seed
from solver.cli import main
from solver.determinize.infostate import InformationState
from solver.games.haniwa import GAME
from solver.games.haniwa.belief import HaniwaBelief
from solver.play.agents import observation
from solver.play.experiments import make_side, run_experiment
from solver.play.match import rotations


def test_provisional_margin_scores_the_board_as_it_stands() -> None:
    s = position(**COLUMN)
    # The margin is the rules' scoring of the current cells: after the last placement it is the final return.
    for m in s.legal_moves():
        c = s.clone()
        c.apply(m)
        assert c.is_terminal()
        assert c.provisional_margin(0) == c.returns(0) and c.provisional_margin(1) == c.returns(1)


def test_provisional_margin_leaves_face_down_tiles_out() -> None:
    hidden = position(
        zones=({"a1": "R3*"}, {}),
        hands=(["R1", "B1", "G1", "Y1"], ["R2", "B2", "G2", "Y2"]),
        game="f",
        first=0,
        to_move=1,
    )
    visible = position(zones=({}, {}), hands=(["R1", "B1", "G1", "Y1"], ["R2", "B2", "G2", "Y2"]), first=0, to_move=0)
    # With the face-down R3 left out both boards are empty: no column won, no points.
    assert hidden.provisional_margin(0) == visible.provisional_margin(0) == 0
    face_up = position(
        zones=({"a1": "R3"}, {}),
        hands=(["R1", "B1", "G1", "Y1"], ["R2", "B2", "G2", "Y2"]),
        dice="4111",
        first=0,
        to_move=1,
    )
    assert face_up.provisional_margin(0) == 4 and face_up.provisional_margin(1) == -4  # red column, die 4


def test_greedy_takes_the_largest_immediate_gain() -> None:
    assert position(**COLUMN).move_to_string(position(**COLUMN).greedy_move(0)) == "Y3d3"  # +4 (others +1, -7)
    assert position(**DOGU).move_to_string(position(**DOGU).greedy_move(0)) == "B2a3"  # the Dogu at exactly 8


def test_greedy_ties_are_broken_by_the_seed() -> None:
    s = haniwa.State.deal(haniwa.Rules(), 6)  # opening: many moves with the same provisional margin
    picks = {s.greedy_move(seed) for seed in range(40)}
    assert len(picks) > 1
    assert all(s.greedy_move(seed) == s.greedy_move(seed) for seed in range(10))
    before = s.provisional_margin(s.to_move())
    gains = {}
    for m in s.legal_moves():
        c = s.clone()
        c.apply(m)
        gains[m] = c.provisional_margin(s.to_move()) - before if c.phase() != "choose" else None
    best = max(v for v in gains.values() if v is not None)
    assert all(gains[m] in (best, None) for m in picks)


def test_greedy_never_peeks() -> None:
    for seed in range(6):
        s = midgame(seed, 9 + 3 * seed)
        p = s.to_move()
        for w in HaniwaBelief.of(s, p).worlds(3, seed=seed):
            assert w.greedy_move(seed) == s.greedy_move(seed)


def test_random_and_search_players_read_only_their_view() -> None:
    s = midgame(2, 12)
    other = HaniwaBelief.of(s, s.to_move()).worlds(1, seed=4)[0]
    seat = s.to_move()
    for kind in ("random", "greedy", "ismcts", "pimc"):
        agent = make_side(GAME, kind, 300, GAME.check_options({}))
        view, other_view = observation(GAME, s, seat, agent), observation(GAME, other, seat, agent)
        assert isinstance(view, InformationState) and view.text == other_view.text == s.information_state(seat)
        assert agent.choose(view, random.Random(17)) == agent.choose(other_view, random.Random(17))


def test_tiny_experiment_is_reproducible_with_consistent_counts() -> None:
    a = run_experiment("haniwa", "greedy", 2, 200, seed=3)
    b = run_experiment("haniwa", "greedy", 2, 200, seed=3)
    assert a.diffs == b.diffs and len(a.diffs) == 4 and (a.wins, a.losses, a.draws) == (b.wins, b.losses, b.draws)
    assert a.wins == sum(d > 0 for d in a.diffs) and a.losses == sum(d < 0 for d in a.diffs)
    assert a.wins + a.losses + a.draws == 4 and a.game == "haniwa" and a.rules["players"] == 2


def test_paired_deals_swap_the_seats() -> None:
    """Each unit is one deal played twice, ISMCTS in seat 0 then in seat 1; the differences are its returns."""
    r = run_experiment("haniwa", "greedy", 1, 100, seed=5)
    rules = GAME.check_options({})
    me, greedy = make_side(GAME, "ismcts", 100, rules), make_side(GAME, "greedy", 100, rules)
    (r0, first), (r1, second) = rotations(GAME, [me, greedy], rules, derive_seed(5, "unit", 0))
    assert (r0, r1) == (0, 1) and first.start == second.start  # the same deal, seats swapped
    assert first.agents[0]["kind"] == second.agents[1]["kind"] == "search"
    assert r.diffs == [first.returns[0], second.returns[1]]


def test_four_player_and_cli_experiments() -> None:
    r = run_experiment("haniwa", "random", 1, 100, seed=1, options={"players": 4})
    assert len(r.diffs) == 2 and r.rules["players"] == 4
    with pytest.raises(ValueError, match="haniwa under these rules has 1 side"):
        run_experiment("haniwa", "random", 1, 100, options={"players": 1})
    args = ["experiment", "haniwa", "--opponent", "random", "--games", "2", "--iterations", "150", "--seed", "4"]
    outs = [CliRunner().invoke(main, [*args, "--json"]) for _ in range(2)]
    assert all(o.exit_code == 0 for o in outs), outs[0].output
    a, b = (json.loads(o.output.splitlines()[-1]) for o in outs)
    a.pop("seconds")
    b.pop("seconds")
    assert a == b and a["game"] == "haniwa" and len(a["diffs"]) == 4
    text = CliRunner().invoke(main, args).output
    assert "haniwa: ismcts (150 iterations) vs random" in text and "95% CI" in text
    bad = CliRunner().invoke(main, ["experiment", "connect4", "--games", "1"])
    assert bad.exit_code == 2 and "connect4 has no hidden information" in bad.output


@pytest.mark.parametrize("players", [2, 4])
def test_selfplay_sides_are_seats_or_teams(players: int) -> None:
    args = ["selfplay", "haniwa", "--rule", f"players={players}", "--games", "2", "--nodes", "150", "--json"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.output.splitlines()[-1])
    assert out["wins"] + out["draws"] + out["losses"] == 2
    wins = draws = 0
    for r in out["records"]:
        assert len(r["returns"]) == players
        if players == 4:  # partners share the team's margin and win together
            assert r["returns"][0] == r["returns"][2] and r["returns"][1] == r["returns"][3]
            assert r["winners"] in ([], [0, 2], [1, 3])
        else:
            assert r["winners"] in ([], [0], [1])
        wins += bool(r["winners"]) and r["winners"][0] % 2 == r["a_player"]
        draws += not r["winners"]
    assert (out["wins"], out["draws"]) == (wins, draws)
    solo = CliRunner().invoke(main, ["selfplay", "haniwa", "--rule", "players=1", "--games", "1"])
    assert solo.exit_code == 2 and "selfplay: haniwa with these rules has 1 side(s), not 2" in solo.output
