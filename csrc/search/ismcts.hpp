// Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012) for any game satisfying
// ImperfectInformationGame.
//
// One tree over the searching player's (the observer's) information sets, and every iteration descends it with a
// different determinised world (search/worlds.hpp). The tree alternates two kinds of nodes:
//   information-set nodes  what the observer knows at a point of the game; their children are edges;
//   edges                  a move (of whichever player is to move there) with its statistics; their children are
//                          the information-set nodes the move can lead to, one per observation key.
// With the HasObservationKey hook (game.hpp) an edge branches on what the observer sees after the move (a card
// turned over from the stock, the card an opponent played), so every decision of the observer is taken knowing
// what it would know at the table; without the hook an edge has one child (plain SO-ISMCTS, nodes keyed by moves
// only). Moves of the other players whose legality depends on hidden information (a card from the opponent's
// hand) simply exist in some worlds and not in others. The search reads nothing the observer cannot see except
// through the worlds.
//
// Selection: at a node, the children whose move is legal in this iteration's world are "available"; each gets
// its availability count incremented. If a legal move has no child yet, one such move (uniformly random; the first
// in G::order_moves's order when the game has that hook) is added and a playout runs from there (random moves, or
// G::rollout_move with policy rollouts); with progressive widening (constant w: option `widening`, by default the
// game's G::kWidening, none without it) only while the node has fewer than max(1, ceil(w * sqrt(visits)))
// children. Otherwise the available
// child maximising
//     mean + c * scale * sqrt(ln(availability) / visits)
// is chosen — the availability count replaces the parent's visit count (a child competes only in the iterations
// where it could have been played). Means are of the returns of the player who made the move (any number of
// players, non-alternating turns).
//
// Objective: option `objective` says what the search maximises for each player.
//   kReturns  the mean return (e.g. the expected point difference);
//   kWins     the game won first, the return as a tie-break: utility = sign(return) + kWinTiebreak * return,
//             i.e. P(win) - P(loss) plus a twentieth of the mean return. A move that wins more often is preferred
//             to one that wins bigger but less often; between equally safe moves the larger return wins.
//   kTable    a utility looked up per player from the return: option return_table holds one row of n values per
//             player (n = size / players), row p giving player p's utility for the returns table_low ..
//             table_low + n - 1 (the return rounded to the nearest integer, clamped to that range). The caller
//             says what the utility means (e.g. the probability of winning a match of several deals after this
//             deal ends with that return); the search knows nothing of it.
// Wins are counted from the returns for every objective. The value reported is the mean return for kReturns and
// kWins (only the selection differs) and the mean utility for kTable.
//
// Value scale: returns may be point differences (Koi-Koi) rather than ±1. `scale` is the option return_scale when
// set, else the running mean |return| of the root player over the iterations so far (1 until a non-zero return),
// so the exploration constant c means the same for ±1 games and for games scored in points (with kWins: of the
// utility; with kTable: the running mean |u(return) - u(0)| of the root player, which for a linear table is the
// same as kReturns' scale).
//
// Memory: one fixed-capacity pool of 48-byte nodes per thread (40 bytes of statistics and 8 of links, two arrays:
// the layout below), reserved when the search starts (its pages touched in order as nodes are added); at most one
// edge and one information-set node are added per iteration (siblings are linked). The information sets below each
// edge are also found through a hash index of 4-byte slots, so that an edge with many outcomes (every world showing
// the observer a different hand) costs O(1) per descent, not a scan of its children. The index is sized to the
// search: it starts at kFirstSlots slots and doubles when it is half full, up to the largest power of two <= 2 x the
// pool's capacity. memory_bytes bounds both: a pool node is counted as 48 + kIndexBytesPerNode = 60 bytes (the
// index at its largest, 8 bytes per node, plus the old half while it doubles). A search uses what it touches: 48
// bytes per node added (one or two per iteration) and 8 to 16 bytes per information set in the index. When the
// pool is full the tree stops growing and the iterations go on over the existing tree. No allocation per iteration
// but the index's doublings (amortised, log2 of the nodes in all).
// Each tree also holds one MoveIndex of the game's kMaxMoves (search/move_index.hpp: 12 bytes per slot of
// bit_ceil(2 kMaxMoves), plus 4 per move; 0.4 KB for Koi-Koi, 14 KB for Haniwa, 112 KB for Honshu), with which
// selection matches a node's children against the legal moves of the current world.
//
// Budgets and threads: limits.nodes = iterations (all threads together), limits.time_s, the stop flag (polled every
// 256 iterations). Root-parallel threads: one tree and world stream per thread; root statistics summed by move.
// Same seed, same limits, one thread → the same worlds, tree, move, value and iteration count.
//
// Result: best move = most visits (then higher mean); per-move visits, mean return of the root player (raw,
// e.g. expected point difference) and wins (visits whose game ended with a positive return for the root player:
// wins / visits estimates the win probability of the move); PV = most-visited line of the main tree (at each step the most visited edge,
// then its most visited outcome; opponent moves in it are the ones most often explored, not a prediction of the
// hidden cards); depth = most edges on one descent.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "../core/game.hpp"
#include "../core/raw_array.hpp"
#include "limits.hpp"
#include "move_index.hpp"
#include "result.hpp"
#include "uct.hpp"
#include "worlds.hpp"

