"""The transposition table kept between searches: a kept table answers exactly as a new one.

solve and alphabeta take their table from a one-table cache (csrc/search/table_cache.hpp) and give it back; the
entries of earlier searches are empty to the next one (a generation per search, a real zeroing when the 6-bit
generation wraps every 64 searches). So the same search gives the same value and the same node count whether its
table is new, kept from another search, or kept across the wrap.
"""

from __future__ import annotations

from typing import Any

from solver import _core

C4 = _core.connect4.State
CORE: Any = _core  # kept_table_mb / release_tables: not yet in solver/_core.pyi
FIRST = "4644574247121"  # 29 empty cells, score +5 (bench/data/connect4_solve.txt)
OTHER = "5624531471331144743734623"  # 17 empty cells, a win in 13 plies


def _limits() -> Any:
    return _core.SearchLimits()


def _solve(position: str, hash_mb: int = 16) -> tuple[int, int]:
    r = C4.parse(position).solve(_limits(), hash_mb=hash_mb, value_only=True)
    return int(r.value), int(r.nodes)


def test_kept_table_gives_the_same_proof() -> None:
    """A proof on a new table, then after other searches on the kept one, then after the generation wrap."""
    CORE.release_tables()
    first = _solve(FIRST)
    assert first[0] == 29979  # a win 21 plies ahead: MATE - 21
    assert CORE.kept_table_mb() == 16
    other = _solve(OTHER)
    assert other[0] == 29987
    assert _solve(FIRST) == first
    for _ in range(70):  # past the wrap of the 6-bit generation (a zeroing every 64 searches)
        assert _solve(OTHER) == other
    assert _solve(FIRST) == first


def test_kept_table_alphabeta_same_nodes() -> None:
    """Alpha-beta (one thread) to a fixed depth: the same value and nodes on a new table and on a kept one."""
    lim = _core.SearchLimits()
    lim.depth, lim.threads = 10, 1
    CORE.release_tables()
    a = C4().alphabeta(lim, hash_mb=8)
    C4.parse(FIRST).solve(_limits(), hash_mb=8, value_only=True)  # fills the kept table with another search
    b = C4().alphabeta(lim, hash_mb=8)
    assert (int(a.value), a.nodes, a.best_move) == (int(b.value), b.nodes, b.best_move)


def test_release_and_sizes() -> None:
    """One table is kept, the last given back; another size replaces it; release_tables frees it."""
    _solve(OTHER, hash_mb=4)
    assert CORE.kept_table_mb() == 4
    _solve(OTHER, hash_mb=2)
    assert CORE.kept_table_mb() == 2
    assert CORE.release_tables() == 2
    assert CORE.kept_table_mb() == 0
    assert CORE.release_tables() == 0
