// Checks of the searches on tiny games whose turns do not alternate or that have three players, compiled and run
// by test_search_turn_order.py. Usage: turn_order_games <check>; prints "ok" or what went wrong, exit code 0/1.
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "csrc/core/game.hpp"
#include "csrc/search/alphabeta.hpp"
#include "csrc/search/mcts.hpp"
#include "csrc/search/minimax.hpp"

using namespace kofun;

// Two-action Nim: a pile of stones; a turn is two actions by the same player (the game may end after the first);
// an action takes 1, 2 or 3 stones (move = count); whoever takes the last stone wins. Moves 1..3, notation
// "pile/player/actions-left".
struct TwoActionNim {
  static constexpr int kMaxPlayers = 2;
  int num_players() const { return 2; }
  static constexpr int kMaxMoves = 3;
  int pile = 0, player = 0, left = 2, last = -1;

  int to_move() const { return player; }
  bool is_terminal() const { return pile == 0; }
  void legal_moves(MoveListOf<TwoActionNim>& ml) const {
    ml.clear();
    for (int m = 1; m <= 3 && m <= pile; ++m) ml.push(static_cast<Move>(m));
  }
  void apply(Move m) {
    pile -= static_cast<int>(m);
    last = player;
    if (--left == 0 && pile > 0) {
      player = 1 - player;
      left = 2;
    }
  }
  double returns(int p) const { return pile > 0 ? 0.0 : p == last ? 1.0 : -1.0; }
  std::uint64_t hash() const { return recompute_hash(); }
  std::uint64_t recompute_hash() const {
    std::uint64_t x = static_cast<std::uint64_t>(pile * 8 + player * 4 + left);
    return splitmix64(x);
  }
  int evaluate() const { return (pile % 4) * 10 - 15 + left * 3; }  // arbitrary but deterministic
  std::string to_string() const {
    return std::to_string(pile) + "/" + std::to_string(player) + "/" + std::to_string(left);
  }
  static TwoActionNim parse(std::string_view) { throw NotationError("not needed"); }
  std::string move_to_string(Move m) const { return std::to_string(m); }
  Move parse_move(std::string_view) const { throw NotationError("not needed"); }
  bool operator==(const TwoActionNim& o) const {
    return pile == o.pile && player == o.player && left == o.left && last == o.last;
  }
};

// Three players pick numbers 0..3 in the order 0, 0, 1, 2. Player 0 scores 0.5 for a first pick of 1 and 0.5 for
// a second pick of 2; player 1 scores 1 for picking 2, player 2 scores 1 for picking 3. Best line: 1, 2, 2, 3.
struct PickGame {
  static constexpr int kMaxPlayers = 3;
  int num_players() const { return 3; }
  static constexpr int kMaxMoves = 4;
  int picks[4] = {-1, -1, -1, -1};
  int n = 0;

  int to_move() const { return n < 2 ? 0 : n - 1; }
  bool is_terminal() const { return n == 4; }
  void legal_moves(MoveListOf<PickGame>& ml) const {
    ml.clear();
    if (n < 4)
      for (Move m = 0; m < 4; ++m) ml.push(m);
  }
  void apply(Move m) { picks[n++] = static_cast<int>(m); }
  double returns(int p) const {
    if (p == 0) return 0.5 * (picks[0] == 1) + 0.5 * (picks[1] == 2);
    return p == 1 ? double(picks[2] == 2) : double(picks[3] == 3);
  }
  std::uint64_t hash() const { return recompute_hash(); }
  std::uint64_t recompute_hash() const {
    std::uint64_t x = 0;
    for (int i = 0; i < n; ++i) x = x * 5 + static_cast<std::uint64_t>(picks[i] + 1);
    x = x * 8 + static_cast<std::uint64_t>(n);
    return splitmix64(x);
  }
  std::string to_string() const { return std::to_string(n); }
  static PickGame parse(std::string_view) { throw NotationError("not needed"); }
  std::string move_to_string(Move m) const { return std::to_string(m); }
  Move parse_move(std::string_view) const { throw NotationError("not needed"); }
  bool operator==(const PickGame& o) const {
    return n == o.n && std::memcmp(picks, o.picks, sizeof picks) == 0;
  }
};

static_assert(Game<TwoActionNim> && HasEvaluate<TwoActionNim> && Game<PickGame>);