namespace kofun {

// Node layout (40 bytes), for both kinds of node:
//   total         double   edge: summed return of the player who made the move; information set: unused (0)
//   key           uint64   information set: the observation key it stands for; edge: unused (0)
//   visits        uint32
//   avail         uint32   edge: iterations in which its move was legal at its parent; information set: its
//                          parent edge (for the outcome index)
//   first_child   uint32   index of the most recently added child (0: none)
//   wins          uint32   edge: visits whose game ended with a positive return for the player who made the move
//   losses        uint32   edge: visits whose game ended with a negative return for that player
// and apart from it, in an array of their own (IsmctsLink, 8 bytes, the same index):
//   sibling       uint32   next child of the same parent (0: none)
//   move          uint32   edge: the move; information set: kNoMove
// Selection walks every child of a node but reads the statistics only of those legal in the iteration's world: the
// links of a big tree are a sixth of its memory, so the walk over them misses the cache less than one over whole
// nodes would (Koi-Koi: most of an opponent's edges are cards it does not hold in the world).
struct IsmctsNode {
  double total;
  std::uint64_t key;
  std::uint32_t visits;
  std::uint32_t avail;
  std::uint32_t first_child;
  std::uint32_t wins;
  std::uint32_t losses;
};
static_assert(sizeof(IsmctsNode) == 40, "ISMCTS node layout");

struct IsmctsLink {
  std::uint32_t sibling;
  std::uint32_t move;
};
static_assert(sizeof(IsmctsLink) == 8, "ISMCTS link layout");
inline constexpr std::size_t kIsmctsNodeBytes = sizeof(IsmctsNode) + sizeof(IsmctsLink);  // 48 a node in all

enum class IsmctsObjective : std::uint8_t { kReturns, kWins, kTable };
inline constexpr double kWinTiebreak = 0.05;  // weight of the return next to the win/loss sign (kWins)

struct IsmctsOptions {
  double exploration = 0.7;
  bool policy_rollouts = false;  // G::rollout_move instead of a uniform random legal move
  double return_scale = 0.0;     // 0: the running mean |return| (see the header comment)
  IsmctsObjective objective = IsmctsObjective::kReturns;
  std::vector<double> return_table;  // kTable: one row per player (see Objective)
  int table_low = 0;                 // kTable: the return of each row's first entry
  std::size_t memory_bytes = std::size_t{256} << 20;  // all threads together
  double widening = -1.0;  // progressive widening constant: < 0 the game's G::kWidening (none without it), 0 off
};

namespace ismcts_detail {

inline constexpr int kMaxPath = 1024;

template <ImperfectInformationGame G>
class Tree {
 public:
  static constexpr int kN = G::kMaxPlayers;  // capacity of the per-player arrays; players_ of them are used

