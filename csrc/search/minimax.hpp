// Brute-force reference search: plain negamax over every move, no pruning, no table. Exponential; used only by the
// tests to check alpha-beta, which must return exactly the same score (see score.hpp for the convention:
// mate-distance scores for proven results, horizon_score() at depth 0).
#pragma once

#include <algorithm>

#include "../core/game.hpp"
#include "alphabeta.hpp"
#include "score.hpp"

namespace kofun {

// Negamax value of `g` searched `depth` plies deep; `ply` is the distance from the root (for proven scores).
// One- and two-player positions only (std::invalid_argument naming the count otherwise, as alphabeta).
template <Game G>
int minimax(const G& g, int depth, int ply = 0) {
  if (ply == 0) check_two_players(g, "minimax");
  if (g.is_terminal()) return terminal_score(g, ply);
  if (depth <= 0 || ply >= kMaxPly - 1) return horizon_score(g);
  MoveListOf<G> ml;
  g.legal_moves(ml);
  int best = -kInfinity;
  for (Move m : ml) {
    G c = g;
    c.apply(m);
    best = std::max(best, to_parent(minimax(c, depth - 1, ply + 1), c.to_move() == g.to_move()));
  }
  return best;
}

}  // namespace kofun
