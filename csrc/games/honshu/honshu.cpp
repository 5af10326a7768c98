// Honshu rules: dealing, the trick, taking, placement legality, cube income, scoring, hashing, greedy, rollouts.
#include "honshu.hpp"

#include <algorithm>

#include "../../core/bitboard.hpp"
#include "../../core/zobrist.hpp"

namespace kofun::honshu {

struct State::Planes {
  std::array<std::uint32_t, kBoard> occ{}, lake{};
  int ox = 0, oy = 0;  // window column = x + ox, window row = y + oy
};

namespace {

constexpr auto kMiscKeys = zobrist_table<256>(0x484F4E5348553031ULL);

inline std::uint64_t mix64(std::uint64_t x) noexcept { return splitmix64(x); }

std::uint64_t placed_key(int p, int idx, Placed c) noexcept {
  const std::uint64_t packed = static_cast<std::uint64_t>(p) << 40 | static_cast<std::uint64_t>(idx) << 32 |
                               static_cast<std::uint64_t>(c.card) << 24 |
                               static_cast<std::uint64_t>(static_cast<std::uint8_t>(c.x)) << 16 |
                               static_cast<std::uint64_t>(static_cast<std::uint8_t>(c.y)) << 8 | c.flags;
  return mix64(packed ^ 0x504C414345443031ULL);
}

int value_of(int card, int bid) noexcept { return card + 1 + (bid > 0 ? 60 : 0); }

// Window offsets centring a bounding box in the 32 x 32 window.
inline void window_of(const std::array<std::int8_t, 4>& b, int& ox, int& oy) noexcept {
  ox = (kBoard - (b[2] - b[0] + 1)) / 2 - b[0];
  oy = (kBoard - (b[3] - b[1] + 1)) / 2 - b[1];
}

}  // namespace

// The visible map of a seat as a byte grid (window coordinates), painted in placement order.
struct Grid {
  std::array<std::uint8_t, kBoard * kBoard> k{};
  int ox = 0, oy = 0;
  std::uint8_t at(int wx, int wy) const noexcept { return k[wy * kBoard + wx]; }
};

const char* illegal_reason(int why) noexcept {
  switch (why) {
    case kOffBoard: return "the card must overlap the map (it is too far away)";
    case kNoOverlap: return "the card must cover or slide under at least one square of the map";
    case kCoversLake: return "a lake square may never be covered";
    case kOwnLakeCovered: return "slid under, a lake square of the new card would be covered";
    case kNothingVisible: return "slid under, at least one square of the new card must stay visible";
    case kExactCover: return "a new card may never exactly cover the whole of one earlier card";
    default: return "legal";
  }
}

int factory_points(int cubes, std::span<const int> values) noexcept {
  std::array<int, 64> v{};
  int n = 0;
  for (int x : values)
    if (n < 64) v[n++] = x;
  std::sort(v.begin(), v.begin() + n, [](int a, int b) { return a > b; });
  int pts = 0;
  for (int i = 0; i < n && i < cubes; ++i) pts += v[i];
  return pts;
}

// ----- setup ------------------------------------------------------------------------------------------------

State State::deal(const Rules& rules, std::uint64_t seed) {
  if (rules.players < 2 || rules.players > 5)
    throw RuleOptionError("honshu: players must be 2..5, got " + std::to_string(rules.players));
  require_cards();
  Rng rng(seed);
  std::array<int, kNumStartCards> starts{};
  for (int i = 0; i < kNumStartCards; ++i) starts[i] = i;
  for (int i = kNumStartCards; i > 1; --i) std::swap(starts[i - 1], starts[rng.below(static_cast<std::uint32_t>(i))]);
  const int n = rules.players <= 3 ? 40 : 60;
  std::array<int, kNumMapCards> order{};
  for (int i = 0; i < n; ++i) order[i] = i;
  for (int i = n; i > 1; --i) std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
  return from_order(rules, std::span<const int>(starts.data(), kNumStartCards), std::span<const int>(order.data(), n));
}

State State::from_order(const Rules& rules, std::span<const int> starts, std::span<const int> order) {
  const int np = rules.players;
  if (np < 2 || np > 5) throw RuleOptionError("honshu: players must be 2..5, got " + std::to_string(np));
  require_cards();
  if (static_cast<int>(starts.size()) < np || starts.size() > kNumStartCards)
    throw RuleOptionError("honshu: give one start-card letter per player (at most 6)");
  unsigned seen_start = 0;
  for (int l : starts) {
    if (l < 0 || l >= kNumStartCards || (seen_start >> l & 1))
      throw RuleOptionError("honshu: start-card letters are distinct, 0..5 (A..F)");
    seen_start |= 1u << l;
  }
  const int n = np <= 3 ? 40 : 60;
  if (static_cast<int>(order.size()) != n)
    throw RuleOptionError("honshu: a card order lists the " + std::to_string(n) + " cards of " + std::to_string(np) +
                          " players");
  std::uint64_t seen = 0;
  for (int c : order) {
    if (c < 0 || c >= n || (seen >> c & 1))
      throw RuleOptionError("honshu: a card order is a permutation of the card ids 0.." + std::to_string(n - 1));
    seen |= std::uint64_t{1} << c;
  }
  State s;
  s.players_ = static_cast<std::uint8_t>(np);
  s.passing_ = rules.hand_passing;
  s.lost_ = rules.covered_cubes_lost;
  s.two_stage_ = rules.two_stage;
  for (int p = 0; p < np; ++p) {
    s.start_letter_[p] = static_cast<std::uint8_t>(starts[p]);
    for (int i = 0; i < kHand; ++i) s.hand_[p] |= std::uint64_t{1} << order[kHand * p + i];
  }
  s.deck_len_ = static_cast<std::uint8_t>(kHand * np);
  for (int i = 0; i < s.deck_len_; ++i) s.deck_[i] = static_cast<std::uint8_t>(order[kHand * np + i]);
  s.phase_ = Phase::kStart;
  return s;
}

// ----- hashing ----------------------------------------------------------------------------------------------

std::uint64_t State::placed_hash() const noexcept {
  std::uint64_t h = 0;
  for (int p = 0; p < players_; ++p)
    for (int i = 0; i < ncards_[p]; ++i) h ^= placed_key(p, i, map_[p][i]);
  return h;
}

std::uint64_t State::recompute_hash() const noexcept { return placed_hash() ^ misc_hash(); }

std::uint64_t State::misc_hash() const noexcept {
  std::uint64_t h = kMiscKeys[players_] ^ kMiscKeys[8 + round_] ^ kMiscKeys[24 + step_] ^ kMiscKeys[32 + to_move_] ^
                    kMiscKeys[40 + leader_] ^ kMiscKeys[48 + static_cast<int>(phase_)] ^ kMiscKeys[56 + passing_] ^
                    kMiscKeys[58 + lost_];
  h ^= mix64(table_ ^ kMiscKeys[60]);
  for (int p = 0; p < players_; ++p) {
    h ^= mix64(hand_[p] ^ kMiscKeys[64 + p]);
    std::uint64_t small = static_cast<std::uint64_t>(played_[p]) | static_cast<std::uint64_t>(bid_[p]) << 8 |
                          static_cast<std::uint64_t>(took_[p]) << 16 |
                          static_cast<std::uint64_t>(start_letter_[p]) << 24;
    for (int c = 0; c < kColours; ++c) small |= static_cast<std::uint64_t>(cubes_[p][c]) << (32 + 8 * c);
    h ^= mix64(small ^ kMiscKeys[72 + p]);
  }
  for (int i = 0; i < deck_len_; ++i) h ^= mix64(static_cast<std::uint64_t>(deck_[i]) << 8 ^ kMiscKeys[80 + i]);
  if (two_stage_)  // the option and the pending anchor (single placements keep their keys)
    h ^= mix64((static_cast<std::uint64_t>(static_cast<std::uint8_t>(anchor_x_)) |
                static_cast<std::uint64_t>(static_cast<std::uint8_t>(anchor_y_)) << 8) ^ kMiscKeys[120]);
  return h;
}

// ----- maps -------------------------------------------------------------------------------------------------

State::Planes State::planes(int p) const noexcept {
  Planes pl;
  if (ncards_[p] == 0) return pl;
  window_of(bbox_[p], pl.ox, pl.oy);
  const CardTable& t = cards();
  for (int i = 0; i < ncards_[p]; ++i) {
    const Placed c = map_[p][i];
    for (const Square& q : t.squares[c.card][c.rot()]) {
      const int wx = c.x + q.dx + pl.ox, wy = c.y + q.dy + pl.oy;
      pl.occ[wy] |= 1u << wx;
      if (q.kind == kLake) pl.lake[wy] |= 1u << wx;
    }
  }
  return pl;
}

int State::footprint(const Planes& pl, int x, int y, int rot, int& overlap, bool& lake_hit) noexcept {
  const int fw = foot_w(rot), fh = foot_h(rot);
  const int wx = x + pl.ox, wy = y + pl.oy;
  if (wx < 0 || wy < 0 || wx + fw > kBoard || wy + fh > kBoard) return kOffBoard;
  const std::uint32_t fm = ((1u << fw) - 1) << wx;
  overlap = 0;
  lake_hit = false;
  for (int i = 0; i < fh; ++i) {
    overlap += popcount(pl.occ[wy + i] & fm);
    lake_hit |= (pl.lake[wy + i] & fm) != 0;
  }
  return overlap == 0 ? kNoOverlap : kLegal;
}

int State::over_check(int p, int x, int y, int rot, int overlap, bool lake_hit) const noexcept {
  if (lake_hit) return kCoversLake;
  if (overlap == 6)
    for (int i = 0; i < ncards_[p]; ++i) {
      const Placed c = map_[p][i];
      if (c.x == x && c.y == y && (c.rot() & 1) == (rot & 1)) return kExactCover;
    }
  return kLegal;
}

int State::under_check(const Planes& pl, int card, int x, int y, int rot, int overlap) noexcept {
  if (overlap == 6) return kNothingVisible;
  const int wx = x + pl.ox, wy = y + pl.oy;
  for (const Square& q : cards().squares[card][rot])
    if (q.kind == kLake && (pl.occ[wy + q.dy] >> (wx + q.dx) & 1)) return kOwnLakeCovered;
  return kLegal;
}

int State::check(const Planes& pl, int p, int card, int x, int y, int rot, bool under) const noexcept {
  int overlap = 0;
  bool lake_hit = false;
  if (const int r = footprint(pl, x, y, rot, overlap, lake_hit); r != kLegal) return r;
  return under ? under_check(pl, card, x, y, rot, overlap) : over_check(p, x, y, rot, overlap, lake_hit);
}

int State::placement_check(int p, int card, int x, int y, int rot, bool under) const noexcept {
  if (ncards_[p] == 0) return kNoOverlap;
  return check(planes(p), p, card, x, y, rot, under);
}

void State::placement_candidates(const Planes& pl, int p, int card, MoveList<kMaxMoves>& ml) const noexcept {
  const auto& b = bbox_[p];
  for (int rot = 0; rot < 4; ++rot) {
    const int fw = foot_w(rot), fh = foot_h(rot);
    for (int y = b[1] - fh + 1; y <= b[3]; ++y)
      for (int x = b[0] - fw + 1; x <= b[2]; ++x) {
        int overlap = 0;  // the footprint once for both sides (a fifth of an ISMCTS search's time)
        bool lake_hit = false;
        if (footprint(pl, x, y, rot, overlap, lake_hit) != kLegal) continue;
        if (over_check(p, x, y, rot, overlap, lake_hit) == kLegal) ml.push(make_place(x, y, rot, false));
        if (under_check(pl, card, x, y, rot, overlap) == kLegal) ml.push(make_place(x, y, rot, true));
      }
  }
}

void State::anchor_candidates(const Planes& pl, int p, int card, MoveList<kMaxMoves>& ml) const noexcept {
  const auto& b = bbox_[p];
  for (int y = b[1] - 2; y <= b[3]; ++y)  // footprints are at most 3 long: no placement anchored elsewhere overlaps
    for (int x = b[0] - 2; x <= b[2]; ++x) {
      bool any = false;
      for (int k = 0; k < 8 && !any; ++k) any = check(pl, p, card, x, y, k >> 1, k & 1) == kLegal;
      if (any) ml.push(make_anchor(x, y));
    }
}

void State::orient_candidates(const Planes& pl, int p, int card, int x, int y, MoveList<kMaxMoves>& ml) const noexcept {
  for (int k = 0; k < 8; ++k)
    if (check(pl, p, card, x, y, k >> 1, k & 1) == kLegal) ml.push(make_orient(k >> 1, k & 1));
}

void State::set_start(int p, int side) noexcept {
  const Placed c{static_cast<std::uint8_t>(start_id(start_letter_[p], side)), 0, 0, 0};
  map_[p][0] = c;
  ncards_[p] = 1;
  bbox_[p] = {0, 0, 1, 2};
  hash_ ^= placed_key(p, 0, c);
  for (const Square& q : cards().squares[c.card][0])
    if (is_production(q.kind)) ++cubes_[p][production_colour(q.kind)];
}

void State::place(int p, int card, int x, int y, int rot, bool under) noexcept {
  const Planes pl = planes(p);
  const CardTable& t = cards();
  for (const Square& q : t.squares[card][rot]) {
    if (!is_production(q.kind)) continue;
    const bool visible = !under || !(pl.occ[y + q.dy + pl.oy] >> (x + q.dx + pl.ox) & 1);
    if (visible) ++cubes_[p][production_colour(q.kind)];
  }
  const Placed c{static_cast<std::uint8_t>(card), static_cast<std::int8_t>(x), static_cast<std::int8_t>(y),
                 static_cast<std::uint8_t>(rot | (under ? 4 : 0))};
  const int idx = ncards_[p]++;
  map_[p][idx] = c;
  hash_ ^= placed_key(p, idx, c);
  auto& b = bbox_[p];
  b[0] = static_cast<std::int8_t>(std::min<int>(b[0], x));
  b[1] = static_cast<std::int8_t>(std::min<int>(b[1], y));
  b[2] = static_cast<std::int8_t>(std::max<int>(b[2], x + foot_w(rot) - 1));
  b[3] = static_cast<std::int8_t>(std::max<int>(b[3], y + foot_h(rot) - 1));
  if (lost_ && !under) {
    // Option covered_cubes_lost: cubes sit on visible production squares of their colour; a player holds at most
    // as many cubes of a colour as it has such squares visible (docs/honshu.md: spent cubes are taken from the
    // squares covered first).
    std::array<int, kColours> vis{};
    for (int yy = b[1]; yy <= b[3]; ++yy)
      for (int xx = b[0]; xx <= b[2]; ++xx) {
        const int k = visible_kind(p, xx, yy);
        if (is_production(k)) ++vis[production_colour(k)];
      }
    for (int col = 0; col < kColours; ++col)
      cubes_[p][col] = static_cast<std::uint8_t>(std::min<int>(cubes_[p][col], vis[col]));
  }
}

int State::visible_kind(int p, int x, int y) const noexcept {
  int kind = kEmpty;
  const CardTable& t = cards();
  for (int i = 0; i < ncards_[p]; ++i) {
    const Placed c = map_[p][i];
    for (const Square& q : t.squares[c.card][c.rot()])
      if (c.x + q.dx == x && c.y + q.dy == y && (!c.under() || kind == kEmpty)) kind = q.kind;
  }
  return kind;
}

void State::set_cubes(int p, std::array<int, 4> cubes) noexcept {
  for (int c = 0; c < kColours; ++c) cubes_[p][c] = static_cast<std::uint8_t>(std::clamp(cubes[c], 0, 99));
}

// ----- scoring ----------------------------------------------------------------------------------------------

ScoreParts State::score(int p) const noexcept {
  ScoreParts sp;
  if (ncards_[p] == 0) return sp;
  Grid g;
  window_of(bbox_[p], g.ox, g.oy);
  const CardTable& t = cards();
  for (int i = 0; i < ncards_[p]; ++i) {
    const Placed c = map_[p][i];
    for (const Square& q : t.squares[c.card][c.rot()]) {
      std::uint8_t& cell = g.k[(c.y + q.dy + g.oy) * kBoard + c.x + q.dx + g.ox];
      if (!c.under() || cell == kEmpty) cell = q.kind;
    }
  }
  const auto& b = bbox_[p];
  const int x0 = b[0] + g.ox, x1 = b[2] + g.ox, y0 = b[1] + g.oy, y1 = b[3] + g.oy;
  std::array<std::array<int, 3>, kColours> fac{};  // factories per colour and value 2..4
  std::array<std::uint8_t, kBoard * kBoard> seen{};
  std::array<std::uint16_t, kBoard * kBoard> stack{};
  auto group = [&](int start, int kind) {
    int n = 0, top = 0;
    stack[top++] = static_cast<std::uint16_t>(start);
    seen[start] = 1;
    while (top > 0) {
      const int s = stack[--top];
      ++n;
      const int sx = s % kBoard, sy = s / kBoard;
      const int nb[4] = {s - 1, s + 1, s - kBoard, s + kBoard};
      const bool ok[4] = {sx > 0, sx < kBoard - 1, sy > 0, sy < kBoard - 1};
      for (int d = 0; d < 4; ++d)
        if (ok[d] && !seen[nb[d]] && g.k[nb[d]] == kind) {
          seen[nb[d]] = 1;
          stack[top++] = static_cast<std::uint16_t>(nb[d]);
        }
    }
    return n;
  };
  int best_town = 0;
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const int s = y * kBoard + x, k = g.k[s];
      if (k == kForest) sp.forest += 2;
      else if (k == kTown) {
        ++sp.visible_towns;
        if (!seen[s]) best_town = std::max(best_town, group(s, kTown));
      } else if (k == kLake) {
        if (!seen[s]) sp.lakes += 3 * (group(s, kLake) - 1);
      } else if (is_factory(k)) {
        ++fac[factory_colour(k)][factory_value(k) - 2];
      }
    }
  sp.towns = best_town;
  for (int c = 0; c < kColours; ++c) {
    int left = cubes_[p][c];
    for (int v = 2; v >= 0 && left > 0; --v) {  // the largest factories first (factory_points)
      const int fed = std::min(left, fac[c][v]);
      sp.factories += fed * (v + 2);
      left -= fed;
    }
  }
  sp.total = sp.forest + sp.towns + sp.lakes + sp.factories;
  return sp;
}

