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
  if (viewing) s += ",v" + std::to_string(viewing);
  if (seven_point_double) s += ",d7";
  if (koikoi_double) s += ",dk";
  if (max_koikoi) s += ",k" + std::to_string(max_koikoi);
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
      stage = 1;
      continue;
    }
    int next = 0;
    if (item.size() >= 2 && item[0] == 'v') next = 2;
    else if (item == "d7") next = 3;
    else if (item == "dk") next = 4;
    else if (item.size() >= 2 && item[0] == 'k') next = 5;
    else if (item == "r3") next = 6;
    else throw bad(item, "is not one of v<n>, d7, dk, k<n>, r3");
    if (next <= stage) throw bad(item, "is repeated or out of order (order: b, v, d7, dk, k, r3)");
    stage = next;
    if (next == 2 || next == 5) {
      const int v = notation::to_int(item.substr(1), 1, 99).value_or(-1);
      if (v < 0) throw bad(item, "needs a number 1..99");
      (next == 2 ? r.viewing : r.max_koikoi) = static_cast<std::int8_t>(v);
    }
    r.seven_point_double |= next == 3;
    r.koikoi_double |= next == 4;
    r.redeal_three_on_table |= next == 6;
  }
  if (stage == 0) throw NotationError("koikoi rules: empty (expected seed, nintendo or b..-..-..-..)");
  return r;
}

}  // namespace kofun::koikoi
