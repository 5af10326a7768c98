#include "solo_dual.hpp"

#include <algorithm>

#include "../../core/errors.hpp"
#include "solo_policy.hpp"
#include "solo_rows.hpp"
#include "solo_search.hpp"

namespace kofun::haniwa {
namespace {

constexpr int kCells = kSoloCells;
constexpr int kTurns = kSoloTurns;
constexpr int kRows = 6;

std::int64_t choose(int n, int k) noexcept {
  if (k < 0 || k > n) return 0;
  std::int64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

std::array<int, 3> hand_powers(const State& x) noexcept {
  std::array<int, 3> p{};
  for (int i = 0; i < x.hand_size(0); ++i) ++p[power_of(x.hand_tile(0, i)) - 1];
  return p;
}

// Calls f(rows) for every pattern of k rows holding `cells` empty cells (m_r of at most four each, summing to
// `cells`, non-increasing; q_r in the range a row with m_r empty cells can have and still reach 8).
template <class F>
void every_pattern(int k, int cells, F&& f) {
  static constexpr std::array<std::array<int, 2>, 5> q_range{{{0, -1}, {1, 3}, {2, 6}, {5, 7}, {8, 8}}};
  SoloOpenRows rows;
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
  fill_m(fill_m, 0, cells, kColours);
}

// The most rows from row r on completed with the tiles left (count[p - 1] of power p), `kofun`: the power-2
// option is still free.
int completed_from(const SoloOpenRows& rows, int r, std::array<int, 3>& count, bool kofun) noexcept {
  if (r == rows.rows) return 0;
  int best = completed_from(rows, r + 1, count, kofun);  // row r not completed
  const int m = rows.m[r];
  for (int a = 0; a <= std::min(count[0], m); ++a)
    for (int b = 0; a + b <= m && b <= count[1]; ++b) {
      const int c = m - a - b;
      if (c > count[2]) continue;
      const int sum = a + 2 * b + 3 * c;
      // the row at exactly q: as the tiles are, or one of them counted as power 2 instead
      const bool plain = sum == rows.q[r];
      const bool with_kofun = kofun && ((a > 0 && sum + 1 == rows.q[r]) || (c > 0 && sum - 1 == rows.q[r]));
      if (!plain && !with_kofun) continue;
      count[0] -= a, count[1] -= b, count[2] -= c;
      if (plain) best = std::max(best, 1 + completed_from(rows, r + 1, count, kofun));
      if (with_kofun) best = std::max(best, 1 + completed_from(rows, r + 1, count, false));
      count[0] += a, count[1] += b, count[2] += c;
    }
  return best;
}

}  // namespace

SoloOpenRows solo_open_rows(const State& x) noexcept {
  SoloOpenRows out;
  for (int row = 0; row < kRows; ++row) {
    const SoloRow r = solo_row(x, row);
    if (r.empty() == 0) continue;
    out.m[out.rows] = r.empty();
    out.q[out.rows] = 8 - r.total;
    ++out.rows;
  }
  return out;
}

int solo_rows_completed(const SoloOpenRows& rows, const std::array<int, 3>& powers) noexcept {
  std::array<int, 3> count = powers;
  return completed_from(rows, 0, count, true);
}

SoloDualSolver::SoloDualSolver(int table_bits, int penalised_draws)
    : SoloSearch(table_bits), draws_(penalised_draws), last_(14) {
  if (draws_ != 1 && draws_ != 2) throw RuleOptionError("haniwa solo dual: penalised draws must be 1 or 2");
}

void SoloDualSolver::Draw::prepare(const std::array<int, 3>& unseen, int cells) {
  if (unseen[0] + unseen[1] + unseen[2] < kHandSize)
    throw RuleOptionError("haniwa solo dual: fewer than 4 tiles left for the last draw");
  hands.clear();
  weight = 0;
  for (int a = 0; a <= kHandSize; ++a)
    for (int b = 0; a + b <= kHandSize; ++b) {
      const int c = kHandSize - a - b;
      const std::int64_t w = choose(unseen[0], a) * choose(unseen[1], b) * choose(unseen[2], c);
      if (w == 0) continue;
      hands.push_back({{a, b, c}, w});
      weight += w;
    }
  cache.clear();
  best.fill(0);
  for (int k = 1; k <= SoloOpenRows::kMaxRows; ++k)
    every_pattern(k, cells, [&](const SoloOpenRows& rows) { best[k] = std::max(best[k], expected_phi(rows)); });
  best_any = *std::max_element(best.begin(), best.end());
}

std::int64_t SoloDualSolver::Draw::expected_phi(const SoloOpenRows& rows) {
  std::array<std::uint64_t, SoloOpenRows::kMaxRows> code{};
  for (int r = 0; r < rows.rows; ++r)
    code[r] = static_cast<std::uint64_t>(rows.m[r]) << 6 | static_cast<std::uint64_t>(rows.q[r] + 32);
  for (int i = 1; i < rows.rows; ++i)  // insertion sort of at most six codes
    for (int j = i; j > 0 && code[j - 1] > code[j]; --j) std::swap(code[j - 1], code[j]);
  std::uint64_t key = static_cast<std::uint64_t>(rows.rows);
  for (int r = 0; r < rows.rows; ++r) key = key << 9 | code[r];
  // rows are merged in sorted order, so equal patterns share the entry whatever the order of the rows
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  std::int64_t sum = 0;
  for (const auto& [powers, w] : hands) sum += w * 2 * solo_rows_completed(rows, powers);
  cache.emplace(key, sum);
  return sum;
}

// The bound of a node from turn 5 on, in units of 1/W (the last penalty): see the header.
std::int64_t SoloDualSolver::bound_wide(const State& s, const TileCounts& tiles,
                                       const SoloBoard& board) const noexcept {
  const SoloBoundParts p = solo_upper_bound_parts(s, tiles, board);
  // Cells fill from the bottom (both solo_fill modes), so a later position's empty cells are the top cells of
  // their columns and its k rows are the top k rows: rows 0 .. 5 - k are full there. Column c has e_c empty
  // cells now and keeps at most e_c; k = the most any column keeps, so `cells` empty cells fit only if
  // sum_c min(e_c, k) >= n.
  std::array<int, kRows + 1> ok_below{};  // ok_below[r]: rows 0 .. r - 1 awake or still able to total 8
  for (int row = 0; row < kRows; ++row)
    ok_below[row + 1] = ok_below[row] + (s.dogu(0, row) == kAwake || board.rows[row].can_reach_eight() ? 1 : 0);
  const std::int64_t w = last_draw_.weight;
  auto fits = [&](int k, int n) {
    int fit = 0;
    for (int c = 0; c < kColours; ++c) fit += std::min(board.columns[c].empty, k);
    return fit >= n;
  };
  if (penalise5_ && solo_turn_of(s) < kTurns - 2) {  // before turn 5: both penalties to come
    const std::int64_t w5 = draw5_.weight;
    std::int64_t rows = -1;
    for (int k = 1; k <= kRows; ++k) {
      if (!fits(k, 2 * kHandSize)) continue;
      rows = std::max(rows, 2 * w5 * w * std::min(ok_below[kRows - k], p.dogu_rows) + w * draw5_.best[k]);
    }
    if (rows < 0) rows = 2 * w5 * w * p.dogu_rows + w * draw5_.best[kRows];
    return w5 * w * p.columns_and_kofun + rows + w5 * last_draw_.best_any;
  }
  std::int64_t rows = -1;
  for (int k = 1; k <= kHandSize; ++k) {
    if (!fits(k, kHandSize)) continue;
    rows = std::max(rows, 2 * w * std::min(ok_below[kRows - k], p.dogu_rows) + last_draw_.best[k]);
  }
  if (rows < 0) rows = 2 * w * p.dogu_rows + last_draw_.best[kHandSize];  // not reached before the horizon
  return scale5_ * (w * p.columns_and_kofun + rows);
}

bool SoloDualSolver::at_x4(const State& s) const noexcept {
  return penalise5_ && s.placed() == kTurnFive && s.phase() == Phase::kPlace;
}

std::int64_t SoloDualSolver::penalty5(const State& x4) {
  const SoloOpenRows rows = solo_open_rows(x4);
  const std::int64_t phi = 2 * solo_rows_completed(rows, hand_powers(x4));
  return last_draw_.weight * (draw5_.weight * phi - draw5_.expected_phi(rows));
}

// A node at x_4 (the second penalty): its subtree's bound minus the penalty, else the bound above.
std::int32_t SoloDualSolver::bound(const State& s, const TileCounts& tiles, const SoloBoard& board) noexcept {
  const std::int64_t b = bound_wide(s, tiles, board);
  return static_cast<std::int32_t>(at_x4(s) ? b - penalty5(s) : b);
}

// W (V(x, H_6) - Phi(x, H_6)) + W E[Phi(x, .)] (times W_5 with the second penalty), solved only when its bound
// can beat the best value found.
std::int32_t SoloDualSolver::leaf(const State& x, bool& exact) {
  const SoloOpenRows rows = solo_open_rows(x);
  const std::int64_t phi = 2 * solo_rows_completed(rows, hand_powers(x));
  const std::int64_t expected = last_draw_.expected_phi(rows);
  const std::int64_t w = last_draw_.weight;
  TileCounts hand{};
  for (int i = 0; i < x.hand_size(0); ++i) ++hand[x.hand_tile(0, i)];
  const std::int64_t ub = scale5_ * (w * (solo_upper_bound(x, hand) - phi) + expected);
  exact = false;
  if (ub + offset_ <= best_ || out_of_budget()) return static_cast<std::int32_t>(ub);
  const std::uint64_t left = node_limit_ ? node_limit_ - nodes_ : 0;
  const SoloSolveResult r = last_.solve(x, SoloSolveLimits{left, 0.0});
  nodes_ += r.nodes;
  exact = r.exact;
  return static_cast<std::int32_t>(std::min(ub, scale5_ * (w * (r.upper_bound - phi) + expected)));
}

// A node at x_4 is worth -penalty5 + its subtree (searched with the penalty as the offset); other nodes are
// searched as they are.
std::int32_t SoloDualSolver::search(const State& s, const SoloBoard& board, TileCounts& tiles,
                                    std::int32_t node_bound, int depth, bool& exact) {
  if (depth == 0 || !at_x4(s)) return search_node(s, board, tiles, node_bound, depth, exact);
  const std::int64_t pen = penalty5(s);
  const std::int32_t saved = offset_;
  offset_ = static_cast<std::int32_t>(offset_ - pen);
  const std::int32_t sub = search_node(s, board, tiles, static_cast<std::int32_t>(node_bound + pen), depth, exact);
  offset_ = saved;
  return static_cast<std::int32_t>(sub - pen);
}

std::int32_t SoloDualSolver::search_node(const State& s, const SoloBoard& board, TileCounts& tiles,
                                         std::int32_t node_bound, int depth, bool& exact) {
  ++nodes_;
  const std::uint64_t key = s.hash();  // computed from the aggregate state: once per node
  Entry& e = entry(key);
  if (holds(e, key)) {
    if (e.exact || e.value + offset_ <= best_) {
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
    if (node_bound + offset_ <= best_ || out_of_budget()) return node_bound;
    const auto bound_of = [this](const State& c, const TileCounts& t, const SoloBoard& b) {
      return bound(c, t, b);
    };
    const auto search_of = [this](const State& c, const SoloBoard& cb, TileCounts& t, std::int32_t b, int d,
                                  bool& x) { return search(c, cb, t, b, d, x); };
    value = best_child(s, board, tiles, depth, bound_of, search_of, value_exact);
    value = std::min(value, node_bound);  // both are upper bounds; the tighter one is kept
  }
  store(e, key, value, value_exact);
  exact = value_exact;
  return value;
}

SoloDualResult SoloDualSolver::solve(const State& s, const SoloSolveLimits& limits) {
  if (!s.rules().solo()) throw RuleOptionError("haniwa solo dual: the position is not a solo game (players=1)");
  if (limits.time_s < 0) throw RuleOptionError("haniwa solo dual: time limit must be >= 0");
  SoloDualResult r;
  const int turn = solo_turn_of(s);
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
  last_draw_.prepare(unseen, kHandSize);
  penalise5_ = draws_ == 2 && turn < kTurns - 2;
  scale5_ = 1;
  if (penalise5_) {  // U_4 = H_5 + U_5
    for (int j = before - kHandSize; j < before; ++j) ++unseen[power_of(s.stock_tile(j)) - 1];
    draw5_.prepare(unseen, 2 * kHandSize);
    scale5_ = draw5_.weight;
    // values in units of 1/(W_5 W) must fit the table's 32 bits (they do for sets of up to about 40 tiles)
    if (scale5_ * last_draw_.weight * 200 > std::int64_t{1} << 31)
      throw RuleOptionError("haniwa solo dual: the tile set is too large for two penalised draws (use 1)");
  }
  begin(limits);
  TileCounts tiles = solo_tiles_to_place(s);
  bool exact = false;
  const SoloBoard board = solo_board(s);
  const std::int32_t root = search(s, board, tiles, bound(s, tiles, board), 0, exact);
  const double w = static_cast<double>(scale5_ * last_draw_.weight);
  r.exact = exact;
  r.upper_bound = (exact ? best_ : std::max(root, best_)) / w;
  r.best_value = best_ >= 0 ? best_ / w : -1.0;
  r.nodes = nodes_;
  r.time_s = seconds();
  r.weight = scale5_ * last_draw_.weight;
  r.line = best_line();
  return r;
}

double SoloDualSolver::expected_penalty_term(const State& x) {
  if (!x.rules().solo()) throw RuleOptionError("haniwa solo dual: the position is not a solo game (players=1)");
  if ((x.placed() != kHorizon && x.placed() != kTurnFive) || x.phase() != Phase::kPlace)
    throw RuleOptionError("haniwa solo dual: the position is not at the start of turn 5 or of the last turn");
  std::array<int, 3> unseen = hand_powers(x);
  for (int j = 0; j < x.stock_left(); ++j) ++unseen[power_of(x.stock_tile(j)) - 1];
  Draw d;
  d.prepare(unseen, kCells - x.placed());
  return d.expected_phi(solo_open_rows(x)) / static_cast<double>(d.weight);
}

int SoloDualSolver::penalty_term(const State& x) {
  if (!x.rules().solo()) throw RuleOptionError("haniwa solo dual: the position is not a solo game (players=1)");
  if ((x.placed() != kHorizon && x.placed() != kTurnFive) || x.phase() != Phase::kPlace)
    throw RuleOptionError("haniwa solo dual: the position is not at the start of turn 5 or of the last turn");
  return 2 * solo_rows_completed(solo_open_rows(x), hand_powers(x));
}

}  // namespace kofun::haniwa
