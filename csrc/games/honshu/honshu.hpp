// Honshu (2-5 players, 12 rounds) as a full-information state ("world": every hand and the deck order known).
// Rules: docs/honshu.md (as implemented) and the rules file. Card contents come from the loaded card table
// (cards.hpp), never from this code.
//
// Turn structure, one ply per decision:
//   start  each player in seat order 0, 1, ... turns the start card it was dealt to side A or B (public);
//   play   the trick: from the round's leader round the table, each plays a hand card face up, optionally with one
//          of its cubes (+60; the colour is part of the move, since it changes which factories can be fed later);
//   take   in descending order of value (card number, +60 with a cube; values never tie) each takes a played card;
//          spent cubes go back to the reserve; the highest value leads the next round;
//   place  in seat order each adds the taken card to its map (over or under, 4 rotations, docs/honshu.md).
//          Option placement = two_stage (Rules::two_stage, a search representation of the same game): a placement
//          is two plies of the same player, first the anchor (x, y), legal when at least one (rotation, side) is
//          legal there, then the rotation and side at that anchor; the pending anchor is part of the state
//          (phase place with anchor_x_ != kNoAnchor).
// Placements of different players are independent (a map only constrains its owner's placements and nothing
// hidden is revealed by them), so their order within the round changes nothing; seat order is used.
// After round 6 (hands empty) 6 new cards are dealt per player from the deck, seat 0 first. Option hand_passing
// = official: the remaining hands go to the left (seat p to p + 1) after round 3 and to the right after round 9.
//
// The map. Coordinates (x to the right, y down) are relative to the start card's top-left square; the start card
// lies at rotation 0 on x 0..1, y 0..2. A map is the list of its cards in placement order (each card id, anchor,
// rotation, over/under), 4 bytes a card; the bitboards used for legality and scoring are built on the stack from
// it (32 rows of uint32: occupied squares and lakes; a byte grid for scoring). They are laid out in a 32 x 32
// window centred on the map's bounding box. Each card overlaps the map, so a map of k cards spans at most
// 3 + 2 (k - 1) squares in each direction: at most 25 before the last placement, whose candidates extend the box by
// at most 2 squares on each side (29 <= 32), and 27 after it. So the window always holds every candidate.
//
// Layout (no pointers; sizeof(State) == 432 bytes, checked below): maps 5 x 13 x 4, hands as 64-bit card sets,
// the deck, the trick, cubes, small fields (among them the option two_stage and the pending anchor, which fill
// what was padding).
//
// Moves (32 bits): kind in bits 28..29.
//   start  kStartMove | side (0 = A, 1 = B)
//   play   kPlayMove | card id | (cube colour + 1) << 8 (0: no cube)
//   take   kTakeMove | card id
//   place  kPlaceMove | (x + 32) | (y + 32) << 6 | rot << 12 | under << 14 (the card is the mover's taken card)
//   anchor kPlaceMove | kAnchorBit | (x + 32) | (y + 32) << 6           (two_stage: the first ply of a placement)
//   orient kPlaceMove | kOrientBit | rot << 12 | under << 14           (two_stage: the second ply, at the anchor)
// Notation: `start A`, `play 17`, `play 17+blue`, `take 17`, `place 17 r1 over 2,-1` (card numbers 1..60);
// two_stage: `anchor 2,-1`, then `orient r1 over`.
//
// returns(p) = K_p - max_{q != p} K_q with K = score + visible towns / 128 (the tie-break by visible towns enters
// as a fraction of a point: > 0 p wins alone, 0 p shares the victory, < 0 p lost).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../../core/game.hpp"
#include "cards.hpp"

