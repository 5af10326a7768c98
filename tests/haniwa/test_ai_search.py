"""ISMCTS and PIMC on Haniwa information states: exact values on decided last moves (a column won, a Dogu woken at
exactly 8), per-move win counts, no peeking, reproducibility, four-player teams, and bad input."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner
from haniwa_helpers import position

from solver._core import IllegalMoveError, NotationError, RuleOptionError, haniwa
from solver.cli import main
from solver.games.haniwa import GAME
from solver.games.haniwa.belief import HaniwaBelief
from solver.play.match import first_deal
from solver.search.runner import search
from solver.search.settings import SearchSettings

# Player 0 places the last tile of the game into d3 (player 1 first, no face-down tile, both discards used).
# Yellow die 2. Zone 0 column d holds B1, B1 (power 2); zone 1 column d holds Y1, Y1, Y2 (power 4). Row 3 of zone 0
# holds R2, G2, B1 (power 5).
COLUMN = dict(
    zones=(
        {"a1": "R1", "b1": "G1", "c1": "R2", "d1": "B1", "a2": "G1", "b2": "R1", "c2": "Y1", "d2": "B1",
         "a3": "R2", "b3": "G2", "c3": "B1"},
        {"a1": "B2", "b1": "B2", "c1": "R1", "d1": "Y1", "a2": "G2", "b2": "B3", "c2": "G1", "d2": "Y1",
         "a3": "B3", "b3": "R3", "c3": "G3", "d3": "Y2"},
    ),
    hands=(["Y3", "R3", "G3", "B2"], ["Y3", "B3", "R3", "G3"]),
    discards=["0R2", "0G2"],
    dice="1112",
    first=1,
    to_move=0,
)  # fmt: skip
# Player 0 places the last tile into a3. Row 3 of zone 0 holds Y1, G3, R2 (power 6); zone 1 column a holds R3 x 3.
DOGU = dict(
    zones=(
        {"a1": "G1", "b1": "B2", "c1": "G2", "d1": "Y2", "a2": "G1", "b2": "B2", "c2": "G2", "d2": "Y2",
         "b3": "Y1", "c3": "G3", "d3": "R2"},
        {"a1": "R3", "b1": "B1", "c1": "R1", "d1": "Y1", "a2": "R3", "b2": "R1", "c2": "G1", "d2": "Y1",
         "a3": "R3", "b3": "R1", "c3": "R2", "d3": "Y3"},
    ),
    hands=(["B1", "B2", "B3", "G3"], ["Y3", "B3", "G2", "Y2"]),
    discards=["0R2", "0B1"],
    dice="3323",
    first=1,
    to_move=0,
)  # fmt: skip


def outcome(state: haniwa.State, move: int) -> float:
    """The final return of the mover's team after `move` and any Kofun choice (the game then ends)."""
    me = state.to_move()
    c = state.clone()
    c.apply(move)
    while not c.is_terminal():
        c.apply(c.legal_moves()[0])
    return c.returns(me)


def ismcts(state: Any, nodes: int, seed: int = 1) -> Any:
    text = state.information_state(state.to_move()) if isinstance(state, haniwa.State) else state
    b = HaniwaBelief.from_information_state(text)
    return haniwa.State.ismcts(
        text, SearchSettings(nodes=nodes, seed=seed).limits(), unseen=b.unseen, groups=[g.size for g in b.belief.groups]
    )


def test_last_placement_that_wins_a_column_and_wakes_a_dogu() -> None:
    s = position(**COLUMN)
    exact = {s.move_to_string(m): outcome(s, m) for m in s.legal_moves()}
    # Y3: column d 5 > 4 wins the yellow die (2 + 3 = 5), row 3 = 8 wakes the Dogu (+2): 7 - 3. R3 / G3: column d
    # 5 > 4 with the die still 2, row 3 = 8: 4 - 3. B2: column d 4 = 4 and less yellow power, row 3 = 7: 0 - 7.
    assert exact == {"Y3d3": 4.0, "R3d3": 1.0, "G3d3": 1.0, "B2d3": -7.0}
    r = ismcts(s, 2000)
    assert s.move_to_string(r.best_move) == "Y3d3" and r.value == 4.0
    stats = {s.move_to_string(m.move): m for m in r.moves}
    assert {k: v.value for k, v in stats.items()} == exact
    assert sum(v.visits for v in stats.values()) == 2000
    for name, v in stats.items():  # every playout of a decided move ends the same way
        assert v.wins == (v.visits if exact[name] > 0 else 0)


