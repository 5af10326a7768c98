// Honshu notation: positions, information states, maps, moves; worlds (formats in docs/honshu.md).
#include <algorithm>
#include <optional>
#include <span>
#include <string>

#include "../../core/bitboard.hpp"
#include "../../core/notation.hpp"
#include "honshu.hpp"

namespace kofun::honshu {

struct State::Slots {
  std::array<int, 5> unknown{};  // hidden hand size of each seat whose hand the observer does not know
  int deck = 0;
  std::uint64_t hidden = 0;      // every hidden card
};

namespace {

constexpr const char* kPhaseNames[] = {"start", "play", "take", "place", "end"};

std::string card_list(std::uint64_t s) {
  if (s == 0) return "-";
  std::string out;
  for (; s; s &= s - 1) {
    if (!out.empty()) out += ',';
    out += std::to_string(std::countr_zero(s) + 1);
  }
  return out;
}

// "?<count>" -> count in 0..hi, else -1.
int hidden_count(std::string_view v, int hi) {
  if (v.size() < 2 || v[0] != '?') return -1;
  return notation::to_int(v.substr(1), 0, hi).value_or(-1);
}

// A signed integer -40..40.
std::optional<int> to_signed(std::string_view s) {
  const bool neg = !s.empty() && s[0] == '-';
  const auto v = notation::to_int(neg ? s.substr(1) : s, 0, 40);
  if (!v) return std::nullopt;
  return neg ? -*v : *v;
}

int colour_named(std::string_view s) noexcept {
  for (int c = 0; c < kColours; ++c)
    if (s == kColourNames[c]) return c;
  return -1;
}

std::string placed_text(Placed c) {
  return std::to_string(c.card + 1) + '@' + std::to_string(c.x) + ',' + std::to_string(c.y) + 'r' +
         std::to_string(c.rot()) + (c.under() ? "u" : "");
}

}  // namespace

// ----- formatting -------------------------------------------------------------------------------------------

std::string State::format(int view) const {
  const int n = players_;
  std::string out;
  if (view >= 0) out += "view=" + std::to_string(view) + ' ';
  out += "players=" + std::to_string(n) + " passing=" + (passing_ ? "official" : "none") +
         " lost=" + (lost_ ? "yes" : "no") + (two_stage_ ? " placement=two_stage" : "") +
         " round=" + std::to_string(round_ + 1) +
         " phase=" + kPhaseNames[static_cast<int>(phase_)] + " move=" + std::to_string(to_move_) +
         " leader=" + std::to_string(leader_) + " start=";
  for (int p = 0; p < n; ++p) out += std::string(p ? "," : "") + static_cast<char>('A' + start_letter_[p]);
  for (int p = 0; p < n; ++p) {
    out += " hand" + std::to_string(p) + '=';
    if (view < 0 || knows_hand(view, p)) out += card_list(hand_[p]);
    else out += '?' + std::to_string(popcount(hand_[p]));
  }
  out += " trick=";
  for (int p = 0; p < n; ++p) {
    if (p) out += ',';
    if (played_[p] == kNone) {
      out += '-';
    } else {
      out += std::to_string(played_[p] + 1);
      if (bid_[p]) out += std::string("+") + kColourNames[bid_[p] - 1];
    }
  }
  out += " took=";
  for (int p = 0; p < n; ++p) out += (p ? "," : "") + (took_[p] == kNone ? std::string("-") : std::to_string(took_[p] + 1));
  for (int p = 0; p < n; ++p) {
    out += " cubes" + std::to_string(p) + '=';
    for (int c = 0; c < kColours; ++c) out += (c ? "," : "") + std::to_string(cubes_[p][c]);
  }
  for (int p = 0; p < n; ++p) {
    out += " map" + std::to_string(p) + '=';
    if (ncards_[p] == 0) {
      out += '-';
      continue;
    }
    out += (map_[p][0].card - kStartId) % 2 ? 'B' : 'A';
    for (int i = 1; i < ncards_[p]; ++i) out += '/' + placed_text(map_[p][i]);
  }
  out += " deck=" + notation::card_order_text(std::span(deck_).first(deck_len_), view >= 0);
  if (anchor_pending()) out += " anchor=" + std::to_string(anchor_x_) + ',' + std::to_string(anchor_y_);
  return out;
}

std::string State::to_string() const { return format(-1); }

std::string State::information_state(int player) const {
  if (player < 0 || player >= players_)
    throw NotationError("honshu information state: player " + std::to_string(player) + " is not 0.." +
                        std::to_string(players_ - 1));
  return format(player);
}

// ----- parsing ----------------------------------------------------------------------------------------------

State State::parse_text(std::string_view text, int* view_out, Slots* slots) {
  const bool info = text.substr(0, 5) == "view=";
  const notation::Reader r(info ? "honshu information state" : "honshu position");
  require_cards();
  static const std::vector<std::string_view> kKnown = {
      "view", "players", "passing", "lost", "round", "phase", "move", "leader", "start", "hand0", "hand1",
      "hand2", "hand3", "hand4", "trick", "took", "cubes0", "cubes1", "cubes2", "cubes3", "cubes4", "map0",
      "map1", "map2", "map3", "map4", "deck", "placement", "anchor"};
  const notation::Fields f(text, r, kKnown);
  if (!info && f.has("view")) r.fail("view", "comes first in an information state");
  State s;
  const int n = f.integer("players", 2, 5);
  s.players_ = static_cast<std::uint8_t>(n);
  const int ncards_total = n <= 3 ? 40 : 60;
  {
    const std::string_view v = f.get_or("passing", "none");
    if (v != "none" && v != "official") r.fail("passing", "expected none or official, got '" + std::string(v) + "'");
    s.passing_ = v == "official";
    const std::string_view l = f.get_or("lost", "no");
    if (l != "no" && l != "yes") r.fail("lost", "expected no or yes, got '" + std::string(l) + "'");
    s.lost_ = l == "yes";
    const std::string_view pm = f.get_or("placement", "single");
    if (pm != "single" && pm != "two_stage")
      r.fail("placement", "expected single or two_stage, got '" + std::string(pm) + "'");
    s.two_stage_ = pm == "two_stage";
  }
  s.round_ = static_cast<std::uint8_t>(f.integer("round", 1, kRounds) - 1);
  {
    const std::string_view ph = f.get("phase");
    int phase = -1;
    for (int i = 0; i < 5; ++i)
      if (ph == kPhaseNames[i]) phase = i;
    if (phase < 0) r.fail("phase", "expected start, play, take, place or end, got '" + std::string(ph) + "'");
    s.phase_ = static_cast<Phase>(phase);
  }
  s.to_move_ = static_cast<std::uint8_t>(f.integer("move", 0, n - 1));
  s.leader_ = static_cast<std::uint8_t>(f.integer("leader", 0, n - 1));
  const int view = info ? f.integer("view", 0, n - 1) : -1;
  for (int p = n; p < 5; ++p)
    for (const char* k : {"hand", "cubes", "map"})
      if (f.has(k + std::to_string(p)))
        r.fail(k + std::to_string(p), "there is no seat " + std::to_string(p) + " with " + std::to_string(n) + " players");
  const Phase ph = s.phase_;
  if (ph == Phase::kStart && (s.round_ != 0 || s.leader_ != 0))
    r.fail("phase", "phase start comes with round=1 leader=0");
  if (ph == Phase::kEnd && (s.round_ != kRounds - 1 || s.to_move_ != 0))
    r.fail("phase", "phase end comes with round=12 move=0");
  {
    int p = 0;
    unsigned seen = 0;
    for (std::string_view v : notation::Split{f.get("start"), ','}) {
      if (p == n || v.size() != 1 || v[0] < 'A' || v[0] > 'F')
        r.fail("start", "expected " + std::to_string(n) + " start-card letters A..F separated by ','");
      const int l = v[0] - 'A';
      if (seen >> l & 1) r.fail("start", std::string("start card ") + v[0] + " dealt twice");
      seen |= 1u << l;
      s.start_letter_[p++] = static_cast<std::uint8_t>(l);
    }
    if (p != n) r.fail("start", "expected " + std::to_string(n) + " start-card letters");
  }

  std::uint64_t listed = 0;  // every card written out (physical places: hands, table, took, maps, deck)
  auto claim = [&](const std::string& field, int c) {
    if (c >= ncards_total)
      r.fail(field, "card " + std::to_string(c + 1) + " is not used with " + std::to_string(n) + " players (cards 1.." +
                        std::to_string(ncards_total) + ")");
    if (listed >> c & 1) r.fail(field, "card " + std::to_string(c + 1) + " is listed twice");
    listed |= std::uint64_t{1} << c;
  };
  auto parse_card = [&](const std::string& field, std::string_view v) {
    const auto c = notation::to_int(v, 1, kNumMapCards);
    if (!c) r.fail(field, "expected a card number 1..60, got '" + std::string(v) + "'");
    return *c - 1;
  };

  // Trick: who has played this round.
  const int played_now = ph == Phase::kPlay ? (s.to_move_ - s.leader_ + n) % n
                         : (ph == Phase::kTake || ph == Phase::kPlace) ? n : 0;
  {
    int p = 0;
    for (std::string_view v : notation::Split{f.get("trick"), ','}) {
      if (p == n) r.fail("trick", "expected " + std::to_string(n) + " entries");
      const bool should = ((p - s.leader_ + n) % n) < played_now;
      if (v == "-") {
        if (should) r.fail("trick", "seat " + std::to_string(p) + " has played this round: give its card");
      } else {
        if (!should) r.fail("trick", "seat " + std::to_string(p) + " has not played yet in this round: write -");
        const auto plus = v.find('+');
        const int card = parse_card("trick", v.substr(0, plus));
        int cube = -1;
        if (plus != std::string_view::npos) {
          cube = colour_named(v.substr(plus + 1));
          if (cube < 0) r.fail("trick", "expected +blue, +brown, +grey or +yellow after the card, got '" + std::string(v) + "'");
        }
        for (int q = 0; q < p; ++q)
          if (s.played_[q] == card) r.fail("trick", "card " + std::to_string(card + 1) + " played twice");
        s.played_[p] = static_cast<std::uint8_t>(card);
        s.bid_[p] = static_cast<std::uint8_t>(cube + 1);
      }
      ++p;
    }
    if (p != n) r.fail("trick", "expected " + std::to_string(n) + " entries");
  }
  if (ph == Phase::kTake || ph == Phase::kPlace) {
    for (int i = 0; i < n; ++i) s.order_[i] = static_cast<std::uint8_t>(i);
    std::sort(s.order_.begin(), s.order_.begin() + n, [&s](int a, int b) {
      return s.played_[a] + 1 + (s.bid_[a] ? 60 : 0) > s.played_[b] + 1 + (s.bid_[b] ? 60 : 0);
    });
  }
  // Took: which seats hold a taken card not yet placed.
  std::uint64_t played_set = 0;
  for (int p = 0; p < n; ++p)
    if (s.played_[p] != kNone) played_set |= std::uint64_t{1} << s.played_[p];
  int takes = 0;
  if (ph == Phase::kTake) {
    while (takes < n && s.order_[takes] != s.to_move_) ++takes;
    s.step_ = static_cast<std::uint8_t>(takes);
  }
  if (ph == Phase::kPlay) s.step_ = static_cast<std::uint8_t>(played_now);
  {
    int p = 0;
    for (std::string_view v : notation::Split{f.get("took"), ','}) {
      if (p == n) r.fail("took", "expected " + std::to_string(n) + " entries");
      bool should = false;
      if (ph == Phase::kTake)
        for (int i = 0; i < takes; ++i) should = should || s.order_[i] == p;
      if (ph == Phase::kPlace) should = p >= s.to_move_;
      if (v == "-") {
        if (should) r.fail("took", "seat " + std::to_string(p) + " has taken a card it has not placed: give it");
      } else {
        if (!should) r.fail("took", "seat " + std::to_string(p) + " holds no taken card now: write -");
        const int card = parse_card("took", v);
        if (!(played_set >> card & 1)) r.fail("took", "card " + std::to_string(card + 1) + " was not played in this trick");
        s.took_[p] = static_cast<std::uint8_t>(card);
        claim("took", card);
      }
      ++p;
    }
    if (p != n) r.fail("took", "expected " + std::to_string(n) + " entries");
  }
  // Maps, replayed placement by placement with every legality rule.
  for (int p = 0; p < n; ++p) {
    const std::string mk = "map" + std::to_string(p);
    const std::string_view mv = f.get(mk);
    int want = 1 + s.round_ + (ph == Phase::kPlace && p < s.to_move_ ? 1 : 0);
    if (ph == Phase::kStart) want = p < s.to_move_ ? 1 : 0;
    if (ph == Phase::kEnd) want = 1 + kRounds;
    if (mv == "-") {
      if (want != 0) r.fail(mk, "expected the start side and " + std::to_string(want - 1) + " placed cards");
      continue;
    }
    if (want == 0) r.fail(mk, "seat " + std::to_string(p) + " has not chosen its start side yet: write -");
    int i = 0;
    for (std::string_view piece : notation::Split{mv, '/'}) {
      if (i == 0) {
        if (piece != "A" && piece != "B") r.fail(mk, "a map starts with the side of its start card, A or B");
        s.set_start(p, piece == "B");
      } else {
        if (i >= want) r.fail(mk, "expected " + std::to_string(want - 1) + " placed cards at this point");
        // <card>@<x>,<y>r<rot>[u|o]
        const auto at = piece.find('@'), comma = piece.find(','), rr = piece.find('r');
        if (at == std::string_view::npos || comma == std::string_view::npos || rr == std::string_view::npos ||
            !(at < comma && comma < rr))
          r.fail(mk, "expected <card>@<x>,<y>r<rotation>[u], got '" + std::string(piece) + "'");
        const int card = parse_card(mk, piece.substr(0, at));
        const auto x = to_signed(piece.substr(at + 1, comma - at - 1));
        const auto y = to_signed(piece.substr(comma + 1, rr - comma - 1));
        std::string_view rest = piece.substr(rr + 1);
        bool under = false;
        if (!rest.empty() && (rest.back() == 'u' || rest.back() == 'o')) {
          under = rest.back() == 'u';
          rest.remove_suffix(1);
        }
        const auto rot = notation::to_int(rest, 0, 3);
        if (!x || !y || !rot) r.fail(mk, "expected <card>@<x>,<y>r<0..3>[u], got '" + std::string(piece) + "'");
        const int why = s.placement_check(p, card, *x, *y, *rot, under);
        if (why != kLegal) r.fail(mk, "card " + std::to_string(card + 1) + ": " + illegal_reason(why));
        claim(mk, card);
        s.place(p, card, *x, *y, *rot, under);
      }
      ++i;
    }
    if (i != want)
      r.fail(mk, "expected the start side and " + std::to_string(want - 1) + " placed cards, got " +
                     std::to_string(i == 0 ? 0 : i - 1));
    if (ph == Phase::kPlace && p < s.to_move_) {
      const int last = s.map_[p][s.ncards_[p] - 1].card;
      if (!(played_set >> last & 1)) r.fail(mk, "the card placed this round must be one played in the trick");
    }
  }
  // Cubes (given explicitly: they override the income counted while replaying the maps).
  for (int p = 0; p < n; ++p) {
    const std::string ck = "cubes" + std::to_string(p);
    int c = 0;
    for (std::string_view v : notation::Split{f.get(ck), ','}) {
      if (c == kColours) r.fail(ck, "expected 4 counts: blue,brown,grey,yellow");
      s.cubes_[p][c++] = static_cast<std::uint8_t>(r.integer(ck, v, 0, 99));
    }
    if (c != kColours) r.fail(ck, "expected 4 counts: blue,brown,grey,yellow");
  }
  // The table: played cards not taken (and not placed).
  if (ph == Phase::kPlay || ph == Phase::kTake) {
    for (int p = 0; p < n; ++p)
      if (s.played_[p] != kNone) {
        bool taken = false;
        for (int q = 0; q < n; ++q) taken = taken || s.took_[q] == s.played_[p];
        if (!taken) {
          s.table_ |= std::uint64_t{1} << s.played_[p];
          claim("trick", s.played_[p]);
        }
      }
  }
  // Hands.
  const int hand_size = ph == Phase::kStart ? kHand : ph == Phase::kEnd ? 0 : kHand - s.round_ % kHalf;
  Slots sl;
  for (int p = 0; p < n; ++p) {
    const std::string hk = "hand" + std::to_string(p);
    const std::string_view hv = f.get(hk);
    const int want = hand_size - (s.played_[p] != kNone ? 1 : 0);
    if (info && !s.knows_hand(view, p)) {
      const int k = hidden_count(hv, kHand);
      if (k != want) r.fail(hk, "this hand is hidden from player " + std::to_string(view) + ": write ?" + std::to_string(want));
      sl.unknown[p] = want;
      continue;
    }
    if (hidden_count(hv, kHand) >= 0) r.fail(hk, "list the cards of this hand");
    std::uint64_t h = 0;
    if (hv != "-")
      for (std::string_view piece : notation::Split{hv, ','}) {
        const int c = parse_card(hk, piece);
        claim(hk, c);
        h |= std::uint64_t{1} << c;
      }
    if (popcount(h) != want)
      r.fail(hk, "expected " + std::to_string(want) + " cards, got " + std::to_string(popcount(h)));
    s.hand_[p] = h;
  }
  // Deck.
  const int want_deck = ph == Phase::kStart || s.round_ < kHalf ? kHand * n : 0;
  const std::string_view dv = f.get("deck");
  if (info) {
    if (hidden_count(dv, kDeckCapacity) != want_deck)
      r.fail("deck", "expected ?" + std::to_string(want_deck) + " (the deck is hidden), got '" + std::string(dv) + "'");
  } else if (dv != "-") {
    for (std::string_view piece : notation::Split{dv, ','}) {
      const int c = parse_card("deck", piece);
      if (s.deck_len_ == want_deck) r.fail("deck", "expected " + std::to_string(want_deck) + " cards");
      claim("deck", c);
      s.deck_[s.deck_len_++] = static_cast<std::uint8_t>(c);
    }
  }
  if (!info && s.deck_len_ != want_deck)
    r.fail("deck", "expected " + std::to_string(want_deck) + " cards, got " + std::to_string(s.deck_len_));
  s.deck_len_ = static_cast<std::uint8_t>(want_deck);
  const std::uint64_t all = ncards_total == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << ncards_total) - 1;
  if (info) {
    sl.deck = want_deck;
    int slots_n = want_deck + ncards_total - kHand * 2 * n;
    for (int p = 0; p < n; ++p) slots_n += sl.unknown[p];
    sl.hidden = all & ~listed;
    if (popcount(sl.hidden) != slots_n) r.fail("the cards do not add up (hidden slots and unseen cards differ)");
  }
  // The pending anchor of a two-stage placement: one with a legal placement of the mover's taken card.
  if (f.has("anchor")) {
    if (!s.two_stage_) r.fail("anchor", "a pending anchor exists only with placement=two_stage");
    if (ph != Phase::kPlace) r.fail("anchor", "a pending anchor exists only in phase place");
    const std::string_view av = f.get("anchor");
    const auto comma = av.find(',');
    const auto x = comma == std::string_view::npos ? std::nullopt : to_signed(av.substr(0, comma));
    const auto y = comma == std::string_view::npos ? std::nullopt : to_signed(av.substr(comma + 1));
    if (!x || !y) r.fail("anchor", "expected <x>,<y> (integers -40..40), got '" + std::string(av) + "'");
    bool any = false;
    for (int k = 0; k < 8 && !any; ++k)
      any = s.placement_check(s.to_move_, s.took_[s.to_move_], *x, *y, k >> 1, k & 1) == kLegal;
    if (!any)
      r.fail("anchor", "no rotation or side of card " + std::to_string(s.took_[s.to_move_] + 1) +
                           " is legal with its top-left square at " + std::string(av));
    s.anchor_x_ = static_cast<std::int8_t>(*x);
    s.anchor_y_ = static_cast<std::int8_t>(*y);
  }
  if (view_out) *view_out = view;
  if (slots) *slots = sl;
  return s;
}

