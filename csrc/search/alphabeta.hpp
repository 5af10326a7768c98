// Alpha-beta search for two-player (and one-player) perfect-information positions of any game satisfying `Game`;
// the player count is checked at run time (num_players() <= 2, else std::invalid_argument naming the count), so a
// game with modes (Haniwa: solo / 2 / 4 players) is searched in its one- and two-player modes.
//
// Negamax with principal-variation search, iterative deepening, aspiration windows, move ordering (table move,
// two killers per ply, history), a shared transposition table (tt.hpp) and Lazy-SMP threads. Below the root it
// uses the game's tactical hooks when present (core/game.hpp): a winning move ends the node at once (with whole-turn
// tactics: a win within the turn is searched first, and ends the node when it is one action), and only the
// non-losing moves are searched (none left: a loss at ply + 2) where the depth left would see those wins anyway,
// so that a depth-d value stays the depth-d minimax value. Scores follow
// score.hpp: heuristic values inside (-kEvalBound, kEvalBound), proven results as mate-distance scores. Turns need
// not alternate: a child's score is negated only when the player to move changes.
//
// Contract of `alphabeta(root, limits, control, tt)`:
//   - stops at the first of limits.time_s / limits.nodes (all threads) / limits.depth (last iteration), at a stop
//     request, or when the value is proven; clocks and the stop flag are polled every 1024 nodes of each thread;
//   - returns the result of the last completed iteration of thread 0: best move, value, PV and per-root-move values
//     all come from that one iteration (an unfinished iteration is dropped; it never changes the answer);
//   - per-root-move values: exact for the best move, bounds for the others (PVS refutes them with null windows;
//     MoveStat::bound says which), best first; a move's proof is set only where its bound decides the outcome;
//   - one thread, a node or depth budget and the same table size → identical move, value and node count;
//   - allocates only when it starts (per-thread PV, killer and history arrays); nothing per node.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "../core/game.hpp"
#include "limits.hpp"
#include "result.hpp"
#include "score.hpp"
#include "tt.hpp"

namespace kofun {

namespace alphabeta_detail {

// State shared by the threads of one search.
struct Shared {
  SearchLimits limits;
  SearchControl* control = nullptr;
  TranspositionTable* tt = nullptr;
  Stopwatch clock;
  std::atomic<std::uint64_t> nodes{0};
  std::atomic<bool> abort{false};
  std::atomic<bool> stopped{false};  // ended by a stop request
};

struct RootMove {
  Move move = kNoMove;
  int score = -kInfinity;  // from the root player's point of view
  Bound bound = Bound::kNone;
  std::uint64_t nodes = 0;
};

template <Game G>
class Worker {
 public:
  Worker(const G& root, Shared& shared, int id)
      : root_(root), sh_(shared), id_(id), pv_(static_cast<std::size_t>(kMaxPly) * kMaxPly, kNoMove),
        pv_len_(kMaxPly, 0), killers_(static_cast<std::size_t>(kMaxPly) * 2, kNoMove),
        history_(static_cast<std::size_t>(2) * kHistorySize, 0) {
    MoveListOf<G> ml;
    root_.legal_moves(ml);
    for (Move m : ml) root_moves_.push_back(RootMove{m});
    prev_best_ = root_moves_.empty() ? kNoMove : root_moves_[0].move;
  }

  // Iterative deepening; fills `out` (thread 0) from the completed iterations.
  void run(SearchResult& out) {
    const int max_depth = sh_.limits.depth > 0 ? std::min(sh_.limits.depth, kMaxPly - 1) : kMaxPly - 1;
    int prev_score = 0;
    bool have_prev = false;
    for (int depth = 1 + (id_ > 0 ? id_ % 2 : 0); depth <= max_depth; ++depth) {
      int delta = 32;
      int alpha = -kInfinity, beta = kInfinity;
      if (have_prev && depth >= 4 && !is_proven_score(prev_score)) {
        alpha = std::max(prev_score - delta, -kInfinity);
        beta = std::min(prev_score + delta, kInfinity);
      }
      int score = 0;
      partial_move_ = kNoMove;  // a fail-high of an aspiration attempt stays known through the re-search
      for (;;) {
        score = search_root(depth, alpha, beta);
        if (aborted_) break;
        if (score <= alpha && alpha > -kInfinity) {
          alpha = std::max(score - delta, -kInfinity);
          if (is_proven_score(score)) alpha = -kInfinity;
        } else if (score >= beta && beta < kInfinity) {
          beta = std::min(score + delta, kInfinity);
          if (is_proven_score(score)) beta = kInfinity;
        } else {
          break;
        }
        delta *= 2;
      }
      if (aborted_) {
        if (id_ == 0) adopt_partial(out);
        break;
      }
      prev_score = score;
      have_prev = true;
      order_root_moves();
      if (id_ == 0) complete_iteration(out, depth, score);
      if (is_proven_score(score) && plies_of_score(score) <= depth) break;
      if constexpr (HasPliesBound<G>)
        if (depth >= root_.remaining_plies_bound()) break;
    }
    flush_nodes();
  }

