// Koi-Koi rule options of one deal, and the presets.
//
//   seed      the default rules (rules file): brights 15 / 10 / 8 / 6, no viewing yaku, no doubling, unlimited
//             koi-koi calls, only the misdeals of the seed rules.
//   nintendo  brights 10 / 8 / 7 / 5; flower- and moon-viewing 5 each; a stop worth 7+ is doubled; a stop after
//             the opponent called koi-koi is doubled (both doublings stack); each player may call koi-koi at most
//             once per deal (a player who already did is offered only `stop` when the total rises again); three
//             cards of one month on the table at the deal → redeal.
//
// The number of deals in a match (`rounds`) is not a property of a deal: the Python façade runs matches.
//
// Text form (part of the position notation): `seed` or `nintendo` when the options equal a preset, otherwise a
// comma-separated list `b<5>-<4>-<4 with Rain man>-<3>` followed by any of `v<n>` (viewing yaku worth n each),
// `d7` (7+ doubled), `dk` (doubled after the opponent's koi-koi), `k<n>` (at most n koi-koi calls per player and
// deal), `r3` (redeal on three of a month on the table), in that order; e.g. `b15-10-8-6,v5,dk`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace kofun::koikoi {

struct Rules {
  std::int8_t five_brights = 15;
  std::int8_t four_brights = 10;        // four without the Rain man
  std::int8_t rainy_four_brights = 8;   // four with the Rain man
  std::int8_t three_brights = 6;        // three without the Rain man (three with him score nothing)
  std::int8_t viewing = 0;              // flower / moon viewing (with the Sake cup) points each; 0 = off
  bool seven_point_double = false;
  bool koikoi_double = false;
  std::int8_t max_koikoi = 0;           // koi-koi calls allowed per player and deal; 0 = unlimited
  bool redeal_three_on_table = false;

  static constexpr int kHandYakuPoints = 6;
  static constexpr int kViewingPoints = 5;  // what `sake_viewing` turns on

  static Rules seed() noexcept { return {}; }
  static Rules nintendo() noexcept { return {10, 8, 7, 5, kViewingPoints, true, true, 1, true}; }
  // A preset by name ("seed", "nintendo"); throws RuleOptionError naming the allowed presets.
  static Rules preset(std::string_view name);

  std::string to_string() const;
  // Throws NotationError naming the faulty item.
  static Rules parse(std::string_view s);

  bool operator==(const Rules&) const = default;
};

}  // namespace kofun::koikoi
