// Haniwa rule configuration: mode, options, tile set and Kofun set.
//
// A Rules value is immutable for a whole game. States hold it by a one-byte id into a process-wide registry of
// interned configurations (`intern_rules`), so that copying a state never copies the tile set.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "tiles.hpp"

namespace kofun::haniwa {

enum class Comparison : std::uint8_t { kStandard = 0, kColourFirst = 1 };
enum class StartDice : std::uint8_t { kOnes = 0, kRolled = 1 };
enum class SoloFill : std::uint8_t { kColumn = 0, kRow = 1 };

inline constexpr int kMaxKofun = 7;   // a cell stores index + 1 in 3 bits
inline constexpr int kMaxStock = 48;  // tiles in the whole set
inline constexpr int kHandSize = 4;  // hand capacity (4 players: hands of 3)
inline constexpr int kMaxDiscardsPerPlayer = 2;
inline constexpr int kZoneColumns = 4;
inline constexpr int kMaxCells = 24;  // 2 zones x 12 cells, or the solo zone of 24
inline constexpr int kMaxRules = 256;

struct Rules {
  int players = 2;  // 1 (solo), 2, or 4 (two teams of two: seats 0 and 2 against 1 and 3)
  Comparison comparison = Comparison::kStandard;
  StartDice start_dice = StartDice::kOnes;  // solo always rolls
  SoloFill solo_fill = SoloFill::kColumn;
  // Solo scoring: false (the rules' reading) scores Kofun + 2 x awake Dogu + 2 x die of each smiling column;
  // true adds each column's final die as well (the earlier reading, kept to reproduce earlier figures).
  bool solo_dice_score = false;
  int rounds = 1;  // 2: a two-game match with VIP Gozoku in the second game (2 or 4 players)
  std::array<std::uint8_t, kKinds> tile_counts{};      // copies of each tile kind
  std::array<std::uint8_t, kMaxKofun> kofun_colours{};  // colour of each Kofun (0..4), first num_kofun used
  int num_kofun = 0;

  bool solo() const noexcept { return players == 1; }
  int hand_size() const noexcept { return players == 4 ? 3 : kHandSize; }
  int max_discards() const noexcept { return players == 2 ? kMaxDiscardsPerPlayer : 0; }
  int rows() const noexcept { return solo() ? 6 : 3; }
  int zone_cells() const noexcept { return rows() * kZoneColumns; }
  int total_tiles() const noexcept {  // inline: read at every draw
    int n = 0;
    for (auto c : tile_counts) n += c;
    return n;
  }
  // Throws RuleOptionError naming the first problem. 2-player sets need >= 36 tiles (8 dealt + 24 placed + 4
  // discards: hands are then always refilled; 4 players: 12 dealt + 24 placed), solo sets >= 24; at most kMaxStock tiles and kMaxKofun Kofun.
  void validate() const;
  bool operator==(const Rules&) const = default;

  // Option names, as the position notation and the Python options write them; nothing for an unknown name.
  static std::optional<Comparison> comparison_named(std::string_view name) noexcept;
  static std::optional<StartDice> start_dice_named(std::string_view name) noexcept;
  static std::optional<SoloFill> solo_fill_named(std::string_view name) noexcept;

  // A validated configuration from option values: tile_counts per kind (colour * 3 + power - 1, kKinds of them),
  // kofun_colours 0..4 (at most kMaxKofun). Throws RuleOptionError naming the faulty option.
  static Rules from_options(int players, std::string_view comparison, std::string_view start_dice,
                            std::string_view solo_fill, std::span<const int> tile_counts,
                            std::span<const int> kofun_colours, int rounds, bool solo_dice_score = false);
};

// The default set of the rules: 4 colours x powers 1-3 x 3 copies; Kofun red, blue, green, yellow, brown, brown.
Rules default_rules(int players);

// Validates and interns `r`; equal configurations share one id. Thread-safe. Throws RuleOptionError when invalid
// or when more than kMaxRules distinct configurations are used.
int intern_rules(const Rules& r);
// The interned configurations (written only by intern_rules, under its lock, before their id is handed out).
extern std::array<Rules, kMaxRules> g_interned_rules;
// The configuration of an id returned by intern_rules (no check). Inline: every state reads its rules through it.
inline const Rules& rules_by_id(int id) noexcept { return g_interned_rules[id]; }

}  // namespace kofun::haniwa
