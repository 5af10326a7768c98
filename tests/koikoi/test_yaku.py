"""Cards and yaku scoring, with the values of the rules file (seed) and of the nintendo preset."""

from __future__ import annotations

import re

import pytest
from kk_helpers import cards

from solver._core import NotationError, RuleOptionError
from solver._core import koikoi as kk

SEED = kk.Rules()
NINTENDO = kk.Rules.preset("nintendo")


def yaku(names: str, rules: kk.Rules = SEED) -> dict[str, int]:
    return kk.yaku(cards(names), rules)


def test_deck_numbering_and_names() -> None:
    assert len(kk.CARD_NAMES) == 48 and len(set(kk.CARD_NAMES)) == 48
    for c, name in enumerate(kk.CARD_NAMES):
        assert kk.card_from_name(name) == c
        month = int(re.match(r"(\d+)[barc]\d?$", name).group(1))  # type: ignore[union-attr]
        assert month == c // 4 + 1
    assert kk.CARD_NAMES[0] == "1b" and kk.CARD_NAMES[40] == "11b" and kk.CARD_NAMES[43] == "11c"
    assert kk.CARD_NAMES[32] == "9a" and kk.CARD_NAMES[47] == "12c3"
    with pytest.raises(NotationError, match="unknown card '13b'"):
        kk.card_from_name("13b")


@pytest.mark.parametrize(
    ("pile", "expected"),
    [
        ("1b 3b 8b 11b 12b", {"five brights": 15}),
        ("1b 3b 8b 12b", {"four brights": 10}),
        ("1b 3b 8b 11b", {"rainy four brights": 8}),
        ("3b 11b 8b 12b", {"rainy four brights": 8}),
        ("1b 3b 8b", {"three brights": 6}),
        ("8b 12b 3b", {"three brights": 6}),
        ("1b 3b 11b", {}),
        ("1b 12b", {}),
        ("6a 7a 10a", {"boar-deer-butterflies": 5}),
        ("6a 7a", {}),
        ("1r 2r 3r", {"poetry ribbons": 6}),
        ("6r 9r 10r", {"blue ribbons": 6}),
        ("6r 9r 4r", {}),
        ("2a 4a 5a 8a", {}),
        ("2a 4a 5a 8a 11a", {"animals": 1}),
        ("2a 4a 5a 8a 11a 6a", {"animals": 2}),
        ("4r 5r 7r 11r", {}),
        ("4r 5r 7r 11r 1r", {"ribbons": 1}),
        ("4r 5r 7r 11r 1r 6r 9r", {"ribbons": 3}),
        ("1c1 1c2 2c1 2c2 3c1 3c2 4c1 4c2 5c1", {}),
        ("1c1 1c2 2c1 2c2 3c1 3c2 4c1 4c2 5c1 11c", {"chaff": 1}),
        ("1c1 1c2 2c1 2c2 3c1 3c2 4c1 4c2 5c1 11c 12c3", {"chaff": 2}),
    ],
)
def test_single_yaku_seed_values(pile: str, expected: dict[str, int]) -> None:
    assert yaku(pile) == expected
    assert kk.yaku_total(cards(pile), SEED) == sum(expected.values())


def test_sake_cup_counts_as_animal_and_as_chaff() -> None:
    nine_chaff = "1c1 1c2 2c1 2c2 3c1 3c2 4c1 4c2 5c1"
    assert yaku(nine_chaff + " 9a") == {"chaff": 1}
    assert yaku("2a 4a 5a 8a 9a") == {"animals": 1}
    assert yaku(nine_chaff + " 2a 4a 5a 8a 9a") == {"animals": 1, "chaff": 1}


def test_yaku_add_up() -> None:
    # BDB + 5 animals + 3 poetry ribbons + 5 ribbons + three brights: 5 + 1 + 6 + 1 + 6
    pile = "6a 7a 10a 2a 4a 1r 2r 3r 4r 5r 1b 3b 8b"
    assert yaku(pile) == {
        "boar-deer-butterflies": 5,
        "animals": 1,
        "poetry ribbons": 6,
        "ribbons": 1,
        "three brights": 6,
    }
    assert kk.yaku_total(cards(pile), SEED) == 19
    # the best bright yaku only: five brights replaces four and three
    assert yaku("1b 3b 8b 11b 12b 1r 2r 3r") == {"five brights": 15, "poetry ribbons": 6}
    # every ribbon: poetry 6 + blue 6 + ribbons 10 - 4 = 6
    assert kk.yaku_total(cards("1r 2r 3r 4r 5r 6r 7r 9r 10r 11r"), SEED) == 18
    # every card: brights 15, BDB 5, poetry 6, blue 6, animals 9-4, ribbons 10-4, chaff 25-9
    assert kk.yaku_total(list(range(48)), SEED) == 15 + 5 + 6 + 6 + 5 + 6 + 16


