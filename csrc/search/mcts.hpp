// Monte-Carlo tree search (UCT) for any number of players, with MCTS-Solver for two-player games, optional
// transposition merging and root-parallel threads.
//
// Each node keeps the summed return of the player who moved into it, so the parent (whose player to move made
// that move) reads its children's means directly: non-alternating turns and N players need no sign tricks.
// Which player moved into a node is not stored: the descent knows it (the parent's to_move()).
//
// Memory: one fixed-capacity pool of MctsNode per thread, allocated when the search starts (capacity from the
// memory budget, and without transpositions at most what the iteration budget can fill: an iteration expands at
// most one node); the children of a node are contiguous. The pool fills from its start, so a pool of 8 MiB or
// more is on transparent huge pages (core/big_array.hpp): the descents read it at random, and with 4 KiB pages a
// Connect Four search spent a tenth of its time on TLB misses. A node is expanded (all its children created, i.e. its
// legal moves cached) on its second visit; when the pool is full the tree stops growing and the iterations go on
// over the existing tree. With transpositions on, a node reached by a second path becomes an alias of the first
// node of the same (state, mover) key and every read and update goes to that node; the key map is a fixed-size
// open-addressing table in the same budget (when it is three-quarters full, new nodes are no longer merged).
//
// Below the root, a game with the tactical hooks (core/game.hpp) gets decisive and anti-decisive moves: a node with a
// move that wins at once has only that child, otherwise only the moves that do not hand the opponent an immediate
// win (Teytaud & Teytaud, "On the huge benefit of decisive moves in Monte-Carlo tree search", 2010). A game with
// several plies per turn gives them per turn (HasTurnTactics, preferred when present): the first action of a win
// within the turn is the only child (the line is then played action by action, each the only child of its node),
// and actions whose every turn end lets the opponent win within its next turn are left out; the solver proves the
// rest through the turn boundaries.
//
// Playouts go to the end of the game (random moves, or G::rollout_move with policy rollouts), or, with option
// playout_plies > 0 in a two-player game with G::evaluate, stop after that many plies: the position reached scores
// tanh(evaluate() / eval_scale) for its player to move and the opposite for the other ("early playout
// termination", Lorentz 2016; it is what lets MCTS hold its own against alpha-beta in Sensei, docs/sensei.md).
// A playout that ends the game first scores the game's returns as usual.
//
// Implicit minimax backups (Lanctot, Winands, Pepels & Sturtevant 2014), option minimax_weight = a > 0 (two-player
// games with G::evaluate): every node also keeps a heuristic value for its mover, set when its parent is expanded
// (tanh(evaluate() / eval_scale) of the child position, the game's returns if it ends there) and backed up by
// minimax along each iteration's path (a node's value is its best child's, for the player choosing there; a proven
// child counts as its proof). Selection ranks children by (1 - a) * mean + a * heuristic value + the exploration
// term. The values live in a separate array (4 bytes a node, from the same memory budget), only when on.
//
// MCTS-Solver (two-player games, option on: G::kMaxPlayers == 2, whose returns are ±1/0): terminal nodes are proven; a node is a win for its player to move as
// soon as one child is, a loss when all children are, a draw when all are proven and the best is a draw. Proven
// losing children are never selected again; an iteration that reaches a proven node backs up its exact outcome.
//
// plies_to_end of a proof is the length of the line the solver proved, not necessarily the shortest win (or the
// longest loss): the solver stops at the first winning child it proves.
//
// Budgets: limits.nodes = iterations (all threads together, split evenly), limits.time_s, the stop flag (polled
// every 256 iterations). Same seed, same limits, one thread → the same tree, move, value and iteration count.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "../core/big_array.hpp"
#include "../core/game.hpp"
#include "../core/raw_array.hpp"
#include "limits.hpp"
#include "result.hpp"
#include "uct.hpp"

