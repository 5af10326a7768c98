// Determinised worlds for the information-set searches (ismcts.hpp, pimc.hpp).
//
// A search over hidden information starts from the searching player's information state plus a belief about what
// is hidden, given in one of two forms:
//   sampled   the unseen items (a multiset of integers, e.g. card numbers) and the sizes of the hidden slot groups
//             (e.g. opponent hand 8, stock 24) — exactly what solver.determinize.UniformBelief holds. Each world is
//             a uniformly random arrangement of the items over the slots: the items are shuffled in place
//             (Fisher-Yates with the project's Rng) once per world. Every arrangement is consistent with the
//             information state, so no world is ever rejected.
//   explicit  a list of worlds (rows of the game's world layout), e.g. from a Python belief with restrictions;
//             world k of a thread's sequence is row (offset + k) mod rows.
// Both forms are checked once, up front, through the game's checked path G::from_world (WorldError /
// NotationError on an inconsistent information state or world). Each world then becomes a state:
//   - with the fast hook (HasWorldAssignment, see game.hpp): a copy of the base state whose hidden part is
//     overwritten in place (no parsing, no allocation);
//   - without it: G::from_world(info, world) per world (generic, slower: it parses the information state).
// Explicit worlds are built into states once, when the source is made.
//
// Reproducibility: a sampled source seeded with s yields the same worlds as sample_worlds(items, n, s).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/errors.hpp"
#include "../core/game.hpp"

namespace kofun {

// Salt separating the world stream of a search from its rollout stream (both derive from one seed).
inline constexpr std::uint64_t kWorldSalt = 0x57304C44ULL;

// Shuffles `items` in place into a uniformly random order (Fisher-Yates).
inline void shuffle_items(std::span<std::int32_t> items, Rng& rng) noexcept {
  for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[rng.below(static_cast<std::uint32_t>(i))]);
}

// The belief every thread of a search shares: the information state, its base state (observer to move) and either
// the unseen items or prebuilt explicit worlds.
template <ImperfectInformationGame G>
struct Belief {
  std::string info;
  G base;                            // the information state with the items in their given order as its world
  int observer = 0;                  // the player whose information state this is (to move at the root)
  std::vector<std::int32_t> items;   // sampled form: the unseen items
  std::vector<G> fixed;              // explicit form: one state per world

  bool sampled() const noexcept { return fixed.empty(); }

  // Sampled form. `groups` are the slot-group sizes (their sum must be the number of items).
  static Belief from_items(std::string_view info, std::vector<std::int32_t> items, std::span<const int> groups) {
    std::size_t slots = 0;
    for (int g : groups) {
      if (g < 0) throw WorldError("belief: slot group sizes must be >= 0");
      slots += static_cast<std::size_t>(g);
    }
    if (slots != items.size())
      throw WorldError("belief: the slot groups hold " + std::to_string(slots) + " items but " +
                       std::to_string(items.size()) + " items are unseen");
    G base = G::from_world(info, items);
    Belief b{std::string(info), base, base.to_move(), std::move(items), {}};
    b.check_view();
    return b;
  }

  // Explicit form: `rows` worlds of `cols` integers each, row-major.
  static Belief from_rows(std::string_view info, std::span<const std::int32_t> data, std::size_t rows,
                          std::size_t cols) {
    if (rows == 0) throw WorldError("belief: no worlds given");
    if (data.size() != rows * cols) throw WorldError("belief: the world array does not have rows x cols entries");
    std::vector<G> fixed;
    fixed.reserve(rows);
    for (std::size_t r = 0; r < rows; ++r) fixed.push_back(G::from_world(info, data.subspan(r * cols, cols)));
    Belief b{std::string(info), fixed[0], fixed[0].to_move(), {}, std::move(fixed)};
    b.check_view();
    return b;
  }

 private:
  void check_view() const {
    if (base.is_terminal()) throw WorldError("belief: the information state is terminal, there is nothing to search");
    if (base.information_state(observer) != info)
      throw WorldError("belief: the information state is not the view of the player to move (" +
                       std::to_string(observer) + ")");
  }
};

// One thread's stream of determinised states from a shared Belief.
template <ImperfectInformationGame G>
class WorldSource {
 public:
  WorldSource(const Belief<G>& b, std::uint64_t seed, std::size_t offset)
      : b_(b), buf_(b.items), rng_(seed ^ kWorldSalt), next_(b.sampled() ? 0 : offset % b.fixed.size()) {}

  // Writes the next world's state into `out`.
  void next(G& out) {
    if (!b_.sampled()) {
      out = b_.fixed[next_];
      if (++next_ == b_.fixed.size()) next_ = 0;
      return;
    }
    shuffle_items(buf_, rng_);
    if constexpr (HasWorldAssignment<G>) {
      out = b_.base;
      out.assign_hidden(b_.observer, buf_);
    } else {
      out = G::from_world(b_.info, buf_);
    }
  }


 private:
  const Belief<G>& b_;
  std::vector<std::int32_t> buf_;
  Rng rng_;
  std::size_t next_;
};

// The seed of thread t's streams in a search seeded with `seed` (thread 0 first).
inline std::uint64_t thread_seed(std::uint64_t seed, int t) noexcept {
  std::uint64_t x = seed, s = 0;
  for (int i = 0; i <= t; ++i) s = splitmix64(x);
  return s;
}

// The first n worlds a one-thread search seeded with `seed` samples from `items` (row-major, n x items.size()).
inline std::vector<std::int32_t> sample_worlds(std::vector<std::int32_t> items, std::size_t n, std::uint64_t seed) {
  Rng rng(thread_seed(seed, 0) ^ kWorldSalt);
  std::vector<std::int32_t> out;
  out.reserve(n * items.size());
  for (std::size_t k = 0; k < n; ++k) {
    shuffle_items(items, rng);
    out.insert(out.end(), items.begin(), items.end());
  }
  return out;
}

}  // namespace kofun
