// Haniwa baseline play: the provisional margin and the greedy move (contracts in haniwa.hpp).
#include "haniwa.hpp"

namespace kofun::haniwa {

int State::provisional_margin(int player) const noexcept {
  State s = *this;
  for (int i = 0; i < kMaxCells; ++i)
    if (!cell_empty(s.cells_[i]) && cell_face_down(s.cells_[i])) s.cells_[i] = kEmptyCell;
  if (rules().solo()) return s.breakdown(0).total;
  return s.breakdown(player).total - s.breakdown(player ^ 1).total;
}

Move State::greedy_move(Rng& rng) const noexcept {
  MoveList<kMaxMoves> ml;
  legal_moves(ml);
  const int p = to_move_;
  int best_value = 0, ties = 0;
  Move best = ml.size() ? ml[0] : kNoMove;
  for (Move m : ml) {
    // The move's own effect on the board: the placement and its checks, or the Kofun taken; no draw, no reveal.
    State c = *this;
    if (move_type(m) == MoveType::kPlace) {
      const int cell = zone_base(p) + move_cell(m);
      int kofun = -1;
      if (move_mode(m) == PlaceMode::kKofun) {
        const int colour = move_kofun_colour(m);
        kofun = 0;
        while (!(c.kofun_[kofun] == 1 + team(p) && rules().kofun_colours[kofun] == colour)) ++kofun;
        c.kofun_[kofun] |= 4;
      }
      const bool face_down = move_mode(m) == PlaceMode::kFaceDown;
      c.cells_[cell] = make_cell(move_kind(m), kofun, face_down);
      if (!face_down) {
        c.dice_check(cell);
        c.dogu_check(cell);
      }
    } else if (move_type(m) == MoveType::kTake) {
      int k = 0;
      while (!(c.kofun_[k] == 0 && rules().kofun_colours[k] == move_take_colour(m))) ++k;
      c.kofun_[k] = static_cast<std::uint8_t>(1 + team(p));
    }
    const int v = c.provisional_margin(p);
    if (ties == 0 || v > best_value) {
      best_value = v;
      best = m;
      ties = 1;
    } else if (v == best_value && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
      best = m;
    }
  }
  return best;
}

}  // namespace kofun::haniwa
