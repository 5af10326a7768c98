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
  const int animals = popcount(pile & kAnimals), ribbons = popcount(pile & kRibbons), chaff = popcount(pile & kChaff);
  const bool bdb = (pile & kBoarDeerButterflies) == kBoarDeerButterflies;
  const bool poetry = (pile & kPoetryRibbons) == kPoetryRibbons, blue = (pile & kBlueRibbons) == kBlueRibbons;
  const bool extras = r.set_yaku_extras;
  if (bdb) set(Yaku::kBoarDeerButterflies, 5 + (extras ? animals - 3 : 0));
  if (extras && poetry && blue) {
    set(Yaku::kPoetryAndBlueRibbons, 2 * r.ribbon_sets + ribbons - 6);
  } else {
    if (poetry) set(Yaku::kPoetryRibbons, r.ribbon_sets + (extras ? ribbons - 3 : 0));
    if (blue) set(Yaku::kBlueRibbons, r.ribbon_sets + (extras ? ribbons - 3 : 0));
  }
  if (r.viewing && ((pile >> kSakeCup) & 1)) {
    if ((pile >> kCurtain) & 1) set(Yaku::kFlowerViewing, r.viewing);
    if ((pile >> kMoon) & 1) set(Yaku::kMoonViewing, r.viewing);
  }
  if (animals >= 5 && !(extras && bdb)) set(Yaku::kAnimals, animals - 4);
  if (ribbons >= 5 && !(extras && (poetry || blue))) set(Yaku::kRibbons, ribbons - 4);
  if (chaff >= 10) set(Yaku::kChaff, chaff - 9);
  return p;
}

int yaku_total(Bitboard pile, const Rules& rules) noexcept {
  int t = 0;
  for (int v : yaku_points(pile, rules)) t += v;
  return t;
}

}  // namespace kofun::koikoi
