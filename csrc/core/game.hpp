// The game contract: every game's state type satisfies `Game`, so that each search is written once and compiled
// for every game (templates in the hot loops, no virtual calls per node).
//
// A state G provides
//   static constexpr int kMaxPlayers          the most players this game can have (1 .. kofun::kMaxPlayers); sizes
//                                             per-player arrays in the searches (a two-player game sets 2 and keeps
//                                             its small layouts)
//   int  num_players() const                  the players of this state's game, 1 .. G::kMaxPlayers; counted at run
//                                             time (a game with modes, e.g. Haniwa solo / 2 / 4, gives its mode's);
//                                             constant over a game. Players are numbered 0 .. num_players() - 1.
//   static constexpr int kMaxMoves            upper bound on legal moves in any state (MoveList capacity)
//   int  to_move() const                      index of the player who chooses the next move
//   bool is_terminal() const
//   void legal_moves(MoveList<kMaxMoves>&) const   all legal moves (empty iff terminal)
//   void apply(Move)                          plays a legal move (the caller guarantees legality; use
//                                             `checked_apply` below for untrusted input)
//   double returns(int player) const          final score of `player`; only meaningful when terminal.
//                                             Two-player zero-sum games return +1 / 0 / -1.
//   uint64_t hash() const                     Zobrist key, updated incrementally; equal states have equal keys
//   uint64_t recompute_hash() const           the same key computed from scratch (tests compare the two)
//   std::string to_string() const             the position notation; G::parse(s.to_string()) == s
//   static G parse(std::string_view)          throws NotationError naming the faulty field. Every game writes
//                                             blank-separated key=value fields and reads them with
//                                             core/notation.hpp (split, ranged integers, field lists)
//   std::string move_to_string(Move) const    the move notation in this position
//   Move parse_move(std::string_view) const   throws NotationError (malformed) or IllegalMoveError (illegal)
//   bool operator==(const G&) const
//
// Which searches apply is decided per position at run time: alpha-beta and minimax need num_players() <= 2 (they
// throw std::invalid_argument naming the count otherwise), PIMC solves a world exactly when it has exactly two
// players (and the game has remaining_plies_bound()), MCTS and ISMCTS take any count.
//
// Turns need not alternate: a player may make several moves in a row (Sensei's actions within a turn). Searches
// compare to_move() of parent and child instead of assuming alternation.
//
// Optional hooks, detected with the concepts below:
//   int evaluate() const                      heuristic value for the player to move, in (-kEvalBound, kEvalBound);
//                                             alpha-beta uses it at the horizon (without it: 0)
//   int remaining_plies_bound() const         no game from this state lasts more plies than this; lets alpha-beta
//                                             report a value as proven once its depth reaches the bound
//   Move rollout_move(Rng&) const             per-game rollout policy for MCTS (default: uniform random legal move)
//   Move random_move(Rng&) const              a uniformly random legal move drawn without listing the moves; the
//                                             random playouts of MCTS / ISMCTS use it (Honshu: rejection sampling)
//   void order_moves(MoveList&) const         reorders a list of legal moves, most promising first (a static
//                                             evaluation, cheap for the whole list at once); ISMCTS then adds the
//                                             untried moves of a node in this order instead of at random
//   void all_returns(std::span<double>) const every player's returns at once (out[p] = returns(p), p < num_players());
//                                             a game whose returns are scores relative to the others' (Honshu)
//                                             computes each score once instead of once per returns call. The
//                                             Monte-Carlo searches read a finished playout through all_returns()
//                                             below
//   static constexpr double kWidening         progressive widening for ISMCTS (with order_moves): a node of n
//                                             visits has at most max(1, ceil(kWidening * sqrt(n))) children, so
//                                             very wide nodes (Honshu placements) spend their iterations on the
//                                             best-ordered moves first (the search option `widening` overrides
//                                             the constant; 0 turns widening off)
//
// Optional tactical hooks, for proofs (search/solve.hpp) and for searches that must not blunder. "At once" means
// within one ply; a game whose turns have several plies (Sensei) answers for the ply in front of it.
//   Move winning_move() const                 a legal move that ends the game at once with a win for the player
//                                             to move, or kNoMove if there is none
//   void non_losing_moves(MoveList&) const    precondition: winning_move() == kNoMove. The legal moves after which
//                                             the opponent (the next player to move) cannot win at once; every
//                                             legal move left out hands the opponent a win at the next ply. Empty
//                                             when every legal move does (the position is lost at ply + 2)
//   int move_order(Move) const                how promising a legal move looks (higher is searched first; ties
//                                             keep the order of legal_moves); cheap and deterministic
//   uint64_t hash_after(Move) const           hash() of the position after a legal move, without making it
//                                             (Zobrist: one XOR); the table searches prefetch the children's
//                                             entries with it while they order the moves (a probe at random in a
//                                             table of hundreds of MB misses the cache: about 70% of a Connect
//                                             Four proof's time waited on it). A hint only: results are the same
//   uint64_t canonical_hash() const           a hash equal for a position and its images under the game's symmetries
//                                             (Connect Four: the mirror image), so that the proofs (search/solve.hpp)
//                                             share one table entry between them; it comes with
//   Move canonical_move(Move) const           a legal move as the same move of the image whose entry it is (the
//                                             image canonical_hash() was taken from), and its inverse
//   Move move_from_canonical(Move) const      (a move stored by a position's image, as a move of this position);
//   uint64_t canonical_hash_after(Move) const canonical_hash() after a legal move, without making it (prefetch)
//   static constexpr bool kWinsOnOwnMove      true when turns alternate every ply and a game only ever ends in a
//                                             win of the player who made the last move (Connect Four): wins come
//                                             an odd number of plies ahead, losses an even number, which narrows
//                                             the values a proof has to tell apart
//
// Whole-turn tactical hooks, for games whose turns have several plies (Sensei: up to three actions). A game whose
// turns are one ply needs none: the searches use the ply hooks above instead.
//   Move turn_winning_move() const            the first action of a line of the player to move that wins before its
//                                             current turn ends, or kNoMove. May miss a win (a game may detect
//                                             only some kinds), never names an action that does not start a win
//   void turn_safe_moves(MoveList&) const     precondition: turn_winning_move() == kNoMove. The legal actions minus
//                                             some that certainly lose: an action is left out only if every turn
//                                             end it can lead to lets the opponent win within its next turn (or
//                                             loses at once). Never empty: when every action is left out, all of
//                                             them are returned (the position is lost)
//
// Hidden-information games (Haniwa, Koi-Koi, ...) also satisfy `ImperfectInformationGame`:
//   std::string information_state(int player) const   canonical text of exactly what `player` knows
//   static G from_world(std::string_view info_state, std::span<const int32_t> world)
//       builds a full state from an observer's information state plus a sampled assignment of everything hidden
//       (a flat integer array whose layout the game documents); throws WorldError if the world is inconsistent.
// Chance events (draws, dice) are resolved by the world a state was built from: a determinised state carries its
// stock order and dice, so the searches see a deterministic game.
//
// Optional fast determinisation hook (HasWorldAssignment), for searches that make a world per iteration:
//   void assign_hidden(int observer, std::span<const int32_t> world) noexcept
//       overwrites, in place, everything `observer` cannot see with `world` (the from_world layout) and updates
//       the hash. Precondition (not checked): `world` is an arrangement of exactly the items hidden from
//       `observer` in this state. Then the result equals from_world(information_state(observer), world).
//       from_world stays the checked public path; the searches check the belief once through it
//       (search/worlds.hpp) and then use this hook, which neither parses nor allocates.
// Optional observation hook (HasObservationKey), so that ISMCTS can branch on what its player observes (a card
// turned over from the stock, dice) and not only on the moves:
//   uint64_t observation_key(int observer) const noexcept
//       a hash of everything `observer` sees (what information_state(observer) describes): states with equal
//       information states for `observer` have equal keys; different ones differ except for hash collisions.
//
// Simultaneous choices = choices made in turn, each hidden from the others until revealed, plus observation_key.
// There is no simultaneous move in the contract: a game whose players choose at the same time (Ohanami: every
// player picks cards from the hand in front of them at once) fixes a pick order within the round and lets the
// players pick one after another, to_move() naming each picker in turn. Each pick is hidden information until the
// reveal: information_state(p) of a later picker does not show the picks already made in the same round (only
// their number, if that is public), and from_world() / assign_hidden() treat them as part of the hidden world. The
// reveal is an ordinary transition (the last pick of the round, or an explicit reveal step) after which the picks
// are public. observation_key(observer) must follow information_state: it changes when the observer's own pick is
// made or the picks are revealed, and not when another player picks in secret, so ISMCTS (which branches an edge
// on the observer's observation key) never lets a hidden pick leak into the observer's decisions. Searches that
// see full states (MCTS, alpha-beta, PIMC per world) then see a sequential game, as they do for any determinised
// world. Encode a choice from hidden cards so that the same move integers exist in every world (Ohanami names the
// two picked cards by their ranks in the hand): ISMCTS keys its edges by move, and card-valued moves of a hidden hand
// would give it one rarely available edge per sampled hand.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "errors.hpp"
#include "move_list.hpp"
#include "rng.hpp"

