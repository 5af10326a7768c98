// Ohanami (2-4 players, 3 rounds x 5 turns) as a full-information state ("world": every hand and the order of
// the cards still to be dealt are known). Rules: docs/ohanami.md.
//
// Turn structure. The simultaneous pick is sequentialised (game.hpp, "Simultaneous choices"): in phase `pick`
// the players pick 2 cards from their hand one after another in seat order 0, 1, ...; each pick is hidden from
// the others until the last player has picked. Then, in one automatic step, the picks are revealed and the hands
// are passed: to the left (seat p to seat p + 1) in rounds 1 and 3, to the right (p to p - 1) in round 2. In
// phase `place` the players, in seat order, place their 2 revealed cards one at a time: on top of a column (the
// card is higher than its top), at its bottom (lower than its bottom), as a new column (fewer than 3 so far) or on
// their discard pile. After the last placement of turn 5 the round is scored; rounds 2 and 3 are dealt from the
// deck (10 cards per player, seat 0 first).
//
// Layout (no pointers; ~520 bytes):
//   hand_[p], pick_[p]     hand and picked-but-unplaced cards of seat p
//   col_[p][c]             column c of seat p (columns in the order they were started; a column is never empty)
//   discard_[p]            discard pile of seat p
//   deck_[0 .. deck_len_)  the cards of the later rounds' deals, in deal order; the 120 - 30 x players cards never
//                          dealt are in no field (the complement of the others)
//   score_[p]              points of the rounds scored so far
// Moves (<= 16 bits): a pick is 0x8000 | i | j << 4, the ranks i < j of the two cards in the picker's hand (see
// make_pick); a placement is card | dest << 8 with card the card id and dest 0..2 top of column dest, 3..5 bottom
// of column dest - 3, 6 new column, 7 discard. Notation (card numbers, not ranks): `pick 12,40`,
// `place 40 top1` / `bottom1` (columns numbered from 1) / `new` / `discard`, with card numbers 1..120.
//
// returns(p) = score of p minus the best score among the other players (> 0: p wins alone; 0: p shares the
// victory; < 0: p lost). With 2 players it is the point difference.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../../core/game.hpp"
#include "cards.hpp"

namespace kofun::ohanami {

inline constexpr int kRounds = 3, kTurns = 5, kDealt = 10, kMaxColumns = 3;
inline constexpr int kDeckCapacity = 2 * 4 * kDealt;

enum class Phase : std::uint8_t { kPick = 0, kPlace = 1, kEnd = 2 };
enum Dest : int { kTop0 = 0, kBottom0 = 3, kNewColumn = 6, kDiscard = 7 };

inline constexpr Move kPickFlag = 0x8000;
// A pick names its two cards by rank in the picker's hand (0 = the lowest card), i < j: the same 45 moves whatever
// the hand holds, so an information-set search sees one edge per choice of a hidden hand's owner instead of one per
// card pair of every sampled hand. In a given state the ranks name exactly two cards (State::pick_cards).
constexpr Move make_pick(int i, int j) noexcept {
  return kPickFlag | static_cast<Move>(i < j ? i : j) | static_cast<Move>(i < j ? j : i) << 4;
}
constexpr bool is_pick(Move m) noexcept { return (m & kPickFlag) != 0; }
constexpr int pick_first(Move m) noexcept { return static_cast<int>(m & 15); }
constexpr int pick_second(Move m) noexcept { return static_cast<int>((m >> 4) & 15); }
constexpr Move make_place(int card, int dest) noexcept { return static_cast<Move>(card) | static_cast<Move>(dest) << 8; }
constexpr int place_card(Move m) noexcept { return static_cast<int>(m & 127); }
constexpr int place_dest(Move m) noexcept { return static_cast<int>((m >> 8) & 7); }

class State {
 public:
  static constexpr int kMaxPlayers = 4;
  static constexpr int kMaxMoves = kDealt * (kDealt - 1) / 2;  // 45 picks from a full hand; placements <= 10

