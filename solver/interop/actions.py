"""Each game's moves as a dense range of actions ``0 .. size - 1``, a bijection with kofun's move integers.

kofun's moves are 32-bit integers packed from bit fields (Honshu's reach 2^30): fine for a search, too sparse for
an action space (OpenSpiel's ``num_distinct_actions``, PettingZoo's ``Discrete`` and its action mask). Each game's
:class:`Codec` lays the fields of its move packing (documented in ``csrc/games/<game>/``) out as one mixed-radix
number, so every move that can exist has exactly one action and the range has no more room than the fields need.
An action that is no move raises :class:`ActionError` (a ValueError naming the action and the range). The layout of
each game is in docs/interop.md ("Actions"); ``tests/interop/test_actions.py`` round-trips every legal move of
random games of every mode.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..games import GameInfo, get_game


class ActionError(ValueError):
    """An action outside a game's action range, or one that stands for no move."""


@dataclass(frozen=True)
class Codec:
    """A game's actions: `size` of them; `encode` a kofun move, `decode` an action."""

    game: str
    size: int
    _encode: Callable[[int], int]
    _decode: Callable[[int], int]

    def encode(self, move: int) -> int:
        """The action of a kofun move (ActionError for an integer that is no move of the game)."""
        action = self._encode(int(move))
        if not 0 <= action < self.size:
            raise ActionError(f"{self.game}: move {move} is outside the action range 0..{self.size - 1}")
        return action

    def decode(self, action: int) -> int:
        """The kofun move of an action (ActionError outside 0 .. size - 1)."""
        a = int(action)
        if not 0 <= a < self.size:
            raise ActionError(f"{self.game}: action {action} is outside the action range 0..{self.size - 1}")
        return self._decode(a)


def _bad(game: str, move: int) -> ActionError:
    return ActionError(f"{game}: {move} is not a move of {game}")


# --- Connect Four: the column 0..6 ------------------------------------------------------------------------------


def _c4_encode(m: int) -> int:
    if not 0 <= m < 7:
        raise _bad("connect4", m)
    return m


# --- Sensei: (character?, from, to) over the 49 squares, then "end turn" ------------------------------------------

SQ = 49
SENSEI_END = 0x2000
SENSEI_CHARACTER = 0x1000


def _sensei_encode(m: int) -> int:
    if m == SENSEI_END:
        return 2 * SQ * SQ
    frm, to, char = m & 63, (m >> 6) & 63, (m >> 12) & 1
    if m >> 13 or frm >= SQ or to >= SQ:
        raise _bad("sensei", m)
    return (char * SQ + frm) * SQ + to


def _sensei_decode(a: int) -> int:
    if a == 2 * SQ * SQ:
        return SENSEI_END
    char, rest = divmod(a, SQ * SQ)
    frm, to = divmod(rest, SQ)
    return frm | to << 6 | char * SENSEI_CHARACTER


# --- Koi-Koi: (kind, card, target) with 48 cards and "none" ------------------------------------------------------

CARDS = 48
NONE = 63  # "no card" in a Koi-Koi move field


def _kk_field(v: int, m: int) -> int:
    if v == NONE:
        return CARDS
    if v >= CARDS:
        raise _bad("koikoi", m)
    return v


def _koikoi_encode(m: int) -> int:
    if m >> 14:
        raise _bad("koikoi", m)
    card, target, kind = _kk_field(m & 63, m), _kk_field((m >> 6) & 63, m), m >> 12
    return (kind * (CARDS + 1) + card) * (CARDS + 1) + target


def _koikoi_decode(a: int) -> int:
    kind, rest = divmod(a, (CARDS + 1) ** 2)
    card, target = divmod(rest, CARDS + 1)
    card, target = (NONE if card == CARDS else card), (NONE if target == CARDS else target)
    return card | target << 6 | kind << 12


# --- Haniwa: place (kind, cell, mode + Kofun colour), discard (kind), take (colour) ------------------------------

H_KINDS, H_CELLS, H_COMBOS, H_COLOURS = 16, 32, 10, 8  # combos: normal, face down, under Kofun of colour 0..7
H_PLACES = H_KINDS * H_CELLS * H_COMBOS


def _haniwa_encode(m: int) -> int:
    kind_of_move = m & 3
    if m >> 16 or kind_of_move == 3:
        raise _bad("haniwa", m)
    if kind_of_move == 1:
        if m >> 6:
            raise _bad("haniwa", m)
        return H_PLACES + (m >> 2)
    if kind_of_move == 2:
        if m >> 5:
            raise _bad("haniwa", m)
        return H_PLACES + H_KINDS + (m >> 2)
    kind, cell, mode, colour = (m >> 2) & 15, (m >> 6) & 31, (m >> 11) & 3, m >> 13
    if mode == 3 or (mode < 2 and colour):
        raise _bad("haniwa", m)
    combo = mode if mode < 2 else 2 + colour
    return (kind * H_CELLS + cell) * H_COMBOS + combo


