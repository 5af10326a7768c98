#include "sensei.hpp"

#include <algorithm>
#include <unordered_set>

#include "../../core/zobrist.hpp"
#include "blocking.hpp"
#include "zobrist_keys.hpp"

namespace kofun::sensei {

State::State(const Options& options) : opt_(options) {
  if (opt_.max_turns < 1 || opt_.max_turns > kMaxTurnsLimit)
    throw RuleOptionError("sensei option 'max_turns': must be in 1.." + std::to_string(kMaxTurnsLimit) + ", got " +
                          std::to_string(opt_.max_turns));
  if (opt_.pits & ~kBoardMask) throw RuleOptionError("sensei option 'pits': square outside the board");
  if (opt_.version == Version::kArashi) {
    stones_[0] = row_mask(0);
    stones_[1] = row_mask(6);
  } else {
    const Bitboard inner = row_mask(0) & ~col_mask(0) & ~col_mask(6);  // b..f
    const Bitboard outer = (col_mask(0) | col_mask(6)) & (row_mask(0) | row_mask(6));
    stones_[0] = inner | (outer & row_mask(6));
    stones_[1] = (inner << (6 * kSize)) | (outer & row_mask(0));
  }
  if (opt_.pits & (stones_[0] | stones_[1])) {
    const int sq = lsb(opt_.pits & (stones_[0] | stones_[1]));
    throw RuleOptionError("sensei option 'pits': " + square_name(sq) + " is a starting square of a stone");
  }
  char_sq_[0] = static_cast<std::int8_t>(square(3, 0));
  char_sq_[1] = static_cast<std::int8_t>(square(3, 6));
  hash_ = recompute_hash();
  check_turn_boundary();
}

void State::copy_from(const State& o) noexcept {
  stones_[0] = o.stones_[0];
  stones_[1] = o.stones_[1];
  opt_ = o.opt_;
  hash_ = o.hash_;
  char_sq_[0] = o.char_sq_[0];
  char_sq_[1] = o.char_sq_[1];
  to_move_ = o.to_move_;
  stone_moves_ = o.stone_moves_;
  char_moved_ = o.char_moved_;
  status_ = o.status_;
  turns_ = o.turns_;
  history_len_ = o.history_len_;
  std::copy_n(o.history_, history_len_, history_);
}

Bitboard State::stone_targets(int from, Bitboard occupied) const noexcept {
  if (opt_.version == Version::kShizukana) return kOrthNeighbours[from] & ~occupied;  // one square
  Bitboard t = 0;
  for (int d = 0; d < 4; ++d) t |= ray_through(from, d, occupied);  // slides until blocked
  return t & ~occupied;
}

Bitboard State::character_reach(int from, Bitboard own, Bitboard opp, bool blocked_by_own) noexcept {
  // On each ray: every own stone before the first opponent's stone, or (blocked_by_own) the first stone when it is
  // an own one.
  const Bitboard stop = blocked_by_own ? own | opp : opp;
  Bitboard t = 0;
  for (int d = 0; d < 8; ++d) t |= ray_through(from, d, stop);
  return t & own & ~opp;
}

Bitboard State::character_targets_of(int p) const noexcept {
  return character_reach(char_sq_[p], stones_[p], stones_[1 - p], opt_.character_blocked_by_own);
}

Bitboard State::character_targets() const noexcept { return character_targets_of(to_move_); }

bool State::any_stone_move() const noexcept {
  const Bitboard empty = ~(stones_[0] | stones_[1] | opt_.pits) & kBoardMask;
  const Bitboard movable = stones_[to_move_] & ~bit(char_sq_[to_move_]);
  return ((movable << kSize) & empty) || ((movable >> kSize) & empty) ||
         (((movable & ~col_mask(kSize - 1)) << 1) & empty) || (((movable & ~col_mask(0)) >> 1) & empty);
}

bool State::any_action_left() const noexcept {
  return (stone_moves_ < 2 && any_stone_move()) || (!char_moved_ && character_targets() != 0);
}

void State::legal_moves(MoveList<kMaxMoves>& ml) const noexcept {
  ml.clear();
  if (is_terminal()) return;
  const int p = to_move_;
  if (stone_moves_ < 2) {
    const Bitboard occupied = stones_[0] | stones_[1] | opt_.pits;
    for (int from : Bits{stones_[p] & ~bit(char_sq_[p])})
      for (int to : Bits{stone_targets(from, occupied)}) ml.push(make_stone_move(from, to));
  }
  if (!char_moved_)
    for (int to : Bits{character_targets()}) ml.push(make_character_move(char_sq_[p], to));
  // Mid-turn states always have another action left (otherwise the turn would have ended automatically).
  if (stone_moves_ > 0 || char_moved_) ml.push(kEndTurn);
}

void State::apply(Move m) noexcept {
  if (m == kEndTurn) {
    end_turn();
    return;
  }
  const int p = to_move_, from = move_from(m), to = move_to(m);
  hash_ ^= action_keys(m);
  if (is_character_move(m)) {
    char_sq_[p] = static_cast<std::int8_t>(to);
    char_moved_ = true;
    if (row_of(to) == goal_row(p)) {
      status_ = static_cast<std::int8_t>(p);
      return;
    }
  } else {
    stones_[p] ^= bit(from) | bit(to);
    ++stone_moves_;
  }
  if (!any_action_left()) end_turn();
}

std::uint64_t State::action_keys(Move m) const noexcept {
  const int p = to_move_, from = move_from(m), to = move_to(m);
  if (is_character_move(m))
    return kKeys[character_key(p, from)] ^ kKeys[character_key(p, to)] ^ kKeys[kCharacterMovedKey];
  return kKeys[stone_key(p, from)] ^ kKeys[stone_key(p, to)] ^ stone_moves_hash(stone_moves_) ^
         stone_moves_hash(stone_moves_ + 1);
}

std::uint64_t State::turn_end_keys(int stones, bool moved) noexcept {
  return stone_moves_hash(stones) ^ (moved ? kKeys[kCharacterMovedKey] : 0) ^ kKeys[kSideKey];
}

std::uint64_t State::hash_after(Move m) const noexcept {
  if (m == kEndTurn) return hash_ ^ turn_end_keys(stone_moves_, char_moved_);
  const std::uint64_t h = hash_ ^ action_keys(m);
  // The turn ends when the counts leave no action: both stone moves and the character's made (a character that
  // arrives wins the game instead).
  if (is_character_move(m))
    return stone_moves_ >= 2 && row_of(move_to(m)) != goal_row(to_move_) ? h ^ turn_end_keys(stone_moves_, true) : h;
  return stone_moves_ + 1 >= 2 && char_moved_ ? h ^ turn_end_keys(stone_moves_ + 1, true) : h;
}

void State::end_turn() noexcept {
  hash_ ^= turn_end_keys(stone_moves_, char_moved_);
  stone_moves_ = 0;
  char_moved_ = false;
  to_move_ ^= 1;
  ++turns_;
  check_turn_boundary();
}

void State::push_history() noexcept {
  if (opt_.threefold_draw && history_len_ <= kMaxTurnsLimit) history_[history_len_++] = hash_;
}

int State::repetitions() const noexcept {
  if (stone_moves_ || char_moved_ || !opt_.threefold_draw) return 0;
  int n = 0;
  for (int i = history_len_ - 1; i >= 0; i -= 2) n += history_[i] == hash_;  // same side to move: every 2nd key
  return n;
}

void State::check_turn_boundary() noexcept {
  push_history();
  const int mover = 1 - to_move_;
  if (loses_by_blocking(stones_[mover], stones_[to_move_], opt_.pits))
    status_ = static_cast<std::int8_t>(to_move_);
  else if (loses_by_blocking(stones_[to_move_], stones_[mover], opt_.pits))
    status_ = static_cast<std::int8_t>(mover);
  else if (turns_ >= opt_.max_turns || repetitions() >= 3)
    status_ = kDraw;
  else if (!any_action_left())
    status_ = static_cast<std::int8_t>(mover);
}

void State::check_arrival() noexcept {
  for (int p = 0; p < 2; ++p)
    if (row_of(char_sq_[p]) == goal_row(p)) status_ = static_cast<std::int8_t>(p);
}

double State::returns(int player) const noexcept {
  if (status_ == kOngoing || status_ == kDraw) return 0.0;
  return status_ == player ? 1.0 : -1.0;
}

std::uint64_t State::recompute_hash() const noexcept {
  std::uint64_t h = 0;
  for (int p = 0; p < 2; ++p) {
    for (int sq : Bits{stones_[p]}) h ^= kKeys[stone_key(p, sq)];
    h ^= kKeys[character_key(p, char_sq_[p])];
  }
  for (int sq : Bits{opt_.pits}) h ^= kKeys[pit_key(sq)];
  if (to_move_) h ^= kKeys[kSideKey];
  h ^= stone_moves_hash(stone_moves_);
  if (char_moved_) h ^= kKeys[kCharacterMovedKey];
  return h;
}

// Evaluation terms per player: character rows advanced (x60), own stones on the goal row (landing squares, x50),
// stone rows advanced (x4), character mobility (x6), and a threat bonus when the character can reach the goal
// row with its next character move (x400). The player to move who can still move the character onto the goal
// row this turn has a won position (+3000). All terms stay far inside kEvalBound.
int State::side_score(int p, Bitboard targets) const noexcept {
  const auto advance = [p](int row) { return p == 0 ? row : kSize - 1 - row; };
  int stone_rows = 0;
  for (int sq : Bits{stones_[p]}) stone_rows += advance(row_of(sq));
  const Bitboard goal = row_mask(goal_row(p));
  return 60 * advance(row_of(char_sq_[p])) + 50 * popcount(stones_[p] & goal) + 4 * stone_rows +
         6 * popcount(targets) + ((targets & goal) ? 400 : 0);
}

int State::evaluate() const noexcept {
  const int p = to_move_;
  const Bitboard mine = character_targets_of(p);  // once: the side's terms and the won-position test read it
  int v = side_score(p, mine) - side_score(1 - p, character_targets_of(1 - p));
  if (!char_moved_ && (mine & row_mask(goal_row(p)))) v += 3000;
  return v;
}

Move State::rollout_move(Rng& rng) const noexcept {
  const int p = to_move_;
  if (!char_moved_) {
    const Bitboard win = character_targets() & row_mask(goal_row(p));
    if (win) return make_character_move(char_sq_[p], lsb(win));
  }
  MoveList<kMaxMoves> ml;
  legal_moves(ml);
  return ml[static_cast<int>(rng.below(static_cast<std::uint32_t>(ml.size())))];
}

template <class F>
void State::for_each_turn_end(F&& f) const {
  MoveList<kMaxMoves> ml;
  legal_moves(ml);
  for (Move m : ml) {
    State c = *this;
    c.apply(m);
    if (c.is_terminal() || c.to_move_ != to_move_)
      f(c);
    else
      c.for_each_turn_end(f);
  }
}

std::uint64_t State::perft_turns(int depth) const {
  if (depth <= 0) return 1;
  if (is_terminal()) return 0;
  std::uint64_t n = 0;
  for_each_turn_end([&](const State& s) { n += depth == 1 ? 1 : s.perft_turns(depth - 1); });
  return n;
}

std::uint64_t State::distinct_positions_after_turn() const {
  if (is_terminal()) return 0;
  std::unordered_set<std::uint64_t> keys;
  for_each_turn_end([&](const State& s) { keys.insert(s.hash()); });
  return keys.size();
}

}  // namespace kofun::sensei
