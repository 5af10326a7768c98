"""The transposition table kept between searches: a kept table answers exactly as a new one.

solve and alphabeta take their table from a one-table cache (csrc/search/table_cache.hpp) and give it back; the
entries of earlier searches are empty to the next one (a generation per search, a real zeroing of the chunks
written since the last one when the 6-bit generation wraps every 64 searches). So the same search gives the same
value and the same node count whether its table is new, kept from another search, or kept across the wrap.
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
    for _ in range(140):  # past two wraps of the 6-bit generation (a zeroing every 64 searches): the first zeroes
        assert _solve(OTHER) == other  # much of the table (FIRST's search), the second only OTHER's few chunks
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
    """One table is kept, the last given back; another size replaces it; a search without a table (0 MB) leaves
    it; release_tables frees it."""
    _solve(OTHER, hash_mb=4)
    assert CORE.kept_table_mb() == 4
    lim = _core.SearchLimits()
    lim.depth, lim.threads = 4, 1
    C4().alphabeta(lim, hash_mb=0)
    assert CORE.kept_table_mb() == 4
    _solve(OTHER, hash_mb=2)
    assert CORE.kept_table_mb() == 2
    assert CORE.release_tables() == 2
    assert CORE.kept_table_mb() == 0
    assert CORE.release_tables() == 0


def _kept(position: str, keep: str, hash_mb: int = 16) -> tuple[int, int]:
    r = C4.parse(position).solve(_limits(), hash_mb=hash_mb, value_only=True, keep_table=keep)
    return int(r.value), int(r.nodes)


def test_kept_entries_answer_the_next_solve_of_the_same_name() -> None:
    """keep_table: a solve given the name the previous solve was given goes on with its entries (a repeated
    position is answered almost at once, with the same value); the first solve of a name, a solve of another name,
    and a solve after one without a name start from an empty table, with the node count of a new table."""
    CORE.release_tables()
    child = FIRST + "4"  # a position of FIRST's tree
    fresh_first, fresh_child = _solve(FIRST), _solve(child)
    assert _kept(FIRST, "connect4") == fresh_first  # the first of its name: a new generation
    again = _kept(FIRST, "connect4")
    assert again[0] == fresh_first[0] and again[1] < fresh_first[1] // 100  # its root's entry is there
    assert _kept(FIRST, "another name") == fresh_first  # another name: empty again
    assert _kept(child, "another name")[1] < fresh_child[1]  # FIRST's entries answer part of its child's tree
    assert _solve(FIRST) == fresh_first  # no name: as a new table
    assert _kept(FIRST, "another name") == fresh_first  # the solve before had no name: empty again
    for _ in range(70):  # a kept name does not wrap the generation: the entries stay
        value, nodes = _kept(FIRST, "another name")
        assert value == fresh_first[0] and nodes < fresh_first[1] // 100
    assert _kept(FIRST, "another name", hash_mb=8) == _solve(FIRST, hash_mb=8)  # another size: another table
    # clear_tables zeroes the kept table as new: the same name starts from empty entries again
    _kept(FIRST, "connect4", hash_mb=8)
    assert _kept(FIRST, "connect4", hash_mb=8)[1] < fresh_first[1] // 100
    assert CORE.clear_tables() == 8
    assert _kept(FIRST, "connect4", hash_mb=8) == _solve(FIRST, hash_mb=8)
    CORE.release_tables()
    assert CORE.clear_tables() == 0  # no table kept


def test_kept_entries_give_the_values_of_new_tables() -> None:
    """Every position of a line of play solved in a row with kept entries has the value it has alone."""
    line = "4644574247121"
    positions = [line[:n] for n in range(len(line), 8, -1)]  # from 29 empty cells back to 33
    alone = [_solve(p)[0] for p in positions]
    CORE.release_tables()
    kept = [_kept(p, "connect4 line") for p in positions]
    assert [v for v, _ in kept] == alone
    # with the entries of the deeper positions, the shallower ones cost less than alone
    assert sum(n for _, n in kept) < sum(_solve(p)[1] for p in positions)


def test_kept_entries_through_the_python_api() -> None:
    """solver.solve(..., keep_table=True): the name is the game and its rules; False or unset: a new table."""
    import solver

    CORE.release_tables()
    first = solver.solve("c4", FIRST, keep_table=True)
    second = solver.solve("c4", FIRST, keep_table=True)
    assert first.value == second.value == 29979 and second.nodes < first.nodes // 100
    assert solver.solve("c4", FIRST, keep_table=False).nodes == first.nodes
