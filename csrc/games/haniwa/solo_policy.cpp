#include "solo_policy.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "../../core/errors.hpp"

namespace kofun::haniwa {
namespace {

constexpr int kVisitedBits = 18;
constexpr int kCells = kSoloCells;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

State canonical_solo_state(const State& s, SoloUnseen& unseen) noexcept {
  unseen.count = s.stock_left();
  for (int j = 0; j < unseen.count; ++j) unseen.kinds[j] = static_cast<std::uint8_t>(s.stock_tile(j));
  std::sort(unseen.kinds.begin(), unseen.kinds.begin() + unseen.count);
  State root = s;
  root.reorder_stock(std::span<const std::uint8_t>(unseen.kinds.data(), unseen.count));
  return root;
}

void sample_future(const State& canonical, const SoloUnseen& unseen, Rng& rng, State& world) noexcept {
  std::array<std::uint8_t, kMaxStock> order = unseen.kinds;
  for (int i = unseen.count - 1; i > 0; --i) std::swap(order[i], order[rng.below(static_cast<std::uint32_t>(i + 1))]);
  world = canonical;
  world.reorder_stock(std::span<const std::uint8_t>(order.data(), unseen.count));
}

SoloPolicy::SoloPolicy(const SoloPolicyOptions& options) : opt_(options) {
  if (opt_.samples < 1) throw RuleOptionError("haniwa solo policy: samples must be >= 1");
  if (opt_.candidates < 1) throw RuleOptionError("haniwa solo policy: candidates must be >= 1");
  if (!(opt_.time_per_turn >= 0)) throw RuleOptionError("haniwa solo policy: time per turn must be >= 0");
  visited_.init(kVisitedBits);
  candidates_.reserve(std::size_t{1} << 15);
}

void SoloPolicy::Visited::init(int bits) {
  keys.assign(std::size_t{1} << bits, 0);
  gen.assign(std::size_t{1} << bits, 0);
  generation = 0;
}

void SoloPolicy::Visited::clear() noexcept {
  size = 0;
  if (++generation == 0) {
    std::fill(gen.begin(), gen.end(), 0u);
    generation = 1;
  }
}

bool SoloPolicy::Visited::insert(std::uint64_t hash) noexcept {
  const std::uint64_t mask = keys.size() - 1;
  for (std::uint64_t i = hash & mask;; i = (i + 1) & mask) {
    if (gen[i] != generation) {
      if (4 * size >= 3 * keys.size()) return true;  // full: no longer stored
      gen[i] = generation;
      keys[i] = hash;
      ++size;
      return true;
    }
    if (keys[i] == hash) return false;
  }
}

// Depth-first over the rest of the turn; every distinct end-of-turn position becomes one candidate.
void SoloPolicy::enumerate(const State& s, const SoloBoard& board, int depth) {
  MoveList<State::kMaxMoves> ml;
  s.legal_moves(ml);
  for (Move m : ml) {
    State c = s;
    c.apply(m);
    path_[depth] = m;
    if (!visited_.insert(c.hash())) continue;
    const SoloBoard child = solo_board(c, board, m);
    const bool end = c.is_terminal() || (c.placed() == target_placed_ && c.phase() != Phase::kChooseKofun);
    if (!end) {
      enumerate(c, child, depth + 1);
      continue;
    }
    Candidate cand{};
    std::copy(path_.begin(), path_.begin() + depth + 1, cand.moves.begin());
    cand.length = depth + 1;
    cand.heuristic = solo_heuristic(c, opt_.weights, child);
    candidates_.push_back(cand);
  }
}

int SoloPolicy::best_final_score(const State& s) noexcept {
  if (s.is_terminal()) return s.score(0);
  MoveList<State::kMaxMoves> ml;
  s.legal_moves(ml);
  int best = -1;
  for (Move m : ml) {
    State c = s;
    c.apply(m);
    if (!visited_.insert(c.hash())) continue;
    best = std::max(best, best_final_score(c));
  }
  return best;
}

double SoloPolicy::rollout(State s) noexcept {
  MoveList<State::kMaxMoves> ml;
  SoloBoard board = solo_board(s);
  while (!s.is_terminal()) {
    if (opt_.exact_last_turn && s.placed() >= kCells - kHandSize && s.turn_placed() == 0 &&
        s.phase() == Phase::kPlace) {
      visited_.clear();  // the plan enumeration is over: its set is free
      return best_final_score(s);
    }
    s.legal_moves(ml);
    Move best = ml[0];
    double best_h = -1e9;
    for (Move m : ml) {
      State c = s;
      c.apply(m);
      const double h = solo_heuristic(c, opt_.weights, solo_board(c, board, m));
      if (h > best_h) {
        best_h = h;
        best = m;
      }
    }
    s.apply(best);
    board = solo_board(s, board, best);
  }
  return s.score(0);
}

std::vector<SoloPlan> SoloPolicy::plan_turn(const State& s, std::uint64_t seed) {
  if (!s.rules().solo()) throw RuleOptionError("haniwa solo policy: the position is not a solo game (players=1)");
  if (s.is_terminal()) throw RuleOptionError("haniwa solo policy: the game is over");
  const auto t0 = std::chrono::steady_clock::now();
  ++decisions_;
  // Canonical state: the stock order is forgotten here, before anything else looks at the state.
  SoloUnseen unseen;
  const State root = canonical_solo_state(s, unseen);

  const int turn_left = s.phase() == Phase::kChooseKofun ? kHandSize - s.turn_placed() - 1
                                                         : kHandSize - s.turn_placed();
  target_placed_ = std::min(kCells, s.placed() + turn_left);
  visited_.clear();
  candidates_.clear();
  enumerate(root, solo_board(root), 0);

  const bool last_turn = target_placed_ == kCells;
  std::vector<SoloPlan> plans;
  auto to_plan = [&](const Candidate& c, double mean, double sd, int samples) {
    SoloPlan p;
    p.moves.assign(c.moves.begin(), c.moves.begin() + c.length);
    p.mean = mean;
    p.stddev = sd;
    p.samples = samples;
    p.heuristic = c.heuristic;
    p.ranks = c.ranks;
    if (samples == 0) ++p.ranks[solo_rank_index(static_cast<int>(c.heuristic))];
    return p;
  };
  auto by_heuristic = [](const Candidate& a, const Candidate& b) { return a.heuristic > b.heuristic; };
  if (last_turn) {  // every candidate is a finished game: its heuristic is its exact score
    std::stable_sort(candidates_.begin(), candidates_.end(), by_heuristic);
    for (const auto& c : candidates_) plans.push_back(to_plan(c, c.heuristic, 0.0, 0));
    return plans;
  }
  const int m = std::min<int>(opt_.candidates, static_cast<int>(candidates_.size()));
  std::partial_sort(candidates_.begin(), candidates_.begin() + m, candidates_.end(), by_heuristic);

  std::uint64_t mix = seed ^ (0xD1B54A32D192ED03ULL * (static_cast<std::uint64_t>(s.placed()) + 1));
  Rng rng(splitmix64(mix));
  int samples = 0;
  State world = root;
  do {
    for (int k = 0; k < opt_.samples; ++k, ++samples) {
      sample_future(root, unseen, rng, world);
      for (int i = 0; i < m; ++i) {
        Candidate& c = candidates_[i];
        State w = world;
        for (int j = 0; j < c.length; ++j) w.apply(c.moves[j]);
        const double v = rollout(w);
        c.sum += v;
        c.sum_sq += v * v;
        ++c.ranks[solo_rank_index(static_cast<int>(v))];
      }
    }
  } while (opt_.time_per_turn > 0 && seconds_since(t0) < opt_.time_per_turn);

  std::vector<int> idx(m);
  for (int i = 0; i < m; ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return candidates_[a].sum > candidates_[b].sum; });
  for (int i : idx) {
    const Candidate& c = candidates_[i];
    const double mean = c.sum / samples;
    const double var = samples > 1 ? std::max(0.0, (c.sum_sq - samples * mean * mean) / (samples - 1)) : 0.0;
    plans.push_back(to_plan(c, mean, std::sqrt(var), samples));
  }
  return plans;
}

State SoloPolicy::play(const State& s, std::uint64_t seed) { return play_solo(*this, s, seed, "haniwa solo policy"); }

}  // namespace kofun::haniwa
