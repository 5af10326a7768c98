// Yaku scoring of a capture pile: popcounts over the card masks of cards.hpp, under the rule options.
//
// Different yaku add up; of the bright yaku only the best one counts. With `set_yaku_extras` a set yaku counts the
// further cards of its category and replaces that category's count yaku (Boar-Deer-Butterflies the animals;
// poetry / blue ribbons the ribbons), and both ribbon sets make the one yaku "poetry and blue ribbons"
// (2 x ribbon_sets + 1 per ribbon beyond six). Every yaku is monotone in the pile (adding
// cards never lowers the total), which the koi-koi decision relies on ("the total rose" == "a new yaku or a
// higher total"; with set_yaku_extras this needs ribbon_sets >= 2).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "cards.hpp"
#include "rules.hpp"

namespace kofun::koikoi {

enum class Yaku : std::uint8_t {
  kFiveBrights, kFourBrights, kRainyFourBrights, kThreeBrights, kBoarDeerButterflies, kPoetryRibbons,
  kBlueRibbons, kPoetryAndBlueRibbons, kFlowerViewing, kMoonViewing, kAnimals, kRibbons, kChaff, kCount
};
inline constexpr int kNumYaku = static_cast<int>(Yaku::kCount);

inline constexpr std::array<std::string_view, kNumYaku> kYakuNames = {
    "five brights",   "four brights",   "rainy four brights", "three brights", "boar-deer-butterflies",
    "poetry ribbons", "blue ribbons",   "poetry and blue ribbons", "flower viewing", "moon viewing",
    "animals",        "ribbons",        "chaff"};

// Points of every yaku in `pile` (0 where the yaku is not made).
std::array<std::int16_t, kNumYaku> yaku_points(Bitboard pile, const Rules& rules) noexcept;

// Sum of yaku_points: the total a stop would cash before doubling.
int yaku_total(Bitboard pile, const Rules& rules) noexcept;

}  // namespace kofun::koikoi
