"""Honshu's board for the web page: every seat's map to scale, the cubes, the trick and the take order, the seat's
hand, and the clicks of each move.

Everything is read from the position's notation (``view.text``, the seat's information state; a full state's
notation when the page is given one): the maps are replayed from their cards with the public card table
(``hs.card_squares`` / ``hs.start_squares``, the geometry of docs/honshu.md: rotation r turns the card r quarter
turns clockwise about its top-left square, the anchor; a card over the map replaces what is below, a card slid
under fills only the empty positions). Scores, and the cubes and score a placement would give, are the
engine's: asked of the view's proxy world, whose maps and cubes are public (the same in every world the view
allows; the isolation test builds every board from two different worlds).

Click targets (ids of drawn elements):

- ``start A`` / ``start B``: ``start:A`` / ``start:B``, the two sides of the seat's start card;
- ``play 17``: ``card:17`` (a hand card); when the seat has a cube, a second click says whether to bid one:
  ``cube:none`` or ``cube:blue`` (``play 17+blue``, value 77);
- ``take 17``: ``trick:17``, the card in the trick;
- ``place 17 r1 over 2,-1``: ``card:17`` (the card to place) then ``cell:2,-1`` (the top-left square of its
  footprint on the mover's map); the orientations at one anchor are then told apart by their labels;
- with ``placement=two_stage``: ``anchor 2,-1`` is ``card:17`` then ``cell:2,-1``, and ``orient r1 over`` is
  ``orient:r1:over``, one of the pictures of the card in each legal orientation at the chosen anchor.

Every drawn element that can be clicked has an ``id`` field in the board; the drawing module puts it on the
element as ``data-target``.
"""

from __future__ import annotations

from ..fields import BoardError
from .board import LEGEND, board
from .maps import card_squares, orientation_words, read, rotated
from .moves import Move, move_label, move_preview, move_targets, parse_move

__all__ = [
    "LEGEND",
    "BoardError",
    "Move",
    "board",
    "card_squares",
    "move_label",
    "move_preview",
    "move_targets",
    "orientation_words",
    "parse_move",
    "read",
    "rotated",
]