 private:
  static constexpr int kHistorySize = 4096;
  static constexpr int kPollInterval = 1024;
  static constexpr int kTTMoveScore = 1 << 30;
  static constexpr int kKillerScore = 1 << 29;
  static constexpr int kHistoryMax = 1 << 28;

  static int history_index(int player, Move m) noexcept {
    return player * kHistorySize + static_cast<int>((m * 0x9E3779B1u) >> 20);
  }

  // Counts a node and polls the budgets; returns true when the search must unwind.
  bool count_node() {
    if (++nodes_ >= next_poll_) poll();
    return aborted_;
  }

  void flush_nodes() {
    sh_.nodes.fetch_add(nodes_ - flushed_, std::memory_order_relaxed);
    flushed_ = nodes_;
  }

  void poll() {
    flush_nodes();
    const std::uint64_t total = sh_.nodes.load(std::memory_order_relaxed);
    const SearchLimits& lim = sh_.limits;
    if (lim.nodes > 0 && total >= lim.nodes) sh_.abort.store(true);
    if (lim.time_s > 0 && sh_.clock.seconds() >= lim.time_s) sh_.abort.store(true);
    if (sh_.control && sh_.control->stop.load(std::memory_order_relaxed)) {
      sh_.stopped.store(true);
      sh_.abort.store(true);
    }
    if (sh_.abort.load()) aborted_ = true;
    std::uint64_t step = kPollInterval;
    if (lim.nodes > 0 && total < lim.nodes) step = std::min<std::uint64_t>(step, lim.nodes - total);
    next_poll_ = nodes_ + step;
  }

  void update_pv(int ply, Move m) {
    Move* row = &pv_[static_cast<std::size_t>(ply) * kMaxPly];
    const Move* child = &pv_[static_cast<std::size_t>(ply + 1) * kMaxPly];
    row[ply] = m;
    for (int i = ply + 1; i < pv_len_[ply + 1]; ++i) row[i] = child[i];
    pv_len_[ply] = std::max(pv_len_[ply + 1], ply + 1);
  }

  // Every move hands the opponent a win at the next ply: the loss, with a PV (a move and the opponent's win).
  int forced_loss(const G& g, int ply) {
    MoveListOf<G> all;
    g.legal_moves(all);
    G c = g;
    c.apply(all[0]);
    Move* row = &pv_[static_cast<std::size_t>(ply) * kMaxPly];
    row[ply] = all[0];
    row[ply + 1] = c.winning_move();
    pv_len_[ply] = ply + 2;
    return -(kMate - ply - 2);
  }

  int child_search(const G& c, bool same, int depth, int ply, int alpha, int beta, bool pv) {
    return same ? search(c, depth, ply, alpha, beta, pv) : -search(c, depth, ply, -beta, -alpha, pv);
  }