namespace kofun {

// Node layout (24 bytes):
//   total         double   summed return of the player who moved into the node
//   visits        uint32
//   first_child   uint32   index of the first child in the pool (0: not expanded); for an alias: the real node
//   move          uint32   the move leading here
//   num_children  uint16
//   flags         uint8    bits 0-1 proof for the mover (0 none, 1 win, 2 loss, 3 draw), bit 2 expanded, bit 3 alias
//   plies         uint8    when proven: plies from here to the end of the game (saturates at 255)
struct MctsNode {
  double total;
  std::uint32_t visits;
  std::uint32_t first_child;
  std::uint32_t move;
  std::uint16_t num_children;
  std::uint8_t flags;
  std::uint8_t plies;
};
static_assert(sizeof(MctsNode) == 24, "MCTS node layout");

struct MctsOptions {
  double exploration = 1.4;
  bool policy_rollouts = false;  // G::rollout_move instead of a uniform random legal move
  bool solver = true;            // MCTS-Solver (two-player games only)
  bool transpositions = false;
  // Playouts cut off after this many plies (0: to the end of the game), scored by the game's evaluation (see the
  // header comment); two-player games with G::evaluate only.
  int playout_plies = 0;
  double eval_scale = 400.0;
  // Implicit minimax backups (see the header comment): weight of the backed-up evaluation next to the mean
  // (0: off); two-player games with G::evaluate only.
  double minimax_weight = 0.0;
  std::size_t memory_bytes = std::size_t{256} << 20;  // all threads together
};

namespace mcts_detail {

inline constexpr std::uint8_t kProofMask = 3, kExpanded = 4, kAlias = 8;
inline constexpr int kMaxPath = 1024;  // longest descent (guards against cycles of merged transpositions)

using Shared = uct::Shared;

constexpr std::uint8_t flip(std::uint8_t proof) noexcept {
  return proof == 1 ? 2 : proof == 2 ? 1 : proof;
}

template <Game G>
class Tree {
 public:
  static constexpr int kN = G::kMaxPlayers;  // capacity of the per-player arrays; players_ of them are used
  static constexpr bool kSolverCapable = kN == 2;

  // `budget`: the iterations this tree may run (~0: no iteration budget).
  Tree(const G& root, const MctsOptions& opt, Shared& sh, std::size_t bytes, std::uint64_t budget, std::uint64_t seed,
       bool main)
      : root_(root), players_(root.num_players()), opt_(opt), sh_(sh), rng_(seed), main_(main) {
    std::size_t node_bytes = bytes;
    if (opt.transpositions) {
      node_bytes = bytes / 2;
      std::size_t slots = 1;
      while (slots * 2 * sizeof(MapSlot) <= bytes / 2) slots *= 2;
      map_mask_ = slots - 1;
      map_ = zeroed_array<MapSlot>(slots);
    }
    if constexpr (HasEvaluate<G>) minimax_ = opt.minimax_weight > 0 && players_ == 2;
    const std::size_t per_node = sizeof(MctsNode) + (minimax_ ? sizeof(float) : 0);
    capacity_ = std::max<std::size_t>(node_bytes / per_node, G::kMaxMoves + 1);
    capacity_ = std::min<std::size_t>(capacity_, 0xFFFFFFF0u);
    if (!opt.transpositions && budget < (capacity_ - 1) / G::kMaxMoves)  // (a merged node may expand again)
      capacity_ = static_cast<std::size_t>(budget) * G::kMaxMoves + 1;
    pool_ = BigArray<MctsNode>(capacity_, capacity_ * sizeof(MctsNode) >= kHugePoolBytes);
    if (minimax_) heuristic_ = raw_array<float>(capacity_);
    pool_[0] = MctsNode{0.0, 0, 0, kNoMove, 0, 0, 0};
    used_ = 1;
    solver_ = kSolverCapable && opt.solver && players_ == 2;
  }

  // Runs up to `budget` iterations until a shared stop condition.
  void run(std::uint64_t budget) {
    while (iterations_ < budget) {
      if ((iterations_ & 255) == 0 && iterations_ > 0 && sh_.poll()) break;
      if (root_proof_ != 0) {  // nothing left to learn: the other threads stop too
        sh_.abort.store(true);
        break;
      }
      iterate();
      ++iterations_;
      if (main_ && sh_.control && (iterations_ & 0x3FFF) == 0) publish();
    }
    sh_.iterations.fetch_add(iterations_);
  }

