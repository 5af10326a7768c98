// Bitboard helpers shared by every game.
//
// A board of up to 64 cells is one uint64_t; bit i is cell i in the game's own numbering (each game documents
// its layout). Larger boards use MultiBoard<N>, an array of N words with the same operations.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace kofun {

using Bitboard = std::uint64_t;

// Bits set in b. The default build targets every x86-64 CPU (no -mpopcnt, never -march=native), where
// std::popcount is a call into libgcc in the hot loops (move ordering, yaku counts, placement checks): the bit
// arithmetic below is inline. A build for a CPU with the instruction (__POPCNT__ defined) uses the instruction.
constexpr int popcount(std::uint64_t b) noexcept {
#if defined(__POPCNT__)
  return std::popcount(b);
#else
  b -= (b >> 1) & 0x5555555555555555ULL;
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((b * 0x0101010101010101ULL) >> 56);
#endif
}
static_assert(popcount(0) == 0 && popcount(~std::uint64_t{0}) == 64 && popcount(0x8000000000000001ULL) == 2);

// Index of the lowest set bit; b must be non-zero.
constexpr int lsb(Bitboard b) noexcept { return std::countr_zero(b); }

// Removes the lowest set bit of b and returns its index; b must be non-zero.
constexpr int pop_lsb(Bitboard& b) noexcept {
  const int i = std::countr_zero(b);
  b &= b - 1;
  return i;
}

constexpr Bitboard bit(int i) noexcept { return Bitboard{1} << i; }

// Shifts that move bits towards higher (north) or lower (south) indices; callers mask the wrapped edges.
constexpr Bitboard shift_up(Bitboard b, int n) noexcept { return b << n; }
constexpr Bitboard shift_down(Bitboard b, int n) noexcept { return b >> n; }

// Iterate over the set bits: for (int sq : Bits(b)) ...
struct Bits {
  Bitboard b;
  struct Iter {
    Bitboard b;
    constexpr int operator*() const noexcept { return std::countr_zero(b); }
    constexpr Iter& operator++() noexcept {
      b &= b - 1;
      return *this;
    }
    constexpr bool operator!=(const Iter& o) const noexcept { return b != o.b; }
  };
  constexpr Iter begin() const noexcept { return {b}; }
  constexpr Iter end() const noexcept { return {0}; }
};

// A board of N 64-bit words (cells 0 .. 64N-1).
template <int N>
struct MultiBoard {
  std::array<Bitboard, N> w{};

  constexpr void set(int i) noexcept { w[i >> 6] |= bit(i & 63); }
  constexpr void clear(int i) noexcept { w[i >> 6] &= ~bit(i & 63); }
  constexpr bool test(int i) const noexcept { return (w[i >> 6] >> (i & 63)) & 1; }
  constexpr int count() const noexcept {
    int c = 0;
    for (Bitboard x : w) c += popcount(x);
    return c;
  }
  constexpr bool empty() const noexcept {
    for (Bitboard x : w)
      if (x) return false;
    return true;
  }
  constexpr MultiBoard operator|(const MultiBoard& o) const noexcept {
    MultiBoard r;
    for (int i = 0; i < N; ++i) r.w[i] = w[i] | o.w[i];
    return r;
  }
  constexpr MultiBoard operator&(const MultiBoard& o) const noexcept {
    MultiBoard r;
    for (int i = 0; i < N; ++i) r.w[i] = w[i] & o.w[i];
    return r;
  }
  constexpr bool operator==(const MultiBoard&) const = default;
};

}  // namespace kofun
