"""Haniwa information states: what each player sees, round trips, true worlds, and bad input."""

from __future__ import annotations

import numpy as np
import pytest
from haniwa_helpers import position
from hidden_helpers import fields, random_states

from solver._core import NotationError, WorldError, haniwa
from solver.games.haniwa import GAME

# Two players, player 0 first: a face-down R2 of player 0, a G3 under player 1's blue Kofun (index 1), one discard
# each. Four tiles placed, so player 0 moves.
FULL = dict(
    zones=({"a1": "R2*", "b1": "B1"}, {"a1": "G3+1", "b1": "Y1"}),
    hands=(["G1", "R1", "R3", "B2"], ["Y2", "Y3", "B3", "G2"]),
    discards=["0Y3", "1G1"],
    kofun_state="r,1u,r,r,r,r",
    game="f",
)
R1, R2, R3, B1, B2, B3, G1, G2, G3, Y1, Y2, Y3 = range(12)


def test_two_player_views_hide_exactly_the_other_players_items() -> None:
    s = position(**FULL)
    full = fields(str(s))
    info0, info1 = fields(s.information_state(0)), fields(s.information_state(1))
    changed0 = {
        "view": "0",
        "zone1": "?+1,Y1" + ",." * 10,
        "hand1": "4",
        "stock": "22",
        "discards": "0Y3,1?",
    }
    changed1 = {
        "view": "1",
        "zone0": "?*,B1" + ",." * 10,
        "hand0": "4",
        "stock": "22",
        "discards": "0?,1G1",
    }
    assert info0 == {**full, **changed0}
    assert info1 == {**full, **changed1}
    assert full["hand0"] == "R1,R3,B2,G1" and full["zone0"].startswith("R2*,B1")
    # The hidden items of each view, in the world layout.
    stock_kinds = [
        ["R1", "R2", "R3", "B1", "B2", "B3", "G1", "G2", "G3", "Y1", "Y2", "Y3"].index(t)
        for t in full["stock"].split(",")
    ]
    assert s.hidden_world(0) == [B3, G2, Y2, Y3, *stock_kinds, G3, G1]
    assert s.hidden_world(1) == [R1, R3, B2, G1, *stock_kinds, R2, Y3]
    i0 = haniwa.InformationState.parse(s.information_state(0))
    assert i0.groups == [("hand1", 4), ("stock", 22), ("face_down", 0), ("under_kofun", 1), ("discards", 1)]
    i1 = haniwa.InformationState.parse(s.information_state(1))
    assert i1.groups == [("hand0", 4), ("stock", 22), ("face_down", 1), ("under_kofun", 0), ("discards", 1)]
    # Unseen by player 0: three of each kind minus R2 (own face-down), B1, Y1, own hand R1 R3 B2 G1, own discard Y3.
    expected0 = [k for k in range(12) for _ in range(3 - [R1, R2, R3, B1, B2, G1, Y1, Y3].count(k))]
    assert i0.unseen == expected0
    expected1 = [k for k in range(12) for _ in range(3 - [G3, Y1, B1, B3, G2, Y2, Y3, G1].count(k))]
    assert i1.unseen == expected1
    assert len(expected0) == len(expected1) == 28


def test_the_opponents_hand_never_appears() -> None:
    s = position(**FULL)
    text = s.information_state(0)
    assert "hand1=4" in text and "Y2" not in text.split("hand1=")[1].split()[0]
    # Y2, B3 and G2 are only in player 1's hand (and the stock) in this position: player 0 never sees them placed.
    visible = fields(text)
    assert all(t not in visible[k] for t in ("B3", "G2") for k in ("zone0", "zone1", "hand0", "discards"))


def test_four_players_see_their_team_mates_hand() -> None:
    s = GAME.new({"players": 4}, seed=11)
    full = fields(str(s))
    for p in range(4):
        info = fields(s.information_state(p))
        for q in range(4):
            assert info[f"hand{q}"] == (full[f"hand{q}"] if q % 2 == p % 2 else "3")
        assert info["stock"] == "24"
        assert len(s.hidden_world(p)) == 6 + 24
    assert s.hidden_world(0)[:6] == s.hand(1) + s.hand(3)


def test_solo_hides_only_the_stock_order() -> None:
    s = GAME.new({"players": 1}, seed=4)
    s.apply(s.legal_moves()[0])
    full = fields(str(s))
    info = fields(s.information_state(0))
    assert info == {**full, "view": "0", "stock": "32"}  # 36 tiles, 4 in hand
    assert haniwa.InformationState.parse(s.information_state(0)).groups == [("stock", 32)]
    assert s.hidden_world(0) == ["RBGY".index(t[0]) * 3 + int(t[1]) - 1 for t in full["stock"].split(",")]


def test_two_round_match_hides_the_reshuffle_seed() -> None:
    s = GAME.new({"players": 2, "rounds": 2}, seed=9)
    full = fields(str(s))
    info = s.information_state(1)
    assert "reshuffle" not in fields(info) and fields(info)["round"] == "1"
    world = s.hidden_world(1)
    assert world[-1] == np.uint32(int(full["reshuffle"])).view(np.int32)
    assert haniwa.InformationState.parse(info).groups[-1] == ("reshuffle", 1)
    other_seed = [*world[:-1], world[-1] ^ 1]
    t = haniwa.State.from_world(info, other_seed)
    assert t.information_state(1) == info and t != s
    assert int(fields(str(t))["reshuffle"]) == int(full["reshuffle"]) ^ 1


