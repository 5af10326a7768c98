// Haniwa information states and worlds (notation and layout described in information.hpp).
#include "information.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "../../core/errors.hpp"
#include "../../core/notation.hpp"

namespace kofun::haniwa {
namespace {

[[noreturn]] void fail(const std::string& field, const std::string& what) {
  throw NotationError("haniwa information state, field '" + field + "': " + what);
}

// A non-negative decimal number of at most 3 digits in lo..hi.
int number(std::string_view s, const std::string& field, int lo, int hi) {
  int v = 0;
  if (s.empty() || s.size() > 3) v = -1;
  for (char c : s)
    if (v >= 0) v = c >= '0' && c <= '9' ? v * 10 + (c - '0') : -1;
  if (v < lo || v > hi)
    fail(field, "expected a number " + std::to_string(lo) + ".." + std::to_string(hi) + ", got '" + std::string(s) + "'");
  return v;
}

int team(int player) { return player & 1; }

template <std::size_t N>
std::uint64_t pack(const std::array<std::uint8_t, N>& a) noexcept {
  static_assert(N <= 8);
  std::uint64_t v = 0;
  std::memcpy(&v, a.data(), N);
  return v;
}

// The reshuffle seed of a two-round world given without its seed slot: a fixed hash of the tile slots (the stock
// order is uniformly random in a sampled world, so the seed is as well, and the same world gives the same seed).
std::uint32_t derived_reshuffle(std::span<const std::int32_t> tiles) noexcept {
  std::uint64_t h = 0x7265736875666C65ULL;
  for (std::int32_t k : tiles) {
    std::uint64_t x = h ^ static_cast<std::uint32_t>(k);
    h = splitmix64(x);
  }
  return static_cast<std::uint32_t>(h >> 32);
}

struct Token {
  std::string_view key, value;
};

}  // namespace

std::string InformationState::format(const State& s, int view) {
  const Rules& r = s.rules();
  if (view < 0 || view >= r.players)
    throw NotationError("haniwa information state: player " + std::to_string(view) + " is not 0.." +
                        std::to_string(r.players - 1));
  const std::string full = s.to_string();
  std::string out = "view=" + std::to_string(view);
  for (auto token : notation::split(full, ' ')) {
    const auto eq = token.find('=');
    const auto key = token.substr(0, eq);
    std::string value(token.substr(eq + 1));
    if (key == "reshuffle") continue;
    if (key.size() == 5 && key.substr(0, 4) == "hand" && team(key[4] - '0') != team(view)) {
      value = std::to_string(s.hand_size(key[4] - '0'));
    } else if (key == "stock") {
      value = std::to_string(s.stock_left());
    } else if (!r.solo() && (key == "zone0" || key == "zone1") && key[4] - '0' != team(view)) {
      const int z = key[4] - '0';
      auto cells = notation::split(token.substr(eq + 1), ',');
      value.clear();
      for (int i = 0; i < r.zone_cells(); ++i) {
        const std::uint8_t code = s.cells_[z * 12 + i];
        if (i) value += ',';
        if (cell_face_down(code)) value += "?*";
        else if (cell_kofun(code) >= 0) value += "?+" + std::to_string(cell_kofun(code));
        else value += cells[i];
      }
    } else if (key == "discards" && value != "-") {
      auto entries = notation::split(token.substr(eq + 1), ',');
      value.clear();
      for (std::size_t i = 0; i < entries.size(); ++i) {
        if (i) value += ',';
        const auto e = entries[i];
        value += team(e[0] - '0') != team(view) ? std::string(1, e[0]) + "?" : std::string(e);
      }
    }
    out += ' ';
    out.append(key);
    out += '=' + value;
  }
  return out;
}

InformationState InformationState::parse(std::string_view info) {
  std::vector<Token> tokens;
  for (auto t : notation::split(info, ' ')) {
    if (t.empty()) continue;
    const auto eq = t.find('=');
    if (eq == std::string_view::npos)
      throw NotationError("haniwa information state: '" + std::string(t) + "' is not key=value");
    const Token tok{t.substr(0, eq), t.substr(eq + 1)};
    for (const auto& o : tokens)
      if (o.key == tok.key) fail(std::string(tok.key), "given twice");
    tokens.push_back(tok);
  }
  auto find = [&](std::string_view key) -> std::optional<std::string_view> {
    for (const auto& t : tokens)
      if (t.key == key) return t.value;
    return std::nullopt;
  };
  auto get = [&](std::string_view key) {
    const auto v = find(key);
    if (!v) fail(std::string(key), "missing");
    return *v;
  };
  if (find("reshuffle")) fail("reshuffle", "the second game's shuffle seed is hidden from every player");
  const int players = number(get("players"), "players", 1, 4);
  if (players == 3) fail("players", "expected 1, 2 or 4");
  const int view = number(get("view"), "view", 0, players - 1);
  const bool solo = players == 1;
  const int hand_cap = players == 4 ? 3 : kHandSize;
  const int rounds = find("rounds") ? number(get("rounds"), "rounds", 1, 2) : 1;

  // The tile set (strictly validated again by the position parser).
  std::array<int, kKinds> unseen{};
  const auto tiles = get("tiles");
  if (tiles != "-")
    for (auto t : notation::split(tiles, ',')) {
      const int kind = text::parse_tile(t);
      if (kind < 0 || t.size() < 4 || t[2] != 'x') fail("tiles", "expected entries like R1x3, got '" + std::string(t) + "'");
      unseen[kind] += number(t.substr(3), "tiles", 1, kMaxStock);
    }
  std::string seen_field[kKinds];  // where a tile was last seen, for the error message
  auto see = [&](std::string_view t, const std::string& field) {
    const int kind = text::parse_tile(t);
    if (kind < 0) fail(field, "'" + std::string(t) + "' is not a tile like R2");
    --unseen[kind];
    seen_field[kind] = field;
    return kind;
  };

  int hidden = 0;                    // hidden tile slots
  std::vector<std::string> values;   // rebuilt values (one per token); '#' marks a hidden tile
  // Pass 1: count seen tiles and hidden slots; mark the holes with '#'.
  for (const auto& tok : tokens) {
    const std::string key(tok.key);
    std::string value(tok.value);
    if (key.size() == 5 && key.substr(0, 4) == "hand" && key[4] >= '0' && key[4] < '0' + players) {
      const int q = key[4] - '0';
      if (!solo && team(q) != team(view)) {
        const int n = number(tok.value, key, 0, hand_cap);
        hidden += n;
        value.clear();
        for (int i = 0; i < n; ++i) value += i ? ",#" : "#";
        if (n == 0) value = "-";
      } else if (tok.value != "-") {
        if (tok.value.size() <= 3 && !tok.value.empty() && tok.value[0] >= '0' && tok.value[0] <= '9')
          fail(key, "this hand is visible to player " + std::to_string(view) + ": list its tiles");
        for (auto t : notation::split(tok.value, ',')) {
          if (t.size() != 2) fail(key, "'" + std::string(t) + "' is not a tile like R2");
          see(t, key);
        }
      }
    } else if (key == "stock") {
      const int n = number(tok.value, "stock", 0, kMaxStock);
      hidden += n;
      value.clear();
      for (int i = 0; i < n; ++i) value += i ? ",#" : "#";
      if (n == 0) value = "-";
    } else if ((key == "zone0" || key == "zone1") && !(solo && key == "zone1")) {
      const int z = key[4] - '0';
      const bool other = !solo && z != team(view);
      value.clear();
      const auto cells = notation::split(tok.value, ',');
      for (std::size_t i = 0; i < cells.size(); ++i) {
        const auto c = cells[i];
        if (i) value += ',';
        const std::string where = "cell " + std::to_string(i) + " '" + std::string(c) + "'";
        if (!c.empty() && c[0] == '?') {
          if (!other) fail(key, where + ": the observer's team sees the tiles of its own zone");
          if (c != "?*" && !(c.size() >= 3 && c[1] == '+'))
            fail(key, where + ": a hidden tile is written ?* (face down) or ?+k (under Kofun k)");
          ++hidden;
          value += "#" + std::string(c.substr(1));
          continue;
        }
        if (c != ".") {
          if (other && c.size() > 2 && (c[2] == '*' || c[2] == '+'))
            fail(key, where + ": this tile is hidden from player " + std::to_string(view) + ", write ?" +
                          std::string(c.substr(2)));
          see(c.substr(0, 2), key);
        }
        value += c;
      }
    } else if (key == "discards" && tok.value != "-") {
      value.clear();
      const auto entries = notation::split(tok.value, ',');
      for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto e = entries[i];
        if (i) value += ',';
        if (e.size() < 2 || e[0] < '0' || e[0] >= '0' + players)
          fail("discards", "'" + std::string(e) + "' is not player + tile (0R2) or player + ? (1?)");
        const bool other = team(e[0] - '0') != team(view);
        if (e.substr(1) == "?") {
          if (!other) fail("discards", "'" + std::string(e) + "': player " + std::to_string(view) +
                                           " knows the tiles their team discarded");
          ++hidden;
          value += std::string(1, e[0]) + "#";
          continue;
        }
        if (other) fail("discards", "'" + std::string(e) + "' is hidden from player " + std::to_string(view) +
                                        ": write " + std::string(1, e[0]) + "?");
        if (e.size() != 3) fail("discards", "'" + std::string(e) + "' is not player + tile, like 0R2");
        see(e.substr(1), "discards");
        value += e;
      }
    }
    values.push_back(std::move(value));
  }
  for (int k = 0; k < kKinds; ++k)
    if (unseen[k] < 0)
      fail(seen_field[k], "more " + text::tile_text(k) + " tiles are visible than the tile set holds");
  int total_unseen = 0;
  for (int k = 0; k < kKinds; ++k) total_unseen += unseen[k];
  if (total_unseen != hidden)
    fail("stock", std::to_string(total_unseen) + " tiles are unseen but the hidden hands, stock, hidden cells and "
                  "discards hold " + std::to_string(hidden));

