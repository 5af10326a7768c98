// Solo Haniwa analysis: the clairvoyant exact solver, the non-peeking policy and the score bound.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "../csrc/core/errors.hpp"
#include "../csrc/games/haniwa/solo_bound.hpp"
#include "../csrc/games/haniwa/solo_dual.hpp"
#include "../csrc/games/haniwa/solo_heuristic.hpp"
#include "../csrc/games/haniwa/solo_policy.hpp"
#include "../csrc/games/haniwa/solo_rollout.hpp"
#include "../csrc/games/haniwa/solo_solver.hpp"

namespace kofun::bind {

namespace py = pybind11;

namespace {

void require_solo(const haniwa::State& s, const char* what) {
  if (!s.rules().solo())
    throw RuleOptionError(std::string("haniwa ") + what + ": the position is not a solo game (players=1)");
}

}  // namespace

void bind_haniwa_solo(py::module_& m) {
  using namespace haniwa;
  py::class_<SoloSolveResult>(m, "SoloSolveResult", "Result of a clairvoyant solo solve.")
      .def_readonly("best_score", &SoloSolveResult::best_score, "Best final score reached (by `line`).")
      .def_readonly("upper_bound", &SoloSolveResult::upper_bound, "Proven: no line scores more.")
      .def_readonly("exact", &SoloSolveResult::exact, "True when best_score is the proven optimum.")
      .def_readonly("nodes", &SoloSolveResult::nodes)
      .def_readonly("time_s", &SoloSolveResult::time_s)
      .def_readonly("line", &SoloSolveResult::line, "Moves reaching best_score.");

  py::class_<SoloSolver>(m, "SoloSolver",
                         "Clairvoyant branch-and-bound solver of solo worlds (draw order and dice known).")
      .def(py::init<int>(), py::arg("table_bits") = 20, "Transposition table of 2**table_bits entries.")
      .def("solve", [](SoloSolver& solver, const State& s, std::int64_t nodes, double time_s) {
             if (nodes < 0) throw RuleOptionError("haniwa solo solver: nodes must be >= 0");
             if (!(time_s >= 0)) throw RuleOptionError("haniwa solo solver: time must be >= 0");
             require_solo(s, "solo solver");
             py::gil_scoped_release release;
             return solver.solve(s, SoloSolveLimits{static_cast<std::uint64_t>(nodes), time_s});
           }, py::arg("state"), py::arg("nodes") = 0, py::arg("time") = 0.0,
           "Best final score of the world; budgets 0 = unlimited. Out of budget: exact=False and a proven "
           "upper_bound.");

  py::class_<SoloDualResult>(m, "SoloDualResult", "Result of a penalised (information-relaxation) solo solve.")
      .def_readonly("upper_bound", &SoloDualResult::upper_bound, "Proven upper bound of the penalised maximum.")
      .def_readonly("best_value", &SoloDualResult::best_value, "Penalised value of the best line evaluated.")
      .def_readonly("exact", &SoloDualResult::exact, "True when best_value is the penalised maximum.")
      .def_readonly("penalised", &SoloDualResult::penalised, "False in the last turn (no draw left: exact score).")
      .def_readonly("nodes", &SoloDualResult::nodes)
      .def_readonly("time_s", &SoloDualResult::time_s)
      .def_readonly("weight", &SoloDualResult::weight, "W: the number of possible last hands (4-subsets).")
      .def_readonly("line", &SoloDualResult::line, "Moves to the start of the last turn of the best line.");

  py::class_<SoloDualSolver>(m, "SoloDualSolver",
                             "Information-relaxation dual bound of a solo world: the clairvoyant pays a zero-mean "
                             "penalty on the last draw, or the last two (docs/haniwa.md, solo_dual.hpp).")
      .def(py::init<int, int>(), py::arg("table_bits") = 20, py::arg("penalised_draws") = 1,
           "penalised_draws: 1 (the last draw) or 2 (the last two; solo_dual.hpp).")
      .def_property_readonly("penalised_draws", &SoloDualSolver::penalised_draws)
      .def("solve", [](SoloDualSolver& d, const State& s, std::int64_t nodes, double time_s) {
             if (nodes < 0) throw RuleOptionError("haniwa solo dual: nodes must be >= 0");
             if (!(time_s >= 0)) throw RuleOptionError("haniwa solo dual: time must be >= 0");
             require_solo(s, "solo dual");
             py::gil_scoped_release release;
             return d.solve(s, SoloSolveLimits{static_cast<std::uint64_t>(nodes), time_s});
           }, py::arg("state"), py::arg("nodes") = 0, py::arg("time") = 0.0,
           "Penalised clairvoyant maximum of the world; budgets 0 = unlimited.")
      .def("expected_penalty_term", [](SoloDualSolver& d, const State& s) {
             require_solo(s, "solo dual");
             return d.expected_penalty_term(s);
           }, py::arg("state"),
           "E[Phi(x, H)] over every possible next hand H (x at the start of turn 5 or of the last turn; exact).")
      .def_static("penalty_term", [](const State& s) {
             require_solo(s, "solo dual");
             return SoloDualSolver::penalty_term(s);
           }, py::arg("state"),
           "Phi(x, x's hand): the turn's Dogu made optimistic (x at the start of turn 5 or of the last turn).");

  py::class_<SoloPlan>(m, "SoloPlan", "A way to play the rest of the current turn, valued over sampled futures.")
      .def_readonly("moves", &SoloPlan::moves)
      .def_readonly("mean", &SoloPlan::mean, "Mean final score over the sampled futures (exact on the last turn).")
      .def_readonly("stddev", &SoloPlan::stddev, "Standard deviation of the final score over the futures.")
      .def_readonly("samples", &SoloPlan::samples, "Futures used (0: exact, last turn).")
      .def_readonly("heuristic", &SoloPlan::heuristic, "Static estimate of the end-of-turn position.")
      .def_readonly("ranks", &SoloPlan::ranks,
                    "Futures ending perfect, master, veteran, junior, beginner (last turn: the exact rank, 1).");

  py::class_<SoloPolicy>(m, "SoloPolicy",
                         "Non-peeking solo policy: plans each turn from the seen tiles, the stock as a multiset.")
      .def(py::init([](int samples, int candidates, double time_per_turn, bool exact_last_turn) {
             SoloPolicyOptions o;
             o.samples = samples;
             o.candidates = candidates;
             o.time_per_turn = time_per_turn;
             o.exact_last_turn = exact_last_turn;
             return SoloPolicy(o);
           }), py::arg("samples") = 16, py::arg("candidates") = 12, py::arg("time_per_turn") = 0.0,
           py::arg("exact_last_turn") = false)
      .def("plan_turn", [](SoloPolicy& p, const State& s, std::uint64_t seed) {
             require_solo(s, "solo policy");
             py::gil_scoped_release release;
             return p.plan_turn(s, seed);
           }, py::arg("state"), py::arg("seed") = 0, "Valued plans of the current turn, best first.")
      .def("play", [](SoloPolicy& p, const State& s, std::uint64_t seed) {
             require_solo(s, "solo policy");
             py::gil_scoped_release release;
             return p.play(s, seed);
           }, py::arg("state"), py::arg("seed") = 0, "Plays the world to the end; the final state.")
      .def_property_readonly("decisions", &SoloPolicy::decisions, "Decisions made so far.");

  py::class_<SoloRolloutPolicy>(m, "SoloRolloutPolicy",
                                "Rollout improvement of the solo policy: its best plans valued by games of the policy "
                                "itself over common sampled futures (non-peeking).")
      .def(py::init([](int samples, int candidates, bool exact_last_turn, int rollout_candidates,
                       int rollout_samples, int from_turn) {
             SoloPolicyOptions b;
             b.samples = samples;
             b.candidates = candidates;
             b.exact_last_turn = exact_last_turn;
             SoloRolloutOptions o;
             o.candidates = rollout_candidates;
             o.samples = rollout_samples;
             o.from_turn = from_turn;
             return SoloRolloutPolicy(b, o);
           }), py::arg("samples") = 16, py::arg("candidates") = 12, py::arg("exact_last_turn") = false,
           py::arg("rollout_candidates") = 4, py::arg("rollout_samples") = 16, py::arg("from_turn") = 3)
      .def("plan_turn", [](SoloRolloutPolicy& p, const State& s, std::uint64_t seed) {
             require_solo(s, "solo rollout policy");
             py::gil_scoped_release release;
             return p.plan_turn(s, seed);
           }, py::arg("state"), py::arg("seed") = 0, "Valued plans of the current turn, best first.")
      .def("play", [](SoloRolloutPolicy& p, const State& s, std::uint64_t seed) {
             require_solo(s, "solo rollout policy");
             py::gil_scoped_release release;
             return p.play(s, seed);
           }, py::arg("state"), py::arg("seed") = 0, "Plays the world to the end; the final state.")
      .def_property_readonly("base_decisions", &SoloRolloutPolicy::base_decisions,
                             "Decisions of the base policy so far (inside the futures too).");

  m.def("solo_upper_bound", [](const State& s) {
          require_solo(s, "solo bound");
          return solo_upper_bound(s, solo_tiles_to_place(s));
        }, py::arg("state"), "Admissible bound on the final score of the world (uses its coming draws).");
  m.def("solo_heuristic", [](const State& s) {
          require_solo(s, "solo heuristic");
          return solo_heuristic(s, SoloHeuristicWeights{});
        }, py::arg("state"), "Static estimate of the final score (never reads the stock).");
}

}  // namespace kofun::bind
