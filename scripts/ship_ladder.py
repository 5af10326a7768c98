"""Ships a ladder made by ``kofun ladder ... --out DIR/<game>-<mode>.jsonl``: the fitted ladder to
solver/data/ratings/<game>-<mode>.json (the folder of its run's files written as docs/data/ladders/ in its
commands), its results file (and kept fits, when there are) gzipped to docs/data/ladders/, and a check that the
shipped ladder refits exactly from the shipped results file; its plot redrawn in docs/ladders/<name>.png.

    python scripts/ship_ladder.py /tmp/ladders/haniwa-2p.json [--name haniwa-2p]

Resume a shipped ladder in a later session with ``gunzip -k docs/data/ladders/<name>.jsonl.gz
docs/data/ladders/<name>.fits.jsonl.gz`` and the ladder file's command with ``--resume`` (or ``--extend`` to a new
results file with a higher ``--max-budget``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
from pathlib import Path

from solver.cli.ladder import plot_ladder
from solver.rating.journals import refit
from solver.rating.ladders import Ladder

ROOT = Path(__file__).resolve().parent.parent
RATINGS = ROOT / "solver" / "data" / "ratings"
JOURNALS = ROOT / "docs" / "data" / "ladders"
PLOTS = ROOT / "docs" / "ladders"


def gz(src: Path, dst: Path) -> None:
    with src.open("rb") as f, gzip.GzipFile(dst, "wb", compresslevel=9, mtime=0) as g:
        shutil.copyfileobj(f, g)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ladder", type=Path, help="the ladder file a run wrote (--ratings)")
    parser.add_argument("--name", default="", help="<game>-<mode> (default: the ladder's)")
    args = parser.parse_args()
    data = json.loads(args.ladder.read_text())
    name = args.name or f"{data['game']}-{data['mode']}"
    run_dir = str(args.ladder.parent) + "/"
    results = args.ladder.parent / f"{name}.jsonl"
    fits = args.ladder.parent / f"{name}.fits.jsonl"

    def clean(command: str) -> str:
        command = command.replace(f"--ratings {args.ladder}", f"--ratings solver/data/ratings/{name}.json")
        return command.replace(run_dir, "docs/data/ladders/")

    data["command"] = clean(data["command"])
    for run in data.get("runs", []):
        run["command"] = clean(run["command"])
    JOURNALS.mkdir(parents=True, exist_ok=True)
    gz(results, JOURNALS / f"{name}.jsonl.gz")
    if fits.exists():
        gz(fits, JOURNALS / f"{name}.fits.jsonl.gz")
    shipped = RATINGS / f"{name}.json"
    shipped.write_text(json.dumps(data, indent=1) + "\n")
    ladder = Ladder.load(shipped)
    if refit(ladder, JOURNALS / f"{name}.jsonl.gz").to_dict() != ladder.to_dict():
        raise SystemExit(f"{name}: the shipped ladder does not refit from its results file")
    plot_ladder(ladder, str(PLOTS / f"{name}.png"))
    print(f"{name}: shipped ({ladder.games} games, fit round {ladder.fit_round}); refits exactly")


if __name__ == "__main__":
    main()