  int search(const G& g, int depth, int ply, int alpha, int beta, bool pv_node) {
    pv_len_[ply] = ply;
    if (count_node()) return 0;
    if (g.is_terminal()) return terminal_score(g, ply);
    if constexpr (HasWinningMove<G>) {  // a win at the next ply: nothing to search
      const Move w = depth >= 1 ? g.winning_move() : kNoMove;
      if (w != kNoMove) {
        pv_[static_cast<std::size_t>(ply) * kMaxPly + ply] = w;
        pv_len_[ply] = ply + 1;
        return kMate - ply - 1;
      }
    }
    // Whole-turn tactics (a game with several plies per turn): a win within the turn is searched first, and when
    // it is a single action it ends the node (nothing wins sooner).
    Move turn_win = kNoMove;
    if constexpr (HasTurnTactics<G>) {
      if (depth >= 1 && (turn_win = g.turn_winning_move()) != kNoMove) {
        G c = g;
        c.apply(turn_win);
        if (c.is_terminal() && c.returns(g.to_move()) > 0) {
          pv_[static_cast<std::size_t>(ply) * kMaxPly + ply] = turn_win;
          pv_len_[ply] = ply + 1;
          return kMate - ply - 1;
        }
      }
    }
    if (depth <= 0 || ply >= kMaxPly - 1) return horizon_score(g);

    // Mate-distance pruning: nothing here can beat a win at the next ply or lose faster than the next ply.
    alpha = std::max(alpha, -(kMate - ply - 1));
    beta = std::min(beta, kMate - ply - 1);
    if (alpha >= beta) return alpha;

    const std::uint64_t key = g.hash();
    TTHit hit;
    Move tt_move = kNoMove;
    if (sh_.tt->probe(key, hit)) {
      tt_move = hit.move;
      if (!pv_node && hit.depth >= depth) {
        const int v = score_from_tt(hit.value, ply);
        if (hit.bound == Bound::kExact || (hit.bound == Bound::kLower && v >= beta) ||
            (hit.bound == Bound::kUpper && v <= alpha))
          return v;
      }
    }

    MoveListOf<G> ml;
    if constexpr (HasWinningMove<G> && HasNonLosingMoves<G>) {
      if (depth >= 2) {  // deep enough to see the opponent's win: the value is the one the full list gives
        g.non_losing_moves(ml);  // the others hand the opponent a win at the next ply: worse than any of these
        if (ml.empty()) return forced_loss(g, ply);
      } else {
        g.legal_moves(ml);
      }
    } else {
      g.legal_moves(ml);
    }
    const int n = ml.size();
    int order[G::kMaxMoves];
    const int player = g.to_move() & 1;
    const Move k0 = killers_[ply * 2], k1 = killers_[ply * 2 + 1];
    for (int i = 0; i < n; ++i) {
      const Move m = ml[i];
      order[i] = m == turn_win  ? kTTMoveScore + 1
                 : m == tt_move ? kTTMoveScore
                 : m == k0    ? kKillerScore
                 : m == k1    ? kKillerScore - 1
                              : history_[history_index(player, m)];
      // The children that will probe the table (depth >= 1): start loading their buckets (behaviour-neutral).
      if constexpr (HasHashAfter<G>)
        if (depth >= 2) sh_.tt->prefetch(g.hash_after(m));
    }

    const int orig_alpha = alpha;
    int best = -kInfinity;
    Move best_move = kNoMove;
    for (int i = 0; i < n; ++i) {
      int pick = i;  // selection sort: the first of the highest ordering scores
      for (int j = i + 1; j < n; ++j)
        if (order[j] > order[pick]) pick = j;
      std::swap(order[i], order[pick]);
      std::swap(ml[i], ml[pick]);
      const Move m = ml[i];

      G c = g;
      c.apply(m);
      const bool same = c.to_move() == g.to_move();
      int v;
      if (i == 0) {
        v = child_search(c, same, depth - 1, ply + 1, alpha, beta, pv_node);
      } else {
        v = child_search(c, same, depth - 1, ply + 1, alpha, alpha + 1, false);
        if (!aborted_ && pv_node && v > alpha && v < beta)
          v = child_search(c, same, depth - 1, ply + 1, alpha, beta, true);
      }
      if (aborted_) return 0;
      if (v > best) {
        best = v;
        best_move = m;
        if (v > alpha) {
          alpha = v;
          if (pv_node) update_pv(ply, m);
          if (alpha >= beta) {
            if (m != k0) {
              killers_[ply * 2 + 1] = k0;
              killers_[ply * 2] = m;
            }
            int& h = history_[history_index(player, m)];
            h = std::min(h + depth * depth, kHistoryMax);
            break;
          }
        }
      }
    }
    const Bound bound = best >= beta ? Bound::kLower : best > orig_alpha ? Bound::kExact : Bound::kUpper;
    sh_.tt->store(key, best_move, score_to_tt(best, ply), depth, bound);
    return best;
  }

  // The root: PVS over root_moves_ (ordered by the previous iteration), recording each move's score and bound.
  int search_root(int depth, int alpha, int beta) {
    pv_len_[0] = 0;
    if (count_node()) return 0;
    int best = -kInfinity;
    for (std::size_t i = 0; i < root_moves_.size(); ++i) {
      RootMove& rm = root_moves_[i];
      const std::uint64_t before = nodes_;
      G c = root_;
      c.apply(rm.move);
      const bool same = c.to_move() == root_.to_move();
      int v;
      if (i == 0) {
        v = child_search(c, same, depth - 1, 1, alpha, beta, true);
      } else {
        v = child_search(c, same, depth - 1, 1, alpha, alpha + 1, false);
        if (!aborted_ && v > alpha && v < beta) v = child_search(c, same, depth - 1, 1, alpha, beta, true);
      }
      if (aborted_) return 0;
      rm.nodes = nodes_ - before;
      rm.score = v;
      rm.bound = v <= alpha ? Bound::kUpper : v >= beta ? Bound::kLower : Bound::kExact;
      if (v > best) best = v;
      if (v > alpha) {
        alpha = v;
        update_pv(0, rm.move);
        partial_move_ = rm.move;
        partial_pv_.assign(pv_.begin(), pv_.begin() + pv_len_[0]);
        if (alpha >= beta) break;
      }
    }
    return best;
  }

  // After a completed iteration: best move first, then the others by score (stable: ties keep their order).
  void order_root_moves() {
    std::stable_sort(root_moves_.begin(), root_moves_.end(), [&](const RootMove& a, const RootMove& b) {
      if (a.move == partial_move_) return b.move != partial_move_;
      if (b.move == partial_move_) return false;
      return a.score > b.score;
    });
    prev_best_ = root_moves_[0].move;
  }

