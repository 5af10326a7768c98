#include "rules.hpp"

#include <atomic>
#include <mutex>
#include <string>

#include "../../core/errors.hpp"

namespace kofun::haniwa {
namespace {

std::array<Rules, kMaxRules> g_rules;
std::atomic<int> g_count{0};
std::mutex g_mutex;

}  // namespace

int Rules::total_tiles() const noexcept {
  int n = 0;
  for (auto c : tile_counts) n += c;
  return n;
}

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
    if (g_rules[i] == r) return i;
  if (n == kMaxRules) throw RuleOptionError("haniwa: too many distinct rule configurations in one process");
  g_rules[n] = r;
  g_count.store(n + 1, std::memory_order_release);
  return n;
}

const Rules& rules_by_id(int id) noexcept { return g_rules[id]; }

}  // namespace kofun::haniwa
