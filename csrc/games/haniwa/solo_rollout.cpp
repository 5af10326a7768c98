#include "solo_rollout.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "../../core/errors.hpp"
#include "../../core/rng.hpp"

namespace kofun::haniwa {
SoloRolloutPolicy::SoloRolloutPolicy(const SoloPolicyOptions& base, const SoloRolloutOptions& options)
    : base_(base), opt_(options) {
  if (opt_.candidates < 1) throw RuleOptionError("haniwa solo rollout policy: candidates must be >= 1");
  if (opt_.samples < 1) throw RuleOptionError("haniwa solo rollout policy: samples must be >= 1");
  if (opt_.from_turn < 1 || opt_.from_turn > kSoloTurns)
    throw RuleOptionError("haniwa solo rollout policy: from_turn must be 1 to 6");
}

std::vector<SoloPlan> SoloRolloutPolicy::plan_turn(const State& s, std::uint64_t seed) {
  if (!s.rules().solo())
    throw RuleOptionError("haniwa solo rollout policy: the position is not a solo game (players=1)");
  if (s.is_terminal()) throw RuleOptionError("haniwa solo rollout policy: the game is over");
  SoloUnseen unseen;
  const State root = canonical_solo_state(s, unseen);  // nothing below reads the stock order of `s`
  std::vector<SoloPlan> plans = base_.plan_turn(root, seed);
  const int turn = solo_turn_of(s) + 1;  // 1-6
  const bool last_turn = plans.front().samples == 0;  // the base is exact there
  if (last_turn || turn < opt_.from_turn) return plans;
  const int m = std::min<int>(opt_.candidates, static_cast<int>(plans.size()));
  plans.resize(m);
  if (m == 1) return plans;

  std::vector<double> sum(m, 0.0), sum_sq(m, 0.0);
  std::vector<std::array<int, kSoloRanks>> ranks(m, std::array<int, kSoloRanks>{});
  std::uint64_t mix = seed ^ (0xA0761D6478BD642FULL * (static_cast<std::uint64_t>(s.placed()) + 1));
  Rng rng(splitmix64(mix));
  State world = root;
  for (int k = 0; k < opt_.samples; ++k) {
    sample_future(root, unseen, rng, world);
    const std::uint64_t future_seed = rng.next();  // the base's decision seed in this future, for every candidate
    for (int i = 0; i < m; ++i) {
      State w = world;
      for (Move mv : plans[i].moves) w.apply(mv);
      const int v = (w.is_terminal() ? w : base_.play(w, future_seed)).score(0);
      sum[i] += v;
      sum_sq[i] += static_cast<double>(v) * v;
      ++ranks[i][solo_rank_index(v)];
    }
  }
  std::vector<int> idx(m);
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return sum[a] > sum[b]; });
  const int n = opt_.samples;
  std::vector<SoloPlan> out;
  out.reserve(m);
  for (int i : idx) {
    SoloPlan p = plans[i];
    p.mean = sum[i] / n;
    p.stddev = n > 1 ? std::sqrt(std::max(0.0, (sum_sq[i] - n * p.mean * p.mean) / (n - 1))) : 0.0;
    p.samples = n;
    p.ranks = ranks[i];
    out.push_back(std::move(p));
  }
  return out;
}

State SoloRolloutPolicy::play(const State& s, std::uint64_t seed) {
  return play_solo(*this, s, seed, "haniwa solo rollout policy");
}

}  // namespace kofun::haniwa
