#include <pybind11/numpy.h>

#include "../csrc/games/ohanami/ohanami.hpp"
#include "bind_game.hpp"

namespace kofun::bind {

namespace {

using ohanami::CardSet;
using ohanami::State;

// Card numbers (1..120) of a set, ascending.
std::vector<int> numbers(CardSet s) {
  std::vector<int> v;
  for (int c : ohanami::cards{s}) v.push_back(c + 1);
  return v;
}

int check_seat(const State& s, int p) {
  if (p < 0 || p >= s.num_players())
    throw IllegalMoveError("ohanami: player must be 0.." + std::to_string(s.num_players() - 1) + ", got " +
                           std::to_string(p));
  return p;
}

// Deals n games from consecutive seeds and plays each out with uniformly random moves; returns the plies.
std::uint64_t random_games(std::uint64_t n, std::uint64_t seed, int players) {
  Rng rng(seed ^ 0x6F68616E616D69ULL);
  MoveListOf<State> ml;
  std::uint64_t plies = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    State s = State::deal(players, seed + i);
    while (!s.is_terminal()) {
      s.legal_moves(ml);
      s.apply(ml[static_cast<int>(rng.below(static_cast<std::uint32_t>(ml.size())))]);
      ++plies;
    }
  }
  return plies;
}

}  // namespace

