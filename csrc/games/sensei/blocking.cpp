#include "blocking.hpp"

#include <array>

#include "geometry.hpp"

namespace kofun::sensei {
namespace {

// Squares of column c+1 that are 8-adjacent to some square of `b` (b lies in column c <= 5).
constexpr Bitboard east_neighbours(Bitboard b) noexcept {
  const Bitboard spread = b | (b << kSize) | (b >> kSize);
  return (spread << 1) & kBoardMask;
}

struct ChainSearch {
  Bitboard own;
  Bitboard chain;                                 // own stones and pits
  std::array<std::uint8_t, kSquares> adj_index{};  // adjacent opponent stones of each chain square, as a 7-bit set
  std::array<std::uint64_t, kSquares * 128 * 2 / 64> seen{};

  bool visit(int sq, unsigned adjacent, unsigned used_stone) noexcept {
    const unsigned key = (static_cast<unsigned>(sq) * 128 + adjacent) * 2 + used_stone;
    if (seen[key >> 6] >> (key & 63) & 1) return false;
    seen[key >> 6] |= std::uint64_t{1} << (key & 63);
    if (col_of(sq) == kSize - 1) return used_stone && popcount(adjacent) >= 3;
    for (int next : Bits{east_neighbours(bit(sq)) & chain})
      if (visit(next, adjacent | adj_index[next], used_stone | ((own >> next) & 1))) return true;
    return false;
  }
};

}  // namespace

bool loses_by_blocking(Bitboard own, Bitboard opp, Bitboard pits) noexcept {
  const Bitboard chain = own | pits;
  Bitboard reach = chain & col_mask(0);
  for (int c = 1; c < kSize && reach; ++c) reach = east_neighbours(reach) & chain & col_mask(c);
  if (!reach) return false;

  ChainSearch search{own, chain};
  for (int sq : Bits{chain}) {
    unsigned set = 0;
    for (int o : Bits{kOrthNeighbours[sq] & opp}) set |= 1u << popcount(opp & (bit(o) - 1));
    search.adj_index[sq] = static_cast<std::uint8_t>(set);
  }
  for (int sq : Bits{chain & col_mask(0)})
    if (search.visit(sq, search.adj_index[sq], static_cast<unsigned>((own >> sq) & 1))) return true;
  return false;
}

}  // namespace kofun::sensei