def _haniwa_decode(a: int) -> int:
    if a >= H_PLACES + H_KINDS:
        return 2 | (a - H_PLACES - H_KINDS) << 2
    if a >= H_PLACES:
        return 1 | (a - H_PLACES) << 2
    rest, combo = divmod(a, H_COMBOS)
    kind, cell = divmod(rest, H_CELLS)
    mode, colour = (combo, 0) if combo < 2 else (2, combo - 2)
    return kind << 2 | cell << 6 | mode << 11 | colour << 13


# --- Ohanami: place (destination, card), then pick (the ranks i < j of two cards of a 10-card hand) ---------------

O_CARDS, O_DESTS, O_HAND = 120, 8, 10
O_PLACES = O_CARDS * O_DESTS
PICK = 0x8000


def _ohanami_encode(m: int) -> int:
    if m & PICK:
        i, j = m & 15, (m >> 4) & 15
        if m >> 16 or (m >> 8) & 0x7F or not i < j < O_HAND:
            raise _bad("ohanami", m)
        return O_PLACES + j * (j - 1) // 2 + i
    card, dest = m & 0xFF, m >> 8
    if card >= O_CARDS or dest >= O_DESTS:
        raise _bad("ohanami", m)
    return dest * O_CARDS + card


def _ohanami_decode(a: int) -> int:
    if a < O_PLACES:
        dest, card = divmod(a, O_CARDS)
        return card | dest << 8
    k, j = a - O_PLACES, 1
    while k >= j:  # pair number k = j (j - 1) / 2 + i
        k -= j
        j += 1
    return PICK | k | j << 4


# --- Honshu: start side, play (cube, card), take (card), place (x, y, rotation, under), anchor (x, y), orient -----

N_CARDS, N_CUBES = 60, 5  # cube + 1: 0 none, 1..4 a colour
N_PLACE_SIZE, N_ANCHOR_SIZE, N_ORIENT_SIZE = 1 << 15, 1 << 12, 8  # place: x + 32, y + 32 (6 bits each), rot, under
N_PLAY = 2
N_TAKE = N_PLAY + N_CUBES * N_CARDS
N_PLACE = N_TAKE + N_CARDS
N_ANCHOR = N_PLACE + N_PLACE_SIZE
N_ORIENT = N_ANCHOR + N_ANCHOR_SIZE
ANCHOR_BIT, ORIENT_BIT = 1 << 15, 1 << 16


def _honshu_encode(m: int) -> int:
    kind, low = (m >> 28) & 3, m & 0x0FFFFFFF
    if m >> 30:
        raise _bad("honshu", m)
    if kind == 0 and low < 2:
        return low
    if kind in (1, 2):
        card, cube = low & 63, low >> 8
        if card >= N_CARDS or low & 0xC0 or (kind == 2 and cube) or cube >= N_CUBES:
            raise _bad("honshu", m)
        return N_PLAY + cube * N_CARDS + card if kind == 1 else N_TAKE + card
    if kind == 3 and low < ANCHOR_BIT:
        return N_PLACE + low
    if kind == 3 and low & ANCHOR_BIT and not low >> 16 and not low & 0x7000:
        return N_ANCHOR + (low & 0xFFF)
    if kind == 3 and low & ORIENT_BIT and not low >> 17 and not low & (ANCHOR_BIT | 0xFFF):
        return N_ORIENT + (low >> 12 & 7)
    raise _bad("honshu", m)


def _honshu_decode(a: int) -> int:
    if a < N_PLAY:
        return a
    if a < N_TAKE:
        cube, card = divmod(a - N_PLAY, N_CARDS)
        return 1 << 28 | card | cube << 8
    if a < N_PLACE:
        return 2 << 28 | (a - N_TAKE)
    if a < N_ANCHOR:
        return 3 << 28 | (a - N_PLACE)
    if a < N_ORIENT:
        return 3 << 28 | ANCHOR_BIT | (a - N_ANCHOR)
    return 3 << 28 | ORIENT_BIT | (a - N_ORIENT) << 12


CODECS: dict[str, Codec] = {
    "connect4": Codec("connect4", 7, _c4_encode, lambda a: a),
    "sensei": Codec("sensei", 2 * SQ * SQ + 1, _sensei_encode, _sensei_decode),
    "koikoi": Codec("koikoi", 4 * (CARDS + 1) ** 2, _koikoi_encode, _koikoi_decode),
    "haniwa": Codec("haniwa", H_PLACES + H_KINDS + H_COLOURS, _haniwa_encode, _haniwa_decode),
    "ohanami": Codec("ohanami", O_PLACES + O_HAND * (O_HAND - 1) // 2, _ohanami_encode, _ohanami_decode),
    "honshu": Codec("honshu", N_ORIENT + N_ORIENT_SIZE, _honshu_encode, _honshu_decode),
}


def codec(game: str | GameInfo) -> Codec:
    """The action codec of `game` (a name, an alias or a GameInfo)."""
    return CODECS[get_game(game).name]