namespace kofun {

// The most players any game may have (Honshu has 5); each game's G::kMaxPlayers is at most this.
inline constexpr int kMaxPlayers = 5;

// Heuristic evaluations stay strictly inside (-kEvalBound, kEvalBound); proven results lie beyond it.
inline constexpr int kEvalBound = 20000;

template <class G>
using MoveListOf = MoveList<G::kMaxMoves>;

template <class G>
concept Game = std::copyable<G> && std::equality_comparable<G> &&
               requires(G g, const G cg, Move m, MoveListOf<G>& ml, int p, std::string_view sv) {
                 { G::kMaxPlayers } -> std::convertible_to<int>;
                 requires G::kMaxPlayers >= 1 && G::kMaxPlayers <= kofun::kMaxPlayers;
                 { cg.num_players() } -> std::same_as<int>;
                 { G::kMaxMoves } -> std::convertible_to<int>;
                 { cg.to_move() } -> std::same_as<int>;
                 { cg.is_terminal() } -> std::same_as<bool>;
                 { cg.legal_moves(ml) } -> std::same_as<void>;
                 { g.apply(m) } -> std::same_as<void>;
                 { cg.returns(p) } -> std::same_as<double>;
                 { cg.hash() } -> std::same_as<std::uint64_t>;
                 { cg.recompute_hash() } -> std::same_as<std::uint64_t>;
                 { cg.to_string() } -> std::same_as<std::string>;
                 { G::parse(sv) } -> std::same_as<G>;
                 { cg.move_to_string(m) } -> std::same_as<std::string>;
                 { cg.parse_move(sv) } -> std::same_as<Move>;
               };

template <class G>
concept HasEvaluate = requires(const G g) {
  { g.evaluate() } -> std::same_as<int>;
};

template <class G>
concept HasPliesBound = requires(const G g) {
  { g.remaining_plies_bound() } -> std::same_as<int>;
};

template <class G>
concept HasRolloutPolicy = requires(const G g, Rng& rng) {
  { g.rollout_move(rng) } -> std::same_as<Move>;
};

// A uniformly random legal move drawn without listing the moves (Honshu: placements by rejection sampling). The
// Monte-Carlo searches' random playouts use it instead of legal_moves + a uniform pick.
template <class G>
concept HasRandomMove = requires(const G g, Rng& rng) {
  { g.random_move(rng) } -> std::same_as<Move>;
};

template <class G>
concept HasWinningMove = requires(const G g) {
  { g.winning_move() } -> std::same_as<Move>;
};

template <class G>
concept HasNonLosingMoves = requires(const G g, MoveListOf<G>& ml) {
  { g.non_losing_moves(ml) } -> std::same_as<void>;
};

template <class G>
concept WinsOnOwnMove = requires { requires G::kWinsOnOwnMove; };

template <class G>
concept HasTurnTactics = requires(const G g, MoveListOf<G>& ml) {
  { g.turn_winning_move() } -> std::same_as<Move>;
  { g.turn_safe_moves(ml) } -> std::same_as<void>;
};

template <class G>
concept HasOrderMoves = requires(const G g, MoveListOf<G>& ml) {
  { g.order_moves(ml) } -> std::same_as<void>;
};

template <class G>
concept HasAllReturns = requires(const G g, std::span<double> out) {
  { g.all_returns(out) } -> std::same_as<void>;
};

// out[p] = g.returns(p) for every player p of g: through the game's hook when it has one.
template <class G>
void all_returns(const G& g, std::span<double> out) noexcept {
  if constexpr (HasAllReturns<G>) {
    g.all_returns(out.first(static_cast<std::size_t>(g.num_players())));
  } else {
    for (int p = 0; p < g.num_players(); ++p) out[static_cast<std::size_t>(p)] = g.returns(p);
  }
}

template <class G>
concept HasWidening = requires {
  { G::kWidening } -> std::convertible_to<double>;
};

template <class G>
concept HasMoveOrder = requires(const G g, Move m) {
  { g.move_order(m) } -> std::same_as<int>;
};

template <class G>
concept HasHashAfter = requires(const G g, Move m) {
  { g.hash_after(m) } -> std::same_as<std::uint64_t>;
};

template <class G>
concept HasCanonicalHash = requires(const G g, Move m) {
  { g.canonical_hash() } -> std::same_as<std::uint64_t>;
  { g.canonical_move(m) } -> std::same_as<Move>;
  { g.move_from_canonical(m) } -> std::same_as<Move>;
  { g.canonical_hash_after(m) } -> std::same_as<std::uint64_t>;
};

template <class G>
concept ImperfectInformationGame =
    Game<G> && requires(const G g, int p, std::string_view info, std::span<const std::int32_t> world) {
      { g.information_state(p) } -> std::same_as<std::string>;
      { G::from_world(info, world) } -> std::same_as<G>;
    };

template <class G>
concept HasWorldAssignment =
    ImperfectInformationGame<G> && requires(G g, int p, std::span<const std::int32_t> world) {
      { g.assign_hidden(p, world) } -> std::same_as<void>;
    };

template <class G>
concept HasObservationKey = requires(const G g, int p) {
  { g.observation_key(p) } -> std::same_as<std::uint64_t>;
};

// Plays `m` after checking that it is legal; throws IllegalMoveError otherwise.
template <Game G>
void checked_apply(G& g, Move m) {
  if (g.is_terminal()) throw IllegalMoveError("the game is over: no move is legal");
  MoveListOf<G> ml;
  g.legal_moves(ml);
  if (!ml.contains(m)) throw IllegalMoveError("illegal move '" + g.move_to_string(m) + "' in this position");
  g.apply(m);
}

// Number of move sequences of exactly `depth` plies from `g` (a game that ends earlier contributes nothing,
// as in chess perft).
template <Game G>
std::uint64_t perft(const G& g, int depth) {
  if (depth == 0) return 1;
  if (g.is_terminal()) return 0;
  MoveListOf<G> ml;
  g.legal_moves(ml);
  if (depth == 1) return static_cast<std::uint64_t>(ml.size());
  std::uint64_t n = 0;
  for (Move m : ml) {
    G c = g;
    c.apply(m);
    n += perft(c, depth - 1);
  }
  return n;
}

}  // namespace kofun