def test_nintendo_bright_values_and_viewing() -> None:
    assert yaku("1b 3b 8b 11b 12b", NINTENDO) == {"five brights": 10}
    assert yaku("1b 3b 8b 12b", NINTENDO) == {"four brights": 8}
    assert yaku("1b 3b 8b 11b", NINTENDO) == {"rainy four brights": 7}
    assert yaku("1b 3b 8b", NINTENDO) == {"three brights": 5}
    assert yaku("1b 3b 11b", NINTENDO) == {}
    assert yaku("3b 9a", NINTENDO) == {"flower viewing": 5}
    assert yaku("8b 9a", NINTENDO) == {"moon viewing": 5}
    assert yaku("3b 8b 9a", NINTENDO) == {"flower viewing": 5, "moon viewing": 5}
    assert yaku("3b 8b", NINTENDO) == {}
    # the seed rules have no viewing yaku; the sake_viewing option adds them at 5 points
    assert yaku("3b 8b 9a") == {}
    viewing = kk.Rules.parse("b15-10-8-6,v5")
    assert yaku("3b 8b 9a", viewing) == {"flower viewing": 5, "moon viewing": 5}


def test_presets_and_rules_notation() -> None:
    n = NINTENDO
    assert (n.five_brights, n.four_brights, n.rainy_four_brights, n.three_brights, n.ribbon_sets) == (10, 8, 7, 5, 5)
    assert (n.viewing, n.seven_point_double, n.koikoi_double, n.max_koikoi, n.redeal_three_on_table) == (
        5,
        True,
        True,
        1,
        True,
    )
    assert (n.koikoi_limit, n.set_yaku_extras, n.empty_hand_koikoi) == ("per_deal", True, False)
    s = kk.Rules.preset("seed")
    assert (s.five_brights, s.four_brights, s.rainy_four_brights, s.three_brights, s.ribbon_sets) == (15, 10, 8, 6, 6)
    assert (s.viewing, s.seven_point_double, s.koikoi_double, s.max_koikoi, s.redeal_three_on_table) == (
        0,
        False,
        False,
        0,
        False,
    )
    assert (s.koikoi_limit, s.set_yaku_extras, s.empty_hand_koikoi) == ("per_player", False, True)
    assert str(s) == "seed" and str(n) == "nintendo"
    assert kk.Rules.parse("b10-8-7-5,p5,v5,sx,d7,dk,kd1,ne,r3") == n
    # the nintendo preset before the revision (per-player koi-koi, stacking sets) is still a rule string
    old = kk.Rules.parse("b10-8-7-5,v5,d7,dk,k1,r3")
    assert old != n and (old.koikoi_limit, old.set_yaku_extras, old.empty_hand_koikoi) == ("per_player", False, True)
    for text in ["b15-10-8-6,p5", "b15-10-8-6,sx", "b15-10-8-6,kd1", "b15-10-8-6,kd0", "b15-10-8-6,k2,ne"]:
        assert str(kk.Rules.parse(text)) == text
    n.redeal_three_on_table = False
    assert str(n) == "b10-8-7-5,p5,v5,sx,d7,dk,kd1,ne" and kk.Rules.parse(str(n)) == n
    with pytest.raises(RuleOptionError, match="koikoi_limit must be"):
        n.koikoi_limit = "per_round"
    custom = kk.Rules()
    custom.koikoi_double = True
    custom.viewing = 5
    assert str(custom) == "b15-10-8-6,v5,dk"
    assert kk.Rules.parse(str(custom)) == custom
    with pytest.raises(RuleOptionError, match="unknown preset 'tengoku'"):
        kk.Rules.preset("tengoku")
    with pytest.raises(RuleOptionError, match=r"viewing must be 0\.\.99, got -5"):
        custom.viewing = -5
    assert custom.viewing == 5
    for bad in [
        "",
        "b15-10-8",
        "b15-10-8-6,dk,d7",
        "b15-10-8-6,x",
        "b15-10-8-6,v0",
        "b1-2-3-4-5",
        "b15-10-8-6,ne,sx",
        "b15-10-8-6,k1,kd1",
        "b15-10-8-6,k0",
        "b15-10-8-6,kd",
        "b15-10-8-6,sx,p5",
    ]:
        with pytest.raises(NotationError):
            kk.Rules.parse(bad)


