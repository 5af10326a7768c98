"""The shipped ladders agree with their committed results files: the ratings refit from every game of the journal
(docs/data/ladders/<game>-<mode>.jsonl.gz) equal the ladder file, level for level."""

from __future__ import annotations

import gzip
import json
import shutil
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import solver
from solver.cli import main
from solver.rating import tournament
from solver.rating.journals import _tournament, prefix_ratings, read_journal, refit
from solver.rating.ladders import Ladder

SHIPPED = Path(solver.__file__).parent / "data" / "ratings"
JOURNALS = Path(__file__).parent.parent / "docs" / "data" / "ladders"
#: Ladders shipped before their results files were kept in the repository (their games were not kept): made again
#: with a journal they leave this list (docs/ladders.md "Results files"). The last one, Ohanami 2 players, was made
#: again on 2026-12-07.
WITHOUT_JOURNAL: set[str] = set()


def test_the_inventory_of_journals_is_exact() -> None:
    shipped = {p.stem for p in SHIPPED.glob("*.json")}
    with_journal = {p.name.removesuffix(".jsonl.gz") for p in JOURNALS.glob("*.jsonl.gz") if ".fits." not in p.name}
    assert with_journal <= shipped
    assert shipped - with_journal == WITHOUT_JOURNAL


@pytest.mark.parametrize(
    "name", sorted(p.name.removesuffix(".jsonl.gz") for p in JOURNALS.glob("*.jsonl.gz") if ".fits." not in p.name)
)
def test_a_shipped_ladder_refits_exactly_from_its_journal(name: str) -> None:
    ladder = Ladder.load(SHIPPED / f"{name}.json")
    assert refit(ladder, JOURNALS / f"{name}.jsonl.gz").to_dict() == ladder.to_dict()


def test_seconds_per_decision_do_not_depend_on_the_order_the_games_arrived() -> None:
    # a resumed run replays its rounds in task order, the file holds them as they finished: the same sums (fsum)
    ladder = Ladder.load(SHIPPED / "honshu-2p.json")
    job, results = read_journal(JOURNALS / "honshu-2p.jsonl.gz")
    t = _tournament(job, 0)
    t.results = dict(results)
    fit = t.fit(0)
    forward = [lv.seconds_per_decision for lv in t.ladder(fit, "", []).levels]
    t.results = dict(reversed(list(results.items())))
    backward = [lv.seconds_per_decision for lv in t.ladder(fit, "", []).levels]
    assert backward == forward == [lv.seconds_per_decision for lv in ladder.levels]
    top = next(lv for lv in ladder.levels if lv.name == "ismcts-4096")
    assert top.seconds_per_decision == pytest.approx(0.1093, abs=5e-5)


def test_refit_of_a_small_ladder_and_its_errors(tmp_path: Path) -> None:
    out = tmp_path / "h.jsonl"
    args = ["ladder", "haniwa", "--rule", "players=2", "--games", "24", "--max-budget", "16", "--round", "6"]
    done = CliRunner().invoke(main, [*args, "--bootstrap", "10", "--seed", "3", "--out", str(out)])
    assert done.exit_code == 0, done.output
    ladder = Ladder.load(tmp_path / "h.json")
    assert ladder.fit_round == 2  # 24 games: 2 rounds of 6 units, 2 games (seatings) a unit
    zipped = tmp_path / "h.jsonl.gz"
    with out.open("rb") as src, gzip.open(zipped, "wb") as dst:
        shutil.copyfileobj(src, dst)
    assert read_journal(zipped) == read_journal(out)
    assert refit(ladder, zipped).to_dict() == ladder.to_dict()
    ladder.fit_round = 0  # another bootstrap seed: other intervals
    assert refit(ladder, zipped).to_dict()["levels"] != json.loads((tmp_path / "h.json").read_text())["levels"]
    ladder.fit_round = None
    with pytest.raises(ValueError, match=r"haniwa \(2p\): the ladder file does not record its final round"):
        refit(ladder, zipped)
    other = Ladder.load(SHIPPED / "koikoi-seed.json")
    other.fit_round = 1
    with pytest.raises(ValueError, match=r"not the results file of the koikoi \(seed\) ladder"):
        refit(other, zipped)


