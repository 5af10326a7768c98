"""The Koi-Koi façade: rule options, presets, rendering, and multi-deal matches."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from solver._core import RuleOptionError
from solver._core import koikoi as kk
from solver.batch.seeds import derive_seed
from solver.games.koikoi import CARD_TITLES, GAME, with_match
from solver.play.match import Match, MatchObserver
from solver.play.record import GameRecord


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
    assert f"hand 0: {', '.join(kk.CARD_NAMES[c] + ' ' + CARD_TITLES[c] for c in s.hand(0))}" in text
    with pytest.raises(RuleOptionError):
        GAME.new(seed=-1)


class FirstLegal:
    """An agent playing the first legal move of its view."""

    name = "first"
    sees_everything = False

    def choose(self, view: Any, rng: random.Random) -> int:
        return int(view.legal_moves()[0])

    def settings(self) -> dict[str, Any]:
        return {"kind": "first"}


def test_match_scores_add_up_and_the_dealer_rotates() -> None:
    seen: list[Any] = []

    class Watch(MatchObserver):
        def deal_started(self, index: int, state: Any) -> None:
            seen.append(state.clone())

    record = Match(GAME, [FirstLegal(), FirstLegal()], {"preset": "nintendo"}, seed=4).play(Watch())
    assert len(record.deals) == 12 == len(seen)
    expected = [0.0, 0.0]
    for k, deal in enumerate(record.deals):
        start, final = seen[k], kk.State.parse(deal.final)
        assert start.rules == kk.Rules.preset("nintendo") and deal.seed == derive_seed(4, "deal", k)
        dealt = kk.State.deal(deal.seed, kk.Rules.preset("nintendo"), *([start.first] if k else []))
        assert start == with_match(dealt, k + 1, 12, *(int(x) for x in expected))  # the first dealer: from its seed
        if final.winner >= 0:
            expected[final.winner] += final.points
            assert deal.scores == [float(final.points) if p == final.winner else 0.0 for p in (0, 1)]
        if k + 1 < 12:  # the winner deals next; after a draw the other player
            assert seen[k + 1].first == (final.winner if final.winner >= 0 else 1 - start.first)
    assert record.scores == expected and sum(expected) > 0
    assert record.winners == ([] if expected[0] == expected[1] else [int(expected[1] > expected[0])])
    again = Match(GAME, [FirstLegal(), FirstLegal()], {"preset": "nintendo"}, seed=4).play()
    assert again == record


def test_a_single_deal_match_and_the_record_round_trip(tmp_path: Path) -> None:
    record = Match(GAME, [FirstLegal(), FirstLegal()], {}, seed=1).play()
    assert len(record.deals) == 1 and record.finished
    path = tmp_path / "r.json"
    record.save(path)
    assert GameRecord.load(path) == record
    path.write_text("{}")
    with pytest.raises(ValueError, match=r"game record .*malformed"):
        GameRecord.load(path)
