#include "yaku.hpp"

namespace kofun::koikoi {

std::array<std::int16_t, kNumYaku> yaku_points(Bitboard pile, const Rules& r) noexcept {
  std::array<std::int16_t, kNumYaku> p{};
  const auto set = [&](Yaku y, int v) { p[static_cast<int>(y)] = static_cast<std::int16_t>(v); };
  const int brights = popcount(pile & kBrights);
  const bool rain = (pile >> kRainMan) & 1;
  if (brights == 5) set(Yaku::kFiveBrights, r.five_brights);
  else if (brights == 4) set(rain ? Yaku::kRainyFourBrights : Yaku::kFourBrights, rain ? r.rainy_four_brights : r.four_brights);
  else if (brights == 3 && !rain) set(Yaku::kThreeBrights, r.three_brights);
  if ((pile & kBoarDeerButterflies) == kBoarDeerButterflies) set(Yaku::kBoarDeerButterflies, 5);
  if ((pile & kPoetryRibbons) == kPoetryRibbons) set(Yaku::kPoetryRibbons, 6);
  if ((pile & kBlueRibbons) == kBlueRibbons) set(Yaku::kBlueRibbons, 6);
  if (r.viewing && ((pile >> kSakeCup) & 1)) {
    if ((pile >> kCurtain) & 1) set(Yaku::kFlowerViewing, r.viewing);
    if ((pile >> kMoon) & 1) set(Yaku::kMoonViewing, r.viewing);
  }
  const int animals = popcount(pile & kAnimals), ribbons = popcount(pile & kRibbons), chaff = popcount(pile & kChaff);
  if (animals >= 5) set(Yaku::kAnimals, animals - 4);
  if (ribbons >= 5) set(Yaku::kRibbons, ribbons - 4);
  if (chaff >= 10) set(Yaku::kChaff, chaff - 9);
  return p;
}

int yaku_total(Bitboard pile, const Rules& rules) noexcept {
  int t = 0;
  for (int v : yaku_points(pile, rules)) t += v;
  return t;
}

}  // namespace kofun::koikoi
