"""The one way kofun derives seeds: ``derive_seed(base, *path)``.

Every random choice of a batch job (the deal of unit 17, the search of seat 2 at ply 40 of deal 3 of a match, ...)
takes its seed from the job's seed and the *path* naming that choice, never from a counter that depends on the
order in which work was done. The same seed therefore reproduces the same deals and games whatever the order or
the number of workers, and two different paths give unrelated seeds (a hash, not ``seed + i``).

Seeds are integers in ``0 .. 2**63 - 1`` (they fit the C++ ``uint64_t`` seeds and numpy's generators).
"""

from __future__ import annotations

import hashlib

MAX_SEED = 2**63 - 1


def check_seed(seed: int, what: str = "seed") -> int:
    """`seed` if it is an integer in 0..MAX_SEED, else ValueError naming `what`."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"{what}: expected an integer, got {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"{what}: must be in 0..{MAX_SEED}, got {seed}")
    return seed


def derive_seed(base: int, *path: int | str) -> int:
    """The seed of the choice named by `path` under the job seed `base` (deterministic, order-free).

    ``derive_seed(7, "deal", 3)`` is the seed of the fourth deal of a job seeded 7; ``derive_seed(s, "ply", 12)``
    the seed of ply 12 under a deal seed `s`. Path items are integers or short strings."""
    check_seed(base, "seed")
    text = "/".join([str(base), *(f"{type(p).__name__[0]}{p}" for p in path)])
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") & MAX_SEED
