// Sensei board geometry: squares, masks and square names of the 7x7 board.
//
// Bit layout: square = row * 7 + col, with col 0..6 = files a..g and row 0..6 = ranks 1..7, so a1 = 0, g1 = 6,
// a2 = 7, d4 = 24, g7 = 48. Bits 49..63 of every board are always zero. South (player 0) starts on rank 1 and
// moves north (towards higher rows); North (player 1) starts on rank 7.
#pragma once

#include <array>
#include <bit>
#include <string>
#include <string_view>

#include "../../core/bitboard.hpp"

namespace kofun::sensei {

inline constexpr int kSize = 7;
inline constexpr int kSquares = kSize * kSize;
inline constexpr Bitboard kBoardMask = (Bitboard{1} << kSquares) - 1;

constexpr int square(int col, int row) noexcept { return row * kSize + col; }
constexpr int col_of(int sq) noexcept { return sq % kSize; }
constexpr int row_of(int sq) noexcept { return sq / kSize; }

constexpr Bitboard row_mask(int row) noexcept { return Bitboard{0x7F} << (row * kSize); }
constexpr Bitboard col_mask(int col) noexcept {
  Bitboard b = 0;
  for (int r = 0; r < kSize; ++r) b |= bit(square(col, r));
  return b;
}

// The home row of `player` (0 = South: row 0, 1 = North: row 6); a player's goal is the opponent's home row.
constexpr int home_row(int player) noexcept { return player == 0 ? 0 : kSize - 1; }
constexpr int goal_row(int player) noexcept { return home_row(1 - player); }

// The eight directions as (dcol, drow); the first four are the orthogonal ones.
inline constexpr std::array<std::array<int, 2>, 8> kDirections = {
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};

// Squares orthogonally adjacent to each square.
inline constexpr std::array<Bitboard, kSquares> kOrthNeighbours = [] {
  std::array<Bitboard, kSquares> t{};
  for (int sq = 0; sq < kSquares; ++sq)
    for (int d = 0; d < 4; ++d) {
      const int c = col_of(sq) + kDirections[d][0], r = row_of(sq) + kDirections[d][1];
      if (c >= 0 && c < kSize && r >= 0 && r < kSize) t[sq] |= bit(square(c, r));
    }
  return t;
}();

// The ray from each square in each direction of kDirections: the squares it crosses, the square itself excluded.
// Indices 49..63 (off the board) hold empty rays, so that ray_through can index them with its sentinels.
inline constexpr std::array<std::array<Bitboard, 8>, 64> kRays = [] {
  std::array<std::array<Bitboard, 8>, 64> t{};
  for (int sq = 0; sq < kSquares; ++sq)
    for (int d = 0; d < 8; ++d)
      for (int c = col_of(sq) + kDirections[d][0], r = row_of(sq) + kDirections[d][1];
           c >= 0 && c < kSize && r >= 0 && r < kSize; c += kDirections[d][0], r += kDirections[d][1])
        t[sq][d] |= bit(square(c, r));
  return t;
}();

// The squares of the ray from `sq` in direction d up to and including the first square of `stop` on it (the whole
// ray when it crosses none), without a branch. Along a direction whose square index grows, the first square of a
// set is its lowest bit (sentinel: bit 63, whose ray is empty); otherwise its highest (sentinel: bit 0, a1, whose
// rays in those directions leave the board at once).
constexpr Bitboard ray_through(int sq, int d, Bitboard stop) noexcept {
  const Bitboard ray = kRays[sq][d], hit = ray & stop;
  const int first = kDirections[d][0] + kSize * kDirections[d][1] > 0 ? std::countr_zero(hit | bit(63))
                                                                      : 63 - std::countl_zero(hit | 1);
  return ray & ~kRays[first][d];
}

// "d4" for square 24.
inline std::string square_name(int sq) {
  return {static_cast<char>('a' + col_of(sq)), static_cast<char>('1' + row_of(sq))};
}

// Square index of a two-character name such as "d4", or -1 if `s` is not a square name.
constexpr int parse_square(std::string_view s) noexcept {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'g' || s[1] < '1' || s[1] > '7') return -1;
  return square(s[0] - 'a', s[1] - '1');
}

}  // namespace kofun::sensei
