// Rollout improvement of the solo policy (Bertsekas, Tsitsiklis & Wu, "Rollout algorithms for combinatorial
// optimization", 1997; Bertsekas, "Rollout algorithms for discrete optimization", 2013): a stronger non-peeking
// player built on the policy of solo_policy.hpp (the base).
//
// A decision of the base values each candidate plan of the turn by greedy rollouts over sampled futures and keeps
// the best (hindsight-free, but its rollouts are weaker than the base itself). The rollout policy takes the base's
// `candidates` best plans and values each one by the mean final score of the **base policy itself** playing the
// rest of the game from the end of the plan, over `samples` sampled futures (uniform orders of the unseen tiles),
// the same futures and the same decision seeds for every candidate (common random numbers); the plan with the
// best mean is played (ties: the base's order). Before turn `from_turn`, and on the last turn (where the base is
// exact), the base decides alone.
//
// Why it helps: if the plans' values were exact, the chosen plan would be at least as good as the base's own
// choice (which is among the candidates) followed by the base, i.e. the rollout policy's expected score is at
// least the base's (the rollout algorithm's cost improvement property). With `samples` futures the values carry
// sampling noise: the measured gain is in docs/haniwa.md.
//
// No peeking: as the base, a decision first replaces the stock by its sorted multiset (canonical_solo_state); the
// futures come from that and the seed, and the base decisions inside the futures see only their own sampled
// worlds through the same canonicalisation. Cost of a decision: candidates x samples base games from the end of
// the plan (each about (6 - turn) base decisions).
#pragma once

#include <cstdint>
#include <vector>

#include "haniwa.hpp"
#include "solo_policy.hpp"

namespace kofun::haniwa {

struct SoloRolloutOptions {
  int candidates = 4;  // the base's best plans valued by base-policy games (>= 1; 1: the base's choice)
  int samples = 16;    // sampled futures per decision, common to every candidate (>= 1)
  int from_turn = 3;   // turns 1 .. from_turn - 1 are decided by the base alone (1..6)
};

// Holds the base policy (and its scratch tables); not thread-safe.
class SoloRolloutPolicy {
 public:
  // Throws RuleOptionError for options out of range.
  SoloRolloutPolicy(const SoloPolicyOptions& base, const SoloRolloutOptions& options);
  // The valued plans of the current turn of `s` (solo, not over), best first: the revalued candidates (their
  // `samples` = the futures used), or the base's plans on the turns the base decides alone.
  std::vector<SoloPlan> plan_turn(const State& s, std::uint64_t seed);
  // Plays the world `s` to the end (decision seeds derived from `seed`); the final state.
  State play(const State& s, std::uint64_t seed);
  // Decisions of the base policy so far, the ones inside the futures included.
  std::uint64_t base_decisions() const noexcept { return base_.decisions(); }

 private:
  SoloPolicy base_;
  SoloRolloutOptions opt_;
};

}  // namespace kofun::haniwa