  // Pass 2: one world (the unseen tiles in ascending order) as position notation, checked by the position parser.
  std::string position;
  int kind = 0, left = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].key == "view") continue;
    if (!position.empty()) position += ' ';
    position.append(tokens[i].key);
    position += '=';
    for (char c : values[i]) {
      if (c != '#') {
        position += c;
        continue;
      }
      while (left == 0) left = unseen[kind++];
      --left;
      position += text::tile_text(kind - 1);
    }
  }
  if (rounds == 2) position += " reshuffle=0";
  InformationState is;
  try {
    is.base_ = State::parse(position);
  } catch (const NotationError& e) {
    const std::string what = e.what();
    const auto cut = what.find("position");
    throw NotationError("haniwa information state" + (cut == std::string::npos ? ": " + what : what.substr(cut + 8)));
  }
  is.view_ = view;
  is.unseen_ = unseen;
  is.lay_out();
  return is;
}

InformationState InformationState::of(const State& s, int player) {
  InformationState is;
  format(s, player);  // checks the player
  is.base_ = s;
  is.view_ = player;
  is.lay_out();
  const auto world = hidden_world(s, player);
  for (int i = 0; i < is.num_slots_; ++i)
    if (is.slots_[i].group != SlotGroupId::kReshuffle) ++is.unseen_[world[i]];
  return is;
}