State State::parse(std::string_view s) {
  if (s.substr(0, 5) == "view=")
    throw NotationError("honshu position: this is an information state (view=...); a position lists every card");
  return parse_text(s, nullptr, nullptr);
}

// ----- hidden information -----------------------------------------------------------------------------------

State::Slots State::slots_of(int o) const noexcept {
  Slots sl;
  std::uint64_t known = table_;
  for (int q = 0; q < players_; ++q) {
    if (took_[q] != kNone) known |= std::uint64_t{1} << took_[q];
    for (int i = 1; i < ncards_[q]; ++i) known |= std::uint64_t{1} << map_[q][i].card;
    if (knows_hand(o, q)) known |= hand_[q];
    else sl.unknown[q] = popcount(hand_[q]);
  }
  const int n = card_count();
  const std::uint64_t all = (std::uint64_t{1} << n) - 1;
  sl.deck = deck_len_;
  sl.hidden = all & ~known;
  return sl;
}

std::uint64_t State::hidden_cards(int observer) const noexcept { return slots_of(observer).hidden; }

void State::fill_hidden(const Slots& sl, std::span<const std::int32_t> world) noexcept {
  for (int q = 0; q < players_; ++q)
    if (sl.unknown[q] > 0) hand_[q] = 0;
  int q = 0, got = 0, deck = 0;
  for (std::int32_t w : world) {
    while (q < players_ && got >= sl.unknown[q]) ++q, got = 0;
    if (q < players_) {
      hand_[q] |= std::uint64_t{1} << w;
      ++got;
    } else if (deck < sl.deck) {
      deck_[deck++] = static_cast<std::uint8_t>(w);
    }
  }
  deck_len_ = static_cast<std::uint8_t>(sl.deck);
}

