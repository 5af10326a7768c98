// What the solo bound (solo_bound.hpp) and the solo heuristic (solo_heuristic.hpp) read from a solo board — per
// column its empty cells and top run, per row its tiles and power, the Kofun held, in the reserve and still able
// to be stacked — kept incrementally along a search.
//
// In solo a placement fills the lowest empty cell of a column (both fill orders) and no other move changes a
// cell; a placement under a Kofun uses one held unused Kofun of its colour, a take moves one from the reserve to
// the hand. So a child's board is its parent's with one cell added on top of its column and its row and those
// Kofun counts moved: a node's children are valued from the node's board (solo_board(child, parent's, move)),
// the same values as from scratch (a debug build asserts it).
#pragma once

#include <array>

#include "haniwa.hpp"
#include "solo_rows.hpp"

namespace kofun::haniwa {

// Column c of the solo zone: empty cells, whether it already smiles, and the colour-c items still needed on top
// of its current top run to complete three adjacent ones (>= 1 when not smiling).
struct SoloColumn {
  int empty = 0;
  bool smiling = false;
  int need = 3;  // 3 - the top run (below 1 only when smiling)
  bool operator==(const SoloColumn&) const = default;
};

// The Kofun as the board holds them (a pending take not counted yet): held, in the reserve, and per colour held
// unused or in the reserve (those that could still be stacked).
struct SoloKofun {
  int held = 0;
  int reserve = 0;
  std::array<int, kKofunColours> items{};
  bool operator==(const SoloKofun&) const = default;
};

struct SoloBoard {
  std::array<SoloColumn, kColours> columns;
  std::array<SoloRow, 6> rows;
  SoloKofun kofun;
  bool operator==(const SoloBoard&) const = default;
};

// The board of the solo state `s`: from scratch, or from that of the state `s` was reached from by `move`.
SoloBoard solo_board(const State& s) noexcept;
SoloBoard solo_board(const State& s, const SoloBoard& parent, Move move) noexcept;

}  // namespace kofun::haniwa
