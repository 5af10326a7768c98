// Ohanami notation: positions, information states, moves; worlds (the formats are in docs/ohanami.md).
#include <algorithm>
#include <span>
#include <string>

#include "../../core/notation.hpp"
#include "ohanami.hpp"

namespace kofun::ohanami {

struct State::Slots {
  std::array<CardSet, 4> pool{};    // known pre-pick hands of players whose pick is hidden
  std::array<int, 4> unknown{};     // hidden slots of each player whose hand is unknown (pre-pick size)
  std::array<bool, 4> hidden_pick{};
  int deck = 0;                     // deck slots
  CardSet hidden;                   // every hidden card
};

namespace {

constexpr const char* kPhaseNames[] = {"pick", "place", "end"};

std::string card_list(CardSet s) {
  if (s.empty()) return "-";
  std::string out;
  for (int c : cards{s}) {
    if (!out.empty()) out += ',';
    out += std::to_string(c + 1);
  }
  return out;
}

// Cards of a comma-separated list of card numbers ('-': none); duplicates are an error. `ascending` requires the
// numbers in strictly ascending order (columns).
CardSet parse_cards(const notation::Reader& r, std::string_view field, std::string_view v, char sep = ',') {
  CardSet s;
  if (v == "-") return s;
  int last = -1;
  for (std::string_view piece : notation::Split{v, sep}) {
    const auto n = notation::to_int(piece, 1, kNumCards);
    if (!n) r.fail(field, "expected card numbers 1..120 separated by '" + std::string(1, sep) + "', got '" + std::string(piece) + "'");
    if (s.has(*n - 1)) r.fail(field, "card " + std::to_string(*n) + " listed twice");
    if (sep == '.' && *n - 1 < last)
      r.fail(field, "a column lists its cards from bottom to top in ascending order, got " + std::string(v));
    last = *n - 1;
    s.add(*n - 1);
  }
  return s;
}

// "?<count>" -> count in 0..hi, else -1.
int hidden_count(std::string_view v, int hi) {
  if (v.size() < 2 || v[0] != '?') return -1;
  return notation::to_int(v.substr(1), 0, hi).value_or(-1);
}

}  // namespace

// ----- formatting ---------------------------------------------------------------------------------------------

std::string State::format(int view) const {
  const int n = players_;
  std::string out;
  if (view >= 0) out += "view=" + std::to_string(view) + ' ';
  out += "players=" + std::to_string(n) + " round=" + std::to_string(round_ + 1) + " turn=" +
         std::to_string(turn_ + 1) + " phase=" + kPhaseNames[static_cast<int>(phase_)] + " move=" +
         std::to_string(to_move_) + " scores=";
  for (int p = 0; p < n; ++p) out += (p ? "," : "") + std::to_string(score_[p]);
  for (int p = 0; p < n; ++p) {
    out += " hand" + std::to_string(p) + '=';
    const bool hp = view >= 0 && pick_hidden(view, p);
    if (view < 0 || knows_hand(view, p)) out += card_list(hp ? hand_[p] | pick_[p] : hand_[p]);
    else out += '?' + std::to_string(hand_[p].count() + (hp ? pick_[p].count() : 0));
  }
  for (int p = 0; p < n; ++p)
    out += " pick" + std::to_string(p) + '=' + (view >= 0 && pick_hidden(view, p) ? "?" : card_list(pick_[p]));
  for (int p = 0; p < n; ++p) {
    out += " garden" + std::to_string(p) + '=';
    if (ncols_[p] == 0) out += '-';
    for (int c = 0; c < ncols_[p]; ++c) {
      if (c) out += '/';
      std::string col = card_list(col_[p][c]);
      std::replace(col.begin(), col.end(), ',', '.');
      out += col;
    }
  }
  for (int p = 0; p < n; ++p) out += " discard" + std::to_string(p) + '=' + card_list(discard_[p]);
  out += " deck=" + notation::card_order_text(std::span(deck_).first(deck_len_), view >= 0);
  return out;
}

std::string State::to_string() const { return format(-1); }

std::string State::information_state(int player) const {
  if (player < 0 || player >= players_)
    throw NotationError("ohanami information state: player " + std::to_string(player) + " is not 0.." +
                        std::to_string(players_ - 1));
  return format(player);
}

// ----- parsing ------------------------------------------------------------------------------------------------

State State::parse_text(std::string_view text, int* view_out, Slots* slots) {
  const bool info = text.substr(0, 5) == "view=";
  const notation::Reader r(info ? "ohanami information state" : "ohanami position");
  static const std::vector<std::string_view> kKnown = {
      "view",  "players", "round", "turn",  "phase", "move",     "scores",   "hand0",    "hand1",    "hand2",
      "hand3", "pick0",   "pick1", "pick2", "pick3", "garden0",  "garden1",  "garden2",  "garden3",  "discard0",
      "discard1", "discard2", "discard3", "deck"};
  const notation::Fields f(text, r, kKnown);
  if (!info && f.has("view")) r.fail("view", "comes first in an information state");
  State s;
  const int n = f.integer("players", 2, 4);
  s.players_ = static_cast<std::uint8_t>(n);
  s.round_ = static_cast<std::uint8_t>(f.integer("round", 1, kRounds) - 1);
  s.turn_ = static_cast<std::uint8_t>(f.integer("turn", 1, kTurns) - 1);
  const std::string_view ph = f.get("phase");
  int phase = -1;
  for (int i = 0; i < 3; ++i)
    if (ph == kPhaseNames[i]) phase = i;
  if (phase < 0) r.fail("phase", "expected pick, place or end, got '" + std::string(ph) + "'");
  s.phase_ = static_cast<Phase>(phase);
  s.to_move_ = static_cast<std::uint8_t>(f.integer("move", 0, n - 1));
  const int view = info ? f.integer("view", 0, n - 1) : -1;
  {
    int p = 0;
    for (std::string_view v : notation::Split{f.get("scores"), ','}) {
      if (p == n) r.fail("scores", "expected " + std::to_string(n) + " scores");
      s.score_[p++] = static_cast<std::int16_t>(r.integer("scores", v, 0, 9999));
    }
    if (p != n) r.fail("scores", "expected " + std::to_string(n) + " scores");
  }
  for (int p = n; p < 4; ++p)
    for (const char* k : {"hand", "pick", "garden", "discard"})
      if (f.has(k + std::to_string(p)))
        r.fail(k + std::to_string(p), "there is no seat " + std::to_string(p) + " with " + std::to_string(n) + " players");
  const bool end = s.phase_ == Phase::kEnd;
  if (end && (s.round_ != kRounds - 1 || s.turn_ != kTurns - 1 || s.to_move_ != 0))
    r.fail("phase", "phase end comes with round=3 turn=5 move=0");

  CardSet listed;  // every card written out
  std::string where[kNumCards];
  auto claim = [&](const std::string& field, CardSet cs) {
    for (int c : cards{cs}) {
      if (listed.has(c)) r.fail(field, "card " + std::to_string(c + 1) + " is also in " + where[c]);
      listed.add(c);
      where[c] = field;
    }
  };
  const int before_pick = end ? 0 : kDealt + 2 - 2 * (s.turn_ + 1);  // hand size at the start of this turn
  Slots sl;
  for (int p = 0; p < n; ++p) {
    const std::string hk = "hand" + std::to_string(p), pk = "pick" + std::to_string(p);
    const std::string_view hv = f.get(hk), pv = f.get(pk);
    // Sizes the position must have.
    int want_hand = before_pick, want_pick = 0;
    if (s.phase_ == Phase::kPick && p < s.to_move_) want_hand -= 2, want_pick = 2;
    if (s.phase_ == Phase::kPlace) want_hand -= 2, want_pick = p < s.to_move_ ? 0 : 2;
    const bool hp = info && s.pick_hidden(view, p);
    const bool known = !info || s.knows_hand(view, p);
    sl.hidden_pick[p] = hp;
    if (hp) {
      if (pv != "?") r.fail(pk, "player " + std::to_string(view) + " has not seen this pick yet: write ?");
    } else {
      if (pv == "?") r.fail(pk, "this pick is not hidden from player " + std::to_string(view) + ": list its cards");
      s.pick_[p] = parse_cards(r, pk, pv);
      const int got = s.pick_[p].count();
      const bool ok = s.phase_ == Phase::kPlace && p == s.to_move_ ? got == 1 || got == 2 : got == want_pick;
      if (!ok) r.fail(pk, "expected " + std::to_string(want_pick) + (p == s.to_move_ && s.phase_ == Phase::kPlace ? " or 1" : "") + " cards, got " + std::to_string(got));
      claim(pk, s.pick_[p]);
    }
    const int pre = want_hand + (hp ? 2 : 0);  // cards the hand field describes
    if (known) {
      if (hidden_count(hv, kDealt) >= 0) r.fail(hk, "player " + std::to_string(view) + " knows this hand (it passed through their hands): list its cards");
      const CardSet h = parse_cards(r, hk, hv);
      if (h.count() != pre) r.fail(hk, "expected " + std::to_string(pre) + " cards, got " + std::to_string(h.count()));
      s.hand_[p] = h;
      if (hp) sl.pool[p] = h;
      claim(hk, h);
    } else {
      const int k = hidden_count(hv, kDealt);
      if (k < 0) r.fail(hk, "this hand is hidden from player " + std::to_string(view) + ": write its size as ?" + std::to_string(pre));
      if (k != pre) r.fail(hk, "expected ?" + std::to_string(pre) + ", got '" + std::string(hv) + "'");
      sl.unknown[p] = pre;
    }
    const std::string gk = "garden" + std::to_string(p), dk = "discard" + std::to_string(p);
    const std::string_view gv = f.get(gk);
    if (gv != "-") {
      int c = 0;
      for (std::string_view col : notation::Split{gv, '/'}) {
        if (c == kMaxColumns) r.fail(gk, "at most 3 columns");
        if (col.empty() || col == "-") r.fail(gk, "a column holds at least one card");
        s.col_[p][c++] = parse_cards(r, gk, col, '.');
        claim(gk, s.col_[p][c - 1]);
        s.ends_[p][2 * c - 2] = static_cast<std::uint8_t>(s.col_[p][c - 1].lowest());
        s.ends_[p][2 * c - 1] = static_cast<std::uint8_t>(s.col_[p][c - 1].highest());
      }
      s.ncols_[p] = static_cast<std::uint8_t>(c);
    }
    s.discard_[p] = parse_cards(r, dk, f.get(dk));
    claim(dk, s.discard_[p]);
    const int placed = s.garden(p).count() + s.discard_[p].count();
    const int want_placed = end ? kRounds * kDealt
                                : s.round_ * kDealt + 2 * s.turn_ + (s.phase_ == Phase::kPlace ? 2 - (hp ? 2 : s.pick_[p].count()) : 0);
    if (placed != want_placed)
      r.fail(gk, "seat " + std::to_string(p) + " has placed or discarded " + std::to_string(placed) + " cards, expected " + std::to_string(want_placed) + " at this point");
  }
  const int want_deck = end ? 0 : (kRounds - 1 - s.round_) * kDealt * n;
  const std::string_view dv = f.get("deck");
  if (info) {
    if (hidden_count(dv, kDeckCapacity) != want_deck) r.fail("deck", "expected ?" + std::to_string(want_deck) + " (the deck is hidden), got '" + std::string(dv) + "'");
  } else if (dv != "-") {
    for (std::string_view piece : notation::Split{dv, ','}) {
      const auto c = notation::to_int(piece, 1, kNumCards);
      if (!c) r.fail("deck", "expected card numbers 1..120, got '" + std::string(piece) + "'");
      if (s.deck_len_ == want_deck) r.fail("deck", "expected " + std::to_string(want_deck) + " cards");
      claim("deck", CardSet::of(*c - 1));
      s.deck_[s.deck_len_++] = static_cast<std::uint8_t>(*c - 1);
    }
  }
  if (!info && s.deck_len_ != want_deck)
    r.fail("deck", "expected " + std::to_string(want_deck) + " cards, got " + std::to_string(s.deck_len_));
  s.deck_len_ = static_cast<std::uint8_t>(want_deck);
  if (info) {
    sl.deck = want_deck;
    CardSet pools;
    int slots = want_deck + kNumCards - 3 * kDealt * n;
    for (int p = 0; p < n; ++p) pools |= sl.pool[p], slots += sl.unknown[p] + sl.pool[p].count();
    sl.hidden = ~listed | pools;
    if (sl.hidden.count() != slots) r.fail("the cards do not add up (hidden slots and unseen cards differ)");
  }
  s.rehash();
  if (view_out) *view_out = view;
  if (slots) *slots = sl;
  return s;
}

State State::parse(std::string_view s) {
  if (s.substr(0, 5) == "view=")
    throw NotationError("ohanami position: this is an information state (view=...); a position lists every card");
  return parse_text(s, nullptr, nullptr);
}

// ----- hidden information ---------------------------------------------------------------------------------------

State::Slots State::slots_of(int o) const noexcept {
  Slots sl;
  CardSet all;
  for (int q = 0; q < players_; ++q) {
    all |= hand_[q] | pick_[q] | discard_[q] | garden(q);
    if (q == o) continue;
    const bool hp = pick_hidden(o, q);
    sl.hidden_pick[q] = hp;
    if (knows_hand(o, q)) {
      if (hp) sl.pool[q] = hand_[q] | pick_[q], sl.hidden |= sl.pool[q];
    } else {
      sl.unknown[q] = hand_[q].count() + (hp ? pick_[q].count() : 0);
      sl.hidden |= hand_[q];
      if (hp) sl.hidden |= pick_[q];
    }
  }
  for (int i = 0; i < deck_len_; ++i) {
    all.add(deck_[i]);
    sl.hidden.add(deck_[i]);
  }
  sl.deck = deck_len_;
  sl.hidden |= ~all;
  return sl;
}

CardSet State::hidden_cards(int observer) const noexcept { return slots_of(observer).hidden; }

void State::fill_hidden(const Slots& sl, std::span<const std::int32_t> world) noexcept {
  CardSet pools;
  for (int q = 0; q < players_; ++q) {
    pools |= sl.pool[q];
    if (!sl.pool[q].empty() || sl.unknown[q] > 0) hand_[q] = CardSet{};
    if (sl.hidden_pick[q]) pick_[q] = CardSet{};
  }
  std::array<int, 4> got{};
  int q_slot = 0, deck = 0;
  for (std::int32_t w : world) {
    const int c = static_cast<int>(w);
    int owner = -1;
    if (pools.has(c)) {
      for (int q = 0; q < players_; ++q)
        if (sl.pool[q].has(c)) owner = q;
    } else {
      while (q_slot < players_ && got[q_slot] >= sl.unknown[q_slot]) ++q_slot;
      if (q_slot < players_) owner = q_slot;
      else if (deck < sl.deck) deck_[deck++] = static_cast<std::uint8_t>(c);
    }
    if (owner < 0) continue;
    if (sl.hidden_pick[owner] && got[owner] < 2) pick_[owner].add(c);
    else hand_[owner].add(c);
    ++got[owner];
  }
  deck_len_ = static_cast<std::uint8_t>(sl.deck);
  rehash();
}

void State::assign_hidden(int observer, std::span<const std::int32_t> world) noexcept {
  fill_hidden(slots_of(observer), world);
}

State State::from_world(std::string_view info_state, std::span<const std::int32_t> world) {
  int view = -1;
  Slots sl;
  if (info_state.substr(0, 5) != "view=")
    throw NotationError("ohanami information state: expected view=<player> first");
  State s = parse_text(info_state, &view, &sl);
  if (static_cast<int>(world.size()) != sl.hidden.count())
    throw WorldError("ohanami world: expected " + std::to_string(sl.hidden.count()) + " hidden cards, got " +
                     std::to_string(world.size()));
  CardSet seen;
  for (std::int32_t w : world) {
    if (w < 0 || w >= kNumCards || !sl.hidden.has(w) || seen.has(w))
      throw WorldError("ohanami world: " + std::to_string(w) +
                       " is not a card id hidden from the observer (ids 0..119, each hidden card once)");
    seen.add(w);
  }
  s.fill_hidden(sl, world);
  return s;
}

std::vector<std::int32_t> State::hidden_world(int o) const {
  const Slots sl = slots_of(o);
  std::vector<std::int32_t> out;
  CardSet rest = sl.hidden;
  auto put = [&](CardSet cs) {
    for (int c : cards{cs}) out.push_back(c), rest.remove(c);
  };
  for (int q = 0; q < players_; ++q) {
    if (!sl.pool[q].empty() || sl.unknown[q] > 0) {
      if (sl.hidden_pick[q]) put(pick_[q]);
      put(hand_[q]);
    }
  }
  for (int i = 0; i < deck_len_; ++i) out.push_back(deck_[i]), rest.remove(deck_[i]);
  put(rest);
  return out;
}

std::vector<int> State::groups_of(const Slots& sl, int players, int view) {
  std::vector<int> g;
  int total = 0;
  for (int q = 0; q < players; ++q)
    if (q != view) g.push_back(sl.pool[q].count() + sl.unknown[q]), total += g.back();
  g.push_back(sl.deck);
  g.push_back(sl.hidden.count() - total - sl.deck);
  return g;
}

std::vector<int> State::hidden_groups(int o) const { return groups_of(slots_of(o), players_, o); }

CardSet State::hidden_of(std::string_view info_state, int& view, std::vector<int>& groups) {
  if (info_state.substr(0, 5) != "view=")
    throw NotationError("ohanami information state: expected view=<player> first");
  Slots sl;
  const State s = parse_text(info_state, &view, &sl);
  groups = groups_of(sl, s.players_, view);
  return sl.hidden;
}

// ----- moves ----------------------------------------------------------------------------------------------------

std::string State::move_to_string(Move m) const {
  if (is_pick(m)) {
    const auto [a, b] = pick_cards(m);
    return "pick " + std::to_string(a + 1) + ',' + std::to_string(b + 1);
  }
  const int dest = place_dest(m);
  std::string where = dest == kDiscard ? "discard" : dest == kNewColumn ? "new"
                      : dest >= kBottom0                                ? "bottom" + std::to_string(dest - kBottom0 + 1)
                                                                        : "top" + std::to_string(dest + 1);
  return "place " + std::to_string(place_card(m) + 1) + ' ' + where;
}

Move State::parse_move(std::string_view text) const {
  const notation::Reader r("ohanami move");
  const auto w = notation::words(text);
  Move m = kNoMove;
  if (w.size() == 2 && w[0] == "pick") {
    const auto parts = notation::split(w[1], ',');
    const auto a = parts.size() == 2 ? notation::to_int(parts[0], 1, kNumCards) : std::nullopt;
    const auto b = parts.size() == 2 ? notation::to_int(parts[1], 1, kNumCards) : std::nullopt;
    if (!a || !b || *a == *b) r.fail("expected 'pick <card>,<card>' with two different card numbers 1..120, got '" + std::string(text) + "'");
    const CardSet h = phase_ == Phase::kPick ? hand_[to_move_] : CardSet{};
    if (!h.has(*a - 1) || !h.has(*b - 1)) {
      throw IllegalMoveError("ohanami move '" + std::string(text) + "': " +
                             (phase_ == Phase::kPick ? "both cards must be in the hand of player " + std::to_string(to_move_)
                              : is_terminal()         ? std::string("the game is over")
                                                      : std::string("it is time to place a picked card")));
    }
    int i = 0, j = 0;
    for (int c : cards{h}) i += c < *a - 1, j += c < *b - 1;
    m = make_pick(i, j);
  } else if (w.size() == 3 && w[0] == "place") {
    const auto c = notation::to_int(w[1], 1, kNumCards);
    if (!c) r.fail("expected a card number 1..120 after 'place', got '" + std::string(w[1]) + "'");
    int dest = -1;
    const std::string_view d = w[2];
    if (d == "new") dest = kNewColumn;
    else if (d == "discard") dest = kDiscard;
    else if (d.size() == 4 && d.substr(0, 3) == "top" && d[3] >= '1' && d[3] <= '3') dest = kTop0 + (d[3] - '1');
    else if (d.size() == 7 && d.substr(0, 6) == "bottom" && d[6] >= '1' && d[6] <= '3') dest = kBottom0 + (d[6] - '1');
    if (dest < 0) r.fail("expected a destination top1..top3, bottom1..bottom3, new or discard, got '" + std::string(d) + "'");
    m = make_place(*c - 1, dest);
  } else {
    r.fail("expected 'pick <card>,<card>' or 'place <card> <top1|bottom1|...|new|discard>', got '" + std::string(text) + "'");
  }
  MoveList<kMaxMoves> ml;
  legal_moves(ml);
  if (!ml.contains(m)) {
    std::string why = is_terminal() ? "the game is over" : "not legal here";
    if (!is_terminal() && is_pick(m) != (phase_ == Phase::kPick)) why = phase_ == Phase::kPick ? "it is time to pick 2 cards" : "it is time to place a picked card";
    else if (!is_terminal() && !is_pick(m) && !pick_[to_move_].has(place_card(m))) why = "the card is not one of player " + std::to_string(to_move_) + "'s picked cards";
    else if (!is_terminal() && !is_pick(m)) why = "a card goes above a column's top, below its bottom, in a new column (at most 3) or to the discards";
    throw IllegalMoveError("ohanami move '" + std::string(text) + "': " + why);
  }
  return m;
}

}  // namespace kofun::ohanami
