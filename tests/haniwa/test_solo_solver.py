"""Clairvoyant solo solver: equals a brute force on late positions, proven bounds under a budget."""

from __future__ import annotations

import pytest
from haniwa_helpers import columns, position
from solo_estimate_helpers import SOLO, SOLO_DICE, SOLO_ROW, brute_force, late_position, replay

from solver._core import RuleOptionError, haniwa

# Late positions: (deal seed, tiles already placed). 20 = the last turn; 17-19 = inside the fifth turn.
LATE = [(1, 20), (2, 20), (3, 20), (4, 20), (5, 20), (6, 19), (7, 18), (8, 17)]


@pytest.fixture(scope="module")
def solver():
    return haniwa.SoloSolver(16)


@pytest.mark.parametrize(("seed", "placed"), LATE)
def test_solver_equals_brute_force_on_late_positions(solver, seed, placed):
    s = late_position(seed, placed)
    expected = brute_force(s)
    r = solver.solve(s)
    assert r.exact
    assert r.best_score == r.upper_bound == expected
    final = replay(s, list(r.line))
    assert final.is_terminal() and final.score(0) == expected
    assert haniwa.solo_upper_bound(s) >= expected


@pytest.mark.parametrize(("seed", "placed"), [(41, 20), (42, 18)])
def test_solver_equals_brute_force_with_row_fill(solver, seed, placed):
    s = late_position(seed, placed, SOLO_ROW)
    r = solver.solve(s)
    assert r.exact and r.best_score == brute_force(s)
    assert replay(s, list(r.line)).score(0) == r.best_score


@pytest.mark.parametrize(("seed", "placed"), [(51, 20), (52, 19), (53, 18)])
def test_solver_equals_brute_force_with_the_dice_score_option(solver, seed, placed):
    s = late_position(seed, placed, SOLO_DICE)
    expected = brute_force(s)
    r = solver.solve(s)
    assert r.exact and r.best_score == r.upper_bound == expected
    assert replay(s, list(r.line)).score(0) == expected
    assert haniwa.solo_upper_bound(s) >= expected


def bound_is_admissible_everywhere(s, memo, seen):
    """Checks solo_upper_bound >= the brute-force optimum at `s` and at every position below it."""
    key = str(s)
    if key in seen:
        return
    seen.add(key)
    assert haniwa.solo_upper_bound(s) >= brute_force(s, memo), key
    for m in s.legal_moves():
        c = s.clone()
        c.apply(m)
        bound_is_admissible_everywhere(c, memo, seen)


@pytest.mark.parametrize(
    ("seed", "placed", "rules"),
    [(61, 20, SOLO), (62, 20, SOLO), (63, 19, SOLO), (64, 18, SOLO), (65, 20, SOLO_ROW), (66, 20, SOLO_DICE)],
)
def test_bound_is_admissible_at_every_node_of_late_positions(seed, placed, rules):
    seen: set[str] = set()
    bound_is_admissible_everywhere(late_position(seed, placed, rules), {}, seen)
    assert len(seen) > 20


def test_solver_uses_a_held_kofun_when_it_pays():
    # Last placement of the game: a6 is the only empty cell, hand B1, dice red 4. A blue tile does not move the
    # red die; under the held red Kofun it is a red power-2 tile: red 4 -> 6, and a6 completes red a4-a6.
    cols = [
        ["B1", "B2", "B3", "R1", "R1"],
        ["B1", "R1", "B2", "G2", "B3", "Y2"],
        ["G1", "G1", "G2", "G3", "Y3", "Y3"],
        ["B2", "G3", "R3", "Y1", "Y2", "Y3"],
    ]
    s = position(
        players=1, zones=(columns(cols),), hands=(["B1"],), dice="4111", kofun_state="0,r,r,r,r,r", turn_placed=3
    )
    plain = s.clone()
    plain.play("B1a6")
    stacked = s.clone()
    stacked.play("B1a6+R")
    # Green column c: G1 G1 G2 at rows 1-3 smiles in both. Red column: rows 4-6 red (R1, R1, red Kofun
    # stack) -> smile; die 4 + 2 = 6 -> smile 2 x 6 = 12 points (the die alone scores nothing).
    assert stacked.breakdown(0).column_points[0] == 0 and stacked.breakdown(0).smile_points[0] == 12
    assert plain.breakdown(0).column_points[0] == 0 and plain.breakdown(0).smile_points[0] == 0
    r = haniwa.SoloSolver(12).solve(s)
    assert r.exact and r.best_score == stacked.score(0) == plain.score(0) + 12
    assert [s.move_to_string(m) for m in r.line] == ["B1a6+R"]


@pytest.mark.parametrize("seed", [11, 12])
def test_budget_exhaustion_reports_a_proven_upper_bound(solver, seed):
    s = late_position(seed, 16)  # two turns left: the full solve is the reference
    full = solver.solve(s)
    assert full.exact
    cut = solver.solve(s, nodes=30)
    assert not cut.exact
    assert cut.nodes == 30
    assert cut.upper_bound >= full.best_score >= cut.best_score
    if cut.best_score >= 0:  # the line found so far is real
        assert replay(s, list(cut.line)).score(0) == cut.best_score


def test_budget_exhaustion_on_a_whole_deal_keeps_the_bound_above_the_optimum(solver):
    s = haniwa.State.deal(SOLO, 1003)  # solved exactly within 100k nodes
    full = solver.solve(s, nodes=2_000_000)
    assert full.exact
    for nodes in (1, 100, 1000):
        cut = solver.solve(s, nodes=nodes)
        assert cut.upper_bound >= full.best_score >= cut.best_score
        assert cut.upper_bound <= haniwa.solo_upper_bound(s)


def test_results_do_not_depend_on_earlier_solves(solver):
    a = late_position(21, 12)
    b = late_position(22, 12)
    first = solver.solve(a, nodes=5000)
    solver.solve(b, nodes=5000)
    again = solver.solve(a, nodes=5000)
    assert (first.best_score, first.upper_bound, first.exact, first.nodes, list(first.line)) == (
        again.best_score,
        again.upper_bound,
        again.exact,
        again.nodes,
        list(again.line),
    )


def test_upper_bound_of_a_finished_game_is_its_score():
    s = late_position(31, 24)
    assert s.is_terminal()
    assert haniwa.solo_upper_bound(s) == s.score(0)
    r = haniwa.SoloSolver(10).solve(s)
    assert (r.best_score, r.upper_bound, r.exact, list(r.line)) == (s.score(0), s.score(0), True, [])


def test_upper_bound_is_above_random_play():
    for seed in range(40):
        s = late_position(seed, seed % 20)
        bound = haniwa.solo_upper_bound(s)
        final = late_position(seed, 24)  # the same random continuation to the end
        assert final.score(0) <= bound


def test_non_solo_positions_are_rejected():
    two = haniwa.State.deal(haniwa.Rules(players=2), 1)
    with pytest.raises(RuleOptionError, match="not a solo game"):
        haniwa.SoloSolver(10).solve(two)
    with pytest.raises(RuleOptionError, match="not a solo game"):
        haniwa.solo_upper_bound(two)
    with pytest.raises(RuleOptionError, match="nodes must be >= 0"):
        haniwa.SoloSolver(10).solve(late_position(1, 0), nodes=-5)
    with pytest.raises(RuleOptionError, match="time must be >= 0"):
        haniwa.SoloSolver(10).solve(late_position(1, 0), time=-1.0)
