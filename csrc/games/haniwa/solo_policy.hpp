// Non-peeking solo policy: decides each turn from what the player has seen (hand, zone, dice, Dogu, Kofun and
// the multiset of unseen tiles), never from the stock order.
//
// No peeking by construction: plan_turn first replaces the stock of the given state by its tiles in sorted
// order (the canonical stock). Everything after that — the enumeration of plans, the sampled futures — derives
// from that canonical state and the seed, so two states that differ only in the order of their stock get the
// same plans, values and choice.
//
// One decision plans the whole rest of the current turn (no tile is drawn before the turn ends, so nothing is
// learnt in between):
//   1. Enumerate every distinct end-of-turn position reachable with the hand: all placement orders, cells, Kofun
//      plays (at most one per turn) and Kofun choices; placement orders that reach the same position are merged.
//   2. Last turn: every plan ends the game; the plan with the best score is chosen (exact).
//   3. Otherwise rank the plans by the static estimate (solo_heuristic.hpp), keep the best `candidates`, and
//      value each one on the same `samples` sampled futures (uniformly random orders of the unseen tiles;
//      common random numbers for all candidates): the plan is played in the sampled world, then the game is
//      finished by a greedy rollout (each placement and Kofun choice maximises the static estimate; with
//      `exact_last_turn` the rollout's last turn is the best one, found exhaustively, as the policy itself plays
//      it). The plan with the best mean final score is chosen (ties: the better static estimate).
// The value of a plan is thus a mean over sampled futures of the score of a real (non-peeking) continuation,
// reported with its standard deviation.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "../../core/errors.hpp"
#include "../../core/rng.hpp"
#include "haniwa.hpp"
#include "solo_heuristic.hpp"

namespace kofun::haniwa {

// A solo game: 24 cells, one hand of four a turn, six turns.
inline constexpr int kSoloCells = 24;
inline constexpr int kSoloTurns = kSoloCells / kHandSize;
// The turn (0-based) `s` is in; a Kofun choice after a turn's last placement still belongs to that turn.
inline int solo_turn_of(const State& s) noexcept {
  const int pending = s.phase() == Phase::kChooseKofun ? 1 : 0;
  return (s.placed() - s.turn_placed() - pending) / kHandSize;
}

// Solo ranks by index: 0 perfect (60+), 1 master (50-59), 2 veteran (40-49), 3 junior (30-39), 4 beginner.
inline constexpr int kSoloRanks = 5;
inline int solo_rank_index(int score) noexcept {
  return score >= 60 ? 0 : score >= 50 ? 1 : score >= 40 ? 2 : score >= 30 ? 3 : 4;
}

// The unseen tiles (the remaining stock) as a sorted multiset, and `s` with its stock in that order: all a
// non-peeking decision may look at (two states that differ only in their stock order give the same result).
struct SoloUnseen {
  std::array<std::uint8_t, kMaxStock> kinds{};
  int count = 0;
};
State canonical_solo_state(const State& s, SoloUnseen& unseen) noexcept;
// `unseen`'s tiles in a uniformly random order drawn from `rng`: a sampled future (the canonical state's stock
// reordered).
void sample_future(const State& canonical, const SoloUnseen& unseen, Rng& rng, State& world) noexcept;

// Plays the world `s` to the end with `policy` (anything with plan_turn(state, seed): each turn its best plan); the
// final state. `who` names the policy in the error for a non-solo state.
template <class Policy>
State play_solo(Policy& policy, const State& s, std::uint64_t seed, const char* who) {
  if (!s.rules().solo()) throw RuleOptionError(std::string(who) + ": the position is not a solo game (players=1)");
  State w = s;
  while (!w.is_terminal()) {
    const auto plans = policy.plan_turn(w, seed);
    for (Move m : plans.front().moves) w.apply(m);
  }
  return w;
}

struct SoloPolicyOptions {
  int samples = 16;           // sampled futures per decision (>= 1)
  int candidates = 12;        // plans valued by rollouts per decision (>= 1)
  double time_per_turn = 0.0;  // > 0: keep adding batches of `samples` futures until this many seconds passed
  bool exact_last_turn = false;  // rollouts play their last turn by exhaustive search (slower, stronger)
  SoloHeuristicWeights weights{};
};

struct SoloPlan {
  std::vector<Move> moves;  // the rest of the current turn, in playing order
  double mean = 0.0;        // mean final score over the sampled futures (exact score on the last turn)
  double stddev = 0.0;      // standard deviation of the final score over the futures (0 on the last turn)
  int samples = 0;          // futures used (0: exact)
  double heuristic = 0.0;   // static estimate of the end-of-turn position
  // Futures ending in each solo rank (perfect, master, veteran, junior, beginner); on the last turn the exact
  // rank of the plan's score counts 1.
  std::array<int, kSoloRanks> ranks{};
};

// Holds its scratch tables (allocated once); plan_turn/play may be called many times. Not thread-safe.
class SoloPolicy {
 public:
  explicit SoloPolicy(const SoloPolicyOptions& options = {});
  // The valued plans of the current turn of `s` (a solo, non-terminal state), best first. Throws
  // RuleOptionError for a non-solo or finished game, or bad options.
  std::vector<SoloPlan> plan_turn(const State& s, std::uint64_t seed);
  // Plays the world `s` to the end with the policy (decision seeds derived from `seed`); the final state.
  State play(const State& s, std::uint64_t seed);
  // Decisions (plan_turn calls) made since construction.
  std::uint64_t decisions() const noexcept { return decisions_; }

 private:
  static constexpr int kMaxPlanMoves = 8;  // 4 placements and 4 Kofun choices
  struct Candidate {
    std::array<Move, kMaxPlanMoves> moves;
    int length;
    double heuristic;
    double sum;
    double sum_sq;
    std::array<int, kSoloRanks> ranks;
  };
  // Open-addressing set of state hashes, emptied by bumping the generation. Once 3/4 full it stops storing
  // (insert then reports every hash as new): transpositions are enumerated again, never lost.
  struct Visited {
    std::vector<std::uint64_t> keys;
    std::vector<std::uint32_t> gen;
    std::uint32_t generation = 0;
    std::size_t size = 0;
    void init(int bits);
    void clear() noexcept;
    bool insert(std::uint64_t hash) noexcept;  // false when already present
  };
  void enumerate(const State& s, const SoloBoard& board, int depth);
  double rollout(State s) noexcept;
  int best_final_score(const State& s) noexcept;  // exhaustive (transpositions merged): the last turn

  SoloPolicyOptions opt_;
  std::vector<Candidate> candidates_;
  Visited visited_;  // positions met by the plan enumeration
  int target_placed_ = 0;
  std::array<Move, kMaxPlanMoves> path_{};
  std::uint64_t decisions_ = 0;
};

}  // namespace kofun::haniwa