def test_dogu_activated_at_exactly_eight() -> None:
    s = position(**DOGU)
    exact = {s.move_to_string(m): outcome(s, m) for m in s.legal_moves()}
    # B2 makes row 3 exactly 8 (+2); B1 leaves it at 7; B3 / G3 make it 9: cursed, cancelling the won column with
    # the highest die (green, 2) and the bonus it carries.
    assert exact["B2a3"] - exact["B1a3"] == 2.0
    assert exact == {"B1a3": 5.0, "B2a3": 7.0, "B3a3": 2.0, "G3a3": 2.0}
    r = ismcts(s, 1000)
    assert s.move_to_string(r.best_move) == "B2a3" and r.value == 7.0
    report = search(s, nodes=1000, seed=1)  # the façade from a full state: the mover's view only
    assert report.best_move == "B2a3" and report.moves[0].win_rate == 1.0
    assert report.value_text == "+7.00 points"


def midgame(seed: int, plies: int, options: dict[str, Any] | None = None) -> haniwa.State:
    rng = random.Random(seed)
    s = GAME.new(options or {}, seed=seed)
    for _ in range(plies):
        s.apply(rng.choice(sorted(s.legal_moves())))
    return s


def test_ismcts_never_peeks() -> None:
    """Two worlds sharing the searcher's information state give identical results with the same seed."""
    for seed, plies in ((3, 6), (8, 15), (21, 25)):
        s = midgame(seed, plies)
        p = s.to_move()
        other = HaniwaBelief.of(s, p).worlds(1, seed=99)[0]
        assert other != s and other.information_state(p) == s.information_state(p)
        for algo in ("ismcts", "pimc"):
            extra = {"num_worlds": 8} if algo == "pimc" else {}
            a = search(s, algo=algo, nodes=1500, seed=5, **extra).to_dict()
            b = search(other, algo=algo, nodes=1500, seed=5, **extra).to_dict()
            for d in (a, b):
                d.pop("time_s")
                d.pop("nps")
            assert a == b


def test_reproducible_and_the_same_from_text_or_state() -> None:
    s = midgame(5, 10)
    info = s.information_state(s.to_move())
    a = ismcts(s, 2000, seed=7)
    b = ismcts(info, 2000, seed=7)
    stats = [[(m.move, m.visits, m.value, m.wins) for m in r.moves] for r in (a, b)]
    assert stats[0] == stats[1]
    c = ismcts(s, 2000, seed=8)
    assert [(m.move, m.visits) for m in a.moves] != [(m.move, m.visits) for m in c.moves]
    assert a.nodes == 2000 and all(0 <= m.wins <= m.visits for m in a.moves)


def test_four_player_search_values_the_team_margin() -> None:
    """Last placement of a four-player game (no face-down tile played): every root move's value is the exact
    margin of the mover's team, and its wins are all or none of its visits."""
    rng = random.Random(4)
    s = GAME.new({"players": 4}, seed=4)
    while s.placed() < 23 or s.phase() != "place":
        moves = [m for m in s.legal_moves() if not s.move_to_string(m).endswith("*")]
        s.apply(rng.choice(sorted(moves)))
    me = s.to_move()
    exact = {m: outcome(s, m) for m in s.legal_moves()}
    assert len(set(exact.values())) > 1
    r = ismcts(s, 3000)
    assert {m.move for m in r.moves} == set(exact)
    for m in r.moves:
        assert m.value == exact[m.move]
        assert m.wins == (m.visits if exact[m.move] > 0 else 0)
    final = s.clone()
    final.apply(r.best_move)
    while not final.is_terminal():
        final.apply(final.legal_moves()[0])
    assert final.returns(me) == max(exact.values()) == final.score(me) - final.score(me ^ 1)
    assert final.returns(me ^ 2) == final.returns(me)  # the team-mate's return is the same margin


def test_two_round_and_colour_first_views_are_searchable() -> None:
    for options in ({"rounds": 2}, {"comparison": "colour_first"}, {"players": 4, "rounds": 2}):
        s = midgame(2, 7, options)
        r = search(s, nodes=600, seed=1)
        assert r.nodes == 600 and r.best_move in [s.move_to_string(m) for m in s.legal_moves()]


def test_bad_input_raises_clear_errors() -> None:
    s = midgame(1, 4)
    other = 1 - s.to_move()
    wrong_view = r"this is an information state of player \d \(field 'view'\) but player \d is to move"
    with pytest.raises(NotationError, match=wrong_view):
        GAME.parse(s.information_state(other))
    with pytest.raises(NotationError, match="field 'stock'"):
        GAME.parse(s.information_state(s.to_move()).replace("stock=", "stock=x"))
    with pytest.raises(RuleOptionError, match="players"):
        GAME.new({"players": 3})
    with pytest.raises(ValueError, match="unknown search option 'depth_limit'"):
        search(s, algo="ismcts", nodes=10, depth_limit=3)
    end = position(**DOGU)
    end.play("B2a3")
    assert end.is_terminal()
    with pytest.raises(IllegalMoveError, match="the game is over"):
        end.greedy_move(0)
    with pytest.raises(ValueError, match=r"player must be in 0\.\.1"):
        s.provisional_margin(2)


