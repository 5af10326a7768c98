// Connect Four, 7 columns x 6 rows: the reference game used to measure the search code against other engines.
//
// Bit layout (as in the classic bitboard solvers): column c occupies bits 7c .. 7c+5 (row 0 at the bottom), bit
// 7c+6 is an always-empty sentinel so that alignment shifts never wrap. `mine_` holds the stones of the player
// to move, `mask_` all stones. Player 0 moves first.
//
// Moves: the column index 0..6. Notation: a position is the sequence of columns played, digits '1'..'7'
// (the public test-set notation; "" or "-" is the empty board); a move is one digit.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "../../core/bitboard.hpp"
#include "../../core/game.hpp"
#include "../../core/zobrist.hpp"

namespace kofun::connect4 {

inline constexpr int kWidth = 7;
inline constexpr int kHeight = 6;
inline constexpr int kCells = kWidth * kHeight;

namespace detail {
inline constexpr auto kZobrist = zobrist_table<128>(0xC4);  // keys indexed by player * 64 + bit
// The same keys for the mirror image: bit 7c + r stands for column 6 - c (bits outside the board keep their key).
constexpr std::array<std::uint64_t, 128> mirror_keys() {
  std::array<std::uint64_t, 128> m{};
  for (int i = 0; i < 128; ++i) {
    const int b = i % 64, c = b / 7, r = b % 7;
    m[static_cast<std::size_t>(i)] = kZobrist[static_cast<std::size_t>(c < 7 ? i - b + 7 * (6 - c) + r : i)];
  }
  return m;
}
inline constexpr auto kZobristMirror = mirror_keys();
inline constexpr int kCentreFirst[kWidth] = {3, 2, 4, 1, 5, 0, 6};

// For each set of open columns (bit c: column c is not full): how many there are and the open ones in centre-first
// order, i.e. the list legal_moves makes; random_move picks from it without building the list.
struct OpenColumns {
  std::uint8_t count;
  std::uint8_t cols[kWidth];
};
constexpr std::array<OpenColumns, 128> open_columns_table() {
  std::array<OpenColumns, 128> t{};
  for (unsigned open = 0; open < 128; ++open)
    for (int col : kCentreFirst)
      if (open & (1u << col)) t[open].cols[t[open].count++] = static_cast<std::uint8_t>(col);
  return t;
}
inline constexpr auto kOpenColumns = open_columns_table();
}  // namespace detail

class State {
 public:
  static constexpr int kMaxPlayers = 2;
  int num_players() const { return 2; }
  static constexpr int kMaxMoves = kWidth;
  static constexpr bool kWinsOnOwnMove = true;  // turns alternate; only the player who just moved can win

  State() = default;

  int to_move() const noexcept { return moves_ & 1; }
  bool is_terminal() const noexcept { return winner_ >= 0 || moves_ == kCells; }
  void legal_moves(MoveList<kMaxMoves>& ml) const noexcept;
  void apply(Move col) noexcept;
  double returns(int player) const noexcept;
  std::uint64_t hash() const noexcept { return hash_; }
  std::uint64_t recompute_hash() const noexcept;

  std::string to_string() const;
  static State parse(std::string_view s);
  std::string move_to_string(Move m) const;
  Move parse_move(std::string_view s) const;

  int evaluate() const noexcept;
  int remaining_plies_bound() const noexcept { return is_terminal() ? 0 : kCells - moves_; }
  Move rollout_move(Rng& rng) const noexcept;
  // The move legal_moves(ml) followed by ml[rng.below(ml.size())] would pick, without the list (random playouts).
  Move random_move(Rng& rng) const noexcept;

  // Tactical hooks (core/game.hpp), as in the dedicated solvers: a winning column, the columns that neither leave
  // an immediate threat unanswered nor play under one, and the order "most new threats first".
  Move winning_move() const noexcept;
  void non_losing_moves(MoveList<kMaxMoves>& ml) const noexcept;
  int move_order(Move col) const noexcept;
  std::uint64_t hash_after(Move col) const noexcept;
  // The mirror image (columns 1..7 read as 7..1) has the same value: proofs share its table entries (core/game.hpp)
  // in the first kMirroredPlies plies, where a position's mirror image is often met in the same proof (under a
  // symmetric root, every line has its mirror line); later the images are rare and each is hashed as itself.
  static constexpr int kMirroredPlies = 24;
  bool mirrored() const noexcept { return moves_ < kMirroredPlies && mirror_hash_ < hash_; }
  std::uint64_t canonical_hash() const noexcept { return mirrored() ? mirror_hash_ : hash_; }
  Move canonical_move(Move col) const noexcept {
    return mirrored() ? static_cast<Move>(kWidth - 1 - static_cast<int>(col)) : col;
  }
  Move move_from_canonical(Move col) const noexcept { return canonical_move(col); }
  std::uint64_t canonical_hash_after(Move col) const noexcept;