  std::uint64_t iterations() const noexcept { return iterations_; }
  int max_depth() const noexcept { return max_depth_; }
  std::uint8_t root_proof() const noexcept { return root_proof_; }  // for the root's player to move
  int root_plies() const noexcept { return root_plies_; }
  const MctsNode& root() const noexcept { return pool_[0]; }
  Move child_move(std::uint32_t i) const noexcept { return pool_[i].move; }
  const MctsNode& node(std::uint32_t i) const noexcept { return pool_[resolve(i)]; }
  // The node holding the statistics of pool index i (an alias only ever exists with transpositions on: without
  // them the flag is not even read, which keeps the selection loop to one load per child).
  std::uint32_t resolve(std::uint32_t i) const noexcept {
    return (opt_.transpositions && (pool_[i].flags & kAlias)) ? pool_[i].first_child : i;
  }

  // Principal variation from the root (whose first move is given): at each node the quickest proven win of the
  // player to move, else (all children lost) the slowest proven loss, else the most visited child that is not a
  // proven loss. Along a proven line it therefore has exactly plies_to_end moves.
  std::vector<Move> principal_variation(Move first) const {
    std::vector<Move> pv;
    std::uint32_t n = 0;
    for (int d = 0; d < kMaxPath; ++d) {
      const MctsNode& nd = pool_[n];
      if (!(nd.flags & kExpanded) || nd.num_children == 0) break;
      const std::uint32_t begin = nd.first_child, end = nd.first_child + nd.num_children;
      std::uint32_t best = 0;
      if (d == 0) {
        for (std::uint32_t c = begin; c < end && best == 0; ++c)
          if (pool_[c].move == first) best = c;
      } else {
        best = pv_child(begin, end);
      }
      if (best == 0 || node(best).visits == 0) break;
      pv.push_back(pool_[best].move);
      n = resolve(best);
    }
    return pv;
  }

 private:
  std::uint32_t pv_child(std::uint32_t begin, std::uint32_t end) const {
    std::uint32_t win = 0, loss = 0, other = 0;
    bool all_lost = true;
    for (std::uint32_t c = begin; c < end; ++c) {
      const MctsNode& ch = node(c);
      const std::uint8_t p = ch.flags & kProofMask;
      if (p == 1 && (win == 0 || ch.plies < node(win).plies)) win = c;
      if (p == 2 && (loss == 0 || ch.plies > node(loss).plies)) loss = c;
      if (p != 2) {
        all_lost = false;
        if (other == 0 || ch.visits > node(other).visits) other = c;
      }
    }
    return win ? win : all_lost ? loss : other;
  }

  struct MapSlot {
    std::uint64_t key;
    std::uint32_t node;  // 0: empty (the root is never stored)
    std::uint32_t pad;
  };
  struct Step {
    std::uint32_t node;  // resolved index
    int mover;           // player who moved into the node (-1 at the root)
  };
  void publish() {
    SearchProgress p;
    p.depth = max_depth_;
    p.nodes = iterations_;
    p.time_s = sh_.clock.seconds();
    p.proven = root_proof_ != 0;
    const MctsNode& r = pool_[0];
    std::uint32_t best = 0;
    for (std::uint32_t c = r.first_child; c < r.first_child + r.num_children; ++c)
      if (best == 0 || node(c).visits > node(best).visits) best = c;
    if (best != 0 && node(best).visits > 0) {
      p.value = node(best).total / node(best).visits;
      p.pv = principal_variation(pool_[best].move);
    }
    sh_.control->publish(p);
  }

  static std::uint64_t map_key(std::uint64_t hash, int mover) noexcept {
    return hash ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(mover + 2));
  }

  // First arrival at `idx` (state `s`, entered by `mover`): returns the node that holds its statistics.
  std::uint32_t merge(std::uint32_t idx, const G& s, int mover) {
    std::uint64_t key = map_key(s.hash(), mover);
    if (key == 0) key = 1;
    for (std::size_t i = key & map_mask_, probes = 0; probes < 64; i = (i + 1) & map_mask_, ++probes) {
      MapSlot& slot = map_[i];
      if (slot.node == 0) {
        if (map_used_ * 4 < (map_mask_ + 1) * 3) {
          slot.key = key;
          slot.node = idx;
          ++map_used_;
        }
        return idx;
      }
      if (slot.key == key) {
        if (slot.node == idx) return idx;
        pool_[idx].flags |= kAlias;
        pool_[idx].first_child = slot.node;
        return slot.node;
      }
    }
    return idx;
  }

