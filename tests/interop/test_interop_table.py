"""The game-agnostic layer under the adapters: action codecs, the Table (chance, deals, what each seat knows, returns,
copies) and the observation vectors, on every game and mode."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest

from solver import IllegalMoveError
from solver.games import get_game
from solver.interop.actions import ActionError, codec
from solver.interop.features import features
from solver.interop.table import SEED_BYTES, Table, mode_facts

from .modes import HIDDEN, MODES, mode_id


def play_random(game: str, rules: dict[str, Any], seed: int, on_step: Any = None) -> Table:
    """A random game through a Table (chance bytes and moves from `seed`); `on_step(table)` before each move."""
    rng, table = random.Random(seed), Table(game, rules)
    while not table.finished:
        if table.is_chance():
            table.apply_chance(rng.randrange(256))
            continue
        if on_step is not None:
            on_step(table)
        table.apply_action(rng.choice(table.legal_actions()))
    return table


@pytest.mark.parametrize(("game", "rules"), MODES, ids=mode_id)
def test_every_legal_move_has_one_action_and_back(game: str, rules: dict[str, Any]) -> None:
    c = codec(game)

    def check(table: Table) -> None:
        moves = table.legal_moves()
        actions = [c.encode(m) for m in moves]
        assert len(set(actions)) == len(actions)
        assert all(0 <= a < c.size for a in actions)
        assert [c.decode(a) for a in actions] == moves
        assert table.legal_actions() == sorted(actions)

    for seed in range(2):
        play_random(game, rules, seed, check)


def test_actions_outside_the_range_or_of_no_move_are_refused() -> None:
    with pytest.raises(ActionError, match=r"action 7 is outside the action range 0\.\.6"):
        codec("c4").decode(7)
    with pytest.raises(ActionError, match="not a move of honshu"):
        codec("honshu").encode(3 << 30)
    table = Table("c4")
    with pytest.raises(ActionError, match="outside the action range"):
        table.apply_action(-1)
    for _ in range(6):
        table.apply_action(3)
    with pytest.raises(IllegalMoveError, match=r"action 3 \(4\) is not legal here"):
        table.apply_action(3)


@pytest.mark.parametrize(("game", "rules"), MODES, ids=mode_id)
def test_a_game_ends_within_its_declared_bounds(game: str, rules: dict[str, Any]) -> None:
    facts = mode_facts(game, rules)
    info = get_game(game)
    if game != "sensei":  # the bound is the same for every deal (Sensei: 3 actions a turn, max_turns turns)
        bounds = {int(info.deal(rules, s).remaining_plies_bound()) for s in range(5)}
        assert bounds == {facts.max_moves // facts.deals}
    for seed in range(3):
        moves: list[int] = []
        table = play_random(game, rules, seed, lambda t, moves=moves: moves.append(1))
        returns = table.returns()
        assert len(moves) <= facts.max_moves
        assert all(facts.min_return <= r <= facts.max_return for r in returns)
        if facts.zero_sum:
            assert sum(returns) == pytest.approx(0.0, abs=1e-9)
        assert len(table.starts) == facts.deals
    assert facts.chance == info.random_setup
    assert facts.hidden == info.has_hidden_information


def test_returns_come_at_the_end_and_add_up_the_deals() -> None:
    table, rng = Table("koikoi", {"preset": "seed", "rounds": 3}), random.Random(4)
    deal_returns = []
    while not table.finished:
        if table.is_chance():
            assert table.returns() == [0.0, 0.0]
            table.apply_chance(rng.randrange(256))
            continue
        table.apply_action(rng.choice(table.legal_actions()))
        if table.state is None or table.state.is_terminal():
            final = table.previous if table.state is None else table.state
            deal_returns.append([float(final.returns(p)) for p in range(2)])
    assert len(deal_returns) == 3
    assert table.returns() == [sum(r[p] for r in deal_returns) for p in range(2)]


def test_the_deal_comes_from_the_four_seed_bytes() -> None:
    table = Table("ohanami", {"players": 3})
    for b in (0x78, 0x56, 0x34, 0x12):
        assert table.is_chance()
        table.apply_chance(b)
    assert table.is_chance() is False
    info = get_game("ohanami")
    assert info.notation(table.state) == info.notation(info.deal({"players": 3}, 0x12345678))
    assert SEED_BYTES == 4
    with pytest.raises(IllegalMoveError, match="a chance outcome was given where a seat is to move"):
        table.apply_chance(1)


@pytest.mark.parametrize(("game", "rules"), MODES, ids=mode_id)
def test_copies_and_pickles_keep_everything(game: str, rules: dict[str, Any]) -> None:
    def check(table: Table) -> None:
        if len(table.history[-1]) % 7:
            return
        for other in (copy.deepcopy(table), pickle.loads(pickle.dumps(table))):
            assert str(other) == str(table)
            assert [other.information(p) for p in range(table.players)] == [
                table.information(p) for p in range(table.players)
            ]
            assert other.legal_actions() == table.legal_actions()

    play_random(game, rules, 1, check)


@pytest.mark.parametrize(("game", "rules"), HIDDEN, ids=mode_id)
def test_a_seat_knows_its_view_and_the_moves_as_it_saw_them(game: str, rules: dict[str, Any]) -> None:
    info = get_game(game)

    def check(table: Table) -> None:
        for p in range(table.players):
            text = table.information(p)
            assert text.splitlines()[0] == table.state.information_state(p) == table.observation(p)
            for deal in table.history:
                for m in deal:
                    if m.seat != p and m.text != m.public:  # a secret move of another seat: never in p's string
                        assert f" {m.text} " not in f" {text.replace(' | ', '  ')} "

    play_random(game, rules, 2, check)
    assert info.has_hidden_information


@pytest.mark.parametrize(("game", "rules"), HIDDEN, ids=mode_id)
def test_a_resampled_table_looks_the_same_to_the_seat(game: str, rules: dict[str, Any]) -> None:
    differs = []

    def check(table: Table) -> None:
        seat = table.to_move()
        for seed in range(3):
            other = table.resampled(seat, seed)
            assert other.information(seat) == table.information(seat)
            assert other.legal_actions() == table.legal_actions()
            differs.append(str(other) != str(table))

    play_random(game, rules, 3, check)
    assert any(differs)  # the hidden part was drawn again, not copied


@pytest.mark.parametrize(("game", "rules"), MODES, ids=mode_id)
def test_the_vector_is_of_what_the_seat_sees_only(game: str, rules: dict[str, Any]) -> None:
    feats = features(game, rules)
    info = get_game(game)

    def check(table: Table) -> None:
        for p in range(table.players):
            v = feats.encode(table.view(p), p)
            assert v.shape == (feats.size,) and v.dtype == np.float32
            assert float(v.min()) >= 0.0 and float(v.max()) <= 1.0
            if info.has_hidden_information:  # made from the seat's notation alone: the same for another world
                other = table.resampled(p, 9)
                assert np.array_equal(feats.encode(other.view(p), p), v)
                assert np.array_equal(feats.encode(info.view(table.observation(p)), p), v)

    play_random(game, rules, 5, check)
    assert feats.encode(None, 0).sum() == 0.0
    assert feats.layout.describe().count("\n") == len(feats.layout.segments) - 1


def test_a_table_from_a_position_or_a_view_is_one_deal() -> None:
    info = get_game("koikoi")
    state = info.deal({"preset": "nintendo"}, 5)
    view = info.view(state, int(state.to_move()))
    table = Table.at("koikoi", {"preset": "nintendo"}, view)
    assert table.observation(view.observer) == view.text
    assert table.deal_index == table.facts.deals - 1
    while not table.finished:
        table.apply_action(table.legal_actions()[0])
    assert len(table.starts) == 1


def test_the_vectors_count_what_the_notation_shows() -> None:
    """Spot checks of the layouts against the seats' own notation: every garden card of Ohanami, every hand card of
    Koi-Koi, every visible square of Honshu's maps is in the vector once."""
    for game, rules in (("ohanami", {"players": 3}), ("koikoi", {}), ("honshu", {"players": 2})):
        feats, info = features(game, rules), get_game(game)
        lay = feats.layout

        def seg(v: np.ndarray, name: str, lay: Any = lay) -> np.ndarray:
            return v[lay.offsets[name] : lay.offsets[name] + lay.lengths[name]]

        def check(table: Table, game: str = game, feats: Any = feats, info: Any = info) -> None:
            v, s = feats.encode(table.view(0), 0), table.state
            if game == "ohanami":
                garden = sum(float(seg(v, f"column{c}+0").sum()) for c in (1, 2, 3))
                assert garden == len(s.garden(0))
            elif game == "koikoi":
                assert float(seg(v, "own_hand").sum()) == len(s.hand(0))
            else:
                assert int((seg(v, "map+1") > 0).sum()) == len(s.visible(1))

        play_random(game, rules, 6, check)
