// Search budgets and the control block shared between a running search and its caller.
//
// A search stops at the first budget reached (time, nodes, depth, iterations) or when `SearchControl::stop` is
// set (Ctrl-C from Python, a GUI button); it then returns the best move found so far. A zero budget means
// "no limit on this quantity"; at least one limit or a stop request must end the search.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "../core/move_list.hpp"

namespace kofun {

struct SearchLimits {
  double time_s = 0.0;           // wall-clock budget in seconds
  std::uint64_t nodes = 0;       // alpha-beta nodes or MCTS iterations (all threads together)
  int depth = 0;                 // alpha-beta: deepest iteration (plies)
  int threads = 1;               // Lazy-SMP (alpha-beta) or root-parallel (MCTS) threads
  std::uint64_t seed = 0;        // every random choice derives from it
};

// What a running search last reported, for live displays. Written by the search's main thread at the end of
// each iteration (alpha-beta) or every few thousand iterations (MCTS); read by any thread.
struct SearchProgress {
  int depth = 0;
  double value = 0.0;
  std::vector<Move> pv;
  std::uint64_t nodes = 0;
  double time_s = 0.0;
  bool proven = false;
};

class SearchControl {
 public:
  std::atomic<bool> stop{false};

  void publish(const SearchProgress& p) {
    std::lock_guard<std::mutex> lock(mu_);
    progress_ = p;
    ++version_;
  }
  // Returns the latest progress and its version number (incremented at every publish).
  std::pair<SearchProgress, std::uint64_t> snapshot() const {
    std::lock_guard<std::mutex> lock(mu_);
    return {progress_, version_};
  }

 private:
  mutable std::mutex mu_;
  SearchProgress progress_;
  std::uint64_t version_ = 0;
};

// Monotonic stopwatch.
class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace kofun