  bool expand(std::uint32_t idx, const G& s) {
    MoveListOf<G> ml;
    if constexpr (HasTurnTactics<G> || (HasWinningMove<G> && HasNonLosingMoves<G>)) {
      if (idx != 0)
        tactical_moves(s, ml);
      else
        root_moves(s, ml);
    } else {
      s.legal_moves(ml);
    }
    const auto n = static_cast<std::size_t>(ml.size());
    if (used_ + n > capacity_) return false;
    const auto first = static_cast<std::uint32_t>(used_);
    for (std::size_t i = 0; i < n; ++i) pool_[first + i] = MctsNode{0.0, 0, 0, ml[static_cast<int>(i)], 0, 0, 0};
    if constexpr (HasEvaluate<G>) {
      if (minimax_) {
        const int p = s.to_move();
        for (std::size_t i = 0; i < n; ++i) {
          G c = s;
          c.apply(ml[static_cast<int>(i)]);
          heuristic_[first + i] = static_cast<float>(heuristic(c, p));
        }
      }
    }
    used_ += n;
    MctsNode& nd = pool_[idx];
    nd.first_child = first;
    nd.num_children = static_cast<std::uint16_t>(n);
    nd.flags |= kExpanded;
    return true;
  }

  // The root keeps every move, so that each gets its value (losing ones are proven), except with whole-turn
  // tactics: the actions of the turn that certainly lose are left out there too (proving them would take the
  // whole turn tree), unless the player to move wins this turn.
  static void root_moves(const G& s, MoveListOf<G>& ml) {
    if constexpr (HasTurnTactics<G>) {
      if (s.turn_winning_move() == kNoMove) {
        s.turn_safe_moves(ml);
        return;
      }
    }
    s.legal_moves(ml);
  }

  // Decisive and anti-decisive moves (the game's tactical hooks): a move that wins at once is the only child;
  // otherwise the moves that do not hand the opponent an immediate win (all of them if none is left: the node is
  // lost whatever is played, and the solver proves it). Exact for the solver: the dropped moves are worth less.
  static void tactical_moves(const G& s, MoveListOf<G>& ml) {
    if (const Move w = decisive_move(s); w != kNoMove) {
      ml.clear();
      ml.push(w);
      return;
    }
    if constexpr (HasTurnTactics<G>) {
      s.turn_safe_moves(ml);  // never empty
    } else {
      s.non_losing_moves(ml);
      if (ml.empty()) s.legal_moves(ml);
    }
  }

  static Move decisive_move(const G& s) {
    if constexpr (HasTurnTactics<G>)
      return s.turn_winning_move();
    else
      return s.winning_move();
  }

  // The heuristic value of `c` for player p: its returns if the game is over, else tanh(evaluate / eval_scale) for
  // the player to move there, negated when that is p's opponent.
  double heuristic(const G& c, int p) const noexcept {
    if (c.is_terminal()) return c.returns(p);
    if constexpr (HasEvaluate<G>) {
      const double v = std::tanh(static_cast<double>(c.evaluate()) / opt_.eval_scale);
      return c.to_move() == p ? v : -v;
    }
    return 0.0;
  }

  // Implicit minimax backup of node `idx` (expanded; `chooser` to move there, entered by `mover`): its heuristic
  // value becomes its best child's for the chooser (a proven child counts as its proof), negated for the mover
  // when the turn passed.
  void back_up_heuristic(std::uint32_t idx, int chooser, int mover) noexcept {
    const MctsNode& nd = pool_[idx];
    float best = -2.0f;
    for (std::uint32_t i = nd.first_child, end = nd.first_child + nd.num_children; i < end; ++i) {
      const std::uint32_t c = resolve(i);
      const std::uint8_t proof = pool_[c].flags & kProofMask;
      const float v = proof == 1 ? 1.0f : proof == 2 ? -1.0f : proof == 3 ? 0.0f : heuristic_[c];
      best = std::max(best, v);
    }
    heuristic_[idx] = (mover < 0 || mover == chooser) ? best : -best;
  }