double State::returns(int player) const noexcept {
  std::array<double, kMaxPlayers> out{};
  all_returns(out);
  return out[player];
}

void State::all_returns(std::span<double> out) const noexcept {
  std::array<double, kMaxPlayers> k{};
  for (int q = 0; q < players_; ++q) {
    const ScoreParts sp = score(q);
    k[q] = sp.total + sp.visible_towns / 128.0;
  }
  for (int p = 0; p < players_; ++p) {
    double best = -1e9;
    for (int q = 0; q < players_; ++q)
      if (q != p) best = std::max(best, k[q]);
    out[p] = k[p] - best;
  }
}

// ----- moves ------------------------------------------------------------------------------------------------

void State::legal_moves(MoveList<kMaxMoves>& ml) const noexcept {
  ml.clear();
  const int p = to_move_;
  switch (phase_) {
    case Phase::kStart:
      ml.push(kStartMove | 0);
      ml.push(kStartMove | 1);
      break;
    case Phase::kPlay:
      for (std::uint64_t h = hand_[p]; h; h &= h - 1) {
        const int card = std::countr_zero(h);
        ml.push(make_play(card, -1));
        for (int c = 0; c < kColours; ++c)
          if (cubes_[p][c] > 0) ml.push(make_play(card, c));
      }
      break;
    case Phase::kTake:
      for (std::uint64_t h = table_; h; h &= h - 1) ml.push(make_take(std::countr_zero(h)));
      break;
    case Phase::kPlace:
      if (!two_stage_) placement_candidates(planes(p), p, took_[p], ml);
      else if (anchor_pending()) orient_candidates(planes(p), p, took_[p], anchor_x_, anchor_y_, ml);
      else anchor_candidates(planes(p), p, took_[p], ml);
      break;
    case Phase::kEnd: break;
  }
}

