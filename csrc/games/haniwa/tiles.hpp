// Haniwa tiles, Kofun colours and the one-byte cell code.
//
// Colours: 0 red, 1 blue, 2 green, 3 yellow (the four Gozoku, which are also the four columns, in this order);
// 4 brown (Kofun only: no Gozoku, never moves a die). Powers 1..3.
//
// Tile kind (4 bits): kind = colour * 3 + (power - 1), 0..11; kNoTile (15) means "no tile".
//
// Cell code (one byte per cell):
//   bits 0-3  tile kind, kNoTile for an empty cell
//   bits 4-6  index + 1 of the Kofun stacked on the tile (0: no Kofun); the stack counts as a power-2 tile of the
//             Kofun's colour and the tile underneath is not counted anywhere
//   bit  7    the tile lies face down (its checks wait for the end-of-game reveal)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace kofun::haniwa {

inline constexpr int kColours = 4;  // Gozoku colours = columns
inline constexpr int kBrown = 4;    // colourless Kofun
inline constexpr int kKofunColours = 5;
inline constexpr int kPowers = 3;
inline constexpr int kKinds = kColours * kPowers;
inline constexpr std::uint8_t kNoTile = 0x0F;
inline constexpr std::uint8_t kEmptyCell = kNoTile;
inline constexpr std::uint8_t kFaceDownBit = 0x80;
inline constexpr int kKofunPower = 2;

// Letters of the colours in notation: R B G Y, and N for brown.
inline constexpr char kColourLetters[kKofunColours + 1] = "RBGYN";

constexpr int kind_of(int colour, int power) noexcept { return colour * kPowers + power - 1; }
constexpr int colour_of(int kind) noexcept { return kind / kPowers; }
constexpr int power_of(int kind) noexcept { return kind % kPowers + 1; }

constexpr int cell_kind(std::uint8_t c) noexcept { return c & 0x0F; }
constexpr bool cell_empty(std::uint8_t c) noexcept { return (c & 0x0F) == kNoTile; }
constexpr int cell_kofun(std::uint8_t c) noexcept { return ((c >> 4) & 7) - 1; }  // -1: no Kofun
constexpr bool cell_face_down(std::uint8_t c) noexcept { return (c & kFaceDownBit) != 0; }
constexpr std::uint8_t make_cell(int kind, int kofun, bool face_down) noexcept {
  return static_cast<std::uint8_t>(kind | ((kofun + 1) << 4) | (face_down ? kFaceDownBit : 0));
}

// Tile text of the notations: "R2" <-> kind.
namespace text {

// Colour of a letter R B G Y N, or -1.
inline int colour_index(char c) noexcept {
  for (int i = 0; i < kKofunColours; ++i)
    if (kColourLetters[i] == c) return i;
  return -1;
}

inline std::string tile_text(int kind) {
  return std::string(1, kColourLetters[colour_of(kind)]) + static_cast<char>('0' + power_of(kind));
}

// Parses "R2" style tile text at the start of `s`; returns the kind or -1.
inline int parse_tile(std::string_view s) noexcept {
  if (s.size() < 2) return -1;
  const int colour = colour_index(s[0]);
  if (colour < 0 || colour >= kColours || s[1] < '1' || s[1] > '3') return -1;
  return kind_of(colour, s[1] - '0');
}

}  // namespace text

}  // namespace kofun::haniwa
