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
    assert (n.five_brights, n.four_brights, n.rainy_four_brights, n.three_brights) == (10, 8, 7, 5)
    assert (n.viewing, n.seven_point_double, n.koikoi_double, n.max_koikoi, n.redeal_three_on_table) == (
        5,
        True,
        True,
        1,
        True,
    )
    s = kk.Rules.preset("seed")
    assert (s.five_brights, s.four_brights, s.rainy_four_brights, s.three_brights) == (15, 10, 8, 6)
    assert (s.viewing, s.seven_point_double, s.koikoi_double, s.max_koikoi, s.redeal_three_on_table) == (
        0,
        False,
        False,
        0,
        False,
    )
    assert str(s) == "seed" and str(n) == "nintendo"
    assert kk.Rules.parse("b10-8-7-5,v5,d7,dk,k1,r3") == n
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
    for bad in ["", "b15-10-8", "b15-10-8-6,dk,d7", "b15-10-8-6,x", "b15-10-8-6,v0", "b1-2-3-4-5"]:
        with pytest.raises(NotationError):
            kk.Rules.parse(bad)
