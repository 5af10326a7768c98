// Haniwa as a full-information state (a "world"): the stock order, hands, dice and the face-down tile are all
// known, so the state is deterministic and the searches can play it directly. Modes: 2 players, 4 players in two
// teams, and solo.
//
// Layout (112 bytes, no pointers: the rules are a one-byte id into the registry of rules.hpp):
//   cells_[24]     cell codes (tiles.hpp). 2/4 players: zone z, row r, column c -> z * 12 + r * 4 + c (rows 0..2);
//                  solo: r * 4 + c with rows 0..5, row 0 at the bottom. Column c is the Gozoku of colour c.
//   stock_[24]     48 four-bit slots (slot j: byte j / 2, low nibble first): tile kinds in draw order; the
//                  remaining tiles fill slots stock_pos_ .. total - 1, every other slot holds kNoTile
//   hands_[4][4]   tile kinds sorted ascending, padded with kNoTile
//   dice_[4]       Happiness dice 1..6 (shared by both zones)
//   dogu_[6]       2 players: zone * 3 + row; solo: row. kAsleep / kAwake / kCursed (taken by the zone's owner)
//   kofun_[7]      bits 0-1: 0 in the reserve, 1 + t held by team t; bit 2: used (stacked on a cell)
//   discards_[4]   kind | player << 4 in discard order, 0xFF when unused
//   round_, vip_, earlier_, reshuffle_   two-round match: game index, VIP Gozoku, first-game team scores, and
//                  the seed from which the second game's stock is shuffled (part of the world)
//
// Turn structure (2 players): [discard-and-draw] place [take a Kofun]; the draw back to 4 happens right after
// the placement. The first player may place one tile face down per game; its checks (and the Dogu check of its
// row, which cannot be judged while a tile of that row is hidden) happen at the end, when both zones are full:
// a die passing 6 then lets the first player take a Kofun before the game ends.
// Solo: four placements per turn (checks after each, at most one under a Kofun), then draw 4.
// Hands are dealt player 0 first, then player 1, ...
//
// Teams: the team of player p is p & 1 (2 players: each player is a team; 4 players: seats 0, 2 against 1, 3).
// Zones, Dogu, Kofun and scores belong to teams; turns go round the seats from the first player. With 4 players
// hands hold 3 tiles, nobody discards, and any player of the first team may place the face-down tile (once).
//
// returns(p): 2 / 4 players: the score of p's team minus the other team's (positive = win, zero = draw);
// solo: the solo score.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../../core/game.hpp"
#include "moves.hpp"
#include "rules.hpp"

namespace kofun::haniwa {

enum class Phase : std::uint8_t { kPlace = 0, kChooseKofun = 1, kOver = 2 };
inline constexpr std::uint8_t kAsleep = 0, kAwake = 1, kCursed = 2;

// Score of one player, item by item (end-of-game scoring order of the rules).
struct ScoreBreakdown {
  std::array<int, kColours> column_points{};  // die of each column won and not cancelled (x2 for a VIP Gozoku);
                                              // solo: 0, or the final die with solo_dice_score
  std::array<int, kColours> smile_points{};   // smile bonus per column (2 players: 2; solo: 2 x die)
  std::array<bool, kColours> won{};           // column won (before curses; solo: always false)
  std::array<bool, kColours> cancelled{};     // won column cancelled by a curse
  int awake_dogu = 0;
  int cursed_dogu = 0;
  int dogu_points = 0;
  int kofun_points = 0;
  int earlier_rounds = 0;  // two-round match: the team's score in the first game (0 during the first game)
  int total = 0;           // everything above, including earlier_rounds
};

class State {
 public:
  static constexpr int kMaxPlayers = 4;  // the largest mode; num_players() gives the mode's count
  static constexpr int kMaxMoves = 4 + kHandSize * 12 * (2 + kKofunColours);

  // A new game: `stock` is the whole tile set in draw order, hands are dealt from it.
  // Throws RuleOptionError if the stock is not exactly the rules' tile set, dice are outside 1..6, or `first`
  // is not a player. `reshuffle` seeds the second game's stock order (and rolled dice) of a two-round match.
  static State setup(int rules_id, std::span<const std::uint8_t> stock, std::array<int, kColours> dice,
                     int first, std::uint32_t reshuffle = 0);
  // setup() from unchecked input (the bindings): `rules` validated and interned, tile kinds checked (0..11,
  // RuleOptionError otherwise), then as setup().
  static State checked_setup(const Rules& rules, std::span<const int> stock, std::array<int, kColours> dice, int first,
                             std::uint32_t reshuffle = 0);
  // A random world from `seed`: shuffled stock, first player at random, dice rolled when the rules say so, and
  // the second game's reshuffle seed.
  static State deal(int rules_id, std::uint64_t seed);

