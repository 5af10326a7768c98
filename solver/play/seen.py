"""What each seat saw of a deal, for agents that weigh worlds by the others' decisions (belief 'inferred').

:class:`SeenMoves` is a :class:`~solver.play.match.MatchObserver` that tells every such agent, for its seat, each
move played: the seat's own information state before the move and the move as the seat is shown it
(``GameInfo.public_move``) — exactly what a player at the table sees, nothing of the hidden part. It passes every
event on to an `inner` observer (the terminal, a rating), so it wraps whatever observer a match already has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..determinize.inference import Seen
from ..games import GameInfo, get_game
from .agents import Agent
from .match import ForwardingObserver, MatchObserver


class SeenMoves(ForwardingObserver):
    """Shows the agents of `agents` (one per seat) that want it the moves of each deal, then calls `inner`."""

    def __init__(self, game: str | GameInfo, agents: Sequence[Agent], inner: MatchObserver | None = None) -> None:
        super().__init__(inner)
        self.game = get_game(game)
        self.watchers = [(seat, a) for seat, a in enumerate(agents) if getattr(a, "wants_moves", False)]

    def deal_started(self, index: int, state: Any) -> None:
        for seat, agent in self.watchers:
            agent.watch(seat)  # type: ignore[attr-defined]
        super().deal_started(index, state)

    def moved(self, before: Any, move: str, seat: int, agent: Agent, after: Any) -> None:
        if self.watchers:
            shown = self.game.public_move(before, move)
            for s, a in self.watchers:
                a.saw(s, Seen(str(before.information_state(s)), shown))  # type: ignore[attr-defined]
        super().moved(before, move, seat, agent, after)

    def taken_back(self, state: Any) -> None:
        for seat, agent in self.watchers:
            agent.rewind(seat, None if state is None else str(state.information_state(seat)))  # type: ignore[attr-defined]
        super().taken_back(state)

    def resumed(self, state: Any, moves: int) -> None:
        for seat, agent in self.watchers:
            agent.lost(seat)  # type: ignore[attr-defined]
        super().resumed(state, moves)
