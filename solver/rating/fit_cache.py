"""The fits of a tournament's rounds, kept beside its results file (``<out>.fits.jsonl``) so that a resumed ladder
does not fit every recorded round again before it plays.

A round's plan is a function of the fit after the rounds before it, so a resumed run goes through every recorded
round; without this file it fits each of them again (minutes at tens of thousands of games). Each line holds one
round's fit and the digest of the games it was fitted from (a hash chained over the keys of every round's
units): a fit is taken from the file only for the same round of the same games, else it is computed and
written. A fit is a function of its units, the tournament's seed and the round, so a kept fit is exactly the one a
fresh run computes (floats are written with ``repr``: they read back bit for bit). A missing, cut or foreign line
costs only the time of computing that fit again.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .fit import Fit


def chain(digest: str, keys: Iterable[str]) -> str:
    """The digest after a round whose units are `keys` (in any order) following the rounds of `digest`."""
    h = hashlib.sha256(digest.encode())
    for key in sorted(keys):
        h.update(b"\n" + key.encode())
    return h.hexdigest()


def _plain(x: float) -> float | str:
    return x if math.isfinite(x) else ("inf" if x > 0 else "-inf")


def fits_path(results: str | Path) -> Path:
    """Where the fits of the results file `results` are kept: ``x.jsonl`` -> ``x.fits.jsonl``."""
    p = Path(results)
    return p.with_name(p.name.removesuffix(".jsonl") + ".fits.jsonl")


class FitCache:
    """The kept fits of one results file: :meth:`get` a round's fit by its digest, :meth:`put` a new one."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.fits: dict[tuple[int, str], Fit] = {}
        if self.path.exists():
            for line in self.path.read_text(encoding="utf-8", errors="replace").splitlines():
                try:
                    d = json.loads(line)
                    fit = Fit(
                        [float(x) for x in d["ratings"]],
                        [float(x) for x in d["low"]],
                        [float(x) for x in d["high"]],
                        str(d["method"]),
                        int(d["bootstrap"]),
                    )
                    self.fits[(int(d["round"]), str(d["digest"]))] = fit
                except (ValueError, KeyError, TypeError):  # a line cut short by a killed run: computed again
                    continue

    def get(self, round_index: int, digest: str) -> Fit | None:
        """The kept fit of round `round_index` over the games of `digest`, or None."""
        return self.fits.get((round_index, digest))

    def put(self, round_index: int, digest: str, fit: Fit) -> None:
        """Keeps the fit of a round (appended to the file at once)."""
        self.fits[(round_index, digest)] = fit
        line: dict[str, Any] = {
            "round": round_index,
            "digest": digest,
            "ratings": fit.ratings,
            "low": [_plain(x) for x in fit.low],
            "high": [_plain(x) for x in fit.high],
            "method": fit.method,
            "bootstrap": fit.bootstrap,
        }
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(line) + "\n")


__all__ = ["FitCache", "chain", "fits_path"]
