// Koi-Koi rule options of one deal, and the presets.
//
//   seed      the default rules (rules file): brights 15 / 10 / 8 / 6, poetry / blue ribbons 6 each, no viewing
//             yaku, no doubling, unlimited koi-koi calls (also with an empty hand), the set yaku flat and the count
//             yaku on top of them, only the misdeals of the seed rules.
//   nintendo  Nintendo's published rules: brights 10 / 8 / 7 / 5; flower- and moon-viewing 5 each; a stop worth
//             7+ is doubled; a stop after the opponent called koi-koi is doubled (both doublings stack);
//             koi-koi at most once per deal for both players together, and never with an empty hand; the set
//             yaku count further cards (Boar-Deer-Butterflies 5 + 1 per further animal, poetry / blue ribbons
//             5 + 1 per further ribbon, both ribbon sets 10 + 1 per further ribbon) instead of the animals /
//             ribbons count yaku; three cards of one month on the table at the deal → redeal.
//
// Koi-koi calls: `max_koikoi` (0 = unlimited) counted per player (`koikoi_limit` kPerPlayer) or for both players
// together (kPerDeal). When a player's total rises and they may not call koi-koi (the limit is reached, or their
// hand is empty and `empty_hand_koikoi` is off), the deal ends at once as if they stopped (no decide phase).
//
// The number of deals in a match (`rounds`) is not a property of a deal: the Python façade runs matches.
//
// Text form (part of the position notation): `seed` or `nintendo` when the options equal a preset, otherwise a
// comma-separated list `b<5>-<4>-<4 with Rain man>-<3>` followed by any of `p<n>` (poetry / blue ribbons worth n
// each; omitted when 6), `v<n>` (viewing yaku worth n each), `sx` (set yaku extras), `d7` (7+ doubled), `dk`
// (doubled after the opponent's koi-koi), `k<n>` (at most n koi-koi calls per player and deal) or `kd<n>` (at most
// n calls per deal for both players; `kd0` unlimited), `ne` (no koi-koi with an empty hand), `r3` (redeal on
// three of a month on the table), in that order; e.g. `b15-10-8-6,v5,dk`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace kofun::koikoi {

enum class KoikoiLimit : std::uint8_t { kPerPlayer, kPerDeal };

struct Rules {
  std::int8_t five_brights = 15;
  std::int8_t four_brights = 10;        // four without the Rain man
  std::int8_t rainy_four_brights = 8;   // four with the Rain man
  std::int8_t three_brights = 6;        // three without the Rain man (three with him score nothing)
  std::int8_t ribbon_sets = 6;          // poetry ribbons, and blue ribbons, points each
  std::int8_t viewing = 0;              // flower / moon viewing (with the Sake cup) points each; 0 = off
  std::int8_t max_koikoi = 0;           // koi-koi calls allowed per player (or per deal); 0 = unlimited
  KoikoiLimit koikoi_limit = KoikoiLimit::kPerPlayer;
  // One byte of flags (the state stays 96 bytes).
  bool seven_point_double : 1 = false;
  bool koikoi_double : 1 = false;
  bool redeal_three_on_table : 1 = false;
  // Boar-Deer-Butterflies +1 per further animal, each ribbon set +1 per further ribbon, both ribbon sets one yaku
  // (2 x ribbon_sets + 1 per further ribbon); a set yaku replaces the count yaku of its category.
  bool set_yaku_extras : 1 = false;
  bool empty_hand_koikoi : 1 = true;    // koi-koi may be called with an empty hand

  static constexpr int kHandYakuPoints = 6;
  static constexpr int kViewingPoints = 5;  // what `sake_viewing` turns on

  static Rules seed() noexcept { return {}; }
  static Rules nintendo() noexcept {
    Rules r{.five_brights = 10, .four_brights = 8, .rainy_four_brights = 7, .three_brights = 5, .ribbon_sets = 5,
            .viewing = kViewingPoints, .max_koikoi = 1, .koikoi_limit = KoikoiLimit::kPerDeal};
    r.seven_point_double = r.koikoi_double = r.redeal_three_on_table = r.set_yaku_extras = true;
    r.empty_hand_koikoi = false;
    return r;
  }
  // A preset by name ("seed", "nintendo"); throws RuleOptionError naming the allowed presets.
  static Rules preset(std::string_view name);

  // Whether the koi-koi calls so far (k0, k1) leave `player` another call under the limit (hand size aside).
  bool koikoi_left(int k0, int k1, int player) const noexcept {
    if (max_koikoi == 0) return true;
    return (koikoi_limit == KoikoiLimit::kPerDeal ? k0 + k1 : player == 0 ? k0 : k1) < max_koikoi;
  }
  // Whether calls (k0, k1) are possible at all under the limit.
  bool koikoi_calls_valid(int k0, int k1) const noexcept {
    if (max_koikoi == 0) return true;
    return koikoi_limit == KoikoiLimit::kPerDeal ? k0 + k1 <= max_koikoi : k0 <= max_koikoi && k1 <= max_koikoi;
  }

  std::string to_string() const;
  // Throws NotationError naming the faulty item.
  static Rules parse(std::string_view s);

  bool operator==(const Rules&) const = default;
};

}  // namespace kofun::koikoi
