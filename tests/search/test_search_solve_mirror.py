"""Connect Four proofs share a position's table entry with its mirror image (the game's canonical_hash hook,
core/game.hpp; search/solve.hpp), in the first 24 plies: a position and its image have the same value, and a move
stored by one is the mirrored move of the other."""

from __future__ import annotations

from typing import Any

import pytest

from solver import _core

C4 = _core.connect4.State
MIRROR = str.maketrans("1234567", "7654321")
EARLY = "4644574247121"  # 13 stones (29 empty cells), score +5: its entries are shared with its image
LATE = "5624531471331144743734623"  # 25 stones: hashed as itself


def _limits() -> Any:
    return _core.SearchLimits()


@pytest.mark.parametrize("position", [EARLY, LATE, "4453452", "12345671234567"])
def test_a_position_and_its_mirror_image_have_the_same_proof_with_mirrored_moves(position: str) -> None:
    a = C4.parse(position).solve(_limits(), hash_mb=16)
    b = C4.parse(position.translate(MIRROR)).solve(_limits(), hash_mb=16)
    assert a.proof == b.proof and a.proof != _core.Proof.NONE
    assert (int(a.value), a.plies_to_end) == (int(b.value), b.plies_to_end)
    assert {m.move: (m.value, m.bound) for m in a.moves} == {6 - m.move: (m.value, m.bound) for m in b.moves}
    best_a = {m.move for m in a.moves if m.bound == 0}
    assert a.best_move in best_a and 6 - b.best_move in best_a


def test_a_kept_table_answers_the_mirror_image_from_the_position_s_entries() -> None:
    """EARLY proven on a kept table, then its mirror image on the same table: answered from EARLY's entries (its
    proof lies almost wholly within the first 24 plies) in under a thousand nodes, where a proof of its own takes
    hundreds of thousands, with the same value and the mirrored move."""
    first = C4.parse(EARLY).solve(_limits(), hash_mb=16, value_only=True, keep_table="mirror-test")
    image = C4.parse(EARLY.translate(MIRROR)).solve(_limits(), hash_mb=16, value_only=True, keep_table="mirror-test")
    fresh = C4.parse(EARLY.translate(MIRROR)).solve(_limits(), hash_mb=16, value_only=True)
    assert int(first.value) == int(image.value) == int(fresh.value) == 29979  # a win 21 plies ahead
    assert image.best_move == 6 - first.best_move
    assert first.nodes > 250_000 and fresh.nodes > 250_000 and image.nodes < 1_000
