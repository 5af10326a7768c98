// Binds the searches (alpha-beta, MCTS, the brute-force reference) as methods of any game's State class, and for
// hidden-information games the information-set searches (ISMCTS, PIMC) as static methods taking an information
// state and a belief. The GIL is released for the whole search; bad options raise ValueError before anything runs.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <memory>
#include <new>
#include <optional>
#include <vector>
#include <stdexcept>
#include <string>
#include <string_view>
#include <typeinfo>

#include "../csrc/core/game.hpp"
#include "../csrc/search/alphabeta.hpp"
#include "../csrc/search/ismcts.hpp"
#include "../csrc/search/limits.hpp"
#include "../csrc/search/mcts.hpp"
#include "../csrc/search/minimax.hpp"
#include "../csrc/search/pimc.hpp"
#include "../csrc/search/result.hpp"
#include "../csrc/search/solve.hpp"
#include "../csrc/search/table_cache.hpp"
#include "../csrc/search/tt.hpp"
#include "../csrc/search/worlds.hpp"

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

// Runs a tree search (MCTS, ISMCTS, PIMC); its tree of `memory_mb` that cannot be allocated is a ValueError naming
// the setting, not a bare MemoryError.
template <class Search>
auto with_tree_memory(int memory_mb, Search&& search) {
  try {
    return search();
  } catch (const std::bad_alloc&) {
    throw std::invalid_argument("memory_mb: cannot allocate " + std::to_string(memory_mb) +
                                " MB for the search tree; give a smaller memory_mb");
  }
}

using WorldArray = py::array_t<std::int32_t, py::array::c_style | py::array::forcecast>;

// The belief of an information-set search: either `unseen` items with slot-group sizes `groups` (sampled in C++)
// or explicit `worlds` (an n x k integer array), not both.
template <ImperfectInformationGame G>
Belief<G> make_belief(const std::string& info, const std::optional<std::vector<std::int32_t>>& unseen,
                      const std::optional<std::vector<int>>& groups, const std::optional<WorldArray>& worlds,
                      const char* search) {
  const std::string where = std::string(search) + ": ";
  if (worlds.has_value() == (unseen.has_value() || groups.has_value()))
    throw WorldError(where + "give either unseen= and groups= (worlds sampled in C++) or worlds= (an n x k array)");
  if (worlds) {
    if (worlds->ndim() != 2)
      throw WorldError(where + "worlds must be a 2-D array (n worlds x k slots), got " + std::to_string(worlds->ndim()) +
                       " dimension(s)");
    const auto rows = static_cast<std::size_t>(worlds->shape(0)), cols = static_cast<std::size_t>(worlds->shape(1));
    return Belief<G>::from_rows(info, {worlds->data(), rows * cols}, rows, cols);
  }
  if (!unseen || !groups) throw WorldError(where + "unseen= and groups= go together");
  return Belief<G>::from_items(info, *unseen, *groups);
}