  int num_players() const { return rules().players; }
  int to_move() const noexcept { return to_move_; }
  bool is_terminal() const noexcept { return phase_ == static_cast<std::uint8_t>(Phase::kOver); }
  void legal_moves(MoveList<kMaxMoves>& ml) const noexcept;
  void apply(Move m) noexcept;
  double returns(int player) const noexcept;
  // The Zobrist key: the cell and stock keys, kept up to date by apply (hash_), XOR the keys of the small fields
  // (hands, dice, Dogu, Kofun, discards, counters), combined when asked so that apply does not rehash them.
  std::uint64_t hash() const noexcept { return hash_ ^ aggregate_hash(); }
  std::uint64_t recompute_hash() const noexcept;

  std::string to_string() const;
  static State parse(std::string_view s);
  std::string move_to_string(Move m) const;
  Move parse_move(std::string_view s) const;

  int remaining_plies_bound() const noexcept;

  // Hidden information (information.hpp / information.cpp): the information-state notation of what `player`
  // knows, a full state from an information state plus a world (the hidden items in the documented slot order;
  // WorldError when inconsistent), and the true world of `player` in this state.
  std::string information_state(int player) const;
  static State from_world(std::string_view info_state, std::span<const std::int32_t> world);
  std::vector<std::int32_t> hidden_world(int player) const;
  // The fast path of from_world (game.hpp, HasWorldAssignment): overwrites in place everything hidden from
  // `observer` with `world` (the from_world layout; in a two-round match the reshuffle slot may be left out, see
  // information.hpp) and updates the hash. Precondition (unchecked): `world` arranges exactly the items hidden
  // from `observer` here. No parsing, no allocation.
  void assign_hidden(int observer, std::span<const std::int32_t> world) noexcept;
  // assign_hidden on a copy, checked: std::invalid_argument for an observer that is not a player, WorldError unless
  // `world` arranges exactly the tiles hidden from `observer` (the reshuffle slot of a two-round match optional).
  State with_hidden(int observer, std::span<const std::int32_t> world) const;
  // Hash of everything information_state(observer) describes (HasObservationKey): public fields, the observer's
  // team's hands and tiles, the other team's hand sizes, cells with hidden tiles masked, discards with the other
  // team's tiles masked, the stock size. Equal information states give equal keys.
  std::uint64_t observation_key(int observer) const noexcept;

  // Baseline play (docs/haniwa.md, "AI and strength").
  // provisional_margin(p): the end-of-game scoring applied to the board as it stands, with every face-down tile
  // left out (unknown to the other team and not yet resolved): score of p's team minus the other team's (solo:
  // the score). It reads nothing hidden from p's team except through the face-down tile's absence.
  int provisional_margin(int player) const noexcept;
  // The greedy move of the player to move: the legal move maximising provisional_margin(mover) after it (i.e. the
  // immediate change of the provisional margin); ties broken uniformly at random with `rng`. A placement that
  // ends the game (it would reveal the face-down tile) is valued before the reveal, so the choice depends only on
  // the mover's information state.
  Move greedy_move(Rng& rng) const noexcept;

  // Scoring of the player's team (meaningful when terminal; computed from the current cells otherwise).
  ScoreBreakdown breakdown(int player) const noexcept;
  int score(int player) const noexcept { return breakdown(player).total; }

