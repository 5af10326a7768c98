// Pieces shared by the two solo branch-and-bound searches (solo_solver.hpp, solo_dual.hpp): their budget, their
// bookkeeping (transposition table, budget, best line found: SoloSearch), the tile kind a move places, and the
// children of a node with their admissible bounds, best bound first.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "../../core/big_array.hpp"
#include "../../search/limits.hpp"
#include "haniwa.hpp"
#include "solo_bound.hpp"

namespace kofun::haniwa {

struct SoloSolveLimits {
  std::uint64_t nodes = 0;  // 0: no node limit
  double time_s = 0.0;      // 0: no time limit (a time limit makes budget-limited results machine-dependent)
};

// The tile kind a move takes from the hand (placements, also under a Kofun); -1 for a Kofun choice.
inline int placed_kind(Move m) noexcept { return move_type(m) == MoveType::kPlace ? move_kind(m) : -1; }

using SoloMoveArray = std::array<int, State::kMaxMoves>;

// Fills `ml` with the legal moves of `s` (its board `board`), `child_bound[i]` with bound(child i, tiles still to
// place after move i, the child's board) and `order` with the move indices sorted by decreasing bound, equal bounds in move
// order. `tiles` is restored. Returns the count. Nothing is allocated (the sort keys are unique, so an unstable
// sort gives that order).
template <class Bound>
int solo_ordered_children(const State& s, const SoloBoard& board, TileCounts& tiles, const Bound& bound,
                          MoveList<State::kMaxMoves>& ml, SoloMoveArray& child_bound, SoloMoveArray& order) {
  s.legal_moves(ml);
  const int n = ml.size();
  for (int i = 0; i < n; ++i) {
    State c = s;
    c.apply(ml[i]);
    const int kind = placed_kind(ml[i]);
    if (kind >= 0) --tiles[kind];
    child_bound[i] = bound(c, tiles, solo_board(c, board, ml[i]));
    if (kind >= 0) ++tiles[kind];
  }
  std::array<std::int64_t, State::kMaxMoves> key;  // the bound, then the move index reversed
  for (int i = 0; i < n; ++i) key[i] = static_cast<std::int64_t>(child_bound[i]) * 65536 + (65535 - i);
  std::sort(key.begin(), key.begin() + n, std::greater<>());
  for (int j = 0; j < n; ++j) order[j] = 65535 - static_cast<int>(key[j] & 65535);
  return n;
}


// The state of one branch-and-bound solve, `Value` the type of a node's value (stored in the table as
// `Stored`). The table is allocated once; a generation counter invalidates it between solves (a wrapped counter
// clears it explicitly), so results never depend on earlier solves. Budget: once the node budget (or time) is
// spent, `out_of_budget()` stays true and every node still to visit returns its admissible bound.
template <class Value, class Stored>
class SoloSearch {
 protected:
  static constexpr int kMaxDepth = 64;  // 24 placements and at most 6 Kofun choices

  struct Entry {
    std::uint64_t key = 0;
    std::uint32_t generation = 0;
    Stored value = 0;
    std::uint8_t exact = 0;
  };

  explicit SoloSearch(int table_bits) {
    table_bits = std::clamp(table_bits, 10, 28);
    table_ = BigArray<Entry>(std::size_t{1} << table_bits, true);  // huge pages: probes at random (big_array.hpp)
    mask_ = (std::uint64_t{1} << table_bits) - 1;
  }

  // Starts a solve: a fresh table generation, no best line, the budget of `limits`.
  void begin(const SoloSolveLimits& limits) {
    if (++generation_ == 0) {  // wrapped: forget every entry explicitly
      std::fill(table_.get(), table_.get() + table_.size(), Entry{});
      generation_ = 1;
    }
    best_ = -1;
    offset_ = 0;
    best_len_ = 0;
    nodes_ = 0;
    node_limit_ = limits.nodes;
    time_limit_ = limits.time_s;
    stopped_ = false;
    clock_ = Stopwatch{};
  }

  bool out_of_budget() noexcept {
    if (stopped_) return true;
    if (node_limit_ && nodes_ >= node_limit_) stopped_ = true;
    if (time_limit_ > 0 && (nodes_ & 1023) == 0 && clock_.seconds() >= time_limit_) stopped_ = true;
    return stopped_;
  }

  // The entry of `key` and whether it holds this solve's value of that key.
  Entry& entry(std::uint64_t key) noexcept { return table_[key & mask_]; }
  bool holds(const Entry& e, std::uint64_t key) const noexcept {
    return e.generation == generation_ && e.key == key;
  }
  void store(Entry& e, std::uint64_t key, Value value, bool exact) noexcept {
    e.key = key;
    e.generation = generation_;
    e.value = static_cast<Stored>(value);
    e.exact = exact;
  }

  // A line of `depth` moves (path_) reaching `value` (+ offset_): kept when better than the best so far.
  void reached(Value value, int depth) noexcept {
    value += offset_;
    if (value <= best_) return;
    best_ = value;
    best_len_ = depth;
    std::copy(path_.begin(), path_.begin() + depth, best_line_.begin());
  }
  std::vector<Move> best_line() const { return {best_line_.begin(), best_line_.begin() + best_len_}; }

  // The value of an inner node `s` (its board `board`) at `depth`: the largest result of its children, searched
  // best bound first (`bound(child, tiles, its board)` admissible, `search(child, its board, tiles, its bound,
  // depth + 1, exact)` the recursion). A child whose bound cannot beat the best line, or any child once the budget is spent, contributes
  // its bound and ends the loop (every later child is bounded by it). `exact`: the child attaining the maximum is
  // exact.
  template <class Bound, class Search>
  Value best_child(const State& s, const SoloBoard& board, TileCounts& tiles, int depth, const Bound& bound,
                   const Search& search, bool& exact) {
    MoveList<State::kMaxMoves> ml;
    SoloMoveArray child_bound, order;
    const int n = solo_ordered_children(s, board, tiles, bound, ml, child_bound, order);
    Value value = -1;
    exact = false;
    for (int j = 0; j < n; ++j) {
      const int i = order[j];
      if (child_bound[i] + offset_ <= best_ || out_of_budget()) {
        if (child_bound[i] > value) {
          value = child_bound[i];
          exact = false;
        }
        break;
      }
      State c = s;
      c.apply(ml[i]);
      const int kind = placed_kind(ml[i]);
      if (kind >= 0) --tiles[kind];
      path_[depth] = ml[i];
      bool v_exact = false;
      const Value v = search(c, solo_board(c, board, ml[i]), tiles, child_bound[i], depth + 1, v_exact);
      if (kind >= 0) ++tiles[kind];
      if (v > value || (v == value && v_exact)) {
        value = v;
        exact = v_exact;
      }
    }
    return value;
  }
  double seconds() const { return clock_.seconds(); }

  Value best_ = -1;          // the best value reached by a line (-1: none yet)
  // Added to the values of the subtree being searched when they are compared with best_ (a constant the line
  // collected above it, e.g. the dual's penalty at the start of turn 5); 0 for a search without one.
  Value offset_ = 0;
  std::uint64_t nodes_ = 0;  // nodes visited in this solve
  std::uint64_t node_limit_ = 0;
  std::array<Move, kMaxDepth> path_{};  // moves from the root to the node being searched

 private:
  BigArray<Entry> table_;
  std::uint64_t mask_ = 0;
  std::uint32_t generation_ = 0;
  double time_limit_ = 0.0;
  bool stopped_ = false;
  Stopwatch clock_;
  std::array<Move, kMaxDepth> best_line_{};
  int best_len_ = 0;
};

}  // namespace kofun::haniwa
