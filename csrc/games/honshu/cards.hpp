// Honshu card table: the squares of the 60 map cards and the 6 double-sided start cards, loaded once at run time
// from the package data (solver/data/honshu_cards.json, read by the Python package and handed over through
// load_cards) and immutable afterwards. Nothing here hard-codes a card's contents.
//
// Geometry. A card is 3 rows x 2 columns at rotation 0 (the JSON's layout, top row first). Rotation r turns it
// r quarter turns clockwise: rotations 0 and 2 are 3 rows tall and 2 wide, rotations 1 and 3 are 2 tall and 3 wide.
// Square (row i, column j) of the unrotated card lands at
//   r = 0: (i, j)      r = 1: (j, 2 - i)      r = 2: (2 - i, 1 - j)      r = 3: (1 - j, i)
// (row, column) of the rotated footprint, whose top-left square is the card's anchor.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kofun::honshu {

inline constexpr int kNumMapCards = 60;
inline constexpr int kNumStartCards = 6;
// Card ids: 0..59 map cards (number - 1); 60 + 2 * letter + side start cards (letter 0..5 = A..F, side 0 = A, 1 = B).
inline constexpr int kStartId = kNumMapCards;
inline constexpr int kNumCardIds = kNumMapCards + 2 * kNumStartCards;
constexpr int start_id(int letter, int side) noexcept { return kStartId + 2 * letter + side; }

enum Colour : int { kBlue = 0, kBrown = 1, kGrey = 2, kYellow = 3 };
inline constexpr int kColours = 4;
inline constexpr const char* kColourNames[kColours] = {"blue", "brown", "grey", "yellow"};

// Square kinds: 0 is "no card here" on a map.
enum Kind : std::uint8_t {
  kEmpty = 0, kWasteland = 1, kTown = 2, kForest = 3, kLake = 4,
  kProduction = 5,  // 5 + colour
  kFactory = 9,     // 9 + 3 * colour + (value - 2), value 2..4
};
inline constexpr int kNumKinds = 21;
constexpr bool is_production(int k) noexcept { return k >= kProduction && k < kFactory; }
constexpr bool is_factory(int k) noexcept { return k >= kFactory && k < kNumKinds; }
constexpr int production_colour(int k) noexcept { return k - kProduction; }
constexpr int factory_colour(int k) noexcept { return (k - kFactory) / 3; }
constexpr int factory_value(int k) noexcept { return (k - kFactory) % 3 + 2; }

// One square of a rotated card: offset from the anchor and kind.
struct Square {
  std::int8_t dx, dy;
  std::uint8_t kind;
};

struct CardTable {
  // squares[id][rot]: the 6 squares of card `id` in rotation `rot`.
  std::array<std::array<std::array<Square, 6>, 4>, kNumCardIds> squares{};
  // raw[id][i]: kind of square i (row-major, 3 rows x 2 columns) at rotation 0.
  std::array<std::array<std::uint8_t, 6>, kNumCardIds> raw{};
  bool loaded = false;
};

// The table (throws RuleOptionError "card table not loaded" from require_cards() until load_cards succeeds).
const CardTable& cards() noexcept;
const CardTable& require_cards();
bool cards_loaded() noexcept;

// Parses a square name ("town", "forest", "lake", "wasteland", "production:<colour>", "factory:<colour>:<2..4>");
// returns kEmpty on an unknown name.
std::uint8_t parse_kind(std::string_view name) noexcept;
std::string kind_name(int kind);

// Loads the table: `map_cards[n - 1]` the 6 square names of card n (row-major), `start_cards[l]` the 12 square names
// of start card l (side A then side B). Throws RuleOptionError naming the faulty card and square. Loading the same
// table again is a no-op; a different table after the first is refused (the table is immutable once searches may
// read it).
void load_cards(const std::vector<std::vector<std::string>>& map_cards,
                const std::vector<std::vector<std::string>>& start_cards);

// Footprint size of a rotation.
constexpr int foot_w(int rot) noexcept { return rot & 1 ? 3 : 2; }
constexpr int foot_h(int rot) noexcept { return rot & 1 ? 2 : 3; }

}  // namespace kofun::honshu
