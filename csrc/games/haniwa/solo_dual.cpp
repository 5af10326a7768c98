#include "solo_dual.hpp"

#include <algorithm>

#include "../../core/errors.hpp"
#include "solo_rows.hpp"
#include "solo_search.hpp"

namespace kofun::haniwa {
namespace {

constexpr int kCells = 24;
constexpr int kTurns = kCells / kHandSize;
constexpr int kRows = 6;

std::int64_t choose(int n, int k) noexcept {
  if (k < 0 || k > n) return 0;
  std::int64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

// Turn (0-based) the state is in; a Kofun choice after a turn's last placement still belongs to that turn.
int turn_of(const State& s) noexcept {
  const int pending = s.phase() == Phase::kChooseKofun ? 1 : 0;
  return (s.placed() - s.turn_placed() - pending) / kHandSize;
}

std::array<int, 3> hand_powers(const State& x) noexcept {
  std::array<int, 3> p{};
  for (int i = 0; i < x.hand_size(0); ++i) ++p[power_of(x.hand_tile(0, i)) - 1];
  return p;
}

// Calls f(rows) for every pattern of k rows (m_r summing to 4, non-increasing; q_r in the range a row with m_r
// empty cells can have and still reach 8).
template <class F>
void every_pattern(int k, F&& f) {
  static constexpr std::array<std::array<int, 2>, 5> q_range{{{0, -1}, {1, 3}, {2, 6}, {5, 7}, {8, 8}}};
  SoloLastRows rows;
  rows.rows = k;
  auto fill_q = [&](auto&& self, int r) -> void {
    if (r == k) {
      f(rows);
      return;
    }
    for (int q = q_range[rows.m[r]][0]; q <= q_range[rows.m[r]][1]; ++q) {
      rows.q[r] = q;
      self(self, r + 1);
    }
  };
  auto fill_m = [&](auto&& self, int r, int left, int most) -> void {
    if (r == k) {
      if (left == 0) fill_q(fill_q, 0);
      return;
    }
    for (int m = std::min(left, most); m >= 1; --m) {
      rows.m[r] = m;
      self(self, r + 1, left - m, m);
    }
  };
  fill_m(fill_m, 0, kHandSize, kHandSize);
}

}  // namespace

SoloLastRows solo_last_rows(const State& x) noexcept {
  SoloLastRows out;
  for (int row = 0; row < kRows && out.rows < kHandSize; ++row) {
    const SoloRow r = solo_row(x, row);
    if (r.empty() == 0) continue;
    out.m[out.rows] = r.empty();
    out.q[out.rows] = 8 - r.total;
    ++out.rows;
  }
  return out;
}

int solo_rows_completed(const SoloLastRows& rows, const std::array<int, 3>& powers) noexcept {
  std::array<int, kHandSize> cell_row{};  // the row of each empty cell
  int cells = 0;
  for (int r = 0; r < rows.rows; ++r)
    for (int i = 0; i < rows.m[r] && cells < kHandSize; ++i) cell_row[cells++] = r;
  std::array<int, kHandSize> tile{};
  int n = 0;
  for (int p = 0; p < 3; ++p)
    for (int i = 0; i < powers[p] && n < kHandSize; ++i) tile[n++] = p + 1;
  n = std::min(n, cells);
  int best = 0;
  do {  // every distinct assignment of the tiles to the cells
    for (int kofun = -1; kofun < n; ++kofun) {  // one tile optionally counted as power 2
      std::array<int, kHandSize> sum{};
      for (int i = 0; i < n; ++i) sum[cell_row[i]] += i == kofun ? kKofunPower : tile[i];
      int done = 0;
      for (int r = 0; r < rows.rows; ++r) done += sum[r] == rows.q[r] && rows.m[r] <= n;
      best = std::max(best, done);
    }
  } while (std::next_permutation(tile.begin(), tile.begin() + n));
  return best;
}

void SoloDualSolver::prepare(const std::array<int, 3>& unseen) {
  if (unseen[0] + unseen[1] + unseen[2] < kHandSize)
    throw RuleOptionError("haniwa solo dual: fewer than 4 tiles left for the last draw");
  hands_.clear();
  weight_ = 0;
  for (int a = 0; a <= kHandSize; ++a)
    for (int b = 0; a + b <= kHandSize; ++b) {
      const int c = kHandSize - a - b;
      const std::int64_t w = choose(unseen[0], a) * choose(unseen[1], b) * choose(unseen[2], c);
      if (w == 0) continue;
      hands_.push_back({{a, b, c}, w});
      weight_ += w;
    }
  phi_cache_.clear();
  best_phi_.fill(0);
  for (int k = 1; k <= kHandSize; ++k)
    every_pattern(k, [&](const SoloLastRows& rows) { best_phi_[k] = std::max(best_phi_[k], expected_phi(rows)); });
}

std::int64_t SoloDualSolver::expected_phi(const SoloLastRows& rows) {
  std::array<std::uint64_t, kHandSize> code{};
  for (int r = 0; r < rows.rows; ++r)
    code[r] = static_cast<std::uint64_t>(rows.m[r]) << 6 | static_cast<std::uint64_t>(rows.q[r] + 32);
  for (int i = 1; i < rows.rows; ++i)  // insertion sort of at most four codes
    for (int j = i; j > 0 && code[j - 1] > code[j]; --j) std::swap(code[j - 1], code[j]);
  std::uint64_t key = static_cast<std::uint64_t>(rows.rows);
  for (int r = 0; r < rows.rows; ++r) key = key << 10 | code[r];
  // rows are merged in sorted order, so equal patterns share the entry whatever the order of the rows
  if (auto it = phi_cache_.find(key); it != phi_cache_.end()) return it->second;
  std::int64_t sum = 0;
  for (const auto& [powers, w] : hands_) sum += w * 2 * solo_rows_completed(rows, powers);
  phi_cache_.emplace(key, sum);
  return sum;
}

std::int32_t SoloDualSolver::bound(const State& s, const TileCounts& tiles) const noexcept {
  const SoloBoundParts p = solo_upper_bound_parts(s, tiles);
  // Cells fill from the bottom (both solo_fill modes), so the horizon's four empty cells are the top cells of
  // their columns and its k rows are the top k rows: rows 0 .. 5 - k are full there. Column c has e_c empty
  // cells now and keeps at most e_c; k = the most any column keeps, so the four cells fit only if
  // sum_c min(e_c, k) >= 4.
  std::array<int, kColours> empty{};
  for (int c = 0; c < kColours; ++c)
    for (int row = 0; row < kRows; ++row) empty[c] += cell_empty(s.cell(0, row * kZoneColumns + c)) ? 1 : 0;
  std::array<int, kRows + 1> ok_below{};  // ok_below[r]: rows 0 .. r - 1 awake or still able to total 8
  for (int row = 0; row < kRows; ++row)
    ok_below[row + 1] = ok_below[row] + (s.dogu(0, row) == kAwake || solo_row(s, row).can_reach_eight() ? 1 : 0);
  std::int64_t rows = -1;
  for (int k = 1; k <= kHandSize; ++k) {
    int fit = 0;
    for (int c = 0; c < kColours; ++c) fit += std::min(empty[c], k);
    if (fit < kHandSize) continue;
    rows = std::max(rows, 2 * weight_ * std::min(ok_below[kRows - k], p.dogu_rows) + best_phi_[k]);
  }
  if (rows < 0) rows = 2 * weight_ * p.dogu_rows + best_phi_[kHandSize];  // not reached before the horizon
  return static_cast<std::int32_t>(weight_ * p.columns_and_kofun + rows);
}

// W (V(x, H_6) - Phi(x, H_6)) + W E[Phi(x, .)], solved only when its bound can beat the best value found.
std::int32_t SoloDualSolver::leaf(const State& x, bool& exact) {
  const SoloLastRows rows = solo_last_rows(x);
  const std::int64_t phi = 2 * solo_rows_completed(rows, hand_powers(x));
  const std::int64_t expected = expected_phi(rows);
  TileCounts hand{};
  for (int i = 0; i < x.hand_size(0); ++i) ++hand[x.hand_tile(0, i)];
  const std::int64_t ub = weight_ * (solo_upper_bound(x, hand) - phi) + expected;
  exact = false;
  if (ub <= best_ || out_of_budget()) return static_cast<std::int32_t>(ub);
  const std::uint64_t left = node_limit_ ? node_limit_ - nodes_ : 0;
  const SoloSolveResult r = last_.solve(x, SoloSolveLimits{left, 0.0});
  nodes_ += r.nodes;
  exact = r.exact;
  return static_cast<std::int32_t>(std::min(ub, weight_ * (r.upper_bound - phi) + expected));
}

std::int32_t SoloDualSolver::search(const State& s, TileCounts& tiles, std::int32_t node_bound, int depth,
                                    bool& exact) {
  ++nodes_;
  Entry& e = entry(s.hash());
  if (holds(e, s.hash())) {
    if (e.exact || e.value <= best_) {
      exact = e.exact;
      return e.value;
    }
    node_bound = std::min(node_bound, e.value);
  }
  std::int32_t value;
  bool value_exact = false;
  if (s.placed() == kHorizon && s.phase() == Phase::kPlace) {
    value = leaf(s, value_exact);
    if (value_exact) reached(value, depth);
  } else {
    exact = false;
    if (node_bound <= best_ || out_of_budget()) return node_bound;
    value = best_child(
        s, tiles, depth, [this](const State& c, const TileCounts& t) { return bound(c, t); },
        [this](const State& c, TileCounts& t, std::int32_t b, int d, bool& x) { return search(c, t, b, d, x); },
        value_exact);
    value = std::min(value, node_bound);  // both are upper bounds; the tighter one is kept
  }
  store(e, s.hash(), value, value_exact);
  exact = value_exact;
  return value;
}

SoloDualResult SoloDualSolver::solve(const State& s, const SoloSolveLimits& limits) {
  if (!s.rules().solo()) throw RuleOptionError("haniwa solo dual: the position is not a solo game (players=1)");
  if (limits.time_s < 0) throw RuleOptionError("haniwa solo dual: time limit must be >= 0");
  SoloDualResult r;
  const int turn = turn_of(s);
  if (s.is_terminal() || turn >= kTurns - 1) {  // no draw left: the exact best score
    const SoloSolveResult p = last_.solve(s, limits);
    r.upper_bound = p.upper_bound;
    r.best_value = p.best_score;
    r.exact = p.exact;
    r.penalised = false;
    r.nodes = p.nodes;
    r.time_s = p.time_s;
    r.line = p.line;
    return r;
  }
  // Draws before the last hand: four at each end of turn from this one to the fourth (0-based 3).
  const int before = kHandSize * (kTurns - 2 - turn);
  std::array<int, 3> unseen{};
  for (int j = before; j < s.stock_left(); ++j) ++unseen[power_of(s.stock_tile(j)) - 1];
  prepare(unseen);
  begin(limits);
  TileCounts tiles = solo_tiles_to_place(s);
  bool exact = false;
  const std::int32_t root = search(s, tiles, bound(s, tiles), 0, exact);
  const double w = static_cast<double>(weight_);
  r.exact = exact;
  r.upper_bound = (exact ? best_ : std::max(root, best_)) / w;
  r.best_value = best_ >= 0 ? best_ / w : -1.0;
  r.nodes = nodes_;
  r.time_s = seconds();
  r.weight = weight_;
  r.line = best_line();
  return r;
}

double SoloDualSolver::expected_penalty_term(const State& x) {
  if (!x.rules().solo()) throw RuleOptionError("haniwa solo dual: the position is not a solo game (players=1)");
  if (x.placed() != kHorizon || x.phase() != Phase::kPlace)
    throw RuleOptionError("haniwa solo dual: the position is not at the start of the last turn");
  std::array<int, 3> unseen = hand_powers(x);
  for (int j = 0; j < x.stock_left(); ++j) ++unseen[power_of(x.stock_tile(j)) - 1];
  prepare(unseen);
  return expected_phi(solo_last_rows(x)) / static_cast<double>(weight_);
}

int SoloDualSolver::penalty_term(const State& x) {
  if (!x.rules().solo()) throw RuleOptionError("haniwa solo dual: the position is not a solo game (players=1)");
  if (x.placed() != kHorizon || x.phase() != Phase::kPlace)
    throw RuleOptionError("haniwa solo dual: the position is not at the start of the last turn");
  return 2 * solo_rows_completed(solo_last_rows(x), hand_powers(x));
}

}  // namespace kofun::haniwa
