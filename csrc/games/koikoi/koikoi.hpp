// Koi-Koi, one deal, as a full-information state ("world": both hands and the stock order are known).
//
// A turn is one to three moves of the same player:
//   1. play a card from hand (with the table card to capture when two table cards match it);
//   2. the top stock card is turned over automatically; when it matches two table cards the player makes a
//      separate `take` move choosing one (decided after seeing the card);
//   3. if the yaku total rose this turn, the player decides: `stop` (the deal ends, they score) or `koikoi`; when
//      the rules leave them no koi-koi (the call limit is reached, or an empty hand without `empty_hand_koikoi`)
//      there is no decision: the rise ends the deal as a stop.
// The dealer ("first") plays first, turns alternate; the deal is a draw when both hands are empty and nobody
// stopped. returns(p) is the point difference of the deal for p (stopper +points, other -points; draw 0).
//
// Move packing (14 bits): bits 0-5 card, bits 6-11 target table card (63 = none), bits 12-13 kind
// (0 play, 1 take, 2 stop, 3 koikoi). `play` carries the played card and, when two table cards match, the one
// captured; `take` carries the drawn card and the table card it captures. Notation: `play 3c1`, `play 3b x 3r`,
// `take 8a`, `stop`, `koikoi`.
//
// Position notation (fields separated by one space; card lists are card names joined by ',' in card order, '-'
// when empty; the stock in draw order, top card first):
//   rules=<rules> first=<0|1> turn=<0|1> phase=<play|take|decide|end> hand0=<cards> hand1=<cards>
//   table=<cards> pile0=<cards> pile1=<cards> stock=<cards> koikoi=<n0>,<n1> total=<t0>,<t1>
//   [drawn=<card>]  (phase take: the turned-over stock card waiting for its capture choice)
//   [result=draw|<player>:<points>]  (phase end)
//   [deal=<k>/<n> match=<m0>,<m1>]  (a deal of a match: deal k of n, 1 <= k <= n <= 99, with the players' match
//                                    totals m0, m1 (0..32767) before this deal; absent: a single deal. Who deals
//                                    is `first`; deals left after this one: n - k)
// pile = capture pile; koikoi = calls so far; total = yaku total at the end of the player's last turn (the
// baseline a rise is measured from). The information state of player v replaces hand0/hand1/stock with
//   view=<v> ... hand=<v's cards> opp=<opponent hand size> ... stock=<stock size>
// (same field order: rules first view turn phase hand opp table pile0 pile1 stock koikoi total [drawn] [result]
// [deal match]). The match context is carried unchanged by every move and is not part of the hash.
//
// Worlds (from_world): the opponent's hand cards (any order) followed by the stock in draw order.
//
// Deals: `deal(seed)` shuffles with Rng(seed) and redeals from the same generator on a misdeal (four of a month on
// the table; the table in four pairs; with `redeal_three_on_table` three of a month on the table; both players
// holding a hand yaku). A single hand yaku (four of a month or four pairs in hand; "pairs" means every month in the
// hand has an even count) ends the deal at once with 6 points. `from_deal` builds a given deal and throws
// NotationError naming the misdeal instead of redealing.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "../../core/bitboard.hpp"
#include "../../core/game.hpp"
#include "cards.hpp"
#include "rules.hpp"

namespace kofun::koikoi {

inline constexpr int kHandSize = 8;
inline constexpr int kStockSize = 24;

enum class Phase : std::uint8_t { kPlay, kTake, kDecide, kEnd };

enum class MoveKind : std::uint32_t { kPlay = 0, kTake = 1, kStop = 2, kKoikoi = 3 };
inline constexpr int kNoCard = 63;

constexpr Move make_move(MoveKind k, int card = kNoCard, int target = kNoCard) noexcept {
  return static_cast<Move>(card) | static_cast<Move>(target) << 6 | static_cast<Move>(k) << 12;
}
constexpr MoveKind move_kind(Move m) noexcept { return static_cast<MoveKind>((m >> 12) & 3); }
constexpr int move_card(Move m) noexcept { return static_cast<int>(m & 63); }
constexpr int move_target(Move m) noexcept { return static_cast<int>((m >> 6) & 63); }

class State {
 public:
  static constexpr int kMaxPlayers = 2;
  int num_players() const { return 2; }
  static constexpr int kMaxMoves = 2 * kHandSize;

  // A deal from `seed` (see above); first = -1 draws the dealer from the seed too.
  static State deal(std::uint64_t seed, const Rules& rules = Rules::seed(), int first = -1);
  // The deal hands[0], hands[1], table (8 cards each, any order) and the stock in draw order.
  static State from_deal(std::span<const int> order, int first, const Rules& rules = Rules::seed());
  // Why this deal must be redealt, or nullptr when it is playable.
  static const char* misdeal_reason(Bitboard hand0, Bitboard hand1, Bitboard table, const Rules& rules) noexcept;
  // Four of a month or four pairs in a dealt (8-card) hand; false for any other size.
  static bool has_hand_yaku(Bitboard hand) noexcept;

