// Binds the searches (alpha-beta, MCTS, the brute-force reference) as methods of any game's State class.
// The GIL is released for the whole search; bad options raise ValueError before anything runs.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <stdexcept>
#include <string>

#include "../csrc/core/game.hpp"
#include "../csrc/search/alphabeta.hpp"
#include "../csrc/search/limits.hpp"
#include "../csrc/search/mcts.hpp"
#include "../csrc/search/minimax.hpp"
#include "../csrc/search/result.hpp"
#include "../csrc/search/tt.hpp"

namespace kofun::bind {

namespace py = pybind11;

inline constexpr int kMaxMemoryMb = 1 << 16;

// Rejects budgets that are negative or that could never end the search.
inline void check_limits(const SearchLimits& lim, bool depth_counts, const char* search) {
  const std::string where = std::string(search) + ": ";
  if (lim.time_s < 0) throw std::invalid_argument(where + "limits.time_s must be >= 0");
  if (lim.depth < 0) throw std::invalid_argument(where + "limits.depth must be >= 0");
  if (lim.threads < 1 || lim.threads > 256) throw std::invalid_argument(where + "limits.threads must be in 1..256");
  if (lim.time_s == 0 && lim.nodes == 0 && (!depth_counts || lim.depth == 0))
    throw std::invalid_argument(where + "no limit given (set limits.time_s, limits.nodes" +
                                (depth_counts ? std::string(" or limits.depth)") : std::string(")")) +
                                ": the search would never end");
}

inline void check_memory(int mb, const char* name) {
  if (mb < 1 || mb > kMaxMemoryMb)
    throw std::invalid_argument(std::string(name) + " must be in 1.." + std::to_string(kMaxMemoryMb) + ", got " +
                                std::to_string(mb));
}

template <Game G>
void bind_search(py::class_<G>& cls) {
  if constexpr (G::kNumPlayers <= 2) {
    cls.def(
        "alphabeta",
        [](const G& g, const SearchLimits& limits, SearchControl* control, int hash_mb) {
          check_limits(limits, true, "alphabeta");
          check_memory(hash_mb, "hash_mb");
          if (g.is_terminal()) throw std::invalid_argument("alphabeta: the position is terminal");
          py::gil_scoped_release release;
          TranspositionTable tt(static_cast<std::size_t>(hash_mb));
          return alphabeta(g, limits, control, tt);
        },
        py::arg("limits"), py::arg("control") = nullptr, py::arg("hash_mb") = 64,
        "Alpha-beta (PVS, iterative deepening, Lazy-SMP threads). Values in evaluation units; proven results "
        "beyond the evaluation bound.");
    cls.def(
        "minimax",
        [](const G& g, int depth) {
          if (depth < 0) throw std::invalid_argument("minimax: depth must be >= 0");
          py::gil_scoped_release release;
          return minimax(g, depth);
        },
        py::arg("depth"), "Brute-force negamax value at `depth` (reference for tests; exponential).");
  }
  cls.def(
      "mcts",
      [](const G& g, const SearchLimits& limits, SearchControl* control, double exploration,
         const std::string& rollout, bool solver, bool transpositions, int memory_mb) {
        check_limits(limits, false, "mcts");
        check_memory(memory_mb, "memory_mb");
        if (!(exploration >= 0)) throw std::invalid_argument("mcts: exploration must be >= 0");
        MctsOptions opt;
        opt.exploration = exploration;
        if (rollout == "policy") {
          if constexpr (!HasRolloutPolicy<G>)
            throw std::invalid_argument("mcts: rollout='policy' but this game has no rollout policy");
          opt.policy_rollouts = true;
        } else if (rollout != "random") {
          throw std::invalid_argument("mcts: rollout must be 'random' or 'policy', got '" + rollout + "'");
        }
        if (g.is_terminal()) throw std::invalid_argument("mcts: the position is terminal");
        opt.solver = solver;
        opt.transpositions = transpositions;
        opt.memory_bytes = static_cast<std::size_t>(memory_mb) << 20;
        py::gil_scoped_release release;
        return mcts(g, limits, control, opt);
      },
      py::arg("limits"), py::arg("control") = nullptr, py::arg("exploration") = 1.4, py::arg("rollout") = "random",
      py::arg("solver") = true, py::arg("transpositions") = false, py::arg("memory_mb") = 256,
      "UCT with random or policy rollouts, MCTS-Solver, optional transposition merging, root-parallel threads. "
      "Values are mean returns of the player to move.");
}

}  // namespace kofun::bind