def test_a_resumed_ladder_takes_its_rounds_fits_from_the_kept_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["ladder", "haniwa", "--rule", "players=2", "--max-budget", "16", "--round", "6", "--bootstrap", "10"]
    run = CliRunner().invoke
    whole = run(main, [*args, "--games", "48", "--seed", "5", "--out", str(tmp_path / "a.jsonl")])
    half = run(main, [*args, "--games", "24", "--seed", "5", "--out", str(tmp_path / "b.jsonl")])
    assert whole.exit_code == 0 and half.exit_code == 0, whole.output + half.output
    fits = tmp_path / "b.fits.jsonl"
    assert len(fits.read_text().splitlines()) == 2  # 24 games: 2 rounds of 12
    calls: list[int] = []
    original = tournament.Tournament.fit

    def counted(self: tournament.Tournament, round_index: int = 0, samples: int | None = None) -> Any:
        calls.append(round_index)
        return original(self, round_index, samples)

    monkeypatch.setattr(tournament.Tournament, "fit", counted)
    more = run(main, [*args, "--games", "48", "--seed", "5", "--out", str(tmp_path / "b.jsonl"), "--resume"])
    assert more.exit_code == 0, more.output
    assert calls == [3, 4]  # rounds 1 and 2 from the file, 3 and 4 fitted
    assert len(fits.read_text().splitlines()) == 4
    a, b = Ladder.load(tmp_path / "a.json"), Ladder.load(tmp_path / "b.json")
    untimed = [{**asdict(lv), "seconds_per_decision": 0} for lv in a.levels]  # the times are the machine's
    assert untimed == [{**asdict(lv), "seconds_per_decision": 0} for lv in b.levels] and a.fit_round == b.fit_round == 4
    # without the kept fits a resume fits every round again, and finds the same ladder
    fits.unlink()
    calls.clear()
    again = run(main, [*args, "--games", "48", "--seed", "5", "--out", str(tmp_path / "b.jsonl"), "--resume"])
    assert again.exit_code == 0 and calls == [1, 2, 3, 4]
    assert [lv.rating for lv in Ladder.load(tmp_path / "b.json").levels] == [lv.rating for lv in a.levels]
    # a cut last line is computed again, not an error
    lines = fits.read_text().splitlines()
    fits.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:20])
    calls.clear()
    assert (
        run(main, [*args, "--games", "48", "--seed", "5", "--out", str(tmp_path / "b.jsonl"), "--resume"]).exit_code
        == 0
    )
    assert calls == [4]


def test_a_ladder_made_again_reproduces_the_one_it_replaced() -> None:
    """The Honshu 4-player ladder was shipped without its games (8,704 of them) and made again with the same
    command and seed: the first 8,704 games of its results file give the ratings the earlier file shipped, to a
    millionth of a point; a prefix that does not end between units is refused."""
    journal = JOURNALS / "honshu-4p.jsonl.gz"
    replaced = {  # solver/data/ratings/honshu-4p.json before 2026-12-06 (8,704 games, no results file)
        "greedy": 859.2327993132577,
        "ismcts-1": 0.0,
        "ismcts-4": -140.0143301727004,
        "ismcts-16": 80.01763894601328,
        "ismcts-64": 334.75806427488044,
        "ismcts-256": 690.543211468745,
    }
    ratings = prefix_ratings(journal, 8704)
    assert ratings == pytest.approx(replaced, abs=1e-6)
    with pytest.raises(ValueError, match="give 8706 games, not 8705"):
        prefix_ratings(journal, 8705)
