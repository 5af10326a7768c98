#include "solo_heuristic.hpp"

#include <algorithm>

namespace kofun::haniwa {

double solo_heuristic(const State& s, const SoloHeuristicWeights& w) noexcept {
  return solo_heuristic(s, w, solo_board(s));
}

double solo_heuristic(const State& s, const SoloHeuristicWeights& w, const SoloBoard& board) noexcept {
  if (s.is_terminal()) return s.score(0);
  const Rules& r = s.rules();
  const int plain = r.solo_dice_score ? 1 : 0;  // worth of a die per point outside a smile
  double h = 0.0;
  for (int c = 0; c < kColours; ++c) {
    const SoloColumn& column = board.columns[c];
    const int e = column.empty;
    const int d = s.die(c);
    if (e == 0) {
      h += (column.smiling ? plain + 2 : plain) * d;
      continue;
    }
    const double die_est = d * (1.0 - w.flex[e]) + w.target * w.flex[e];
    const int need = column.need;
    const double p = column.smiling ? 1.0 : (need <= e ? w.smile[need][e] : 0.0);
    h += die_est * (plain + 2.0 * p);
  }
  for (int row = 0; row < 6; ++row) {
    if (s.dogu(0, row) == kAwake) {
      h += 2.0;
      continue;
    }
    const SoloRow& rw = board.rows[row];
    if (rw.can_reach_eight()) h += 2.0 * w.dogu[rw.empty()];
  }
  for (int k = 0; k < r.num_kofun; ++k) {
    if (s.kofun_owner(k) == 0) h += s.kofun_used(k) ? 1.0 : 1.0 + w.kofun_unused;
    else if (s.kofun_owner(k) < 0) h += w.kofun_reserve;
  }
  if (s.phase() == Phase::kChooseKofun) h += 1.0 - w.kofun_reserve;  // a take is pending
  return h;
}

}  // namespace kofun::haniwa