void State::assign_hidden(int observer, std::span<const std::int32_t> world) noexcept {
  fill_hidden(slots_of(observer), world);
}

State State::from_world(std::string_view info_state, std::span<const std::int32_t> world) {
  int view = -1;
  Slots sl;
  if (info_state.substr(0, 5) != "view=") throw NotationError("honshu information state: expected view=<player> first");
  State s = parse_text(info_state, &view, &sl);
  if (static_cast<int>(world.size()) != popcount(sl.hidden))
    throw WorldError("honshu world: expected " + std::to_string(popcount(sl.hidden)) + " hidden cards, got " +
                     std::to_string(world.size()));
  std::uint64_t seen = 0;
  for (std::int32_t w : world) {
    if (w < 0 || w >= 64 || !(sl.hidden >> w & 1) || (seen >> w & 1))
      throw WorldError("honshu world: " + std::to_string(w) +
                       " is not a card id hidden from the observer (ids 0..59, each hidden card once)");
    seen |= std::uint64_t{1} << w;
  }
  s.fill_hidden(sl, world);
  return s;
}

std::vector<std::int32_t> State::hidden_world(int o) const {
  const Slots sl = slots_of(o);
  std::vector<std::int32_t> out;
  std::uint64_t rest = sl.hidden;
  for (int q = 0; q < players_; ++q)
    if (sl.unknown[q] > 0)
      for (std::uint64_t h = hand_[q]; h; h &= h - 1) {
        out.push_back(std::countr_zero(h));
        rest &= ~(h & -h);
      }
  for (int i = 0; i < deck_len_; ++i) {
    out.push_back(deck_[i]);
    rest &= ~(std::uint64_t{1} << deck_[i]);
  }
  for (; rest; rest &= rest - 1) out.push_back(std::countr_zero(rest));
  return out;
}