void State::apply(Move m) noexcept {
  const int p = to_move_;
  switch (move_kind(m)) {
    case 0:  // start
      set_start(p, static_cast<int>(m & 1));
      if (++to_move_ == players_) {
        phase_ = Phase::kPlay;
        to_move_ = leader_;
        step_ = 0;
      }
      return;
    case 1: {  // play
      const int card = play_card(m), cube = play_cube(m);
      hand_[p] &= ~(std::uint64_t{1} << card);
      table_ |= std::uint64_t{1} << card;
      played_[p] = static_cast<std::uint8_t>(card);
      bid_[p] = static_cast<std::uint8_t>(cube + 1);
      if (cube >= 0) --cubes_[p][cube];  // back to the reserve
      if (++step_ < players_) to_move_ = static_cast<std::uint8_t>((leader_ + step_) % players_);
      else finish_play();
      return;
    }
    case 2: {  // take
      const int card = static_cast<int>(m & 63);
      table_ &= ~(std::uint64_t{1} << card);
      took_[p] = static_cast<std::uint8_t>(card);
      if (++step_ < players_) {
        to_move_ = order_[step_];
      } else {
        phase_ = Phase::kPlace;
        step_ = 0;
        to_move_ = 0;
      }
      return;
    }
    default: {  // place (two_stage: anchor, then orient)
      if (is_anchor(m)) {
        anchor_x_ = static_cast<std::int8_t>(place_x(m));
        anchor_y_ = static_cast<std::int8_t>(place_y(m));
        return;
      }
      const Move full = full_placement(m);
      anchor_x_ = kNoAnchor;
      anchor_y_ = 0;
      place(p, took_[p], place_x(full), place_y(full), place_rot(full), place_under(full));
      took_[p] = kNone;
      if (++to_move_ == players_) end_round();
      return;
    }
  }
}

