#include "haniwa.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "../../core/errors.hpp"
#include "../../core/rng.hpp"

namespace kofun::haniwa {
namespace {

// Zobrist keys are drawn lazily: the key of (feature, value) is a splitmix64 hash of both, i.e. a fixed random
// table that is never stored. Features: 0..23 cells, 32..79 stock slots, 100.. aggregated small fields.
constexpr std::uint64_t zkey(std::uint64_t feature, std::uint64_t value) noexcept {
  std::uint64_t x = 0x68616E6977612D7AULL ^ (feature << 56) ^ (feature * 0x9E3779B97F4A7C15ULL) ^ value;
  return splitmix64(x);
}

// The keys of the cells (feature i < kMaxCells, every 8-bit cell code) and of the stock slots (feature 32 + j, every
// 4-bit kind), tabulated at compile time: a move updates the hash by table reads instead of four splitmix64 hashes.
struct ZobristTable {
  std::array<std::array<std::uint64_t, 256>, kMaxCells> cell{};
  std::array<std::array<std::uint64_t, 16>, kMaxStock> stock{};
};

constexpr ZobristTable make_zobrist_table() noexcept {
  ZobristTable t;
  for (int i = 0; i < kMaxCells; ++i)
    for (int v = 0; v < 256; ++v) t.cell[i][v] = zkey(static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(v));
  for (int j = 0; j < kMaxStock; ++j)
    for (int v = 0; v < 16; ++v)
      t.stock[j][v] = zkey(32 + static_cast<std::uint64_t>(j), static_cast<std::uint64_t>(v));
  return t;
}

constexpr ZobristTable kZobrist = make_zobrist_table();
static_assert(kZobrist.cell[3][77] == zkey(3, 77) && kZobrist.stock[5][9] == zkey(37, 9));

template <std::size_t N>
std::uint64_t pack(const std::array<std::uint8_t, N>& a) noexcept {
  static_assert(N <= 8);
  std::uint64_t v = 0;
  std::memcpy(&v, a.data(), N);
  return v;
}

constexpr int kDoguPoints[4] = {0, 2, 4, 8};

}  // namespace

const char* solo_rank(int score) noexcept {
  if (score >= 60) return "perfect";
  if (score >= 50) return "master";
  if (score >= 40) return "veteran";
  if (score >= 30) return "junior";
  return "beginner";
}

State State::setup(int rules_id, std::span<const std::uint8_t> stock, std::array<int, kColours> dice, int first,
                   std::uint32_t reshuffle) {
  if (rules_id < 0 || rules_id >= kMaxRules) throw RuleOptionError("haniwa: unknown rules id");
  const Rules& r = rules_by_id(rules_id);
  if (static_cast<int>(stock.size()) != r.total_tiles())
    throw RuleOptionError("haniwa setup: the stock has " + std::to_string(stock.size()) + " tiles, the tile set " +
                          std::to_string(r.total_tiles()));
  std::array<int, kKinds> counts{};
  for (auto k : stock) {
    if (k >= kKinds) throw RuleOptionError("haniwa setup: stock tile kind " + std::to_string(k) + " is not 0..11");
    ++counts[k];
  }
  for (int k = 0; k < kKinds; ++k)
    if (counts[k] != r.tile_counts[k]) throw RuleOptionError("haniwa setup: the stock is not the rules' tile set");
  for (int d : dice)
    if (d < 1 || d > 6) throw RuleOptionError("haniwa setup: die value " + std::to_string(d) + " is not 1..6");
  if (first < 0 || first >= r.players)
    throw RuleOptionError("haniwa setup: first player " + std::to_string(first) + " out of range");

  State s;
  s.rules_id_ = static_cast<std::uint8_t>(rules_id);
  s.cells_.fill(kEmptyCell);
  s.stock_.fill(0xFF);
  for (std::size_t j = 0; j < stock.size(); ++j) s.set_stock(static_cast<int>(j), stock[j]);  // hash set below
  for (auto& h : s.hands_) h.fill(kNoTile);
  for (int c = 0; c < kColours; ++c) s.dice_[c] = static_cast<std::uint8_t>(dice[c]);
  s.discards_.fill(0xFF);
  s.first_ = static_cast<std::uint8_t>(first);
  s.to_move_ = s.first_;
  s.reshuffle_ = r.rounds == 2 ? reshuffle : 0;
  s.hash_ = s.recompute_hash() ^ s.aggregate_hash();
  for (int p = 0; p < r.players; ++p)
    for (int i = 0; i < r.hand_size(); ++i) s.draw_into(p);
  return s;
}

State State::deal(int rules_id, std::uint64_t seed) {
  if (rules_id < 0 || rules_id >= kMaxRules) throw RuleOptionError("haniwa: unknown rules id");
  const Rules& r = rules_by_id(rules_id);
  Rng rng(seed);
  std::array<std::uint8_t, kMaxStock> stock{};
  int n = 0;
  for (int k = 0; k < kKinds; ++k)
    for (int i = 0; i < r.tile_counts[k]; ++i) stock[n++] = static_cast<std::uint8_t>(k);
  for (int i = n - 1; i > 0; --i) std::swap(stock[i], stock[rng.below(static_cast<std::uint32_t>(i + 1))]);
  std::array<int, kColours> dice{1, 1, 1, 1};
  if (r.solo() || r.start_dice == StartDice::kRolled)
    for (int& d : dice) d = static_cast<int>(rng.below(6)) + 1;
  const int first = static_cast<int>(rng.below(static_cast<std::uint32_t>(r.players)));
  const auto reshuffle = static_cast<std::uint32_t>(rng.next() >> 32);
  return setup(rules_id, std::span<const std::uint8_t>(stock.data(), n), dice, first, reshuffle);
}

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

int State::hand_size(int player) const noexcept {
  int n = 0;
  for (auto k : hands_[player]) n += k != kNoTile;
  return n;
}

int State::discards_used(int player) const noexcept {
  int n = 0;
  for (auto d : discards_) n += d != 0xFF && (d >> 4) == player;
  return n;
}

bool State::reserve_empty() const noexcept {
  const int n = rules().num_kofun;
  for (int k = 0; k < n; ++k)
    if (kofun_[k] == 0) return false;
  return true;
}

void State::set_cell(int i, std::uint8_t code) noexcept {
  hash_ ^= kZobrist.cell[i][cells_[i]] ^ kZobrist.cell[i][code];
  cells_[i] = code;
}

void State::set_stock(int j, int kind) noexcept {
  hash_ ^= kZobrist.stock[j][stock_at(j)] ^ kZobrist.stock[j][kind];
  const int shift = (j & 1) * 4;
  stock_[j >> 1] = static_cast<std::uint8_t>((stock_[j >> 1] & ~(15 << shift)) | kind << shift);
}

// Draws the next stock tile into `player`'s hand (nothing when the stock is empty). Hands stay sorted.
void State::draw_into(int player) noexcept {
  if (stock_pos_ >= rules().total_tiles()) return;
  const auto k = static_cast<std::uint8_t>(stock_at(stock_pos_));
  set_stock(stock_pos_++, kNoTile);
  auto& h = hands_[player];
  int i = hand_size(player);  // the first free slot
  while (i > 0 && h[i - 1] > k) {
    h[i] = h[i - 1];
    --i;
  }
  h[i] = k;
}

void State::remove_from_hand(int player, int kind) noexcept {
  auto& h = hands_[player];
  int i = 0;
  while (h[i] != kind) ++i;
  for (; i < kHandSize - 1; ++i) h[i] = h[i + 1];
  h[kHandSize - 1] = kNoTile;
}

void State::effective(std::uint8_t code, int& colour, int& power) const noexcept {
  const int k = cell_kofun(code);
  if (k >= 0) {
    colour = rules().kofun_colours[k];
    power = kKofunPower;
  } else {
    colour = colour_of(cell_kind(code));
    power = power_of(cell_kind(code));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Move generation

void State::legal_cells(int player, std::array<int, 12>& out, int& n) const noexcept {
  n = 0;
  const Rules& r = rules();
  if (!r.solo()) {
    for (int i = 0; i < 12; ++i)
      if (cell_empty(cells_[zone_base(player) + i])) out[n++] = i;
  } else if (r.solo_fill == SoloFill::kColumn) {
    for (int c = 0; c < kZoneColumns; ++c)
      for (int row = 0; row < 6; ++row)
        if (cell_empty(cells_[row * 4 + c])) {
          out[n++] = row * 4 + c;
          break;
        }
  } else {
    const int row = placed_ / 4;
    for (int c = 0; c < kZoneColumns; ++c)
      if (row < 6 && cell_empty(cells_[row * 4 + c])) out[n++] = row * 4 + c;
  }
}

void State::legal_moves(MoveList<kMaxMoves>& ml) const noexcept {
  ml.clear();
  const Rules& r = rules();
  const int p = to_move_;
  if (phase_ == static_cast<std::uint8_t>(Phase::kChooseKofun)) {
    int seen = 0;
    for (int k = 0; k < r.num_kofun; ++k)
      if (kofun_[k] == 0 && !(seen >> r.kofun_colours[k] & 1)) {
        seen |= 1 << r.kofun_colours[k];
        ml.push(take_move(r.kofun_colours[k]));
      }
    return;
  }
  if (phase_ != static_cast<std::uint8_t>(Phase::kPlace)) return;
  const auto& hand = hands_[p];
  const bool can_discard = !(turn_flags_ & kTurnDiscarded) && discards_used(p) < r.max_discards() &&
                           stock_pos_ < r.total_tiles();
  int kofun_mask = 0;  // colours of the mover's team's unused Kofun
  if (!(turn_flags_ & kTurnKofun))
    for (int k = 0; k < r.num_kofun; ++k)
      if (kofun_[k] == 1 + team(p)) kofun_mask |= 1 << r.kofun_colours[k];
  const bool face_down = !r.solo() && team(p) == team(first_) && !(game_flags_ & kGameFaceDown);
  std::array<int, 12> cells;
  int n_cells;
  legal_cells(p, cells, n_cells);
  for (int i = 0; i < kHandSize; ++i) {
    const int kind = hand[i];
    if (kind == kNoTile) break;
    if (i > 0 && hand[i - 1] == kind) continue;
    if (can_discard) ml.push(discard_move(kind));
    for (int j = 0; j < n_cells; ++j) {
      ml.push(place_move(kind, cells[j], PlaceMode::kNormal));
      if (face_down) ml.push(place_move(kind, cells[j], PlaceMode::kFaceDown));
      for (int c = 0; c < kKofunColours; ++c)
        if (kofun_mask >> c & 1) ml.push(place_move(kind, cells[j], PlaceMode::kKofun, c));
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Playing moves

bool State::dice_check(int cell) noexcept {
  int colour, power;
  effective(cells_[cell], colour, power);
  const int column = cell % kZoneColumns;
  if (colour != column) return false;  // brown (4) never matches
  int d = dice_[column] + power;
  const bool passed = d > 6;
  if (passed) d -= 6;
  dice_[column] = static_cast<std::uint8_t>(d);
  return passed;
}

void State::dogu_check(int cell) noexcept {
  const int row_start = cell - cell % kZoneColumns;
  int total = 0;
  for (int i = row_start; i < row_start + kZoneColumns; ++i) {
    const std::uint8_t c = cells_[i];
    if (cell_empty(c) || cell_face_down(c)) return;  // row not full, or a tile of it still hidden
    int colour, power;
    effective(c, colour, power);
    total += power;
  }
  const int d = row_start / kZoneColumns;  // zone * 3 + row (2 players) or row (solo)
  if (total == 8)
    dogu_[d] = kAwake;
  else if (total > 8 && !rules().solo())
    dogu_[d] = kCursed;
}

void State::apply(Move m) noexcept {
  const Rules& r = rules();
  const int p = to_move_;
  switch (move_type(m)) {
    case MoveType::kDiscard: {
      const int kind = move_kind(m);
      remove_from_hand(p, kind);
      int slot = 0;
      while (discards_[slot] != 0xFF) ++slot;
      discards_[slot] = static_cast<std::uint8_t>(kind | p << 4);
      turn_flags_ |= kTurnDiscarded;
      draw_into(p);
      break;
    }
    case MoveType::kPlace: {
      const int kind = move_kind(m);
      const int cell = zone_base(p) + move_cell(m);
      remove_from_hand(p, kind);
      int kofun = -1;
      const PlaceMode mode = move_mode(m);
      if (mode == PlaceMode::kKofun) {
        const int colour = move_kofun_colour(m);
        kofun = 0;
        while (!(kofun_[kofun] == 1 + team(p) && r.kofun_colours[kofun] == colour)) ++kofun;
        kofun_[kofun] |= 4;
        turn_flags_ |= kTurnKofun;
      }
      const bool face_down = mode == PlaceMode::kFaceDown;
      if (face_down) game_flags_ |= kGameFaceDown;
      set_cell(cell, make_cell(kind, kofun, face_down));
      ++placed_;
      bool passed = false;
      if (!face_down) {
        passed = dice_check(cell);
        dogu_check(cell);
      }
      // Turn steps 3 then 5 (haniwa.md): a die past 6 offers a Kofun first; the hand is drawn back up to its size
      // at the end of the turn, after that choice, so the chooser never sees the next stock tile.
      if (!r.solo() && !(passed && !reserve_empty())) draw_into(p);
      after_placement(passed);
      break;
    }
    case MoveType::kTake: {
      const int colour = move_take_colour(m);
      int k = 0;
      while (!(kofun_[k] == 0 && r.kofun_colours[k] == colour)) ++k;
      kofun_[k] = static_cast<std::uint8_t>(1 + team(p));
      // The end of the turn: draw back up (a position written before the choice drew first is already full).
      if (!r.solo())
        while (hand_size(p) < r.hand_size() && stock_pos_ < r.total_tiles()) draw_into(p);
      finish_turn();
      break;
    }
  }
}

void State::after_placement(bool passed_six) noexcept {
  if (passed_six && !reserve_empty()) {
    phase_ = static_cast<std::uint8_t>(Phase::kChooseKofun);
    return;
  }
  finish_turn();
}

// Ends the current placement (and its Kofun choice): next player, next solo turn, or the end of the game.
void State::finish_turn() noexcept {
  phase_ = static_cast<std::uint8_t>(Phase::kPlace);
  const Rules& r = rules();
  if (r.solo()) {
    if (placed_ == kMaxCells) {
      phase_ = static_cast<std::uint8_t>(Phase::kOver);
      turn_placed_ = 0;
      turn_flags_ = 0;
      return;
    }
    if (++turn_placed_ == kHandSize) {
      turn_placed_ = 0;
      turn_flags_ = 0;
      for (int i = 0; i < kHandSize; ++i) draw_into(0);
    }
    return;
  }
  if (placed_ < kMaxCells) {
    to_move_ = static_cast<std::uint8_t>((to_move_ + 1) % r.players);
    turn_flags_ = 0;
    return;
  }
  // Both zones are full: reveal the face-down tile once, then the game is over.
  turn_flags_ = 0;
  if ((game_flags_ & kGameFaceDown) && !(game_flags_ & kGameRevealed)) {
    game_flags_ |= kGameRevealed;
    to_move_ = first_;
    for (int i = 0; i < kMaxCells; ++i)
      if (cell_face_down(cells_[i])) {
        set_cell(i, static_cast<std::uint8_t>(cells_[i] & ~kFaceDownBit));
        const bool passed = dice_check(i);
        dogu_check(i);
        if (passed && !reserve_empty()) {
          phase_ = static_cast<std::uint8_t>(Phase::kChooseKofun);
          return;
        }
        break;
      }
  }
  if (r.rounds == 2 && round_ == 0) {
    start_second_round();
    return;
  }
  phase_ = static_cast<std::uint8_t>(Phase::kOver);
}

void State::start_second_round() noexcept {
  const Rules& r = rules();
  earlier_[0] = static_cast<std::uint8_t>(score(0));
  earlier_[1] = static_cast<std::uint8_t>(score(1));
  const int top = *std::max_element(dice_.begin(), dice_.end());
  vip_ = 0;
  for (int c = 0; c < kColours; ++c)
    if (dice_[c] == top) vip_ |= static_cast<std::uint8_t>(1 << c);
  // Placed tiles (also under Kofun), discards and the rest of the stock form the new stock, shuffled.
  std::array<int, kKinds> count{};
  for (int i = 0; i < kMaxCells; ++i)
    if (!cell_empty(cells_[i])) {
      ++count[cell_kind(cells_[i])];
      set_cell(i, kEmptyCell);
    }
  for (auto& d : discards_)
    if (d != 0xFF) {
      ++count[d & 15];
      d = 0xFF;
    }
  const int total = r.total_tiles();
  for (int j = stock_pos_; j < total; ++j) ++count[stock_at(j)];
  std::array<std::uint8_t, kMaxStock> fresh;
  int m = 0;
  for (int k = 0; k < kKinds; ++k)
    for (int i = 0; i < count[k]; ++i) fresh[m++] = static_cast<std::uint8_t>(k);
  Rng rng(reshuffle_);
  for (int i = m - 1; i > 0; --i) std::swap(fresh[i], fresh[rng.below(static_cast<std::uint32_t>(i + 1))]);
  for (int j = 0; j < total; ++j) {
    const std::uint8_t v = j < total - m ? kNoTile : fresh[j - (total - m)];
    set_stock(j, v);
  }
  stock_pos_ = static_cast<std::uint8_t>(total - m);
  for (auto& d : dice_) d = r.start_dice == StartDice::kRolled ? static_cast<std::uint8_t>(rng.below(6) + 1) : 1;
  dogu_.fill(kAsleep);
  for (int k = 0; k < r.num_kofun; ++k) kofun_[k] = 0;
  game_flags_ = 0;
  turn_flags_ = 0;
  placed_ = 0;
  round_ = 1;
  first_ = static_cast<std::uint8_t>((first_ + 1) % r.players);
  to_move_ = first_;
  phase_ = static_cast<std::uint8_t>(Phase::kPlace);
  for (int p = 0; p < r.players; ++p)
    while (hand_size(p) < r.hand_size() && stock_pos_ < total) draw_into(p);
}

// ---------------------------------------------------------------------------------------------------------------
// Scoring

ScoreBreakdown State::breakdown(int player) const noexcept {
  ScoreBreakdown b;
  const Rules& r = rules();
  const int n = r.num_kofun;
  const int t = r.solo() ? 0 : team(player);
  for (int k = 0; k < n; ++k) b.kofun_points += kofun_owner(k) == t;
  if (r.solo()) {
    for (int c = 0; c < kColours; ++c) {
      b.column_points[c] = r.solo_dice_score ? dice_[c] : 0;  // the dice alone score nothing (rules)
      int run = 0, best = 0;
      for (int row = 0; row < 6; ++row) {
        const std::uint8_t code = cells_[row * 4 + c];
        int colour = -1, power = 0;
        if (!cell_empty(code)) effective(code, colour, power);
        run = colour == c ? run + 1 : 0;
        best = std::max(best, run);
      }
      if (best >= 3) b.smile_points[c] = 2 * dice_[c];
    }
    for (int row = 0; row < 6; ++row) b.awake_dogu += dogu_[row] == kAwake;
    b.dogu_points = 2 * b.awake_dogu;
  } else {
    struct Key {
      int total, colour_power, colour_count;
    };
    for (int c = 0; c < kColours; ++c) {
      Key key[2]{};
      for (int z = 0; z < 2; ++z)
        for (int row = 0; row < 3; ++row) {
          const std::uint8_t code = cells_[z * 12 + row * 4 + c];
          if (cell_empty(code)) continue;
          int colour, power;
          effective(code, colour, power);
          key[z].total += power;
          if (colour == c) {
            key[z].colour_power += power;
            ++key[z].colour_count;
          }
        }
      const int die_points = (vip_ >> c & 1) ? 2 * dice_[c] : dice_[c];
      auto order = [&](const Key& k) {
        return r.comparison == Comparison::kStandard
                   ? std::array<int, 3>{k.total, k.colour_power, k.colour_count}
                   : std::array<int, 3>{k.colour_count, k.colour_power, k.total};
      };
      const auto mine = order(key[t]), theirs = order(key[1 - t]);
      if (mine > theirs) {
        b.won[c] = true;
        b.column_points[c] = die_points;
        if (key[t].colour_count == 3) b.smile_points[c] = 2;
      }
    }
    for (int row = 0; row < 3; ++row) {
      b.awake_dogu += dogu_[t * 3 + row] == kAwake;
      b.cursed_dogu += dogu_[t * 3 + row] == kCursed;
    }
    b.dogu_points = kDoguPoints[b.awake_dogu];
    b.earlier_rounds = earlier_[t];
    for (int curse = 0; curse < b.cursed_dogu; ++curse) {
      int best = -1;  // highest raw die among the columns still counted; ties: leftmost
      for (int c = 0; c < kColours; ++c)
        if (b.won[c] && !b.cancelled[c] && (best < 0 || dice_[c] > dice_[best])) best = c;
      if (best < 0) break;
      b.cancelled[best] = true;
      b.column_points[best] = 0;
      b.smile_points[best] = 0;
    }
  }
  for (int c = 0; c < kColours; ++c) b.total += b.column_points[c] + b.smile_points[c];
  b.total += b.dogu_points + b.kofun_points + b.earlier_rounds;
  return b;
}

double State::returns(int player) const noexcept {
  if (rules().solo()) return score(0);
  return score(player) - score(player ^ 1);  // player ^ 1 is in the other team
}

int State::remaining_plies_bound() const noexcept {
  if (is_terminal()) return 0;
  // Each remaining placement: at most a discard, the placement and a Kofun choice; plus the reveal's choice.
  const int rounds_left = rules().rounds - 1 - round_;
  return 3 * (kMaxCells - placed_) + 2 + rounds_left * (3 * kMaxCells + 2);
}

// ---------------------------------------------------------------------------------------------------------------
// Hashing and equality

std::uint64_t State::aggregate_hash() const noexcept {
  std::array<std::uint8_t, 8> counters{rules_id_, first_, to_move_, phase_, turn_flags_, game_flags_,
                                       turn_placed_, 0};
  const std::uint64_t match = round_ | vip_ << 8 | earlier_[0] << 16 | earlier_[1] << 24 |
                              static_cast<std::uint64_t>(reshuffle_) << 32;
  return zkey(109, match) ^ zkey(100, pack(hands_[0])) ^ zkey(101, pack(hands_[1])) ^ zkey(107, pack(hands_[2])) ^
         zkey(108, pack(hands_[3])) ^ zkey(102, pack(dice_)) ^
         zkey(103, pack(dogu_)) ^ zkey(104, pack(kofun_)) ^ zkey(105, pack(discards_)) ^ zkey(106, pack(counters));
}

std::uint64_t State::recompute_hash() const noexcept {
  std::uint64_t h = aggregate_hash();
  for (int i = 0; i < kMaxCells; ++i) h ^= kZobrist.cell[i][cells_[i]];
  for (int j = 0; j < kMaxStock; ++j) h ^= kZobrist.stock[j][stock_at(j)];
  return h;
}

bool State::operator==(const State& o) const noexcept {
  return cells_ == o.cells_ && stock_ == o.stock_ && hands_ == o.hands_ && dice_ == o.dice_ && dogu_ == o.dogu_ &&
         kofun_ == o.kofun_ && discards_ == o.discards_ && rules_id_ == o.rules_id_ && stock_pos_ == o.stock_pos_ &&
         first_ == o.first_ && to_move_ == o.to_move_ && phase_ == o.phase_ && turn_flags_ == o.turn_flags_ &&
         game_flags_ == o.game_flags_ && placed_ == o.placed_ && turn_placed_ == o.turn_placed_ &&
         round_ == o.round_ && vip_ == o.vip_ && earlier_ == o.earlier_ && reshuffle_ == o.reshuffle_;
}

}  // namespace kofun::haniwa
