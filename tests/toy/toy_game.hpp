// A toy game for the tests, with a player count chosen at run time (2..5): a row of numbered cards; the players,
// in seat order, take a card from either end of the row (moves L and R; with one card left only L); a player's
// return is the sum of the cards they took. It satisfies the whole `Game` contract of csrc/core/game.hpp and is
// bound to Python through the same template as the real games (bindings/bind_game.hpp), in the extension module
// `kofun_toy` that tests/toy/conftest.py compiles at test time. Not part of solver._core.
//
// Notation: blank-separated key=value fields (csrc/core/notation.hpp), e.g.
//   players=3 cards=5,1,7,2,9,4 turn=0 taken=0,0,0
// players 2..5; cards the row still on the table, left to right (values 0..999, at most kMaxCards, `-` when
// empty); turn the player to move (optional, default 0); taken the sum each player has taken so far (optional,
// default all 0). to_string() writes every field, so parse(s.to_string()) == s.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "csrc/core/game.hpp"
#include "csrc/core/notation.hpp"
#include "csrc/core/rng.hpp"

namespace kofun::toy {

class State {
 public:
  static constexpr int kMaxPlayers = 5;
  static constexpr int kMaxMoves = 2;
  static constexpr int kMaxCards = 32;
  static constexpr Move kLeft = 0, kRight = 1;

  int num_players() const { return players_; }
  int to_move() const { return turn_; }
  bool is_terminal() const { return lo_ == hi_; }
  void legal_moves(MoveListOf<State>& ml) const {
    ml.clear();
    if (hi_ - lo_ >= 1) ml.push(kLeft);
    if (hi_ - lo_ >= 2) ml.push(kRight);
  }
  void apply(Move m) {
    taken_[turn_] += m == kLeft ? cards_[lo_++] : cards_[--hi_];
    turn_ = (turn_ + 1) % players_;
  }
  double returns(int player) const { return taken_[player]; }
  std::uint64_t hash() const { return recompute_hash(); }
  std::uint64_t recompute_hash() const {
    std::uint64_t x = static_cast<std::uint64_t>(players_ * 8 + turn_), h = splitmix64(x);
    for (int i = lo_; i < hi_; ++i) {
      x ^= static_cast<std::uint64_t>(cards_[i] + 1) << 20;
      h ^= splitmix64(x);
    }
    for (int p = 0; p < players_; ++p) {
      x ^= static_cast<std::uint64_t>(taken_[p]) << 40;
      h ^= splitmix64(x);
    }
    return h;
  }

  std::string to_string() const {
    std::string s = "players=" + std::to_string(players_) + " cards=";
    for (int i = lo_; i < hi_; ++i) s += (i > lo_ ? "," : "") + std::to_string(cards_[i]);
    if (lo_ == hi_) s += "-";
    s += " turn=" + std::to_string(turn_) + " taken=";
    for (int p = 0; p < players_; ++p) s += (p ? "," : "") + std::to_string(taken_[p]);
    return s;
  }

  static State parse(std::string_view text) {
    static const notation::Reader reader("toy position");
    const notation::Fields f(text, reader, {"players", "cards", "turn", "taken"});
    State s;
    s.players_ = f.integer("players", 2, kMaxPlayers);
    const std::string_view cards = f.get("cards");
    if (cards != "-") {
      for (std::string_view c : notation::Split{cards, ','}) {
        if (s.hi_ == kMaxCards) reader.fail("cards", "more than " + std::to_string(kMaxCards) + " cards");
        s.cards_[s.hi_++] = reader.integer("cards", c, 0, 999);
      }
    }
    s.turn_ = f.has("turn") ? f.integer("turn", 0, s.players_ - 1) : 0;
    if (f.has("taken")) {
      const auto sums = notation::split(f.get("taken"), ',');
      if (static_cast<int>(sums.size()) != s.players_)
        reader.fail("taken", "expected " + std::to_string(s.players_) + " sums, got " + std::to_string(sums.size()));
      for (int p = 0; p < s.players_; ++p) s.taken_[p] = reader.integer("taken", sums[p], 0, 999999);
    }
    return s;
  }

  std::string move_to_string(Move m) const { return m == kLeft ? "L" : "R"; }
  Move parse_move(std::string_view s) const {
    if (s != "L" && s != "R") throw NotationError("toy move: expected L or R, got '" + std::string(s) + "'");
    const Move m = s == "L" ? kLeft : kRight;
    if (is_terminal()) throw IllegalMoveError("toy move " + std::string(s) + ": the game is over");
    if (m == kRight && hi_ - lo_ < 2) throw IllegalMoveError("toy move R: one card is left, take it with L");
    return m;
  }

  bool operator==(const State& o) const {
    if (players_ != o.players_ || turn_ != o.turn_ || hi_ - lo_ != o.hi_ - o.lo_ || taken_ != o.taken_) return false;
    for (int i = 0; i < hi_ - lo_; ++i)
      if (cards_[lo_ + i] != o.cards_[o.lo_ + i]) return false;
    return true;
  }

  // No game from here lasts more plies than the cards left (PIMC and alpha-beta use it).
  int remaining_plies_bound() const { return hi_ - lo_; }

 private:
  int players_ = 2, turn_ = 0, lo_ = 0, hi_ = 0;
  std::array<int, kMaxCards> cards_{};
  std::array<int, kMaxPlayers> taken_{};
};

static_assert(Game<State>);

}  // namespace kofun::toy
