"""The Koi-Koi façade: rule options, presets, rendering, and multi-deal matches."""

from __future__ import annotations

from typing import Any

import pytest

from solver._core import RuleOptionError
from solver._core import koikoi as kk
from solver.games.koikoi import GAME, Match


def test_options_map_to_rules() -> None:
    assert GAME.check_options({}) == {
        "preset": "seed",
        "sake_viewing": False,
        "seven_point_double": False,
        "koikoi_double": False,
        "koikoi_limit": "preset",
        "set_yaku_extras": False,
        "no_empty_hand_koikoi": False,
        "rounds": 0,
    }
    assert GAME.rules({}) == kk.Rules()
    assert GAME.rules({"preset": "nintendo"}) == kk.Rules.preset("nintendo")
    r = GAME.rules({"sake_viewing": True, "seven_point_double": "true", "koikoi_double": True})
    assert (r.viewing, r.seven_point_double, r.koikoi_double, r.max_koikoi) == (5, True, True, 0)
    assert str(r) == "b15-10-8-6,v5,d7,dk"
    assert (GAME.rounds({}), GAME.rounds({"preset": "nintendo"}), GAME.rounds({"preset": "nintendo", "rounds": 3})) == (
        1,
        12,
        3,
    )
    # the new options: defaults keep the preset; the nintendo preset is the bundle of them
    r = GAME.rules({"koikoi_limit": "per_deal", "set_yaku_extras": True, "no_empty_hand_koikoi": "yes"})
    assert (r.max_koikoi, r.koikoi_limit, r.set_yaku_extras, r.empty_hand_koikoi) == (1, "per_deal", True, False)
    assert str(r) == "b15-10-8-6,sx,kd1,ne"
    assert str(GAME.rules({"koikoi_limit": "per_player"})) == "b15-10-8-6,k1"
    assert GAME.rules({"koikoi_limit": "unlimited"}) == kk.Rules()
    r = GAME.rules({"preset": "nintendo", "koikoi_limit": "unlimited"})
    assert (r.max_koikoi, r.koikoi_limit, r.set_yaku_extras, r.empty_hand_koikoi) == (0, "per_player", True, False)
    assert GAME.rules({"preset": "nintendo", "koikoi_limit": "per_deal", "set_yaku_extras": True}) == kk.Rules.preset(
        "nintendo"
    )
    with pytest.raises(RuleOptionError, match="'per_round' is not one of"):
        GAME.rules({"koikoi_limit": "per_round"})
    with pytest.raises(RuleOptionError, match="'tengoku' is not one of 'seed', 'nintendo'"):
        GAME.rules({"preset": "tengoku"})
    with pytest.raises(RuleOptionError, match="unknown rule option 'sake'"):
        GAME.rules({"sake": True})
    with pytest.raises(RuleOptionError, match="must be >= 0"):
        GAME.rounds({"rounds": -1})


def test_new_parse_render() -> None:
    s = GAME.new({"preset": "nintendo"}, seed=9)
    assert s == kk.State.deal(9, kk.Rules.preset("nintendo"))
    assert GAME.parse(s.to_string()) == s
    text = GAME.render(s)
    assert text.splitlines()[0] == f"rules nintendo, dealer {s.first}, phase {s.phase}, player {s.to_move()} to act"
    assert f"hand 0: {' '.join(kk.CARD_NAMES[c] for c in s.hand(0))}" in text
    with pytest.raises(RuleOptionError):
        GAME.new(seed=-1)


def first_legal(state: Any) -> int:
    return state.legal_moves()[0]


def test_match_scores_add_up_and_the_dealer_rotates() -> None:
    m = Match({"preset": "nintendo"}, seed=4)
    assert (m.rounds, m.dealer) == (12, kk.State.deal(4, m.rules).first)
    expected = [0, 0]
    while not m.is_over():
        dealer = m.dealer
        s = m.next_deal()
        assert s.first == dealer and s.rules == kk.Rules.preset("nintendo")
        while not s.is_terminal():
            s.apply(first_legal(s))
        m.record(s)
        if s.winner >= 0:
            expected[s.winner] += s.points
            assert m.dealer == s.winner
        else:
            assert m.dealer == 1 - dealer
    assert m.scores == expected and m.round == 12 and sum(expected) > 0
    with pytest.raises(RuleOptionError, match="all 12 deals"):
        m.next_deal()
    again = Match({"preset": "nintendo"}, seed=4)
    assert again.play(first_legal) == expected


def test_match_refuses_unfinished_deals() -> None:
    m = Match(seed=1)
    s = m.next_deal()
    assert not s.is_terminal()
    with pytest.raises(RuleOptionError, match="not over"):
        m.record(s)