  // A new game: the 120 cards shuffled with Rng(seed), 10 dealt to each seat, the next 20 x players kept for
  // rounds 2 and 3. players must be 2..4 (RuleOptionError otherwise).
  static State deal(int players, std::uint64_t seed);
  // A new game from a given card order (card ids 0..119, a permutation): seat p gets order[10p .. 10p + 9], the
  // deck the next 20 x players. RuleOptionError unless `order` is a permutation of the 120 cards.
  static State from_order(int players, std::span<const int> order);

  int num_players() const noexcept { return players_; }
  int to_move() const noexcept { return to_move_; }
  bool is_terminal() const noexcept { return phase_ == Phase::kEnd; }
  void legal_moves(MoveList<kMaxMoves>& ml) const noexcept;
  void apply(Move m) noexcept;
  double returns(int player) const noexcept;
  std::uint64_t hash() const noexcept { return hash_ ^ misc_hash() ^ hands_hash(hand_key_); }
  std::uint64_t recompute_hash() const noexcept;
  int remaining_plies_bound() const noexcept;
  // Rollout policy (HasRolloutPolicy): greedy_move three times in four, else a uniformly random legal move.
  Move rollout_move(Rng& rng) const noexcept;
  // The greedy baseline's move (docs/ohanami.md): each card is valued by what it adds to the mover's final score
  // if placed now (blue 3 per scoring left, green 4 per scoring left, grey 7, pink its step in the pink table
  // plus a set bonus of 2), less a flexibility cost (a new column 2, extending a column by the gap / 20); a pick
  // takes the two best cards, a placement the best (card, destination), discarding when nothing is worth more.
  // Ties go to the lowest move. Reads only the mover's hand, picks, garden and the round: never hidden cards.
  Move greedy_move() const noexcept;
  // The greedy valuation of `card` (id 0-119) for seat p, in tenths of a point: its colour's value less the
  // flexibility cost at its best destination other than the discard, or 0 when the discard is worth more (what
  // greedy_move ranks a pick's cards by). Reads only p's garden and the round; the card need not be p's.
  int greedy_value(int p, int card) const noexcept;

  std::string to_string() const;
  static State parse(std::string_view s);
  std::string move_to_string(Move m) const;
  Move parse_move(std::string_view s) const;

  // Hidden information (docs/ohanami.md, "Information states"). The world of `observer` is an ordering of the
  // hidden cards (hidden_cards); any ordering is a valid world, read as follows: a card known to be in the
  // pre-pick hand of a player whose pick is hidden goes to that player; every other card fills, in order, the
  // hidden hand slots of the players whose hands are unknown (seat order, pre-pick hand size each), then the deck
  // in deal order, then the cards never dealt. Of each player with a hidden pick, the first two cards it receives
  // are its pick.
  std::string information_state(int player) const;
  static State from_world(std::string_view info_state, std::span<const std::int32_t> world);
  void assign_hidden(int observer, std::span<const std::int32_t> world) noexcept;
  std::uint64_t observation_key(int observer) const noexcept;
  // The cards hidden from `observer` (ascending), the true world of `observer` (hidden_cards in the order that
  // rebuilds this state), and the sizes of its slot groups (per other player with hidden cards, its pre-pick hand;
  // then the deck; then the cards never dealt).
  CardSet hidden_cards(int observer) const noexcept;
  std::vector<std::int32_t> hidden_world(int observer) const;
  std::vector<int> hidden_groups(int observer) const;
  // The hidden cards of an information state, with its observer and slot-group sizes (NotationError on bad text).
  static CardSet hidden_of(std::string_view info_state, int& view, std::vector<int>& groups);
  // Does `observer` know the hand of seat q (it passed through the observer's hands this round)?
  bool knows_hand(int observer, int q) const noexcept;
  // Is the pick of seat q hidden from `observer` (picked this turn, not yet revealed)?
  bool pick_hidden(int observer, int q) const noexcept {
    return phase_ == Phase::kPick && q != observer && q < to_move_;
  }

