// Exact solving of two-player (and one-player) perfect-information positions: the value with its distance, proven,
// or the bounds reached when the budget runs out. The methods of dedicated solvers, written once for every game.
//
// Value: the score of score.hpp searched to the end of the game (no horizon, no heuristic): kMate - p for a win
// p plies below the root, -(kMate - p) for a loss, 0 for a draw; "win as soon as possible, lose as late as
// possible". It needs a game whose length is bounded (HasPliesBound): the probes always reach the end.
//
// How (Pons' Connect Four solver, Allis' thesis, mate search):
//   - Null-window probes over the score range, not iterative deepening: the possible values are ranked
//     (-R .. -1 losses, 0 draw, 1 .. R wins, R = remaining_plies_bound()), and each probe asks "is the value above
//     rank m?" with a zero-window search to the end. Bisection on the ranks, first probes next to 0 (the
//     win / draw / loss question first, as Pons does), until the lowest and highest possible ranks meet.
//   - A transposition table of bounds (tt.hpp): every node stores its fail-soft result as a lower bound (fail
//     high), upper bound (fail low) or exact value, all "to the end"; later probes reuse them.
//   - The score-range clamp: no value beats a win at the next ply nor loses before the next ply; with the game's
//     winning_move() hook, a position without an immediate win cannot be won before ply + 2 either.
//   - Game hooks (optional, core/game.hpp): winning_move() ends the node at once; non_losing_moves() drops the
//     moves that hand the opponent an immediate win (exact: such a move loses at ply + 2, and every other move
//     is worth more) and returns a loss at once when none is left; move_order() orders the rest (the table's move
//     first). Without the hooks: legal moves in the game's order, the table's move first.
//   - The table is probed after the tactical hooks and the clamps (Pons' order: a node lost at once or cut by a
//     clamp never touches the table), and its bucket is prefetched when the node starts and, with the game's
//     hash_after() hook, for every child while the moves are ordered: a probe at random in a table of hundreds
//     of MB misses the cache, and the misses of a node's children then overlap (docs/solving.md: 20.5 -> 10.6
//     CPU s on the 50-position set).
//   - With the game's canonical_hash() hook, a position and its images under the game's symmetries (Connect Four:
//     the mirror image) share one table entry, its move stored as the canonical image's move: the proof of a
//     position answers its mirror image's, and the probes of the root's mirrored moves cost next to nothing.
//   - After the value: each root move probed once with the window just below the value (best moves: exact;
//     others: an upper bound), and a principal variation read move by move with the same probes.
//
// Contract of `solve(root, limits, control, tt)`:
//   - stops at limits.time_s / limits.nodes, at a stop request, or when the value is proven (limits.depth is
//     ignored: a proof goes to the end); the clock and the stop flag are polled every 1024 nodes;
//   - proven: proof (win / loss / draw), value, plies_to_end, best move, PV, and per-move values (exact for the
//     best moves, upper bounds for the others);
//   - value_only: the value (and the best move the probes found) without the per-move values and the PV;
//   - not proven: proof kNone, value_low .. value_high the bounds reached, best move the last one shown to reach
//     value_low (else the first move in the game's order);
//   - one thread; same limits and table size → same result and node count; allocates only when it starts.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "../core/game.hpp"
#include "alphabeta.hpp"
#include "limits.hpp"
#include "result.hpp"
#include "score.hpp"
#include "tt.hpp"

namespace kofun {

namespace solve_detail {

// Every entry of a solve is a value to the end of the game: one depth for all.
inline constexpr int kToTheEnd = 255;

// Ranks of the possible values: every value a position `r` plies from its end can have, in increasing order,
// numbered so that the draw is rank 0, losses negative, wins positive. Ranks and scores order the same way. In
// general a win or a loss may come after any number of plies 1 .. r; in a game with the trait kWinsOnOwnMove
// (core/game.hpp) the player to move wins only after an odd number of plies and loses after an even one, which
// halves the ranks (and the probes).
class Ranks {
 public:
  Ranks(int r, bool own_move_wins) {
    for (int d = 1; d <= r; ++d)  // losses, quickest (lowest) first
      if (!own_move_wins || d % 2 == 0) scores_.push_back(-(kMate - d));
    zero_ = static_cast<int>(scores_.size());
    scores_.push_back(0);
    for (int d = r; d >= 1; --d)  // wins, slowest (lowest) first
      if (!own_move_wins || d % 2 == 1) scores_.push_back(kMate - d);
  }
  int min() const noexcept { return -zero_; }
  int max() const noexcept { return static_cast<int>(scores_.size()) - 1 - zero_; }
  int score(int rank) const noexcept { return scores_[static_cast<std::size_t>(rank + zero_)]; }
  // The highest rank whose score is <= v, and the lowest whose score is >= v (a fail-soft result may fall
  // between possible values); clamped to the range.
  int floor(int v) const noexcept {
    const auto it = std::upper_bound(scores_.begin(), scores_.end(), v);
    return std::max(static_cast<int>(it - scores_.begin()) - 1, 0) - zero_;
  }
  int ceil(int v) const noexcept {
    const auto it = std::lower_bound(scores_.begin(), scores_.end(), v);
    return std::min(static_cast<int>(it - scores_.begin()), static_cast<int>(scores_.size()) - 1) - zero_;
  }