  // Connect Four specifics.
  int moves_played() const noexcept { return moves_; }
  int winner() const noexcept { return winner_; }  // -1 while nobody has four in a row
  bool can_play(int col) const noexcept { return (mask_ & top_mask(col)) == 0; }
  // Cell contents for display: -1 empty, else the player index. row 0 is the bottom row.
  int cell(int col, int row) const noexcept;

  bool operator==(const State& o) const noexcept {
    return mine_ == o.mine_ && mask_ == o.mask_ && moves_ == o.moves_;
  }

 private:
  static constexpr Bitboard top_mask(int col) noexcept { return bit(kHeight - 1 + col * (kHeight + 1)); }
  static constexpr Bitboard bottom_mask(int col) noexcept { return bit(col * (kHeight + 1)); }
  static constexpr Bitboard column_mask(int col) noexcept {
    return ((Bitboard{1} << kHeight) - 1) << (col * (kHeight + 1));
  }
  Bitboard playable() const noexcept;  // the cell each non-full column would take
  // The cell a stone dropped in `col` takes (the column is not full).
  Bitboard stone_of(Move col) const noexcept {
    return (mask_ + bottom_mask(static_cast<int>(col))) & column_mask(static_cast<int>(col));
  }
  // Bit c set when column c is not full: the top cells (bits 7c + 5) of the empty columns gathered into bits 0-6
  // by one multiplication (bit 7c lands on 42 + c through the term 2^(6(7 - c)); no two terms meet, so no carries).
  unsigned open_columns() const noexcept {
    constexpr Bitboard kTops = 0x810204081020ULL;  // bits 5, 12, ..., 47
    constexpr Bitboard kGather = 0x41041041040ULL;  // 2^6 + 2^12 + ... + 2^42
    return static_cast<unsigned>(((((~mask_ & kTops) >> (kHeight - 1)) * kGather) >> 42) & 0x7F);
  }
  static bool has_four(Bitboard b) noexcept;
  static Bitboard winning_cells(Bitboard stones, Bitboard mask) noexcept;

  Bitboard mine_ = 0;
  Bitboard mask_ = 0;
  std::uint64_t hash_ = 0;
  std::uint64_t mirror_hash_ = 0;  // hash() of the mirror image
  std::uint64_t history_ = 0;  // 3 bits per move for the first 21 moves ...
  std::uint64_t history2_ = 0; // ... and the last 21 (keeps the notation of the played sequence)
  std::int8_t moves_ = 0;
  std::int8_t winner_ = -1;
};

// The moves of every search and playout, inline: out of line they were 15-20% of an MCTS iteration's time.
inline bool State::has_four(Bitboard b) noexcept {
  for (int shift : {1, kHeight + 1, kHeight, kHeight + 2}) {
    const Bitboard m = b & (b >> shift);
    if (m & (m >> (2 * shift))) return true;
  }
  return false;
}

inline void State::legal_moves(MoveList<kMaxMoves>& ml) const noexcept {
  ml.clear();
  if (is_terminal()) return;
  // Centre-first order helps alpha-beta; perft and MCTS do not care about the order.
  for (int col : detail::kCentreFirst)
    if (can_play(col)) ml.push(static_cast<Move>(col));
}

inline Move State::random_move(Rng& rng) const noexcept {
  const detail::OpenColumns& open = detail::kOpenColumns[open_columns()];
  return open.cols[rng.below(open.count)];
}

inline void State::apply(Move col) noexcept {
  const Bitboard new_stone = stone_of(col);
  const int player = to_move();
  hash_ ^= detail::kZobrist[player * 64 + lsb(new_stone)];
  mirror_hash_ ^= detail::kZobristMirror[player * 64 + lsb(new_stone)];
  const Bitboard mover = mine_ | new_stone;
  mask_ |= new_stone;
  if (moves_ < 21)
    history_ |= static_cast<std::uint64_t>(col) << (3 * moves_);
  else
    history2_ |= static_cast<std::uint64_t>(col) << (3 * (moves_ - 21));
  ++moves_;
  if (has_four(mover)) winner_ = static_cast<std::int8_t>(player);
  mine_ = mover ^ mask_;  // the opponent's stones become "mine" for the new player to move
}

}  // namespace kofun::connect4
