// Static estimate of the final solo score of a position, from what the player sees (zone, dice, Dogu, Kofun);
// it never reads the stock. Used by the non-peeking policy (solo_policy.hpp) to pre-rank turn plans and to
// drive its rollouts.
//
// Terms (terminal positions: the exact score):
//   column c, full:      die * (D + 2 * smile)                                  (its exact final worth)
//   column c, e empty:   die_est * (D + 2 * p_smile), with D = 0 (a die scores only through a smile) or 1
//                        (option solo_dice_score: every final die scores), and
//                        die_est = die * (1 - flex[e]) + target * flex[e]  (more empty cells: more room to steer
//                        the die towards a high final value), and p_smile = 1 when the column already smiles,
//                        smile[need][e] when `need` more colour-c items on top would complete three adjacent
//                        ones (need = 3 - top run, 0 when need > e)
//   row not yet judged:  2 * dogu[e] when it can still total exactly 8 (e empty cells: e <= 8 - power <= 3 e)
//   awake Dogu:          2;  Kofun held: 1 each (+ kofun_unused while not played), plus kofun_reserve per Kofun
//                        still in the reserve (the option of earning one by passing 6)
#pragma once

#include <array>

#include "haniwa.hpp"
#include "solo_board.hpp"

namespace kofun::haniwa {

// Defaults tuned by coordinate search on the mean score of the plain heuristic policy (best whole-turn plan by
// this estimate, no sampling) over 500 deals that the estimates never use.
struct SoloHeuristicWeights {
  std::array<double, 7> flex{0.0, 0.43, 0.55, 0.7, 0.8, 0.85, 0.98};  // by empty cells of the column
  double target = 5.6;
  // smile[need][e]: need 1..3 more adjacent colour items, e empty cells (need <= e)
  std::array<std::array<double, 7>, 4> smile{{{0, 0, 0, 0, 0, 0, 0},
                                              {0, 0.7, 0.77, 0.8, 0.65, 0.8, 0.8},
                                              {0, 0, 0.3, 0.45, 0.5, 0.5, 0.5},
                                              {0, 0, 0, 0.15, 0.32, 0.38, 0.2}}};
  std::array<double, 5> dogu{0.0, 0.6, 0.35, 0.45, 0.55};  // by empty cells of the row
  double kofun_reserve = 0.1;
  double kofun_unused = 0.0;  // extra worth of a held Kofun not yet played (the option of playing it)
};

// `board`: solo_board(s) (computed when not given).
double solo_heuristic(const State& s, const SoloHeuristicWeights& w) noexcept;
double solo_heuristic(const State& s, const SoloHeuristicWeights& w, const SoloBoard& board) noexcept;

}  // namespace kofun::haniwa
