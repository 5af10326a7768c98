// Small text helpers shared by the Haniwa position notation (notation.cpp) and the information-state notation
// (information.cpp): comma lists, tile text "R2" <-> kind.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tiles.hpp"

namespace kofun::haniwa::text {

// Splits on `sep`, keeping empty pieces ("a,,b" -> 3 pieces).
inline std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

// Colour of a letter R B G Y N, or -1.
inline int colour_index(char c) {
  for (int i = 0; i < kKofunColours; ++i)
    if (kColourLetters[i] == c) return i;
  return -1;
}

inline std::string tile_text(int kind) {
  return std::string(1, kColourLetters[colour_of(kind)]) + static_cast<char>('0' + power_of(kind));
}

// Parses "R2" style tile text at the start of `s`; returns the kind or -1.
inline int parse_tile(std::string_view s) {
  if (s.size() < 2) return -1;
  const int colour = colour_index(s[0]);
  if (colour < 0 || colour >= kColours || s[1] < '1' || s[1] > '3') return -1;
  return kind_of(colour, s[1] - '0');
}

}  // namespace kofun::haniwa::text