std::vector<int> State::hidden_groups(int o) const {
  const Slots sl = slots_of(o);
  std::vector<int> g;
  int total = 0;
  for (int q = 0; q < players_; ++q)
    if (q != o) g.push_back(sl.unknown[q]), total += sl.unknown[q];
  g.push_back(sl.deck);
  g.push_back(popcount(sl.hidden) - total - sl.deck);
  return g;
}

std::uint64_t State::hidden_of(std::string_view info_state, int& view, std::vector<int>& groups) {
  if (info_state.substr(0, 5) != "view=") throw NotationError("honshu information state: expected view=<player> first");
  Slots sl;
  const State s = parse_text(info_state, &view, &sl);
  groups.clear();
  int total = 0;
  for (int q = 0; q < s.players_; ++q)
    if (q != view) groups.push_back(sl.unknown[q]), total += sl.unknown[q];
  groups.push_back(sl.deck);
  groups.push_back(popcount(sl.hidden) - total - sl.deck);
  return sl.hidden;
}

// ----- moves ------------------------------------------------------------------------------------------------

std::string State::move_to_string(Move m) const {
  switch (move_kind(m)) {
    case 0: return std::string("start ") + ((m & 1) ? "B" : "A");
    case 1: {
      std::string s = "play " + std::to_string(play_card(m) + 1);
      if (play_cube(m) >= 0) s += std::string("+") + kColourNames[play_cube(m)];
      return s;
    }
    case 2: return "take " + std::to_string((m & 63) + 1);
    default: {
      if (is_anchor(m)) return "anchor " + std::to_string(place_x(m)) + ',' + std::to_string(place_y(m));
      if (is_orient(m)) return "orient r" + std::to_string(place_rot(m)) + (place_under(m) ? " under" : " over");
      const int card = phase_ == Phase::kPlace && took_[to_move_] != kNone ? took_[to_move_] + 1 : 0;
      return "place " + std::to_string(card) + " r" + std::to_string(place_rot(m)) +
             (place_under(m) ? " under " : " over ") + std::to_string(place_x(m)) + ',' + std::to_string(place_y(m));
    }
  }
}

