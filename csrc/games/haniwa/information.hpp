// Haniwa hidden information: what one player knows (the information state), and full worlds rebuilt from it.
//
// Who sees what (the observer's *team* shares everything: with 4 players hands are public inside a team, and a
// team-mate is taken to know what their partner placed; with 2 players a team is one player; solo hides only
// the stock order):
//   public     rule options and tile set, first player, player to move, phase, dice, Dogu, Kofun states (reserve /
//              held / used), turn and game flags, counters, every face-up tile, which cells hold a face-down tile or
//              a Kofun stack, the order and authors of the discards, the two-round fields except the reshuffle seed
//   own team   its hands, the tile of its own face-down cell, the tiles under its own Kofun, its discards
//   hidden     the other team's hands (their sizes are known), the stock order and contents (its size is known),
//              the other team's face-down tile and the tiles under its Kofun, its discards, and the reshuffle
//              seed of a two-round match (it fixes the second game's stock, so nobody may know it)
// The information state is the visible position, not the move history: a uniform belief over its worlds does
// not infer anything from how the other team played.
//
// Information-state notation: the position notation (docs/haniwa.md) with `view=<player>` first, `reshuffle`
// left out, and for the hidden items:
//   handN=<count>         a hidden hand (its number of tiles)
//   stock=<count>         the number of tiles left in the stock
//   ?*  /  ?+k            a hidden face-down tile / a hidden tile under Kofun k, in the other team's zone
//   N?                    a discard of player N whose tile the observer did not see
// Parsing checks that exactly the items hidden from `view` are hidden and that a world exists (every consistency
// check of the position notation); NotationError names the field. The canonical text of an information state is
// `information_state(view)` of any of its worlds, so parse -> to_string round-trips.
//
// World layout (from_world): a flat int32 array, in this order
//   1. the hidden hands, players in seat order, each hand's tiles (any order; hands are kept sorted)
//   2. the stock in draw order (next tile first)
//   3. the other team's face-down tile (0 or 1 slot)
//   4. the tiles under the other team's Kofun stacks, in cell order
//   5. the other team's discards, in discard order
//   6. two-round match only: the reshuffle seed, a uint32 stored bit for bit in one int32 (not a tile). This slot
//      may be left out (a world of tiles only, as the searches' C++ belief samples it): the seed is then a fixed
//      hash of the tile slots.
// Slots 1-5 hold tile kinds 0..11 and together are exactly the unseen multiset: the tile set minus every tile the
// observer sees. Solo worlds are the stock alone.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "haniwa.hpp"

namespace kofun::haniwa {

// The slot groups of a world, in layout order (sizes may be 0).
enum class SlotGroupId : std::uint8_t { kHand = 0, kStock, kFaceDown, kUnderKofun, kDiscards, kReshuffle };

// One hidden slot: where its item goes in a state.
struct HiddenSlot {
  SlotGroupId group;
  std::uint8_t index;   // hand: player; stock: slot j; face down / under Kofun: cell; discards: discard index
  std::uint8_t offset;  // hand: position in the hand; otherwise 0
};

inline constexpr int kMaxHiddenSlots = 2 * kHandSize + kMaxStock + 1 + kMaxKofun + 4 + 1;

// A parsed information state: the observer, the unseen multiset, the slot layout, and one world of it (the
// unseen tiles laid out in ascending order) from which every other world is a copy with the slots rewritten.
class InformationState {
 public:
  // Throws NotationError naming the field when `text` is malformed, hides the wrong items, or admits no world.
  static InformationState parse(std::string_view text);
  // The information state of `player` in a full state.
  static InformationState of(const State& s, int player);

  int view() const noexcept { return view_; }
  const std::array<int, kKinds>& unseen() const noexcept { return unseen_; }  // copies of each kind
  int num_slots() const noexcept { return num_slots_; }                         // world length
  std::span<const HiddenSlot> slots() const noexcept { return {slots_.data(), static_cast<std::size_t>(num_slots_)}; }
  // (group name, size) of each group in layout order: hand<N> per hidden player, stock, face_down, under_kofun,
  // discards, and reshuffle (1 slot, two-round matches only).
  std::vector<std::pair<std::string, int>> groups() const;
  std::string to_string() const;  // the canonical notation

  // The state of one world; WorldError when `world` has the wrong length (num_slots, or num_slots - 1 in a
  // two-round match: no seed slot), a kind out of 0..11, or is not exactly the unseen multiset. No allocation.
  State world(std::span<const std::int32_t> world) const;
  // The true world of `view` in `s` (s must have this information state for `view`).
  static std::vector<std::int32_t> hidden_world(const State& s, int view);
  // The information-state notation of `view` in `s` (NotationError when `view` is not a player).
  static std::string format(const State& s, int view);

 private:
  InformationState() = default;
  // Fills slots_ from the base state (the layout above).
  void lay_out();

  State base_;
  int view_ = 0;
  int num_slots_ = 0;
  std::array<int, kKinds> unseen_{};
  std::array<HiddenSlot, kMaxHiddenSlots> slots_{};
};

}  // namespace kofun::haniwa