template <ImperfectInformationGame G>
void bind_information_set_search(py::class_<G>& cls) {
  cls.def_static(
      "ismcts",
      [](const std::string& info, const SearchLimits& limits, SearchControl* control,
         std::optional<std::vector<std::int32_t>> unseen, std::optional<std::vector<int>> groups,
         std::optional<WorldArray> worlds, double exploration, const std::string& rollout, double return_scale,
         int memory_mb, const std::string& objective, std::optional<std::vector<double>> return_table, int table_low,
         double widening) {
        check_limits(limits, false, "ismcts");
        check_memory(memory_mb, "memory_mb");
        if (!(exploration >= 0)) throw std::invalid_argument("ismcts: exploration must be >= 0");
        if (!(return_scale >= 0)) throw std::invalid_argument("ismcts: return_scale must be >= 0 (0: automatic)");
        if (!(widening >= 0) && widening != -1.0)
          throw std::invalid_argument("ismcts: widening must be >= 0 (0: off; -1: the game's default)");
        IsmctsOptions opt;
        opt.exploration = exploration;
        opt.return_scale = return_scale;
        opt.widening = widening;
        if (objective == "wins") opt.objective = IsmctsObjective::kWins;
        else if (objective == "table") opt.objective = IsmctsObjective::kTable;
        else if (objective != "returns")
          throw std::invalid_argument("ismcts: objective must be 'returns', 'wins' or 'table', got '" + objective + "'");
        if (return_table.has_value() != (objective == "table"))
          throw std::invalid_argument("ismcts: return_table goes with objective 'table' (and only with it)");
        if (return_table) opt.return_table = std::move(*return_table);
        opt.table_low = table_low;
        opt.memory_bytes = static_cast<std::size_t>(memory_mb) << 20;
        if (rollout == "policy") {
          if constexpr (!HasRolloutPolicy<G>)
            throw std::invalid_argument("ismcts: rollout='policy' but this game has no rollout policy");
          opt.policy_rollouts = true;
        } else if (rollout == "auto") {
          opt.policy_rollouts = HasRolloutPolicy<G>;
        } else if (rollout != "random") {
          throw std::invalid_argument("ismcts: rollout must be 'auto', 'random' or 'policy', got '" + rollout + "'");
        }
        const Belief<G> belief = make_belief<G>(info, unseen, groups, worlds, "ismcts");
        py::gil_scoped_release release;
        return with_tree_memory(memory_mb, [&] { return ismcts(belief, limits, control, opt); });
      },
      py::arg("info_state"), py::arg("limits"), py::arg("control") = nullptr, py::arg("unseen") = std::nullopt,
      py::arg("groups") = std::nullopt, py::arg("worlds") = std::nullopt, py::arg("exploration") = 0.7,
      py::arg("rollout") = "auto", py::arg("return_scale") = 0.0, py::arg("memory_mb") = 256, py::arg("objective") = "returns",
      py::arg("return_table") = std::nullopt, py::arg("table_low") = 0, py::arg("widening") = -1.0,
      "SO-ISMCTS from the information state of the player to move. The belief is unseen= items with groups= "
      "slot-group sizes (worlds shuffled in C++ per iteration) or worlds= (n x k array, used in turn). rollout "
      "'auto' uses the game's rollout policy when it has one. objective 'returns' maximises the mean return, 'wins' "
      "the win probability first (sign of the return, plus 0.05 x the return as a tie-break), 'table' the mean of a "
      "utility looked up from the return: return_table holds one row per player, entry i the utility of the return "
      "table_low + i (rounded, clamped). widening: the progressive widening constant (a node of n visits has at most "
      "max(1, ceil(widening * sqrt(n))) children; 0 off; -1 the game's default). Values are mean returns of the player to move ('table': mean utilities).");
  cls.def_static(
      "pimc",
      [](const std::string& info, const SearchLimits& limits, SearchControl* control,
         std::optional<std::vector<std::int32_t>> unseen, std::optional<std::vector<int>> groups,
         std::optional<WorldArray> worlds, int num_worlds, int exact_plies, double exploration, int memory_mb) {
        check_limits(limits, false, "pimc");
        check_memory(memory_mb, "memory_mb");
        if (num_worlds < 1 || num_worlds > 1000000) throw std::invalid_argument("pimc: num_worlds must be in 1..1000000");
        if (exact_plies < 0) throw std::invalid_argument("pimc: exact_plies must be >= 0");
        if (!(exploration >= 0)) throw std::invalid_argument("pimc: exploration must be >= 0");
        PimcOptions opt;
        opt.worlds = num_worlds;
        opt.exact_plies = exact_plies;
        opt.mcts.exploration = exploration;
        opt.mcts.memory_bytes = static_cast<std::size_t>(memory_mb) << 20;
        const Belief<G> belief = make_belief<G>(info, unseen, groups, worlds, "pimc");
        py::gil_scoped_release release;
        return with_tree_memory(memory_mb, [&] { return pimc(belief, limits, control, opt); });
      },
      py::arg("info_state"), py::arg("limits"), py::arg("control") = nullptr, py::arg("unseen") = std::nullopt,
      py::arg("groups") = std::nullopt, py::arg("worlds") = std::nullopt, py::arg("num_worlds") = 32,
      py::arg("exact_plies") = 24, py::arg("exploration") = 1.4, py::arg("memory_mb") = 64,
      "PIMC: exact or MCTS search of num_worlds determinised worlds, values averaged (visits = votes).");
  cls.def_static(
      "sample_worlds",
      [](std::vector<std::int32_t> unseen, std::size_t n, std::uint64_t seed) {
        const std::size_t k = unseen.size();
        std::vector<std::int32_t> flat = sample_worlds(std::move(unseen), n, seed);
        WorldArray out({n, k});
        std::copy(flat.begin(), flat.end(), out.mutable_data());
        return out;
      },
      py::arg("unseen"), py::arg("n"), py::arg("seed") = 0,
      "The first n worlds (n x len(unseen)) a one-thread ismcts with this seed and unseen= items uses.");
  cls.def_static(
      "sample_states",
      [](const std::string& info, std::vector<std::int32_t> unseen, std::vector<int> groups, std::size_t n,
         std::uint64_t seed) {
        const Belief<G> belief = Belief<G>::from_items(info, std::move(unseen), groups);
        WorldSource<G> source(belief, thread_seed(seed, 0), 0);
        std::vector<G> out(n, belief.base);
        for (G& s : out) source.next(s);
        return out;
      },
      py::arg("info_state"), py::arg("unseen"), py::arg("groups"), py::arg("n"), py::arg("seed") = 0,
      "The first n determinised states a one-thread ismcts with this seed builds (the search's own fast path).");
}