void State::finish_play() noexcept {
  for (int i = 0; i < players_; ++i) order_[i] = static_cast<std::uint8_t>(i);
  std::sort(order_.begin(), order_.begin() + players_, [this](int a, int b) {
    return value_of(played_[a], bid_[a]) > value_of(played_[b], bid_[b]);
  });
  phase_ = Phase::kTake;
  step_ = 0;
  to_move_ = order_[0];
}

void State::pass_hands(int dir) noexcept {
  std::array<std::uint64_t, 5> moved{};
  for (int p = 0; p < players_; ++p) moved[(p + dir + players_) % players_] = hand_[p];
  hand_ = moved;
}

void State::end_round() noexcept {
  leader_ = order_[0];
  order_.fill(0);  // meaningful in phases take and place only (equal states compare equal)
  played_.fill(kNone);
  bid_.fill(0);
  step_ = 0;
  to_move_ = leader_;
  if (++round_ == kRounds) {
    round_ = kRounds - 1;
    phase_ = Phase::kEnd;
    to_move_ = 0;
    return;
  }
  if (round_ == kHalf) {
    for (int p = 0; p < players_; ++p)
      for (int i = 0; i < kHand; ++i) hand_[p] |= std::uint64_t{1} << deck_[kHand * p + i];
    deck_.fill(0);
    deck_len_ = 0;
  }
  if (passing_ && round_ == 3) pass_hands(+1);
  if (passing_ && round_ == 9) pass_hands(-1);
  phase_ = Phase::kPlay;
}