void bind_ohanami(py::module_ m) {
  {
    std::vector<std::string> colours;
    for (int c = 0; c < ohanami::kNumCards; ++c) {
      static constexpr const char* kNames[] = {"blue", "green", "grey", "pink"};
      colours.emplace_back(kNames[ohanami::colour_of(c)]);
    }
    m.attr("CARD_COLOURS") = colours;  // indexed by card id (number - 1)
  }
  m.def("pink_points", &ohanami::pink_points, py::arg("count"), "Round-3 points of `count` pink cards.");
  m.def("round_points", [](const std::vector<int>& garden, int round) {
    if (round < 1 || round > 3) throw NotationError("ohanami: round must be 1..3");
    CardSet s;
    for (int n : garden) {
      if (n < 1 || n > ohanami::kNumCards) throw NotationError("ohanami: card numbers are 1..120, got " + std::to_string(n));
      s.add(n - 1);
    }
    return ohanami::round_points(s, round - 1);
  }, py::arg("garden"), py::arg("round"), "Points a garden (card numbers) scores at the end of round 1, 2 or 3.");
  m.def("hidden", [](const std::string& info) {
    int view = -1;
    std::vector<int> groups;
    std::vector<int> ids;
    for (int c : ohanami::cards{State::hidden_of(info, view, groups)}) ids.push_back(c);
    return py::make_tuple(ids, groups, view);
  }, py::arg("info_state"), "(hidden card ids, slot-group sizes, observer) of an information state.");
  m.def("random_games", [](std::uint64_t n, std::uint64_t seed, int players) {
    if (players < 2 || players > 4) throw RuleOptionError("ohanami: players must be 2, 3 or 4");
    py::gil_scoped_release release;
    return random_games(n, seed, players);
  }, py::arg("n"), py::arg("seed") = 0, py::arg("players") = 2,
        "Deal n games and play each out at random; returns the total plies.");

  auto cls = bind_game<State>(m, "An Ohanami game with everything known (every hand and the deck order).");
  cls.def_static("deal", &State::deal, py::arg("players") = 2, py::arg("seed") = 0,
                 "A new game: the 120 cards shuffled from `seed`, 10 dealt per seat.")
      .def_static("from_order", [](int players, const std::vector<int>& order) {
        return State::from_order(players, order);
      }, py::arg("players"), py::arg("order"), "A new game from a card order (ids 0..119): hands, then the deck.")
      .def_static("from_world", [](const std::string& info, py::array_t<std::int32_t, py::array::c_style | py::array::forcecast> world) {
        if (world.ndim() != 1) throw WorldError("ohanami world: expected a 1-D array");
        return State::from_world(info, {world.data(), static_cast<std::size_t>(world.size())});
      }, py::arg("info_state"), py::arg("world"), "The state of an information state plus a world (see docs/ohanami.md).")
      .def("information_state", [](const State& s, int p) { return s.information_state(check_seat(s, p)); }, py::arg("player"))
      .def("hidden_cards", [](const State& s, int p) {
        std::vector<int> v;
        for (int c : ohanami::cards{s.hidden_cards(check_seat(s, p))}) v.push_back(c);
        return v;
      }, py::arg("player"), "Card ids hidden from `player`, ascending.")
      .def("hidden_world", [](const State& s, int p) { return s.hidden_world(check_seat(s, p)); }, py::arg("player"),
           "The true world of `player` (card ids in the order from_world reads back to this state).")
      .def("hidden_groups", [](const State& s, int p) { return s.hidden_groups(check_seat(s, p)); }, py::arg("player"),
           "Slot-group sizes of `player`'s world: each other seat's hidden pre-pick hand, the deck, never dealt.")
      .def("knows_hand", [](const State& s, int o, int q) { return s.knows_hand(check_seat(s, o), check_seat(s, q)); },
           py::arg("observer"), py::arg("player"))
      .def("move_info", [](const State& s, Move mv) -> py::tuple {
        MoveListOf<State> ml;
        s.legal_moves(ml);
        if (!ml.contains(mv)) throw IllegalMoveError("ohanami: move " + std::to_string(mv) + " is not legal here");
        if (ohanami::is_pick(mv)) {
          const auto [a, b] = s.pick_cards(mv);
          return py::make_tuple("pick", std::vector<int>{a + 1, b + 1}, py::none());
        }
        static constexpr const char* kDest[] = {"top1", "top2", "top3", "bottom1", "bottom2", "bottom3", "new", "discard"};
        return py::make_tuple("place", std::vector<int>{ohanami::place_card(mv) + 1}, kDest[ohanami::place_dest(mv)]);
      }, py::arg("move"), "(kind 'pick' | 'place', card numbers, destination or None) of a legal move.")
      .def("greedy_move", &State::greedy_move, "The greedy baseline's move for the player to move.")
      .def("greedy_values", [](const State& s, int p) {
        check_seat(s, p);
        std::vector<int> v(120);
        for (int card = 0; card < 120; ++card) v[card] = s.greedy_value(p, card);
        return v;
      }, py::arg("player"),
           "The greedy valuation of every card for `player` (entry n - 1: card number n), in tenths of a point: "
           "its value at its best destination other than the discard, 0 when the discard is worth more. Reads only "
           "the player's garden and the round.")
      .def("rollout_move", [](const State& s, std::uint64_t seed) {
        Rng rng(seed);
        return s.rollout_move(rng);
      }, py::arg("seed") = 0)
      .def_property_readonly("phase", [](const State& s) {
        static constexpr const char* kNames[] = {"pick", "place", "end"};
        return kNames[static_cast<int>(s.phase())];
      })
      .def_property_readonly("round", &State::round)
      .def_property_readonly("turn", &State::turn)
      .def_property_readonly("direction", &State::direction, "+1: hands go to seat p + 1 (left); -1: to p - 1.")
      .def("hand", [](const State& s, int p) { return numbers(s.hand(check_seat(s, p))); }, py::arg("player"))
      .def("picked", [](const State& s, int p) { return numbers(s.picked(check_seat(s, p))); }, py::arg("player"))
      .def("discards", [](const State& s, int p) { return numbers(s.discards(check_seat(s, p))); }, py::arg("player"))
      .def("garden", [](const State& s, int p) { return numbers(s.garden(check_seat(s, p))); }, py::arg("player"))
      .def("columns", [](const State& s, int p) {
        check_seat(s, p);
        std::vector<std::vector<int>> cols;
        for (int c = 0; c < s.num_columns(p); ++c) cols.push_back(numbers(s.column(p, c)));
        return cols;
      }, py::arg("player"), "The columns of a garden, each bottom to top.")
      .def("score", [](const State& s, int p) { return s.score(check_seat(s, p)); }, py::arg("player"),
           "Points of the rounds scored so far.")
      .def("round_points_now", [](const State& s, int p) { return s.round_points_now(check_seat(s, p)); },
           py::arg("player"), "What the current round's scoring would give this garden now.")
      .def_property_readonly("deck", [](const State& s) {
        std::vector<int> v;
        for (int i = 0; i < s.deck_size(); ++i) v.push_back(s.deck_card(i) + 1);
        return v;
      }, "The cards of the later rounds' deals (numbers), in deal order.")
      .def("remaining_plies_bound", &State::remaining_plies_bound);
}

}  // namespace kofun::bind
