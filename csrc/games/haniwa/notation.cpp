// Haniwa position and move notation (format described in docs/haniwa.md).
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "../../core/errors.hpp"
#include "haniwa.hpp"
#include "../../core/notation.hpp"

namespace kofun::haniwa {
namespace {

const notation::Reader kReader("haniwa position");

[[noreturn]] void fail(const std::string& field, const std::string& what) { kReader.fail(field, what); }

using text::colour_index;
using text::parse_tile;
using notation::split;
using text::tile_text;

int parse_int(std::string_view s, const std::string& field, int lo, int hi) { return kReader.integer(field, s, lo, hi); }

template <class T>
std::string join(const std::vector<T>& items) {
  if (items.empty()) return "-";
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i) s += (i ? "," : "") + items[i];
  return s;
}

std::string cell_text(std::uint8_t code) {
  if (cell_empty(code)) return ".";
  std::string s = tile_text(cell_kind(code));
  if (cell_face_down(code)) s += '*';
  if (cell_kofun(code) >= 0) s += "+" + std::to_string(cell_kofun(code));
  return s;
}

constexpr const char* kKeys[] = {"players", "comparison", "start_dice", "solo_fill", "tiles", "kofun",
                                 "first", "to_move", "phase", "dice", "zone0", "zone1", "hand0", "hand1",
                                 "stock", "discards", "dogu", "kofun_state", "turn", "game", "turn_placed",
                                 "hand2", "hand3", "rounds", "round", "vip", "earlier", "reshuffle",
                                 "solo_dice_score"};
constexpr int kRounds = 23, kRound = 24, kVip = 25, kEarlier = 26, kReshuffle = 27, kSoloDiceScore = 28;
constexpr int hand_key(int p) { return p < 2 ? 12 + p : 19 + p; }
constexpr int kNumKeys = sizeof(kKeys) / sizeof(kKeys[0]);

}  // namespace

std::string State::to_string() const {
  const Rules& r = rules();
  std::string s = "players=" + std::to_string(r.players);
  s += std::string(" comparison=") + (r.comparison == Comparison::kStandard ? "standard" : "colour_first");
  s += std::string(" start_dice=") + (r.start_dice == StartDice::kOnes ? "ones" : "rolled");
  s += std::string(" solo_fill=") + (r.solo_fill == SoloFill::kColumn ? "column" : "row");
  s += " rounds=" + std::to_string(r.rounds);
  if (r.solo_dice_score) s += " solo_dice_score=true";  // written only when set (absent: false)
  std::vector<std::string> tiles;
  for (int k = 0; k < kKinds; ++k)
    if (r.tile_counts[k]) tiles.push_back(tile_text(k) + "x" + std::to_string(r.tile_counts[k]));
  s += " tiles=" + join(tiles);
  std::string kofun;
  for (int k = 0; k < r.num_kofun; ++k) kofun += kColourLetters[r.kofun_colours[k]];
  s += " kofun=" + (kofun.empty() ? std::string("-") : kofun);
  s += " first=" + std::to_string(first_) + " to_move=" + std::to_string(to_move_);
  static constexpr const char* kPhases[] = {"place", "choose", "over"};
  s += std::string(" phase=") + kPhases[phase_];
  s += " dice=";
  for (int c = 0; c < kColours; ++c) s += static_cast<char>('0' + dice_[c]);
  for (int z = 0; z < (r.solo() ? 1 : 2); ++z) {
    std::vector<std::string> cells;
    for (int i = 0; i < r.zone_cells(); ++i) cells.push_back(cell_text(cells_[z * 12 + i]));
    s += " zone" + std::to_string(z) + "=" + join(cells);
  }
  for (int p = 0; p < r.players; ++p) {
    std::vector<std::string> hand;
    for (auto k : hands_[p])
      if (k != kNoTile) hand.push_back(tile_text(k));
    s += " hand" + std::to_string(p) + "=" + join(hand);
  }
  std::vector<std::string> stock;
  for (int j = stock_pos_; j < r.total_tiles(); ++j) stock.push_back(tile_text(stock_at(j)));
  s += " stock=" + join(stock);
  std::vector<std::string> discards;
  for (auto d : discards_)
    if (d != 0xFF) discards.push_back(std::to_string(d >> 4) + tile_text(d & 15));
  s += " discards=" + join(discards);
  s += " dogu=";
  for (int d = 0; d < 6; ++d) s += "sac"[dogu_[d]];
  std::vector<std::string> kofun_state;
  for (int k = 0; k < r.num_kofun; ++k)
    kofun_state.push_back(kofun_[k] == 0 ? std::string("r")
                                         : std::to_string(kofun_owner(k)) + (kofun_used(k) ? "u" : ""));
  s += " kofun_state=" + join(kofun_state);
  std::string turn, game;
  if (turn_flags_ & kTurnDiscarded) turn += 'd';
  if (turn_flags_ & kTurnKofun) turn += 'k';
  if (game_flags_ & kGameFaceDown) game += 'f';
  if (game_flags_ & kGameRevealed) game += 'r';
  s += " turn=" + (turn.empty() ? std::string("-") : turn);
  s += " game=" + (game.empty() ? std::string("-") : game);
  s += " turn_placed=" + std::to_string(turn_placed_);
  if (r.rounds == 2) {
    std::string vip;
    for (int c = 0; c < kColours; ++c)
      if (vip_ >> c & 1) vip += kColourLetters[c];
    s += " round=" + std::to_string(round_ + 1) + " vip=" + (vip.empty() ? std::string("-") : vip);
    s += " earlier=" + std::to_string(earlier_[0]) + "," + std::to_string(earlier_[1]);
    s += " reshuffle=" + std::to_string(reshuffle_);
  }
  return s;
}