  void complete_iteration(SearchResult& out, int depth, int score) {
    out.best_move = prev_best_;
    out.value = score;
    out.depth = depth;
    out.pv = partial_pv_;
    bool exact_depth = false;
    if constexpr (HasPliesBound<G>) exact_depth = depth >= root_.remaining_plies_bound();
    set_proof(out.proof, out.plies_to_end, score, Bound::kExact, exact_depth);
    out.moves.clear();
    for (const RootMove& rm : root_moves_) {
      MoveStat s;
      s.move = rm.move;
      s.value = rm.score;
      s.visits = rm.nodes;
      s.bound = rm.bound == Bound::kUpper ? -1 : rm.bound == Bound::kLower ? 1 : 0;
      set_proof(s.proof, s.plies_to_end, rm.score, rm.bound, exact_depth);
      out.moves.push_back(s);
    }
    if (sh_.control) {
      SearchProgress p;
      p.depth = depth;
      p.value = score;
      p.pv = out.pv;
      p.nodes = sh_.nodes.load() + (nodes_ - flushed_);
      p.time_s = sh_.clock.seconds();
      p.proven = out.proof != Proof::kNone;
      sh_.control->publish(p);
    }
  }

  static void set_proof(Proof& proof, int& plies, int score, Bound bound, bool exact_depth) {
    proof = Proof::kNone;
    plies = -1;
    if (score > kEvalBound && bound != Bound::kUpper) {
      proof = Proof::kWin;
      if (bound == Bound::kExact) plies = plies_of_score(score);
    } else if (score < -kEvalBound && bound != Bound::kLower) {
      proof = Proof::kLoss;
      if (bound == Bound::kExact) plies = plies_of_score(score);
    } else if (exact_depth && score == 0 && bound == Bound::kExact) {
      proof = Proof::kDraw;
    }
  }

  // Unfinished iteration: dropped, so that the answer, its PV and the per-move values come from one iteration.
  void adopt_partial(SearchResult& out) {
    if (out.depth == 0) {  // not even one iteration completed: the first legal move, nothing known
      out.best_move = prev_best_;
      out.pv = {prev_best_};
      out.moves.clear();
      for (const RootMove& rm : root_moves_) out.moves.push_back(MoveStat{rm.move, 0.0, 0, Proof::kNone, -1});
    }
  }

  const G root_;
  Shared& sh_;
  const int id_;
  std::vector<Move> pv_;       // triangular PV: row p holds the PV from ply p
  std::vector<int> pv_len_;    // end (exclusive) of each row
  std::vector<Move> killers_;  // two per ply
  std::vector<int> history_;   // per player (0/1) x hashed move
  std::vector<RootMove> root_moves_;
  std::vector<Move> partial_pv_;
  Move prev_best_ = kNoMove;
  Move partial_move_ = kNoMove;
  std::uint64_t nodes_ = 0, flushed_ = 0, next_poll_ = 0;
  bool aborted_ = false;
};

}  // namespace alphabeta_detail

// Throws std::invalid_argument unless `g` has one or two players (negamax needs a single opponent).
template <Game G>
void check_two_players(const G& g, const char* search) {
  const int n = g.num_players();
  if (n > 2)
    throw std::invalid_argument(std::string(search) + ": needs a one- or two-player position, this one has " +
                                std::to_string(n) + " players");
}

// Searches `root` (which must not be terminal) with the given table; see the contract at the top of the file.
template <Game G>
SearchResult alphabeta(const G& root, const SearchLimits& limits, SearchControl* control, TranspositionTable& tt) {
  check_two_players(root, "alphabeta");
  if (root.is_terminal()) throw std::invalid_argument("alphabeta: the position is terminal, there is nothing to search");
  using namespace alphabeta_detail;
  Shared sh;
  sh.limits = limits;
  sh.control = control;
  sh.tt = &tt;
  tt.new_search();
  const int threads = std::max(1, limits.threads);
  SearchResult out;
  std::vector<std::unique_ptr<Worker<G>>> workers;
  for (int i = 0; i < threads; ++i) workers.push_back(std::make_unique<Worker<G>>(root, sh, i));
  std::vector<std::thread> helpers;
  std::vector<SearchResult> scratch(static_cast<std::size_t>(threads));
  for (int i = 1; i < threads; ++i) helpers.emplace_back([&, i] { workers[i]->run(scratch[i]); });
  workers[0]->run(out);
  sh.abort.store(true);
  for (auto& t : helpers) t.join();
  out.nodes = sh.nodes.load();
  out.time_s = sh.clock.seconds();
  out.stopped = sh.stopped.load();
  return out;
}

}  // namespace kofun