  // `bytes` bounds the nodes; so does `iterations` (an iteration adds at most one node), which keeps a small
  // search's pool and outcome index small: the index is hashed, and every page of it a search touches is a fault.
  Tree(const Belief<G>& belief, const IsmctsOptions& opt, uct::Shared& sh, std::size_t bytes, std::uint64_t iterations,
       std::uint64_t seed, std::size_t world_offset, bool main)
      : opt_(opt), sh_(sh), worlds_(belief, seed, world_offset), rng_(seed), root_player_(belief.observer),
        main_(main), players_(belief.base.num_players()), state_(belief.base) {
    if constexpr (HasWidening<G>) widening_ = G::kWidening;
    if (opt.widening >= 0) widening_ = opt.widening;
    capacity_ = std::max<std::size_t>(bytes / (kIsmctsNodeBytes + kIndexBytesPerNode), G::kMaxMoves + 1);
    capacity_ = std::min<std::size_t>(capacity_, 0xFFFFFFF0u);
    if (iterations < capacity_ - 1) capacity_ = static_cast<std::size_t>(iterations) + 2;
    pool_ = raw_array<IsmctsNode>(capacity_);
    links_ = raw_array<IsmctsLink>(capacity_);
    pool_[0] = IsmctsNode{0.0, 0, 0, 0, 0, 0, 0};
    links_[0] = IsmctsLink{0, kNoMove};
    used_ = 1;
    max_slots_ = 2;
    while (max_slots_ * 2 <= 2 * capacity_) max_slots_ <<= 1;  // more slots than nodes: the index is never full
    const std::size_t slots = std::min(kFirstSlots, max_slots_);
    index_ = zeroed_array<std::uint32_t>(slots);
    mask_ = slots - 1;
  }

  // Bytes counted per pool node for the outcome index (see Memory in the header comment).
  static constexpr std::size_t kIndexBytesPerNode = 12;
  static constexpr std::size_t kFirstSlots = 1024;

  void run(std::uint64_t budget) {
    while (iterations_ < budget) {
      if ((iterations_ & 255) == 0 && iterations_ > 0 && sh_.poll()) break;
      iterate();
      ++iterations_;
      if (main_ && sh_.control && (iterations_ & 0x3FFF) == 0) publish();
    }
    sh_.iterations.fetch_add(iterations_);
  }

  std::uint64_t iterations() const noexcept { return iterations_; }
  int max_depth() const noexcept { return max_depth_; }
  const IsmctsNode& node(std::uint32_t i) const noexcept { return pool_[i]; }
  const IsmctsLink& link(std::uint32_t i) const noexcept { return links_[i]; }
  const IsmctsNode& root() const noexcept { return pool_[0]; }

  // Most-visited child of `n` (0: none visited); among edges, ties go to the higher total.
  std::uint32_t most_visited(std::uint32_t n) const noexcept {
    std::uint32_t best = 0;
    for (std::uint32_t c = pool_[n].first_child; c != 0; c = links_[c].sibling)
      if (pool_[c].visits > 0 && (best == 0 || pool_[c].visits > pool_[best].visits ||
                                  (pool_[c].visits == pool_[best].visits && pool_[c].total > pool_[best].total)))
        best = c;
    return best;
  }

  // The most-visited line from the root edge playing `first`.
  std::vector<Move> principal_variation(Move first) const {
    std::vector<Move> pv;
    std::uint32_t e = 0;
    for (std::uint32_t c = pool_[0].first_child; c != 0; c = links_[c].sibling)
      if (links_[c].move == first) e = c;
    for (int d = 0; e != 0 && d < kMaxPath; ++d) {
      pv.push_back(links_[e].move);
      const std::uint32_t n = most_visited(e);
      e = n == 0 ? 0 : most_visited(n);
    }
    return pv;
  }

 private:
  struct Step {
    std::uint32_t node;
    int mover;  // edge: the player who made its move; information set: -1
  };