def test_random_states_of_every_mode_round_trip_and_rebuild_from_the_true_world() -> None:
    covered = {"face_down": 0, "under_kofun": 0, "discards": 0, "round 2": 0}
    for s in random_states(12, seed=3):
        for p in range(s.num_players):
            info = s.information_state(p)
            parsed = haniwa.InformationState.parse(info)
            assert parsed.to_string() == info and GAME.format_information(GAME.parse_information(info)) == info
            assert parsed.view == p
            world = s.hidden_world(p)
            assert len(world) == parsed.num_slots == sum(size for _, size in parsed.groups)
            rebuilt = haniwa.State.from_world(info, world)
            assert rebuilt == s and rebuilt.hash() == s.hash()
            for name, size in parsed.groups:
                if name in covered and size:
                    covered[name] += 1
            covered["round 2"] += s.round() == 2
    assert all(covered.values()), covered


def test_unseen_tiles_are_the_tile_set_minus_everything_seen() -> None:
    for s in random_states(3, seed=8):
        for p in range(s.num_players):
            parsed = haniwa.InformationState.parse(s.information_state(p))
            tiles = s.hidden_world(p)
            if "rounds=2" in str(s):
                tiles = tiles[:-1]  # the reshuffle seed
            assert sorted(tiles) == parsed.unseen


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("view=0 ", ""), "field 'view': missing"),
        (lambda t: t.replace("view=0", "view=2"), "field 'view': expected a number 0..1"),
        (lambda t: t + " reshuffle=5", "field 'reshuffle': the second game's shuffle seed is hidden"),
        (lambda t: t.replace("hand1=4", "hand1=Y2,Y3,B3,G2"), "field 'hand1': expected a number 0..4"),
        (lambda t: t.replace("hand0=R1,R3,B2,G1", "hand0=4"), "field 'hand0': this hand is visible"),
        (lambda t: t.replace("zone0=R2*", "zone0=?*"), "field 'zone0': cell 0 '\\?\\*': the observer's team sees"),
        (lambda t: t.replace("zone1=?+1", "zone1=G3+1"), "field 'zone1': cell 0 'G3\\+1': this tile is hidden"),
        (lambda t: t.replace("zone1=?+1", "zone1=?x"), "field 'zone1': cell 0 '\\?x': a hidden tile is written"),
        (lambda t: t.replace("discards=0Y3,1?", "discards=0?,1?"), "field 'discards': '0\\?': player 0 knows"),
        (lambda t: t.replace("discards=0Y3,1?", "discards=0Y3,1G1"), "field 'discards': '1G1' is hidden"),
        (lambda t: t.replace("stock=22", "stock=21"), "field 'stock': 28 tiles are unseen but .* hold 27"),
        (lambda t: t.replace("hand0=R1,R3,B2,G1", "hand0=B1,B1,B1,G1"), "field 'hand0': more B1 tiles are visible"),
        (lambda t: t.replace("hand0=R1,R3,B2,G1", "hand0=R1,R3,B2,X1"), "field 'hand0': 'X1' is not a tile"),
        (lambda t: t.replace("dogu=ssssss", "dogu=sssss"), "haniwa information state, field 'dogu'"),
        (lambda t: t.replace("to_move=0", "to_move=1"), "haniwa information state, field 'to_move'"),
        (lambda t: t + " colour=red", "haniwa information state: unknown field 'colour'"),
    ],
)
def test_malformed_information_states_name_the_field(edit, message) -> None:  # type: ignore[no-untyped-def]
    text = position(**FULL).information_state(0)
    haniwa.InformationState.parse(text)
    with pytest.raises(NotationError, match=message):
        haniwa.InformationState.parse(edit(text))
    with pytest.raises(NotationError, match=message):
        haniwa.State.from_world(edit(text), [0])


def test_bad_worlds_raise_world_error() -> None:
    s = position(**FULL)
    info = s.information_state(1)
    world = s.hidden_world(1)
    assert haniwa.State.from_world(info, world) == s
    with pytest.raises(
        WorldError,
        match=r"expected 28 values \(hand0 4 \+ stock 22 \+ face_down 1 \+ under_kofun 0 "
        r"\+ discards 1\), got 27",
    ):
        haniwa.State.from_world(info, world[:-1])
    with pytest.raises(WorldError, match=r"value 12 at position 3 is not a tile kind 0\.\.11"):
        haniwa.State.from_world(info, [*world[:3], 12, *world[4:]])
    with pytest.raises(WorldError, match="value -1 at position 0"):
        haniwa.State.from_world(info, [-1, *world[1:]])
    # Replacing one hidden tile by another kind breaks the unseen multiset.
    bad = [*world]
    bad[0] = G3 if world[0] != G3 else R1
    with pytest.raises(WorldError, match="are unseen by player 1"):
        haniwa.State.from_world(info, bad)
    with pytest.raises(WorldError, match="1-D"):
        haniwa.State.from_world(info, np.array([world]))
    with pytest.raises(NotationError, match=r"player 2 is not 0\.\.1"):
        s.information_state(2)
    with pytest.raises(NotationError, match="player -1"):
        s.hidden_world(-1)


def test_facade_tells_information_states_from_positions() -> None:
    s = position(**FULL)
    info = s.information_state(1)
    assert GAME.is_information_state(info) and not GAME.is_information_state(str(s))
    assert GAME.information_state(s, 1) == info
    parsed = GAME.parse_information(info)
    assert parsed.view == 1 and GAME.format_information(parsed) == info
    assert GAME.parse(str(s)) == s
    with pytest.raises(NotationError, match="this is an information state"):
        GAME.parse(info)
    with pytest.raises(NotationError, match="field 'view': missing"):
        GAME.parse_information(str(s))