void InformationState::lay_out() {
  const State& s = base_;
  const Rules& r = s.rules();
  int n = 0;
  auto add = [&](SlotGroupId g, int index, int offset) {
    slots_[n++] = HiddenSlot{g, static_cast<std::uint8_t>(index), static_cast<std::uint8_t>(offset)};
  };
  if (!r.solo())
    for (int q = 0; q < r.players; ++q)
      if (team(q) != team(view_))
        for (int i = 0; i < s.hand_size(q); ++i) add(SlotGroupId::kHand, q, i);
  for (int j = s.stock_pos_; j < r.total_tiles(); ++j) add(SlotGroupId::kStock, j, 0);
  if (!r.solo()) {
    const int base = (1 - team(view_)) * 12;
    for (int i = base; i < base + 12; ++i)
      if (!cell_empty(s.cells_[i]) && cell_face_down(s.cells_[i])) add(SlotGroupId::kFaceDown, i, 0);
    for (int i = base; i < base + 12; ++i)
      if (!cell_empty(s.cells_[i]) && cell_kofun(s.cells_[i]) >= 0) add(SlotGroupId::kUnderKofun, i, 0);
  }
  for (int i = 0; i < 4; ++i)
    if (s.discards_[i] != 0xFF && team(s.discards_[i] >> 4) != team(view_)) add(SlotGroupId::kDiscards, i, 0);
  if (r.rounds == 2) add(SlotGroupId::kReshuffle, 0, 0);
  num_slots_ = n;
}