  // The summed utility of an edge for the player who made its move (see Objective).
  double utility(const IsmctsNode& nd) const noexcept {
    if (opt_.objective != IsmctsObjective::kWins) return nd.total;
    return static_cast<double>(nd.wins) - static_cast<double>(nd.losses) + kWinTiebreak * nd.total;
  }

  // kTable: player p's utility of the return r.
  double table_value(int p, double r) const noexcept {
    const auto n = static_cast<long>(opt_.return_table.size()) / players_;
    const long i = std::clamp(std::lround(r) - opt_.table_low, 0L, n - 1);
    return opt_.return_table[static_cast<std::size_t>(p * n + i)];
  }

  double scale() const noexcept {
    if (opt_.return_scale > 0) return opt_.return_scale;
    return abs_sum_ > 0 ? abs_sum_ / static_cast<double>(iterations_ + 1) : 1.0;
  }

  void publish() {
    SearchProgress p;
    p.depth = max_depth_;
    p.nodes = iterations_;
    p.time_s = sh_.clock.seconds();
    const std::uint32_t best = most_visited(0);
    if (best != 0) {
      p.value = pool_[best].total / pool_[best].visits;
      p.pv = principal_variation(links_[best].move);
    }
    sh_.control->publish(p);
  }

  std::uint32_t add_child(std::uint32_t parent, Move m, std::uint64_t key) noexcept {
    const auto c = static_cast<std::uint32_t>(used_++);
    pool_[c] = IsmctsNode{0.0, key, 0, m == kNoMove ? parent : 1u, 0, 0, 0};
    links_[c] = IsmctsLink{pool_[parent].first_child, m};
    pool_[parent].first_child = c;
    return c;
  }

  // Slot of the outcome index where the information set (edge e, key) is or would go (linear probing).
  std::size_t index_slot(std::uint32_t e, std::uint64_t key) const noexcept {
    std::uint64_t x = key ^ (static_cast<std::uint64_t>(e) * 0x9E3779B97F4A7C15ULL);
    std::size_t i = static_cast<std::size_t>(splitmix64(x)) & mask_;
    while (index_[i] != 0 && !(pool_[index_[i]].avail == e && pool_[index_[i]].key == key)) i = (i + 1) & mask_;
    return i;
  }

  // The edge to follow from information set `idx` in the world `s` (0: play out from here). Counts availability;
  // `added` tells that the edge was just added.
  std::uint32_t select(std::uint32_t idx, const G& s, bool& added) {
    MoveListOf<G> ml;
    s.legal_moves(ml);
    moves_.build(ml);  // marks: the moves that have a child
    const double c = opt_.exploration * scale();
    std::uint32_t best = 0;
    double best_score = -1e300;
    int tried = 0;
    for (std::uint32_t ch = pool_[idx].first_child; ch != 0; ch = links_[ch].sibling) {
      const int j = moves_.find(links_[ch].move);
      if (j < 0) continue;  // not legal in this world
      IsmctsNode& nd = pool_[ch];
      moves_.mark(j);
      ++tried;
      ++nd.avail;
      const double v = nd.visits == 0 ? 1e300 : tables_.ucb(utility(nd), nd.visits, c * tables_.sqrt_log(nd.avail));
      if (v > best_score) {
        best_score = v;
        best = ch;
      }
    }
    bool widen = true;
    if (widening_ > 0) {
      // Progressive widening (game.hpp): at most max(1, ceil(widening * sqrt(visits))) children; a node with no
      // child available in this world always gets one.
      const double cap = std::ceil(widening_ * std::sqrt(static_cast<double>(pool_[idx].visits)));
      widen = best == 0 || static_cast<double>(tried) < std::max(1.0, cap);
    }
    if (widen && tried < ml.size() && used_ < capacity_) {
      if constexpr (HasOrderMoves<G>) {
        // The first untried move in the game's order (the list is reordered; the index keeps the positions of
        // the list as it was built, where the marks are).
        s.order_moves(ml);
        for (int j = 0; j < ml.size(); ++j) {
          if (!moves_.marked(moves_.find(ml[j]))) {
            added = true;
            return add_child(idx, ml[j], 0);
          }
        }
      } else {
        auto pick = static_cast<int>(rng_.below(static_cast<std::uint32_t>(ml.size() - tried)));
        for (int j = 0; j < ml.size(); ++j)
          if (!moves_.marked(j) && pick-- == 0) {
            added = true;
            return add_child(idx, ml[j], 0);
          }
      }
    }
    return best;
  }

