// Moves and fixed-capacity move lists (no allocation: lists live on the stack of the search).
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

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
  constexpr void clear() noexcept { size_ = 0; }
  constexpr int size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  constexpr Move operator[](int i) const noexcept { return moves_[i]; }
  constexpr Move& operator[](int i) noexcept { return moves_[i]; }
  constexpr const Move* begin() const noexcept { return moves_.data(); }
  constexpr const Move* end() const noexcept { return moves_.data() + size_; }
  constexpr Move* begin() noexcept { return moves_.data(); }
  constexpr Move* end() noexcept { return moves_.data() + size_; }
  constexpr bool contains(Move m) const noexcept {
    for (int i = 0; i < size_; ++i)
      if (moves_[i] == m) return true;
    return false;
  }

 private:
  std::array<Move, Capacity> moves_;
  int size_ = 0;
};

}  // namespace kofun