Move State::parse_move(std::string_view text) const {
  const notation::Reader r("honshu move");
  const auto w = notation::words(text);
  const std::string t(text);
  const std::string usage =
      "expected 'start A|B', 'play <card>[+<colour>]', 'take <card>', 'place <card> r<0..3> over|under <x>,<y>', "
      "'anchor <x>,<y>' or 'orient r<0..3> over|under', got '" + t + "'";
  auto illegal = [&](const std::string& why) { return IllegalMoveError("honshu move '" + t + "': " + why); };
  auto need_phase = [&](Phase want) {
    if (phase_ == want) return;
    if (phase_ == Phase::kEnd) throw illegal("the game is over");
    static const char* kWhat[] = {"choose a start side (start A|B)", "play a card (play <card>)",
                                  "take a card (take <card>)", "place the taken card (place ...)", ""};
    if (phase_ == Phase::kPlace && two_stage_)
      throw illegal(anchor_pending() ? "it is time to orient the taken card (orient r<0..3> over|under)"
                                     : "it is time to choose the anchor of the taken card (anchor <x>,<y>)");
    throw illegal(std::string("it is time to ") + kWhat[static_cast<int>(phase_)]);
  };
  auto position = [&](std::string_view v) {
    const auto comma = v.find(',');
    const auto x = comma == std::string_view::npos ? std::nullopt : to_signed(v.substr(0, comma));
    const auto y = comma == std::string_view::npos ? std::nullopt : to_signed(v.substr(comma + 1));
    if (!x || !y) r.fail("expected a position <x>,<y> (integers -40..40), got '" + std::string(v) + "'");
    return std::pair<int, int>{*x, *y};
  };
  auto rotation_ok = [](std::string_view v) { return v.size() == 2 && v[0] == 'r' && v[1] >= '0' && v[1] <= '3'; };
  const std::string two_stage_usage =
      "with placement=two_stage a placement is two moves: 'anchor <x>,<y>', then 'orient r<0..3> over|under'";
  if (w.empty()) r.fail(usage);
  if (w[0] == "start") {
    if (w.size() != 2 || (w[1] != "A" && w[1] != "B")) r.fail(usage);
    need_phase(Phase::kStart);
    return kStartMove | (w[1] == "B" ? 1u : 0u);
  }
  if (w[0] == "play" || w[0] == "take") {
    if (w.size() != 2) r.fail(usage);
    const auto plus = w[1].find('+');
    const auto c = notation::to_int(w[1].substr(0, plus), 1, kNumMapCards);
    if (!c) r.fail("expected a card number 1..60, got '" + std::string(w[1]) + "'");
    const int card = *c - 1;
    if (w[0] == "take") {
      if (plus != std::string_view::npos) r.fail(usage);
      need_phase(Phase::kTake);
      if (!(table_ >> card & 1)) throw illegal("card " + std::to_string(*c) + " is not on the table");
      return make_take(card);
    }
    int cube = -1;
    if (plus != std::string_view::npos) {
      cube = colour_named(w[1].substr(plus + 1));
      if (cube < 0) r.fail("expected a cube colour blue, brown, grey or yellow after '+', got '" + std::string(w[1]) + "'");
    }
    need_phase(Phase::kPlay);
    if (!(hand_[to_move_] >> card & 1))
      throw illegal("card " + std::to_string(*c) + " is not in the hand of player " + std::to_string(to_move_));
    if (cube >= 0 && cubes_[to_move_][cube] == 0)
      throw illegal("player " + std::to_string(to_move_) + " has no " + kColourNames[cube] + " cube");
    return make_play(card, cube);
  }
  if (w[0] == "place") {
    if (w.size() != 5 || w[2].size() != 2 || w[2][0] != 'r' || w[2][1] < '0' || w[2][1] > '3' ||
        (w[3] != "over" && w[3] != "under"))
      r.fail(usage);
    const auto c = notation::to_int(w[1], 1, kNumMapCards);
    if (!c) r.fail("expected a card number 1..60, got '" + std::string(w[1]) + "'");
    const auto [x, y] = position(w[4]);
    need_phase(Phase::kPlace);
    if (two_stage_) throw illegal(two_stage_usage);
    if (took_[to_move_] != *c - 1)
      throw illegal("player " + std::to_string(to_move_) + " places card " + std::to_string(took_[to_move_] + 1));
    const int rot = w[2][1] - '0';
    const bool under = w[3] == "under";
    const int why = placement_check(to_move_, *c - 1, x, y, rot, under);
    if (why != kLegal) throw illegal(illegal_reason(why));
    return make_place(x, y, rot, under);
  }
  if (w[0] == "anchor") {
    if (w.size() != 2) r.fail(usage);
    const auto [x, y] = position(w[1]);
    need_phase(Phase::kPlace);
    if (!two_stage_) throw illegal("with placement=single a placement is one move: 'place <card> r<0..3> over|under <x>,<y>'");
    if (anchor_pending())
      throw illegal("the anchor is chosen (" + std::to_string(anchor_x_) + ',' + std::to_string(anchor_y_) +
                    "): orient the card (orient r<0..3> over|under)");
    const int card = took_[to_move_];
    bool any = false;
    for (int k = 0; k < 8 && !any; ++k) any = placement_check(to_move_, card, x, y, k >> 1, k & 1) == kLegal;
    if (!any)
      throw illegal("no rotation or side of card " + std::to_string(card + 1) + " is legal with its top-left square at " +
                    std::to_string(x) + ',' + std::to_string(y));
    return make_anchor(x, y);
  }
  if (w[0] == "orient") {
    if (w.size() != 3 || !rotation_ok(w[1]) || (w[2] != "over" && w[2] != "under")) r.fail(usage);
    need_phase(Phase::kPlace);
    if (!two_stage_) throw illegal("with placement=single a placement is one move: 'place <card> r<0..3> over|under <x>,<y>'");
    if (!anchor_pending()) throw illegal("choose the anchor first (anchor <x>,<y>)");
    const int rot = w[1][1] - '0';
    const bool under = w[2] == "under";
    const int why = placement_check(to_move_, took_[to_move_], anchor_x_, anchor_y_, rot, under);
    if (why != kLegal) throw illegal(illegal_reason(why));
    return make_orient(rot, under);
  }
  r.fail(usage);
}

}  // namespace kofun::honshu