  int to_move() const noexcept { return to_move_; }
  bool is_terminal() const noexcept { return phase_ == Phase::kEnd; }
  void legal_moves(MoveList<kMaxMoves>& ml) const noexcept;
  void apply(Move m) noexcept;
  double returns(int player) const noexcept;
  std::uint64_t hash() const noexcept { return hash_; }
  std::uint64_t recompute_hash() const noexcept;
  int remaining_plies_bound() const noexcept;
  // Rollout policy (HasRolloutPolicy): `stop` whenever offered; otherwise, three times in four, the move capturing
  // the most card value (card_value; with no capture, discarding the least valuable card; ties at random), else a
  // uniformly random legal move.
  Move rollout_move(Rng& rng) const noexcept;

  std::string to_string() const;
  static State parse(std::string_view s);
  std::string move_to_string(Move m) const;
  Move parse_move(std::string_view s) const;

  std::string information_state(int player) const;
  static State from_world(std::string_view info_state, std::span<const std::int32_t> world);
  // The fast path of from_world (see game.hpp): the opponent's hand and the stock are replaced by `world`.
  void assign_hidden(int observer, std::span<const std::int32_t> world) noexcept;
  // Hash of what `observer` sees (HasObservationKey): their hand, the table, both piles, the drawn card, the
  // opponent's hand size (from the stock position), phase, turn, calls, totals and the result.
  std::uint64_t observation_key(int observer) const noexcept;

  // What an information state hides: the unseen cards and how they split (opponent hand, then stock).
  struct Hidden {
    Bitboard unseen;
    int view, opp_size, stock_size;
  };
  // Throws NotationError when `info_state` does not parse.
  static Hidden hidden(std::string_view info_state);

  // Koi-Koi specifics.
  const Rules& rules() const noexcept { return rules_; }
  Phase phase() const noexcept { return phase_; }
  int first() const noexcept { return first_; }
  Bitboard hand(int p) const noexcept { return hand_[p]; }
  Bitboard table() const noexcept { return table_; }
  Bitboard pile(int p) const noexcept { return pile_[p]; }
  int stock_size() const noexcept { return kStockSize - stock_pos_; }
  int stock_card(int i) const noexcept { return stock_[stock_pos_ + i]; }  // i-th card from the top
  int drawn() const noexcept { return drawn_; }                             // -1 unless phase take
  int koikoi_calls(int p) const noexcept { return koikoi_[p]; }
  int total(int p) const noexcept { return total_[p]; }
  int winner() const noexcept { return winner_; }  // -1 while playing and after a draw
  int points() const noexcept { return points_; }  // the winner's score
  // Match context (see the notation): deal number 1..match_deals(), 0 for a single deal; match totals before it.
  int match_deal() const noexcept { return match_deal_; }
  int match_deals() const noexcept { return match_deals_; }
  int match_total(int p) const noexcept { return match_total_[p]; }
  // Whether player p could call koi-koi now (the call limit and the empty-hand rule; not the phase).
  bool may_koikoi(int p) const noexcept;

  bool operator==(const State&) const = default;

 private:
  State() = default;  // not a position: states come from deal / from_deal / parse / from_world
  struct Fields;  // parsed notation, see notation.cpp
  static State assemble(const Fields& f);
  static Fields parse_fields(std::string_view s, bool info);
  std::string format(int view) const;

  void capture(int card, int target, int player) noexcept;
  void end_turn(int player) noexcept;
  void stop(int player) noexcept;
  std::uint64_t misc_hash() const noexcept;

  Bitboard hand_[2] = {0, 0};
  Bitboard table_ = 0;
  Bitboard pile_[2] = {0, 0};
  std::uint64_t hash_ = 0;
  std::array<std::uint8_t, kStockSize> stock_{};  // slots < stock_pos_ are drawn (kept 0)
  Rules rules_{};
  std::int16_t total_[2] = {0, 0};
  std::int16_t points_ = 0;
  std::int16_t match_total_[2] = {0, 0};
  std::int8_t match_deal_ = 0, match_deals_ = 0;
  std::int8_t stock_pos_ = 0;
  std::int8_t first_ = 0;
  std::int8_t to_move_ = 0;
  std::int8_t drawn_ = -1;
  std::int8_t winner_ = -1;
  std::int8_t koikoi_[2] = {0, 0};
  Phase phase_ = Phase::kPlay;
};

}  // namespace kofun::koikoi