State State::parse(std::string_view text) {
  std::array<std::string_view, kNumKeys> value{};
  std::array<bool, kNumKeys> seen{};
  for (auto token : split(text, ' ')) {
    if (token.empty()) continue;
    const auto eq = token.find('=');
    if (eq == std::string_view::npos)
      throw NotationError("haniwa position: '" + std::string(token) + "' is not key=value");
    const auto key = token.substr(0, eq);
    int idx = -1;
    for (int i = 0; i < kNumKeys; ++i)
      if (key == kKeys[i]) idx = i;
    if (idx < 0) throw NotationError("haniwa position: unknown field '" + std::string(key) + "'");
    if (seen[idx]) fail(std::string(key), "given twice");
    seen[idx] = true;
    value[idx] = token.substr(eq + 1);
  }
  auto get = [&](int idx) {
    if (!seen[idx]) throw NotationError(std::string("haniwa position: field '") + kKeys[idx] + "' is missing");
    return value[idx];
  };

  Rules r;
  r.players = parse_int(get(0), "players", 1, 4);
  if (r.players == 3) fail("players", "expected 1, 2 or 4");
  const auto cmp = Rules::comparison_named(get(1));
  if (!cmp) fail("comparison", "expected standard or colour_first");
  r.comparison = *cmp;
  const auto sd = Rules::start_dice_named(get(2));
  if (!sd) fail("start_dice", "expected ones or rolled");
  r.start_dice = *sd;
  const auto fill = Rules::solo_fill_named(get(3));
  if (!fill) fail("solo_fill", "expected column or row");
  r.solo_fill = *fill;
  r.rounds = seen[kRounds] ? parse_int(get(kRounds), "rounds", 1, 2) : 1;
  if (seen[kSoloDiceScore]) {
    const auto v = get(kSoloDiceScore);
    if (v == "true") r.solo_dice_score = true;
    else if (v != "false") fail("solo_dice_score", "expected true or false");
  }
  if (get(4) != "-")
    for (auto t : split(get(4), ',')) {
      const int kind = parse_tile(t);
      if (kind < 0 || t.size() < 4 || t[2] != 'x') fail("tiles", "expected entries like R1x3, got '" + std::string(t) + "'");
      if (r.tile_counts[kind]) fail("tiles", tile_text(kind) + " given twice");
      r.tile_counts[kind] = static_cast<std::uint8_t>(parse_int(t.substr(3), "tiles", 1, kMaxStock));
    }
  const auto kof = get(5);
  if (kof != "-") {
    if (kof.size() > kMaxKofun) fail("kofun", "at most " + std::to_string(kMaxKofun) + " Kofun");
    for (char c : kof) {
      const int colour = colour_index(c);
      if (colour < 0) fail("kofun", "'" + std::string(1, c) + "' is not a colour letter R B G Y N");
      r.kofun_colours[r.num_kofun++] = static_cast<std::uint8_t>(colour);
    }
  }
  State s;
  try {
    s.rules_id_ = static_cast<std::uint8_t>(intern_rules(r));
  } catch (const RuleOptionError& e) {
    throw NotationError(std::string("haniwa position, rules fields: ") + e.what());
  }
  s.cells_.fill(kEmptyCell);
  s.stock_.fill(0xFF);
  for (auto& h : s.hands_) h.fill(kNoTile);
  s.discards_.fill(0xFF);
  s.first_ = static_cast<std::uint8_t>(parse_int(get(6), "first", 0, r.players - 1));
  s.to_move_ = static_cast<std::uint8_t>(parse_int(get(7), "to_move", 0, r.players - 1));
  const auto ph = get(8);
  if (ph == "place") s.phase_ = static_cast<std::uint8_t>(Phase::kPlace);
  else if (ph == "choose") s.phase_ = static_cast<std::uint8_t>(Phase::kChooseKofun);
  else if (ph == "over") s.phase_ = static_cast<std::uint8_t>(Phase::kOver);
  else fail("phase", "expected place, choose or over");
  const auto dice = get(9);
  if (dice.size() != kColours) fail("dice", "expected four digits 1-6");
  for (int c = 0; c < kColours; ++c) {
    if (dice[c] < '1' || dice[c] > '6') fail("dice", "expected four digits 1-6");
    s.dice_[c] = static_cast<std::uint8_t>(dice[c] - '0');
  }
  for (int z = 0; z < 2; ++z) {
    const std::string field = "zone" + std::to_string(z);
    if (z > 0 && r.solo()) {
      if (seen[10 + z]) fail(field, "not used in a solo game");
      continue;
    }
    const auto cells = split(get(10 + z), ',');
    if (static_cast<int>(cells.size()) != r.zone_cells())
      fail(field, "expected " + std::to_string(r.zone_cells()) + " cells, got " + std::to_string(cells.size()));
    for (int i = 0; i < r.zone_cells(); ++i) {
      const auto c = cells[i];
      if (c == ".") continue;
      const int kind = parse_tile(c);
      const std::string where = "cell " + std::to_string(i) + " '" + std::string(c) + "'";
      if (kind < 0) fail(field, where + ": expected '.', a tile like R2, R2* (face down) or R2+k (under Kofun k)");
      bool face_down = false;
      int kofun = -1;
      if (c.size() == 3 && c[2] == '*') face_down = true;
      else if (c.size() >= 4 && c[2] == '+') kofun = parse_int(c.substr(3), field, 0, r.num_kofun - 1);
      else if (c.size() != 2) fail(field, where + ": unexpected suffix");
      s.cells_[z * 12 + i] = make_cell(kind, kofun, face_down);
      ++s.placed_;
    }
  }
  for (int p = 0; p < 4; ++p) {
    const std::string field = "hand" + std::to_string(p);
    if (p >= r.players) {
      if (seen[hand_key(p)]) fail(field, "no such player");
      continue;
    }
    if (get(hand_key(p)) == "-") continue;
    const auto tiles = split(get(hand_key(p)), ',');
    if (static_cast<int>(tiles.size()) > r.hand_size())
      fail(field, "more than " + std::to_string(r.hand_size()) + " tiles");
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      const int kind = parse_tile(tiles[i]);
      if (kind < 0 || tiles[i].size() != 2) fail(field, "'" + std::string(tiles[i]) + "' is not a tile like R2");
      s.hands_[p][i] = static_cast<std::uint8_t>(kind);
    }
    std::sort(s.hands_[p].begin(), s.hands_[p].end());
  }
  std::vector<int> stock;
  if (get(14) != "-")
    for (auto t : split(get(14), ',')) {
      const int kind = parse_tile(t);
      if (kind < 0 || t.size() != 2) fail("stock", "'" + std::string(t) + "' is not a tile like R2");
      stock.push_back(kind);
    }
  if (static_cast<int>(stock.size()) > r.total_tiles()) fail("stock", "more tiles than the tile set");
  s.stock_pos_ = static_cast<std::uint8_t>(r.total_tiles() - static_cast<int>(stock.size()));
  for (std::size_t j = 0; j < stock.size(); ++j) s.set_stock(s.stock_pos_ + static_cast<int>(j), stock[j]);
  if (get(15) != "-") {
    const auto ds = split(get(15), ',');
    if (ds.size() > 4) fail("discards", "more than 4 discards");
    for (std::size_t i = 0; i < ds.size(); ++i) {
      const auto d = ds[i];
      const int kind = d.size() == 3 ? parse_tile(d.substr(1)) : -1;
      if (kind < 0 || d[0] < '0' || d[0] >= '0' + r.players)
        fail("discards", "'" + std::string(d) + "' is not player + tile, like 0R2");
      s.discards_[i] = static_cast<std::uint8_t>(kind | (d[0] - '0') << 4);
    }
  }
  const auto dogu = get(16);
  if (dogu.size() != 6) fail("dogu", "expected 6 letters s (asleep), a (awake), c (cursed)");
  for (int d = 0; d < 6; ++d) {
    const char c = dogu[d];
    if (c == 's') s.dogu_[d] = kAsleep;
    else if (c == 'a') s.dogu_[d] = kAwake;
    else if (c == 'c') s.dogu_[d] = kCursed;
    else fail("dogu", "expected 6 letters s (asleep), a (awake), c (cursed)");
  }
  const auto ks = get(17);
  const auto kparts = ks == "-" ? std::vector<std::string_view>{} : split(ks, ',');
  if (static_cast<int>(kparts.size()) != r.num_kofun)
    fail("kofun_state", "expected " + std::to_string(r.num_kofun) + " entries");
  for (int k = 0; k < r.num_kofun; ++k) {
    const auto e = kparts[k];
    if (e == "r") continue;
    const int teams = r.solo() ? 1 : 2;
    if (e.empty() || e.size() > 2 || e[0] < '0' || e[0] >= '0' + teams || (e.size() == 2 && e[1] != 'u'))
      fail("kofun_state", "'" + std::string(e) + "' is not r, a team (0, 1) or a team + u");
    s.kofun_[k] = static_cast<std::uint8_t>(1 + (e[0] - '0') + (e.size() == 2 ? 4 : 0));
  }
  const auto turn = get(18);
  if (turn != "-")
    for (char c : turn) {
      const std::uint8_t f = c == 'd' ? kTurnDiscarded : c == 'k' ? kTurnKofun : 0;
      if (!f || (s.turn_flags_ & f)) fail("turn", "expected '-' or the letters d (discarded), k (Kofun played)");
      s.turn_flags_ |= f;
    }
  const auto game = get(19);
  if (game != "-")
    for (char c : game) {
      const std::uint8_t f = c == 'f' ? kGameFaceDown : c == 'r' ? kGameRevealed : 0;
      if (!f || (s.game_flags_ & f)) fail("game", "expected '-' or the letters f (face-down tile played), r (revealed)");
      s.game_flags_ |= f;
    }
  s.turn_placed_ = static_cast<std::uint8_t>(parse_int(get(20), "turn_placed", 0, 3));
  if (r.rounds == 1) {
    for (int k : {kRound, kVip, kEarlier, kReshuffle})
      if (seen[k]) fail(kKeys[k], "only in a two-round match (rounds=2)");
  } else {
    s.round_ = static_cast<std::uint8_t>(parse_int(get(kRound), "round", 1, 2) - 1);
    const auto vip = get(kVip);
    if (vip != "-")
      for (char c : vip) {
        const int colour = colour_index(c);
        if (colour < 0 || colour >= kColours || (s.vip_ >> colour & 1))
          fail("vip", "expected '-' or distinct Gozoku letters R B G Y");
        s.vip_ |= static_cast<std::uint8_t>(1 << colour);
      }
    if ((s.round_ == 0) != (s.vip_ == 0)) fail("vip", "the second game has VIP Gozoku, the first none");
    const auto earlier = split(get(kEarlier), ',');
    if (earlier.size() != 2) fail("earlier", "expected two team scores like 12,9");
    for (int t = 0; t < 2; ++t) s.earlier_[t] = static_cast<std::uint8_t>(parse_int(earlier[t], "earlier", 0, 255));
    if (s.round_ == 0 && (s.earlier_[0] || s.earlier_[1])) fail("earlier", "must be 0,0 in the first game");
    const auto rs = get(kReshuffle);
    if (rs.empty() || rs.size() > 10) fail("reshuffle", "expected a number 0..4294967295");
    std::uint64_t v = 0;
    for (char c : rs) {
      if (c < '0' || c > '9') fail("reshuffle", "expected a number 0..4294967295");
      v = v * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (v > 0xFFFFFFFFULL) fail("reshuffle", "expected a number 0..4294967295");
    s.reshuffle_ = static_cast<std::uint32_t>(v);
  }
  s.validate_parsed();
  s.hash_ = s.recompute_hash() ^ s.aggregate_hash();
  return s;
}

