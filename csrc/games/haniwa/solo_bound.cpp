#include "solo_bound.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>

namespace kofun::haniwa {
namespace {

constexpr int kNeg = -1000;
constexpr int kMaxPasses = 4;  // passes of one die: (5 + 6 * 3) / 6 < 4
constexpr int kCells = 24;

// A column's best worth per number of passes of its die (kNoValue: that many passes cannot happen): the most
// `(smile ? D + 2 : D) * final die` over a colour-c tiles of power 1, b items of power 2 and t of power 3 with
// a <= n1, b <= n2, t <= n3 and a + b + t <= e, from die d; `need` the colour-c items a smile still needs (0: the
// column already smiles). A pure function of small arguments, so it is tabulated once (below) instead of
// enumerated at every bound.
// Beside the worth per pass count, the three summaries that settle the columns' combination without the
// pass-count convolution when the reserve is empty or cannot run out (see solo_upper_bound_parts).
constexpr std::int8_t kNoValue = -1;
constexpr int kDieFaces = 6, kMaxEmpty = 6, kNeedStates = 4;
struct alignas(8) ColumnValues {
  std::array<std::int8_t, kMaxPasses> by_passes;  // kNoValue where that many passes cannot happen
  std::int8_t best;                               // the most over every pass count
  std::int8_t best_with_passes;                   // the most of worth + passes
  std::int8_t most_passes;                        // the largest pass count that can happen
};
static_assert(sizeof(ColumnValues) == 8);  // one aligned load, never across two cache lines
// Counts above the empty cells are clamped by the caller (n1, n2, n3 <= e), so each e has (e + 1)^3 entries: the
// table holds only those (about 270 KB; 135 KB of it for one scoring rule, so it stays in the cache).
constexpr int kPerEmpty = 1 + 8 + 27 + 64 + 125 + 216 + 343;  // sum of (e + 1)^3 for e = 0..6
using ColumnTable = std::array<ColumnValues, 2 * kDieFaces * kNeedStates * kPerEmpty>;

constexpr std::array<int, kMaxEmpty + 1> kEmptyOffset{0, 1, 9, 36, 100, 225, 441};  // sum of (k + 1)^3, k < e

int column_index(int plain, int d, int e, int need, int n1, int n2, int n3) noexcept {
  const int block = (plain * kDieFaces + (d - 1)) * kNeedStates + need;
  return block * kPerEmpty + kEmptyOffset[e] + (n1 * (e + 1) + n2) * (e + 1) + n3;
}

std::unique_ptr<ColumnTable> build_column_table() {
  auto table = std::make_unique<ColumnTable>();
  for (int plain = 0; plain <= 1; ++plain)
    for (int d = 1; d <= kDieFaces; ++d)
      for (int e = 0; e <= kMaxEmpty; ++e)
        for (int need = 0; need < kNeedStates; ++need)
          for (int n1 = 0; n1 <= e; ++n1)
            for (int n2 = 0; n2 <= e; ++n2)
              for (int n3 = 0; n3 <= e; ++n3) {
                ColumnValues col;
                col.by_passes.fill(kNoValue);
                for (int a = 0; a <= n1; ++a)
                  for (int b = 0; b <= n2 && a + b <= e; ++b)
                    for (int t = 0; t <= n3 && a + b + t <= e; ++t) {
                      const int sum = d - 1 + a + 2 * b + 3 * t;
                      const int die = sum % 6 + 1;
                      const bool smile = a + b + t >= need;  // need 0: already smiling
                      std::int8_t& v = col.by_passes[sum / 6];
                      v = std::max<std::int8_t>(v, (smile ? plain + 2 : plain) * die);
                    }
                col.best = col.best_with_passes = col.most_passes = kNoValue;
                for (int q = 0; q < kMaxPasses; ++q) {
                  if (col.by_passes[q] == kNoValue) continue;
                  col.best = std::max(col.best, col.by_passes[q]);
                  col.best_with_passes = std::max<std::int8_t>(col.best_with_passes, col.by_passes[q] + q);
                  col.most_passes = q;
                }
                (*table)[column_index(plain, d, e, need, n1, n2, n3)] = col;
              }
  return table;
}

const ColumnValues& column_values(int plain, int d, int e, int need, int n1, int n2, int n3) noexcept {
  static const std::unique_ptr<ColumnTable> table = build_column_table();
  return (*table)[column_index(plain, d, e, need, n1, n2, n3)];
}

// Kofun plays still possible: one in the current turn if none was made and a placement is left in it, one per
// later turn.
int kofun_plays_left(const State& s) noexcept {
  const int remaining = kCells - s.placed();
  const int pending = s.phase() == Phase::kChooseKofun ? 1 : 0;
  const int this_turn = std::min(remaining, kHandSize - s.turn_placed() - pending);
  const int later = remaining - this_turn;
  return (this_turn > 0 && !s.kofun_played_this_turn() ? 1 : 0) + (later + kHandSize - 1) / kHandSize;
}

int solo_dogu_rows(const State& s, const SoloBoard& board) noexcept {
  int rows = 0;
  for (int row = 0; row < 6; ++row)
    if (s.dogu(0, row) == kAwake || board.rows[row].can_reach_eight()) ++rows;
  return rows;
}

}  // namespace

TileCounts solo_tiles_to_place(const State& s) noexcept {
  TileCounts t{};
  for (int i = 0; i < s.hand_size(0); ++i) ++t[s.hand_tile(0, i)];
  const int draws = std::min(s.stock_left(), kCells - s.placed() - s.hand_size(0));
  for (int j = 0; j < draws; ++j) ++t[s.stock_tile(j)];
  return t;
}

int solo_upper_bound(const State& s, const TileCounts& tiles) noexcept {
  return solo_upper_bound(s, tiles, solo_board(s));
}

SoloBoundParts solo_upper_bound_parts(const State& s, const TileCounts& tiles) noexcept {
  return solo_upper_bound_parts(s, tiles, solo_board(s));
}

namespace {

// The columns, dice and Kofun part of the bound of a state not over (solo_upper_bound_parts' first part).
int columns_and_kofun(const State& s, const TileCounts& tiles, const SoloBoard& board) noexcept {
  const int plain = s.rules().solo_dice_score ? 1 : 0;  // worth of a die per point outside a smile
  const int plays_left = kofun_plays_left(s);
  const int pending = s.phase() == Phase::kChooseKofun ? 1 : 0;  // the pass happened: a Kofun is certainly taken
  const int held = board.kofun.held + pending, reserve = board.kofun.reserve - pending;

  std::array<const ColumnValues*, kColours> cols;
  int sum_best = 0, sum_best_with_passes = 0, most_passes = 0;
  for (int c = 0; c < kColours; ++c) {
    const SoloColumn& col_state = board.columns[c];
    const int e = col_state.empty;
    const int n1 = std::min(tiles[kind_of(c, 1)], e);
    const int n2 = std::min(tiles[kind_of(c, 2)] + std::min(board.kofun.items[c], plays_left), e);
    const int n3 = std::min(tiles[kind_of(c, 3)], e);
    cols[c] = &column_values(plain, s.die(c), e, col_state.smiling ? 0 : col_state.need, n1, n2, n3);
    sum_best += cols[c]->best;
    sum_best_with_passes += cols[c]->best_with_passes;
    most_passes += cols[c]->most_passes;
  }
  // The columns with p passes in all take min(reserve, p) Kofun: an empty reserve adds nothing whatever the
  // passes, a reserve of at least every pass that can happen adds them all — each column is then maximised on
  // its own. Only in between are the pass counts combined (best[p]: the most with p passes in total).
  if (reserve <= 0) return sum_best + reserve + held;
  if (reserve >= most_passes) return sum_best_with_passes + held;
  // best[p]: the most with p passes in all over the columns so far, combined in place (targets from the top
  // down, so each column is counted once).
  std::array<int, 4 * kMaxPasses> best;
  best.fill(kNeg);
  best[0] = 0;
  int max_passes = 0;
  for (const ColumnValues* col : cols) {
    const int most = col->most_passes;
    for (int t = max_passes + most; t >= 0; --t) {
      int v = kNeg;
      for (int q = std::max(0, t - max_passes); q <= std::min(most, t); ++q)
        if (col->by_passes[q] != kNoValue && best[t - q] != kNeg) v = std::max(v, best[t - q] + col->by_passes[q]);
      best[t] = v;
    }
    max_passes += most;
  }
  int value = kNeg;
  for (int p = 0; p <= max_passes; ++p)
    if (best[p] != kNeg) value = std::max(value, best[p] + std::min(reserve, p));
  return value + held;
}

}  // namespace

int solo_upper_bound(const State& s, const TileCounts& tiles, const SoloBoard& board) noexcept {
  if (s.is_terminal()) return s.score(0);
  return columns_and_kofun(s, tiles, board) + 2 * solo_dogu_rows(s, board);
}

SoloBoundParts solo_upper_bound_parts(const State& s, const TileCounts& tiles, const SoloBoard& board) noexcept {
  if (s.is_terminal()) return SoloBoundParts{s.score(0), 0, 0};
  const int rows = solo_dogu_rows(s, board);
  return SoloBoundParts{columns_and_kofun(s, tiles, board), 2 * rows, rows};
}

}  // namespace kofun::haniwa
