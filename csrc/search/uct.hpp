// Pieces shared by the Monte-Carlo searches (mcts.hpp, ismcts.hpp): the budget / stop block that the threads of one
// search share, UCT lookup tables, and playouts to the end of the game.
#pragma once

#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <vector>

#include "../core/game.hpp"
#include "limits.hpp"

namespace kofun::uct {

// What the threads of one search share: budgets, the caller's control block, the clock and the stop state.
struct Shared {
  SearchLimits limits;
  SearchControl* control = nullptr;
  Stopwatch clock;
  std::atomic<bool> abort{false};
  std::atomic<bool> stopped{false};
  std::atomic<std::uint64_t> iterations{0};

  // Checks the time budget and the caller's stop request; true when the search must end.
  bool poll() {
    if (limits.time_s > 0 && clock.seconds() >= limits.time_s) abort.store(true);
    if (control && control->stop.load(std::memory_order_relaxed)) {
      stopped.store(true);
      abort.store(true);
    }
    return abort.load(std::memory_order_relaxed);
  }

  // Iterations for thread t of `threads` (the main thread, 0, takes the remainder); unbounded without a node budget.
  std::uint64_t budget(int t, int threads) const noexcept {
    if (limits.nodes == 0) return ~std::uint64_t{0};
    const std::uint64_t share = limits.nodes / static_cast<std::uint64_t>(threads);
    return t == 0 ? share + limits.nodes % static_cast<std::uint64_t>(threads) : share;
  }
};

// 1/n and 1/sqrt(n) side by side (one cache line per child scored) and sqrt(ln n) for visit counts below kSize:
// a root's visits grow by one per iteration, and past 4,096 a log per selection was 8% of a Connect Four MCTS
// search, the division and square root of each root child another 7%. Computed once per process (6 MiB) with the
// same expressions as the fallbacks, so a value read from the tables equals the one computed: the searches do not
// depend on the sizes.
class Tables {
 public:
  static constexpr std::uint32_t kSize = std::uint32_t{1} << 18;

  Tables() : d_(&shared()), inv_(d_->inv.data()) {}

  double sqrt_log(std::uint32_t n) const noexcept {
    return n < kSize ? d_->sqrt_log[n] : std::sqrt(std::log(static_cast<double>(n)));
  }
  // mean + k / sqrt(n) for a child with summed value `total` over n > 0 visits.
  double ucb(double total, std::uint32_t n, double k) const noexcept {
    if (n < kSize) {
      const Inv& e = inv_[n];
      return total * e.inv + k * e.inv_sqrt;
    }
    return total * (1.0 / n) + k * (1.0 / std::sqrt(static_cast<double>(n)));
  }

 private:
  struct Inv {
    double inv, inv_sqrt;
  };
  struct Data {
    std::vector<Inv> inv;
    std::vector<double> sqrt_log;
    Data() : inv(kSize), sqrt_log(kSize) {
      for (std::uint32_t n = 1; n < kSize; ++n) {
        inv[n].inv = 1.0 / n;
        inv[n].inv_sqrt = 1.0 / std::sqrt(static_cast<double>(n));
        sqrt_log[n] = std::sqrt(std::log(static_cast<double>(n)));
      }
    }
  };
  static const Data& shared() {
    static const Data d;  // thread-safe initialisation, once per process
    return d;
  }
  const Data* d_;
  const Inv* inv_;
};

// Plays `s` to the end with the game's rollout policy (`policy` and G::rollout_move exists) or uniformly random
// legal moves (G::random_move when the game draws one without listing the moves), or at most `max_plies` plies
// when it is > 0; true when the game ended.
template <Game G>
bool playout(G& s, Rng& rng, bool policy, int max_plies = 0) {
  MoveListOf<G> ml;
  for (int n = 0; !s.is_terminal(); ++n) {
    if (n == max_plies && max_plies > 0) return false;
    if constexpr (HasRolloutPolicy<G>) {
      if (policy) {
        s.apply(s.rollout_move(rng));
        continue;
      }
    }
    if constexpr (HasRandomMove<G>) {
      s.apply(s.random_move(rng));
    } else {
      s.legal_moves(ml);
      s.apply(ml[static_cast<int>(rng.below(static_cast<std::uint32_t>(ml.size())))]);
    }
  }
  return true;
}

}  // namespace kofun::uct
