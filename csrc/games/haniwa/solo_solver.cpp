#include "solo_solver.hpp"

#include <algorithm>
#include <chrono>

#include "../../core/errors.hpp"
#include "solo_search.hpp"

namespace kofun::haniwa {
namespace {

std::int64_t now_ns() noexcept {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

SoloSolver::SoloSolver(int table_bits) {
  table_bits = std::clamp(table_bits, 10, 28);
  table_.resize(std::size_t{1} << table_bits);
  mask_ = (std::uint64_t{1} << table_bits) - 1;
}

bool SoloSolver::out_of_budget() noexcept {
  if (stopped_) return true;
  if (node_limit_ && nodes_ >= node_limit_) stopped_ = true;
  if (time_limit_ > 0 && (nodes_ & 1023) == 0 && (now_ns() - start_ns_) * 1e-9 >= time_limit_) stopped_ = true;
  return stopped_;
}

SoloSolveResult SoloSolver::solve(const State& s, const SoloSolveLimits& limits) {
  if (!s.rules().solo()) throw RuleOptionError("haniwa solo solver: the position is not a solo game (players=1)");
  if (limits.time_s < 0) throw RuleOptionError("haniwa solo solver: time limit must be >= 0");
  if (++generation_ == 0) {  // wrapped: forget every entry explicitly
    std::fill(table_.begin(), table_.end(), Entry{});
    generation_ = 1;
  }
  best_ = -1;
  best_len_ = 0;
  nodes_ = 0;
  node_limit_ = limits.nodes;
  time_limit_ = limits.time_s;
  stopped_ = false;
  start_ns_ = now_ns();
  TileCounts tiles = solo_tiles_to_place(s);
  bool exact = false;
  const int root = search(s, tiles, solo_upper_bound(s, tiles), 0, exact);
  SoloSolveResult r;
  r.best_score = best_;
  r.exact = exact;
  r.upper_bound = r.exact ? best_ : std::max(root, best_);
  r.nodes = nodes_;
  r.time_s = (now_ns() - start_ns_) * 1e-9;
  r.line.assign(best_line_.begin(), best_line_.begin() + best_len_);
  return r;
}

int SoloSolver::search(const State& s, TileCounts& tiles, int bound, int depth, bool& exact) {
  ++nodes_;
  if (s.is_terminal()) {
    const int score = s.score(0);
    if (score > best_) {
      best_ = score;
      best_len_ = depth;
      std::copy(path_.begin(), path_.begin() + depth, best_line_.begin());
    }
    exact = true;
    return score;
  }
  Entry& e = table_[s.hash() & mask_];
  const bool hit = e.generation == generation_ && e.key == s.hash();
  if (hit) {
    if (e.exact || e.value <= best_) {
      exact = e.exact;
      return e.value;
    }
    bound = std::min<int>(bound, e.value);
  }
  exact = false;
  if (bound <= best_ || out_of_budget()) return bound;

  MoveList<State::kMaxMoves> ml;
  SoloMoveArray child_bound, order;
  const int n = solo_ordered_children(
      s, tiles, [](const State& c, const TileCounts& t) { return solo_upper_bound(c, t); }, ml, child_bound, order);

  int value = -1;
  bool value_exact = false;
  for (int j = 0; j < n; ++j) {
    const int i = order[j];
    int v;
    bool v_exact = false;
    if (child_bound[i] <= best_ || out_of_budget()) {
      v = child_bound[i];  // this and every later child (sorted) are bounded by it
      if (v > value) {
        value = v;
        value_exact = false;
      }
      break;
    }
    State c = s;
    c.apply(ml[i]);
    const int kind = placed_kind(ml[i]);
    if (kind >= 0) --tiles[kind];
    path_[depth] = ml[i];
    v = search(c, tiles, child_bound[i], depth + 1, v_exact);
    if (kind >= 0) ++tiles[kind];
    if (v > value || (v == value && v_exact)) {
      value = v;
      value_exact = v_exact;
    }
  }
  value = std::min(value, bound);  // both are upper bounds; the tighter one is kept
  e.key = s.hash();
  e.generation = generation_;
  e.value = static_cast<std::int16_t>(value);
  e.exact = value_exact;
  exact = value_exact;
  return value;
}

}  // namespace kofun::haniwa
