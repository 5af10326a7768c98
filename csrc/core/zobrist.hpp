// Zobrist key tables, generated at compile time from a fixed seed so that hashes are identical across runs,
// builds and machines (transposition tables and node-count signatures depend on it).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "rng.hpp"

namespace kofun {

// N pseudo-random 64-bit keys; `salt` separates the tables of different games and features.
template <std::size_t N>
constexpr std::array<std::uint64_t, N> zobrist_table(std::uint64_t salt) {
  std::array<std::uint64_t, N> t{};
  std::uint64_t x = 0x6B6F66756E2D7A62ULL ^ salt;  // "kofun-zb"
  for (auto& k : t) k = splitmix64(x);
  return t;
}

}  // namespace kofun