static int failures = 0;
#define CHECK(cond, ...)                     \
  do {                                       \
    if (!(cond)) {                           \
      std::printf("FAIL %s: ", #cond);       \
      std::printf(__VA_ARGS__);              \
      std::printf("\n");                     \
      ++failures;                            \
    }                                        \
  } while (0)

static TwoActionNim nim(int pile, int player, int left) {
  TwoActionNim g;
  g.pile = pile;
  g.player = player;
  g.left = left;
  return g;
}

// Alpha-beta equals the brute force at every depth, with a table, on every small position.
static void alphabeta_matches_minimax() {
  for (int pile = 1; pile <= 14; ++pile)
    for (int left = 1; left <= 2; ++left)
      for (int depth = 1; depth <= 9; ++depth) {
        const TwoActionNim g = nim(pile, 0, left);
        SearchLimits lim;
        lim.depth = depth;
        TranspositionTable tt(1);
        const SearchResult r = alphabeta(g, lim, nullptr, tt);
        const int expected = minimax(g, depth);
        CHECK(static_cast<int>(r.value) == expected, "%s depth %d: alphabeta %d, minimax %d", g.to_string().c_str(),
              depth, static_cast<int>(r.value), expected);
      }
}

// Solved to the end: proof, distance and a PV that ends the game with the announced winner.
static void alphabeta_solves_and_pv_is_consistent() {
  for (int pile = 1; pile <= 16; ++pile)
    for (int left = 1; left <= 2; ++left) {
      const TwoActionNim g = nim(pile, 1, left);
      SearchLimits lim;
      lim.depth = 40;
      TranspositionTable tt(1);
      const SearchResult r = alphabeta(g, lim, nullptr, tt);
      const int exact = minimax(g, 40);
      CHECK(static_cast<int>(r.value) == exact, "%s: %d vs %d", g.to_string().c_str(), (int)r.value, exact);
      CHECK(r.proof == (exact > 0 ? Proof::kWin : Proof::kLoss), "%s: proof", g.to_string().c_str());
      CHECK(r.plies_to_end == kMate - (exact > 0 ? exact : -exact), "%s: plies", g.to_string().c_str());
      TwoActionNim end = g;
      for (Move m : r.pv) end.apply(m);
      CHECK(end.is_terminal() && static_cast<int>(r.pv.size()) == r.plies_to_end, "%s: pv", g.to_string().c_str());
      CHECK(end.returns(1) == (exact > 0 ? 1.0 : -1.0), "%s: pv winner", g.to_string().c_str());
    }
}

// MCTS-Solver proves the same outcomes although a player often moves twice in a row.
static void mcts_solver_agrees() {
  for (int pile = 1; pile <= 12; ++pile)
    for (int left = 1; left <= 2; ++left) {
      const TwoActionNim g = nim(pile, 0, left);
      SearchLimits lim;
      lim.nodes = 200000;
      lim.seed = static_cast<std::uint64_t>(pile);
      MctsOptions opt;
      opt.memory_bytes = std::size_t{16} << 20;
      const SearchResult r = mcts(g, lim, nullptr, opt);
      const int exact = minimax(g, 40);
      CHECK(r.proof == (exact > 0 ? Proof::kWin : Proof::kLoss), "%s: mcts proof %d, exact %d",
            g.to_string().c_str(), static_cast<int>(r.proof), exact);
      if (exact > 0) {
        TwoActionNim c = g;
        c.apply(r.best_move);
        const int child = minimax(c, 40);
        CHECK((c.to_move() == g.to_move() ? child : -child) > 0, "%s: move %u does not win",
              g.to_string().c_str(), r.best_move);
      }
    }
}

// Three players, player 0 moving twice: every player's statistics are its own.
static void mcts_three_players() {
  for (bool transpositions : {false, true}) {
    SearchLimits lim;
    lim.nodes = 20000;
    lim.seed = 3;
    MctsOptions opt;
    opt.memory_bytes = std::size_t{16} << 20;
    opt.transpositions = transpositions;
    const SearchResult r = mcts(PickGame{}, lim, nullptr, opt);
    CHECK(r.proof == Proof::kNone, "no solver with three players");
    CHECK(r.pv.size() == 4 && r.pv[0] == 1 && r.pv[1] == 2 && r.pv[2] == 2 && r.pv[3] == 3,
          "pv of %zu moves starting %u", r.pv.size(), r.pv.empty() ? 99u : r.pv[0]);
    PickGame after;
    after.apply(1);
    after.apply(2);
    const SearchResult r1 = mcts(after, lim, nullptr, opt);
    CHECK(r1.best_move == 2 && r1.moves[0].value == 1.0, "player 1: move %u value %f", r1.best_move,
          r1.moves[0].value);
    for (std::size_t i = 1; i < r1.moves.size(); ++i)
      CHECK(r1.moves[i].value == 0.0, "player 1: move %u value %f", r1.moves[i].move, r1.moves[i].value);
  }
}

int main(int argc, char** argv) {
  const std::string check = argc > 1 ? argv[1] : "";
  if (check == "alphabeta_matches_minimax") alphabeta_matches_minimax();
  else if (check == "alphabeta_solves") alphabeta_solves_and_pv_is_consistent();
  else if (check == "mcts_solver") mcts_solver_agrees();
  else if (check == "mcts_three_players") mcts_three_players();
  else {
    std::printf("unknown check '%s'\n", check.c_str());
    return 2;
  }
  if (failures == 0) std::printf("ok\n");
  return failures == 0 ? 0 : 1;
}
