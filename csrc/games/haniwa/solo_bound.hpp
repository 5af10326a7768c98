// Admissible upper bound on the final score of a solo Haniwa game.
//
// solo_upper_bound(s, tiles) is never below the best final score reachable from the solo state `s` by any
// sequence of placements and Kofun choices, provided `tiles` counts (per tile kind) at least every tile that will
// still be placed: the hand plus the draws still to come. The clairvoyant solver passes exactly those tiles; a
// non-peeking caller may pass any superset (e.g. hand + every unseen tile).
//
// Why it is admissible. The final score is  sum_c die_c * (D + 2 * smile_c) + 2 * awake Dogu + Kofun held, with
// D = 0 (the rules: a die scores only through its column's smile) or D = 1 (option solo_dice_score). Both
// weights are >= 0, so a column's worth is non-decreasing in its final die and in its smile.
//  * Every empty cell is filled by the end (24 placements fill the 24 cells), so column c receives exactly e_c
//    more items (tiles or Kofun stacks), e_c = its empty cells. Only items of colour c move die c: tiles of
//    colour c, and Kofun stacks of colour c (power 2), which need a colour-c Kofun held unused or still in the
//    reserve, and at most one Kofun play per remaining turn. So the power added to die c is a sum S of at most
//    e_c of those items; the final die is ((d - 1 + S) mod 6) + 1 and the die passes 6 exactly
//    floor((d - 1 + S) / 6) times, whatever the order. Items of colour c only ever match column c, so the
//    columns draw on disjoint item pools and maximising each column separately over all such S is optimistic.
//  * A smile needs three vertically adjacent colour-c items. With a top run of r colour-c items (the run at the
//    top of the filled part of the column), a future smile needs at least 3 - r more colour-c items in that
//    column (extending the run) or 3 (a fresh run), and that many empty cells. A column already smiling keeps it.
//    So column c is worth at most max over reachable S of die(S) * (D + 2) if S used >= 3 - r items (and the
//    cells allow it), else die(S) * D (0 by the rules: a column that cannot smile adds only its passes).
//  * Kofun: each pass of a die takes one reserve Kofun while any is left, so the Kofun held at the end are at
//    most held + min(reserve, total passes) (+1 when a take is pending in the `choose` phase). The passes of
//    each column are tied to its S, so the bound maximises jointly over (passes per column) -> column values.
//  * Dogu: an awake Dogu stays awake (2 points); a full row not awake stays asleep; a row with k tiles of total
//    power t and e = 4 - k empty cells can still total exactly 8 only if e <= 8 - t <= 3 e (items have power 1-3),
//    and is counted 2 only then.
// Each term bounds its part of the final score from above, and the sum of the bounds bounds the sum.
#pragma once

#include <array>

#include "haniwa.hpp"
#include "solo_board.hpp"

namespace kofun::haniwa {

// Tile counts per kind (0..11).
using TileCounts = std::array<int, kKinds>;

// The tiles a clairvoyant player will still place in solo: the hand plus the next draws of the stock.
TileCounts solo_tiles_to_place(const State& s) noexcept;

// The admissible bound described above; `s` must be a solo state. Exact score when `s` is terminal. `board`:
// solo_board(s) (computed when not given; a node's children take theirs from the node's, solo_board.hpp).
int solo_upper_bound(const State& s, const TileCounts& tiles) noexcept;
int solo_upper_bound(const State& s, const TileCounts& tiles, const SoloBoard& board) noexcept;

// solo_upper_bound in two parts: columns, dice and Kofun held (`columns_and_kofun`) and the Dogu (`dogu` = 2 x
// `dogu_rows`, the rows awake or still able to total exactly 8); solo_upper_bound = columns_and_kofun + dogu.
// Each part bounds its own share of the final score (see the proof above). A terminal state: its score and 0.
struct SoloBoundParts {
  int columns_and_kofun = 0;
  int dogu = 0;
  int dogu_rows = 0;
};
SoloBoundParts solo_upper_bound_parts(const State& s, const TileCounts& tiles) noexcept;
SoloBoundParts solo_upper_bound_parts(const State& s, const TileCounts& tiles, const SoloBoard& board) noexcept;

}  // namespace kofun::haniwa
