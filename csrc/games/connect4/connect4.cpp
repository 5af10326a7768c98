#include "connect4.hpp"

#include <array>


namespace kofun::connect4 {
namespace {

constexpr Bitboard kBoardMask = [] {
  Bitboard b = 0;
  for (int c = 0; c < kWidth; ++c) b |= ((Bitboard{1} << kHeight) - 1) << (c * (kHeight + 1));
  return b;
}();

constexpr Bitboard kBottomRow = [] {
  Bitboard b = 0;
  for (int c = 0; c < kWidth; ++c) b |= Bitboard{1} << (c * (kHeight + 1));
  return b;
}();

}  // namespace

Bitboard State::playable() const noexcept { return (mask_ + kBottomRow) & kBoardMask; }

Move State::winning_move() const noexcept {
  if (is_terminal()) return kNoMove;
  const Bitboard w = winning_cells(mine_, mask_) & playable();
  return w ? static_cast<Move>(lsb(w) / (kHeight + 1)) : kNoMove;
}

void State::non_losing_moves(MoveList<kMaxMoves>& ml) const noexcept {
  ml.clear();
  if (is_terminal()) return;
  Bitboard options = playable();
  const Bitboard threats = winning_cells(mine_ ^ mask_, mask_);
  const Bitboard forced = options & threats;
  if (forced) {
    if (forced & (forced - 1)) return;  // two threats to answer at once: every move loses
    options = forced;
  }
  options &= ~(threats >> 1);  // never play just under an opponent's threat
  for (int col : detail::kCentreFirst)
    if (options & column_mask(col)) ml.push(static_cast<Move>(col));
}

int State::move_order(Move col) const noexcept {
  const Bitboard stone = stone_of(col);
  return popcount(winning_cells(mine_ | stone, mask_ | stone));
}

std::uint64_t State::hash_after(Move col) const noexcept {
  const Bitboard stone = stone_of(col);
  return hash_ ^ detail::kZobrist[to_move() * 64 + lsb(stone)];
}

std::uint64_t State::canonical_hash_after(Move col) const noexcept {
  const int i = to_move() * 64 + lsb(stone_of(col));
  const std::uint64_t h = hash_ ^ detail::kZobrist[i];
  return moves_ + 1 < kMirroredPlies ? std::min(h, mirror_hash_ ^ detail::kZobristMirror[i]) : h;
}

// Empty-or-not cells that would complete a four for `stones` (intersected with the board).
Bitboard State::winning_cells(Bitboard p, Bitboard mask) noexcept {
  // vertical
  Bitboard r = (p << 1) & (p << 2) & (p << 3);
  for (int s : {kHeight + 1, kHeight, kHeight + 2}) {
    Bitboard t = (p << s) & (p << 2 * s);
    r |= t & (p << 3 * s);
    r |= t & (p >> s);
    t = (p >> s) & (p >> 2 * s);
    r |= t & (p << s);
    r |= t & (p >> 3 * s);
  }
  return r & (kBoardMask ^ mask);
}

double State::returns(int player) const noexcept {
  if (winner_ < 0) return 0.0;
  return winner_ == player ? 1.0 : -1.0;
}

std::uint64_t State::recompute_hash() const noexcept {
  std::uint64_t h = 0;
  const Bitboard stones[2] = {to_move() == 0 ? mine_ : mine_ ^ mask_, to_move() == 0 ? mine_ ^ mask_ : mine_};
  for (int p = 0; p < 2; ++p)
    for (int sq : Bits{stones[p]}) h ^= detail::kZobrist[p * 64 + sq];
  return h;
}

int State::cell(int col, int row) const noexcept {
  const Bitboard b = bit(col * (kHeight + 1) + row);
  if (!(mask_ & b)) return -1;
  return (mine_ & b) ? to_move() : 1 - to_move();
}

std::string State::to_string() const {
  std::string s;
  for (int i = 0; i < moves_; ++i) {
    const std::uint64_t h = i < 21 ? history_ >> (3 * i) : history2_ >> (3 * (i - 21));
    s.push_back(static_cast<char>('1' + (h & 7)));
  }
  return s;
}

State State::parse(std::string_view s) {
  State st;
  if (s == "-") return st;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const std::string where = "connect4 position, character " + std::to_string(i + 1);
    if (c < '1' || c > '7')
      throw NotationError(where + ": expected a column digit 1-7, got '" + std::string(1, c) + "'");
    const int col = c - '1';
    if (st.is_terminal())
      throw NotationError(where + ": the game is already over (" +
                          (st.winner_ >= 0 ? std::string("four in a row") : std::string("board full")) + ")");
    if (!st.can_play(col)) throw NotationError(where + ": column " + std::string(1, c) + " is full");
    st.apply(static_cast<Move>(col));
  }
  return st;
}

std::string State::move_to_string(Move m) const { return std::string(1, static_cast<char>('1' + m)); }

Move State::parse_move(std::string_view s) const {
  if (s.size() != 1 || s[0] < '1' || s[0] > '7')
    throw NotationError("connect4 move: expected one column digit 1-7, got '" + std::string(s) + "'");
  const int col = s[0] - '1';
  if (is_terminal()) throw IllegalMoveError("connect4 move " + std::string(s) + ": the game is over");
  if (!can_play(col)) throw IllegalMoveError("connect4 move " + std::string(s) + ": column is full");
  return static_cast<Move>(col);
}

int State::evaluate() const noexcept {
  const Bitboard theirs = mine_ ^ mask_;
  const int own = popcount(winning_cells(mine_, mask_));
  const int opp = popcount(winning_cells(theirs, mask_));
  return 16 * (own - opp);
}

Move State::rollout_move(Rng& rng) const noexcept {
  MoveList<kMaxMoves> ml;
  legal_moves(ml);
  return ml[static_cast<int>(rng.below(static_cast<std::uint32_t>(ml.size())))];
}

}  // namespace kofun::connect4
