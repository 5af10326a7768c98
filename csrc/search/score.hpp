// The score convention shared by alpha-beta, the brute-force reference and the transposition table.
//
// Scores are integers from the point of view of the player to move:
//   (-kEvalBound, kEvalBound)   heuristic values (G::evaluate(), or 0 without it) and draws (exactly 0)
//   kMate - p                   a proven win, the game ending p plies below the root of the search
//   -(kMate - p)                a proven loss, likewise
// so a quicker win scores higher and a slower loss scores higher (mate-distance style). p < kMaxPly keeps every
// proven score beyond kEvalBound, and every score fits in an int16 (the transposition table stores 16 bits).
#pragma once

#include "../core/game.hpp"

namespace kofun {

inline constexpr int kMate = 30000;
inline constexpr int kInfinity = 32000;  // larger than every score; only used as a window bound
inline constexpr int kMaxPly = 256;      // deepest ply any search reaches (fixed-size PV and killer arrays)

static_assert(kMate - kMaxPly > kEvalBound, "proven scores must lie beyond the heuristic range");
static_assert(kInfinity <= 32767, "scores must fit in 16 bits");

constexpr bool is_proven_score(int v) noexcept { return v > kEvalBound || v < -kEvalBound; }

// Plies from the search root to the end of the game for a proven score.
constexpr int plies_of_score(int v) noexcept { return kMate - (v > 0 ? v : -v); }

// Score of a terminal state reached `ply` plies below the root, for the player to move in it.
template <Game G>
int terminal_score(const G& g, int ply) noexcept {
  const double r = g.returns(g.to_move());
  return r > 0 ? kMate - ply : r < 0 ? -(kMate - ply) : 0;
}

// Score of a non-terminal state at the search horizon.
template <Game G>
int horizon_score(const G& g) noexcept {
  if constexpr (HasEvaluate<G>)
    return g.evaluate();
  else
    return 0;
}

// A child's score seen from its parent: negated only when the player to move changes (turns need not alternate).
constexpr int to_parent(int child_score, bool same_player) noexcept {
  return same_player ? child_score : -child_score;
}

// Proven scores are stored in the table relative to the node (distance from the node, not from the root).
constexpr int score_to_tt(int v, int ply) noexcept { return v > kEvalBound ? v + ply : v < -kEvalBound ? v - ply : v; }
constexpr int score_from_tt(int v, int ply) noexcept {
  return v > kEvalBound ? v - ply : v < -kEvalBound ? v + ply : v;
}

}  // namespace kofun
