"""Option placement=two_stage: a placement as two plies (the anchor, then the rotation and side) is the same game as
the single placement move: the same placements, the same games, the same greedy choices; its notation, hashing,
information states, search hooks and errors."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner
from hs_helpers import placement_position, random_game
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import SearchSettings, SettingsError, search
from solver._core import IllegalMoveError, NotationError
from solver._core import honshu as hs
from solver.cli import main
from solver.games import get_game

Placement = tuple[int, int, int, int]  # x, y, rotation, under


def decode(m: int) -> Placement:
    """(x, y, rotation, under) of a placement, an anchor (rotation and side 0) or an orientation (x, y -32)."""
    return (m & 63) - 32, ((m >> 6) & 63) - 32, (m >> 12) & 3, (m >> 14) & 1


def two_stage(s: Any) -> Any:
    """The same position with placement=two_stage."""
    return hs.State.parse(s.to_string().replace(" round=", " placement=two_stage round=", 1))


def pairs(t: Any) -> set[Placement]:
    """Every (anchor, orientation) pair of a two-stage position, as the placement it makes."""
    out = set()
    for a in t.legal_moves():
        u = t.clone()
        u.apply(a)
        x, y, _, _ = decode(a)
        for o in u.legal_moves():
            _, _, rot, under = decode(o)
            out.add((x, y, rot, under))
    return out


def placement_states(count: int) -> list[Any]:
    """Placement decisions of random games with 2-5 players (every rule option), the first of each round."""
    out = []
    for seed in range(count):
        players = 2 + seed % 4
        seen = set()
        for s, _ in random_game(players, 100 + seed, "official" if seed % 2 else "none", seed % 3 == 0):
            if s.phase == "place" and s.round not in seen:
                seen.add(s.round)
                out.append(s)
    return out


STATES = placement_states(8)


def test_anchor_orientation_pairs_are_exactly_the_single_placements() -> None:
    assert len(STATES) == 8 * 12
    for s in STATES:
        single = [decode(m) for m in s.legal_moves()]
        t = two_stage(s)
        assert pairs(t) == set(single) and len(set(single)) == len(single)
        anchors = [decode(a)[:2] for a in t.legal_moves()]
        assert len(anchors) == len(set(anchors)) and set(anchors) == {(x, y) for x, y, _, _ in single}


def test_a_two_stage_game_with_the_same_choices_ends_in_the_same_state() -> None:
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        rng = random.Random(seed)
        s = hs.State.deal(players, seed)
        t = hs.State.deal(players, seed, placement="two_stage")
        plies = 0
        while not s.is_terminal():
            m = int(s.random_move(rng.randrange(1 << 30)))
            if s.phase == "place":
                x, y, rot, under = decode(m)
                t.play(f"anchor {x},{y}")
                assert t.anchor == (x, y) and t.to_move() == s.to_move()
                t.play(f"orient r{rot} {'under' if under else 'over'}")
                plies += 1
            else:
                t.apply(m)
            s.apply(m)
            plies += 1
            assert t.to_string() == s.to_string().replace(" round=", " placement=two_stage round=", 1)
            assert t.hash() == t.recompute_hash()
        assert t.is_terminal() and plies == players + 12 * 4 * players
        assert [t.returns(p) for p in range(players)] == [s.returns(p) for p in range(players)]
        assert [t.score(p) for p in range(players)] == [s.score(p) for p in range(players)]


def test_greedy_chooses_the_same_placement_in_two_plies() -> None:
    for s in STATES[::3]:
        t = two_stage(s)
        x, y, rot, under = decode(s.greedy_move())
        a = t.greedy_move()
        assert t.move_to_string(a) == f"anchor {x},{y}"
        t.apply(a)
        assert t.move_to_string(t.greedy_move()) == f"orient r{rot} {'under' if under else 'over'}"


def test_static_values_of_anchors_and_orientations() -> None:
    for s in STATES[::4]:
        t = two_stage(s)
        value = {decode(m): s.placement_value(m) for m in s.legal_moves()}
        ordered = t.ordered_moves()
        assert sorted(ordered) == sorted(t.legal_moves())
        best = {}
        for a in t.legal_moves():
            x, y, _, _ = decode(a)
            best[a] = max(v for (px, py, _, _), v in value.items() if (px, py) == (x, y))
            assert t.placement_value(a) == best[a]
        keys = [best[a] for a in ordered]
        assert keys == sorted(keys, reverse=True)
        a = ordered[0]
        t.apply(a)
        x, y, _, _ = decode(a)
        orients = t.legal_moves()
        got = [t.placement_value(o) for o in t.ordered_moves()]
        assert got == sorted((value[(x, y, *decode(o)[2:])] for o in orients), reverse=True)
        assert got[0] == best[a]
        # The rollout orientation is the first best one (rotation, then side order).
        first_best = next(o for o in orients if t.placement_value(o) == got[0])
        assert {int(t.rollout_move(seed)) for seed in range(20)} == {first_best}


def test_random_and_rollout_moves_are_legal_in_both_plies() -> None:
    for s in STATES[::5]:
        t = two_stage(s)
        anchors = set(t.legal_moves())
        assert {int(t.random_move(seed)) for seed in range(50)} <= anchors
        assert {int(t.rollout_move(seed)) for seed in range(50)} <= anchors
        t.apply(int(t.random_move(7)))
        orients = set(t.legal_moves())
        assert {int(t.random_move(seed)) for seed in range(50)} == orients


def test_random_two_stage_placements_are_uniform_over_the_legal_placements() -> None:
    # The anchor of a uniform placement, then a uniform orientation at it: each placement has the same chance.
    s = next(st for st, _ in random_game(2, 4) if st.phase == "place" and st.round == 3)
    t = two_stage(s)
    legal = [decode(m) for m in s.legal_moves()]
    counts = dict.fromkeys(legal, 0)
    n = 40 * len(legal)
    for seed in range(n):
        u = t.clone()
        u.apply(int(u.random_move(seed)))
        assert u.anchor is not None
        _, _, rot, under = decode(int(u.random_move(seed + n)))
        counts[(*u.anchor, rot, under)] += 1
    expected = n / len(legal)
    assert min(counts.values()) > 0.4 * expected and max(counts.values()) < 1.8 * expected


def test_random_two_stage_games_keep_every_invariant() -> None:
    for players in (2, 4):
        s = hs.State.deal(players, 9, placement="two_stage")
        rng = random.Random(9)
        bound = s.remaining_plies_bound()
        plies = 0
        while not s.is_terminal():
            assert s.remaining_plies_bound() == bound - plies
            assert hs.State.parse(s.to_string()) == s and s.hash() == s.recompute_hash()
            for o in range(players):
                world = np.array(s.hidden_world(o), dtype=np.int32)
                assert hs.State.from_world(s.information_state(o), world) == s
            m = int(s.rollout_move(rng.randrange(1 << 30)))
            assert m in s.legal_moves() and s.parse_move(s.move_to_string(m)) == m
            s.apply(m)
            plies += 1
        assert plies == bound == players + 12 * 4 * players


def test_notation_with_a_pending_anchor() -> None:
    s = two_stage(placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2))
    text = s.to_string()
    assert " lost=no placement=two_stage round=2 " in text and "anchor=" not in text and s.anchor is None
    key = s.hash()
    obs = s.observation_key(1)
    s.play("anchor 1,-1")
    assert s.to_string() == text + " anchor=1,-1"
    assert s.anchor == (1, -1) and s.phase == "place" and s.to_move() == 0
    assert hs.State.parse(s.to_string()) == s and s.hash() == s.recompute_hash() != key
    assert s.observation_key(1) != obs
    view = s.information_state(1)
    assert view.endswith(" deck=?24 anchor=1,-1")
    assert hs.State.from_world(view, np.array(s.hidden_world(1), dtype=np.int32)) == s
    assert s.move_to_string(s.parse_move("orient r3 over")) == "orient r3 over"
    s.play("orient r3 over")
    assert "map0=B/25@-1,1r0u/49@1,-1r3 " in s.to_string() and s.anchor is None and s.to_move() == 1
    assert hs.State.parse(s.to_string()) == s
    single = placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2)
    single.play("place 49 r3 over 1,-1")
    assert s.to_string() == single.to_string().replace(" round=", " placement=two_stage round=", 1)


@pytest.mark.parametrize(
    ("move", "error", "message"),
    [
        ("place 49 r3 over 1,-1", IllegalMoveError, "with placement=two_stage a placement is two moves"),
        ("orient r0 over", IllegalMoveError, r"choose the anchor first \(anchor <x>,<y>\)"),
        ("anchor 9,9", IllegalMoveError, "no rotation or side of card 49 is legal with its top-left square at 9,9"),
        ("anchor 1", NotationError, r"expected a position <x>,<y> \(integers -40\.\.40\), got '1'"),
        ("anchor 1,-1 2", NotationError, "expected 'start A|B'"),
        ("orient r4 over", NotationError, "'orient r<0..3> over|under'"),
        ("play 3", IllegalMoveError, r"it is time to choose the anchor of the taken card \(anchor <x>,<y>\)"),
    ],
)
def test_two_stage_move_errors(move: str, error: type[Exception], message: str) -> None:
    s = two_stage(placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2))
    with pytest.raises(error, match=message.replace("|", r"\|") if error is NotationError else message):
        s.parse_move(move)


def test_errors_once_the_anchor_is_chosen_and_without_the_option() -> None:
    s = two_stage(placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2))
    s.play("anchor 0,1")
    with pytest.raises(IllegalMoveError, match=r"the anchor is chosen \(0,1\): orient the card"):
        s.parse_move("anchor 1,-1")
    with pytest.raises(IllegalMoveError, match="a lake square may never be covered"):
        s.parse_move("orient r0 over")
    with pytest.raises(IllegalMoveError, match=r"it is time to orient the taken card \(orient r<0\.\.3> over\|under\)"):
        s.parse_move("take 3")
    single = placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2)
    for move in ("anchor 1,-1", "orient r0 over"):
        with pytest.raises(IllegalMoveError, match="with placement=single a placement is one move: 'place <card>"):
            single.parse_move(move)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ((" round=", " placement=double round="), "field 'placement': expected single or two_stage, got 'double'"),
        ((" deck=", " anchor=1,-1 deck="), "field 'anchor': a pending anchor exists only with placement=two_stage"),
        (
            (" round=", " placement=two_stage anchor=9,9 round="),
            "field 'anchor': no rotation or side of card 49 is legal with its top-left square at 9,9",
        ),
        ((" round=", " placement=two_stage anchor=1 round="), "field 'anchor': expected <x>,<y>"),
    ],
)
def test_position_errors_name_the_field(edit: tuple[str, str], message: str) -> None:
    text = placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2).to_string()
    with pytest.raises(NotationError, match=message):
        hs.State.parse(text.replace(*edit, 1))


def test_anchor_only_in_phase_place() -> None:
    text = hs.State.deal(2, 3, placement="two_stage").to_string()
    with pytest.raises(NotationError, match="field 'anchor': a pending anchor exists only in phase place"):
        hs.State.parse(text + " anchor=0,0")
    assert " placement=two_stage " in text and hs.State.parse(text).placement == "two_stage"
    assert hs.State.parse(text.replace(" placement=two_stage", "")).placement == "single"
    assert hs.State.parse(text.replace("placement=two_stage", "placement=single")).placement == "single"


SAMPLES = [two_stage(STATES[i]).to_string() for i in (3, 17, 40)] + [
    (lambda t: (t.apply(t.legal_moves()[0]), t.to_string())[1])(two_stage(STATES[i])) for i in (5, 30)
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SAMPLES), st.text(alphabet="anchorientplvdu r0123456789-, ", max_size=24))
def test_fuzz_two_stage_moves_raise_only_notation_or_illegal_move_errors(text: str, move: str) -> None:
    s = hs.State.parse(text)
    try:
        m = s.parse_move(move)
    except (NotationError, IllegalMoveError):
        return
    assert m in s.legal_moves() and s.parse_move(s.move_to_string(m)) == m


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SAMPLES), st.integers(-40, 40), st.integers(-40, 40), st.integers(0, 3), st.booleans())
def test_fuzz_typed_placements_are_legal_exactly_when_single_says_so(
    text: str, x: int, y: int, rot: int, under: bool
) -> None:
    t = hs.State.parse(text)
    if t.anchor is None:
        single = hs.State.parse(text.replace(" placement=two_stage", ""))
        legal_anchor = any((px, py) == (x, y) for px, py, _, _ in map(decode, single.legal_moves()))
        try:
            t.parse_move(f"anchor {x},{y}")
            assert legal_anchor
        except IllegalMoveError:
            assert not legal_anchor
    else:
        ax, ay = t.anchor
        side = "under" if under else "over"
        card = t.took(t.to_move())
        ok = t.placement_check(t.to_move(), card, ax, ay, rot, under) == ""
        try:
            t.parse_move(f"orient r{rot} {side}")
            assert ok
        except IllegalMoveError:
            assert not ok


def test_option_in_the_front_end_and_search() -> None:
    game = get_game("honshu")
    s = game.new({"placement": "two_stage"}, seed=2)
    assert s == hs.State.deal(2, 2, placement="two_stage")
    assert game.rules_of(s)["placement"] == "two_stage"
    with pytest.raises(ValueError, match="placement"):
        game.new({"placement": "double"})
    while s.phase != "place":
        s.apply(s.greedy_move())
    view = game.view(s.information_state(s.to_move()))
    for widening in (None, 0.0, 1.0):
        report = search(view, SearchSettings(nodes=300, seed=1, widening=widening))
        assert s.parse_move(report.best_move) in s.legal_moves()
        assert report.best_move.startswith("anchor ")
    with pytest.raises(SettingsError, match="widening: must be >= 0, got -1"):
        SearchSettings(widening=-1)
    out = CliRunner().invoke(main, ["games"]).output
    assert "placement" in out and "two_stage" in out


def test_experiment_with_a_time_budget() -> None:
    args = ["experiment", "honshu", "--opponent", "random", "--games", "1", "--time", "0.002", "--seed", "3"]
    result = CliRunner().invoke(main, [*args, "--rule", "placement=two_stage", "--widening", "0"])
    assert result.exit_code == 0, result.output
    assert "ismcts (0.002 s per decision, exploration 0.7, rollout policy, widening 0.0) vs random" in result.output
    assert "rules placement=two_stage" in result.output and "= 2 games, seed 3" in result.output
    bad = CliRunner().invoke(main, [*args[:-4], "--time", "0"])
    assert bad.exit_code == 2 and "--time" in bad.output


def test_a_person_types_a_whole_placement_in_two_stage() -> None:
    game = get_game("honshu")
    s = two_stage(placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2))
    assert game.input_moves(s, "place 49 r3 over 1,-1") == [
        s.parse_move("anchor 1,-1"),
        (lambda t: (t.play("anchor 1,-1"), t.parse_move("orient r3 over"))[1])(s.clone()),
    ]
    assert game.input_moves(s, "anchor 1,-1") == [s.parse_move("anchor 1,-1")]
    with pytest.raises(IllegalMoveError, match="player 0 places card 49"):
        game.input_moves(s, "place 50 r3 over 1,-1")
    with pytest.raises(IllegalMoveError, match="a lake square may never be covered"):
        game.input_moves(s, "place 49 r0 over 0,1")


def test_render_shows_the_pending_anchor() -> None:
    game = get_game("honshu")
    s = two_stage(placement_position({0: "B/25@-1,1r0u"}, (49, 50), round=2))
    assert "placements in two stages (anchor, then orientation)" in game.render(s)
    assert "anchor chosen" not in game.render(s)
    s.play("anchor 1,-1")
    assert "anchor chosen: 1,-1 (the rotation and side are to be chosen)" in game.render(s).splitlines()