  // UCT choice among the children of `idx`; 0 when every child is a proven loss for the chooser. One loop per
  // combination of the options it reads per child (the plain one is most of a search's time).
  std::uint32_t select(std::uint32_t idx) {
    if (minimax_) return opt_.transpositions ? select_among<true, true>(idx) : select_among<false, true>(idx);
    return opt_.transpositions ? select_among<true, false>(idx) : select_among<false, false>(idx);
  }

  template <bool kMerged, bool kMinimax>
  std::uint32_t select_among(std::uint32_t idx) {
    const MctsNode& nd = pool_[idx];
    const std::uint32_t parent_visits = nd.visits > 0 ? nd.visits : 1;
    const double k = opt_.exploration * tables_.sqrt_log(parent_visits);
    std::uint32_t best = 0;
    double best_score = -1e300;
    for (std::uint32_t i = nd.first_child, end = nd.first_child + nd.num_children; i < end; ++i) {
      const std::uint32_t c = kMerged ? resolve(i) : i;
      const MctsNode& ch = pool_[c];
      if (solver_ && (ch.flags & kProofMask) == 2) continue;  // proven loss for the player choosing here
      const std::uint32_t n = ch.visits;
      if (n == 0) return i;
      double v;
      if constexpr (kMinimax) {
        const double a = opt_.minimax_weight;
        v = tables_.ucb((1.0 - a) * ch.total, n, k) + a * heuristic_[c];
      } else {
        v = tables_.ucb(ch.total, n, k);
      }
      if (v > best_score) {
        best_score = v;
        best = i;
      }
    }
    return best;
  }

  // Proves `idx` (player to move `to_move`, entered by `mover`) from its children; returns true if it changed.
  bool try_prove(std::uint32_t idx, int to_move, int mover) {
    MctsNode& nd = pool_[idx];
    if ((nd.flags & kProofMask) || !(nd.flags & kExpanded)) return false;
    bool all = true, draw = false, win = false;
    int win_plies = 255, loss_plies = 0;
    for (std::uint32_t i = nd.first_child, end = nd.first_child + nd.num_children; i < end; ++i) {
      const MctsNode& ch = pool_[resolve(i)];
      switch (ch.flags & kProofMask) {
        case 1: win = true; win_plies = std::min<int>(win_plies, ch.plies); break;
        case 2: loss_plies = std::max<int>(loss_plies, ch.plies); break;
        case 3: draw = true; break;
        default: all = false;
      }
    }
    std::uint8_t proof;  // for to_move
    int plies;
    if (win) {
      proof = 1;
      plies = win_plies + 1;
    } else if (all) {
      proof = draw ? 3 : 2;
      plies = draw ? 0 : loss_plies + 1;
    } else {
      return false;
    }
    if (mover < 0) {
      root_proof_ = proof;
      root_plies_ = plies;
    }
    nd.flags |= (mover < 0 || mover == to_move) ? proof : flip(proof);
    nd.plies = static_cast<std::uint8_t>(std::min(plies, 255));
    return true;
  }

  // Returns of a proven outcome (`proof` for `mover`) in a two-player zero-sum game.
  static void proven_returns(std::array<double, kN>& ret, int mover, std::uint8_t proof) noexcept {
    if constexpr (kSolverCapable) {
      const double r = proof == 1 ? 1.0 : proof == 2 ? -1.0 : 0.0;
      ret[mover] = r;
      ret[1 - mover] = -r;
    }
  }

