# cython: language_level=3
"""Hot loops of the determinisation layer: drawing many hidden-information worlds at once.

A world is an ordering of the observer's unseen items (cards, tiles) laid out over the hidden slots of the game
(the opponent's hand, the stock in draw order, ...). The game's belief decides the items and the slot layout;
this module only draws uniformly random orderings, optionally restricted by which item may sit in which slot.
"""

import numpy as np

from libc.stdint cimport int32_t, uint64_t


cdef inline uint64_t _splitmix(uint64_t* x) noexcept nogil:
    x[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline Py_ssize_t _below(uint64_t* state, Py_ssize_t n) noexcept nogil:
    # Lemire's multiply-shift on the high 32 bits (n is far below 2^32 here).
    return <Py_ssize_t>(((_splitmix(state) >> 32) * <uint64_t>n) >> 32)


cdef int _fill_world(int32_t[::1] out, const int32_t[::1] items, const unsigned char[:, ::1] allowed,
                     bint restricted, uint64_t* state, int max_tries) noexcept nogil:
    """Writes one ordering of `items` into `out`; returns the number of tries used, or 0 if all failed."""
    cdef Py_ssize_t m = items.shape[0]
    cdef Py_ssize_t i, j
    cdef int32_t tmp
    cdef int tries
    cdef bint ok
    for tries in range(1, max_tries + 1):
        for i in range(m):
            out[i] = items[i]
        ok = True
        # Fisher-Yates, filling slot i from the remaining items; with restrictions, draw only allowed items.
        for i in range(m):
            j = i + _below(state, m - i)
            tmp = out[i]
            out[i] = out[j]
            out[j] = tmp
            if restricted and not allowed[i, out[i]]:
                ok = False
                break
        if ok:
            return tries
    return 0


def sample_orderings(items, Py_ssize_t n, uint64_t seed, allowed=None, int max_tries=10000):
    """Draws `n` independent uniformly random orderings of `items` (a 1-D integer array, a multiset).

    Returns an int32 array of shape (n, len(items)); row k is world k. With `allowed` (a boolean array of shape
    (len(items), max(items) + 1)), only orderings with allowed[slot, item] true for every slot are accepted
    (rejection sampling, so the accepted worlds are uniform among the allowed ones); ValueError if a world needs
    more than `max_tries` attempts. The same seed gives the same worlds.
    """
    if n < 0:
        raise ValueError(f"number of worlds must be >= 0, got {n}")
    cdef int32_t[::1] it = np.ascontiguousarray(items, dtype=np.int32)
    cdef Py_ssize_t m = it.shape[0]
    cdef Py_ssize_t k
    if m and np.min(it) < 0:
        raise ValueError("items must be non-negative integers")
    cdef unsigned char[:, ::1] allow
    cdef bint restricted = allowed is not None
    if restricted:
        arr = np.ascontiguousarray(allowed, dtype=np.uint8)
        if arr.ndim != 2 or arr.shape[0] != m or (m and arr.shape[1] <= np.max(it)):
            raise ValueError(
                f"allowed must have shape (len(items), max(items) + 1) = ({m}, {int(np.max(it)) + 1 if m else 0}),"
                f" got {arr.shape}"
            )
        allow = arr
    else:
        allow = np.ones((1, 1), dtype=np.uint8)
    result = np.empty((n, m), dtype=np.int32)
    cdef int32_t[:, ::1] out = result
    cdef uint64_t state = seed
    cdef int used = 1
    with nogil:
        for k in range(n):
            used = _fill_world(out[k], it, allow, restricted, &state, max_tries)
            if used == 0:
                break
    if used == 0:
        raise ValueError(f"no allowed ordering found in {max_tries} tries: the restrictions are inconsistent "
                         "or too tight for rejection sampling")
    return result
