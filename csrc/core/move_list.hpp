// Moves and fixed-capacity move lists (no allocation: lists live on the stack of the search).
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <span>

namespace kofun {

// A move is a small integer; each game documents its packing (at most 32 bits). kNoMove is never legal.
using Move = std::uint32_t;
inline constexpr Move kNoMove = 0xFFFFFFFFu;

template <int Capacity>
class MoveList {
 public:
  static constexpr int kCapacity = Capacity;

  constexpr void push(Move m) noexcept {
    assert(size_ < Capacity);
    moves_[size_++] = m;
  }
  // Replaces the list by `ms` in one copy.
  constexpr void assign(std::span<const Move> ms) noexcept {
    assert(ms.size() <= static_cast<std::size_t>(Capacity));
    for (std::size_t i = 0; i < ms.size(); ++i) moves_[i] = ms[i];
    size_ = static_cast<std::int64_t>(ms.size());
  }
  constexpr void clear() noexcept { size_ = 0; }
  constexpr int size() const noexcept { return static_cast<int>(size_); }
  constexpr bool empty() const noexcept { return size_ == 0; }
  constexpr Move operator[](int i) const noexcept { return moves_[i]; }
  constexpr Move& operator[](int i) noexcept { return moves_[i]; }
  constexpr const Move* begin() const noexcept { return moves_.data(); }
  constexpr const Move* end() const noexcept { return moves_.data() + size_; }
  constexpr Move* begin() noexcept { return moves_.data(); }
  constexpr Move* end() noexcept { return moves_.data() + size_; }
  constexpr bool contains(Move m) const noexcept {
    for (std::int64_t i = 0; i < size_; ++i)
      if (moves_[i] == m) return true;
    return false;
  }

 private:
  std::array<Move, Capacity> moves_;
  // 64-bit on purpose: a store through a Move (std::uint32_t) may alias an int or unsigned but not an int64, so
  // the compiler keeps size_ in a register across a loop of push() instead of storing it after every move.
  std::int64_t size_ = 0;
};

}  // namespace kofun