  void iterate() {
    std::array<Step, kMaxPath> path;
    int len = 0;
    G s = root_;
    std::uint32_t idx = 0;
    path[len++] = Step{0, -1};
    std::array<double, kN> ret{};
    bool proven_leaf = false;
    for (;;) {
      MctsNode& nd = pool_[idx];
      const int mover = path[len - 1].mover;
      const std::uint8_t proof = nd.flags & kProofMask;
      if (solver_ && proof != 0 && mover >= 0) {  // exact outcome for the mover
        proven_returns(ret, mover, proof);
        proven_leaf = true;  // a merged node may have been proven through another parent: tell this one
        break;
      }
      if (s.is_terminal()) {
        all_returns(s, ret);
        if (solver_ && mover >= 0) {
          const double r = ret[mover];
          nd.flags |= r > 0 ? 1 : r < 0 ? 2 : 3;
          nd.plies = 0;
          proven_leaf = true;
        }
        break;
      }
      if (!(nd.flags & kExpanded)) {
        if ((nd.visits == 0 && idx != 0) || len >= kMaxPath || !expand(idx, s)) {
          rollout(s, ret);
          break;
        }
      }
      const std::uint32_t child = select(idx);
      if (child == 0) {  // every child lost for the chooser: prove and back up the loss
        if (solver_ && try_prove(idx, s.to_move(), mover) && mover >= 0) {
          proven_returns(ret, mover, pool_[idx].flags & kProofMask);
          proven_leaf = true;
          break;
        }
        rollout(s, ret);
        break;
      }
      const int chooser = s.to_move();
      s.apply(pool_[child].move);
      std::uint32_t next = resolve(child);
      if (opt_.transpositions && next == child && pool_[child].visits == 0) next = merge(child, s, chooser);
      if (len >= kMaxPath) {
        rollout(s, ret);
        break;
      }
      path[len++] = Step{next, chooser};
      idx = next;
    }
    max_depth_ = std::max(max_depth_, len - 1);
    for (int i = len - 1; i >= 0; --i) {
      MctsNode& nd = pool_[path[i].node];
      ++nd.visits;
      if (path[i].mover >= 0) nd.total += ret[path[i].mover];
    }
    if (minimax_)
      for (int i = len - 2; i >= 0; --i)
        if (pool_[path[i].node].flags & kExpanded) back_up_heuristic(path[i].node, path[i + 1].mover, path[i].mover);
    if (proven_leaf) {
      for (int i = len - 2; i >= 0; --i)
        if (!try_prove(path[i].node, path[i + 1].mover, path[i].mover)) break;
    }
  }

  // A playout from `s` (cut after playout_plies when the game has an evaluation and two players), scored by the
  // game's returns, or by heuristic() when it was cut.
  void rollout(G& s, std::array<double, kN>& ret) {
    int cut = 0;
    if constexpr (HasEvaluate<G>) cut = players_ == 2 ? opt_.playout_plies : 0;
    if (!uct::playout(s, rng_, opt_.policy_rollouts, cut)) {
      for (int p = 0; p < 2; ++p) ret[p] = heuristic(s, p);
      return;
    }
    all_returns(s, ret);
  }

  uct::Tables tables_;
  const G root_;
  const int players_;
  const MctsOptions opt_;
  Shared& sh_;
  Rng rng_;
  const bool main_;
  bool solver_ = false;
  static constexpr std::size_t kHugePoolBytes = std::size_t{8} << 20;
  BigArray<MctsNode> pool_;
  bool minimax_ = false;
  RawArray<float> heuristic_;  // implicit minimax backups: per node, for its mover
  std::size_t capacity_ = 0, used_ = 0;
  RawArray<MapSlot> map_;
  std::size_t map_mask_ = 0, map_used_ = 0;
  std::uint64_t iterations_ = 0;
  int max_depth_ = 0;
  std::uint8_t root_proof_ = 0;
  int root_plies_ = -1;
};

}  // namespace mcts_detail

