// solver._core: the compiled core. Game-independent types here; one bind_<game>.cpp per game.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "../csrc/core/errors.hpp"
#include "../csrc/search/ismcts.hpp"
#include "../csrc/search/limits.hpp"
#include "../csrc/search/mcts.hpp"
#include "../csrc/search/result.hpp"
#include "../csrc/search/score.hpp"
#include "../csrc/search/table_cache.hpp"
#include "../csrc/search/tt.hpp"

namespace py = pybind11;
using namespace kofun;

namespace kofun::bind {
void bind_connect4(py::module_& m);
void bind_sensei(py::module_& m);
void bind_koikoi(py::module_& m);
void bind_haniwa(py::module_& m);
void bind_ohanami(py::module_ m);
void bind_honshu(py::module_ m);
}  // namespace kofun::bind

PYBIND11_MODULE(_core, m) {
  m.doc() = "kofun compiled core: game states and searches.";

  auto value_error = py::handle(PyExc_ValueError);
  py::register_exception<NotationError>(m, "NotationError", value_error);
  py::register_exception<IllegalMoveError>(m, "IllegalMoveError", value_error);
  py::register_exception<RuleOptionError>(m, "RuleOptionError", value_error);
  py::register_exception<WorldError>(m, "WorldError", value_error);

  py::class_<SearchLimits>(m, "SearchLimits", "Budgets of a search; 0 means no limit on that quantity.")
      .def(py::init<>())
      .def_readwrite("time_s", &SearchLimits::time_s)
      .def_readwrite("nodes", &SearchLimits::nodes)
      .def_readwrite("depth", &SearchLimits::depth)
      .def_readwrite("threads", &SearchLimits::threads)
      .def_readwrite("seed", &SearchLimits::seed);

  py::class_<SearchProgress>(m, "SearchProgress")
      .def_readonly("depth", &SearchProgress::depth)
      .def_readonly("value", &SearchProgress::value)
      .def_readonly("pv", &SearchProgress::pv)
      .def_readonly("nodes", &SearchProgress::nodes)
      .def_readonly("time_s", &SearchProgress::time_s)
      .def_readonly("proven", &SearchProgress::proven);

  py::class_<SearchControl>(m, "SearchControl", "Stop flag and live progress shared with a running search.")
      .def(py::init<>())
      .def("request_stop", [](SearchControl& c) { c.stop.store(true); })
      .def_property_readonly("stop_requested", [](const SearchControl& c) { return c.stop.load(); })
      .def("snapshot", &SearchControl::snapshot, "(latest progress, version number)");

  py::enum_<Proof>(m, "Proof")
      .value("NONE", Proof::kNone)
      .value("WIN", Proof::kWin)
      .value("LOSS", Proof::kLoss)
      .value("DRAW", Proof::kDraw);

  py::class_<MoveStat>(m, "MoveStat")
      .def_readonly("move", &MoveStat::move)
      .def_readonly("value", &MoveStat::value)
      .def_readonly("visits", &MoveStat::visits)
      .def_readonly("proof", &MoveStat::proof)
      .def_readonly("plies_to_end", &MoveStat::plies_to_end)
      .def_readonly("wins", &MoveStat::wins, "ISMCTS: visits ending in a positive return for the root player (0 otherwise).")
      .def_readonly("bound", &MoveStat::bound, "Alpha-beta: 0 exact value, -1 upper bound (at most), +1 lower bound (at least).");

  py::class_<SearchResult>(m, "SearchResult")
      .def_readonly("best_move", &SearchResult::best_move)
      .def_readonly("value", &SearchResult::value)
      .def_readonly("proof", &SearchResult::proof)
      .def_readonly("plies_to_end", &SearchResult::plies_to_end)
      .def_readonly("moves", &SearchResult::moves)
      .def_readonly("pv", &SearchResult::pv)
      .def_readonly("nodes", &SearchResult::nodes)
      .def_readonly("depth", &SearchResult::depth)
      .def_readonly("time_s", &SearchResult::time_s)
      .def_readonly("stopped", &SearchResult::stopped)
      .def_readonly("value_low", &SearchResult::value_low, "solve: lowest value not yet excluded (= value when proven).")
      .def_readonly("value_high", &SearchResult::value_high, "solve: highest value not yet excluded (= value when proven).");

  m.attr("NO_MOVE") = kNoMove;
  m.attr("TT_ENTRY_BYTES") = sizeof(TTEntry);
  m.attr("MCTS_NODE_BYTES") = sizeof(MctsNode);
  m.attr("ISMCTS_NODE_BYTES") = kIsmctsNodeBytes;  // a node and its links
  m.attr("MATE_SCORE") = kMate;      // alpha-beta: a win p plies ahead scores MATE_SCORE - p
  m.attr("EVAL_BOUND") = kEvalBound;  // heuristic values stay strictly inside (-EVAL_BOUND, EVAL_BOUND)
  m.def(
      "kept_table_mb", [] { return TableCache::kept_megabytes(); },
      "Size in MB of the transposition table kept for the next alphabeta / solve (0: none). Tables under 1 GiB "
      "are kept between searches and reused without being zeroed again (the entries of earlier searches are "
      "empty to the next one).");
  m.def(
      "release_tables", [] { return TableCache::release(); },
      "Frees the transposition table kept between searches; returns its size in MB (0 when none was kept).");
  m.def(
      "clear_tables", [] { return TableCache::clear(); },
      "Zeroes the transposition table kept between searches (as new: no entry, no kept identity) outside any "
      "search's clock; returns its size in MB (0 when none is kept).");

  auto c4 = m.def_submodule("connect4", "Connect Four (7x6), the reference game.");
  kofun::bind::bind_connect4(c4);
  auto sensei = m.def_submodule("sensei", "Sensei (7x7 race game, a re-edition of Diaballik).");
  kofun::bind::bind_sensei(sensei);
  auto kk = m.def_submodule("koikoi", "Koi-Koi (Hanafuda), one deal as a full-information state.");
  kofun::bind::bind_koikoi(kk);
  auto haniwa = m.def_submodule("haniwa", "Haniwa (2 players, solo) as full-information worlds.");
  kofun::bind::bind_haniwa(haniwa);
  kofun::bind::bind_ohanami(m.def_submodule("ohanami", "Ohanami (2-4 players) as full-information worlds."));
  kofun::bind::bind_honshu(m.def_submodule("honshu", "Honshu (2-5 players) as full-information worlds."));
}
