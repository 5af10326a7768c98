// Ohanami rules: dealing, picks, the reveal and pass, placements, round scoring, hashing, the greedy baseline.
#include "ohanami.hpp"

#include <algorithm>

#include "../../core/zobrist.hpp"

namespace kofun::ohanami {
namespace {

// Zobrist keys: card c at location loc (hand p, pick p, discard p, column (p, c)), card c in deck slot i, and the
// small fields.
constexpr int kLocHand = 0, kLocPick = 4, kLocDiscard = 8, kLocColumn = 12, kNumLocs = 24;
constexpr int col_loc(int p, int c) noexcept { return kLocColumn + 3 * p + c; }
constexpr auto kLocKeys = zobrist_table<kNumLocs * kNumCards>(0x4F48414E414D4931ULL);
constexpr auto kDeckKeys = zobrist_table<kDeckCapacity * kNumCards>(0x4F48414E414D4932ULL);
constexpr auto kMiscKeys = zobrist_table<64>(0x4F48414E414D4933ULL);

constexpr std::uint64_t loc_key(int loc, int card) noexcept { return kLocKeys[loc * kNumCards + card]; }
constexpr std::uint64_t deck_key(int slot, int card) noexcept { return kDeckKeys[slot * kNumCards + card]; }

// Every pick, ordered so that the picks from a hand of k cards are the first k (k - 1) / 2.
constexpr auto kPickMoves = [] {
  std::array<Move, kDealt*(kDealt - 1) / 2> t{};
  int n = 0;
  for (int j = 1; j < kDealt; ++j)
    for (int i = 0; i < j; ++i) t[n++] = make_pick(i, j);
  return t;
}();

// Number of cards of `s` below `card`.
int rank_in(CardSet s, int card) noexcept {
  if (card < 64) return popcount(s.lo & ((std::uint64_t{1} << card) - 1));
  return popcount(s.lo) + popcount(s.hi & ((std::uint64_t{1} << (card - 64)) - 1));
}

std::uint64_t set_key(int loc, CardSet s) noexcept {
  std::uint64_t h = 0;
  for (int c : cards{s}) h ^= loc_key(loc, c);
  return h;
}

}  // namespace

State State::deal(int players, std::uint64_t seed) {
  if (players < 2 || players > 4)
    throw RuleOptionError("ohanami: players must be 2, 3 or 4, got " + std::to_string(players));
  std::array<int, kNumCards> order{};
  for (int c = 0; c < kNumCards; ++c) order[c] = c;
  Rng rng(seed);
  for (int i = kNumCards; i > 1; --i) std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
  return dealt(players, order);
}

State State::dealt(int players, std::span<const int> order) noexcept {
  State s;
  s.players_ = static_cast<std::uint8_t>(players);
  for (int p = 0; p < players; ++p)
    for (int i = 0; i < kDealt; ++i) s.hand_[p].add(order[p * kDealt + i]);
  s.deck_len_ = static_cast<std::uint8_t>(2 * kDealt * players);
  for (int i = 0; i < s.deck_len_; ++i) s.deck_[i] = static_cast<std::uint8_t>(order[players * kDealt + i]);
  s.rehash();
  return s;
}

State State::from_order(int players, std::span<const int> order) {
  if (players < 2 || players > 4)
    throw RuleOptionError("ohanami: players must be 2, 3 or 4, got " + std::to_string(players));
  if (order.size() != kNumCards) throw RuleOptionError("ohanami: a card order lists the 120 cards");
  CardSet seen;
  for (int c : order) {
    if (c < 0 || c >= kNumCards || seen.has(c))
      throw RuleOptionError("ohanami: a card order is a permutation of the card ids 0..119");
    seen.add(c);
  }
  return dealt(players, order);
}

std::uint64_t State::card_hash() const noexcept {
  std::uint64_t h = 0;
  for (int p = 0; p < players_; ++p) {
    h ^= set_key(kLocPick + p, pick_[p]) ^ set_key(kLocDiscard + p, discard_[p]);
    for (int c = 0; c < ncols_[p]; ++c) h ^= set_key(col_loc(p, c), col_[p][c]);
  }
  for (int i = 0; i < deck_len_; ++i) h ^= deck_key(i, deck_[i]);
  return h;
}

std::uint64_t State::hands_hash(const std::array<std::uint64_t, 4>& keys) const noexcept {
  std::uint64_t h = 0;
  for (int p = 0; p < players_; ++p) h ^= std::rotl(keys[p], 1 + 9 * p);
  return h;
}

void State::rehash() noexcept {
  hash_ = card_hash();
  for (int p = 0; p < 4; ++p) hand_key_[p] = set_key(kLocHand, hand_[p]);
}

std::uint64_t State::recompute_hash() const noexcept {
  std::array<std::uint64_t, 4> keys{};
  for (int p = 0; p < players_; ++p) keys[p] = set_key(kLocHand, hand_[p]);
  return card_hash() ^ misc_hash() ^ hands_hash(keys);
}

std::uint64_t State::misc_hash() const noexcept {
  std::uint64_t h = kMiscKeys[players_] ^ kMiscKeys[8 + round_] ^ kMiscKeys[16 + turn_] ^ kMiscKeys[24 + to_move_] ^
                    kMiscKeys[32 + static_cast<int>(phase_)];
  for (int p = 0; p < players_; ++p) {
    std::uint64_t x = kMiscKeys[40 + p] + static_cast<std::uint64_t>(score_[p]);
    h ^= splitmix64(x);
  }
  return h;
}

void State::move_card(int card, int from_loc, int to_loc) noexcept {
  hash_ ^= loc_key(from_loc, card) ^ loc_key(to_loc, card);
}

unsigned State::destinations(int p, int card) const noexcept {
  unsigned d = 1u << kDiscard;
  for (int c = 0; c < ncols_[p]; ++c) {
    if (card > ends_[p][2 * c + 1]) d |= 1u << (kTop0 + c);
    else if (card < ends_[p][2 * c]) d |= 1u << (kBottom0 + c);
  }
  if (ncols_[p] < kMaxColumns) d |= 1u << kNewColumn;
  return d;
}

void State::legal_moves(MoveList<kMaxMoves>& ml) const noexcept {
  ml.clear();
  const int p = to_move_;
  if (phase_ == Phase::kPick) {
    const int k = kDealt - 2 * turn_;  // every hand holds this many cards before its pick
    ml.assign(std::span(kPickMoves).first(static_cast<std::size_t>(k * (k - 1) / 2)));
  } else if (phase_ == Phase::kPlace) {
    for (int card : cards{pick_[p]}) {
      unsigned d = destinations(p, card);
      while (d) {
        const int dest = std::countr_zero(d);
        d &= d - 1;
        ml.push(make_place(card, dest));
      }
    }
  }
}

std::pair<int, int> State::pick_cards(Move m) const noexcept {
  CardSet h = hand_[to_move_];
  const int i = pick_first(m), j = pick_second(m);
  for (int r = 0; r < i; ++r) h.pop();
  const int a = h.pop();
  for (int r = i + 1; r < j; ++r) h.pop();
  return {a, h.lowest()};
}

void State::apply(Move m) noexcept {
  const int p = to_move_;
  if (is_pick(m)) {
    const auto [a, b] = pick_cards(m);
    hand_[p].remove(a);
    hand_[p].remove(b);
    pick_[p].add(a);
    pick_[p].add(b);
    hand_key_[p] ^= loc_key(kLocHand, a) ^ loc_key(kLocHand, b);
    hash_ ^= loc_key(kLocPick + p, a) ^ loc_key(kLocPick + p, b);
    if (p + 1 < players_) to_move_ = static_cast<std::uint8_t>(p + 1);
    else reveal_and_pass();
    return;
  }
  const int card = place_card(m), dest = place_dest(m);
  pick_[p].remove(card);
  if (dest == kDiscard) {
    discard_[p].add(card);
    move_card(card, kLocPick + p, kLocDiscard + p);
  } else {
    const int c = dest == kNewColumn ? ncols_[p]++ : dest >= kBottom0 ? dest - kBottom0 : dest;
    col_[p][c].add(card);
    if (dest == kNewColumn || dest >= kBottom0) ends_[p][2 * c] = static_cast<std::uint8_t>(card);
    if (dest == kNewColumn || dest < kBottom0) ends_[p][2 * c + 1] = static_cast<std::uint8_t>(card);
    move_card(card, kLocPick + p, col_loc(p, c));
  }
  if (!pick_[p].empty()) return;
  const int next = next_placer(p + 1);
  if (next < players_) to_move_ = static_cast<std::uint8_t>(next);
  else end_turn();
}

int State::next_placer(int from) const noexcept {
  while (from < players_ && pick_[from].empty()) ++from;
  return from;
}

void State::reveal_and_pass() noexcept {
  const int n = players_, d = direction();
  std::array<CardSet, 4> moved{};
  std::array<std::uint64_t, 4> keys{};
  for (int p = 0; p < n; ++p) {
    const int to = p + d < 0 ? n - 1 : p + d == n ? 0 : p + d;
    moved[to] = hand_[p];
    keys[to] = hand_key_[p];
  }
  hand_ = moved;
  hand_key_ = keys;
  phase_ = Phase::kPlace;
  to_move_ = static_cast<std::uint8_t>(next_placer(0));
}

void State::end_turn() noexcept {
  if (++turn_ < kTurns) {
    phase_ = Phase::kPick;
    to_move_ = 0;
    return;
  }
  for (int p = 0; p < players_; ++p) score_[p] = static_cast<std::int16_t>(score_[p] + round_points(garden(p), round_));
  turn_ = 0;
  to_move_ = 0;
  if (++round_ == kRounds) {
    round_ = kRounds - 1;
    turn_ = kTurns - 1;
    phase_ = Phase::kEnd;
    return;
  }
  phase_ = Phase::kPick;
  deal_round();
}

void State::deal_round() noexcept {
  for (int i = 0; i < deck_len_; ++i) hash_ ^= deck_key(i, deck_[i]);
  int k = 0;
  for (int p = 0; p < players_; ++p)
    for (int i = 0; i < kDealt; ++i, ++k) {
      hand_[p].add(deck_[k]);
      hand_key_[p] ^= loc_key(kLocHand, deck_[k]);
    }
  const int left = deck_len_ - k;
  for (int i = 0; i < left; ++i) deck_[i] = deck_[i + k];
  for (int i = left; i < deck_len_; ++i) deck_[i] = 0;
  deck_len_ = static_cast<std::uint8_t>(left);
  for (int i = 0; i < deck_len_; ++i) hash_ ^= deck_key(i, deck_[i]);
}

double State::returns(int player) const noexcept {
  int best = -1 << 20;
  for (int q = 0; q < players_; ++q)
    if (q != player) best = std::max<int>(best, score_[q]);
  return static_cast<double>(score_[player] - best);
}

int State::remaining_plies_bound() const noexcept {
  if (phase_ == Phase::kEnd) return 0;
  // Per turn: one pick and two placements per player.
  const int turns_left = (kRounds - 1 - round_) * kTurns + (kTurns - turn_);
  return turns_left * 3 * players_;
}

bool State::knows_hand(int observer, int q) const noexcept {
  if (q == observer) return true;
  const int n = players_;
  const int dist = ((q - observer) * direction() + 2 * n) % n;  // passes from the observer's seat to q's
  const int passes = turn_ + (phase_ == Phase::kPick ? 0 : 1);
  return phase_ == Phase::kEnd || dist <= passes;
}

// --- greedy baseline and rollouts ------------------------------------------------------------------------

std::array<int, 4> State::colour_values(int pinks) const noexcept {
  const int scorings_left = kRounds - round_;
  std::array<int, 4> v{};
  v[kBlue] = 30 * scorings_left;
  v[kGreen] = 40 * std::min(scorings_left, 2);
  v[kGrey] = 70;
  v[kPink] = 10 * (pink_points(pinks + 1) - pink_points(pinks)) + 20;
  return v;
}

int State::flexibility_cost(int p, int card, int dest) const noexcept {
  // A new column costs 2 points, extending a column the gap / 20 points.
  if (dest == kNewColumn) return 20;
  const int c = dest >= kBottom0 ? dest - kBottom0 : dest;
  const int end = ends_[p][2 * c + (dest >= kBottom0 ? 0 : 1)];
  return (card > end ? card - end : end - card) / 2;
}

int State::card_value(int p, int card, const std::array<int, 4>& base) const noexcept {
  unsigned d = destinations(p, card) & ~(1u << kDiscard);
  int v = 0;  // the discard
  while (d) {
    const int dest = std::countr_zero(d);
    d &= d - 1;
    v = std::max(v, base[colour_of(card)] - flexibility_cost(p, card, dest));
  }
  return v;
}

int State::greedy_value(int p, int card) const noexcept {
  return card_value(p, card, colour_values((garden(p) & kColourMask[kPink]).count()));
}

Move State::greedy_move() const noexcept {
  const int p = to_move_;
  const auto base = colour_values((garden(p) & kColourMask[kPink]).count());
  if (phase_ == Phase::kPick) {
    // The two cards with the best values at their best destination (the discard is worth 0).
    int best[2] = {-1, -1}, best_v[2] = {-1 << 20, -1 << 20};
    for (int card : cards{hand_[p]}) {
      const int v = card_value(p, card, base);
      if (v > best_v[0]) {
        best[1] = best[0], best_v[1] = best_v[0];
        best[0] = card, best_v[0] = v;
      } else if (v > best_v[1]) {
        best[1] = card, best_v[1] = v;
      }
    }
    return make_pick(rank_in(hand_[p], best[0]), rank_in(hand_[p], best[1]));
  }
  Move best = kNoMove;
  int best_v = -1 << 20;
  for (int card : cards{pick_[p]}) {
    unsigned d = destinations(p, card);
    while (d) {
      const int dest = std::countr_zero(d);
      d &= d - 1;
      const int v = dest == kDiscard ? 0 : base[colour_of(card)] - flexibility_cost(p, card, dest);
      if (v > best_v) best_v = v, best = make_place(card, dest);
    }
  }
  return best;
}

Move State::rollout_move(Rng& rng) const noexcept {
  if (rng.below(4) != 0) return greedy_move();
  MoveList<kMaxMoves> ml;
  legal_moves(ml);
  return ml[static_cast<int>(rng.below(static_cast<std::uint32_t>(ml.size())))];
}

// --- observation key ----------------------------------------------------------------------------------------

std::uint64_t State::observation_key(int o) const noexcept {
  // Each word of the information state is mixed with its position and the mixes are summed: they are independent
  // of each other, so the CPU overlaps them, where a chain h = mix(h ^ x) waits for each one (it took a fifth of an
  // ISMCTS search's time). Keys are compared for equality only (the search's outcome index).
  std::uint64_t h = 0x6F62736F68616E61ULL ^ misc_hash();
  std::uint64_t at = 0;
  auto mix = [&h, &at](std::uint64_t x) {
    std::uint64_t z = x ^ (at += 0xD6E8FEB86659FD93ULL);
    h += splitmix64(z);
  };
  mix(hand_[o].lo), mix(hand_[o].hi), mix(pick_[o].lo), mix(pick_[o].hi);
  for (int q = 0; q < players_; ++q) {
    for (int c = 0; c < ncols_[q]; ++c) mix(col_[q][c].lo), mix(col_[q][c].hi);
    mix(discard_[q].lo), mix(discard_[q].hi);
    if (q == o) continue;
    const bool hidden_pick = pick_hidden(o, q);
    if (knows_hand(o, q)) {
      const CardSet pre = hidden_pick ? hand_[q] | pick_[q] : hand_[q];
      mix(pre.lo), mix(pre.hi);
    } else {
      mix(0x100 + static_cast<std::uint64_t>(hand_[q].count()));
    }
    if (!hidden_pick) mix(pick_[q].lo), mix(pick_[q].hi);
  }
  return h;
}

}  // namespace kofun::ohanami