namespace kofun::honshu {

inline constexpr int kRounds = 12, kHalf = 6, kHand = 6, kMaxCards = 13, kBoard = 32;
inline constexpr int kDeckCapacity = kHand * 5;
inline constexpr std::uint8_t kNone = 0xFF;

enum class Phase : std::uint8_t { kStart = 0, kPlay = 1, kTake = 2, kPlace = 3, kEnd = 4 };

inline constexpr Move kStartMove = 0u << 28, kPlayMove = 1u << 28, kTakeMove = 2u << 28, kPlaceMove = 3u << 28;
constexpr int move_kind(Move m) noexcept { return static_cast<int>(m >> 28) & 3; }
constexpr Move make_play(int card, int cube) noexcept {  // cube: -1 none, else colour
  return kPlayMove | static_cast<Move>(card) | static_cast<Move>(cube + 1) << 8;
}
constexpr int play_card(Move m) noexcept { return static_cast<int>(m & 63); }
constexpr int play_cube(Move m) noexcept { return static_cast<int>((m >> 8) & 7) - 1; }
constexpr Move make_take(int card) noexcept { return kTakeMove | static_cast<Move>(card); }
constexpr Move make_place(int x, int y, int rot, bool under) noexcept {
  return kPlaceMove | static_cast<Move>(x + 32) | static_cast<Move>(y + 32) << 6 | static_cast<Move>(rot) << 12 |
         static_cast<Move>(under) << 14;
}
constexpr int place_x(Move m) noexcept { return static_cast<int>(m & 63) - 32; }
constexpr int place_y(Move m) noexcept { return static_cast<int>((m >> 6) & 63) - 32; }
constexpr int place_rot(Move m) noexcept { return static_cast<int>((m >> 12) & 3); }
constexpr bool place_under(Move m) noexcept { return (m >> 14) & 1; }
// Two-stage placements (Rules::two_stage): the anchor, then the rotation and side at it.
inline constexpr Move kAnchorBit = 1u << 15, kOrientBit = 1u << 16;
constexpr Move make_anchor(int x, int y) noexcept {
  return kPlaceMove | kAnchorBit | static_cast<Move>(x + 32) | static_cast<Move>(y + 32) << 6;
}
constexpr Move make_orient(int rot, bool under) noexcept {
  return kPlaceMove | kOrientBit | static_cast<Move>(rot) << 12 | static_cast<Move>(under) << 14;
}
constexpr bool is_anchor(Move m) noexcept { return move_kind(m) == 3 && (m & kAnchorBit); }
constexpr bool is_orient(Move m) noexcept { return move_kind(m) == 3 && (m & kOrientBit); }
inline constexpr std::int8_t kNoAnchor = -128;  // no anchor pending (coordinates stay within -40..40)

// One card of a map.
struct Placed {
  std::uint8_t card;
  std::int8_t x, y;
  std::uint8_t flags;  // rot | under << 2
  int rot() const noexcept { return flags & 3; }
  bool under() const noexcept { return (flags >> 2) & 1; }
  bool operator==(const Placed&) const = default;
};

// Why a placement is refused (0: legal).
enum Illegal : int {
  kLegal = 0, kOffBoard, kNoOverlap, kCoversLake, kOwnLakeCovered, kNothingVisible, kExactCover,
};
const char* illegal_reason(int why) noexcept;

// The end score of one map, by rule.
struct ScoreParts {
  int forest = 0, towns = 0, lakes = 0, factories = 0, total = 0;
  int visible_towns = 0;  // the tie-break
};

// Factory points of one colour: `cubes` cubes and the factory values; each cube feeds at most one factory of its
// colour and each factory takes one cube, so the optimum feeds the min(cubes, factories) largest factories.
// Proof (exchange): take an optimal assignment feeding a set F of factories, |F| <= cubes. If some factory g not in
// F is larger than some f in F, moving f's cube to g does not lower the sum; if |F| < min(cubes, factories), an
// unfed factory can take a spare cube (values are positive). Repeating gives the |F| = min(cubes, factories)
// largest factories with no lower sum. Different colours never compete (a cube feeds only its colour).
int factory_points(int cubes, std::span<const int> values) noexcept;

struct Grid;  // the visible map painted into a byte grid (honshu.cpp)

class State {
 public:
  static constexpr int kMaxPlayers = 5;
  // A map has at most 12 cards when its last card is placed: 72 squares, each covered by 6 anchors of a footprint
  // per rotation: 72 x 6 x 4 rotations x 2 (over / under).
  static constexpr int kMaxMoves = 72 * 6 * 4 * 2;

  struct Rules {
    int players = 2;
    bool hand_passing = false;        // "official" when true
    bool covered_cubes_lost = false;  // default: a cube stays with the player when its square is covered
    bool two_stage = false;           // placement=two_stage: a placement is two plies, anchor then orientation
  };

  // A new game dealt from Rng(seed): start cards and map cards (1..40 for 2-3 players, 1..60 for 4-5) shuffled.
  // RuleOptionError for players outside 2..5 or when the card table is not loaded.
  static State deal(const Rules& rules, std::uint64_t seed);
  // A new game from given orders: `starts` the start-card letters (0..5, a permutation of 6 or the first
  // `players` distinct letters), `order` the map card ids (a permutation of 0..39 / 0..59): seat p gets
  // order[6p .. 6p + 5], the deck the next 6 x players. RuleOptionError otherwise.
  static State from_order(const Rules& rules, std::span<const int> starts, std::span<const int> order);

