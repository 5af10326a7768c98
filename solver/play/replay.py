"""The positions of a recorded game, to step through or review: every decision of every deal with the state before
it and the move played (:func:`replay`; a move that does not replay is a ValueError naming it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import _core
from ..games import get_game


@dataclass(frozen=True)
class Step:
    """One position of a recorded game: decision `index` (every ply of every deal, from 0), its deal and ply (moves
    before it in the deal), the seat to move, the full state before the move and the move played (notation)."""

    index: int
    deal: int
    ply: int
    seat: int
    state: Any
    move: str
    legal: int

    def view(self, game: Any, seat: int | None = None) -> Any:
        """What `seat` (default: the seat to move) saw here: its information state in a hidden-information game,
        else the position."""
        if game.has_hidden_information:
            return game.view(self.state, self.seat if seat is None else seat)
        return self.state.clone()


def replay(record: Any) -> list[Step]:
    """Every position of a :class:`~solver.play.record.GameRecord` where a move was played, in order (ValueError names a
    move that does not replay)."""
    game = get_game(record.game)
    rules = game.check_options(record.rules)
    out: list[Step] = []
    for d, deal in enumerate(record.deals):
        try:
            state = game.parse(deal.start, rules)
        except ValueError as e:
            raise ValueError(f"record: deal {d + 1}: its start position: {e}") from None
        for ply, text in enumerate(deal.moves):
            if state.is_terminal():
                raise ValueError(f"record: deal {d + 1}, move {ply + 1} {text!r}: the deal was already over")
            try:
                move = int(state.parse_move(text))
                if move not in state.legal_moves():
                    raise _core.IllegalMoveError("not legal here")
            except ValueError as e:
                raise ValueError(f"record: deal {d + 1}, move {ply + 1} {text!r}: {e}") from None
            legal = len(state.legal_moves())
            out.append(Step(len(out), d, ply, int(state.to_move()), state.clone(), state.move_to_string(move), legal))
            state.apply(move)
    return out