def _run(*args: str, stdin: str | None = None) -> str:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def test_cli_best_move_reports_expected_difference_and_win_probability() -> None:
    s = midgame(9, 5)
    info = s.information_state(s.to_move())
    a = json.loads(_run("best-move", "haniwa", info, "--nodes", "1500", "--seed", "2", "--json"))
    b = json.loads(_run("best-move", "haniwa", str(s), "--nodes", "1500", "--seed", "2", "--json"))
    assert a["algo"] == "ismcts" and a["position"] == info == b["position"] and a["moves"] == b["moves"]
    assert all(0.0 <= m["score"]["win_rate"] <= 1.0 for m in a["moves"])
    assert sum(m["visits"] for m in a["moves"]) == 1500
    text = _run("best-move", "haniwa", info, "--nodes", "1500", "--seed", "2")
    assert "expected" in text and "win" in text and "(hidden)" in text and "points" in text
    bad = CliRunner().invoke(main, ["best-move", "haniwa", info.replace("dice=", "dice=9"), "--nodes", "10"])
    assert bad.exit_code != 0 and "dice" in bad.output


def test_cli_play_shows_only_the_humans_view() -> None:
    s = first_deal(GAME, GAME.check_options({}), 3)
    human = s.to_move()
    ai_hand = ",".join(str(s).split(f"hand{1 - human}=")[1].split()[0].split(","))
    first = s.move_to_string(sorted(s.legal_moves())[0])
    out = _run("play", "haniwa", "--seed", "3", "--time", "0.05", stdin=f"{first}\nquit\n")
    assert f"hand {1 - human}: 4 tiles (hidden)" in out and "AI plays" in out
    assert f"hand{1 - human}={ai_hand}" not in out and "game abandoned at position view=" in out


def test_pimc_values_the_last_placement_exactly() -> None:
    """PIMC on two-player Haniwa solves each world exactly once it is short enough (here the last placement), so
    the averaged values are exact."""
    s = position(**DOGU)
    r = search(s, algo="pimc", nodes=8 * 300, seed=1, num_worlds=8)
    assert r.best_move == "B2a3" and r.value == 7.0 and r.moves[0].visits == 8  # all 8 worlds vote for it
    assert {m.move: m.value for m in r.moves} == {"B1a3": 5.0, "B2a3": 7.0, "B3a3": 2.0, "G3a3": 2.0}
    assert all(m.win_rate is None for m in r.moves)  # win counts come from ISMCTS only


def test_only_ismcts_counts_wins() -> None:
    """The win count is filled by ISMCTS only; the other searches leave it at 0 (their numbers are unchanged)."""
    from solver._core import koikoi

    s = midgame(4, 8)
    assert all(m.wins == 0 for m in s.mcts(SearchSettings(nodes=500, seed=1).limits()).moves)
    b = HaniwaBelief.of(s, s.to_move())
    groups = [g.size for g in b.belief.groups]
    info = s.information_state(s.to_move())
    assert all(m.wins == 0 for m in haniwa.State.pimc(info, SearchSettings(nodes=400, seed=1).limits(), unseen=b.unseen,
                                                      groups=groups, num_worlds=4).moves)  # fmt: skip
    deal = koikoi.State.deal(3)
    kinfo = deal.information_state(deal.to_move())
    unseen, _view, opp, stock = koikoi.hidden(kinfo)
    r = koikoi.State.ismcts(kinfo, SearchSettings(nodes=2000, seed=1).limits(), unseen=unseen, groups=[opp, stock])
    assert all(0 <= m.wins <= m.visits for m in r.moves) and sum(m.wins for m in r.moves) > 0


def test_pimc_solves_exactly_only_the_last_plies() -> None:
    """Regression: with the exact solver open to two-player Haniwa, PIMC's default (24 plies) solved worlds 23 plies
    from the end exactly — 121 M nodes for one decision. Haniwa's default is 10 plies; earlier worlds use MCTS."""
    from solver.games.haniwa import PIMC_EXACT_PLIES
    from solver.search.settings import SearchSettings as Settings

    assert Settings(algo="pimc").for_game(GAME, GAME.check_options({})).exact_plies == PIMC_EXACT_PLIES == 10
    s = GAME.new({}, 5)
    while s.remaining_plies_bound() > 23:
        s.play(search(s, algo="pimc", nodes=16 * 50, num_worlds=16, seed=1).best_move)
    assert s.remaining_plies_bound() > PIMC_EXACT_PLIES
    r = search(s, algo="pimc", nodes=16 * 50, num_worlds=16, seed=1)
    assert r.nodes == 16 * 50  # MCTS iterations only: no world was solved exactly