  int num_players() const noexcept { return players_; }
  int to_move() const noexcept { return to_move_; }
  bool is_terminal() const noexcept { return phase_ == Phase::kEnd; }
  void legal_moves(MoveList<kMaxMoves>& ml) const noexcept;
  void apply(Move m) noexcept;
  double returns(int player) const noexcept;
  void all_returns(std::span<double> out) const noexcept;  // every player's returns, each score computed once
  std::uint64_t hash() const noexcept { return hash_ ^ misc_hash(); }
  std::uint64_t recompute_hash() const noexcept;
  int remaining_plies_bound() const noexcept;
  // A uniformly random legal move (placements by rejection sampling over the candidate anchors; no list built).
  Move random_move(Rng& rng) const noexcept;
  // The rollout policy (HasRolloutPolicy): a uniformly random move, except placements: the best placement_value
  // among kRolloutSamples uniformly drawn legal placements.
  Move rollout_move(Rng& rng) const noexcept;
  static constexpr int kRolloutSamples = 8;
  // The greedy baseline (docs/honshu.md): start side and placement with the best immediate end-score gain; the
  // take of the card with the best gain; the highest card without a cube unless the visible trick makes a cube
  // worth it. Reads only the mover's own hand and public information.
  Move greedy_move() const noexcept;
  // Static placement evaluation for the search (game.hpp, order_moves / kWidening): in a placement phase the
  // placements are sorted by placement_value, best first (stable); other phases keep their order. Two-stage:
  // anchors by their best placement_value, orientations by the value of the placement they complete.
  void order_moves(MoveList<kMaxMoves>& ml) const noexcept;
  static constexpr double kWidening = 2.0;
  // A placement's static value in half points: what the new card's visible squares are worth minus what they
  // cover (forest 4, town 2, lake 3, production 2, factory its value, wasteland 0), plus 1 for each new town
  // square next to a visible town and 2 for each new lake next to a visible lake. Cheap; not the exact gain.
  // Two-stage: an anchor's value is the best value of a legal placement at it; an orientation's is the value of
  // the placement it completes at the pending anchor.
  int placement_value(Move m) const noexcept;
  // The full placement (a `place` move) a move of the placement phase stands for: itself, or for an orientation
  // the placement at the pending anchor. Other moves unchanged.
  Move full_placement(Move m) const noexcept {
    return is_orient(m) ? make_place(anchor_x_, anchor_y_, place_rot(m), place_under(m)) : m;
  }

  std::string to_string() const;
  static State parse(std::string_view s);
  std::string move_to_string(Move m) const;
  Move parse_move(std::string_view s) const;

  // Hidden information (docs/honshu.md, "Information states"). Hidden from `observer`: the hands it does not know
  // (with hand_passing it knows the hand it passed on), the deck order, the cards never dealt. A world is an
  // ordering of the hidden cards: the unknown hands in seat order (current size each), then the deck in deal
  // order, then the cards never dealt.
  std::string information_state(int player) const;
  static State from_world(std::string_view info_state, std::span<const std::int32_t> world);
  void assign_hidden(int observer, std::span<const std::int32_t> world) noexcept;
  std::uint64_t observation_key(int observer) const noexcept;
  std::uint64_t hidden_cards(int observer) const noexcept;
  std::vector<std::int32_t> hidden_world(int observer) const;
  std::vector<int> hidden_groups(int observer) const;
  static std::uint64_t hidden_of(std::string_view info_state, int& view, std::vector<int>& groups);
  bool knows_hand(int observer, int q) const noexcept;

  // Accessors.
  Phase phase() const noexcept { return phase_; }
  int round() const noexcept { return round_ + 1; }  // 1..12
  int leader() const noexcept { return leader_; }
  Rules rules() const noexcept { return Rules{static_cast<int>(players_), passing_, lost_, two_stage_}; }
  bool two_stage() const noexcept { return two_stage_; }
  // Two-stage: whether an anchor is chosen and its orientation pending, and the anchor.
  bool anchor_pending() const noexcept { return anchor_x_ != kNoAnchor; }
  int anchor_x() const noexcept { return anchor_x_; }
  int anchor_y() const noexcept { return anchor_y_; }
  std::uint64_t hand(int p) const noexcept { return hand_[p]; }
  std::uint64_t table() const noexcept { return table_; }
  int played(int p) const noexcept { return played_[p] == kNone ? -1 : played_[p]; }
  int bid(int p) const noexcept { return static_cast<int>(bid_[p]) - 1; }
  int took(int p) const noexcept { return took_[p] == kNone ? -1 : took_[p]; }
  int start_letter(int p) const noexcept { return start_letter_[p]; }
  int cubes(int p, int colour) const noexcept { return cubes_[p][colour]; }
  int num_cards(int p) const noexcept { return ncards_[p]; }
  Placed map_card(int p, int i) const noexcept { return map_[p][i]; }
  int deck_size() const noexcept { return deck_len_; }
  int deck_card(int i) const noexcept { return deck_[i]; }
  int card_count() const noexcept { return players_ <= 3 ? 40 : 60; }
  // The end score of seat p's map as it stands (cubes as held now).
  ScoreParts score(int p) const noexcept;
  // Why placing `card` for seat p at (x, y, rot, under) is refused, or kLegal.
  int placement_check(int p, int card, int x, int y, int rot, bool under) const noexcept;
  // The visible square kind at (x, y) of seat p's map (kEmpty off the map), and the cube colour counts a
  // placement would add (before covered_cubes_lost).
  int visible_kind(int p, int x, int y) const noexcept;
  // The seats in the take order of the current trick (valid in phases take and place).
  std::array<std::uint8_t, 5> take_order() const noexcept { return order_; }
  // A test/analysis helper: a copy whose seat p has `cubes` (blue, brown, grey, yellow).
  void set_cubes(int p, std::array<int, 4> cubes) noexcept;