int State::remaining_plies_bound() const noexcept {
  const int n = players_, per_place = two_stage_ ? 2 : 1;  // plies of one placement
  const int round_plies = (2 + per_place) * n;
  const int later = (kRounds - 1 - round_) * round_plies;
  switch (phase_) {
    case Phase::kStart: return (n - to_move_) + kRounds * round_plies;
    case Phase::kPlay: return (n - step_) + (1 + per_place) * n + later;
    case Phase::kTake: return (n - step_) + per_place * n + later;
    case Phase::kPlace: return (n - to_move_) * per_place - (anchor_pending() ? 1 : 0) + later;
    default: return 0;
  }
}

bool State::knows_hand(int o, int q) const noexcept {
  if (o == q || phase_ == Phase::kEnd) return true;
  if (!passing_) return false;
  const int n = players_;
  if (round_ >= 3 && round_ < kHalf) return q == (o + 1) % n;
  if (round_ >= 9) return q == (o + n - 1) % n;
  return false;
}

// ----- rollouts and the greedy baseline ---------------------------------------------------------------------

Move State::random_move(Rng& rng) const noexcept {
  if (phase_ != Phase::kPlace || anchor_pending()) {  // two_stage orientations: at most 8, listed
    MoveList<kMaxMoves> ml;
    legal_moves(ml);
    return ml[static_cast<int>(rng.below(static_cast<std::uint32_t>(ml.size())))];
  }
  const Move m = random_placement(planes(to_move_), rng);
  // Two-stage: the anchor of a uniform placement, then a uniform orientation at it, so that the placement made
  // in the two plies is uniform over the legal placements, as in single.
  return two_stage_ ? make_anchor(place_x(m), place_y(m)) : m;
}

