// The 120 Ohanami cards as a 128-bit set (two 64-bit words), the colour masks and the scoring tables.
//
// Card ids: card number n (1..120, the number printed on the card and used by the notation) is id n - 1, bit
// (n - 1) & 63 of word (n - 1) >> 6. Colours are fixed by the number (docs/ohanami.md, rules file):
//   grey  (stone)           multiples of 7                                   17 cards, 7 points in round 3
//   green (plant)           multiples of 3 that are not multiples of 7        35 cards, 4 points in rounds 2 and 3
//   blue  (water)           other even numbers                                34 cards, 3 points every round
//   pink  (cherry blossom)  the rest (odd, not a multiple of 3 or 7)           34 cards, by count in round 3
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "../../core/bitboard.hpp"

namespace kofun::ohanami {

inline constexpr int kNumCards = 120;

enum Colour : int { kBlue = 0, kGreen = 1, kGrey = 2, kPink = 3 };

constexpr Colour colour_of_number(int n) noexcept {
  return n % 7 == 0 ? kGrey : n % 3 == 0 ? kGreen : n % 2 == 0 ? kBlue : kPink;
}
inline constexpr auto kColourOf = [] {
  std::array<Colour, kNumCards> t{};
  for (int c = 0; c < kNumCards; ++c) t[c] = colour_of_number(c + 1);
  return t;
}();
constexpr Colour colour_of(int card) noexcept { return kColourOf[card]; }

// A set of cards: ids 0..63 in lo, 64..119 in hi (bits 56..63 of hi always clear).
struct CardSet {
  std::uint64_t lo = 0, hi = 0;

  static constexpr CardSet of(int c) noexcept {
    return c < 64 ? CardSet{std::uint64_t{1} << c, 0} : CardSet{0, std::uint64_t{1} << (c - 64)};
  }
  constexpr bool has(int c) const noexcept { return c < 64 ? (lo >> c) & 1 : (hi >> (c - 64)) & 1; }
  constexpr void add(int c) noexcept { *this = *this | of(c); }
  constexpr void remove(int c) noexcept { *this = *this & ~of(c); }
  constexpr int count() const noexcept { return popcount(lo) + popcount(hi); }
  constexpr bool empty() const noexcept { return (lo | hi) == 0; }
  // Lowest / highest card of a non-empty set.
  constexpr int lowest() const noexcept { return lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi); }
  constexpr int highest() const noexcept { return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(lo); }
  // The i-th lowest card (0 <= i < count()).
  constexpr int nth(int i) const noexcept {
    CardSet s = *this;
    while (i-- > 0) s.pop();
    return s.lowest();
  }
  // Removes and returns the lowest card of a non-empty set.
  constexpr int pop() noexcept {
    if (lo) {
      const int c = std::countr_zero(lo);
      lo &= lo - 1;
      return c;
    }
    const int c = 64 + std::countr_zero(hi);
    hi &= hi - 1;
    return c;
  }
  constexpr CardSet operator|(CardSet o) const noexcept { return {lo | o.lo, hi | o.hi}; }
  constexpr CardSet operator&(CardSet o) const noexcept { return {lo & o.lo, hi & o.hi}; }
  constexpr CardSet operator~() const noexcept { return {~lo, ~hi & ((std::uint64_t{1} << 56) - 1)}; }
  constexpr CardSet& operator|=(CardSet o) noexcept { return *this = *this | o; }
  constexpr bool operator==(const CardSet&) const = default;
};

// Iterate over the cards of a set in ascending order: for (int c : cards(s)) ...
struct CardIter {
  CardSet s;
  constexpr int operator*() const noexcept { return s.lowest(); }
  constexpr CardIter& operator++() noexcept {
    s.pop();
    return *this;
  }
  constexpr bool operator!=(const CardIter& o) const noexcept { return !(s == o.s); }
};
struct cards {
  CardSet s;
  constexpr CardIter begin() const noexcept { return {s}; }
  constexpr CardIter end() const noexcept { return {CardSet{}}; }
};

inline constexpr std::array<CardSet, 4> kColourMask = [] {
  std::array<CardSet, 4> m{};
  for (int c = 0; c < kNumCards; ++c) m[colour_of(c)].add(c);
  return m;
}();
inline constexpr CardSet kAllCards = kColourMask[0] | kColourMask[1] | kColourMask[2] | kColourMask[3];

static_assert(kColourMask[kGrey].count() == 17 && kColourMask[kGreen].count() == 35);
static_assert(kColourMask[kBlue].count() == 34 && kColourMask[kPink].count() == 34);
static_assert(kAllCards.count() == kNumCards && kAllCards == ~CardSet{});

// Points of k pink cards in round 3: 1, 3, 6, ..., 105 for 14, then 120 for 15 or more.
constexpr int pink_points(int k) noexcept { return k >= 15 ? 120 : k * (k + 1) / 2; }
static_assert(pink_points(1) == 1 && pink_points(2) == 3 && pink_points(14) == 105 && pink_points(15) == 120 &&
              pink_points(20) == 120);

// Points of a garden at the end of round `round` (0, 1 or 2): blue 3 each round, green 4 from round 2 (index 1),
// grey 7 and pink by count in round 3 (index 2).
constexpr int round_points(CardSet garden, int round) noexcept {
  int pts = 3 * (garden & kColourMask[kBlue]).count();
  if (round >= 1) pts += 4 * (garden & kColourMask[kGreen]).count();
  if (round >= 2) pts += 7 * (garden & kColourMask[kGrey]).count() + pink_points((garden & kColourMask[kPink]).count());
  return pts;
}

}  // namespace kofun::ohanami