 private:
  std::vector<int> scores_;
  int zero_ = 0;
};

// The table's key of a position and the frame of the moves it stores: the game's canonical_hash() where it has
// one (a position and its images share an entry, its move stored as the canonical image's), else hash().
template <class G>
std::uint64_t table_key(const G& g) noexcept {
  if constexpr (HasCanonicalHash<G>)
    return g.canonical_hash();
  else
    return g.hash();
}
template <class G>
Move to_table(const G& g, Move m) noexcept {
  if constexpr (HasCanonicalHash<G>)
    return m == kNoMove ? m : g.canonical_move(m);
  else
    return m;
}
template <class G>
Move from_table(const G& g, Move m) noexcept {
  if constexpr (HasCanonicalHash<G>)
    return m == kNoMove ? m : g.move_from_canonical(m);
  else
    return m;
}

template <Game G>
class Solver {
 public:
  Solver(const SearchLimits& limits, SearchControl* control, TranspositionTable& tt)
      : limits_(limits), control_(control), tt_(tt) {}

  // Fail-soft alpha-beta to the end of the game; scores relative to the root (ply plies above `g`). `no_win`: `g`
  // was reached by one of its parent's non_losing_moves(), so its mover has no winning move (the hook's contract)
  // and winning_move() need not be asked.
  int search(const G& g, int ply, int alpha, int beta, bool no_win = false) {
    if (count_node()) return 0;
    if (g.is_terminal()) return terminal_score(g, ply);
    if (ply >= kMaxPly - 1) throw std::logic_error("solve: the game lasted longer than its remaining_plies_bound");
    int top = kMate - ply - 1;  // the best possible value: a win at the next ply
    if constexpr (HasWinningMove<G>) {
      if (!no_win && g.winning_move() != kNoMove) return top;
      top = kMate - ply - (kOwnMoveWins ? 3 : 2);  // no win now: at the mover's next move at best
    }
    if (beta > top) {
      beta = top;
      if (alpha >= beta) return beta;
    }

    const std::uint64_t key = table_key(g);
    tt_.prefetch(key);
    MoveListOf<G> ml;
    int order[G::kMaxMoves];
    int bottom = -(kMate - ply - 1);  // the worst possible value: a loss at the next ply
    if constexpr (HasNonLosingMoves<G>) {
      g.non_losing_moves(ml);
      if (ml.empty()) return -(kMate - ply - 2);  // every move lets the opponent win at once
      if constexpr (kOwnMoveWins) bottom = -(kMate - ply - 4);  // the opponent's next win is its move after next
    } else {
      g.legal_moves(ml);
    }
    if (alpha < bottom) {
      alpha = bottom;
      if (alpha >= beta) return alpha;
    }

    TTHit hit;
    Move tt_move = kNoMove;
    if (tt_.probe(key, hit)) {
      tt_move = from_table(g, hit.move);
      const int v = score_from_tt(hit.value, ply);
      if (hit.bound == Bound::kExact || (hit.bound == Bound::kLower && v >= beta) ||
          (hit.bound == Bound::kUpper && v <= alpha))
        return v;
    }
    const int n = ml.size();
    for (int i = 0; i < n; ++i) {
      if constexpr (HasMoveOrder<G>)
        order[i] = g.move_order(ml[i]);
      else
        order[i] = 0;
      if (ml[i] == tt_move) order[i] = kTTMoveOrder;
      if constexpr (HasCanonicalHash<G>)
        tt_.prefetch(g.canonical_hash_after(ml[i]));
      else if constexpr (HasHashAfter<G>)
        tt_.prefetch(g.hash_after(ml[i]));
    }

    const int orig_alpha = alpha;
    int best = -kInfinity;
    Move best_move = kNoMove;
    for (int i = 0; i < n; ++i) {
      int pick = i;  // selection sort, stable: the first of the highest order values
      for (int j = i + 1; j < n; ++j)
        if (order[j] > order[pick]) pick = j;
      if (pick != i) {
        const int o = order[pick];
        const Move m = ml[pick];
        for (int j = pick; j > i; --j) {
          order[j] = order[j - 1];
          ml[j] = ml[j - 1];
        }
        order[i] = o;
        ml[i] = m;
      }
      const Move m = ml[i];
      G c = g;
      c.apply(m);
      const int v = child(c, c.to_move() == g.to_move(), ply + 1, alpha, beta, HasNonLosingMoves<G>);
      if (aborted_) return 0;
      if (v > best) {
        best = v;
        best_move = m;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
    const Bound bound = best >= beta ? Bound::kLower : best > orig_alpha ? Bound::kExact : Bound::kUpper;
    tt_.store(key, to_table(g, best_move), score_to_tt(best, ply), kToTheEnd, bound);
    return best;
  }

  int child(const G& c, bool same, int ply, int alpha, int beta, bool no_win = false) {
    return same ? search(c, ply, alpha, beta, no_win) : -search(c, ply, -beta, -alpha, no_win);
  }

  // Value of the move `m` from `g` (ply plies below the root) on the window (alpha, beta), from g's mover.
  int move_value(const G& g, Move m, int ply, int alpha, int beta) {
    G c = g;
    c.apply(m);
    return child(c, c.to_move() == g.to_move(), ply + 1, alpha, beta);
  }

  bool aborted() const noexcept { return aborted_; }
  std::uint64_t nodes() const noexcept { return nodes_; }
  bool stopped() const noexcept { return stopped_; }
  double seconds() const { return clock_.seconds(); }

 private:
  static constexpr int kTTMoveOrder = 1 << 30;
  static constexpr bool kOwnMoveWins = WinsOnOwnMove<G>;
  static constexpr int kPollInterval = 1024;

  bool count_node() {
    if (++nodes_ >= next_poll_) poll();
    return aborted_;
  }

  void poll() {
    if (limits_.nodes > 0 && nodes_ >= limits_.nodes) aborted_ = true;
    if (limits_.time_s > 0 && clock_.seconds() >= limits_.time_s) aborted_ = true;
    if (control_ && control_->stop.load(std::memory_order_relaxed)) aborted_ = stopped_ = true;
    std::uint64_t step = kPollInterval;
    if (limits_.nodes > 0 && nodes_ < limits_.nodes) step = std::min<std::uint64_t>(step, limits_.nodes - nodes_);
    next_poll_ = nodes_ + step;
  }

  SearchLimits limits_;
  SearchControl* control_;
  TranspositionTable& tt_;
  Stopwatch clock_;
  std::uint64_t nodes_ = 0, next_poll_ = 0;
  bool aborted_ = false, stopped_ = false;
};

inline Proof proof_of(int v) noexcept { return v > kEvalBound ? Proof::kWin : v < -kEvalBound ? Proof::kLoss : Proof::kDraw; }


// The principal variation from `root` whose value is v (relative to the root, for its mover), starting with
// `first`: from each position, the first legal move whose value equals the position's. Stops early (keeping what
// it has read) if the budget runs out.
template <Game G>
std::vector<Move> principal_variation(Solver<G>& s, const G& root, Move first, int v) {
  std::vector<Move> pv;
  G g = root;
  int want = v;  // the value of g for its mover
  Move m = first;
  for (int ply = 0; m != kNoMove && ply < kMaxPly - 1;) {
    pv.push_back(m);
    const int mover = g.to_move();
    g.apply(m);
    ++ply;
    if (g.is_terminal()) break;
    if (g.to_move() != mover) want = -want;
    MoveListOf<G> ml;
    g.legal_moves(ml);
    m = kNoMove;
    for (Move c : ml) {
      const int cv = s.move_value(g, c, ply, want - 1, want);
      if (s.aborted()) break;
      if (cv >= want) {
        m = c;
        break;
      }
    }
  }
  return pv;
}

}  // namespace solve_detail

// Solves `root` (not terminal, one or two players, bounded length); see the contract at the top of the file.
template <Game G>
  requires HasPliesBound<G>
SearchResult solve(const G& root, const SearchLimits& limits, SearchControl* control, TranspositionTable& tt,
                   bool value_only = false, std::uint64_t keep = 0) {
  check_two_players(root, "solve");
  if (root.is_terminal()) throw std::invalid_argument("solve: the position is terminal, there is nothing to solve");
  const int plies = root.remaining_plies_bound();
  if (plies < 1 || plies >= kMaxPly - 1)
    throw std::invalid_argument("solve: the game may last " + std::to_string(plies) + " more plies; at most " +
                                std::to_string(kMaxPly - 2) + " can be solved");
  using namespace solve_detail;
  tt.new_search(keep);
  Solver<G> s(limits, control, tt);
  const Ranks ranks(plies, WinsOnOwnMove<G>);
  SearchResult out;
  MoveListOf<G> ml;
  root.legal_moves(ml);
  out.best_move = ml[0];

  // Bisection on the ranks; each probe: is the value above rank `mid`?
  int lo = ranks.min(), hi = ranks.max();
  int probes = 0;
  auto publish = [&] {
    if (!control) return;
    SearchProgress p;
    p.depth = probes;
    p.value = ranks.score(lo);
    p.pv = {out.best_move};
    p.nodes = s.nodes();
    p.time_s = s.seconds();
    p.proven = lo == hi;
    control->publish(p);
  };
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (mid <= 0 && lo / 2 < mid)
      mid = lo / 2;
    else if (mid >= 0 && hi / 2 > mid)
      mid = hi / 2;
    if (mid >= hi) mid = hi - 1;
    const int a = ranks.score(mid);
    const int v = s.search(root, 0, a, a + 1);
    if (s.aborted()) break;
    ++probes;
    if (v <= a) {
      hi = std::min(hi, ranks.floor(v));
    } else {
      lo = std::max(lo, ranks.ceil(v));
      TTHit hit;  // the move that reached the new lower bound
      if (tt.probe(table_key(root), hit) && hit.move != kNoMove) out.best_move = from_table(root, hit.move);
    }
    publish();
  }
  out.value_low = ranks.score(lo);
  out.value_high = ranks.score(hi);
  out.value = out.value_low;
  out.depth = probes;