  bool operator==(const State&) const = default;

 private:
  State() = default;
  struct Slots;
  struct Planes;
  static State parse_text(std::string_view s, int* view, Slots* slots);
  std::string format(int view) const;
  Slots slots_of(int observer) const noexcept;
  void fill_hidden(const Slots& slots, std::span<const std::int32_t> world) noexcept;

  std::uint64_t misc_hash() const noexcept;
  std::uint64_t placed_hash() const noexcept;
  Planes planes(int p) const noexcept;
  int check(const Planes& pl, int p, int card, int x, int y, int rot, bool under) const noexcept;
  // check's parts: the footprint of rotation `rot` at (x, y) (kOffBoard, kNoOverlap, else kLegal with the squares
  // it covers and whether one is a lake), then the rules of a placement over, or under, the map.
  static int footprint(const Planes& pl, int x, int y, int rot, int& overlap, bool& lake_hit) noexcept;
  int over_check(int p, int x, int y, int rot, int overlap, bool lake_hit) const noexcept;
  static int under_check(const Planes& pl, int card, int x, int y, int rot, int overlap) noexcept;
  void place(int p, int card, int x, int y, int rot, bool under) noexcept;  // no checks
  void set_start(int p, int side) noexcept;
  void finish_play() noexcept;
  void end_round() noexcept;
  void pass_hands(int dir) noexcept;
  int card_gain(int p, int card, Move* best) const noexcept;  // best immediate score gain of placing `card`
  int cube_cost(int p, int* colour) const noexcept;
  void placement_candidates(const Planes& pl, int p, int card, MoveList<kMaxMoves>& ml) const noexcept;
  // Two-stage: the anchors with at least one legal placement (rows, then columns), the legal orientations at
  // (x, y) (rotation 0..3, over before under).
  void anchor_candidates(const Planes& pl, int p, int card, MoveList<kMaxMoves>& ml) const noexcept;
  void orient_candidates(const Planes& pl, int p, int card, int x, int y, MoveList<kMaxMoves>& ml) const noexcept;
  Move random_placement(const Planes& pl, Rng& rng) const noexcept;  // uniform over the legal placements
  // placement_value of a move of the placement phase on the painted map `g`; `pl` is read for anchors only.
  int move_value(const Planes& pl, const Grid& g, Move m) const noexcept;

  std::array<std::array<Placed, kMaxCards>, 5> map_{};
  std::uint64_t hash_ = 0;  // placements and deck slots (see hash())
  std::array<std::uint64_t, 5> hand_{};
  std::uint64_t table_ = 0;  // played cards not yet taken
  std::array<std::array<std::int8_t, 4>, 5> bbox_{};  // min x, min y, max x, max y
  std::array<std::array<std::uint8_t, 4>, 5> cubes_{};
  std::array<std::uint8_t, kDeckCapacity> deck_{};
  std::array<std::uint8_t, 5> ncards_{};
  std::array<std::uint8_t, 5> start_letter_{};
  std::array<std::uint8_t, 5> played_{kNone, kNone, kNone, kNone, kNone};
  std::array<std::uint8_t, 5> bid_{};  // cube colour + 1, 0 none
  std::array<std::uint8_t, 5> took_{kNone, kNone, kNone, kNone, kNone};
  std::array<std::uint8_t, 5> order_{};
  std::uint8_t deck_len_ = 0;
  std::uint8_t players_ = 2;
  std::uint8_t round_ = 0;  // 0..11
  std::uint8_t step_ = 0;   // plays / takes made in this phase
  std::uint8_t to_move_ = 0;
  std::uint8_t leader_ = 0;
  Phase phase_ = Phase::kStart;
  bool passing_ = false;
  bool lost_ = false;
  bool two_stage_ = false;
  std::int8_t anchor_x_ = kNoAnchor, anchor_y_ = 0;  // two_stage: the pending anchor (kNoAnchor: none)
};

static_assert(sizeof(State) == 432, "state layout (see the header comment)");
static_assert(Game<State>);
static_assert(ImperfectInformationGame<State>);
static_assert(HasWorldAssignment<State>);
static_assert(HasObservationKey<State>);

}  // namespace kofun::honshu
