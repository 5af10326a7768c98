// The 48 Hanafuda cards as bits of one uint64_t, and the card masks every Koi-Koi rule is written with.
//
// Numbering: card = 4 * (month - 1) + index, month 1 (January, pine) .. 12 (December, paulownia), so that
// month m occupies bits 4(m-1) .. 4(m-1)+3 and bits 48..63 are always zero. Within a month the cards are ordered
// bright / animal, then ribbon, then chaff (November: Rain man, Swallow, ribbon, Lightning; December: Phoenix
// then three chaff):
//
//   month  idx0              idx1             idx2    idx3       names
//     1    Crane (b)         poetry ribbon    chaff   chaff      1b  1r  1c1 1c2
//     2    Bush warbler (a)  poetry ribbon    chaff   chaff      2a  2r  2c1 2c2
//     3    Curtain (b)       poetry ribbon    chaff   chaff      3b  3r  3c1 3c2
//     4    Cuckoo (a)        red ribbon       chaff   chaff      4a  4r  4c1 4c2
//     5    Bridge (a)        red ribbon       chaff   chaff      5a  5r  5c1 5c2
//     6    Butterflies (a)   blue ribbon      chaff   chaff      6a  6r  6c1 6c2
//     7    Boar (a)          red ribbon       chaff   chaff      7a  7r  7c1 7c2
//     8    Moon (b)          Geese (a)        chaff   chaff      8b  8a  8c1 8c2
//     9    Sake cup (a+c)    blue ribbon      chaff   chaff      9a  9r  9c1 9c2
//    10    Deer (a)          blue ribbon      chaff   chaff      10a 10r 10c1 10c2
//    11    Rain man (b)      Swallow (a)      red r.  Lightning  11b 11a 11r 11c
//    12    Phoenix (b)       chaff            chaff   chaff      12b 12c1 12c2 12c3
//
// The names (month number, kind letter b/a/r/c, chaff number when a month has several) are the card notation.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "../../core/bitboard.hpp"

namespace kofun::koikoi {

inline constexpr int kNumCards = 48;
inline constexpr int kNumMonths = 12;
inline constexpr Bitboard kAllCards = (Bitboard{1} << kNumCards) - 1;

// Month index 0..11 of a card (month number - 1).
constexpr int month_of(int card) noexcept { return card >> 2; }
constexpr Bitboard month_mask(int month_index) noexcept { return Bitboard{0xF} << (4 * month_index); }
// The four cards of `card`'s month.
constexpr Bitboard same_month(int card) noexcept { return month_mask(month_of(card)); }

// Named cards used by the yaku.
inline constexpr int kCrane = 0, kCurtain = 8, kButterflies = 20, kBoar = 24, kMoon = 28, kSakeCup = 32,
                     kDeer = 36, kRainMan = 40, kPhoenix = 44;

namespace detail {
constexpr Bitboard mask_of(std::initializer_list<int> cards) {
  Bitboard b = 0;
  for (int c : cards) b |= bit(c);
  return b;
}
}  // namespace detail

inline constexpr Bitboard kBrights = detail::mask_of({kCrane, kCurtain, kMoon, kRainMan, kPhoenix});
// The nine animals, the Sake cup included.
inline constexpr Bitboard kAnimals = detail::mask_of({4, 12, 16, kButterflies, kBoar, 29, kSakeCup, kDeer, 41});
inline constexpr Bitboard kPoetryRibbons = detail::mask_of({1, 5, 9});
inline constexpr Bitboard kBlueRibbons = detail::mask_of({21, 33, 37});
inline constexpr Bitboard kRibbons = kPoetryRibbons | kBlueRibbons | detail::mask_of({13, 17, 25, 42});
// The 24 chaff cards plus the Sake cup, which counts as chaff too (25 bits).
inline constexpr Bitboard kChaff = [] {
  Bitboard b = detail::mask_of({43, 45, 46, 47, kSakeCup});
  for (int m = 0; m < 10; ++m) b |= bit(4 * m + 2) | bit(4 * m + 3);
  return b;
}();
inline constexpr Bitboard kBoarDeerButterflies = detail::mask_of({kBoar, kDeer, kButterflies});

static_assert(popcount(kBrights) == 5 && popcount(kAnimals) == 9 && popcount(kRibbons) == 10);
static_assert(popcount(kChaff) == 25 && (kBrights & kAnimals) == 0 && (kRibbons & (kAnimals | kChaff)) == 0);
static_assert((kBrights | kAnimals | kRibbons | kChaff) == kAllCards);

// Value of a card for the greedy play of the rollout policy and the greedy baseline (the classic Hanafuda card
// points): bright 20, animal 10 (the Sake cup too), ribbon 5, chaff 1.
constexpr int card_value(int card) noexcept {
  const Bitboard b = Bitboard{1} << card;
  return (kBrights & b) ? 20 : (kAnimals & b) ? 10 : (kRibbons & b) ? 5 : 1;
}

// Card notation, indexed by card.
inline constexpr std::array<std::string_view, kNumCards> kCardNames = {
    "1b",  "1r",  "1c1",  "1c2",  "2a",  "2r",  "2c1",  "2c2",  "3b",   "3r",   "3c1",  "3c2",
    "4a",  "4r",  "4c1",  "4c2",  "5a",  "5r",  "5c1",  "5c2",  "6a",   "6r",   "6c1",  "6c2",
    "7a",  "7r",  "7c1",  "7c2",  "8b",  "8a",  "8c1",  "8c2",  "9a",   "9r",   "9c1",  "9c2",
    "10a", "10r", "10c1", "10c2", "11b", "11a", "11r",  "11c",  "12b",  "12c1", "12c2", "12c3"};

// The card named `name`, or -1.
constexpr int card_from_name(std::string_view name) noexcept {
  for (int c = 0; c < kNumCards; ++c)
    if (kCardNames[c] == name) return c;
  return -1;
}

}  // namespace kofun::koikoi