# The nintendo preset's set yaku (rules file, "No stacking within a category"): Boar-Deer-Butterflies 5 + 1 per
# further animal, replacing the animals count yaku; poetry / blue ribbons 5 + 1 per further ribbon, both sets 10 +
# 1 per further ribbon, replacing the ribbons count yaku; the count yaku only when no set of its category is made.
@pytest.mark.parametrize(
    ("pile", "expected"),
    [
        ("1r 2r 3r", {"poetry ribbons": 5}),
        ("1r 2r 3r 4r 5r", {"poetry ribbons": 7}),  # 5 ribbons: no ribbons count yaku on top
        ("1r 2r 3r 4r 5r 7r", {"poetry ribbons": 8}),  # 6 ribbons
        ("1r 2r 3r 4r 5r 7r 11r", {"poetry ribbons": 9}),  # 7 ribbons
        ("6r 9r 10r", {"blue ribbons": 5}),
        ("6r 9r 10r 4r 5r", {"blue ribbons": 7}),
        ("6r 9r 10r 4r 5r 7r", {"blue ribbons": 8}),
        ("6r 9r 10r 4r 5r 7r 11r", {"blue ribbons": 9}),
        ("1r 2r 3r 6r 9r 10r", {"poetry and blue ribbons": 10}),
        ("1r 2r 3r 6r 9r 10r 4r", {"poetry and blue ribbons": 11}),
        ("1r 2r 3r 6r 9r 10r 4r 5r 7r 11r", {"poetry and blue ribbons": 14}),
        ("1r 2r 4r 5r 6r 9r", {"ribbons": 2}),  # no set made: the count yaku
        ("6a 7a 10a", {"boar-deer-butterflies": 5}),
        ("6a 7a 10a 2a", {"boar-deer-butterflies": 6}),
        ("6a 7a 10a 2a 4a 5a", {"boar-deer-butterflies": 8}),  # 3 further animals
        ("6a 7a 10a 2a 4a 5a 8a", {"boar-deer-butterflies": 9}),  # 4 further
        ("6a 7a 10a 2a 4a 5a 8a 11a", {"boar-deer-butterflies": 10}),  # 5 further
        ("6a 7a 10a 2a 4a 5a 8a 11a 9a", {"boar-deer-butterflies": 11}),  # the Sake cup is a further animal too
        ("2a 4a 5a 8a 11a 6a", {"animals": 2}),  # no set made: the count yaku
        ("1c1 1c2 2c1 2c2 3c1 3c2 4c1 4c2 5c1 11c", {"chaff": 1}),
    ],
)
def test_nintendo_set_yaku_count_further_cards(pile: str, expected: dict[str, int]) -> None:
    assert yaku(pile, NINTENDO) == expected
    assert kk.yaku_total(cards(pile), NINTENDO) == sum(expected.values())


@pytest.mark.parametrize(
    ("pile", "seed", "nintendo"),
    [
        # the seed rules stack the count yaku on the flat sets
        ("1r 2r 3r 4r 5r 7r", {"poetry ribbons": 6, "ribbons": 2}, {"poetry ribbons": 8}),
        ("1r 2r 3r 6r 9r 10r", {"poetry ribbons": 6, "blue ribbons": 6, "ribbons": 2}, {"poetry and blue ribbons": 10}),
        ("6a 7a 10a 2a 4a 5a", {"boar-deer-butterflies": 5, "animals": 2}, {"boar-deer-butterflies": 8}),
    ],
)
def test_count_yaku_stack_in_seed_rules_only(pile: str, seed: dict[str, int], nintendo: dict[str, int]) -> None:
    assert yaku(pile) == seed
    assert yaku(pile, NINTENDO) == nintendo


def test_set_yaku_extras_is_its_own_option() -> None:
    extras = kk.Rules.parse("b15-10-8-6,sx")  # seed values, sets counting further cards
    assert yaku("1r 2r 3r 4r", extras) == {"poetry ribbons": 7}
    assert yaku("1r 2r 3r 6r 9r 10r", extras) == {"poetry and blue ribbons": 12}
    assert yaku("6a 7a 10a 9a", extras) == {"boar-deer-butterflies": 6}
    five = kk.Rules.parse("b15-10-8-6,p5")  # 5-point ribbon sets, stacking
    assert yaku("1r 2r 3r 6r 9r 10r", five) == {"poetry ribbons": 5, "blue ribbons": 5, "ribbons": 2}
    # every card under nintendo: brights 10, BDB 5 + 6, both ribbon sets 10 + 4, viewing 5 + 5, chaff 25 - 9
    assert kk.yaku_total(list(range(48)), NINTENDO) == 10 + 11 + 14 + 10 + 16
