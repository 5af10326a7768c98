#include "koikoi.hpp"

#include <algorithm>
#include <utility>

#include "../../core/zobrist.hpp"
#include "yaku.hpp"

namespace kofun::koikoi {
namespace {

// Card keys indexed by location * 48 + card; locations 0 hand0, 1 hand1, 2 table, 3 pile0, 4 pile1, 5 drawn.
constexpr auto kCardKeys = zobrist_table<6 * kNumCards>(0x4B01);
// Stock keys indexed by slot * 48 + card.
constexpr auto kStockKeys = zobrist_table<kStockSize * kNumCards>(0x4B02);
// Small fields: to_move (2), phase (4), koikoi calls (2 x 16), totals (2 x 128), result ((winner + 1) x 128).
constexpr int kPhaseKey = 2, kKoikoiKey = 6, kTotalKey = 38, kResultKey = 294;
constexpr auto kMiscKeys = zobrist_table<kResultKey + 3 * 128>(0x4B03);

constexpr int kHandLoc = 0, kTableLoc = 2, kPileLoc = 3, kDrawnLoc = 5;

constexpr std::uint64_t card_key(int loc, int card) noexcept { return kCardKeys[loc * kNumCards + card]; }

bool all_months_even(Bitboard b) noexcept {
  for (int m = 0; m < kNumMonths; ++m)
    if (popcount(b & month_mask(m)) & 1) return false;
  return true;
}

int max_month_count(Bitboard b) noexcept {
  int best = 0;
  for (int m = 0; m < kNumMonths; ++m) best = std::max(best, popcount(b & month_mask(m)));
  return best;
}

}  // namespace

static_assert(ImperfectInformationGame<State> && HasWorldAssignment<State> && HasObservationKey<State> &&
              HasPliesBound<State> && HasRolloutPolicy<State>);
static_assert(sizeof(State) <= 104, "the state stays a few words: copy-make in the searches");

bool State::has_hand_yaku(Bitboard hand) noexcept {
  return popcount(hand) == kHandSize && (max_month_count(hand) == 4 || all_months_even(hand));
}

const char* State::misdeal_reason(Bitboard hand0, Bitboard hand1, Bitboard table, const Rules& rules) noexcept {
  const int most = max_month_count(table);
  if (most == 4) return "four cards of one month on the table";
  if (popcount(table) == kHandSize && all_months_even(table)) return "four pairs on the table";
  if (most == 3 && rules.redeal_three_on_table) return "three cards of one month on the table";
  if (has_hand_yaku(hand0) && has_hand_yaku(hand1)) return "both players hold a hand yaku";
  return nullptr;
}

State State::deal(std::uint64_t seed, const Rules& rules, int first) {
  Rng rng(seed);
  if (first < 0) first = static_cast<int>(rng.below(2));
  std::array<int, kNumCards> deck;
  while (true) {
    for (int i = 0; i < kNumCards; ++i) deck[i] = i;
    for (int i = kNumCards - 1; i > 0; --i) std::swap(deck[i], deck[rng.below(static_cast<std::uint32_t>(i + 1))]);
    Bitboard part[3] = {0, 0, 0};
    for (int i = 0; i < 3 * kHandSize; ++i) part[i / kHandSize] |= bit(deck[i]);
    if (!misdeal_reason(part[0], part[1], part[2], rules)) return from_deal(deck, first, rules);
  }
}

State State::from_deal(std::span<const int> order, int first, const Rules& rules) {
  if (order.size() != kNumCards) throw NotationError("koikoi deal: expected 48 cards, got " + std::to_string(order.size()));
  if (first != 0 && first != 1) throw NotationError("koikoi deal: first player must be 0 or 1");
  State s;
  Bitboard seen = 0;
  Bitboard part[3] = {0, 0, 0};
  for (int i = 0; i < kNumCards; ++i) {
    const int c = order[i];
    if (c < 0 || c >= kNumCards) throw NotationError("koikoi deal: card number " + std::to_string(c) + " out of range 0..47");
    if (seen & bit(c)) throw NotationError("koikoi deal: card " + std::string(kCardNames[c]) + " dealt twice");
    seen |= bit(c);
    if (i < 3 * kHandSize) part[i / kHandSize] |= bit(c);
    else s.stock_[i - 3 * kHandSize] = static_cast<std::uint8_t>(c);
  }
  if (const char* why = misdeal_reason(part[0], part[1], part[2], rules))
    throw NotationError(std::string("koikoi deal: misdeal (") + why + "), redeal");
  s.hand_[0] = part[0];
  s.hand_[1] = part[1];
  s.table_ = part[2];
  s.rules_ = rules;
  s.first_ = static_cast<std::int8_t>(first);
  s.to_move_ = static_cast<std::int8_t>(first);
  for (int p = 0; p < 2; ++p)
    if (has_hand_yaku(s.hand_[p])) {
      s.phase_ = Phase::kEnd;
      s.winner_ = static_cast<std::int8_t>(p);
      s.points_ = Rules::kHandYakuPoints;
    }
  s.hash_ = s.recompute_hash();
  return s;
}

void State::legal_moves(MoveList<kMaxMoves>& ml) const noexcept {
  ml.clear();
  switch (phase_) {
    case Phase::kPlay:
      for (int c : Bits{hand_[to_move_]}) {
        const Bitboard match = table_ & same_month(c);
        if (popcount(match) == 2)
          for (int t : Bits{match}) ml.push(make_move(MoveKind::kPlay, c, t));
        else
          ml.push(make_move(MoveKind::kPlay, c));
      }
      break;
    case Phase::kTake:
      for (int t : Bits{table_ & same_month(drawn_)}) ml.push(make_move(MoveKind::kTake, drawn_, t));
      break;
    case Phase::kDecide:
      ml.push(make_move(MoveKind::kStop));
      if (may_koikoi(to_move_)) ml.push(make_move(MoveKind::kKoikoi));
      break;
    case Phase::kEnd:
      break;
  }
}

// Resolves `card` (already removed from where it was) against the table: no match → onto the table; one → both
// captured; two → `target` captured with it; three → the whole month captured.
void State::capture(int card, int target, int player) noexcept {
  const Bitboard match = table_ & same_month(card);
  const int n = popcount(match);
  if (n == 0) {
    table_ |= bit(card);
    hash_ ^= card_key(kTableLoc, card);
    return;
  }
  const Bitboard taken = n == 2 ? bit(target) : match;
  for (int t : Bits{taken}) hash_ ^= card_key(kTableLoc, t) ^ card_key(kPileLoc + player, t);
  table_ ^= taken;
  pile_[player] |= taken | bit(card);
  hash_ ^= card_key(kPileLoc + player, card);
}

bool State::may_koikoi(int p) const noexcept {
  return (rules_.empty_hand_koikoi || hand_[p]) && rules_.koikoi_left(koikoi_[0], koikoi_[1], p);
}

void State::stop(int p) noexcept {
  int pts = total_[p];
  if (rules_.seven_point_double && pts >= 7) pts *= 2;
  if (rules_.koikoi_double && koikoi_[1 - p] > 0) pts *= 2;
  points_ = static_cast<std::int16_t>(pts);
  winner_ = static_cast<std::int8_t>(p);
  phase_ = Phase::kEnd;
}

void State::end_turn(int p) noexcept {
  const int t = yaku_total(pile_[p], rules_);
  if (t > total_[p]) {
    total_[p] = static_cast<std::int16_t>(t);
    if (may_koikoi(p)) phase_ = Phase::kDecide;
    else stop(p);  // no koi-koi left: the rise ends the deal
  } else if (hand_[0] | hand_[1]) {
    to_move_ = static_cast<std::int8_t>(1 - p);
    phase_ = Phase::kPlay;
  } else {
    phase_ = Phase::kEnd;  // both hands empty, nobody stopped: a draw
  }
}

void State::apply(Move m) noexcept {
  const int p = to_move_;
  hash_ ^= misc_hash();
  switch (move_kind(m)) {
    case MoveKind::kPlay: {
      const int c = move_card(m);
      hand_[p] ^= bit(c);
      hash_ ^= card_key(kHandLoc + p, c);
      capture(c, move_target(m), p);
      const int d = stock_[stock_pos_];
      stock_[stock_pos_] = 0;
      hash_ ^= kStockKeys[stock_pos_ * kNumCards + d];
      ++stock_pos_;
      if (popcount(table_ & same_month(d)) == 2) {
        drawn_ = static_cast<std::int8_t>(d);
        hash_ ^= card_key(kDrawnLoc, d);
        phase_ = Phase::kTake;
      } else {
        capture(d, kNoCard, p);
        end_turn(p);
      }
      break;
    }
    case MoveKind::kTake:
      hash_ ^= card_key(kDrawnLoc, drawn_);
      capture(drawn_, move_target(m), p);
      drawn_ = -1;
      end_turn(p);
      break;
    case MoveKind::kStop:
      stop(p);
      break;
    case MoveKind::kKoikoi:
      ++koikoi_[p];
      if (hand_[0] | hand_[1]) {
        to_move_ = static_cast<std::int8_t>(1 - p);
        phase_ = Phase::kPlay;
      } else {
        phase_ = Phase::kEnd;
      }
      break;
  }
  hash_ ^= misc_hash();
}

double State::returns(int player) const noexcept {
  if (winner_ < 0) return 0.0;
  return winner_ == player ? points_ : -points_;
}

int State::remaining_plies_bound() const noexcept {
  // Each card left in a hand is at most three plies (play, take, decide); the current turn's pending steps.
  static constexpr int kPending[] = {0, 2, 1, 0};
  if (phase_ == Phase::kEnd) return 0;
  return 3 * popcount(hand_[0] | hand_[1]) + kPending[static_cast<int>(phase_)];
}

Move State::rollout_move(Rng& rng) const noexcept {
  MoveList<kMaxMoves> ml;
  legal_moves(ml);
  if (ml.size() == 1 || phase_ == Phase::kDecide) return ml[0];  // ml[0] is stop in phase decide
  if (rng.below(4) == 0) return ml[static_cast<int>(rng.below(static_cast<std::uint32_t>(ml.size())))];
  int best_gain = -1000, ties = 0;
  Move best = ml[0];
  for (Move m : ml) {
    const int card = move_kind(m) == MoveKind::kTake ? drawn_ : move_card(m);
    const Bitboard match = table_ & same_month(card);
    int gain = -card_value(card);
    if (popcount(match) == 2) {
      gain = card_value(card) + card_value(move_target(m));
    } else if (match) {
      gain = card_value(card);
      for (int t : Bits{match}) gain += card_value(t);
    }
    if (gain > best_gain) {
      best_gain = gain;
      best = m;
      ties = 1;
    } else if (gain == best_gain && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
      best = m;
    }
  }
  return best;
}

std::uint64_t State::observation_key(int observer) const noexcept {
  const auto mix = [](std::uint64_t x) {
    std::uint64_t z = x;
    return splitmix64(z);
  };
  const std::uint64_t small =
      static_cast<std::uint64_t>(observer) | static_cast<std::uint64_t>(drawn_ + 1) << 1 |
      static_cast<std::uint64_t>(phase_) << 8 | static_cast<std::uint64_t>(to_move_) << 10 |
      static_cast<std::uint64_t>(koikoi_[0] & 15) << 11 | static_cast<std::uint64_t>(koikoi_[1] & 15) << 15 |
      static_cast<std::uint64_t>(stock_pos_) << 19 | static_cast<std::uint64_t>(total_[0] & 1023) << 24 |
      static_cast<std::uint64_t>(total_[1] & 1023) << 34 | static_cast<std::uint64_t>(winner_ + 1) << 44 |
      static_cast<std::uint64_t>(points_ & 4095) << 46 | static_cast<std::uint64_t>(popcount(hand_[1 - observer])) << 58;
  return mix(hand_[observer] ^ mix(table_ ^ mix(pile_[0] ^ mix(pile_[1] ^ mix(small)))));
}

void State::assign_hidden(int observer, std::span<const std::int32_t> world) noexcept {
  const int opp = 1 - observer;
  const int n = popcount(hand_[opp]);
  for (int c : Bits{hand_[opp]}) hash_ ^= card_key(kHandLoc + opp, c);
  Bitboard h = 0;
  for (int i = 0; i < n; ++i) {
    h |= bit(world[i]);
    hash_ ^= card_key(kHandLoc + opp, world[i]);
  }
  hand_[opp] = h;
  for (int i = stock_pos_, k = n; i < kStockSize; ++i, ++k) {
    hash_ ^= kStockKeys[i * kNumCards + stock_[i]] ^ kStockKeys[i * kNumCards + world[k]];
    stock_[i] = static_cast<std::uint8_t>(world[k]);
  }
}

std::uint64_t State::misc_hash() const noexcept {
  return kMiscKeys[to_move_] ^ kMiscKeys[kPhaseKey + static_cast<int>(phase_)] ^
         kMiscKeys[kKoikoiKey + (koikoi_[0] & 15)] ^ kMiscKeys[kKoikoiKey + 16 + (koikoi_[1] & 15)] ^
         kMiscKeys[kTotalKey + (total_[0] & 127)] ^ kMiscKeys[kTotalKey + 128 + (total_[1] & 127)] ^
         kMiscKeys[kResultKey + (winner_ + 1) * 128 + (points_ & 127)];
}

std::uint64_t State::recompute_hash() const noexcept {
  std::uint64_t h = misc_hash();
  for (int p = 0; p < 2; ++p) {
    for (int c : Bits{hand_[p]}) h ^= card_key(kHandLoc + p, c);
    for (int c : Bits{pile_[p]}) h ^= card_key(kPileLoc + p, c);
  }
  for (int c : Bits{table_}) h ^= card_key(kTableLoc, c);
  if (drawn_ >= 0) h ^= card_key(kDrawnLoc, drawn_);
  for (int i = stock_pos_; i < kStockSize; ++i) h ^= kStockKeys[i * kNumCards + stock_[i]];
  return h;
}

}  // namespace kofun::koikoi