// Searches `root` (which must not be terminal); see the contract at the top of the file.
template <Game G>
SearchResult mcts(const G& root, const SearchLimits& limits, SearchControl* control, const MctsOptions& opt) {
  using namespace mcts_detail;
  if (root.is_terminal()) throw std::invalid_argument("mcts: the position is terminal, there is nothing to search");
  Shared sh;
  sh.limits = limits;
  sh.control = control;
  const int threads = std::max(1, limits.threads);
  std::vector<std::unique_ptr<Tree<G>>> trees;
  std::uint64_t seed_state = limits.seed;
  for (int t = 0; t < threads; ++t)
    trees.push_back(std::make_unique<Tree<G>>(root, opt, sh, opt.memory_bytes / threads, sh.budget(t, threads),
                                              splitmix64(seed_state), t == 0));
  std::vector<std::thread> helpers;
  for (int t = 1; t < threads; ++t) helpers.emplace_back([&, t] { trees[t]->run(sh.budget(t, threads)); });
  trees[0]->run(sh.budget(0, threads));
  if (threads > 1 && limits.nodes == 0) sh.abort.store(true);  // time / stop: the main thread decides
  for (auto& th : helpers) th.join();

  // Root statistics summed over the trees (every tree lists the root moves in the same order).
  const Tree<G>& main = *trees[0];
  const MctsNode& r0 = main.root();
  SearchResult out;
  std::uint8_t proof = 0;
  int proof_plies = -1;
  for (const auto& t : trees) {
    if (t->root_proof() != 0 && proof == 0) {
      proof = t->root_proof();
      proof_plies = t->root_plies();
    }
    out.depth = std::max(out.depth, t->max_depth());
  }
  std::vector<double> totals(r0.num_children, 0.0);
  for (int i = 0; i < r0.num_children; ++i) {
    MoveStat s;
    s.move = main.child_move(r0.first_child + i);
    out.moves.push_back(s);
  }
  for (const auto& t : trees) {
    const MctsNode& r = t->root();
    for (int i = 0; i < r.num_children && i < r0.num_children; ++i) {
      const MctsNode& ch = t->node(r.first_child + i);
      MoveStat& s = out.moves[i];
      s.visits += ch.visits;
      totals[i] += ch.total;
      const std::uint8_t p = ch.flags & kProofMask;  // proven outcome for the root player (the child's mover)
      if (p != 0 && s.proof == Proof::kNone) {
        s.proof = static_cast<Proof>(p);
        s.plies_to_end = p == 3 ? -1 : ch.plies + 1;
      }
    }
  }
  for (int i = 0; i < r0.num_children; ++i) {
    MoveStat& s = out.moves[i];
    s.value = s.visits ? totals[i] / static_cast<double>(s.visits) : 0.0;
    if (s.proof == Proof::kWin) s.value = 1.0;
    if (s.proof == Proof::kLoss) s.value = -1.0;
    if (s.proof == Proof::kDraw) s.value = 0.0;
  }
  auto better = [](const MoveStat& a, const MoveStat& b) {
    // A proven win (quickest first) beats everything, then the unproven moves and draws by visits; proven losses
    // (slowest first) come last.
    auto rank = [](const MoveStat& s) { return s.proof == Proof::kWin ? 2 : s.proof == Proof::kLoss ? 0 : 1; };
    if (rank(a) != rank(b)) return rank(a) > rank(b);
    if (a.proof == Proof::kWin && a.plies_to_end != b.plies_to_end) return a.plies_to_end < b.plies_to_end;
    if (a.proof == Proof::kLoss && a.plies_to_end != b.plies_to_end) return a.plies_to_end > b.plies_to_end;
    return a.visits > b.visits;
  };
  std::stable_sort(out.moves.begin(), out.moves.end(), better);
  if (!out.moves.empty()) {
    out.best_move = out.moves[0].move;
    out.value = out.moves[0].value;
    out.pv = main.principal_variation(out.best_move);
    if (out.pv.empty()) out.pv.push_back(out.best_move);
  }
  if (proof != 0) {
    out.proof = static_cast<Proof>(proof);
    out.plies_to_end = proof == 3 ? -1 : proof_plies;
    // With transpositions a proof may later be joined by a quicker proven line (a merged node proven through
    // another parent); the PV follows the quickest one, so when it reaches the end of the game it is the line.
    if (proof != 3) {
      G end = root;
      for (Move m : out.pv) end.apply(m);
      if (end.is_terminal()) out.plies_to_end = static_cast<int>(out.pv.size());
    }
  }
  out.nodes = sh.iterations.load();
  out.time_s = sh.clock.seconds();
  out.stopped = sh.stopped.load();
  return out;
}

}  // namespace kofun