std::vector<std::pair<std::string, int>> InformationState::groups() const {
  const Rules& r = base_.rules();
  std::vector<std::pair<std::string, int>> out;
  if (!r.solo())
    for (int q = 0; q < r.players; ++q)
      if (team(q) != team(view_)) out.emplace_back("hand" + std::to_string(q), 0);
  const std::size_t hands = out.size();
  out.emplace_back("stock", 0);
  if (!r.solo()) {
    out.emplace_back("face_down", 0);
    out.emplace_back("under_kofun", 0);
    out.emplace_back("discards", 0);
  }
  if (r.rounds == 2) out.emplace_back("reshuffle", 0);
  for (const auto& slot : slots()) {
    if (slot.group == SlotGroupId::kHand) {
      ++out[slot.index >> 1].second;  // hidden players are every other seat: q >> 1 is their rank
      continue;
    }
    static constexpr const char* kNames[] = {"", "stock", "face_down", "under_kofun", "discards", "reshuffle"};
    for (std::size_t g = hands; g < out.size(); ++g)
      if (out[g].first == kNames[static_cast<int>(slot.group)]) ++out[g].second;
  }
  return out;
}

std::string InformationState::to_string() const { return format(base_, view_); }

State InformationState::world(std::span<const std::int32_t> world) const {
  const bool seedless = base_.rules().rounds == 2 && static_cast<int>(world.size()) == num_slots_ - 1;
  if (static_cast<int>(world.size()) != num_slots_ && !seedless) {
    std::string layout;
    for (const auto& [name, size] : groups()) layout += (layout.empty() ? "" : " + ") + name + " " + std::to_string(size);
    throw WorldError("haniwa world: expected " + std::to_string(num_slots_) + " values (" + layout + "), got " +
                     std::to_string(world.size()));
  }
  std::array<int, kKinds> count{};
  for (int i = 0; i < static_cast<int>(world.size()); ++i) {
    if (slots_[i].group == SlotGroupId::kReshuffle) continue;
    const std::int32_t k = world[i];
    if (k < 0 || k >= kKinds)
      throw WorldError("haniwa world: value " + std::to_string(k) + " at position " + std::to_string(i) +
                       " is not a tile kind 0..11");
    ++count[k];
  }
  for (int k = 0; k < kKinds; ++k)
    if (count[k] != unseen_[k])
      throw WorldError("haniwa world: holds " + std::to_string(count[k]) + " " + text::tile_text(k) + " but " +
                       std::to_string(unseen_[k]) + " are unseen by player " + std::to_string(view_));
  State s = base_;
  std::uint8_t sort_hands = 0;
  for (int i = 0; i < num_slots_; ++i) {
    const HiddenSlot& slot = slots_[i];
    const auto k = static_cast<std::uint8_t>(i < static_cast<int>(world.size()) ? world[i] : 0);
    switch (slot.group) {
      case SlotGroupId::kHand:
        s.hands_[slot.index][slot.offset] = k;
        sort_hands |= static_cast<std::uint8_t>(1 << slot.index);
        break;
      case SlotGroupId::kStock:
        s.set_stock(slot.index, k);
        break;
      case SlotGroupId::kFaceDown:
      case SlotGroupId::kUnderKofun:
        s.cells_[slot.index] = static_cast<std::uint8_t>((s.cells_[slot.index] & 0xF0) | k);
        break;
      case SlotGroupId::kDiscards:
        s.discards_[slot.index] = static_cast<std::uint8_t>((s.discards_[slot.index] & 0xF0) | k);
        break;
      case SlotGroupId::kReshuffle:
        s.reshuffle_ = seedless ? derived_reshuffle(world) : std::bit_cast<std::uint32_t>(world[i]);
        break;
    }
  }
  for (int q = 0; q < 4; ++q)
    if (sort_hands >> q & 1) std::sort(s.hands_[q].begin(), s.hands_[q].end());
  s.hash_ = s.recompute_hash() ^ s.aggregate_hash();
  return s;
}