  // Accessors.
  Phase phase() const noexcept { return phase_; }
  int round() const noexcept { return round_ + 1; }  // 1..3
  int turn() const noexcept { return turn_ + 1; }    // 1..5
  CardSet hand(int p) const noexcept { return hand_[p]; }
  CardSet picked(int p) const noexcept { return pick_[p]; }
  CardSet discards(int p) const noexcept { return discard_[p]; }
  int num_columns(int p) const noexcept { return ncols_[p]; }
  CardSet column(int p, int c) const noexcept { return col_[p][c]; }
  CardSet garden(int p) const noexcept { return col_[p][0] | col_[p][1] | col_[p][2]; }
  int score(int p) const noexcept { return score_[p]; }
  int deck_size() const noexcept { return deck_len_; }
  int deck_card(int i) const noexcept { return deck_[i]; }
  // Which way hands go this round: +1 to the left (seat p to p + 1), -1 to the right.
  int direction() const noexcept { return round_ == 1 ? -1 : 1; }
  // The two card ids a pick move takes from the hand of the player to move (ranks in that hand).
  std::pair<int, int> pick_cards(Move m) const noexcept;
  // Legal destinations of `card` for seat p (bit d set: dest d is legal).
  unsigned destinations(int p, int card) const noexcept;
  // Points the round-end scoring would give seat p's garden now (the current round's table).
  int round_points_now(int p) const noexcept { return round_points(garden(p), round_); }

  bool operator==(const State&) const = default;

 private:
  State() = default;
  friend struct Parsed;
  struct Slots;
  static State parse_text(std::string_view s, int* view, Slots* slots);
  static State dealt(int players, std::span<const int> order) noexcept;  // from_order without the checks
  std::string format(int view) const;
  Slots slots_of(int observer) const noexcept;
  void fill_hidden(const Slots& slots, std::span<const std::int32_t> world) noexcept;

  std::uint64_t misc_hash() const noexcept;
  std::uint64_t card_hash() const noexcept;  // the part kept in hash_ (card locations but hands, deck slots)
  void rehash() noexcept;                    // hash_ and hand_key_ from scratch
  // Hands are hashed per hand (hand_key_[p]: the XOR of its cards' keys) and combined with a rotation per seat, so
  // that passing the hands only permutes hand_key_.
  std::uint64_t hands_hash(const std::array<std::uint64_t, 4>& keys) const noexcept;
  static std::vector<int> groups_of(const Slots& slots, int players, int view);
  void move_card(int card, int from_loc, int to_loc) noexcept;
  void deal_round() noexcept;
  void reveal_and_pass() noexcept;
  void end_turn() noexcept;
  int next_placer(int from) const noexcept;
  // The greedy valuation, in tenths of a point: a card of each colour before its flexibility cost (pinks: pink
  // cards in p's garden), and the flexibility cost of putting `card` at `dest` (not the discard) of seat p.
  std::array<int, 4> colour_values(int pinks) const noexcept;
  int flexibility_cost(int p, int card, int dest) const noexcept;
  int card_value(int p, int card, const std::array<int, 4>& base) const noexcept;  // greedy_value with `base`

  std::array<CardSet, 4> hand_{};
  std::array<CardSet, 4> pick_{};
  std::array<CardSet, 4> discard_{};
  std::array<std::array<CardSet, kMaxColumns>, 4> col_{};
  std::uint64_t hash_ = 0;  // card locations but hands, deck slots (see hash())
  std::array<std::uint64_t, 4> hand_key_{};
  std::array<std::int16_t, 4> score_{};
  std::array<std::uint8_t, kDeckCapacity> deck_{};
  std::array<std::array<std::uint8_t, 2 * kMaxColumns>, 4> ends_{};  // per column: bottom card, top card
  std::array<std::uint8_t, 4> ncols_{};
  std::uint8_t players_ = 2;
  std::uint8_t round_ = 0;  // 0..2
  std::uint8_t turn_ = 0;   // 0..4
  std::uint8_t to_move_ = 0;
  std::uint8_t deck_len_ = 0;
  Phase phase_ = Phase::kPick;
};

static_assert(Game<State>);
static_assert(ImperfectInformationGame<State>);
static_assert(HasWorldAssignment<State>);
static_assert(HasObservationKey<State>);

}  // namespace kofun::ohanami
