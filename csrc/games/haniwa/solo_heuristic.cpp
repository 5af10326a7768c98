#include "solo_heuristic.hpp"

#include <algorithm>

#include "solo_rows.hpp"

namespace kofun::haniwa {

double solo_heuristic(const State& s, const SoloHeuristicWeights& w) noexcept {
  if (s.is_terminal()) return s.score(0);
  const Rules& r = s.rules();
  const int plain = r.solo_dice_score ? 1 : 0;  // worth of a die per point outside a smile
  double h = 0.0;
  for (int c = 0; c < kColours; ++c) {
    int filled = 0, run = 0, longest = 0;
    for (int row = 0; row < 6; ++row) {
      const std::uint8_t code = s.cell(0, row * kZoneColumns + c);
      if (cell_empty(code)) break;
      ++filled;
      const int k = cell_kofun(code);
      const int colour = k >= 0 ? r.kofun_colours[k] : colour_of(cell_kind(code));
      run = colour == c ? run + 1 : 0;
      longest = std::max(longest, run);
    }
    const int e = 6 - filled;
    const int d = s.die(c);
    const bool smiling = longest >= 3;
    if (e == 0) {
      h += (smiling ? plain + 2 : plain) * d;
      continue;
    }
    const double die_est = d * (1.0 - w.flex[e]) + w.target * w.flex[e];
    const int need = 3 - run;
    const double p = smiling ? 1.0 : (need <= e ? w.smile[need][e] : 0.0);
    h += die_est * (plain + 2.0 * p);
  }
  for (int row = 0; row < 6; ++row) {
    if (s.dogu(0, row) == kAwake) {
      h += 2.0;
      continue;
    }
    const SoloRow r = solo_row(s, row);
    if (r.can_reach_eight()) h += 2.0 * w.dogu[r.empty()];
  }
  for (int k = 0; k < r.num_kofun; ++k) {
    if (s.kofun_owner(k) == 0) h += s.kofun_used(k) ? 1.0 : 1.0 + w.kofun_unused;
    else if (s.kofun_owner(k) < 0) h += w.kofun_reserve;
  }
  if (s.phase() == Phase::kChooseKofun) h += 1.0 - w.kofun_reserve;  // a take is pending
  return h;
}

}  // namespace kofun::haniwa
