"""How a decision's loss is classed: best / good / inaccuracy / mistake / blunder, with thresholds per game.

A loss is what the played move gave up against the engine's best move, in the unit of the values the review
compares (the game's own terms): evaluation points in Sensei and Connect Four (a proven win counts as ``+cap``, a
proven loss as ``-cap``, a proven draw as 0, so that throwing away a proven result is always at least a blunder's
loss), expected points in the card games, the probability of winning the match in a Koi-Koi match. The
thresholds are the smallest loss of each class; docs/review.md says where each number comes from.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The unit of alpha-beta's and the solver's values (each game says what its points measure: ``eval_unit``).
EVAL_UNIT = "evaluation points"
#: A decision with one legal move: listed, never classed or counted.
FORCED = "forced"


@dataclass(frozen=True)
class Thresholds:
    """The smallest loss of an inaccuracy, a mistake and a blunder, in `unit`; `cap` is what a proven win is worth
    in that unit (perfect-information games; 0 where values are never proofs)."""

    unit: str
    inaccuracy: float
    mistake: float
    blunder: float
    cap: float = 0.0

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy < self.mistake < self.blunder:
            raise ValueError(
                f"thresholds: need 0 < inaccuracy < mistake < blunder, got {self.inaccuracy}, {self.mistake}, "
                f"{self.blunder}"
            )
        if self.cap and self.cap < self.blunder:
            raise ValueError(f"thresholds: cap {self.cap} is below the blunder threshold {self.blunder}")

    def classify(self, loss: float, is_best: bool) -> str:
        """The class of a decision that lost `loss` (`is_best`: the played move is the engine's choice or worth
        exactly as much)."""
        if is_best:
            return "best"
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return "good"

    def accuracy(self, loss: float) -> float:
        """A decision's accuracy in percent: 100 for no loss, falling linearly to 0 at the blunder threshold."""
        return 100.0 * max(0.0, 1.0 - max(0.0, loss) / self.blunder)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return asdict(self)


#: Perfect-information games: evaluation points (a proven result counts as +-cap).
_PERFECT = {
    # 16 points per empty cell that would complete a four: an inaccuracy gives away one such cell, a mistake two,
    # a blunder four; a proven result (the solver proves every position with 24 empty cells or fewer) is 500.
    "connect4": Thresholds(EVAL_UNIT, 16, 32, 64, cap=500),
    # 60 points = one row of master advance: an inaccuracy gives away half a row, a mistake a row and a half, a
    # blunder three rows; 3,000 is the evaluation's bonus for a character that reaches its goal row next action,
    # so a proven result (cap) is worth that.
    "sensei": Thresholds(EVAL_UNIT, 30, 90, 180, cap=3000),
}

#: Hidden-information games: the mean return of the information-set search (points), per game. Set from the losses
#: measured at the default budget (docs/review.md): a blunder is about the 90th percentile of the random agent's
#: losses, a mistake its median or above, an inaccuracy above the 90th percentile of an equal engine's.
_HIDDEN = {
    "koikoi": Thresholds("points", 0.25, 0.5, 1.0),
    "haniwa": Thresholds("points", 1.0, 2.5, 5.0),
    "ohanami": Thresholds("points", 2.0, 5.0, 10.0),
    "honshu": Thresholds("points", 1.0, 3.0, 6.0),
}

#: A Koi-Koi match (objective 'match'): the probability of winning the match.
MATCH = Thresholds("match-win probability", 0.02, 0.05, 0.10)

#: Values of a result of +-1 (MCTS on a perfect-information game, a game without its own thresholds): a tenth,
#: a quarter and half of the way from a draw to a win (a proven result is +-1).
GENERIC = Thresholds("result", 0.1, 0.25, 0.5, cap=1.0)


def thresholds_for(game: str, unit: str) -> Thresholds:
    """The thresholds of `game` for values in `unit`: alpha-beta's evaluation points, the card games' points, the
    match-win probability of a Koi-Koi match; any other unit (MCTS results of +-1) the generic ones."""
    if unit == MATCH.unit:
        return MATCH
    for table in (_PERFECT, _HIDDEN):
        found = table.get(game)
        if found is not None and found.unit == unit:
            return found
    return replace(GENERIC, unit=unit) if unit else GENERIC


__all__ = ["CLASSES", "EVAL_UNIT", "FORCED", "GENERIC", "MATCH", "Thresholds", "thresholds_for"]
