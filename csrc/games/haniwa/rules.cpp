#include "rules.hpp"

#include <atomic>
#include <mutex>
#include <string>

#include "../../core/errors.hpp"

namespace kofun::haniwa {
std::array<Rules, kMaxRules> g_interned_rules;

namespace {

std::atomic<int> g_count{0};
std::mutex g_mutex;

}  // namespace

void Rules::validate() const {
  if (players != 1 && players != 2 && players != 4)
    throw RuleOptionError("haniwa option 'players': " + std::to_string(players) + " is not one of 1, 2, 4");
  if (rounds != 1 && rounds != 2)
    throw RuleOptionError("haniwa option 'rounds': " + std::to_string(rounds) + " is not one of 1, 2");
  if (rounds == 2 && solo()) throw RuleOptionError("haniwa option 'rounds': the solo game has one round");
  if (solo_dice_score && !solo())
    throw RuleOptionError("haniwa option 'solo_dice_score': only for the solo game (players=1)");
  const int total = total_tiles();
  const int need = solo() ? 24 : 36;
  if (total < need || total > kMaxStock)
    throw RuleOptionError("haniwa tile set: " + std::to_string(total) + " tiles; a " +
                          (solo() ? std::string("solo") : std::to_string(players) + "-player") + " game needs " +
                          std::to_string(need) + " to " + std::to_string(kMaxStock));
  if (num_kofun < 0 || num_kofun > kMaxKofun)
    throw RuleOptionError("haniwa Kofun set: " + std::to_string(num_kofun) + " Kofun; at most " +
                          std::to_string(kMaxKofun));
  for (int k = 0; k < kMaxKofun; ++k) {
    if (k < num_kofun && kofun_colours[k] >= kKofunColours)
      throw RuleOptionError("haniwa Kofun set: Kofun " + std::to_string(k) + " has no valid colour");
    if (k >= num_kofun && kofun_colours[k] != 0)
      throw RuleOptionError("haniwa Kofun set: unused Kofun slots must be zero");
  }
}

std::optional<Comparison> Rules::comparison_named(std::string_view name) noexcept {
  if (name == "standard") return Comparison::kStandard;
  if (name == "colour_first") return Comparison::kColourFirst;
  return std::nullopt;
}

std::optional<StartDice> Rules::start_dice_named(std::string_view name) noexcept {
  if (name == "ones") return StartDice::kOnes;
  if (name == "rolled") return StartDice::kRolled;
  return std::nullopt;
}

std::optional<SoloFill> Rules::solo_fill_named(std::string_view name) noexcept {
  if (name == "column") return SoloFill::kColumn;
  if (name == "row") return SoloFill::kRow;
  return std::nullopt;
}

Rules Rules::from_options(int players, std::string_view comparison, std::string_view start_dice,
                          std::string_view solo_fill, std::span<const int> tile_counts,
                          std::span<const int> kofun_colours, int rounds, bool solo_dice_score) {
  Rules r;
  r.players = players;
  r.rounds = rounds;
  r.solo_dice_score = solo_dice_score;
  const auto cmp = comparison_named(comparison);
  if (!cmp)
    throw RuleOptionError("haniwa option 'comparison': '" + std::string(comparison) +
                          "' is not one of 'standard', 'colour_first'");
  r.comparison = *cmp;
  const auto dice = start_dice_named(start_dice);
  if (!dice)
    throw RuleOptionError("haniwa option 'start_dice': '" + std::string(start_dice) + "' is not one of 'ones', 'rolled'");
  r.start_dice = *dice;
  const auto fill = solo_fill_named(solo_fill);
  if (!fill)
    throw RuleOptionError("haniwa option 'solo_fill': '" + std::string(solo_fill) + "' is not one of 'column', 'row'");
  r.solo_fill = *fill;
  if (tile_counts.size() != kKinds) throw RuleOptionError("haniwa tile set: expected 12 counts");
  for (int k = 0; k < kKinds; ++k) {
    if (tile_counts[k] < 0 || tile_counts[k] > kMaxStock) throw RuleOptionError("haniwa tile set: count out of range");
    r.tile_counts[k] = static_cast<std::uint8_t>(tile_counts[k]);
  }
  if (kofun_colours.size() > kMaxKofun) throw RuleOptionError("haniwa Kofun set: at most 7 Kofun");
  for (int c : kofun_colours) {
    if (c < 0 || c >= kKofunColours) throw RuleOptionError("haniwa Kofun set: colour must be 0..4");
    r.kofun_colours[r.num_kofun++] = static_cast<std::uint8_t>(c);
  }
  r.validate();
  return r;
}

Rules default_rules(int players) {
  Rules r;
  r.players = players;
  r.tile_counts.fill(3);
  r.num_kofun = 6;
  r.kofun_colours = {0, 1, 2, 3, kBrown, kBrown, 0};
  return r;
}

int intern_rules(const Rules& r) {
  r.validate();
  std::lock_guard<std::mutex> lock(g_mutex);
  const int n = g_count.load(std::memory_order_acquire);
  for (int i = 0; i < n; ++i)
    if (g_interned_rules[i] == r) return i;
  if (n == kMaxRules) throw RuleOptionError("haniwa: too many distinct rule configurations in one process");
  g_interned_rules[n] = r;
  g_count.store(n + 1, std::memory_order_release);
  return n;
}

}  // namespace kofun::haniwa