  if (lo == hi) {
    const int v = ranks.score(lo);
    out.value = v;
    out.proof = proof_of(v);
    out.plies_to_end = v == 0 ? -1 : plies_of_score(v);
  }
  if (lo == hi && !value_only) {
    const int v = out.value;
    // Every root move on the window just below the value: >= v is a best move (exact), below is an upper bound.
    std::vector<MoveStat> best, others;
    for (Move m : ml) {
      const std::uint64_t before = s.nodes();
      const int mv = s.move_value(root, m, 0, v - 1, v);
      if (s.aborted()) break;
      MoveStat st;
      st.move = m;
      st.visits = s.nodes() - before;
      if (mv >= v) {
        st.value = v;
        st.proof = proof_of(v);
        st.plies_to_end = out.plies_to_end;
        best.push_back(st);
      } else {
        st.value = mv;
        st.bound = -1;
        if (mv < -kEvalBound) st.proof = Proof::kLoss;
        others.push_back(st);
      }
    }
    if (!s.aborted()) {
      std::stable_sort(others.begin(), others.end(),
                       [](const MoveStat& x, const MoveStat& y) { return x.value > y.value; });
      out.moves = best;
      out.moves.insert(out.moves.end(), others.begin(), others.end());
      out.best_move = best.front().move;
      out.pv = principal_variation(s, root, out.best_move, v);
    }
  }
  if (out.moves.empty()) {  // not proven (or the budget ran out after the proof): every root move, no values
    out.moves.reserve(ml.size());
    for (Move m : ml) out.moves.push_back(MoveStat{m, 0.0, 0, Proof::kNone, -1});
    auto it = std::find_if(out.moves.begin(), out.moves.end(), [&](const MoveStat& x) { return x.move == out.best_move; });
    std::rotate(out.moves.begin(), it, it + 1);
    out.pv = {out.best_move};
  }
  publish();
  out.nodes = s.nodes();
  out.time_s = s.seconds();
  out.stopped = s.stopped();
  return out;
}

}  // namespace kofun
