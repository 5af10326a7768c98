#include "solo_solver.hpp"

#include <algorithm>

#include "../../core/errors.hpp"
#include "solo_search.hpp"

namespace kofun::haniwa {

SoloSolveResult SoloSolver::solve(const State& s, const SoloSolveLimits& limits) {
  if (!s.rules().solo()) throw RuleOptionError("haniwa solo solver: the position is not a solo game (players=1)");
  if (limits.time_s < 0) throw RuleOptionError("haniwa solo solver: time limit must be >= 0");
  begin(limits);
  TileCounts tiles = solo_tiles_to_place(s);
  bool exact = false;
  const int root = search(s, tiles, solo_upper_bound(s, tiles), 0, exact);
  SoloSolveResult r;
  r.best_score = best_;
  r.exact = exact;
  r.upper_bound = r.exact ? best_ : std::max(root, best_);
  r.nodes = nodes_;
  r.time_s = seconds();
  r.line = best_line();
  return r;
}

int SoloSolver::search(const State& s, TileCounts& tiles, int bound, int depth, bool& exact) {
  ++nodes_;
  if (s.is_terminal()) {
    const int score = s.score(0);
    reached(score, depth);
    exact = true;
    return score;
  }
  Entry& e = entry(s.hash());
  if (holds(e, s.hash())) {
    if (e.exact || e.value <= best_) {
      exact = e.exact;
      return e.value;
    }
    bound = std::min<int>(bound, e.value);
  }
  exact = false;
  if (bound <= best_ || out_of_budget()) return bound;

  bool value_exact = false;
  const auto bound_of = [](const State& c, const TileCounts& t, const SoloBoundBoard& b) {
    return solo_upper_bound(c, t, b);
  };
  int value = best_child(
      s, tiles, depth, bound_of,
      [this](const State& c, TileCounts& t, int b, int d, bool& x) { return search(c, t, b, d, x); }, value_exact);
  value = std::min(value, bound);  // both are upper bounds; the tighter one is kept
  store(e, s.hash(), value, value_exact);
  exact = value_exact;
  return value;
}

}  // namespace kofun::haniwa
