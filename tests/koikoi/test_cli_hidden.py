"""The command line on Koi-Koi: information states, each player's view, play without peeking, experiments."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from kk_helpers import stop_or_gamble

from solver._core import koikoi as kk
from solver.cli import main
from solver.games.koikoi import GAME
from solver.games.koikoi.greedy import card_value, greedy_move
from solver.play.experiments import make_side


def _run(*args: str, stdin: str | None = None) -> str:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def test_new_prints_the_full_state_and_each_view() -> None:
    out = _run("new", "koikoi", "--seed", "3")
    s = kk.State.deal(3)
    lines = out.splitlines()
    assert lines[0] == s.to_string()
    assert f"view of player 0: {s.information_state(0)}" in lines
    assert f"view of player 1: {s.information_state(1)}" in lines


def test_best_move_from_an_information_state_equals_the_full_state_search() -> None:
    s = kk.State.deal(9)
    info = s.information_state(s.to_move())
    from_info = json.loads(_run("best-move", "koikoi", info, "--nodes", "3000", "--seed", "2", "--json"))
    from_full = json.loads(_run("best-move", "koikoi", s.to_string(), "--nodes", "3000", "--seed", "2", "--json"))
    assert from_info["algo"] == "ismcts" and from_info["position"] == info == from_full["position"]
    assert from_info["moves"] == from_full["moves"] and from_info["nodes"] == 3000
    assert sum(m["visits"] for m in from_info["moves"]) == 3000
    assert from_info["best_move"] in {s.move_to_string(m) for m in s.legal_moves()}
    text = _run("best-move", "koikoi", info, "--nodes", "3000", "--seed", "2")
    assert "visits" in text and f"best move: {from_info['best_move']}" in text and "points" in text
    assert "(hidden)" in text  # the board drawn from the view: no opponent hand, no stock order
    pimc = json.loads(_run("best-move", "koikoi", info, "--algo", "pimc", "--nodes", "3000", "--json"))
    assert pimc["algo"] == "pimc" and sum(m["visits"] for m in pimc["moves"]) == 32


def test_play_never_shows_the_ai_hand() -> None:
    s = kk.State.deal(5)
    human = 1 - s.to_move()
    out = _run("play", "koikoi", s.to_string(), "--ai-first", "--level", "1", stdin="quit\n")
    ai_hand = " ".join(kk.CARD_NAMES[c] for c in s.hand(s.to_move()))
    assert "AI plays play " in out and ai_hand not in out
    assert f"your hand ({human})" in out and "cards in hand (hidden)" in out
    assert f"view={human}" in out.splitlines()[-1]  # the abandoned position is the human's view


def test_play_refuses_an_ai_that_would_peek() -> None:
    result = CliRunner().invoke(main, ["play", "koikoi", "--algo", "alphabeta"], input="quit\n")
    assert result.exit_code == 2 and "information state only" in result.output


def test_experiment_tiny_run_is_reproducible() -> None:
    args = ("experiment", "koikoi", "--opponent", "greedy", "--games", "2", "--iterations", "300", "--seed", "4")
    a = json.loads(_run(*args, "--json").splitlines()[-1])
    b = json.loads(_run(*args, "--json").splitlines()[-1])
    a.pop("seconds")
    b.pop("seconds")
    assert a == b
    assert (a["units"], a["wins"] + a["losses"] + a["draws"], len(a["diffs"])) == (2, 4, 4)
    assert a["wins"] == sum(d > 0 for d in a["diffs"]) and a["losses"] == sum(d < 0 for d in a["diffs"])
    assert (a["search"], a["peek"]) == ({"exploration": 1.4, "objective": "wins"}, "none")  # the game's defaults
    text = _run(*args)
    assert "ismcts (300 iterations, exploration 1.4, objective wins) vs greedy" in text and "95% CI" in text


def test_best_move_plays_a_deal_to_win_it_and_a_match_deal_for_points() -> None:
    s = stop_or_gamble()
    args = ("best-move", "koikoi", s.to_string(), "--nodes", "20000", "--seed", "1", "--json")
    assert json.loads(_run(*args).splitlines()[-1])["best_move"] == "stop"  # a single deal: the sure win
    assert json.loads(_run(*args, "--objective", "returns").splitlines()[-1])["best_move"] == "koikoi"  # points
    # rounds=2: the objective 'match'; the position carries no match context, so it is valued as a single deal
    out = json.loads(_run(*args, "--rule", "rounds=2").splitlines()[-1])
    assert out["best_move"] == "stop" and out["settings"]["objective"] == "match"
    assert json.loads(_run(*args, "--rule", "rounds=2", "--objective", "wins").splitlines()[-1])["best_move"] == "stop"


def test_experiment_objective_and_peeking_reference_runs() -> None:
    base = ("experiment", "koikoi", "--games", "1", "--iterations", "200", "--json")
    out = json.loads(_run(*base, "--objective", "returns").splitlines()[-1])
    assert out["search"] == {"exploration": 1.4, "objective": "returns"}
    out = json.loads(_run(*base, "--rule", "rounds=2").splitlines()[-1])
    assert out["search"] == {"exploration": 1.4, "objective": "match"}  # a match is played to win the match
    out = json.loads(_run(*base, "--peek", "all").splitlines()[-1])
    assert out["peek"] == "all"
    assert "PEEKING AT THE OPPONENT'S HAND vs greedy" in _run(*base[:-1], "--peek", "hand")
    result = CliRunner().invoke(main, ["experiment", "haniwa", "--games", "1", "--peek", "hand"])
    assert result.exit_code != 0 and "haniwa has no peeking reference player" in result.output


def test_peeking_worlds_reveal_exactly_what_they_say() -> None:
    s = kk.State.deal(5)
    me = s.to_move()
    info = s.information_state(me)
    peek = GAME.peek_worlds
    (everything,) = peek(s, "all", 1)
    assert kk.State.from_world(info, everything) == s
    rows = peek(s, "hand", 1)
    assert rows.shape == (1024, 32) and (rows == peek(s, "hand", 1)).all()
    hand, stock = sorted(s.hand(1 - me)), sorted(s.stock)
    assert all(sorted(r[:8]) == hand and sorted(r[8:]) == stock for r in rows.tolist())
    assert len({tuple(r[8:]) for r in rows.tolist()}) > 1000  # the stock order stays unknown
    with pytest.raises(ValueError, match="peek: 'cards' is not one of 'none', 'hand', 'all'"):
        make_side(GAME, "ismcts", 10, {}, peek="cards")
    with pytest.raises(ValueError, match="can peek"):
        make_side(GAME, "pimc", 10, {}, peek="hand")


def test_greedy_baseline_takes_the_most_valuable_capture_and_stops() -> None:
    assert [card_value(kk.card_from_name(n)) for n in ("1b", "8a", "9a", "1r", "1c1", "11c")] == [20, 10, 10, 5, 1, 1]
    s = kk.State.parse(
        "rules=seed first=0 turn=0 phase=play hand0=1r,3b,4c1,5c1,6c1,7c1,10c1,12c1 "
        "hand1=1c1,2c1,3c1,4c2,5c2,6c2,7c2,12c2 table=1b,2a,3r,8a,9a,10r,11a,12c3 pile0=- pile1=- "
        "stock=1c2,2r,2c2,3c2,4a,4r,5a,5r,6a,6r,7a,7r,8b,8c1,8c2,9r,9c1,9c2,10a,10c2,11b,11r,11c,12b "
        "koikoi=0,0 total=0,0"
    )
    assert s.move_to_string(greedy_move(s)) == "play 1r"  # captures the Crane: 5 + 20


def test_selfplay_plays_matches_of_several_deals() -> None:
    args = ("selfplay", "koikoi", "--games", "2", "--nodes", "200", "--rule", "rounds=2", "--seed", "3", "--json")
    a = json.loads(_run(*args).splitlines()[-1])
    b = json.loads(_run(*args).splitlines()[-1])
    assert a == b and a["a"]["algo"] == a["b"]["algo"] == "ismcts"
    assert a["wins"] + a["draws"] + a["losses"] == 2
    for r in a["records"]:
        s0, s1 = r["scores"]
        assert len(r["deals"]) == 2 and [s0, s1] == [sum(d["scores"][p] for d in r["deals"]) for p in (0, 1)]
        assert r["winners"] == ([] if s0 == s1 else [int(s1 > s0)])


def test_bad_information_states_are_clear_errors() -> None:
    s = kk.State.deal(9)
    info = s.information_state(s.to_move())
    cases = [
        (info.replace("opp=8", "opp=7"), "koikoi information state: 32 unseen cards, but opp + stock = 31"),
        (s.information_state(1 - s.to_move()), "not the view of the player to move"),
    ]
    for text, message in cases:
        result = CliRunner().invoke(main, ["best-move", "koikoi", text, "--nodes", "100"])
        assert result.exit_code == 2 and "error: " in result.output and message in result.output, result.output


def test_play_draws_only_the_humans_view_even_on_the_ais_turn() -> None:
    """Regression: the board drawn while the AI was to move was the AI's own view ('your hand' = the AI's cards)."""
    out = _run("play", "koikoi", "--seed", "5", "--ai-first", "--level", "1", stdin="quit\n")
    human = int(out.split("You play player ")[1][0])
    views = [line for line in out.splitlines() if "(view of player" in line]
    hands = [line for line in out.splitlines() if line.startswith("your hand (")]
    assert views and all(line.endswith(f"(view of player {human})") for line in views)
    assert hands and all(line.startswith(f"your hand ({human}):") for line in hands)
