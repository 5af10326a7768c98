"""The Python façade: rule options, the components TOML, dealing."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver._core import RuleOptionError
from solver.games.haniwa import DEFAULT_COMPONENTS, GAME, load_components, parse_components


def test_default_components_are_the_rules_set():
    comps = load_components()
    assert comps.tile_counts == (3,) * 12 and comps.total_tiles == 36
    assert comps.kofun_colours == (0, 1, 2, 3, 4, 4)
    assert comps.start_dice == "ones"
    assert DEFAULT_COMPONENTS.name == "haniwa.toml"


def test_new_deals_a_world_from_the_seed():
    s = GAME.new({}, seed=11)
    assert s.num_players == 2 and s.dice() == [1, 1, 1, 1]
    assert len(s.hand(0)) == 4 and len(s.hand(1)) == 4 and s.stock_left() == 28
    assert s.first_player() == s.to_move()
    firsts = {GAME.new({}, seed=k).first_player() for k in range(20)}
    assert firsts == {0, 1}
    solo = GAME.new({"players": 1}, seed=11)
    assert solo.num_players == 1 and len(solo.hand(0)) == 4 and solo.stock_left() == 32


def test_rolled_start_dice_option():
    dice = {tuple(GAME.new({"start_dice": "rolled"}, seed=k).dice()) for k in range(10)}
    assert dice != {(1, 1, 1, 1)}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3}, "option 'players'"),
        ({"comparison": "power"}, "option 'comparison'"),
        ({"solo_fill": "diagonal"}, "option 'solo_fill'"),
        ({"colour": "red"}, "unknown rule option 'colour'"),
        ({"tileset": "/nonexistent/haniwa.toml"}, "option 'tileset'"),
    ],
)
def test_bad_options(options, message):
    with pytest.raises(RuleOptionError, match=message):
        GAME.new(options, seed=0)


def test_custom_tileset_file(tmp_path: Path):
    f = tmp_path / "big.toml"
    f.write_text(
        "[tiles]\nred = [4, 4, 4]\nblue = [4, 4, 4]\ngreen = [4, 4, 4]\nyellow = [4, 4, 4]\n"
        '[kofun]\ncolours = ["brown", "brown", "red"]\n[start]\ndice = "rolled"\n'
    )
    s = GAME.new({"tileset": str(f)}, seed=2)
    assert s.stock_left() == 48 - 8
    assert "kofun=NNR" in s.to_string() and "start_dice=rolled" in s.to_string()
    assert "R1x4" in s.to_string()


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ({"tiles": {"purple": [1, 1, 1]}}, "tiles.purple"),
        ({"tiles": {"red": [1, 1]}}, "tiles.red"),
        ({"tiles": {"red": [3, 3, 3]}, "kofun": {"colours": ["pink"]}}, "kofun.colours"),
        ({"tiles": {"red": [3, 3, 3]}, "start": {"dice": "sixes"}}, "start.dice"),
        ({"tiles": {"red": [3, 3, 3]}, "extra": {}}, "extra"),
        ({}, "tiles"),
    ],
)
def test_components_errors_name_the_key(data, key):
    with pytest.raises(RuleOptionError, match=f"key '{key}'"):
        parse_components(data, "test.toml")


def test_too_small_tile_set_is_rejected(tmp_path: Path):
    f = tmp_path / "small.toml"
    f.write_text("[tiles]\nred = [3, 3, 3]\nblue = [3, 3, 3]\ngreen = [3, 3, 3]\n")  # 27 tiles
    with pytest.raises(RuleOptionError, match="27 tiles; a 2-player game needs 36"):
        GAME.new({"tileset": str(f)}, seed=0)
    assert GAME.new({"tileset": str(f), "players": 1}, seed=0).stock_left() == 27 - 4


def test_render_shows_zones_and_score():
    s = GAME.new({"players": 1}, seed=4)
    while not s.is_terminal():
        s.apply(s.legal_moves()[0])
    text = GAME.render(s)
    assert "zone 0" in text and f"score: {s.score(0)}" in text and "rank: " in text


def test_players_are_named_by_their_notation_index() -> None:
    from solver.games.haniwa import GAME as HANIWA

    assert [HANIWA.player_name(p) for p in range(4)] == ["player 0", "player 1", "player 2", "player 3"]


def test_solo_dice_score_option():
    assert not GAME.rules({"players": 1}).solo_dice_score
    assert GAME.rules({"players": 1, "solo_dice_score": "true"}).solo_dice_score
    s = GAME.new({"players": 1, "solo_dice_score": True}, seed=3)
    assert "solo_dice_score=true" in str(s) and str(GAME.parse(str(s))) == str(s)
    assert "solo_dice_score" not in str(GAME.new({"players": 1}, seed=3))
    with pytest.raises(RuleOptionError, match="solo_dice_score"):
        GAME.new({"players": 2, "solo_dice_score": True}, seed=0)
    with pytest.raises(RuleOptionError, match="solo_dice_score"):
        GAME.new({"players": 1, "solo_dice_score": "maybe"}, seed=0)
