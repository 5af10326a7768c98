"""Koi-Koi's decision model for inferred beliefs (solver/games/koikoi/inference.py): hand-checked weights, the
vectorised weights equal to the decision-by-decision likelihoods of the true hands, clear errors."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from solver._core import WorldError
from solver._core import koikoi as kk
from solver.batch.seeds import derive_seed
from solver.determinize.inference import Seen, infer, normalised_weights
from solver.games import get_game
from solver.games.koikoi.inference import (
    PolicyParams,
    decision_features,
    decision_log_likelihood,
    log_likelihoods,
    play_values,
    table_moves,
)
from solver.play.agents import Agent, GreedyAgent, SearchAgent, with_belief
from solver.play.match import Match
from solver.play.seen import SeenMoves
from solver.search.settings import SearchSettings

# Player 1 (the opponent) deals and plays first; the observer is player 0.
START = (
    "rules=seed first=1 turn=1 phase=play hand0=2r,3r,4r,5r,6r,7r,9r,10r hand1=1r,10c1,10c2,11c,12c1,12c2,12c3,8c1 "
    "table=1b,2c1,3c1,4c1,5c1,6c1,7c1,9c1 pile0=- pile1=- stock=12b,1c1,1c2,2a,2c2,3b,3c2,4a,4c2,5a,5c2,6a,6c2,"
    "7a,7c2,8b,8a,8c2,9a,9c2,10a,11b,11a,11r koikoi=0,0 total=0,0"
)
TRUE_HAND = ["10c1", "10c2", "11c", "12c1", "12c2", "12c3", "8c1"]
OTHER_HAND = ["2a", "3b", "4a", "10a", "11b", "11a", "8b"]


def after_one_play() -> tuple[str, list[Seen]]:
    """The observer's view after the opponent played 1r (capturing the Crane; the Paulownia bright turned over
    goes to the table) and what it saw."""
    s = kk.State.parse(START)
    seen = [Seen(str(s.information_state(0)), "play 1r")]
    s.apply(s.parse_move("play 1r"))
    return str(s.information_state(0)), seen


def world(view: str, hand: list[str]) -> list[int]:
    cards = [int(kk.card_from_name(c)) for c in hand]
    unseen, _, _, _ = kk.hidden(view)
    return cards + sorted(set(unseen) - set(cards))


def test_two_worlds_one_play_hand_checked() -> None:
    view, seen = after_one_play()
    worlds = np.array([world(view, TRUE_HAND), world(view, OTHER_HAND)], dtype=np.int32)
    t = 5.0
    ll = log_likelihoods(view, seen, worlds, PolicyParams(temperature=t))
    # 1r takes the Crane: 5 + 20 = 25. True hand: seven chaff with no match on the table, -1 each.
    p_true = math.exp(25 / t) / (math.exp(25 / t) + 7 * math.exp(-1 / t))
    # Other hand: 2a, 3b, 4a capture a chaff (11, 21, 11); 10a, 11a discard (-10), 11b, 8b discard (-20).
    z_other = math.exp(25 / t) + 2 * math.exp(11 / t) + math.exp(21 / t) + 2 * math.exp(-10 / t) + 2 * math.exp(-20 / t)
    p_other = math.exp(25 / t) / z_other
    assert ll.tolist() == pytest.approx([math.log(p_true), math.log(p_other)], rel=1e-12)
    assert normalised_weights(ll).tolist() == pytest.approx(
        [p_true / (p_true + p_other), p_other / (p_true + p_other)], rel=1e-12
    )


def test_a_stop_is_weighed_by_the_captures_left_in_hand() -> None:
    # the opponent's koi-koi decision with a hand whose best capture is g: P(stop) = 1 - sigmoid((g - b) / t)
    params = PolicyParams(temperature=5.0, koikoi_offset=12.0, koikoi_temperature=4.0)
    assert decision_log_likelihood(("decide", [20.0], 0), params) == pytest.approx(-math.log1p(math.exp(2.0)))
    assert decision_log_likelihood(("decide", [20.0], 1), params) == pytest.approx(-math.log1p(math.exp(-2.0)))
    assert decision_log_likelihood(("play", [25.0, -1.0], 1), params) == pytest.approx(
        -0.2 - math.log(math.exp(5.0) + math.exp(-0.2))
    )


def test_play_values() -> None:
    crane, ribbon, chaff = (int(kk.card_from_name(c)) for c in ("1b", "1r", "1c1"))
    assert play_values(ribbon, [crane]) == [25.0]
    assert play_values(ribbon, [crane, chaff]) == [25.0, 6.0]  # two match: one move per target
    assert play_values(chaff, [int(kk.card_from_name("2c1"))]) == [-1.0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_table_moves_are_the_play_values_of_every_card(seed: int) -> None:
    table = [int(c) for c in kk.State.deal(seed, kk.Rules.preset("seed")).table]
    table += [4 * (int(table[0]) // 4) + k for k in range(4) if 4 * (int(table[0]) // 4) + k not in table][:1]
    first, second = table_moves(table)
    for card in range(48):
        if card not in table:
            expected = play_values(card, table) + ([-math.inf] if len(play_values(card, table)) == 1 else [])
            assert [first[card], second[card]] == expected


def observed_deal(seed: int) -> tuple[Any, list[tuple[Any, str]], list[Seen]]:
    """A greedy deal stopped before its end: the state, every (state before, move) and what player 0 saw."""
    s = kk.State.deal(seed, kk.Rules.preset("seed"))
    history, seen = [], []
    while not s.is_terminal() and len(s.stock) > 10:
        move = str(s.move_to_string(get_game("koikoi").greedy_move(s, 0)))
        if s.to_move() == 1 and s.phase == "play" and len(s.table) > 0:  # vary the opponent: a discard when it can
            move = str(s.move_to_string(list(s.legal_moves())[-1]))
        history.append((s.clone(), move))
        seen.append(Seen(str(s.information_state(0)), move))
        s.apply(s.parse_move(move))
    return s, history, seen


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
@pytest.mark.parametrize("temperature", [3.0, 0.02])  # 0.02: terms too far apart for one matrix product
def test_weights_equal_the_likelihoods_of_the_true_hands(seed: int, temperature: float) -> None:
    s, history, seen = observed_deal(seed)
    params = PolicyParams(temperature=temperature, koikoi_offset=5.0, koikoi_temperature=2.0)
    true = np.array([[*s.hand(1), *s.stock]], dtype=np.int32)
    expected = 0.0
    for before, move in history:
        if before.to_move() == 1:
            f = decision_features(before, move)
            expected += decision_log_likelihood(f, params) if f is not None else 0.0
    assert float(log_likelihoods(str(s.information_state(0)), seen, true, params)[0]) == pytest.approx(expected)


def test_inconsistent_seen_moves_are_refused_by_name() -> None:
    view, seen = after_one_play()
    worlds = np.array([world(view, TRUE_HAND)], dtype=np.int32)
    with pytest.raises(WorldError, match="not of the observer 0"):
        log_likelihoods(view, [Seen(seen[0].before.replace("view=0", "view=1"), "play 1r")], worlds)
    with pytest.raises(WorldError, match="cannot read the move 'play'"):
        log_likelihoods(view, [Seen(seen[0].before, "play")], worlds)
    with pytest.raises(WorldError, match="a card the observer had seen"):
        log_likelihoods(view, [Seen(seen[0].before, "play 2r")], worlds)
    with pytest.raises(WorldError, match="the view still has hidden"):
        log_likelihoods(view, [Seen(seen[0].before, "play 10c1")], worlds)
    with pytest.raises(WorldError, match="do not lead to this view"):
        log_likelihoods(view, seen + seen, worlds)
    with pytest.raises(WorldError, match="rows of 30 cards"):
        log_likelihoods(view, seen, worlds[:, :5])


def test_inferred_agent_reports_the_ess_and_is_reproducible() -> None:
    game = get_game("koikoi")
    view, seen = after_one_play()
    a, b = infer(game.view(view), seen, seed=3, candidates=256, worlds=64), infer(game.view(view), seen, 3, 256, 64)
    assert a.worlds.tolist() == b.worlds.tolist() and a.ess == b.ess and a.decisions == 1
    assert a.worlds.shape == (64, 30) and 1.0 <= a.ess <= 256.0
    assert a.describe() == f"belief: inferred from 1 decision, ESS {a.ess:.1f} of 256 worlds"


def test_an_inferred_agent_needs_to_see_the_moves() -> None:
    agent = SearchAgent("koikoi", SearchSettings(nodes=200), belief="inferred")
    match = Match("koikoi", [agent, GreedyAgent("koikoi")], {}, 4)
    with pytest.raises(ValueError, match="was not shown the moves of the deal"):
        match.play()
    agent = SearchAgent("koikoi", SearchSettings(nodes=200), belief="inferred")
    agents: list[Agent] = [agent, GreedyAgent("koikoi")]
    record = Match("koikoi", agents, {}, 4).play(SeenMoves("koikoi", agents))
    assert record.finished and agent.settings()["belief"] == "inferred"


def test_belief_option_errors() -> None:
    with pytest.raises(ValueError, match="belief: 'weighted' is not one of 'uniform', 'inferred'"):
        SearchAgent("koikoi", SearchSettings(nodes=10), belief="weighted")
    with pytest.raises(ValueError, match="belief: connect4 has no model of its players' decisions"):
        SearchAgent("connect4", SearchSettings(nodes=10), belief="inferred")
    with pytest.raises(ValueError, match="belief: 'inferred' needs a search agent, not 'greedy'"):
        with_belief(GreedyAgent("koikoi"), "inferred")
    agent = SearchAgent("koikoi", SearchSettings(nodes=10))
    assert with_belief(agent, "uniform") is agent
    assert with_belief(agent, "inferred").settings() == {**agent.settings(), "belief": "inferred"}


def test_kofun_play_shows_the_effective_sample_size() -> None:
    from click.testing import CliRunner

    from solver.cli import main
    from solver.play.match import first_deal

    game = get_game("koikoi")
    first = first_deal(game, game.check_options({}), 3)
    move = str(first.move_to_string(game.greedy_move(first, 0)))
    out = CliRunner().invoke(main, ["play", "koikoi", "--seed", "3", "--time", "0.05", "--belief", "inferred"],
                             input=f"{move}\nquit\nquit\nquit\n")  # fmt: skip
    assert out.exit_code == 0, out.output
    assert "AI plays" in out.output and "; belief: inferred from 1 decision, ESS " in out.output


def test_paired_strength_run_resumes_from_its_file(tmp_path: Any) -> None:
    from solver.play.inferred import run_pairs

    out = str(tmp_path / "pairs.jsonl")
    first = run_pairs(2, seed=1, rules={"preset": "seed"}, nodes=60, out=out)
    assert first["pairs"] == 2 and first["wins"] + first["losses"] + first["drawn"] == 4
    again = run_pairs(2, seed=1, rules={"preset": "seed"}, nodes=60, out=out, resume=True)
    assert again == first  # nothing played again: the same units from the file
    replayed = run_pairs(2, seed=1, rules={"preset": "seed"}, nodes=60)
    assert replayed == first  # a node budget replays exactly
    with pytest.raises(ValueError, match="either time or nodes"):
        run_pairs(1, seed=1, rules={}, nodes=60, time=0.1)


def test_kofun_play_refuses_belief_inferred_on_a_loaded_game() -> None:
    from click.testing import CliRunner

    from solver.cli import main

    out = CliRunner().invoke(main, ["play", "--load", "game.json", "--belief", "inferred"])
    assert out.exit_code == 2
    assert "--load: the record gives the position, seed and rules (belief uniform); give none" in out.output


def test_paired_strength_summary_keeps_both_sides_iterations() -> None:
    from solver.play.inferred import run_pairs

    summary = run_pairs(1, seed=2, rules={"preset": "seed"}, nodes=40)
    assert summary["nodes"] == 40 and set(summary["iterations"]) == {"inferred", "uniform"}
    assert 0 < summary["iterations"]["uniform"] <= 40 and 0 < summary["iterations"]["inferred"] <= 40


def test_both_beliefs_against_a_third_player_on_the_same_deals() -> None:
    from solver.play.inferred import play_pair, run_pairs

    summary = run_pairs(2, seed=3, rules={"preset": "seed"}, nodes=40, opponent="greedy")
    assert summary["pairs"] == 2 and summary["opponent"] == "greedy"
    for belief in ("inferred", "uniform"):
        side = summary[belief]
        assert side["wins"] + side["losses"] + side["drawn"] == 4  # 2 pairs x both seats
    # the difference is taken pair by pair on the same deals: its mean is the difference of the two shares
    assert summary["share_difference"][0] == pytest.approx(
        summary["inferred"]["share"][0] - summary["uniform"]["share"][0]
    )
    assert summary["points_difference"][0] == pytest.approx(
        summary["inferred"]["points"][0] - summary["uniform"]["points"][0]
    )
    assert run_pairs(2, seed=3, rules={"preset": "seed"}, nodes=40, opponent="greedy") == summary  # replays exactly
    spec = {"game": "koikoi", "rules": {"preset": "seed"}, "seed": 3, "time": None, "nodes": 40, "opponent": "pimc"}
    unit = play_pair(spec, 0)
    assert unit["opponent"] == "pimc" and all(len(unit["results"][b]) == 2 for b in ("inferred", "uniform"))
    with pytest.raises(ValueError, match="opponent must be one of uniform, flat, greedy, pimc, got 'random'"):
        run_pairs(1, seed=1, rules={}, nodes=40, opponent="random")


def test_the_flat_control_draws_the_same_worlds_with_equal_weights() -> None:
    view, seen = after_one_play()
    state = get_game("koikoi").view(view)
    weighed = infer(state, seen, seed=5, candidates=64, worlds=32)
    flat = infer(state, seen, seed=5, candidates=64, worlds=32, weigh=False)
    assert flat.ess == pytest.approx(64.0)  # every candidate weighs the same
    assert flat.decisions == weighed.decisions == 1
    pool = state.belief.sample(64, derive_seed(5, "candidates"))
    assert np.array_equal(flat.worlds, pool[::2])  # systematic resampling of equal weights: every other candidate
    assert weighed.ess < 64.0


def test_inferred_against_its_flat_control_head_to_head() -> None:
    from solver.play.inferred import FlatAgent, run_pairs

    summary = run_pairs(2, seed=4, rules={"preset": "seed"}, nodes=40, opponent="flat")
    assert summary["pairs"] == 2 and summary["opponent"] == "flat"
    assert summary["wins"] + summary["losses"] + summary["drawn"] == 4
    assert set(summary["iterations"]) == {"inferred", "flat"}
    assert run_pairs(2, seed=4, rules={"preset": "seed"}, nodes=40, opponent="flat") == summary  # replays exactly
    assert FlatAgent.weigh_worlds is False and SearchAgent.weigh_worlds is True