Move State::random_placement(const Planes& pl, Rng& rng) const noexcept {
  const int p = to_move_;
  const auto& b = bbox_[p];
  const int w = b[2] - b[0] + 1, h = b[3] - b[1] + 1;
  // Candidates per rotation parity: (w + fw - 1) x (h + fh - 1) anchors, 2 rotations, 2 sides.
  const int n_even = (w + 1) * (h + 2), n_odd = (w + 2) * (h + 1);
  const auto total = static_cast<std::uint32_t>(4 * (n_even + n_odd));
  for (int tries = 0; tries < 4096; ++tries) {
    int i = static_cast<int>(rng.below(total));
    const bool under = i & 1;
    i >>= 1;
    int rot = 0;
    if (i < 2 * n_even) rot = (i / n_even) * 2, i %= n_even;
    else i -= 2 * n_even, rot = (i / n_odd) * 2 + 1, i %= n_odd;
    const int cols = w + foot_w(rot) - 1;
    const int x = b[0] - foot_w(rot) + 1 + i % cols, y = b[1] - foot_h(rot) + 1 + i / cols;
    if (check(pl, p, took_[p], x, y, rot, under) == kLegal) return make_place(x, y, rot, under);
  }
  MoveList<kMaxMoves> ml;
  placement_candidates(pl, p, took_[p], ml);
  return ml[static_cast<int>(rng.below(static_cast<std::uint32_t>(ml.size())))];
}

int State::card_gain(int p, int card, Move* best) const noexcept {
  const int base = score(p).total;
  MoveList<kMaxMoves> ml;
  placement_candidates(planes(p), p, card, ml);
  int best_gain = -1000;
  for (Move m : ml) {
    State c = *this;
    c.place(p, card, place_x(m), place_y(m), place_rot(m), place_under(m));
    const int gain = c.score(p).total - base;
    if (gain > best_gain) {
      best_gain = gain;
      if (best) *best = m;
    }
  }
  return best_gain;
}

int State::cube_cost(int p, int* colour) const noexcept {
  const int base = score(p).total;
  int best = 1 << 20;
  *colour = -1;
  for (int c = 0; c < kColours; ++c) {
    if (cubes_[p][c] == 0) continue;
    State s = *this;
    --s.cubes_[p][c];
    const int cost = base - s.score(p).total;
    if (cost < best) best = cost, *colour = c;
  }
  return best;
}

