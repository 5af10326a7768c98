// Rows of the solo zone as the solo bound and the solo heuristic read them: how full a row is, the power it
// holds (a Kofun stack counts as power 2), and whether its Dogu can still wake (the empty cells, each taking
// a power of 1 to 3, can still bring the row to exactly 8).
#pragma once

#include "haniwa.hpp"

namespace kofun::haniwa {

struct SoloRow {
  int filled = 0;  // tiles in the row
  int total = 0;   // their power (Kofun stacks: power 2)
  bool operator==(const SoloRow&) const = default;

  int empty() const noexcept { return kColours - filled; }
  // Not yet full, and 8 - total is reachable with `empty()` tiles of power 1..3.
  bool can_reach_eight() const noexcept {
    const int e = empty();
    return e > 0 && e <= 8 - total && 8 - total <= 3 * e;
  }
};

inline int effective_power(std::uint8_t code) noexcept {
  return cell_kofun(code) >= 0 ? kKofunPower : power_of(cell_kind(code));
}

inline SoloRow solo_row(const State& s, int row) noexcept {
  SoloRow r;
  for (int c = 0; c < kColours; ++c) {
    const std::uint8_t code = s.cell(0, row * kZoneColumns + c);
    if (cell_empty(code)) continue;
    ++r.filled;
    r.total += effective_power(code);
  }
  return r;
}

}  // namespace kofun::haniwa
