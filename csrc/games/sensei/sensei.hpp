// Sensei (a re-edition of Diaballik): two-player race game on a 7x7 board. Rules: docs/sensei.md.
//
// Board layout: see geometry.hpp (square = row * 7 + col, a1 = 0). Player 0 = South (home row 1, moves first),
// player 1 = North (home row 7).
//
// A move is one *action* inside a turn; a turn is 1 to 3 actions (at most 2 stone moves and 1 character move, in
// any order), closed by the "end turn" move or automatically. Packing (14 bits of a 32-bit Move):
//   bits 0-5   from square (0..48)
//   bits 6-11  to square (0..48)
//   bit  12    0 = stone move, 1 = character move
//   kEndTurn   = 0x2000 (bit 13 alone): close the turn; legal only after >= 1 action of this turn and while another
//              action is still possible.
// Automatic end of turn: when the action just played leaves no action possible in this turn (2 stone moves and the
// character move done, or no legal stone/character move left), the turn ends at once, without an "end" move.
//
// After every completed turn (in this order): anti-blocking rule (the player who just moved is checked first),
// draw after `max_turns` completed turns, threefold repetition draw, then the player to move loses if no action is
// legal. A character arriving on an own stone on the opponent's home row wins at once, mid-turn.
//
// Repetition history: the Zobrist keys of the turn-boundary positions since the start (or since the position was
// parsed) are kept in a fixed array inside the state; copying a state copies only the used prefix (at most
// max_turns + 1 keys), so copy-make needs no allocation. Sensei has no irreversible move, so the whole game counts.
// The notation cannot carry that history: a parsed position starts a fresh repetition count.
//
// Hash: Zobrist over stones, characters, pits, side to move and the actions done in the current turn. The completed-
// turn counter and the repetition history are left out (like chess's 50-move counter): they are path data, and
// equal positions reached at different turn counts must share a key for repetition detection.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "../../core/bitboard.hpp"
#include "../../core/game.hpp"
#include "geometry.hpp"

namespace kofun::sensei {

enum class Version : std::uint8_t { kArashi = 0, kShizukana = 1 };

inline constexpr int kMaxTurnsLimit = 1000;  // upper bound of the max_turns option (sizes the history array)
inline constexpr Bitboard kDefaultPits = bit(square(2, 2)) | bit(square(4, 2)) | bit(square(2, 4)) |
                                         bit(square(4, 4));  // c3 e3 c5 e5

struct Options {
  Version version = Version::kArashi;
  Bitboard pits = 0;
  bool character_blocked_by_own = false;
  int max_turns = 200;  // 1 .. kMaxTurnsLimit
  bool threefold_draw = true;
  bool operator==(const Options&) const = default;
};

inline constexpr Move kEndTurn = 0x2000;
inline constexpr Move kCharacterBit = 0x1000;
constexpr Move make_stone_move(int from, int to) noexcept { return static_cast<Move>(from | (to << 6)); }
constexpr Move make_character_move(int from, int to) noexcept { return make_stone_move(from, to) | kCharacterBit; }
constexpr int move_from(Move m) noexcept { return static_cast<int>(m & 63); }
constexpr int move_to(Move m) noexcept { return static_cast<int>((m >> 6) & 63); }
constexpr bool is_character_move(Move m) noexcept { return (m & kCharacterBit) != 0; }

// Game status.
inline constexpr int kOngoing = -1;
inline constexpr int kDraw = 2;  // otherwise 0 / 1: the winner

class State {
 public:
  static constexpr int kMaxPlayers = 2;
  int num_players() const { return 2; }
  // 6 movable stones x 12 slide targets + 6 character targets + end turn.
  static constexpr int kMaxMoves = 80;

  // The start position of the given options; throws RuleOptionError for bad options (max_turns out of range,
  // pits on starting squares or outside the board).
  explicit State(const Options& options = Options{});
  State(const State& o) noexcept { copy_from(o); }
  State& operator=(const State& o) noexcept {
    if (this != &o) copy_from(o);
    return *this;
  }

  int to_move() const noexcept { return to_move_; }
  bool is_terminal() const noexcept { return status_ != kOngoing; }
  void legal_moves(MoveList<kMaxMoves>& ml) const noexcept;
  void apply(Move m) noexcept;
  double returns(int player) const noexcept;
  std::uint64_t hash() const noexcept { return hash_; }
  std::uint64_t recompute_hash() const noexcept;
  // hash() after the legal move m, for the table searches' prefetch (core/game.hpp): exact, but when the move leaves
  // the mover no action although the turn's counts allow one (the turn then ends at once) — a hint, results are the
  // same either way.
  std::uint64_t hash_after(Move m) const noexcept;

  std::string to_string() const;
  static State parse(std::string_view s);
  std::string move_to_string(Move m) const;
  Move parse_move(std::string_view s) const;

  int evaluate() const noexcept;
  Move rollout_move(Rng& rng) const noexcept;

