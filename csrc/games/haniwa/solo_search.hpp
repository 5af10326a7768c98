// Pieces shared by the two solo branch-and-bound searches (solo_solver.hpp, solo_dual.hpp): the tile kind a move
// places, and the children of a node with their admissible bounds, best bound first.
#pragma once

#include <algorithm>
#include <array>

#include "haniwa.hpp"
#include "solo_bound.hpp"

namespace kofun::haniwa {

// The tile kind a move takes from the hand (placements, also under a Kofun); -1 for a Kofun choice.
inline int placed_kind(Move m) noexcept { return move_type(m) == MoveType::kPlace ? move_kind(m) : -1; }

using SoloMoveArray = std::array<int, State::kMaxMoves>;

// Fills `ml` with the legal moves of `s`, `child_bound[i]` with bound(child i, tiles still to place after move i)
// and `order` with the move indices sorted by decreasing bound (stable). `tiles` is restored. Returns the count.
template <class Bound>
int solo_ordered_children(const State& s, TileCounts& tiles, const Bound& bound, MoveList<State::kMaxMoves>& ml,
                          SoloMoveArray& child_bound, SoloMoveArray& order) {
  s.legal_moves(ml);
  const int n = ml.size();
  for (int i = 0; i < n; ++i) {
    State c = s;
    c.apply(ml[i]);
    const int kind = placed_kind(ml[i]);
    if (kind >= 0) --tiles[kind];
    child_bound[i] = bound(c, tiles);
    if (kind >= 0) ++tiles[kind];
    order[i] = i;
  }
  std::stable_sort(order.begin(), order.begin() + n, [&](int a, int b) { return child_bound[a] > child_bound[b]; });
  return n;
}

}  // namespace kofun::haniwa
