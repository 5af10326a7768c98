#include "solo_bound.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>

#include "solo_rows.hpp"

namespace kofun::haniwa {
namespace {

constexpr int kNeg = -1000;
constexpr int kMaxPasses = 4;  // passes of one die: (5 + 6 * 3) / 6 < 4
constexpr int kCells = 24;

int effective_colour(const State& s, std::uint8_t code) noexcept {
  const int k = cell_kofun(code);
  return k >= 0 ? s.rules().kofun_colours[k] : colour_of(cell_kind(code));
}

// A column's best worth per number of passes of its die (kNoValue: that many passes cannot happen): the most
// `(smile ? D + 2 : D) * final die` over a colour-c tiles of power 1, b items of power 2 and t of power 3 with
// a <= n1, b <= n2, t <= n3 and a + b + t <= e, from die d; `need` the colour-c items a smile still needs (0: the
// column already smiles). A pure function of small arguments, so it is tabulated once (about 460 KB) instead of
// enumerated at every bound.
constexpr std::int8_t kNoValue = -1;
constexpr int kDieFaces = 6, kMaxEmpty = 6, kNeedStates = 4;
using ColumnValues = std::array<std::int8_t, kMaxPasses>;
using ColumnTable = std::array<ColumnValues, 2 * kDieFaces * (kMaxEmpty + 1) * kNeedStates * (kMaxEmpty + 1) *
                                                 (kMaxEmpty + 1) * (kMaxEmpty + 1)>;

int column_index(int plain, int d, int e, int need, int n1, int n2, int n3) noexcept {
  int i = plain;
  i = i * kDieFaces + (d - 1);
  i = i * (kMaxEmpty + 1) + e;
  i = i * kNeedStates + need;
  i = (i * (kMaxEmpty + 1) + n1) * (kMaxEmpty + 1) + n2;
  return i * (kMaxEmpty + 1) + n3;
}

std::unique_ptr<ColumnTable> build_column_table() {
  auto table = std::make_unique<ColumnTable>();
  for (int plain = 0; plain <= 1; ++plain)
    for (int d = 1; d <= kDieFaces; ++d)
      for (int e = 0; e <= kMaxEmpty; ++e)
        for (int need = 0; need < kNeedStates; ++need)
          for (int n1 = 0; n1 <= kMaxEmpty; ++n1)
            for (int n2 = 0; n2 <= kMaxEmpty; ++n2)
              for (int n3 = 0; n3 <= kMaxEmpty; ++n3) {
                ColumnValues col;
                col.fill(kNoValue);
                for (int a = 0; a <= n1; ++a)
                  for (int b = 0; b <= n2 && a + b <= e; ++b)
                    for (int t = 0; t <= n3 && a + b + t <= e; ++t) {
                      const int sum = d - 1 + a + 2 * b + 3 * t;
                      const int die = sum % 6 + 1;
                      const bool smile = a + b + t >= need;  // need 0: already smiling
                      col[sum / 6] = std::max<std::int8_t>(col[sum / 6], (smile ? plain + 2 : plain) * die);
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

// Column c of the solo zone: empty cells, whether it already smiles, and the colour-c items still needed on top
// of its current top run to complete three adjacent ones (>= 1 when not smiling).
struct SoloColumn {
  int empty = 0;
  bool smiling = false;
  int need = 3;
};

SoloColumn solo_column(const State& s, int c) noexcept {
  int filled = 0, run = 0, longest = 0;
  for (int row = 0; row < 6; ++row) {
    const std::uint8_t code = s.cell(0, row * kZoneColumns + c);
    if (cell_empty(code)) break;
    ++filled;
    run = effective_colour(s, code) == c ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return SoloColumn{6 - filled, longest >= 3, 3 - run};
}

// Kofun held (a pending take counted), Kofun in the reserve (the pending take removed), and per colour the Kofun
// that could still be stacked (held unused, or in the reserve).
struct SoloKofun {
  int held = 0;
  int reserve = 0;
  std::array<int, kKofunColours> items{};
};

SoloKofun solo_kofun(const State& s) noexcept {
  const Rules& r = s.rules();
  SoloKofun k;
  for (int i = 0; i < r.num_kofun; ++i) {
    const int owner = s.kofun_owner(i);
    k.held += owner == 0;
    k.reserve += owner < 0;
    if (owner < 0 || !s.kofun_used(i)) ++k.items[r.kofun_colours[i]];
  }
  if (s.phase() == Phase::kChooseKofun) {  // the pass already happened: one Kofun is certainly taken
    ++k.held;
    --k.reserve;
  }
  return k;
}

int solo_dogu_rows(const State& s) noexcept {
  int rows = 0;
  for (int row = 0; row < 6; ++row)
    if (s.dogu(0, row) == kAwake || solo_row(s, row).can_reach_eight()) ++rows;
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
  const SoloBoundParts p = solo_upper_bound_parts(s, tiles);
  return p.columns_and_kofun + p.dogu;
}

SoloBoundParts solo_upper_bound_parts(const State& s, const TileCounts& tiles) noexcept {
  if (s.is_terminal()) return SoloBoundParts{s.score(0), 0, 0};
  const Rules& r = s.rules();
  const int plain = r.solo_dice_score ? 1 : 0;  // worth of a die per point outside a smile
  const int plays_left = kofun_plays_left(s);
  const SoloKofun kofun = solo_kofun(s);
  const int held = kofun.held, reserve = kofun.reserve;
  const std::array<int, kKofunColours>& kofun_items = kofun.items;  // Kofun that could still be stacked

  // best[p]: the most the columns seen so far can score with p passes in total.
  std::array<int, 4 * kMaxPasses> best;
  best.fill(kNeg);
  best[0] = 0;
  int max_passes = 0;
  for (int c = 0; c < kColours; ++c) {
    const SoloColumn col_state = solo_column(s, c);
    const int e = col_state.empty;
    const int d = s.die(c);
    const bool smiling = col_state.smiling;
    const int need = col_state.need;
    const int n1 = std::min(tiles[kind_of(c, 1)], e);
    const int n2 = std::min(tiles[kind_of(c, 2)] + std::min(kofun_items[c], plays_left), e);
    const int n3 = std::min(tiles[kind_of(c, 3)], e);
    const ColumnValues& col = column_values(plain, d, e, smiling ? 0 : need, n1, n2, n3);
    std::array<int, 4 * kMaxPasses> next;
    next.fill(kNeg);
    for (int p = 0; p <= max_passes; ++p) {
      if (best[p] == kNeg) continue;
      for (int q = 0; q < kMaxPasses; ++q)
        if (col[q] != kNoValue) next[p + q] = std::max(next[p + q], best[p] + col[q]);
    }
    best = next;
    max_passes += kMaxPasses - 1;
  }
  int columns_and_kofun = kNeg;
  for (int p = 0; p <= max_passes; ++p)
    if (best[p] != kNeg) columns_and_kofun = std::max(columns_and_kofun, best[p] + std::min(reserve, p));

  const int rows = solo_dogu_rows(s);
  return SoloBoundParts{columns_and_kofun + held, 2 * rows, rows};
}

}  // namespace kofun::haniwa
