"""Worlds for the hidden-information searches: kofun's compiled paths against its Python ones, same clock, one run.

The work: determinised states (full states with exactly the observer's information state) built from sampled
worlds, and world arrays drawn. Each figure is a ratio of two paths of kofun doing the same work:

- states: `State.sample_states` (C++: draws n worlds and builds their states, the searches' own fast path) against
  the baseline `State.sample_worlds` (the same n worlds, C++) then `State.from_world` per world in a Python loop
  (one call per world, parsing the information state each time). Both sides build the same states (checked).
  Haniwa also: `HaniwaBelief.worlds` (the Cython sampler, then `InformationState.worlds`: one C++ call for all the
  rows) against the same rows built by `from_world` in a Python loop.
- arrays: the Cython sampler (`KoikoiBelief.sample`, `HaniwaBelief.sample`: numpy arrays of worlds) against the C++
  world stream (`State.sample_worlds`, which the searches draw from), the same number of worlds
  (4 calls of 500,000 a side).

Views: Koi-Koi the dealer's view of a fresh deal (32 unseen cards, `bench/test_koikoi.py`); Ohanami a 4-player
view at the deal (110 unseen cards, `bench/test_ohanami.py`); Haniwa the 2-player view after 10 plies
(`bench/test_haniwa.py`). Clock: `time.thread_time` around each side (everything runs in this thread); no table, no
search. A round is the baseline then kofun; KOFUN_BENCH_ROUNDS rounds (3 by default); the figure is the median of
the rounds' ratios, with their range.

    python -m pytest -q -s bench/test_worlds_paired.py -p no:cacheprovider
"""

from __future__ import annotations

from typing import Any

from paired import paired, rounds, thread_rate
from test_haniwa import _view as haniwa_view
from test_koikoi import _view as koikoi_view
from test_ohanami import _view as ohanami_view

from solver._core import haniwa as hw
from solver._core import koikoi as kk
from solver._core import ohanami as oh
from solver.games.haniwa.belief import HaniwaBelief
from solver.games.koikoi.belief import KoikoiBelief

# name -> (module, the view: information state, unseen, groups; worlds built per round by C++, by the Python loop)
CASES: dict[str, tuple[Any, Any, int, int]] = {
    "koikoi": (kk, lambda: koikoi_view(3), 800_000, 80_000),
    "ohanami_4p": (oh, lambda: ohanami_view(4, 3), 100_000, 20_000),
    "haniwa_2p": (hw, lambda: haniwa_view(10), 400_000, 20_000),
}


def _loop(module: Any, info: str, rows: Any) -> int:
    """The baseline's Python loop: one `from_world` call per world row; the number of states built."""
    built = 0
    for w in rows:
        module.State.from_world(info, w)
        built += 1
    return built


def _report(benchmark: Any, out: dict[str, Any]) -> None:
    benchmark.pedantic(lambda: None, rounds=1)
    benchmark.extra_info.update(out)
    print(" ".join(f"{key}={v}" for key, v in out.items()))


def test_states_from_worlds_vs_python_loop(benchmark: Any) -> None:
    """States built from sampled worlds per thread CPU second: C++ (`sample_states`) over a Python loop."""
    n = rounds()
    out: dict[str, Any] = {"rounds": n}
    for name, (module, view, ours, theirs) in CASES.items():
        info, unseen, groups = view()
        fast = module.State.sample_states(info, unseen, groups, 50, 1)
        rows = module.State.sample_worlds(unseen, 50, 1)
        assert [s.hash() for s in fast] == [module.State.from_world(info, w).hash() for w in rows]

        def kofun(m: Any = module, i: str = info, u: Any = unseen, g: Any = groups, k: int = ours) -> float:
            return thread_rate(lambda: len(m.State.sample_states(i, u, g, k, 1)))

        def baseline(m: Any = module, i: str = info, u: Any = unseen, k: int = theirs) -> float:
            return thread_rate(lambda: _loop(m, i, m.State.sample_worlds(u, k, 1)))

        out |= paired(kofun, baseline, n).info(f"{name}_states")
    _report(benchmark, out)


def test_haniwa_belief_worlds_vs_python_loop(benchmark: Any) -> None:
    """Haniwa: `HaniwaBelief.worlds` (Cython rows, one C++ call builds them) over the same rows built in a loop."""
    info, _unseen, _groups = haniwa_view(10)
    belief = HaniwaBelief.from_information_state(info)
    ours, theirs = 400_000, 20_000

    def baseline() -> float:
        return thread_rate(lambda: _loop(hw, info, belief.sample(theirs, 1)))

    n = rounds()
    out: dict[str, Any] = {"rounds": n}
    out |= paired(lambda: thread_rate(lambda: len(belief.worlds(ours, 1))), baseline, n).info("haniwa_belief_worlds")
    _report(benchmark, out)


def test_cython_sampler_vs_cpp_world_stream(benchmark: Any) -> None:
    """World arrays per thread CPU second: the Cython sampler over the C++ world stream (the same count)."""
    koikoi_info, koikoi_unseen, _groups = koikoi_view(3)
    haniwa_info, haniwa_unseen, _hgroups = haniwa_view(10)
    samplers = {
        "koikoi": (KoikoiBelief(koikoi_info), koikoi_unseen, kk),
        "haniwa_2p": (HaniwaBelief.from_information_state(haniwa_info), haniwa_unseen, hw),
    }
    k, repeats = 500_000, 4
    n = rounds()
    out: dict[str, Any] = {"rounds": n}
    for name, (belief, unseen, module) in samplers.items():

        def cython(b: Any = belief) -> float:
            return thread_rate(lambda: sum(b.sample(k, r).shape[0] for r in range(repeats)))

        def stream(m: Any = module, u: Any = unseen) -> float:
            return thread_rate(lambda: sum(m.State.sample_worlds(u, k, r).shape[0] for r in range(repeats)))

        out |= paired(cython, stream, n).info(f"{name}_arrays_cython_over_cpp")
    _report(benchmark, out)