Move State::greedy_move() const noexcept {
  const int p = to_move_;
  switch (phase_) {
    case Phase::kStart: {
      int best_side = 0, best = -1;
      for (int side = 0; side < 2; ++side) {
        State s = *this;
        s.set_start(p, side);
        const int v = s.score(p).total;
        if (v > best) best = v, best_side = side;
      }
      return kStartMove | static_cast<Move>(best_side);
    }
    case Phase::kPlay: {
      const int high = 63 - std::countl_zero(hand_[p]);
      int top_value = 0, trick_gain = -1000;
      for (int q = 0; q < players_; ++q)
        if (played_[q] != kNone) {
          top_value = std::max(top_value, value_of(played_[q], bid_[q]));
          trick_gain = std::max(trick_gain, card_gain(p, played_[q], nullptr));
        }
      if (top_value > high + 1) {
        int colour = -1;
        const int cost = cube_cost(p, &colour);
        if (colour >= 0 && trick_gain - cost >= 5) return make_play(high, colour);
      }
      return make_play(high, -1);
    }
    case Phase::kTake: {
      int best_card = -1, best = -1000;
      for (std::uint64_t h = table_; h; h &= h - 1) {
        const int card = std::countr_zero(h);
        const int g = card_gain(p, card, nullptr);
        if (g >= best) best = g, best_card = card;  // ties: the higher card
      }
      return make_take(best_card);
    }
    case Phase::kPlace: {
      if (!anchor_pending()) {
        Move m = kNoMove;
        card_gain(p, took_[p], &m);
        return two_stage_ ? make_anchor(place_x(m), place_y(m)) : m;  // two_stage: the best placement's anchor
      }
      // Two-stage, the anchor chosen: the orientation with the best gain there (the first in rotation, then side
      // order; this is the placement single's greedy chooses, when the anchor is that of its choice).
      MoveList<kMaxMoves> ml;
      orient_candidates(planes(p), p, took_[p], anchor_x_, anchor_y_, ml);
      const int base = score(p).total;
      Move best = kNoMove;
      int best_gain = -1000;
      for (Move m : ml) {
        State c = *this;
        c.place(p, took_[p], anchor_x_, anchor_y_, place_rot(m), place_under(m));
        const int gain = c.score(p).total - base;
        if (gain > best_gain) best_gain = gain, best = m;
      }
      return best;
    }
    default: return kNoMove;
  }
}

// ----- static placement evaluation (search ordering) -------------------------------------------------------

namespace {

constexpr int square_value(int k) noexcept {
  switch (k) {
    case kForest: return 4;
    case kTown: return 2;
    case kLake: return 3;
    case kEmpty:
    case kWasteland: return 0;
    default: return is_production(k) ? 2 : factory_value(k);
  }
}
// square_value of every kind, and the bonus a square of that kind earns per orthogonal neighbour of its own kind
// (towns 1, lakes 2, others 0): tables, so that grid_value reads them without a branch.
constexpr auto kSquareValue = [] {
  std::array<std::int8_t, kNumKinds> t{};
  for (int k = 0; k < kNumKinds; ++k) t[k] = static_cast<std::int8_t>(square_value(k));
  return t;
}();
constexpr auto kNeighbourBonus = [] {
  std::array<std::int8_t, kNumKinds> t{};
  t[kTown] = 1;
  t[kLake] = 2;
  return t;
}();

// The visible map of seat p painted into a grid (window centred on its bounding box).
void paint(const std::array<Placed, kMaxCards>& map, int n, const std::array<std::int8_t, 4>& bbox, Grid& g) noexcept {
  window_of(bbox, g.ox, g.oy);
  const CardTable& t = cards();
  for (int i = 0; i < n; ++i) {
    const Placed c = map[i];
    for (const Square& q : t.squares[c.card][c.rot()]) {
      std::uint8_t& cell = g.k[(c.y + q.dy + g.oy) * kBoard + c.x + q.dx + g.ox];
      if (!c.under() || cell == kEmpty) cell = q.kind;
    }
  }
}

// placement_value of placing `card` by move m on the painted map g.
int grid_value(const Grid& g, int card, Move m) noexcept {
  const int x = place_x(m) + g.ox, y = place_y(m) + g.oy;
  const bool under = place_under(m);
  int v = 0;
  for (const Square& q : cards().squares[card][place_rot(m)]) {
    const int wx = x + q.dx, wy = y + q.dy;
    const int cur = g.at(wx, wy);
    if (under && cur != kEmpty) continue;
    v += kSquareValue[q.kind] - kSquareValue[cur];
    if (const int bonus = kNeighbourBonus[q.kind]; bonus != 0) {
      const int same = (wx > 0 && g.at(wx - 1, wy) == q.kind) + (wx < kBoard - 1 && g.at(wx + 1, wy) == q.kind) +
                       (wy > 0 && g.at(wx, wy - 1) == q.kind) + (wy < kBoard - 1 && g.at(wx, wy + 1) == q.kind);
      v += bonus * same;
    }
  }
  return v;
}

}  // namespace

int State::move_value(const Planes& pl, const Grid& g, Move m) const noexcept {
  const int p = to_move_;
  if (!is_anchor(m)) return grid_value(g, took_[p], full_placement(m));
  int best = -1000;  // an anchor: its best legal placement
  for (int k = 0; k < 8; ++k)
    if (check(pl, p, took_[p], place_x(m), place_y(m), k >> 1, k & 1) == kLegal)
      best = std::max(best, grid_value(g, took_[p], make_place(place_x(m), place_y(m), k >> 1, k & 1)));
  return best;
}