std::vector<std::int32_t> InformationState::hidden_world(const State& s, int view) {
  InformationState is;
  format(s, view);  // checks the player
  is.base_ = s;
  is.view_ = view;
  is.lay_out();
  std::vector<std::int32_t> out(static_cast<std::size_t>(is.num_slots_));
  for (int i = 0; i < is.num_slots_; ++i) {
    const HiddenSlot& slot = is.slots_[i];
    switch (slot.group) {
      case SlotGroupId::kHand: out[i] = s.hands_[slot.index][slot.offset]; break;
      case SlotGroupId::kStock: out[i] = s.stock_at(slot.index); break;
      case SlotGroupId::kFaceDown:
      case SlotGroupId::kUnderKofun: out[i] = cell_kind(s.cells_[slot.index]); break;
      case SlotGroupId::kDiscards: out[i] = s.discards_[slot.index] & 15; break;
      case SlotGroupId::kReshuffle: out[i] = std::bit_cast<std::int32_t>(s.reshuffle_); break;
    }
  }
  return out;
}

void State::assign_hidden(int observer, std::span<const std::int32_t> world) noexcept {
  const Rules& r = rules();
  std::size_t i = 0;
  if (!r.solo())
    for (int q = 0; q < r.players; ++q) {
      if (team(q) == team(observer)) continue;
      const int n = hand_size(q);
      auto& h = hands_[q];
      for (int j = 0; j < n; ++j) h[j] = static_cast<std::uint8_t>(world[i++]);
      for (int a = 1; a < n; ++a)  // insertion sort: hands stay sorted
        for (int b = a; b > 0 && h[b - 1] > h[b]; --b) std::swap(h[b - 1], h[b]);
    }
  for (int j = stock_pos_; j < r.total_tiles(); ++j) set_stock(j, world[i++]);
  if (!r.solo()) {
    const int base = (1 - team(observer)) * 12;
    for (int c = base; c < base + 12; ++c)
      if (!cell_empty(cells_[c]) && cell_face_down(cells_[c]))
        set_cell(c, static_cast<std::uint8_t>((cells_[c] & 0xF0) | world[i++]));
    for (int c = base; c < base + 12; ++c)
      if (!cell_empty(cells_[c]) && cell_kofun(cells_[c]) >= 0)
        set_cell(c, static_cast<std::uint8_t>((cells_[c] & 0xF0) | world[i++]));
  }
  for (auto& d : discards_)
    if (d != 0xFF && team(d >> 4) != team(observer)) d = static_cast<std::uint8_t>((d & 0xF0) | world[i++]);
  if (r.rounds == 2)
    reshuffle_ = i < world.size() ? std::bit_cast<std::uint32_t>(world[i]) : derived_reshuffle(world.first(i));
}