  // Accessors for display and tests.
  const Rules& rules() const noexcept { return rules_by_id(rules_id_); }
  int rules_id() const noexcept { return rules_id_; }
  Phase phase() const noexcept { return static_cast<Phase>(phase_); }
  int first_player() const noexcept { return first_; }
  int die(int colour) const noexcept { return dice_[colour]; }
  std::uint8_t cell(int zone, int index) const noexcept { return cells_[zone * 12 + index]; }
  int team_of(int player) const noexcept { return team(player); }
  int dogu(int zone, int row) const noexcept { return dogu_[zone * 3 + row]; }
  int kofun_owner(int k) const noexcept { return (kofun_[k] & 3) - 1; }  // team; -1: in the reserve
  bool kofun_used(int k) const noexcept { return (kofun_[k] & 4) != 0; }
  int hand_size(int player) const noexcept;
  int hand_tile(int player, int i) const noexcept { return hands_[player][i]; }
  int stock_left() const noexcept { return rules().total_tiles() - stock_pos_; }
  int discards_used(int player) const noexcept;
  int placed() const noexcept { return placed_; }
  int round() const noexcept { return round_ + 1; }  // 1 or 2
  // Solo analysis: the j-th tile still to be drawn (0 = the next draw, j < stock_left()), whether a Kofun was
  // played in the current turn, and the solo placements made in the current turn (0-3).
  int stock_tile(int j) const noexcept { return stock_at(stock_pos_ + j); }
  bool kofun_played_this_turn() const noexcept { return (turn_flags_ & kTurnKofun) != 0; }
  int turn_placed() const noexcept { return turn_placed_; }
  // Replaces the remaining stock by `kinds` (draw order). Returns false, changing nothing, unless `kinds` is a
  // permutation of the remaining stock (so tile conservation always holds).
  bool reorder_stock(std::span<const std::uint8_t> kinds) noexcept {
    const int n = stock_left();
    if (static_cast<int>(kinds.size()) != n) return false;
    std::array<int, 16> count{};
    for (int j = 0; j < n; ++j) ++count[stock_tile(j)];
    for (auto k : kinds)
      if (k >= kKinds || count[k]-- == 0) return false;
    for (int j = 0; j < n; ++j) set_stock(stock_pos_ + j, kinds[j]);
    return true;
  }
  int vip_mask() const noexcept { return vip_; }      // bit c: Gozoku c is VIP in the second game

  bool operator==(const State& o) const noexcept;

 private:
  friend class InformationState;
  State() = default;

  static constexpr std::uint8_t kTurnDiscarded = 1, kTurnKofun = 2;
  static constexpr std::uint8_t kGameFaceDown = 1, kGameRevealed = 2;

  static int team(int player) noexcept { return player & 1; }
  int zone_base(int player) const noexcept { return rules().solo() ? 0 : team(player) * 12; }
  void legal_cells(int player, std::array<int, 12>& out, int& n) const noexcept;
  void set_cell(int i, std::uint8_t code) noexcept;
  int stock_at(int j) const noexcept { return (stock_[j >> 1] >> ((j & 1) * 4)) & 15; }
  void set_stock(int j, int kind) noexcept;  // updates the hash
  void draw_into(int player) noexcept;
  void remove_from_hand(int player, int kind) noexcept;
  // Effective (colour, power) of a placed cell: a Kofun stack is a power-2 tile of the Kofun's colour.
  void effective(std::uint8_t code, int& colour, int& power) const noexcept;
  bool dice_check(int cell) noexcept;          // true when the die passed 6
  void dogu_check(int cell) noexcept;
  bool reserve_empty() const noexcept;
  void after_placement(bool passed_six) noexcept;
  void finish_turn() noexcept;
  void start_second_round() noexcept;  // two-round match: game 1 is over, set up game 2 (hands are kept)
  std::uint64_t aggregate_hash() const noexcept;  // hands, dice, Dogu, Kofun, discards, counters
  void validate_parsed() const;

  std::uint64_t hash_ = 0;  // cell and stock keys only (see hash())
  std::array<std::uint8_t, kMaxCells> cells_{};
  std::array<std::uint8_t, kMaxStock / 2> stock_{};
  std::array<std::array<std::uint8_t, kHandSize>, 4> hands_{};
  std::array<std::uint8_t, kColours> dice_{};
  std::array<std::uint8_t, 6> dogu_{};
  std::array<std::uint8_t, kMaxKofun> kofun_{};
  std::array<std::uint8_t, 4> discards_{};
  std::uint8_t rules_id_ = 0;
  std::uint8_t stock_pos_ = 0;
  std::uint8_t first_ = 0;
  std::uint8_t to_move_ = 0;
  std::uint8_t phase_ = 0;
  std::uint8_t turn_flags_ = 0;
  std::uint8_t game_flags_ = 0;
  std::uint8_t placed_ = 0;       // tiles placed in all zones
  std::uint8_t turn_placed_ = 0;  // solo: tiles placed in the current turn
  std::uint8_t round_ = 0;        // two-round match: 0 first game, 1 second game
  std::uint8_t vip_ = 0;          // VIP Gozoku mask of the second game
  std::array<std::uint8_t, 2> earlier_{};  // team scores of the first game
  std::uint32_t reshuffle_ = 0;   // seed of the second game's stock order and rolled dice
};

static_assert(sizeof(State) <= 128, "Haniwa states are copied at every search node");
static_assert(Game<State>);
static_assert(ImperfectInformationGame<State>);

// Solo ranks: 60+ perfect Haniwa artisan, 50-59 master, 40-49 veteran, 30-39 junior, 0-29 beginner.
const char* solo_rank(int score) noexcept;

}  // namespace kofun::haniwa
