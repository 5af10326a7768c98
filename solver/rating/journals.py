"""The results files of the shipped ladders: every game of a ladder's tournament (``kofun ladder --out``), kept in
the repository (``docs/data/ladders/<game>-<mode>.jsonl.gz``) so that a later run continues a ladder (``gunzip``,
then ``kofun ladder ... --out FILE --resume``, or ``--extend FILE`` with a higher ``--max-budget``) instead of
starting it again, and so that a shipped ladder can be checked against its games (:func:`refit`).
"""

from __future__ import annotations

import gzip
import json
import shutil
import tempfile
from pathlib import Path

from ..batch.runner import read_results
from ..games import get_game
from .ladders import Ladder
from .pools import Entry
from .tournament import Tournament


def read_journal(path: str | Path) -> tuple[dict, dict]:
    """The header and results of a results file, plain or gzipped (``.gz``)."""
    p = Path(path)
    if p.suffix != ".gz":
        return read_results(p)
    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp) / p.stem
        with gzip.open(p, "rb") as src, plain.open("wb") as dst:
            shutil.copyfileobj(src, dst)
        return read_results(plain)


def _tournament(job: dict, bootstrap: int) -> Tournament:
    """The tournament a results file's header describes (its game, mode, pool, seed and targets), no games yet."""
    return Tournament(
        get_game(job["game"]),
        job["mode"],
        [Entry(**e) for e in job["pool"]],
        int(job["seed"]),
        float(job["target"]),
        int(job["round_units"]),
        bootstrap,
        top_target=job.get("top_target"),
    )


def refit(ladder: Ladder, journal: str | Path) -> Ladder:
    """`ladder` fitted again from the games of its results file `journal` (the final fit of the tournament, its
    bootstrap of ``ladder.bootstrap`` resamples seeded by ``ladder.fit_round``), with the file's command and runs.
    ValueError when the file is not this ladder's or the ladder does not say its final round."""
    if ladder.fit_round is None:
        raise ValueError(f"{ladder.game} ({ladder.mode}): the ladder file does not record its final round")
    header, results = read_journal(journal)
    job = header
    if job.get("job") != "ladder" or job.get("game") != ladder.game or job.get("mode") != ladder.mode:
        raise ValueError(f"{journal}: not the results file of the {ladder.game} ({ladder.mode}) ladder")
    t = _tournament(job, int(ladder.bootstrap))  # the final fit's resamples (a confirming fit's: tournament.py)
    t.results = dict(results)
    t.last_round = ladder.fit_round
    made = t.ladder(t.fit(ladder.fit_round), ladder.command, list(ladder.runs))
    return Ladder.from_dict(json.loads(json.dumps(made.to_dict())))  # as a file reads back (lists, not tuples)


def prefix_ratings(journal: str | Path, games: int) -> dict[str, float]:
    """The maximum-likelihood ratings (no bootstrap) of the first `games` games of the results file `journal`, in
    the order they were written: what a ladder made again with the same command and seed must give at the game
    count of the ladder it replaces. ValueError when the file's units do not end exactly there."""
    job, results = read_journal(journal)
    t = _tournament(job, 0)  # no bootstrap: the point ratings only
    prefix: dict[str, dict] = {}
    played = 0
    for key, result in results.items():
        if played >= games:
            break
        prefix[key] = result
        played += len(result["points"])
    if played != games:
        raise ValueError(
            f"{journal}: its units give {played} games, not {games} (a shorter file, or units end elsewhere)"
        )
    t.results = prefix
    return dict(zip((e.name for e in t.entries), t.fit(0).ratings, strict=True))


__all__ = ["prefix_ratings", "read_journal", "refit"]
