"""Experiments at a table of more than two sides: one ISMCTS seat against baseline seats, the ISMCTS player at every
seat once per deal; won = more points than every other seat, difference against the best other seat."""

from __future__ import annotations

from solver.play.experiments import run_experiment
from solver.play.match import side_of
from solver.play.record import GameRecord


def test_three_player_table_counts_every_seat_and_scores_against_the_best_other() -> None:
    records: list[GameRecord] = []
    r = run_experiment("ohanami", "random", 1, 60, seed=4, options={"players": 3}, on_record=records.append)
    assert r.sides == 3 and len(records) == 3 and len(r.diffs) == 3
    for rotation, (record, diff) in enumerate(zip(records, r.diffs, strict=True)):
        (seat,) = side_of(record, rotation, 0)
        assert record.agents[seat]["kind"] == "search"  # the ISMCTS side sits at a new seat each time
        others = [s for q, s in enumerate(record.scores) if q != seat]
        assert diff == record.scores[seat] - max(others)
        assert r.mine[rotation] == record.scores[seat] and r.others[rotation] == sum(others) / 2
    assert {side_of(rec, k, 0)[0] for k, rec in enumerate(records)} == {0, 1, 2}
    assert (r.wins, r.draws, r.losses) == (
        sum(d > 0 for d in r.diffs),
        sum(d == 0 for d in r.diffs),
        sum(d < 0 for d in r.diffs),
    )
    again = run_experiment("ohanami", "random", 1, 60, seed=4, options={"players": 3})
    assert (again.diffs, again.mine, again.others) == (r.diffs, r.mine, r.others)
    assert "against the best other side" in r.summary() and "the 2 others" in r.summary()
