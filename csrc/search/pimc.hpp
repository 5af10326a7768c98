// Perfect-information Monte Carlo (PIMC): for each of N determinised worlds (search/worlds.hpp) a
// perfect-information search values every root move, and the values are averaged over the worlds.
//
// Per world:
//   - worlds with exactly two players (num_players(), checked per world at run time) of a zero-sum game with
//     remaining_plies_bound(), when that bound is at most `exact_plies`: an exact alpha-beta over
//     the returns themselves (point differences, not just win/loss), every root move with a full window;
//   - otherwise MCTS (mcts.hpp, solver off because returns need not be ±1) with limits.nodes / N iterations
//     (or limits.time_s / N seconds), on limits.threads threads.
// Result: per root move, value = mean over the worlds of its value for the root player, visits = number of worlds
// in which it was the best move (its votes); best move = highest mean value (votes break ties). nodes = exact
// nodes + MCTS iterations. The root moves must be the same in every world (they are the observer's moves, and the
// observer sees what they may play); a move legal in only some worlds is averaged over those.
//
// Budgets: the stop flag and the time budget are checked between worlds (and inside the MCTS searches); a stopped
// search returns the average over the worlds finished. Same seed → same worlds and the same result.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "../core/game.hpp"
#include "limits.hpp"
#include "mcts.hpp"
#include "result.hpp"
#include "worlds.hpp"

namespace kofun {

struct PimcOptions {
  int worlds = 32;        // worlds to search (explicit beliefs: at most their number of rows)
  int exact_plies = 24;   // solve exactly when no game from the world lasts longer than this
  MctsOptions mcts{};     // for the worlds too long to solve
};

namespace pimc_detail {

// Exact negamax value of `g` (returns of its player to move) in a two-player zero-sum game, fail-hard window.
template <Game G>
double exact_value(const G& g, double alpha, double beta, std::uint64_t& nodes) {
  ++nodes;
  if (g.is_terminal()) return g.returns(g.to_move());
  MoveListOf<G> ml;
  g.legal_moves(ml);
  double best = -1e300;
  for (Move m : ml) {
    G c = g;
    c.apply(m);
    const double v = c.to_move() == g.to_move() ? exact_value(c, alpha, beta, nodes)
                                                 : -exact_value(c, -beta, -alpha, nodes);
    best = std::max(best, v);
    alpha = std::max(alpha, v);
    if (alpha >= beta) break;
  }
  return best;
}

}  // namespace pimc_detail

// Searches the information state of `belief` (see the contract at the top of the file).
template <ImperfectInformationGame G>
SearchResult pimc(const Belief<G>& belief, const SearchLimits& limits, SearchControl* control,
                  const PimcOptions& opt) {
  Stopwatch clock;
  const int n = belief.sampled() ? std::max(1, opt.worlds)
                                 : static_cast<int>(std::min<std::size_t>(std::max(1, opt.worlds), belief.fixed.size()));
  WorldSource<G> worlds(belief, thread_seed(limits.seed, 0), 0);
  MctsOptions mopt = opt.mcts;
  mopt.solver = false;
  SearchLimits sub = limits;
  sub.nodes = limits.nodes ? std::max<std::uint64_t>(1, limits.nodes / static_cast<std::uint64_t>(n)) : 0;
  sub.time_s = limits.time_s > 0 ? limits.time_s / n : 0.0;
  SearchResult out;
  std::vector<double> totals;
  std::vector<int> seen;
  auto stat = [&](Move m) -> std::size_t {
    std::size_t i = 0;
    while (i < out.moves.size() && out.moves[i].move != m) ++i;
    if (i == out.moves.size()) {
      out.moves.push_back(MoveStat{m, 0.0, 0, Proof::kNone, -1});
      totals.push_back(0.0);
      seen.push_back(0);
    }
    return i;
  };
  G s = belief.base;
  for (int w = 0; w < n; ++w) {
    if (w > 0 && ((limits.time_s > 0 && clock.seconds() >= limits.time_s) ||
                  (control && control->stop.load(std::memory_order_relaxed)))) {
      out.stopped = control && control->stop.load();
      break;
    }
    worlds.next(s);
    const int me = s.to_move();
    Move best = kNoMove;
    double best_v = -1e300;
    bool solved = false;
    if constexpr (HasPliesBound<G>) {
      if (s.num_players() == 2 && s.remaining_plies_bound() <= opt.exact_plies) {
        solved = true;
        MoveListOf<G> ml;
        s.legal_moves(ml);
        for (Move m : ml) {
          G c = s;
          c.apply(m);
          const double v = c.is_terminal() ? c.returns(me)
                           : c.to_move() == me ? pimc_detail::exact_value(c, -1e300, 1e300, out.nodes)
                                               : -pimc_detail::exact_value(c, -1e300, 1e300, out.nodes);
          const std::size_t i = stat(m);
          totals[i] += v;
          ++seen[i];
          if (v > best_v) best_v = v, best = m;
        }
      }
    }
    if (!solved) {
      sub.seed = thread_seed(limits.seed, w + 1);
      const SearchResult r = mcts(s, sub, control, mopt);
      out.nodes += r.nodes;
      out.depth = std::max(out.depth, r.depth);
      for (const MoveStat& ms : r.moves) {
        const std::size_t i = stat(ms.move);
        totals[i] += ms.value;
        ++seen[i];
      }
      best = r.best_move;
    }
    if (best != kNoMove) ++out.moves[stat(best)].visits;
  }
  for (std::size_t i = 0; i < out.moves.size(); ++i) out.moves[i].value = seen[i] ? totals[i] / seen[i] : 0.0;
  std::stable_sort(out.moves.begin(), out.moves.end(), [](const MoveStat& a, const MoveStat& b) {
    return a.value != b.value ? a.value > b.value : a.visits > b.visits;
  });
  if (!out.moves.empty()) {
    out.best_move = out.moves[0].move;
    out.value = out.moves[0].value;
    out.pv.push_back(out.best_move);
  }
  out.time_s = clock.seconds();
  if (control && control->stop.load()) out.stopped = true;
  return out;
}

}  // namespace kofun