std::uint64_t State::observation_key(int observer) const noexcept {
  const Rules& r = rules();
  const int me = r.solo() ? 0 : team(observer);
  // Cells: the other team's hidden tiles masked (their face-down / Kofun marks stay visible).
  std::array<std::uint8_t, kMaxCells> cells = cells_;
  if (!r.solo())
    for (int c = (1 - me) * 12; c < (1 - me) * 12 + 12; ++c)
      if (!cell_empty(cells[c]) && (cell_face_down(cells[c]) || cell_kofun(cells[c]) >= 0))
        cells[c] = static_cast<std::uint8_t>(cells[c] & 0xF0);
  std::array<std::uint8_t, 16> hands{};
  for (int q = 0; q < 4; ++q)
    for (int j = 0; j < kHandSize; ++j)
      hands[q * 4 + j] = r.solo() || team(q) == me ? hands_[q][j] : static_cast<std::uint8_t>(j < hand_size(q));
  std::array<std::uint8_t, 4> discards = discards_;
  for (auto& d : discards)
    if (d != 0xFF && team(d >> 4) != me) d = static_cast<std::uint8_t>(d | 0x0F);
  std::array<std::uint8_t, 16> small{rules_id_, first_, to_move_, phase_, turn_flags_, game_flags_, placed_,
                                     turn_placed_, round_, vip_, earlier_[0], earlier_[1], stock_pos_,
                                     static_cast<std::uint8_t>(observer), 0, 0};
  std::uint64_t words[12];
  std::memcpy(words, cells.data(), 24);
  std::memcpy(words + 3, hands.data(), 16);
  std::memcpy(words + 5, small.data(), 16);
  words[7] = pack(dice_) | pack(discards) << 32;
  words[8] = pack(dogu_);
  words[9] = pack(kofun_);
  words[10] = words[11] = 0;
  std::uint64_t h = 0x6F62736572766521ULL;
  for (std::uint64_t w : words) {
    std::uint64_t x = h ^ w;
    h = splitmix64(x);
  }
  return h;
}

std::string State::information_state(int player) const { return InformationState::format(*this, player); }

State State::from_world(std::string_view info_state, std::span<const std::int32_t> world) {
  return InformationState::parse(info_state).world(world);
}

std::vector<std::int32_t> State::hidden_world(int player) const { return InformationState::hidden_world(*this, player); }

State State::with_hidden(int observer, std::span<const std::int32_t> world) const {
  if (observer < 0 || observer >= num_players())
    throw std::invalid_argument("with_hidden: observer must be in 0.." + std::to_string(num_players() - 1));
  auto truth = hidden_world(observer);
  const bool two_rounds = rules().rounds == 2;
  const std::size_t n = world.size();
  if (n != truth.size() && !(two_rounds && n + 1 == truth.size()))
    throw WorldError("haniwa world: expected " + std::to_string(truth.size()) + " values, got " + std::to_string(n));
  const std::size_t tiles = two_rounds ? truth.size() - 1 : truth.size();
  std::vector<std::int32_t> given(world.begin(), world.begin() + static_cast<std::ptrdiff_t>(std::min(n, tiles)));
  truth.resize(tiles);
  std::sort(given.begin(), given.end());
  std::sort(truth.begin(), truth.end());
  if (given != truth)
    throw WorldError("haniwa world: not an arrangement of the tiles hidden from player " + std::to_string(observer));
  State out = *this;
  out.assign_hidden(observer, world);
  return out;
}

State State::checked_setup(const Rules& rules, std::span<const int> stock, std::array<int, kColours> dice, int first,
                           std::uint32_t reshuffle) {
  std::vector<std::uint8_t> s;
  s.reserve(stock.size());
  for (int k : stock) {
    if (k < 0 || k >= kKinds) throw RuleOptionError("haniwa setup: tile kind must be 0..11");
    s.push_back(static_cast<std::uint8_t>(k));
  }
  return setup(intern_rules(rules), s, dice, first, reshuffle);
}

}  // namespace kofun::haniwa
