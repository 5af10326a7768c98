"""Four players in two teams: shared zones and Kofun, hands of 3, no discard, seats in turn."""

from __future__ import annotations

import random

from haniwa_helpers import columns, field, play, position

from solver.cli.play import result_text
from solver.games.haniwa import GAME
from solver.play.match import winners_of

HANDS = (["R3", "B1", "G2"], ["R1", "B2", "G3"], ["Y3", "B3", "G1"], ["Y1", "Y2", "R2"])


def four(**kw):
    kw.setdefault("hands", HANDS)
    return position(players=4, **kw)


def test_seats_alternate_teams_and_play_in_turn():
    s = four(first=0, to_move=0)
    play(s, "R3a1")  # seat 0, team 0
    assert s.to_move() == 1
    play(s, "R1a1")  # seat 1, team 1: its own zone
    play(s, "Y3d1")  # seat 2 places into team 0's zone
    assert field(s, "zone0").split(",")[:4] == ["R3", ".", ".", "Y3"]
    assert field(s, "zone1").split(",")[:4] == ["R1", ".", ".", "."]
    assert s.to_move() == 3
    play(s, "Y1b1")
    assert s.to_move() == 0
    assert s.team_of(2) == 0 and s.team_of(3) == 1


def test_hands_of_three_refilled_and_no_discard():
    s = four(stock=["G3"])
    assert not any(s.move_to_string(m).startswith("-") for m in s.legal_moves())
    play(s, "R3a1")
    assert field(s, "hand0") == "B1,G2,G3"


def test_kofun_pool_is_shared_by_the_team():
    s = four(dice="5111", first=0, to_move=0)
    play(s, "R3a1", "+Y")  # seat 0 earns the yellow Kofun for team 0
    assert s.kofun_owner(3) == 0
    play(s, "R1a1")  # seat 1
    moves = {s.move_to_string(m) for m in s.legal_moves()}
    assert "Y3b1+Y" in moves  # seat 2, team-mate of seat 0, may play it
    play(s, "Y3b1+Y")
    assert s.kofun_used(3)
    assert not any("+" in s.move_to_string(m) for m in s.legal_moves())  # seat 3's team holds none


def test_face_down_tile_for_either_player_of_the_first_team_once():
    s = four(first=1, to_move=1, zones=({}, {}))
    assert any(s.move_to_string(m).endswith("*") for m in s.legal_moves())  # seat 1 is first
    play(s, "R1a1")
    assert not any(s.move_to_string(m).endswith("*") for m in s.legal_moves())  # seat 2: other team
    play(s, "Y3a1")
    assert any(s.move_to_string(m).endswith("*") for m in s.legal_moves())  # seat 3: first team
    play(s, "Y1b1*")
    play(s, "R3a2", "B2b2", "G1b2")
    assert not any(s.move_to_string(m).endswith("*") for m in s.legal_moves())  # used by the team


def test_team_scores_and_returns():
    zone0 = [["R3", "R3", "R3"], ["B1", "B1", "G1"], ["G2", "G2", "R1"], ["Y2", "R1", "G1"]]
    zone1 = [["R2", "R2", "B3"], ["B2", "G2", "R1"], ["G3", "B1", "Y1"], ["Y1", "Y1", "B2"]]
    hands = (["Y2", "B3", "G3"], ["Y3", "B3", "G3"], ["R2", "Y3", "Y3"], ["Y2", "B2", "G1"])
    s = position(
        players=4,
        zones=(columns(zone0), columns(zone1)),
        hands=hands,
        phase="over",
        dice="3524",
        kofun_state="0,1,1,r,r,r",
        dogu="sasass",
    )
    # Team 0 wins red (3 + smile 2) and green (2); team 1 blue (5) and yellow (4); Dogu 2 each; Kofun 1 / 2.
    assert s.score(0) == s.score(2) == 3 + 2 + 2 + 2 + 1
    assert s.score(1) == s.score(3) == 5 + 4 + 2 + 2
    assert s.returns(0) == s.returns(2) == -3.0 and s.returns(1) == s.returns(3) == 3.0


def _finished_game(seed):
    s = GAME.new({"players": 4}, seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(sorted(s.legal_moves())))
    return s


def test_a_team_wins_together_in_the_records_and_at_the_table():
    outcomes = set()
    for seed in range(12):
        s = _finished_game(seed)
        returns = [s.returns(p) for p in range(4)]
        assert returns[0] == returns[2] == -returns[1] == -returns[3]  # the team margin, both partners
        winners = winners_of(s)
        assert len(winners) != 1  # never one player alone
        if returns[0] == 0:
            assert winners == [] and result_text(GAME, s, 0) == "result: draw"
            continue
        team = 0 if returns[0] > 0 else 1
        assert winners == [team, team + 2]
        outcomes.add(team)
        assert result_text(GAME, s, team + 2) == f"result: player {team} and player {team + 2} win (you win)"
        assert result_text(GAME, s, 1 - team) == f"result: player {team} and player {team + 2} win (the AI wins)"
    assert outcomes == {0, 1}
