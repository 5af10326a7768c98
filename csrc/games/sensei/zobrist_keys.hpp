// Zobrist key layout of Sensei (fixed seed, see core/zobrist.hpp):
//   stone_key(p, sq)      = p * 49 + sq           stones of player p          (0 .. 97)
//   character_key(p, sq)  = 98 + p * 49 + sq      character of player p       (98 .. 195)
//   pit_key(sq)           = 196 + sq              pits                        (196 .. 244)
//   kSideKey              = 245                   North to move
//   246, 247                                      1 or 2 stone moves done in the current turn
//   kCharacterMovedKey    = 248                   character moved in the current turn
#pragma once

#include <cstdint>

#include "../../core/zobrist.hpp"
#include "geometry.hpp"

namespace kofun::sensei {

inline constexpr auto kKeys = zobrist_table<249>(0x5E45E1);

constexpr int stone_key(int p, int sq) noexcept { return p * kSquares + sq; }
constexpr int character_key(int p, int sq) noexcept { return 2 * kSquares + p * kSquares + sq; }
constexpr int pit_key(int sq) noexcept { return 4 * kSquares + sq; }
inline constexpr int kSideKey = 5 * kSquares;
inline constexpr int kCharacterMovedKey = 5 * kSquares + 3;
constexpr std::uint64_t stone_moves_hash(int n) noexcept { return n == 0 ? 0 : kKeys[kSideKey + n]; }

}  // namespace kofun::sensei