// Consistency of a parsed position, so that every parsed state plays on without getting stuck.
void State::validate_parsed() const {
  const Rules& r = rules();
  const bool choose = phase_ == static_cast<std::uint8_t>(Phase::kChooseKofun);
  const bool over = phase_ == static_cast<std::uint8_t>(Phase::kOver);
  std::array<int, kKinds> count{};
  std::array<int, kMaxKofun> kofun_cells{};
  int face_down = 0, face_down_zone = -1;
  for (int i = 0; i < kMaxCells; ++i) {
    const auto c = cells_[i];
    if (cell_empty(c)) continue;
    ++count[cell_kind(c)];
    if (cell_face_down(c)) {
      ++face_down;
      face_down_zone = i / 12;
    }
    const int k = cell_kofun(c);
    if (k >= 0) {
      ++kofun_cells[k];
      const int zone = r.solo() ? 0 : i / 12;
      if (kofun_[k] != 5 + zone) fail("zone" + std::to_string(zone), "Kofun " + std::to_string(k) +
                                                                           " is stacked here but kofun_state does not "
                                                                           "say it was used by this zone's player");
    }
  }
  for (int k = 0; k < r.num_kofun; ++k)
    if (kofun_used(k) && kofun_cells[k] != 1) fail("kofun_state", "used Kofun " + std::to_string(k) +
                                                                    " must be stacked on exactly one cell");
  for (const auto& h : hands_)
    for (auto k : h)
      if (k != kNoTile) ++count[k];
  for (auto d : discards_)
    if (d != 0xFF) ++count[d & 15];
  for (int j = stock_pos_; j < r.total_tiles(); ++j) ++count[stock_at(j)];
  // A tile written too often is named first (the one the writer most likely mistyped), then one missing.
  for (const bool excess : {true, false})
    for (int k = 0; k < kKinds; ++k)
      if (excess ? count[k] > r.tile_counts[k] : count[k] < r.tile_counts[k])
        fail("stock", "tile " + tile_text(k) + " appears " + std::to_string(count[k]) +
                          " times in zones, hands, discards and stock; the tile set has " +
                          std::to_string(r.tile_counts[k]));
  if (face_down > 1) fail("zone" + std::to_string(face_down_zone), "more than one face-down tile");
  if (face_down && (face_down_zone != team(first_) || !(game_flags_ & kGameFaceDown) || (game_flags_ & kGameRevealed)))
    fail("game", "a face-down tile needs flag f, no flag r, and must lie in the first player's team zone");
  if ((game_flags_ & kGameRevealed) && (!(game_flags_ & kGameFaceDown) || placed_ != kMaxCells))
    fail("game", "flag r (revealed) needs flag f and full zones");
  if (over && (placed_ != kMaxCells || face_down)) fail("phase", "over needs full zones and no hidden tile");
  if (over && r.rounds == 2 && round_ == 0) fail("phase", "the first game of a two-round match goes on to round 2");
  if (choose && reserve_empty()) fail("phase", "choose needs a Kofun in the reserve");
  if (r.solo()) {
    if (discards_[0] != 0xFF) fail("discards", "no discards in a solo game");
    if (turn_flags_ & kTurnDiscarded) fail("turn", "no discards in a solo game");
    if (game_flags_) fail("game", "no face-down tile in a solo game");
    for (auto d : dogu_)
      if (d == kCursed) fail("dogu", "no curses in a solo game");
    const int expect = over ? 0 : (placed_ - (choose ? 1 : 0)) % 4;
    if (turn_placed_ != expect) fail("turn_placed", "does not match the tiles placed (" + std::to_string(placed_) + ")");
    if (hand_size(0) != (over ? 0 : kHandSize - turn_placed_ - (choose ? 1 : 0)))
      fail("hand0", "a solo hand holds 4 tiles minus those placed this turn");
    if (r.solo_fill == SoloFill::kColumn)
      for (int c = 0; c < kZoneColumns; ++c)
        for (int row = 1; row < 6; ++row)
          if (!cell_empty(cells_[row * 4 + c]) && cell_empty(cells_[(row - 1) * 4 + c]))
            fail("zone0", "columns must be filled from the bottom with solo_fill=column");
    if (r.solo_fill == SoloFill::kRow) {
      for (int row = 0; row < 6; ++row) {
        int n = 0;
        for (int c = 0; c < kZoneColumns; ++c) n += !cell_empty(cells_[row * 4 + c]);
        const int want = row < placed_ / 4 ? 4 : row == placed_ / 4 ? placed_ % 4 : 0;
        if (n != want) fail("zone0", "rows must be filled in order with solo_fill=row");
      }
    }
  } else {
    if (turn_placed_ != 0) fail("turn_placed", "only used in solo games");
    for (int p = 0; p < r.players; ++p)
      if (discards_used(p) > r.max_discards())
        fail("discards", "at most " + std::to_string(r.max_discards()) + " discards per player");
    // Seats play in turn from the first player: the zones' fill and the player to move follow from `placed_`.
    const int n_players = r.players;
    int n[2] = {0, 0}, expect[2] = {0, 0};
    for (int i = 0; i < kMaxCells; ++i) n[i / 12] += !cell_empty(cells_[i]);
    for (int k = 0; k < placed_; ++k) ++expect[team((first_ + k) % n_players)];
    const bool reveal = game_flags_ & kGameRevealed;
    int mover = (first_ + placed_ - (choose ? 1 : 0)) % n_players;
    if (reveal && choose) mover = first_;
    const bool ok = n[0] == expect[0] && n[1] == expect[1] && (over || to_move_ == mover);
    if (!ok) fail("to_move", "does not match the number of tiles in each zone");
    // While the stock lasts hands are full, except the hand of a player choosing a Kofun after a placement: it
    // draws back up after the choice (one tile short; a full hand is also read, as written before that rule).
    if (stock_pos_ < r.total_tiles())
      for (int p = 0; p < 2; ++p) {
        const bool owed = choose && !reveal && p == to_move_ && hand_size(p) == r.hand_size() - 1;
        if (hand_size(p) != r.hand_size() && !owed)
          fail("hand" + std::to_string(p), "hands are full while the stock lasts (the chooser of a Kofun: one short)");
      }
  }
  if (!over) {
    MoveList<kMaxMoves> ml;
    legal_moves(ml);
    if (ml.empty()) fail("phase", "the player to move has no legal move");
  }
}

