// The pybind11 binding shared by every game: one template binds the game contract of any state type (and, through
// bind_search.hpp, the searches) as a Python class. Per-game files add only what is particular to their game.
#pragma once

#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "../csrc/core/game.hpp"
#include "bind_search.hpp"

namespace kofun::bind {

namespace py = pybind11;

template <Game G>
std::vector<Move> legal_move_vector(const G& g) {
  MoveListOf<G> ml;
  g.legal_moves(ml);
  return {ml.begin(), ml.end()};
}

// Plays `n` uniformly random games from `g`; returns the total number of moves played (benchmarks use it).
template <Game G>
std::uint64_t random_playouts(const G& g, std::uint64_t n, std::uint64_t seed) {
  Rng rng(seed);
  std::uint64_t plies = 0;
  MoveListOf<G> ml;
  for (std::uint64_t i = 0; i < n; ++i) {
    G s = g;
    while (!s.is_terminal()) {
      s.legal_moves(ml);
      s.apply(ml[static_cast<int>(rng.below(static_cast<std::uint32_t>(ml.size())))]);
      ++plies;
    }
  }
  return plies;
}

template <Game G>
py::class_<G> bind_game(py::module_& m, const char* doc) {
  py::class_<G> cls(m, "State", doc);
  cls.def_static("parse", &G::parse, py::arg("notation"), "Parse a position from its notation.")
      .def_property_readonly(
          "num_players",
          [](const G& g) { return g.num_players(); },
          "Players in this game (a game with modes, e.g. Haniwa solo / 2 / 4 players, counts its mode's).")
      .def("to_move", &G::to_move, "Index of the player who chooses the next move.")
      .def("is_terminal", &G::is_terminal)
      .def("legal_moves", &legal_move_vector<G>, "Legal moves as integers (empty when the game is over).")
      .def("apply", [](G& g, Move mv) { checked_apply(g, mv); }, py::arg("move"),
           "Play a move given as an integer; raises IllegalMoveError if it is not legal.")
      .def("play", [](G& g, const std::string& s) { checked_apply(g, g.parse_move(s)); }, py::arg("move"),
           "Play a move given in notation; raises NotationError / IllegalMoveError.")
      .def("parse_move", [](const G& g, const std::string& s) { return g.parse_move(s); }, py::arg("move"))
      .def("move_to_string", &G::move_to_string, py::arg("move"))
      .def("returns", &G::returns, py::arg("player"), "Final score of a player (meaningful when terminal).")
      .def("hash", &G::hash)
      .def("recompute_hash", &G::recompute_hash)
      .def("to_string", &G::to_string, "The position notation.")
      .def("__str__", &G::to_string)
      .def("__repr__", [](const G& g) { return "State.parse(" + py::repr(py::str(g.to_string())).cast<std::string>() + ")"; })
      .def("clone", [](const G& g) { return G(g); })
      .def("__copy__", [](const G& g) { return G(g); })
      .def("__deepcopy__", [](const G& g, py::dict) { return G(g); }, py::arg("memo"))
      .def(py::self == py::self)
      .def("__hash__", [](const G& g) { return static_cast<std::int64_t>(g.hash() >> 1); })
      .def("perft", [](const G& g, int depth) {
             if (depth < 0) throw std::invalid_argument("perft depth must be >= 0");
             py::gil_scoped_release release;
             return perft(g, depth);
           }, py::arg("depth"), "Number of move sequences of exactly `depth` plies.")
      .def("random_playouts", [](const G& g, std::uint64_t n, std::uint64_t seed) {
             py::gil_scoped_release release;
             return random_playouts(g, n, seed);
           }, py::arg("n"), py::arg("seed") = 0, "Play n uniformly random games; returns the total plies.");
  if constexpr (HasRandomMove<G>)
    cls.def("random_move", [](const G& g, std::uint64_t seed) {
      if (g.is_terminal()) throw std::invalid_argument("random_move: the position is terminal, there is no move");
      Rng rng(seed);
      return g.random_move(rng);
    }, py::arg("seed") = 0, "A uniformly random legal move drawn from Rng(seed), as the random playouts draw it.");
  if constexpr (HasEvaluate<G>) cls.def("evaluate", &G::evaluate, "Heuristic value for the player to move.");
  if constexpr (HasHashAfter<G>)
    cls.def("hash_after", [](const G& g, Move mv) {
      G c = g;
      checked_apply(c, mv);  // IllegalMoveError for a move that is not legal
      return g.hash_after(mv);
    }, py::arg("move"), "hash() after a legal move, without making it: the table searches' prefetch hint.");
  if constexpr (HasPliesBound<G>)
    cls.def("remaining_plies_bound", &G::remaining_plies_bound, "No game from here lasts more plies than this.");
  if constexpr (HasWinningMove<G>)
    cls.def("winning_move", &G::winning_move, "A move that wins at once for the player to move, else NO_MOVE.");
  if constexpr (HasNonLosingMoves<G> && HasWinningMove<G>)
    cls.def(
        "non_losing_moves",
        [](const G& g) {
          if (g.winning_move() != kNoMove)
            throw std::invalid_argument("non_losing_moves: the player to move wins at once (see winning_move)");
          MoveListOf<G> ml;
          g.non_losing_moves(ml);
          return std::vector<Move>(ml.begin(), ml.end());
        },
        "The moves that do not hand the opponent a win at the next ply (empty: every move does).");
  if constexpr (HasTurnTactics<G>) {
    cls.def("turn_winning_move", &G::turn_winning_move,
            "The first action of a win within the current turn for the player to move, else NO_MOVE.");
    cls.def(
        "turn_safe_moves",
        [](const G& g) {
          if (g.turn_winning_move() != kNoMove)
            throw std::invalid_argument("turn_safe_moves: the player to move wins this turn (see turn_winning_move)");
          MoveListOf<G> ml;
          g.turn_safe_moves(ml);
          return std::vector<Move>(ml.begin(), ml.end());
        },
        "The legal actions minus those whose every turn end lets the opponent win in its next turn (all of them "
        "when every action does).");
  }
  bind_search<G>(cls);
  return cls;
}

}  // namespace kofun::bind