  // The information set below edge `e` that the observer is in after its move in world `s` (0: none and no room
  // to add it); `added` tells that it was just added.
  std::uint32_t outcome(std::uint32_t e, const G& s, bool& added) {
    std::uint64_t key = 0;
    if constexpr (HasObservationKey<G>) key = s.observation_key(root_player_);
    std::size_t slot = index_slot(e, key);
    if (index_[slot] != 0) return index_[slot];
    if (used_ >= capacity_) return 0;
    if (2 * (indexed_ + 1) > mask_ + 1 && grow_index()) slot = index_slot(e, key);
    if (indexed_ + 1 >= mask_ + 1) return 0;  // the index could not grow (no memory): as if the pool were full
    added = true;
    ++indexed_;
    return index_[slot] = add_child(e, kNoMove, key);
  }

  // Doubles the outcome index (up to max_slots_) and puts its entries back; false when it cannot grow.
  bool grow_index() noexcept {
    const std::size_t slots = (mask_ + 1) * 2;
    if (slots > max_slots_) return false;
    void* p = std::calloc(slots, sizeof(std::uint32_t));
    if (p == nullptr) return false;
    RawArray<std::uint32_t> old = std::move(index_);
    const std::size_t old_slots = mask_ + 1;
    index_.reset(static_cast<std::uint32_t*>(p));
    mask_ = slots - 1;
    for (std::size_t i = 0; i < old_slots; ++i)
      if (const std::uint32_t n = old[i]; n != 0) index_[index_slot(pool_[n].avail, pool_[n].key)] = n;
    return true;
  }

  void iterate() {
    std::array<Step, kMaxPath> path;
    int len = 0, edges = 0;
    worlds_.next(state_);
    G& s = state_;
    std::uint32_t idx = 0;
    path[len++] = Step{0, -1};
    while (!s.is_terminal() && len + 2 <= kMaxPath) {
      bool added = false;
      const std::uint32_t e = select(idx, s, added);
      if (e == 0) break;
      const int mover = s.to_move();
      s.apply(links_[e].move);
      path[len++] = Step{e, mover};
      ++edges;
      if (added) break;
      const std::uint32_t next = outcome(e, s, added);
      if (next == 0) break;
      path[len++] = Step{next, -1};
      idx = next;
      if (added) break;
    }
    uct::playout(s, rng_, opt_.policy_rollouts);
    std::array<double, kN> ret{};
    all_returns(s, ret);
    const double r = ret[root_player_];
    std::array<double, kN> gain = ret;  // what the edges sum: returns, or kTable utilities
    if (opt_.objective == IsmctsObjective::kTable) {
      for (int p = 0; p < players_; ++p) gain[p] = table_value(p, ret[p]);
      abs_sum_ += std::abs(gain[root_player_] - table_value(root_player_, 0.0));
    } else {
      abs_sum_ += opt_.objective == IsmctsObjective::kReturns ? std::abs(r) : (r != 0) + kWinTiebreak * std::abs(r);
    }
    max_depth_ = std::max(max_depth_, edges);
    for (int i = len - 1; i >= 0; --i) {
      IsmctsNode& nd = pool_[path[i].node];
      ++nd.visits;
      if (path[i].mover >= 0) {
        nd.total += gain[path[i].mover];
        nd.wins += ret[path[i].mover] > 0;
        nd.losses += ret[path[i].mover] < 0;
      }
    }
  }

