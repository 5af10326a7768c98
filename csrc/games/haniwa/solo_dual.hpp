// Information-relaxation dual bound of the solo game (Brown, Smith & Sun, "Information Relaxations and Duality in
// Stochastic Dynamic Programs", Operations Research 2010): an upper bound on the optimal expected score of a
// non-peeking player, tighter than the plain clairvoyant optimum.
//
// Setting. A solo game is six turns; turn t places the four tiles of hand H_t (a plan: cells, order, Kofun), then
// H_{t+1} is drawn. A non-peeking policy chooses the plan of turn t from H_1..H_t only. x_t is the position at
// the end of turn t (before the draw); U_t, the tiles not yet drawn then, is the tile set minus H_1..H_t, the same
// for every plan (every hand tile must be placed).
//
// Penalty. The clairvoyant of a deal (draw order known) maximises  final score - pi  over its plans, with one
// penalty term, on the last draw (the other draws carry none):
//   pi = Phi(x_5, H_6) - E[Phi(x_5, H) | H uniform 4-subset of U_5]
// where Phi is the last turn's Dogu made optimistic: x_5 has exactly four empty cells; for each row holding some
// (m_r of them) let q_r = 8 - the row's power; Phi(x, H) = 2 x the largest number of those rows brought to
// exactly q_r over every assignment of H's four tiles to the four cells, one tile optionally counted as power 2
// (a Kofun stack), ignoring columns, dice and the order of play. Phi depends on H only through its powers, so the
// expectation is computed exactly (at most 15 power multisets, hypergeometric weights).
//
// Validity. x_5 is fixed by H_1..H_5 under any non-anticipative policy, and H_6 is then a uniform 4-subset of
// U_5: E[pi | H_1..H_5] = 0, so E[score(a*)] = E[score(a*) - pi(a*)] <= E[max_a (score(a) - pi(a))] for the
// optimal policy a*. The mean over deals of the inner maximum bounds the optimal expected score from above.
// Why this Phi: the clairvoyant fits the last hand's powers into rows left one or two short of 8 and wakes their
// Dogu almost always; the penalty charges it the difference between the hand it knows and the average hand.
//
// Second penalty (option penalised_draws = 2): the same at the draw of H_5, the hand of turn 5:
//   pi_5 = Phi(x_4, H_5) - E[Phi(x_4, H) | H uniform 4-subset of U_4],
// x_4 the position at the end of turn 4 (eight empty cells), U_4 = H_5 + U_5, and Phi the same optimistic Dogu:
// 2 x the most rows holding x_4's empty cells brought to exactly q_r by four tiles placed in any four of its
// empty cells (a row counts when all its empty cells get a tile), one tile optionally as power 2. It has zero
// mean given H_1..H_4, as pi does given H_1..H_5; the clairvoyant then pays for the fit of hand 5 too.
//
// Inner problem (SoloDualSolver). The same depth-first branch and bound as SoloSolver (children shared:
// solo_search.hpp) over the deal's known order, in integer units of 1/W (W = C(|U_5|, 4)), with the start of the
// last turn as its horizon: a horizon position x is worth W (V(x, H_6) - Phi(x, H_6)) + W E[Phi(x, .)], V the exact
// last-turn optimum (SoloSolver), so the root value is W x the inner maximum.
// Admissible bound of a node n before the horizon (proof). Let x be any horizon position below n and k the number
// of rows holding x's empty cells (1..4). The final score of any continuation is (columns, dice, Kofun) + 2 x (awake
// rows full at x) + 2 x (awake rows among the k). (a) The first part is at most columns_and_kofun of
// solo_upper_bound_parts(n, tiles still to place) (solo_bound.hpp). (b) Cells fill from the bottom (both
// solo_fill modes), so x's empty cells are the top cells of their columns and its k rows are the top k rows; k is
// the most empty cells x keeps in one column, and column c keeps at most its e_c empty cells at n, so
// sum_c min(e_c, k) >= 4. A row full at x (rows 0 .. 5 - k) is awake at the end only if it was awake or could
// still total 8 at n: at most 2 x the number of such rows among rows 0 .. 5 - k.
// (c) The k rows' awake Dogu at the end is at most Phi(x, H_6) (Phi maximises over a superset of the real
// placements). So V(x, H_6) - Phi(x, H_6) <= (a) + (b), and E[Phi(x, .)] <= best[k], the largest expectation over
// every possible pattern of k rows (m_r, q_r). Hence the node bound
//   W (a) + max over the feasible k of (2 W (rows 0 .. 5 - k awake or able to total 8 at n) + W best[k]).
// A horizon node starts from W (solo_upper_bound(x, H_6) - Phi) + W E[Phi] and is solved only if that can beat the
// best value found. Budget: out of budget a node returns its bound, so the root value stays a proven upper bound.
// A root already in the last turn has no draw left: the result is the exact best score (no penalty).
// With the second penalty (root before turn 5) values are in units of 1/(W_5 W) (W_5 = C(|U_4|, 4)). A node at
// x_4 is worth  -W_5 W pi_5(x_4) + its subtree's value, and its subtree is searched as above (the last penalty
// alone), with the constant -W_5 W pi_5(x_4) added to every comparison with the best line (SoloSearch offset_):
// so the table keeps subtree values, whichever x_4 reached them. Admissible bound of a node n before turn 5: any
// continuation's score is (a) + 2 x (awake rows full at x_4) + 2 x (rows completed in turn 5, each at exactly 8)
// + 2 x (rows completed in turn 6); the third part is at most Phi(x_4, H_5) (its maximum runs over a superset of
// the real placements of turn 5), the fourth at most Phi(x_5, H_6) as above. With k_4 the number of rows holding
// x_4's eight empty cells (the top k_4 rows; feasible when sum_c min(e_c, k_4) >= 8) the node bound is
//   W_5 W (a) + max over the feasible k_4 of (2 W_5 W (rows 0 .. 5 - k_4 awake or able to total 8 at n)
//   + W best_5[k_4]) + W_5 max_k best[k],
// best_5[k] x W_5 the largest E[Phi(x_4, .)] over every pattern of k rows holding eight empty cells.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "haniwa.hpp"
#include "solo_bound.hpp"
#include "solo_search.hpp"
#include "solo_solver.hpp"

