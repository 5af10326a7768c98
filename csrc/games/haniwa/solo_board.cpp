#include "solo_board.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>

namespace kofun::haniwa {
namespace {

int effective_colour(const State& s, std::uint8_t code) noexcept {
  const int k = cell_kofun(code);
  return k >= 0 ? s.rules().kofun_colours[k] : colour_of(cell_kind(code));
}

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

SoloKofun solo_kofun(const State& s) noexcept {
  const Rules& r = s.rules();
  SoloKofun k;
  for (int i = 0; i < r.num_kofun; ++i) {
    const int owner = s.kofun_owner(i);
    k.held += owner == 0;
    k.reserve += owner < 0;
    if (owner < 0 || !s.kofun_used(i)) ++k.items[r.kofun_colours[i]];
  }
  return k;
}

}  // namespace

SoloBoard solo_board(const State& s) noexcept {
  SoloBoard board;
  for (int c = 0; c < kColours; ++c) board.columns[c] = solo_column(s, c);
  for (int row = 0; row < 6; ++row) board.rows[row] = solo_row(s, row);
  board.kofun = solo_kofun(s);
  return board;
}

SoloBoard solo_board(const State& s, const SoloBoard& parent, Move move) noexcept {
  SoloBoard board = parent;
  if (move_type(move) == MoveType::kPlace) {
    const int cell = move_cell(move), c = cell % kZoneColumns;
    const std::uint8_t code = s.cell(0, cell);
    SoloColumn& column = board.columns[c];
    const int run = effective_colour(s, code) == c ? 4 - column.need : 0;  // the top run with the new item
    column = SoloColumn{column.empty - 1, column.smiling || run >= 3, 3 - run};
    SoloRow& row = board.rows[cell / kZoneColumns];
    ++row.filled;
    row.total += effective_power(code);
    if (move_mode(move) == PlaceMode::kKofun) --board.kofun.items[move_kofun_colour(move)];  // a held one, used
  } else if (move_type(move) == MoveType::kTake) {  // from the reserve to the hand, unused
    ++board.kofun.held;
    --board.kofun.reserve;
  }
  assert(board == solo_board(s));
  return board;
}

}  // namespace kofun::haniwa
