#include <string>
#include <vector>

#include "../csrc/games/sensei/sensei.hpp"
#include "bind_game.hpp"

namespace kofun::bind {
namespace {

using sensei::State;

// pits: None / "none" / "-" (no pit), "default" (c3 e3 c5 e5), a list of squares or a string of squares separated
// by spaces or commas.
Bitboard pits_from(const py::object& pits) {
  std::vector<std::string> names;
  if (pits.is_none()) return 0;
  if (py::isinstance<py::str>(pits)) {
    const std::string s = pits.cast<std::string>();
    if (s == "none" || s == "-" || s.empty()) return 0;
    if (s == "default") return sensei::kDefaultPits;
    std::string cur;
    for (char c : s + " ") {
      if (c == ' ' || c == ',') {
        if (!cur.empty()) names.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
  } else {
    try {
      names = pits.cast<std::vector<std::string>>();
    } catch (const py::cast_error&) {
      throw RuleOptionError("sensei option 'pits': expected 'default', 'none' or a list of squares");
    }
  }
  Bitboard b = 0;
  for (const std::string& n : names) {
    const int sq = sensei::parse_square(n);
    if (sq < 0) throw RuleOptionError("sensei option 'pits': '" + n + "' is not a square a1..g7");
    b |= bit(sq);
  }
  return b;
}

State make_state(const std::string& version, const py::object& pits, bool blocked_by_own, int max_turns,
                 bool threefold) {
  sensei::Options o;
  if (version == "arashi")
    o.version = sensei::Version::kArashi;
  else if (version == "shizukana")
    o.version = sensei::Version::kShizukana;
  else
    throw RuleOptionError("sensei option 'version': expected 'arashi' or 'shizukana', got '" + version + "'");
  o.pits = pits_from(pits);
  o.character_blocked_by_own = blocked_by_own;
  o.max_turns = max_turns;
  o.threefold_draw = threefold;
  return State(o);
}

std::vector<std::string> square_names(Bitboard b) {
  std::vector<std::string> out;
  for (int sq : Bits{b}) out.push_back(sensei::square_name(sq));
  return out;
}

}  // namespace

void bind_sensei(py::module_& m) {
  auto cls = bind_game<State>(m, "Sensei position (7x7; South = player 0 moves first). Moves are single actions.");
  cls.def(py::init(&make_state), py::arg("version") = "arashi", py::arg("pits") = py::none(),
          py::arg("character_blocked_by_own") = false, py::arg("max_turns") = 200, py::arg("threefold_draw") = true,
          "The start position under the given rule options; raises RuleOptionError for bad options.")
      .def("stones", [](const State& s, int p) { return square_names(s.stones(p & 1)); }, py::arg("player"),
           "Squares of a player's stones, e.g. ['a1', 'b1'].")
      .def("pits", [](const State& s) { return square_names(s.pits()); }, "Squares of the pits.")
      .def("character", [](const State& s, int p) { return sensei::square_name(s.character(p & 1)); },
           py::arg("player"), "Square of a player's character.")
      .def("stone_moves_done", &State::stone_moves_done, "Stone moves made in the current turn (0..2).")
      .def("character_moved", &State::character_moved, "Whether the character moved in the current turn.")
      .def("turns_completed", &State::turns_completed)
      .def("status", &State::status, "-1 ongoing, 0 / 1 the winner, 2 a draw.")
      .def("repetitions", &State::repetitions,
           "Occurrences of this turn-boundary position in the kept history (0 mid-turn or without threefold_draw).")
      .def("perft_turns", [](const State& s, int depth) {
             if (depth < 0) throw std::invalid_argument("perft depth must be >= 0");
             py::gil_scoped_release release;
             return s.perft_turns(depth);
           }, py::arg("depth"), "Number of distinct complete-turn action sequences over `depth` turns.")
      .def("distinct_positions_after_turn", [](const State& s) {
             py::gil_scoped_release release;
             return s.distinct_positions_after_turn();
           }, "Number of distinct positions after one complete turn.")
      .def_property_readonly("version", [](const State& s) {
             return s.options().version == sensei::Version::kArashi ? "arashi" : "shizukana";
           })
      .def_property_readonly("character_blocked_by_own",
                             [](const State& s) { return s.options().character_blocked_by_own; })
      .def_property_readonly("max_turns", [](const State& s) { return s.options().max_turns; })
      .def_property_readonly("threefold_draw", [](const State& s) { return s.options().threefold_draw; });
  m.attr("END_TURN") = sensei::kEndTurn;
  m.attr("DEFAULT_PITS") = square_names(sensei::kDefaultPits);
}

}  // namespace kofun::bind
