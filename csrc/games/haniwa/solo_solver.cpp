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
  const SoloBoard board = solo_board(s);
  bool exact = false;
  const int root = search(s, board, tiles, solo_upper_bound(s, tiles, board), 0, exact);
  SoloSolveResult r;
  r.best_score = best_;
  r.exact = exact;
  r.upper_bound = r.exact ? best_ : std::max(root, best_);
  r.nodes = nodes_;
  r.time_s = seconds();
  r.line = best_line();
  return r;
}

int SoloSolver::search(const State& s, const SoloBoard& board, TileCounts& tiles, int bound, int depth,
                       bool& exact) {
  ++nodes_;
  if (s.is_terminal()) {
    const int score = s.score(0);
    reached(score, depth);
    exact = true;
    return score;
  }
  const std::uint64_t key = s.hash();  // computed from the aggregate state: once per node
  Entry& e = entry(key);
  if (holds(e, key)) {
    if (e.exact || e.value <= best_) {
      exact = e.exact;
      return e.value;
    }
    bound = std::min<int>(bound, e.value);
  }
  exact = false;
  if (bound <= best_ || out_of_budget()) return bound;

  bool value_exact = false;
  const auto bound_of = [](const State& c, const TileCounts& t, const SoloBoard& b) {
    return solo_upper_bound(c, t, b);
  };
  const auto search_of = [this](const State& c, const SoloBoard& cb, TileCounts& t, int b, int d, bool& x) {
    return search(c, cb, t, b, d, x);
  };
  int value = best_child(s, board, tiles, depth, bound_of, search_of, value_exact);
  value = std::min(value, bound);  // both are upper bounds; the tighter one is kept
  store(e, key, value, value_exact);
  exact = value_exact;
  return value;
}

}  // namespace kofun::haniwa
