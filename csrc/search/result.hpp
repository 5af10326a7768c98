// The result every search returns.
//
// Values are from the point of view of the player to move at the root. Alpha-beta values are in the game's
// evaluation units (proven results beyond kEvalBound); MCTS values are mean returns of the player to move.
#pragma once

#include <cstdint>
#include <vector>

#include "../core/move_list.hpp"

namespace kofun {

enum class Proof : std::int8_t { kNone = 0, kWin = 1, kLoss = 2, kDraw = 3 };

struct MoveStat {
  Move move = kNoMove;
  double value = 0.0;          // value of the move for the root player
  std::uint64_t visits = 0;    // MCTS visits (alpha-beta: nodes spent below the move in the last iteration)
  Proof proof = Proof::kNone;  // proven outcome of the move for the root player
  int plies_to_end = -1;       // when proven win/loss: plies from the root until the game ends (this move = 1)
  std::uint64_t wins = 0;      // ISMCTS: visits whose game ended with a positive return for the root player
                               // (win probability = wins / visits); 0 for the other searches
  std::int8_t bound = 0;       // alpha-beta: 0 the value is exact, -1 an upper bound (the move is worth at most
                               // `value`), +1 a lower bound (at least `value`); 0 for the other searches
};

struct SearchResult {
  Move best_move = kNoMove;
  double value = 0.0;
  Proof proof = Proof::kNone;  // proven outcome of the root for the player to move
  int plies_to_end = -1;       // when proven win/loss: plies until the game ends along the PV
  std::vector<MoveStat> moves;  // every root move searched, best first
  std::vector<Move> pv;         // principal variation, starting with best_move
  std::uint64_t nodes = 0;      // alpha-beta nodes / MCTS iterations, all threads
  int depth = 0;                // alpha-beta: last completed iteration; MCTS: deepest tree depth
  double time_s = 0.0;
  bool stopped = false;         // ended by a stop request rather than a budget
  double value_low = 0.0;       // solve: the bounds reached on the value (equal when proven); 0 for the other
  double value_high = 0.0;      // searches
};

}  // namespace kofun