  // Whole-turn tactics (core/game.hpp, tactics.cpp). Only wins by the character's arrival are detected (a win by
  // the anti-blocking rule or by leaving the opponent without an action is not): the hooks may miss a win, never
  // invent one, so an action is left out of turn_safe_moves only when it certainly loses.
  Move turn_winning_move() const noexcept;
  void turn_safe_moves(MoveList<kMaxMoves>& ml) const noexcept;

  // Sensei specifics.
  const Options& options() const noexcept { return opt_; }
  Bitboard stones(int player) const noexcept { return stones_[player]; }
  Bitboard pits() const noexcept { return opt_.pits; }
  int character(int player) const noexcept { return char_sq_[player]; }
  int stone_moves_done() const noexcept { return stone_moves_; }
  bool character_moved() const noexcept { return char_moved_; }
  int turns_completed() const noexcept { return turns_; }
  int status() const noexcept { return status_; }  // kOngoing, 0 / 1 (winner) or kDraw
  // Times the current turn-boundary position occurred in the kept history (0 mid-turn).
  int repetitions() const noexcept;
  // Number of distinct complete-turn action sequences over `depth` turns (a game ending mid-sequence counts only
  // when it ends in the last turn), and the number of distinct positions after one turn.
  std::uint64_t perft_turns(int depth) const;
  std::uint64_t distinct_positions_after_turn() const;

  // Equal positions: stones, characters, pits, side to move, actions of the turn, turn counter, status, options.
  // The repetition history is not compared.
  bool operator==(const State& o) const noexcept {
    return stones_[0] == o.stones_[0] && stones_[1] == o.stones_[1] && char_sq_[0] == o.char_sq_[0] &&
           char_sq_[1] == o.char_sq_[1] && to_move_ == o.to_move_ && stone_moves_ == o.stone_moves_ &&
           char_moved_ == o.char_moved_ && turns_ == o.turns_ && status_ == o.status_ && opt_ == o.opt_;
  }

 private:
  struct Raw {};
  explicit State(Raw) noexcept {}
  void copy_from(const State& o) noexcept;

  Bitboard stone_targets(int from, Bitboard occupied) const noexcept;  // slide destinations of one stone
  Bitboard character_targets() const noexcept;                          // of the player to move
  Bitboard character_targets_of(int player) const noexcept;
  // Squares of `own` a character on `from` can move to: on its 8 rays, before the first `opp` stone (and, when
  // blocked_by_own, before the second own stone).
  static Bitboard character_reach(int from, Bitboard own, Bitboard opp, bool blocked_by_own) noexcept;
  // The first action of a win by arrival of player p with at most `stone_moves_left` stone moves before its
  // character move, on the board as it stands (tactics.cpp); arrival_by_search is the brute force over the stone
  // moves used with the option character_blocked_by_own, where own stones change the character's rays.
  Move arrival_line(int p, int stone_moves_left) const noexcept;
  Move arrival_by_search(int p, int stone_moves_left) const noexcept;
  // A slide of a stone of `movable` that ends on a square of `landing` (empty ones), given `occupied`.
  Move slide_onto(Bitboard landing, Bitboard movable, Bitboard occupied) const noexcept;
  // After action m, does every end of the current turn lose (at once, or to a win by arrival of the opponent in
  // its next turn)? every_turn_end_loses: the same for every action from here.
  bool loses_after(Move m) const noexcept;
  bool every_turn_end_loses() const noexcept;
  bool any_stone_move() const noexcept;
  bool any_action_left() const noexcept;
  // The hash's change by action m (not kEndTurn), and by the end of a turn after `stones` stone moves (the
  // character moved or not): shared by apply / end_turn and hash_after.
  std::uint64_t action_keys(Move m) const noexcept;
  static std::uint64_t turn_end_keys(int stones, bool moved) noexcept;
  void end_turn() noexcept;
  void check_turn_boundary() noexcept;  // status after a completed turn (rules listed at the top)
  void check_arrival() noexcept;        // win on arrival of either character
  void push_history() noexcept;
  int side_score(int player, Bitboard targets) const noexcept;  // targets: character_targets_of(player)
  template <class F>
  void for_each_turn_end(F&& f) const;

  Bitboard stones_[2] = {0, 0};
  Options opt_;
  std::uint64_t hash_ = 0;
  std::int8_t char_sq_[2] = {0, 0};
  std::int8_t to_move_ = 0;
  std::int8_t stone_moves_ = 0;  // stone moves done in the current turn (0..2)
  bool char_moved_ = false;      // character moved in the current turn
  std::int8_t status_ = kOngoing;
  std::int16_t turns_ = 0;  // completed turns
  std::int16_t history_len_ = 0;
  std::uint64_t history_[kMaxTurnsLimit + 1];  // turn-boundary keys; only [0, history_len_) is meaningful
};

static_assert(Game<State>);
static_assert(HasEvaluate<State>);
static_assert(HasRolloutPolicy<State>);
static_assert(HasTurnTactics<State>);

}  // namespace kofun::sensei
