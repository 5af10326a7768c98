// Clairvoyant exact search of a solo Haniwa world: the best final score reachable when the draw order and the
// dice are known (the world state knows them).
//
// Depth-first branch and bound over the engine's own moves (placements, Kofun plays, Kofun choices). Each node
// returns an upper bound on its value together with an "exact" flag:
//   * a terminal returns its score, exact;
//   * a node whose admissible bound (solo_bound.hpp) does not exceed the best score found so far is cut and
//     returns that bound (not exact);
//   * otherwise the node returns the largest child result; it is exact when the child attaining it is exact
//     (every other child is then bounded by it, so the maximum is attained).
// Children are searched in decreasing order of their bound (best first). A transposition table keyed by the
// state hash merges the placement orders of a turn that lead to the same state; it keeps each node's bound and
// flag, valid for the rest of the search of that world.
//
// Budget: once the node budget (or time) is used up, every node still to be visited returns its admissible
// bound instead of being searched. The root result is then still an upper bound, so the solver reports a
// *proven* upper bound (never a guess) and, separately, the best score actually reached (with its line).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "haniwa.hpp"
#include "solo_bound.hpp"
#include "solo_search.hpp"

namespace kofun::haniwa {

struct SoloSolveResult {
  int best_score = 0;         // the best final score reached (a real line: `line`); -1 if the budget ran out first
  int upper_bound = 0;        // proven: no line scores more; equals best_score when exact
  bool exact = false;         // the search finished within its budget: best_score is the optimum
  std::uint64_t nodes = 0;    // nodes visited
  double time_s = 0.0;
  std::vector<Move> line;     // moves from the root to a terminal state scoring best_score
};

// The solver owns its transposition table (allocated once); solve() may be called for many worlds. Results do
// not depend on earlier calls (the table is invalidated between solves). Not thread-safe: one solver per thread.
class SoloSolver : private SoloSearch<int, std::int16_t> {
 public:
  explicit SoloSolver(int table_bits = 20) : SoloSearch(table_bits) {}
  // Throws RuleOptionError when `s` is not a solo state.
  SoloSolveResult solve(const State& s, const SoloSolveLimits& limits);

 private:
  // Value bound of `s` (see above); `tiles` are the tiles still to place, `bound` the admissible bound of `s`.
  int search(const State& s, const SoloBoard& board, TileCounts& tiles, int bound, int depth, bool& exact);
};

}  // namespace kofun::haniwa
