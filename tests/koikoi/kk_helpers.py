"""Builders for hand-made Koi-Koi positions used by the rule tests."""

from __future__ import annotations

from typing import Any

from solver._core import koikoi as kk


def cards(names: str) -> list[int]:
    """Card numbers of space-separated card names."""
    return [kk.card_from_name(n) for n in names.split()]


def names(card_list: list[int]) -> str:
    """Space-separated names of card numbers (in the given order)."""
    return " ".join(kk.CARD_NAMES[c] for c in card_list)


def listing(card_list: list[int]) -> str:
    return ",".join(kk.CARD_NAMES[c] for c in sorted(card_list)) or "-"


def position(
    hand0: str = "",
    hand1: str = "",
    table: str = "",
    pile0: str = "",
    pile1: str = "",
    stock_top: str = "",
    first: int = 0,
    rules: str = "seed",
    koikoi: tuple[int, int] = (0, 0),
    dump: int | None = None,
) -> Any:
    """A position in phase play. Cards not listed fill the stock after `stock_top` (lowest numbers first); what
    does not fit there goes to pile `dump`. Totals are the yaku totals of the piles, the player to move follows
    from the hand sizes."""
    h = [cards(hand0), cards(hand1)]
    t, s_top = cards(table), cards(stock_top)
    p = [cards(pile0), cards(pile1)]
    used = set(h[0] + h[1] + t + s_top + p[0] + p[1])
    assert len(used) == len(h[0] + h[1] + t + s_top + p[0] + p[1]), "a card is listed twice"
    rest = [c for c in range(48) if c not in used]
    need = 8 + len(h[0]) + len(h[1]) - len(s_top)
    stock, rest = s_top + rest[:need], rest[need:]
    if rest:
        assert dump in (0, 1), f"{len(rest)} cards left over: give dump=0 or 1"
        p[dump] += rest
    turn = first if len(h[first]) == len(h[1 - first]) else 1 - first
    r = kk.Rules.parse(rules)
    totals = [kk.yaku_total(p[q], r) for q in (0, 1)]
    text = (
        f"rules={rules} first={first} turn={turn} phase=play hand0={listing(h[0])} hand1={listing(h[1])} "
        f"table={listing(t)} pile0={listing(p[0])} pile1={listing(p[1])} "
        f"stock={','.join(kk.CARD_NAMES[c] for c in stock) or '-'} koikoi={koikoi[0]},{koikoi[1]} "
        f"total={totals[0]},{totals[1]}"
    )
    return kk.State.parse(text)


def moves(state: Any) -> list[str]:
    """The legal moves in notation, sorted."""
    return sorted(state.move_to_string(m) for m in state.legal_moves())


# Player 0 has just made five ribbons (1 point) and decides. Stopping wins 1 point for sure. After a koi-koi,
# 8b captures the rest of August next turn (nobody else can hold an August card) for three brights: 7 points -
# unless player 1, with 9 chaff in its pile and chaff on the table, raises its total first and stops.
def stop_or_gamble() -> Any:
    s = position(
        hand0="5r 8b 2c2 3c2",
        hand1="11a 11r 12b 10a",
        table="5c1 8c1 8c2 8a 2c1 11c 12c2 3c1",
        pile0="1b 3b 4r 7r 6r 10r 7c2",
        pile1="2a 4a 1c1 1c2 6c1 6c2 7c1 9c1 9c2",
        stock_top="4c1",
    )
    s.play("play 5r")
    assert (s.phase, s.to_move(), s.total(0), s.total(1)) == ("decide", 0, 1, 0)
    return s
