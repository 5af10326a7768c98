#include "rules.hpp"

#include "../../core/errors.hpp"
#include "../../core/notation.hpp"

namespace kofun::koikoi {

Rules Rules::preset(std::string_view name) {
  if (name == "seed") return seed();
  if (name == "nintendo") return nintendo();
  throw RuleOptionError("koikoi: unknown preset '" + std::string(name) + "' (presets: seed, nintendo)");
}

std::string Rules::to_string() const {
  if (*this == seed()) return "seed";
  if (*this == nintendo()) return "nintendo";
  std::string s = "b" + std::to_string(five_brights) + "-" + std::to_string(four_brights) + "-" +
                  std::to_string(rainy_four_brights) + "-" + std::to_string(three_brights);
  if (ribbon_sets != 6) s += ",p" + std::to_string(ribbon_sets);
  if (viewing) s += ",v" + std::to_string(viewing);
  if (set_yaku_extras) s += ",sx";
  if (seven_point_double) s += ",d7";
  if (koikoi_double) s += ",dk";
  if (koikoi_limit == KoikoiLimit::kPerDeal) s += ",kd" + std::to_string(max_koikoi);
  else if (max_koikoi) s += ",k" + std::to_string(max_koikoi);
  if (!empty_hand_koikoi) s += ",ne";
  if (redeal_three_on_table) s += ",r3";
  return s;
}

Rules Rules::parse(std::string_view s) {
  if (s == "seed") return seed();
  if (s == "nintendo") return nintendo();
  Rules r;
  const auto bad = [&](std::string_view item, const char* why) {
    return NotationError("koikoi rules '" + std::string(s) + "': item '" + std::string(item) + "' " + why);
  };
  // The items after the brights, in their order; a number follows the prefix of p, v, kd, k.
  enum Item { kB = 1, kP, kV, kSx, kD7, kDk, kK, kNe, kR3 };
  int stage = 0;  // items must come in the documented order, each at most once
  for (std::string_view item : notation::Split(s, ',')) {
    if (stage == 0) {
      if (item.size() < 2 || item[0] != 'b') throw bad(item, "should be b<5>-<4>-<4 rainy>-<3> brights points");
      std::int8_t* fields[4] = {&r.five_brights, &r.four_brights, &r.rainy_four_brights, &r.three_brights};
      int k = 0;
      for (std::string_view num : notation::Split(item.substr(1), '-')) {
        const int v = notation::to_int(num, 0, 99).value_or(-1);
        if (k == 4 || v < 0) throw bad(item, "should be four numbers 0..99 joined by '-'");
        *fields[k++] = static_cast<std::int8_t>(v);
      }
      if (k != 4) throw bad(item, "should be four numbers 0..99 joined by '-'");
      stage = kB;
      continue;
    }
    int next = 0;
    std::string_view num;  // the number of p, v, kd, k
    if (item.size() >= 2 && item[0] == 'p') next = kP, num = item.substr(1);
    else if (item.size() >= 2 && item[0] == 'v') next = kV, num = item.substr(1);
    else if (item == "sx") next = kSx;
    else if (item == "d7") next = kD7;
    else if (item == "dk") next = kDk;
    else if (item.size() >= 3 && item.substr(0, 2) == "kd") next = kK, num = item.substr(2);
    else if (item.size() >= 2 && item[0] == 'k') next = kK, num = item.substr(1);
    else if (item == "ne") next = kNe;
    else if (item == "r3") next = kR3;
    else throw bad(item, "is not one of p<n>, v<n>, sx, d7, dk, k<n>, kd<n>, ne, r3");
    if (next <= stage) throw bad(item, "is repeated or out of order (order: b, p, v, sx, d7, dk, k or kd, ne, r3)");
    stage = next;
    const bool per_deal = next == kK && item[1] == 'd';
    if (!num.empty()) {
      const bool zero_ok = per_deal || next == kP;
      const int v = notation::to_int(num, zero_ok ? 0 : 1, 99).value_or(-1);
      if (v < 0) throw bad(item, zero_ok ? "needs a number 0..99" : "needs a number 1..99");
      (next == kP ? r.ribbon_sets : next == kV ? r.viewing : r.max_koikoi) = static_cast<std::int8_t>(v);
    }
    if (per_deal) r.koikoi_limit = KoikoiLimit::kPerDeal;
    if (next == kSx) r.set_yaku_extras = true;
    if (next == kD7) r.seven_point_double = true;
    if (next == kDk) r.koikoi_double = true;
    if (next == kNe) r.empty_hand_koikoi = false;
    if (next == kR3) r.redeal_three_on_table = true;
  }
  if (stage == 0) throw NotationError("koikoi rules: empty (expected seed, nintendo or b..-..-..-..)");
  return r;
}

}  // namespace kofun::koikoi
