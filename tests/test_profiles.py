"""A player's own rating (solver.rating.profiles): names, where a new profile starts, the scores of a game against
each opponent seat (teams, draws, resignations), the rating it gives, and why a game is unrated."""

from __future__ import annotations

import pytest

from solver.rating.glicko2 import Game, Glicko, update
from solver.rating.ladders import shipped_ladder
from solver.rating.profiles import (
    INITIAL_RD,
    Opponent,
    ProfileError,
    RatedMode,
    Standing,
    check_name,
    initial_rating,
    rate_seat,
    rated_mode,
    rd_of_interval,
    scores_against,
    unrated_reason,
)


def test_names_are_checked_with_a_clear_error() -> None:
    assert check_name("  Ann Lee ") == "Ann Lee" and check_name("é" * 40) == "é" * 40
    for bad, message in [
        ("", "player name: 1 to 40 characters, got an empty name"),
        ("\t ", "player name: 1 to 40 characters, got an empty name"),
        ("a" * 41, "player name: 1 to 40 characters, got 41"),
        ("a\x00b", r"player name: no control or invisible characters, got '\x00' in 'a\x00b'"),
        ("a\u200bb", r"player name: no control or invisible characters, got '\u200b' in 'a\u200bb'"),
    ]:
        with pytest.raises(ProfileError) as e:
            check_name(bad)
        assert str(e.value) == message
    assert issubclass(ProfileError, ValueError)  # the CLI's one-line error, the protocol's error message


def test_a_new_profile_starts_at_the_middle_of_the_modes_ladder() -> None:
    ladder = shipped_ladder("connect4", {})
    measured = [lv.rating for lv in ladder.main_levels() if lv.measured]
    assert initial_rating("connect4", {}) == round((min(measured) + max(measured)) / 2)
    mode = rated_mode("connect4", {})
    assert mode == RatedMode("connect4", "standard", initial_rating("connect4", {}))
    assert mode.start() == Standing(mode.initial, 350.0, 0.06, 0, 0.0)
    assert rated_mode("haniwa", {"players": 4}).mode == "4p"
    with pytest.raises(ValueError, match="sensei: these rules are not a rated mode"):
        rated_mode("sensei", {"max_turns": 12})


def test_the_deviation_of_an_interval() -> None:
    assert rd_of_interval(631, 680) == pytest.approx(12.5, abs=1e-12)
    assert rd_of_interval(0, 0) == 0.0  # the scale's anchor is exact


def test_scores_count_teams_draws_and_resignations() -> None:
    assert scores_against(0, [0, 1], [0]) == {1: 1.0}
    assert scores_against(0, [0, 1], [1]) == {1: 0.0}
    assert scores_against(0, [0, 1], []) == {1: 0.5}
    # Haniwa with 4 players: seats 0 and 2 against 1 and 3; the partner is no opponent
    assert scores_against(0, [0, 1, 0, 1], [0, 2]) == {1: 1.0, 3: 1.0}
    assert scores_against(2, [0, 1, 0, 1], [1, 3]) == {1: 0.0, 3: 0.0}
    # three sides: a result against each; two who both lost to a third drew with each other
    assert scores_against(0, [0, 1, 2], [2]) == {1: 0.5, 2: 0.0}
    # a resignation: the resigner's side loses to every other side; two sides that stayed in have no result
    assert scores_against(0, [0, 1], [], resigned=0) == {1: 0.0}
    assert scores_against(1, [0, 1], [], resigned=0) == {0: 1.0}
    assert scores_against(1, [0, 1, 2], [], resigned=0) == {0: 1.0}


def test_a_seat_is_rated_against_each_opponent_at_once() -> None:
    mode = RatedMode("haniwa", "4p", 300.0)
    opponents = {1: Opponent(1, "level 2", 250.0, 20.0), 3: Opponent(3, "level 2", 250.0, 20.0)}
    game = rate_seat("Ann", mode, None, 0, [0, 1, 0, 1], [1, 3], opponents)
    want = update(Glicko(300.0, INITIAL_RD, 0.06), [Game(250.0, 20.0, 0.0), Game(250.0, 20.0, 0.0)], max_rd=INITIAL_RD)
    assert game.after is not None and game.before == mode.start()
    assert (game.after.rating, game.after.rd, game.after.volatility, game.after.games) == (
        want.rating, want.rd, want.volatility, 1)  # fmt: skip
    assert [(f.opponent.seat, f.score) for f in game.faced] == [(1, 0.0), (3, 0.0)]
    assert game.change == want.rating - 300.0 and game.unrated is None
    later = rate_seat("Ann", mode, game.after, 0, [0, 1, 0, 1], [0, 2], opponents)
    assert later.before == game.after and later.after is not None and later.after.games == 2
    with pytest.raises(ValueError, match="rate: seat 3 has no rating"):
        rate_seat("Ann", mode, None, 0, [0, 1, 0, 1], [0, 2], {1: opponents[1]})


def test_why_a_game_is_unrated() -> None:
    rated = {1: Opponent(1, "level 1", 654.0, 12.5)}
    assert unrated_reason("connect4", {}, rated, finished=True) is None
    assert unrated_reason("connect4", {}, rated, finished=False, resigned=True) is None  # a resignation counts
    assert unrated_reason("connect4", {}, rated, finished=False) == "the game was left before its end"
    assert unrated_reason("connect4", {}, rated, True, marked="a move was taken back") == "a move was taken back"
    assert unrated_reason("connect4", {}, {1: "the opponent X is not rated"}, True) == "the opponent X is not rated"
    assert unrated_reason("connect4", {}, {}, True) == "no opponent to be rated against"
    custom = unrated_reason("sensei", {"max_turns": 12}, rated, True, marked="a move was taken back")
    assert custom is not None and custom.startswith("sensei: these rules are not a rated mode")  # said first
