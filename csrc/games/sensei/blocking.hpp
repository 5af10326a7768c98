// The anti-blocking ("unfair game") rule of Sensei.
//
// A player has a blocking line when one square per column a..g can be chosen among their stones and the pits so
// that the squares of neighbouring columns are 8-adjacent (a chain from the left edge to the right edge the
// opponent's orthogonally moving stones can never cross). A chain of pits alone does not count. The blocking
// player loses when SOME such chain has at least 3 distinct opponent stones orthogonally adjacent to its squares.
#pragma once

#include "../../core/bitboard.hpp"

namespace kofun::sensei {

// True when the owner of `own` loses by the anti-blocking rule (`opp`: the opponent's stones, at most 7).
// Cheap when no left-to-right chain exists (a 7-step flood fill); otherwise a depth-first search over
// (square, set of adjacent opponent stones, stone used) states, each visited once, so the cost stays bounded
// for any pit layout.
bool loses_by_blocking(Bitboard own, Bitboard opp, Bitboard pits) noexcept;

}  // namespace kofun::sensei
