"""Glicko-2 (solver.rating.glicko2) against the worked example of Glickman's "Example of the Glicko-2 system"."""

from __future__ import annotations

import math

import pytest

from solver.rating.glicko2 import SCALE, Game, Glicko, expected_score, idle, new_volatility, update

PLAYER = Glicko(1500, 200, 0.06)
PERIOD = [Game(1400, 30, 1), Game(1550, 100, 0), Game(1700, 300, 0)]


def test_the_papers_worked_example() -> None:
    after = update(PLAYER, PERIOD)
    # the paper prints its steps rounded: mu' = -0.2069, phi' = 0.8722, then r' = 1464.06, RD' = 151.52 (from the
    # rounded mu' and phi'), sigma' = 0.05999; unrounded, r' is 1464.0507 (within the last printed digit)
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert round(after.rd / SCALE, 4) == 0.8722
    assert round(173.7178 * -0.2069 + 1500, 2) == 1464.06 and abs(after.rating - 1464.06) < 0.01
    assert round(after.rd, 2) == 151.52
    assert abs(after.volatility - 0.05999) < 1e-5
    assert after.rating == pytest.approx(1464.0506705393, abs=1e-9)
    assert after.rd == pytest.approx(151.5165241239, abs=1e-9)
    assert after.volatility == pytest.approx(0.0599959842865, abs=1e-12)


def test_the_papers_intermediate_steps() -> None:
    phi = 200 / SCALE
    e = [expected_score(1500, g.rating, g.rd) for g in PERIOD]
    assert [round(x, 3) for x in e] == [0.639, 0.432, 0.303]
    gs = [1 / math.sqrt(1 + 3 * (g.rd / SCALE) ** 2 / math.pi**2) for g in PERIOD]
    assert [round(x, 4) for x in gs] == [0.9955, 0.9531, 0.7242]
    v = 1 / sum(g * g * x * (1 - x) for g, x in zip(gs, e, strict=True))
    delta = v * sum(g * (s.score - x) for g, x, s in zip(gs, e, PERIOD, strict=True))
    # the paper's v = 1.7785 and Delta = -0.4834 come from its rounded g and E: equal within that rounding
    assert round(v, 3) == 1.779 and round(delta, 3) == -0.484
    assert abs(new_volatility(phi, 0.06, v, delta) - 0.05999) < 1e-5


def test_the_1500_offset_is_irrelevant() -> None:
    shifted = update(Glicko(0, 200, 0.06), [Game(g.rating - 1500, g.rd, g.score) for g in PERIOD])
    plain = update(PLAYER, PERIOD)
    assert shifted.rating + 1500 == pytest.approx(plain.rating, abs=1e-9)
    assert shifted.rd == pytest.approx(plain.rd, abs=1e-9) and shifted.volatility == pytest.approx(plain.volatility)


def test_no_games_only_grows_the_deviation_by_the_volatility() -> None:
    after = update(PLAYER, [])
    assert after == idle(PLAYER)
    assert after.rating == 1500 and after.volatility == 0.06
    assert after.rd == pytest.approx(math.sqrt((200 / SCALE) ** 2 + 0.06**2) * SCALE, abs=1e-12)
    assert round(after.rd, 2) == 200.27
    assert update(Glicko(0, 349.9, 0.06), [], max_rd=350).rd == 350  # capped at a new profile's deviation


def test_draws_score_a_half() -> None:
    even = update(Glicko(1000, 200, 0.06), [Game(1000, 100, 0.5)])
    assert even.rating == 1000 and round(even.rd, 4) == 175.5239  # the expected result: no change, less doubt
    up = update(Glicko(1000, 200, 0.06), [Game(1200, 100, 0.5)])
    assert round(up.rating, 4) == 1044.8128 and round(up.rd, 4) == 180.8331
    down = update(Glicko(1200, 200, 0.06), [Game(1000, 100, 0.5)])
    assert round(down.rating, 4) == round(2200 - up.rating, 4)  # a draw is symmetric
    with pytest.raises(ValueError, match="a score is 0 to 1, got 2"):
        update(PLAYER, [Game(1500, 100, 2)])