void State::order_moves(MoveList<kMaxMoves>& ml) const noexcept {
  if (phase_ != Phase::kPlace || ml.size() < 2) return;
  const int p = to_move_;
  Grid g;
  paint(map_[p], ncards_[p], bbox_[p], g);
  Planes pl;
  if (two_stage_ && !anchor_pending()) pl = planes(p);  // anchors: which placements at each are legal
  // Sort by value, descending (stable: the earlier move first among equal values), as packed (key, move) pairs.
  std::array<std::uint64_t, kMaxMoves> packed{};
  for (int i = 0; i < ml.size(); ++i) {
    const std::int32_t key = move_value(pl, g, ml[i]) * 4096 + (kMaxMoves - i);
    packed[i] = static_cast<std::uint64_t>(static_cast<std::uint32_t>(key + (1 << 30))) << 32 | ml[i];
  }
  std::sort(packed.begin(), packed.begin() + ml.size(), [](std::uint64_t a, std::uint64_t b) { return a > b; });
  for (int i = 0; i < ml.size(); ++i) ml[i] = static_cast<Move>(packed[i] & 0xFFFFFFFFu);
}

int State::placement_value(Move m) const noexcept {
  Grid g;
  paint(map_[to_move_], ncards_[to_move_], bbox_[to_move_], g);
  return move_value(is_anchor(m) ? planes(to_move_) : Planes{}, g, m);
}

Move State::rollout_move(Rng& rng) const noexcept {
  if (phase_ != Phase::kPlace) return random_move(rng);
  const int p = to_move_;
  Grid g;
  paint(map_[p], ncards_[p], bbox_[p], g);
  const Planes pl = planes(p);
  Move best = kNoMove;
  int best_v = 0;
  if (anchor_pending()) {
    // Two-stage, the anchor chosen: the best orientation there (ties: rotation, then side order).
    for (int k = 0; k < 8; ++k)
      if (check(pl, p, took_[p], anchor_x_, anchor_y_, k >> 1, k & 1) == kLegal) {
        const int v = grid_value(g, took_[p], make_place(anchor_x_, anchor_y_, k >> 1, k & 1));
        if (best == kNoMove || v > best_v) best = make_orient(k >> 1, k & 1), best_v = v;
      }
    return best;
  }
  // The best static value among kRolloutSamples uniformly drawn legal placements (ties: the first drawn);
  // two_stage: its anchor.
  for (int i = 0; i < kRolloutSamples; ++i) {
    const Move m = random_placement(pl, rng);
    const int v = grid_value(g, took_[p], m);
    if (best == kNoMove || v > best_v) best = m, best_v = v;
  }
  return two_stage_ ? make_anchor(place_x(best), place_y(best)) : best;
}

// ----- observation key --------------------------------------------------------------------------------------

std::uint64_t State::observation_key(int o) const noexcept {
  std::uint64_t h = 0x6F6273686F6E7368ULL ^ hash_;
  auto mix = [&h](std::uint64_t x) {
    h ^= x;
    h = mix64(h);
  };
  mix(static_cast<std::uint64_t>(players_) | static_cast<std::uint64_t>(round_) << 8 |
      static_cast<std::uint64_t>(step_) << 16 | static_cast<std::uint64_t>(to_move_) << 24 |
      static_cast<std::uint64_t>(leader_) << 32 | static_cast<std::uint64_t>(phase_) << 40 |
      static_cast<std::uint64_t>(passing_) << 48 | static_cast<std::uint64_t>(lost_) << 49);
  if (two_stage_)  // the option and the pending anchor (public)
    mix(0x100 | static_cast<std::uint64_t>(static_cast<std::uint8_t>(anchor_x_)) << 16 |
        static_cast<std::uint64_t>(static_cast<std::uint8_t>(anchor_y_)) << 24);
  mix(table_);
  for (int q = 0; q < players_; ++q) {
    mix(knows_hand(o, q) ? hand_[q] : 0x100 + static_cast<std::uint64_t>(popcount(hand_[q])));
    std::uint64_t small = static_cast<std::uint64_t>(played_[q]) | static_cast<std::uint64_t>(bid_[q]) << 8 |
                          static_cast<std::uint64_t>(took_[q]) << 16 |
                          static_cast<std::uint64_t>(start_letter_[q]) << 24;
    for (int c = 0; c < kColours; ++c) small |= static_cast<std::uint64_t>(cubes_[q][c]) << (32 + 8 * c);
    mix(small);
  }
  mix(deck_len_);
  return h;
}

}  // namespace kofun::honshu