  const IsmctsOptions opt_;
  uct::Shared& sh_;
  WorldSource<G> worlds_;
  Rng rng_;
  const int root_player_;
  const bool main_;
  const int players_;
  G state_;  // the current iteration's world
  uct::Tables tables_;
  RawArray<IsmctsNode> pool_;
  RawArray<IsmctsLink> links_;  // pool_'s links (same index)
  RawArray<std::uint32_t> index_;  // outcome index: 0 empty, else an information-set node
  MoveIndex<G::kMaxMoves> moves_;  // select's legal moves of the current world, and which have a child
  std::size_t mask_ = 0, max_slots_ = 0, indexed_ = 0;
  std::size_t capacity_ = 0, used_ = 0;
  std::uint64_t iterations_ = 0;
  double abs_sum_ = 0.0;
  int max_depth_ = 0;
  double widening_ = 0.0;  // progressive widening constant (0: off)
};

}  // namespace ismcts_detail

// Searches the information state of `belief` (see the contract at the top of the file).
template <ImperfectInformationGame G>
SearchResult ismcts(const Belief<G>& belief, const SearchLimits& limits, SearchControl* control,
                    const IsmctsOptions& opt) {
  using Tree = ismcts_detail::Tree<G>;
  if (opt.objective == IsmctsObjective::kTable) {
    const auto players = static_cast<std::size_t>(belief.base.num_players());
    if (opt.return_table.empty() || opt.return_table.size() % players != 0)
      throw std::invalid_argument("ismcts: return_table must hold one row of the same length per player (" +
                                  std::to_string(players) + " players), got " +
                                  std::to_string(opt.return_table.size()) + " values");
  }
  uct::Shared sh;
  sh.limits = limits;
  sh.control = control;
  const int threads = std::max(1, limits.threads);
  const std::size_t rows = belief.sampled() ? 1 : belief.fixed.size();
  std::vector<std::unique_ptr<Tree>> trees;
  for (int t = 0; t < threads; ++t)
    trees.push_back(std::make_unique<Tree>(belief, opt, sh, opt.memory_bytes / threads, sh.budget(t, threads),
                                           thread_seed(limits.seed, t), rows * t / threads, t == 0));
  std::vector<std::thread> helpers;
  for (int t = 1; t < threads; ++t) helpers.emplace_back([&, t] { trees[t]->run(sh.budget(t, threads)); });
  trees[0]->run(sh.budget(0, threads));
  if (threads > 1 && limits.nodes == 0) sh.abort.store(true);  // time / stop: the main thread decides
  for (auto& th : helpers) th.join();

  // Root statistics summed by move over the trees.
  SearchResult out;
  std::vector<double> totals;
  for (const auto& t : trees) {
    out.depth = std::max(out.depth, t->max_depth());
    for (std::uint32_t c = t->root().first_child; c != 0; c = t->link(c).sibling) {
      const IsmctsNode& nd = t->node(c);
      const Move move = t->link(c).move;
      std::size_t i = 0;
      while (i < out.moves.size() && out.moves[i].move != move) ++i;
      if (i == out.moves.size()) {
        out.moves.push_back(MoveStat{move, 0.0, 0, Proof::kNone, -1});
        totals.push_back(0.0);
      }
      out.moves[i].visits += nd.visits;
      out.moves[i].wins += nd.wins;
      totals[i] += nd.total;
    }
  }
  for (std::size_t i = 0; i < out.moves.size(); ++i)
    out.moves[i].value = out.moves[i].visits ? totals[i] / static_cast<double>(out.moves[i].visits) : 0.0;
  std::stable_sort(out.moves.begin(), out.moves.end(), [](const MoveStat& a, const MoveStat& b) {
    return a.visits != b.visits ? a.visits > b.visits : a.value > b.value;
  });
  if (!out.moves.empty()) {
    out.best_move = out.moves[0].move;
    out.value = out.moves[0].value;
    out.pv = trees[0]->principal_variation(out.best_move);
    if (out.pv.empty()) out.pv.push_back(out.best_move);
  }
  out.nodes = sh.iterations.load();
  out.time_s = sh.clock.seconds();
  out.stopped = sh.stopped.load();
  return out;
}

}  // namespace kofun