// The identity of kept solve entries (tt.hpp): the game type and the caller's name of its rules, FNV-1a, never 0.
inline std::uint64_t kept_entries_id(std::string_view type, std::string_view rules) {
  std::uint64_t h = 1469598103934665603ull;
  for (std::string_view part : {type, std::string_view("\n"), rules})
    for (unsigned char c : part) h = (h ^ c) * 1099511628211ull;
  return h | 1;
}

// CPU seconds used by the calling thread (CLOCK_THREAD_CPUTIME_ID).
inline double thread_cpu_seconds() noexcept {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The transposition table of one search (hash_mb already checked), kept between searches (table_cache.hpp), or
// ValueError when it cannot be allocated.
inline std::unique_ptr<TableLease> make_table(int hash_mb) {
  try {
    return std::make_unique<TableLease>(static_cast<std::size_t>(hash_mb));
  } catch (const std::bad_alloc&) {
    throw std::invalid_argument("hash: cannot allocate " + std::to_string(hash_mb) +
                                " MB for the transposition table; give a smaller size");
  }
}

template <Game G>
void bind_search(py::class_<G>& cls) {
  if constexpr (ImperfectInformationGame<G>) bind_information_set_search(cls);
  if constexpr (HasObservationKey<G>)
    cls.def(
        "observation_key",
        [](const G& g, int player) {
          if (player < 0 || player >= g.num_players())
            throw std::invalid_argument("observation_key: player must be in 0.." + std::to_string(g.num_players() - 1));
          return g.observation_key(player);
        },
        py::arg("player"), "Hash of what `player` sees (equal information states, equal keys); ISMCTS branches on it.");
  {  // every game; a position with more than two players is refused at run time (ValueError naming the count)
    cls.def(
        "alphabeta",
        [](const G& g, const SearchLimits& limits, SearchControl* control, int hash_mb) {
          check_limits(limits, true, "alphabeta");
          if (hash_mb != 0) check_memory(hash_mb, "hash_mb");  // 0: no table (a test reference)
          check_two_players(g, "alphabeta");
          if (g.is_terminal()) throw std::invalid_argument("alphabeta: the position is terminal");
          const auto tt = make_table(hash_mb);
          py::gil_scoped_release release;
          return alphabeta(g, limits, control, **tt);
        },
        py::arg("limits"), py::arg("control") = nullptr, py::arg("hash_mb") = 64,
        "Alpha-beta (PVS, iterative deepening, Lazy-SMP threads). Values in evaluation units; proven results "
        "beyond the evaluation bound. hash_mb=0: no transposition table.");
    if constexpr (HasPliesBound<G>)
      cls.def(
          "solve",
          [](const G& g, const SearchLimits& limits, SearchControl* control, int hash_mb, bool value_only,
             const std::string& keep_table) {
            if (limits.time_s < 0) throw std::invalid_argument("solve: limits.time_s must be >= 0");
            if (limits.threads != 1) throw std::invalid_argument("solve: runs on one thread (limits.threads = 1)");
            check_memory(hash_mb, "hash_mb");
            check_two_players(g, "solve");
            if (g.is_terminal()) throw std::invalid_argument("solve: the position is terminal");
            const std::uint64_t keep = keep_table.empty() ? 0 : kept_entries_id(typeid(G).name(), keep_table);
            const auto tt = make_table(hash_mb);
            py::gil_scoped_release release;
            return solve(g, limits, control, **tt, value_only, keep);
          },
          py::arg("limits"), py::arg("control") = nullptr, py::arg("hash_mb") = 64, py::arg("value_only") = false,
          py::arg("keep_table") = "",
          "Exact value to the end of the game (null-window probes over the score range, a table of bounds, the "
          "game's tactical hooks). Proven: proof, value, plies_to_end, best moves exact and the others as upper "
          "bounds, PV (value_only: the value and one best move). Not proven within limits.time_s / limits.nodes (0: no "
          "limit): value_low..value_high. keep_table: '' (default) answers as a new table; a name of the positions' "
          "rules (e.g. 'connect4') keeps the entries of the previous solve on the kept table of this size if it was "
          "given the same name (a session of many solves; the node count then depends on the solves before).");
    if constexpr (HasPliesBound<G>)
      cls.def_static(
          "solve_set",
          [](const std::vector<G>& positions, const SearchLimits& limits, SearchControl* control, int hash_mb,
             bool value_only, const std::string& keep_table, bool clear_each) {
            if (limits.time_s < 0) throw std::invalid_argument("solve_set: limits.time_s must be >= 0");
            if (limits.threads != 1) throw std::invalid_argument("solve_set: runs on one thread (limits.threads = 1)");
            check_memory(hash_mb, "hash_mb");
            for (std::size_t i = 0; i < positions.size(); ++i) {
              const std::string where = "solve_set: position " + std::to_string(i);
              check_two_players(positions[i], where.c_str());
              if (positions[i].is_terminal()) throw std::invalid_argument(where + " is terminal");
            }
            const std::uint64_t keep = keep_table.empty() ? 0 : kept_entries_id(typeid(G).name(), keep_table);
            const auto tt = make_table(hash_mb);
            std::vector<SearchResult> results(positions.size());
            std::vector<double> cpu_s(positions.size());
            {
              py::gil_scoped_release release;
              for (std::size_t i = 0; i < positions.size(); ++i) {
                if (clear_each) (**tt).clear();
                const double start = thread_cpu_seconds();
                results[i] = solve(positions[i], limits, control, **tt, value_only, keep);
                cpu_s[i] = thread_cpu_seconds() - start;
                if (results[i].stopped) {  // a stop request: the positions solved so far, this one's bounds last
                  results.resize(i + 1);
                  cpu_s.resize(i + 1);
                  break;
                }
              }
            }
            return py::make_tuple(std::move(results), std::move(cpu_s));
          },
          py::arg("positions"), py::arg("limits"), py::arg("control") = nullptr, py::arg("hash_mb") = 64,
          py::arg("value_only") = false, py::arg("keep_table") = "", py::arg("clear_each") = false,
          "Solves `positions` one after the other in one call (as `solve` each, on one table): (results, cpu_s), "
          "cpu_s[i] the CPU seconds of this thread in the i-th solve alone. keep_table as in `solve` (a name keeps "
          "the entries of the earlier positions for the later ones); clear_each zeroes the table before each "
          "position, outside its clock. A stop request on `control` ends the set: the results of the positions "
          "solved so far, the stopped one last (stopped, its bounds). A file of positions without a Python call "
          "per position.");
    cls.def(
        "minimax",
        [](const G& g, int depth) {
          if (depth < 0) throw std::invalid_argument("minimax: depth must be >= 0");
          check_two_players(g, "minimax");
          py::gil_scoped_release release;
          return minimax(g, depth);
        },
        py::arg("depth"), "Brute-force negamax value at `depth` (reference for tests; exponential).");
  }
  cls.def(
      "mcts",
      [](const G& g, const SearchLimits& limits, SearchControl* control, double exploration,
         const std::string& rollout, bool solver, bool transpositions, int memory_mb, int playout_plies,
         double eval_scale, double minimax_weight) {
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
        if (playout_plies < 0) throw std::invalid_argument("mcts: playout_plies must be >= 0");
        if (playout_plies > 0) {
          if constexpr (!HasEvaluate<G>)
            throw std::invalid_argument("mcts: playout_plies > 0 needs an evaluation, and this game has none");
          check_two_players(g, "mcts with playout_plies");
        }
        if (!(eval_scale > 0)) throw std::invalid_argument("mcts: eval_scale must be > 0");
        if (!(minimax_weight >= 0 && minimax_weight <= 1))
          throw std::invalid_argument("mcts: minimax_weight must be in 0..1");
        if (minimax_weight > 0) {
          if constexpr (!HasEvaluate<G>)
            throw std::invalid_argument("mcts: minimax_weight > 0 needs an evaluation, and this game has none");
          check_two_players(g, "mcts with minimax_weight");
        }
        opt.minimax_weight = minimax_weight;
        opt.playout_plies = playout_plies;
        opt.eval_scale = eval_scale;
        py::gil_scoped_release release;
        return with_tree_memory(memory_mb, [&] { return mcts(g, limits, control, opt); });
      },
      py::arg("limits"), py::arg("control") = nullptr, py::arg("exploration") = 1.4, py::arg("rollout") = "random",
      py::arg("solver") = true, py::arg("transpositions") = false, py::arg("memory_mb") = 256,
      py::arg("playout_plies") = 0, py::arg("eval_scale") = 400.0, py::arg("minimax_weight") = 0.0,
      "UCT with random or policy rollouts, MCTS-Solver, optional transposition merging, root-parallel threads. "
      "Values are mean returns of the player to move.");
}

}  // namespace kofun::bind