namespace kofun::haniwa {

// The rows holding empty cells: for each, m (its empty cells) and q (8 - its power).
struct SoloOpenRows {
  static constexpr int kMaxRows = 6;
  int rows = 0;
  std::array<int, kMaxRows> m{};
  std::array<int, kMaxRows> q{};
};

// The rows of `x`'s empty cells.
SoloOpenRows solo_open_rows(const State& x) noexcept;
// Phi / 2: the most rows of `rows` that tiles of the given powers (powers[p - 1] tiles of power p), placed in
// empty cells of those rows, bring to exactly q (a row counts when each of its m cells gets a tile), one tile
// optionally counted as power 2.
int solo_rows_completed(const SoloOpenRows& rows, const std::array<int, 3>& powers) noexcept;

struct SoloDualResult {
  double upper_bound = 0.0;  // proven upper bound of the penalised inner maximum of this world
  double best_value = -1.0;  // penalised value of the best line evaluated; -1: none
  bool exact = false;        // the search finished: best_value is the inner maximum
  bool penalised = true;     // false: the root is in the last turn, the result is the exact best score
  std::uint64_t nodes = 0;   // search nodes plus the nodes of the last-turn solves
  double time_s = 0.0;
  std::int64_t weight = 1;   // W
  std::vector<Move> line;    // moves from the root to the start of the last turn on the best line evaluated
};

// Owns its tables (allocated once); results do not depend on earlier calls. Not thread-safe.
class SoloDualSolver : private SoloSearch<std::int32_t, std::int32_t> {
 public:
  // `penalised_draws`: 1 (the last draw) or 2 (the last two draws; a root in turn 5 or later has one left).
  explicit SoloDualSolver(int table_bits = 20, int penalised_draws = 1);
  // Throws RuleOptionError for a non-solo state or fewer than 4 tiles left for the last draw.
  SoloDualResult solve(const State& s, const SoloSolveLimits& limits);
  // E[Phi(x, H)] over the uniform 4-subsets H of x's hand + stock, and Phi(x, x's hand), for x at the start of
  // turn 5 (the second penalty) or of the last turn.
  double expected_penalty_term(const State& x);
  static int penalty_term(const State& x);
  int penalised_draws() const noexcept { return draws_; }

 private:
  // The possible hands of one draw (power multisets and their weights) and E[Phi] of row patterns under it.
  struct Draw {
    std::vector<std::pair<std::array<int, 3>, std::int64_t>> hands;
    std::int64_t weight = 1;  // W of the draw: C(unseen, 4)
    std::map<std::uint64_t, std::int64_t> cache;
    std::array<std::int64_t, SoloOpenRows::kMaxRows + 1> best{};  // best[k]: the largest sum over a k-row pattern
    std::int64_t best_any = 0;  // the largest of best[]
    void prepare(const std::array<int, 3>& unseen_powers, int cells);
    std::int64_t expected_phi(const SoloOpenRows& rows);  // sum over hands of weight x Phi
  };
  std::int64_t bound_wide(const State& s, const TileCounts& tiles, const SoloBoard& board) const noexcept;
  std::int32_t bound(const State& s, const TileCounts& tiles, const SoloBoard& board) noexcept;
  std::int64_t penalty5(const State& x4);  // W_5 W pi_5(x_4)
  bool at_x4(const State& s) const noexcept;
  std::int32_t leaf(const State& x, bool& exact);
  std::int32_t search(const State& s, const SoloBoard& board, TileCounts& tiles, std::int32_t bound, int depth,
                      bool& exact);
  std::int32_t search_node(const State& s, const SoloBoard& board, TileCounts& tiles, std::int32_t bound, int depth,
                           bool& exact);

  static constexpr int kHorizon = 20;  // placements before the last turn
  static constexpr int kTurnFive = 16;  // placements before turn 5

  int draws_ = 1;
  SoloSolver last_;  // exact last-turn solves
  Draw last_draw_;   // H_6
  Draw draw5_;       // H_5 (second penalty)
  bool penalise5_ = false;  // this solve charges the second penalty
  std::int64_t scale5_ = 1;  // W_5 when it does, else 1
};

}  // namespace kofun::haniwa
