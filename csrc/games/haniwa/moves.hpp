// Haniwa move packing (fits in 10..16 bits of a kofun::Move).
//
//   bits 0-1   type: 0 place, 1 discard-and-draw, 2 take a Kofun from the reserve
//   place:     bits 2-5 tile kind (from the mover's hand), bits 6-10 cell in the mover's zone (row * 4 + column),
//              bits 11-12 mode (0 normal, 1 face down, 2 under a Kofun), bits 13-15 Kofun colour (mode 2)
//   discard:   bits 2-5 tile kind
//   take:      bits 2-4 Kofun colour (the lowest-index Kofun of that colour in the reserve is taken)
//
// Moves name tile kinds and Kofun colours, not hand slots or Kofun indices, so that identical tiles never give
// duplicate moves. Notation: place "R2a1" (tile, column letter a-d, row 1-based), face down "R2a1*", under a
// Kofun "R2a1+Y" (N = brown); discard "-R2"; take a Kofun "+Y".
#pragma once

#include "../../core/move_list.hpp"

namespace kofun::haniwa {

enum class MoveType : int { kPlace = 0, kDiscard = 1, kTake = 2 };
enum class PlaceMode : int { kNormal = 0, kFaceDown = 1, kKofun = 2 };

constexpr Move place_move(int kind, int cell, PlaceMode mode, int kofun_colour = 0) noexcept {
  return static_cast<Move>(kind << 2 | cell << 6 | static_cast<int>(mode) << 11 | kofun_colour << 13);
}
constexpr Move discard_move(int kind) noexcept { return static_cast<Move>(1 | kind << 2); }
constexpr Move take_move(int colour) noexcept { return static_cast<Move>(2 | colour << 2); }

constexpr MoveType move_type(Move m) noexcept { return static_cast<MoveType>(m & 3); }
constexpr int move_kind(Move m) noexcept { return (m >> 2) & 15; }
constexpr int move_cell(Move m) noexcept { return (m >> 6) & 31; }
constexpr PlaceMode move_mode(Move m) noexcept { return static_cast<PlaceMode>((m >> 11) & 3); }
constexpr int move_kofun_colour(Move m) noexcept { return (m >> 13) & 7; }
constexpr int move_take_colour(Move m) noexcept { return (m >> 2) & 7; }

}  // namespace kofun::haniwa
