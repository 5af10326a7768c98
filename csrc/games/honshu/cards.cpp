// Honshu card table loading and validation (see cards.hpp).
#include "cards.hpp"

#include "../../core/errors.hpp"

namespace kofun::honshu {
namespace {

CardTable g_table;

int colour_of_name(std::string_view s) noexcept {
  for (int c = 0; c < kColours; ++c)
    if (s == kColourNames[c]) return c;
  return -1;
}

void set_card(CardTable& t, int id, const std::uint8_t* kinds) {
  for (int i = 0; i < 6; ++i) t.raw[id][i] = kinds[i];
  for (int rot = 0; rot < 4; ++rot)
    for (int i = 0; i < 6; ++i) {
      const int r = i / 2, c = i % 2;
      int row = 0, col = 0;
      switch (rot) {
        case 0: row = r, col = c; break;
        case 1: row = c, col = 2 - r; break;
        case 2: row = 2 - r, col = 1 - c; break;
        default: row = 1 - c, col = r; break;
      }
      t.squares[id][rot][i] = Square{static_cast<std::int8_t>(col), static_cast<std::int8_t>(row), kinds[i]};
    }
}

}  // namespace

const CardTable& cards() noexcept { return g_table; }
bool cards_loaded() noexcept { return g_table.loaded; }

const CardTable& require_cards() {
  if (!g_table.loaded)
    throw RuleOptionError("honshu: the card table is not loaded (solver.games.honshu loads it at import)");
  return g_table;
}

std::uint8_t parse_kind(std::string_view s) noexcept {
  if (s == "wasteland") return kWasteland;
  if (s == "town") return kTown;
  if (s == "forest") return kForest;
  if (s == "lake") return kLake;
  if (s.substr(0, 11) == "production:") {
    const int c = colour_of_name(s.substr(11));
    return c < 0 ? std::uint8_t{kEmpty} : static_cast<std::uint8_t>(kProduction + c);
  }
  if (s.substr(0, 8) == "factory:") {
    const std::string_view rest = s.substr(8);
    const auto colon = rest.find(':');
    if (colon == std::string_view::npos || colon + 2 != rest.size()) return kEmpty;
    const int c = colour_of_name(rest.substr(0, colon));
    const int v = rest[colon + 1] - '0';
    if (c < 0 || v < 2 || v > 4) return kEmpty;
    return static_cast<std::uint8_t>(kFactory + 3 * c + v - 2);
  }
  return kEmpty;
}

std::string kind_name(int k) {
  switch (k) {
    case kWasteland: return "wasteland";
    case kTown: return "town";
    case kForest: return "forest";
    case kLake: return "lake";
    default: break;
  }
  if (is_production(k)) return std::string("production:") + kColourNames[production_colour(k)];
  if (is_factory(k))
    return std::string("factory:") + kColourNames[factory_colour(k)] + ':' + std::to_string(factory_value(k));
  return "empty";
}

void load_cards(const std::vector<std::vector<std::string>>& map_cards,
                const std::vector<std::vector<std::string>>& start_cards) {
  if (map_cards.size() != kNumMapCards)
    throw RuleOptionError("honshu cards: expected 60 map cards, got " + std::to_string(map_cards.size()));
  if (start_cards.size() != kNumStartCards)
    throw RuleOptionError("honshu cards: expected 6 start cards, got " + std::to_string(start_cards.size()));
  CardTable t;
  auto read = [](const std::vector<std::string>& names, std::size_t want, const std::string& what, std::uint8_t* out) {
    if (names.size() != want)
      throw RuleOptionError("honshu cards: " + what + " has " + std::to_string(names.size()) + " squares, expected " +
                            std::to_string(want));
    for (std::size_t i = 0; i < want; ++i) {
      out[i] = parse_kind(names[i]);
      if (out[i] == kEmpty)
        throw RuleOptionError("honshu cards: " + what + ", square " + std::to_string(i + 1) + ": unknown square '" +
                              names[i] + "' (town, forest, lake, wasteland, production:<colour>, "
                              "factory:<colour>:<2..4>; colours blue, brown, grey, yellow)");
    }
  };
  for (int n = 0; n < kNumMapCards; ++n) {
    std::uint8_t k[6];
    read(map_cards[n], 6, "map card " + std::to_string(n + 1), k);
    set_card(t, n, k);
  }
  for (int l = 0; l < kNumStartCards; ++l) {
    std::uint8_t k[12];
    read(start_cards[l], 12, std::string("start card ") + static_cast<char>('A' + l), k);
    set_card(t, start_id(l, 0), k);
    set_card(t, start_id(l, 1), k + 6);
  }
  t.loaded = true;
  if (g_table.loaded) {
    if (g_table.raw != t.raw)
      throw RuleOptionError("honshu cards: a different card table is already loaded (the table is immutable)");
    return;
  }
  g_table = t;
}

}  // namespace kofun::honshu
