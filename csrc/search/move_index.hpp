// MoveIndex: where each move of one list of legal moves stands in it, found in O(1), and a mark per position.
//
// ISMCTS matches the children of an information set against the legal moves of each new world (a child is
// followed only where its move is legal). A scan of the list per child costs children x moves; in games with
// hundreds of legal moves (Haniwa's placements, Honshu's) that scan was a fifth of the search's time. Here a list
// is hashed once and every child found in O(1); the positions found are marked ("this move has a child"), which
// replaces a per-call array of flags that had to be cleared.
//
// Layout: an open-addressing table of kSlots = bit_ceil(2 N) slots (linear probing, Fibonacci hashing of the
// move), each slot the move, its position in the list and the stamp of the list it belongs to, and one mark stamp
// per position. `build` takes a new stamp, so no slot is cleared between lists (all stamps are reset once every
// 2^32 lists). No allocation: the arrays are members, the object lives in its search's heap-allocated tree.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "../core/move_list.hpp"

namespace kofun {

template <int N>
class MoveIndex {
 public:
  // Indexes the moves of `ml` (distinct moves; at most N) and clears every mark.
  void build(const MoveList<N>& ml) noexcept {
    if (++stamp_ == 0) {
      slot_stamp_.fill(0);
      mark_stamp_.fill(0);
      stamp_ = 1;
    }
    for (int j = 0; j < ml.size(); ++j) {
      std::size_t i = slot_of(ml[j]);
      while (slot_stamp_[i] == stamp_) i = (i + 1) & kMask;
      slot_stamp_[i] = stamp_;
      slot_move_[i] = ml[j];
      slot_pos_[i] = static_cast<std::int32_t>(j);
    }
  }

  // The position of `m` in the list last built, or -1 when it is not in it.
  int find(Move m) const noexcept {
    for (std::size_t i = slot_of(m); slot_stamp_[i] == stamp_; i = (i + 1) & kMask)
      if (slot_move_[i] == m) return slot_pos_[i];
    return -1;
  }

  void mark(int pos) noexcept { mark_stamp_[static_cast<std::size_t>(pos)] = stamp_; }
  bool marked(int pos) const noexcept { return mark_stamp_[static_cast<std::size_t>(pos)] == stamp_; }

 private:
  static constexpr std::size_t kSlots = std::bit_ceil(static_cast<std::size_t>(2 * N));
  static constexpr std::size_t kMask = kSlots - 1;
  static constexpr int kBits = std::countr_zero(kSlots);
  static_assert(kSlots >= 2 * static_cast<std::size_t>(N), "at most half of the slots are used");

  static std::size_t slot_of(Move m) noexcept {
    return static_cast<std::size_t>((static_cast<std::uint64_t>(m) * 0x9E3779B97F4A7C15ULL) >> (64 - kBits));
  }

  std::uint32_t stamp_ = 0;
  std::array<std::uint32_t, kSlots> slot_stamp_{};
  std::array<Move, kSlots> slot_move_{};
  std::array<std::int32_t, kSlots> slot_pos_{};
  std::array<std::uint32_t, N> mark_stamp_{};
};

}  // namespace kofun
