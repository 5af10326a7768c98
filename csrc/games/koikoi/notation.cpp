// Text forms of Koi-Koi positions, information states and moves (the formats are documented in koikoi.hpp).
#include <string>

#include "koikoi.hpp"
#include "../../core/notation.hpp"
#include "yaku.hpp"

namespace kofun::koikoi {

struct State::Fields {
  Rules rules;
  int first = 0, view = -1, turn = 0;
  Phase phase = Phase::kPlay;
  Bitboard hand[2] = {0, 0};
  int opp_size = 0;
  Bitboard table = 0, pile[2] = {0, 0};
  std::array<int, kStockSize> stock{};
  int stock_size = 0;
  int koikoi[2] = {0, 0}, total[2] = {0, 0};
  int drawn = -1, winner = -1, points = 0;
  bool has_result = false;
  int deal = 0, deals = 0, match[2] = {0, 0};
};

namespace {

constexpr const char* kPhaseNames[] = {"play", "take", "decide", "end"};

std::string card_list(Bitboard b) {
  if (!b) return "-";
  std::string s;
  for (int c : Bits{b}) {
    if (!s.empty()) s += ',';
    s += kCardNames[c];
  }
  return s;
}

NotationError bad(std::string_view what, std::string_view why) {
  return NotationError("koikoi " + std::string(what) + ": " + std::string(why));
}

int parse_card(std::string_view name, std::string_view what) {
  const int c = card_from_name(name);
  if (c < 0) throw bad(what, "unknown card '" + std::string(name) + "' (cards are like 1b 1r 1c1 8a 11c 12c3)");
  return c;
}

// Cards of a list field into `out` (ordered) and a mask; duplicates are an error.
Bitboard parse_cards(std::string_view v, std::string_view what, int* out, int capacity, int& n) {
  n = 0;
  Bitboard mask = 0;
  if (v == "-") return 0;
  for (std::string_view name : notation::Split(v, ',')) {
    const int c = parse_card(name, what);
    if (mask & bit(c)) throw bad(what, "card " + std::string(name) + " listed twice");
    if (n == capacity) throw bad(what, "more than " + std::to_string(capacity) + " cards");
    mask |= bit(c);
    out[n++] = c;
  }
  return mask;
}

Bitboard parse_mask(std::string_view v, std::string_view what, int capacity) {
  int buf[kNumCards];
  int n = 0;
  return parse_cards(v, what, buf, capacity, n);
}

void parse_pair(std::string_view v, std::string_view what, int hi, int out[2]) {
  int k = 0;
  for (std::string_view num : notation::Split(v, ',')) {
    const int x = notation::to_int(num, 0, hi).value_or(-1);
    if (k == 2 || x < 0) throw bad(what, "expected two numbers 0.." + std::to_string(hi) + " like 0,1");
    out[k++] = x;
  }
  if (k != 2) throw bad(what, "expected two numbers 0.." + std::to_string(hi) + " like 0,1");
}

int parse_player(std::string_view v, std::string_view what) {
  const int p = notation::to_int(v, 0, 1).value_or(-1);
  if (p < 0) throw bad(what, "expected 0 or 1, got '" + std::string(v) + "'");
  return p;
}

}  // namespace

State::Fields State::parse_fields(std::string_view s, bool info) {
  Fields f;
  const notation::Reader reader("koikoi notation");
  notation::OrderedFields t(s, reader);
  f.rules = Rules::parse(t.take("rules"));
  f.first = parse_player(t.take("first"), "first");
  if (info) f.view = parse_player(t.take("view"), "view");
  f.turn = parse_player(t.take("turn"), "turn");
  const std::string_view ph = t.take("phase");
  int phase = -1;
  for (int i = 0; i < 4; ++i)
    if (ph == kPhaseNames[i]) phase = i;
  if (phase < 0) throw bad("phase", "expected play, take, decide or end, got '" + std::string(ph) + "'");
  f.phase = static_cast<Phase>(phase);
  if (info) {
    f.hand[f.view] = parse_mask(t.take("hand"), "hand", kHandSize);
    f.opp_size = notation::to_int(t.take("opp"), 0, kHandSize).value_or(-1);
    if (f.opp_size < 0) throw bad("opp", "expected the opponent's hand size 0..8");
  } else {
    f.hand[0] = parse_mask(t.take("hand0"), "hand0", kHandSize);
    f.hand[1] = parse_mask(t.take("hand1"), "hand1", kHandSize);
  }
  f.table = parse_mask(t.take("table"), "table", kNumCards);
  f.pile[0] = parse_mask(t.take("pile0"), "pile0", kNumCards);
  f.pile[1] = parse_mask(t.take("pile1"), "pile1", kNumCards);
  if (info) {
    f.stock_size = notation::to_int(t.take("stock"), 0, kStockSize).value_or(-1);
    if (f.stock_size < 0) throw bad("stock", "expected the stock size 0..24");
  } else {
    parse_cards(t.take("stock"), "stock", f.stock.data(), kStockSize, f.stock_size);
  }
  parse_pair(t.take("koikoi"), "koikoi", kHandSize, f.koikoi);
  parse_pair(t.take("total"), "total", 999, f.total);
  if (t.next_is("drawn")) f.drawn = parse_card(t.take("drawn"), "drawn");
  if (t.next_is("result")) {
    const std::string_view r = t.take("result");
    f.has_result = true;
    if (r != "draw") {
      if (r.size() < 3 || r[1] != ':') throw bad("result", "expected draw or <player>:<points> like 0:6");
      f.winner = parse_player(r.substr(0, 1), "result");
      f.points = notation::to_int(r.substr(2), 1, 9999).value_or(-1);
      if (f.points < 0) throw bad("result", "points must be 1..9999");
    }
  }
  if (t.next_is("deal")) {
    const std::string_view d = t.take("deal");
    const auto slash = d.find('/');
    const auto k = notation::to_int(d.substr(0, slash), 1, 99);
    const auto n = slash == std::string_view::npos ? std::nullopt : notation::to_int(d.substr(slash + 1), 1, 99);
    if (!k || !n || *k > *n) throw bad("deal", "expected <deal>/<deals> like 3/12 with 1 <= deal <= deals <= 99, got '" + std::string(d) + "'");
    f.deal = *k;
    f.deals = *n;
    if (!t.next_is("match")) throw bad("match", "deal= needs the match totals after it, like match=12,5");
    parse_pair(t.take("match"), "match", 32767, f.match);
  } else if (t.next_is("match")) {
    throw bad("match", "match= comes after deal=<deal>/<deals>");
  }
  if (!t.done())
    throw bad("notation", "unexpected field after the last one (after total: only drawn=, result=, deal=, match=)");
  return f;
}

State State::assemble(const Fields& f) {
  Bitboard seen = 0;
  const auto add = [&](int c, const char* where) {
    if (seen & bit(c)) throw bad("position", "card " + std::string(kCardNames[c]) + " appears twice (again in " + where + ")");
    seen |= bit(c);
  };
  const char* names[5] = {"hand0", "hand1", "table", "pile0", "pile1"};
  const Bitboard parts[5] = {f.hand[0], f.hand[1], f.table, f.pile[0], f.pile[1]};
  for (int i = 0; i < 5; ++i)
    for (int c : Bits{parts[i]}) add(c, names[i]);
  for (int i = 0; i < f.stock_size; ++i) add(f.stock[i], "stock");
  if (f.drawn >= 0) add(f.drawn, "drawn");
  if (seen != kAllCards) throw bad("position", "cards missing: " + card_list(kAllCards & ~seen));

  const int first = f.first, second = 1 - first;
  const int hf = popcount(f.hand[first]), hs = popcount(f.hand[second]);
  if (hf > kHandSize || hs > kHandSize || (hs != hf && hs != hf + 1))
    throw bad("position", "hand sizes must be equal, or the dealer's one card smaller");
  if (f.stock_size != kHandSize + hf + hs)
    throw bad("position", "the stock must hold 8 + (cards in hands) = " + std::to_string(kHandSize + hf + hs) + " cards");
  for (int m = 0; m < kNumMonths; ++m)
    if (popcount(f.table & month_mask(m)) > 3) throw bad("position", "four cards of one month on the table");
  if ((f.drawn >= 0) != (f.phase == Phase::kTake)) throw bad("position", "drawn= is given exactly in phase take");
  if (f.has_result != (f.phase == Phase::kEnd)) throw bad("position", "result= is given exactly in phase end");
  int mover = f.turn;
  if (f.phase == Phase::kPlay) {
    if (hf + hs == 0) throw bad("position", "both hands are empty: the deal is over (phase end)");
    mover = hf == hs ? first : second;
  } else if (f.phase != Phase::kEnd) {
    if (hf + hs == 2 * kHandSize) throw bad("position", "nobody has played yet: phase must be play");
    mover = hf < hs ? first : second;
    if (f.phase == Phase::kTake && popcount(f.table & same_month(f.drawn)) != 2)
      throw bad("position", "phase take needs two table cards of the drawn card's month");
  } else if (f.winner < 0 && hf + hs > 0) {
    throw bad("position", "a drawn deal needs both hands empty");
  }
  if (f.turn != mover) throw bad("turn", "it is player " + std::to_string(mover) + "'s turn in this position");
  for (int q = 0; q < 2; ++q) {
    const int y = yaku_total(f.pile[q], f.rules);
    const bool mid_turn = f.phase == Phase::kTake && q == mover;
    if (mid_turn ? f.total[q] > y : f.total[q] != y)
      throw bad("total", "player " + std::to_string(q) + "'s total must be the yaku total of their pile (" +
                             std::to_string(y) + ")");
  }
  if (!f.rules.koikoi_calls_valid(f.koikoi[0], f.koikoi[1])) throw bad("koikoi", "more calls than the rules allow");
  if (f.phase == Phase::kDecide && f.total[mover] == 0) throw bad("position", "phase decide needs a yaku");

  State s;
  s.rules_ = f.rules;
  s.first_ = static_cast<std::int8_t>(first);
  s.to_move_ = static_cast<std::int8_t>(f.turn);
  s.phase_ = f.phase;
  for (int q = 0; q < 2; ++q) {
    s.hand_[q] = f.hand[q];
    s.pile_[q] = f.pile[q];
    s.koikoi_[q] = static_cast<std::int8_t>(f.koikoi[q]);
    s.total_[q] = static_cast<std::int16_t>(f.total[q]);
  }
  s.table_ = f.table;
  s.stock_pos_ = static_cast<std::int8_t>(kStockSize - f.stock_size);
  for (int i = 0; i < f.stock_size; ++i) s.stock_[s.stock_pos_ + i] = static_cast<std::uint8_t>(f.stock[i]);
  s.drawn_ = static_cast<std::int8_t>(f.drawn);
  s.winner_ = static_cast<std::int8_t>(f.winner);
  s.points_ = static_cast<std::int16_t>(f.points);
  s.match_deal_ = static_cast<std::int8_t>(f.deal);
  s.match_deals_ = static_cast<std::int8_t>(f.deals);
  s.match_total_[0] = static_cast<std::int16_t>(f.match[0]);
  s.match_total_[1] = static_cast<std::int16_t>(f.match[1]);
  s.hash_ = s.recompute_hash();
  return s;
}

std::string State::format(int view) const {
  std::string s = "rules=" + rules_.to_string() + " first=" + std::to_string(first_);
  if (view >= 0) s += " view=" + std::to_string(view);
  s += " turn=" + std::to_string(to_move_) + " phase=" + kPhaseNames[static_cast<int>(phase_)];
  if (view >= 0) {
    s += " hand=" + card_list(hand_[view]) + " opp=" + std::to_string(popcount(hand_[1 - view]));
  } else {
    s += " hand0=" + card_list(hand_[0]) + " hand1=" + card_list(hand_[1]);
  }
  s += " table=" + card_list(table_) + " pile0=" + card_list(pile_[0]) + " pile1=" + card_list(pile_[1]);
  if (view >= 0) {
    s += " stock=" + std::to_string(stock_size());
  } else {
    s += " stock=";
    if (stock_size() == 0) s += '-';
    for (int i = stock_pos_; i < kStockSize; ++i) {
      if (i > stock_pos_) s += ',';
      s += kCardNames[stock_[i]];
    }
  }
  s += " koikoi=" + std::to_string(koikoi_[0]) + "," + std::to_string(koikoi_[1]);
  s += " total=" + std::to_string(total_[0]) + "," + std::to_string(total_[1]);
  if (drawn_ >= 0) s += " drawn=" + std::string(kCardNames[drawn_]);
  if (phase_ == Phase::kEnd)
    s += winner_ < 0 ? std::string(" result=draw") : " result=" + std::to_string(winner_) + ":" + std::to_string(points_);
  if (match_deals_ > 0)
    s += " deal=" + std::to_string(match_deal_) + "/" + std::to_string(match_deals_) + " match=" +
         std::to_string(match_total_[0]) + "," + std::to_string(match_total_[1]);
  return s;
}

std::string State::to_string() const { return format(-1); }

State State::parse(std::string_view s) { return assemble(parse_fields(s, false)); }

std::string State::information_state(int player) const {
  if (player != 0 && player != 1) throw IllegalMoveError("koikoi: player must be 0 or 1");
  return format(player);
}

State::Hidden State::hidden(std::string_view info_state) {
  const Fields f = parse_fields(info_state, true);
  Bitboard known = f.hand[f.view] | f.table | f.pile[0] | f.pile[1];
  if (f.drawn >= 0) known |= bit(f.drawn);
  const Bitboard unseen = kAllCards & ~known;
  if (popcount(unseen) != f.opp_size + f.stock_size)
    throw bad("information state", std::to_string(popcount(unseen)) + " unseen cards, but opp + stock = " +
                                       std::to_string(f.opp_size + f.stock_size));
  return {unseen, f.view, f.opp_size, f.stock_size};
}

State State::from_world(std::string_view info_state, std::span<const std::int32_t> world) {
  Fields f = parse_fields(info_state, true);
  const int opp = 1 - f.view;
  const std::size_t need = static_cast<std::size_t>(f.opp_size + f.stock_size);
  if (world.size() != need)
    throw WorldError("koikoi world: expected " + std::to_string(f.opp_size) + " opponent cards + " +
                     std::to_string(f.stock_size) + " stock cards = " + std::to_string(need) + " cards, got " +
                     std::to_string(world.size()));
  Bitboard known = f.hand[f.view] | f.table | f.pile[0] | f.pile[1];
  if (f.drawn >= 0) known |= bit(f.drawn);
  Bitboard used = 0;
  for (std::size_t i = 0; i < need; ++i) {
    const int c = world[i];
    if (c < 0 || c >= kNumCards) throw WorldError("koikoi world: card number " + std::to_string(c) + " out of range 0..47");
    if (known & bit(c)) throw WorldError("koikoi world: card " + std::string(kCardNames[c]) + " is already seen");
    if (used & bit(c)) throw WorldError("koikoi world: card " + std::string(kCardNames[c]) + " appears twice");
    used |= bit(c);
    if (static_cast<int>(i) < f.opp_size) f.hand[opp] |= bit(c);
    else f.stock[i - f.opp_size] = c;
  }
  return assemble(f);
}

std::string State::move_to_string(Move m) const {
  switch (move_kind(m)) {
    case MoveKind::kPlay: {
      std::string s = "play " + std::string(kCardNames[move_card(m) % kNumCards]);
      if (move_target(m) != kNoCard) s += " x " + std::string(kCardNames[move_target(m) % kNumCards]);
      return s;
    }
    case MoveKind::kTake:
      return "take " + std::string(kCardNames[move_target(m) % kNumCards]);
    case MoveKind::kStop:
      return "stop";
    case MoveKind::kKoikoi:
      return "koikoi";
  }
  return "?";
}

Move State::parse_move(std::string_view s) const {
  Move m = kNoMove;
  if (s == "stop") {
    m = make_move(MoveKind::kStop);
  } else if (s == "koikoi") {
    m = make_move(MoveKind::kKoikoi);
  } else if (s.substr(0, 5) == "take ") {
    const int t = parse_card(s.substr(5), "move");
    m = make_move(MoveKind::kTake, drawn_ >= 0 ? drawn_ : 0, t);
  } else if (s.substr(0, 5) == "play ") {
    const std::string_view rest = s.substr(5);
    const auto x = rest.find(" x ");
    const int c = parse_card(rest.substr(0, x), "move");
    const int t = x == std::string_view::npos ? kNoCard : parse_card(rest.substr(x + 3), "move");
    m = make_move(MoveKind::kPlay, c, t);
  } else {
    throw bad("move", "expected 'play <card>', 'play <card> x <card>', 'take <card>', 'stop' or 'koikoi', got '" +
                          std::string(s) + "'");
  }
  MoveList<kMaxMoves> ml;
  legal_moves(ml);
  if (ml.contains(m)) return m;
  const std::string where = "koikoi move '" + std::string(s) + "': ";
  if (phase_ == Phase::kEnd) throw IllegalMoveError(where + "the deal is over");
  if (move_kind(m) == MoveKind::kPlay && phase_ == Phase::kPlay && (hand_[to_move_] & bit(move_card(m)))) {
    if (move_target(m) == kNoCard) throw IllegalMoveError(where + "two table cards match; choose one with 'x <card>'");
    throw IllegalMoveError(where + "the capture choice is only given (and must be a matching table card) when two "
                                   "table cards match");
  }
  static constexpr const char* kExpect[] = {"play a card from hand", "take a table card matching the drawn card",
                                            "stop or koikoi", ""};
  throw IllegalMoveError(where + "not legal here (player " + std::to_string(to_move_) + " must " +
                         kExpect[static_cast<int>(phase_)] + ")");
}

}  // namespace kofun::koikoi