std::string State::move_to_string(Move m) const {
  switch (move_type(m)) {
    case MoveType::kDiscard:
      return "-" + tile_text(move_kind(m) % kKinds);
    case MoveType::kTake:
      return std::string("+") + kColourLetters[move_take_colour(m) % kKofunColours];
    case MoveType::kPlace:
    default: {
      const int cell = move_cell(m);
      std::string s = tile_text(move_kind(m) % kKinds) + static_cast<char>('a' + cell % 4) +
                      std::to_string(cell / 4 + 1);
      if (move_mode(m) == PlaceMode::kFaceDown) s += '*';
      if (move_mode(m) == PlaceMode::kKofun) s += std::string("+") + kColourLetters[move_kofun_colour(m) % kKofunColours];
      return s;
    }
  }
}

Move State::parse_move(std::string_view s) const {
  const std::string text(s);
  auto bad = [&](const std::string& why) {
    return NotationError("haniwa move '" + text + "': " + why +
                         " (expected R2a1, R2a1*, R2a1+Y, -R2 or +Y)");
  };
  Move m = kNoMove;
  if (s.size() == 2 && s[0] == '+') {
    const int colour = colour_index(s[1]);
    if (colour < 0) throw bad("unknown Kofun colour");
    m = take_move(colour);
  } else if (s.size() == 3 && s[0] == '-') {
    const int kind = parse_tile(s.substr(1));
    if (kind < 0) throw bad("unknown tile");
    m = discard_move(kind);
  } else {
    const int kind = parse_tile(s);
    if (kind < 0) throw bad("unknown tile");
    if (s.size() < 4 || s[2] < 'a' || s[2] > 'd' || s[3] < '1' || s[3] > '6') throw bad("bad cell");
    const int cell = (s[3] - '1') * 4 + (s[2] - 'a');
    const auto rest = s.substr(4);
    if (rest.empty()) m = place_move(kind, cell, PlaceMode::kNormal);
    else if (rest == "*") m = place_move(kind, cell, PlaceMode::kFaceDown);
    else if (rest.size() == 2 && rest[0] == '+' && colour_index(rest[1]) >= 0)
      m = place_move(kind, cell, PlaceMode::kKofun, colour_index(rest[1]));
    else throw bad("bad suffix");
  }
  MoveList<kMaxMoves> ml;
  legal_moves(ml);
  if (!ml.contains(m)) throw IllegalMoveError("haniwa move '" + text + "' is not legal in this position");
  return m;
}

}  // namespace kofun::haniwa
