#include <pybind11/numpy.h>

#include "../csrc/games/honshu/honshu.hpp"
#include "bind_game.hpp"

namespace kofun::bind {

namespace {

using honshu::State;

std::vector<int> numbers(std::uint64_t s) {
  std::vector<int> v;
  for (; s; s &= s - 1) v.push_back(std::countr_zero(s) + 1);
  return v;
}

std::vector<int> ids(std::uint64_t s) {
  std::vector<int> v;
  for (; s; s &= s - 1) v.push_back(std::countr_zero(s));
  return v;
}

int check_seat(const State& s, int p) {
  if (p < 0 || p >= s.num_players())
    throw IllegalMoveError("honshu: player must be 0.." + std::to_string(s.num_players() - 1) + ", got " +
                           std::to_string(p));
  return p;
}

State::Rules rules_of(int players, const std::string& passing, bool lost, const std::string& placement) {
  if (passing != "none" && passing != "official")
    throw RuleOptionError("honshu: hand_passing must be 'none' or 'official', got '" + passing + "'");
  if (placement != "single" && placement != "two_stage")
    throw RuleOptionError("honshu: placement must be 'single' or 'two_stage', got '" + placement + "'");
  if (players < 2 || players > 5) throw RuleOptionError("honshu: players must be 2..5, got " + std::to_string(players));
  return State::Rules{players, passing == "official", lost, placement == "two_stage"};
}

// Deals n games from consecutive seeds and plays each out with uniformly random legal moves (random_move: the
// placements by rejection sampling); returns the plies.
std::uint64_t random_games(std::uint64_t n, std::uint64_t seed, const State::Rules& rules) {
  Rng rng(seed ^ 0x686F6E736875ULL);
  std::uint64_t plies = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    State s = State::deal(rules, seed + i);
    while (!s.is_terminal()) {
      s.apply(s.random_move(rng));
      ++plies;
    }
  }
  return plies;
}

py::dict score_dict(const honshu::ScoreParts& sp) {
  py::dict d;
  d["forest"] = sp.forest;
  d["towns"] = sp.towns;
  d["lakes"] = sp.lakes;
  d["factories"] = sp.factories;
  d["total"] = sp.total;
  d["visible_towns"] = sp.visible_towns;
  return d;
}

}  // namespace

void bind_honshu(py::module_ m) {
  m.def("load_cards", &honshu::load_cards, py::arg("map_cards"), py::arg("start_cards"),
        "Load the card table once: map_cards[n - 1] the 6 square names of card n (row-major, 3 rows x 2 columns), "
        "start_cards[l] the 12 square names of start card l (side A, then side B). RuleOptionError names a bad "
        "square; loading a different table later is refused.");
  m.def("cards_loaded", &honshu::cards_loaded);
  m.def("card_squares", [](int number) {
    if (number < 1 || number > honshu::kNumMapCards) throw NotationError("honshu: card numbers are 1..60");
    const auto& t = honshu::require_cards();
    std::vector<std::string> v;
    for (auto k : t.raw[number - 1]) v.push_back(honshu::kind_name(k));
    return v;
  }, py::arg("number"), "The 6 square names of a map card (row-major, rotation 0).");
  m.def("start_squares", [](const std::string& letter, const std::string& side) {
    if (letter.size() != 1 || letter[0] < 'A' || letter[0] > 'F' || (side != "A" && side != "B"))
      throw NotationError("honshu: a start card is a letter A..F and a side A or B");
    const auto& t = honshu::require_cards();
    std::vector<std::string> v;
    for (auto k : t.raw[honshu::start_id(letter[0] - 'A', side == "B")]) v.push_back(honshu::kind_name(k));
    return v;
  }, py::arg("letter"), py::arg("side"));
  m.def("factory_points", [](int cubes, const std::vector<int>& values) {
    if (cubes < 0) throw std::invalid_argument("cubes must be >= 0");
    return honshu::factory_points(cubes, values);
  }, py::arg("cubes"), py::arg("values"), "Points of factories of one colour fed optimally by `cubes` cubes.");
  m.def("hidden", [](const std::string& info) {
    int view = -1;
    std::vector<int> groups;
    const std::uint64_t h = State::hidden_of(info, view, groups);
    return py::make_tuple(ids(h), groups, view);
  }, py::arg("info_state"), "(hidden card ids, slot-group sizes, observer) of an information state.");
  m.def("random_games", [](std::uint64_t n, std::uint64_t seed, int players, const std::string& passing, bool lost,
                                   const std::string& placement) {
    const auto rules = rules_of(players, passing, lost, placement);
    honshu::require_cards();
    py::gil_scoped_release release;
    return random_games(n, seed, rules);
  }, py::arg("n"), py::arg("seed") = 0, py::arg("players") = 4, py::arg("hand_passing") = "none",
        py::arg("covered_cubes_lost") = false, py::arg("placement") = "single", "Deal n games and play each out at random; returns the total plies.");
  m.def("generate_moves", [](const std::vector<State>& states, int repeats) {
    std::uint64_t total = 0;
    py::gil_scoped_release release;
    MoveListOf<State> ml;
    for (int r = 0; r < repeats; ++r)
      for (const State& s : states) {
        s.legal_moves(ml);
        total += static_cast<std::uint64_t>(ml.size());
      }
    return total;
  }, py::arg("states"), py::arg("repeats") = 1,
        "Benchmarks: generate the legal moves of every state `repeats` times; returns the moves generated.");
  m.attr("STATE_BYTES") = sizeof(State);
  m.attr("MAX_MOVES") = State::kMaxMoves;

  auto cls = bind_game<State>(m, "A Honshu game with everything known (every hand and the deck order).");
  cls.def_static("deal", [](int players, std::uint64_t seed, const std::string& passing, bool lost,
                                   const std::string& placement) {
        return State::deal(rules_of(players, passing, lost, placement), seed);
      }, py::arg("players") = 2, py::arg("seed") = 0, py::arg("hand_passing") = "none",
      py::arg("covered_cubes_lost") = false, py::arg("placement") = "single", "A new game dealt from `seed`.")
      .def_static("from_order", [](int players, const std::vector<int>& starts, const std::vector<int>& order,
                                   const std::string& passing, bool lost,
                                   const std::string& placement) {
        return State::from_order(rules_of(players, passing, lost, placement), starts, order);
      }, py::arg("players"), py::arg("starts"), py::arg("order"), py::arg("hand_passing") = "none",
      py::arg("covered_cubes_lost") = false, py::arg("placement") = "single",
      "A new game from start-card letters (0..5 per seat) and a card order (ids): hands, then the deck.")
      .def_static("from_world", [](const std::string& info, py::array_t<std::int32_t, py::array::c_style | py::array::forcecast> world) {
        if (world.ndim() != 1) throw WorldError("honshu world: expected a 1-D array");
        return State::from_world(info, {world.data(), static_cast<std::size_t>(world.size())});
      }, py::arg("info_state"), py::arg("world"))
      .def("information_state", [](const State& s, int p) { return s.information_state(check_seat(s, p)); }, py::arg("player"))
      .def("hidden_cards", [](const State& s, int p) { return ids(s.hidden_cards(check_seat(s, p))); }, py::arg("player"))
      .def("hidden_world", [](const State& s, int p) { return s.hidden_world(check_seat(s, p)); }, py::arg("player"))
      .def("hidden_groups", [](const State& s, int p) { return s.hidden_groups(check_seat(s, p)); }, py::arg("player"))
      .def("knows_hand", [](const State& s, int o, int q) { return s.knows_hand(check_seat(s, o), check_seat(s, q)); },
           py::arg("observer"), py::arg("player"))
      .def("observation_key", [](const State& s, int p) { return s.observation_key(check_seat(s, p)); }, py::arg("player"))
      .def("ordered_moves", [](const State& s) {
        MoveListOf<State> ml;
        s.legal_moves(ml);
        s.order_moves(ml);
        return std::vector<Move>(ml.begin(), ml.end());
      }, "The legal moves in the search's order (placements by placement_value, best first).")
      .def("placement_value", [](const State& s, Move mv) {
        MoveListOf<State> ml;
        s.legal_moves(ml);
        if (s.phase() != honshu::Phase::kPlace || !ml.contains(mv))
          throw IllegalMoveError("honshu: placement_value takes a legal move of a placement phase (a placement, an "
                                 "anchor or an orientation)");
        return s.placement_value(mv);
      }, py::arg("move"), "The static value of a placement (half points), the search's ordering.")
      .def("greedy_move", &State::greedy_move, "The greedy baseline's move for the player to move.")
      .def("rollout_move", [](const State& s, std::uint64_t seed) {
        Rng rng(seed);
        return s.rollout_move(rng);
      }, py::arg("seed") = 0)
      .def("score", [](const State& s, int p) { return score_dict(s.score(check_seat(s, p))); }, py::arg("player"),
           "The end score of a map as it stands: forest, towns, lakes, factories, total, visible_towns.")
      .def("placement_check", [](const State& s, int p, int number, int x, int y, int rot, bool under) {
        check_seat(s, p);
        if (number < 1 || number > honshu::kNumMapCards || rot < 0 || rot > 3)
          throw NotationError("honshu: card 1..60, rotation 0..3");
        if (x < -40 || x > 40 || y < -40 || y > 40) return std::string(honshu::illegal_reason(honshu::kOffBoard));
        const int why = s.placement_check(p, number - 1, x, y, rot, under);
        return why == honshu::kLegal ? std::string() : std::string(honshu::illegal_reason(why));
      }, py::arg("player"), py::arg("card"), py::arg("x"), py::arg("y"), py::arg("rot"), py::arg("under"),
           "'' when placing card number `card` on the player's map there is legal, else the reason.")
      .def("visible", [](const State& s, int p) {
        check_seat(s, p);
        std::vector<std::tuple<int, int, std::string>> out;
        if (s.num_cards(p) == 0) return out;
        int x0 = 99, y0 = 99, x1 = -99, y1 = -99;
        const auto& t = honshu::cards();
        for (int i = 0; i < s.num_cards(p); ++i) {
          const auto c = s.map_card(p, i);
          for (const auto& q : t.squares[c.card][c.rot()]) {
            x0 = std::min(x0, c.x + q.dx), x1 = std::max(x1, c.x + q.dx);
            y0 = std::min(y0, c.y + q.dy), y1 = std::max(y1, c.y + q.dy);
          }
        }
        for (int y = y0; y <= y1; ++y)
          for (int x = x0; x <= x1; ++x)
            if (const int k = s.visible_kind(p, x, y); k != honshu::kEmpty) out.emplace_back(x, y, honshu::kind_name(k));
        return out;
      }, py::arg("player"), "The visible squares of a map: (x, y, square name), row by row.")
      .def("set_cubes", [](State& s, int p, std::array<int, 4> c) { s.set_cubes(check_seat(s, p), c); },
           py::arg("player"), py::arg("cubes"), "Tests: set a seat's cubes (blue, brown, grey, yellow).")
      .def_property_readonly("phase", [](const State& s) {
        static constexpr const char* kNames[] = {"start", "play", "take", "place", "end"};
        return kNames[static_cast<int>(s.phase())];
      })
      .def_property_readonly("round", &State::round)
      .def_property_readonly("leader", &State::leader)
      .def_property_readonly("hand_passing", [](const State& s) { return s.rules().hand_passing ? "official" : "none"; })
      .def_property_readonly("covered_cubes_lost", [](const State& s) { return s.rules().covered_cubes_lost; })
      .def_property_readonly("placement", [](const State& s) { return s.two_stage() ? "two_stage" : "single"; })
      .def_property_readonly("anchor", [](const State& s) -> py::object {
        if (!s.anchor_pending()) return py::none();
        return py::make_tuple(s.anchor_x(), s.anchor_y());
      }, "Two-stage placements: the pending anchor (x, y), or None.")
      .def("hand", [](const State& s, int p) { return numbers(s.hand(check_seat(s, p))); }, py::arg("player"))
      .def_property_readonly("table", [](const State& s) { return numbers(s.table()); })
      .def("played", [](const State& s, int p) { return s.played(check_seat(s, p)) + 1; }, py::arg("player"),
           "Card number the seat played in this trick (0: none).")
      .def("bid", [](const State& s, int p) -> py::object {
        const int b = s.bid(check_seat(s, p));
        if (b < 0) return py::none();
        return py::str(honshu::kColourNames[b]);
      }, py::arg("player"))
      .def("took", [](const State& s, int p) { return s.took(check_seat(s, p)) + 1; }, py::arg("player"),
           "Card number the seat took and has not placed (0: none).")
      .def("cubes", [](const State& s, int p) {
        check_seat(s, p);
        return std::vector<int>{s.cubes(p, 0), s.cubes(p, 1), s.cubes(p, 2), s.cubes(p, 3)};
      }, py::arg("player"), "Cubes of a seat: blue, brown, grey, yellow.")
      .def("start_letter", [](const State& s, int p) { return std::string(1, static_cast<char>('A' + s.start_letter(check_seat(s, p)))); }, py::arg("player"))
      .def("map_cards", [](const State& s, int p) {
        check_seat(s, p);
        std::vector<std::tuple<int, int, int, int, bool>> v;
        for (int i = 1; i < s.num_cards(p); ++i) {
          const auto c = s.map_card(p, i);
          v.emplace_back(c.card + 1, c.x, c.y, c.rot(), c.under());
        }
        return v;
      }, py::arg("player"), "Placed map cards (number, x, y, rotation, under) in placement order (start card excluded).")
      .def("start_side", [](const State& s, int p) -> py::object {
        check_seat(s, p);
        if (s.num_cards(p) == 0) return py::none();
        return py::str((s.map_card(p, 0).card - honshu::kStartId) % 2 ? "B" : "A");
      }, py::arg("player"))
      .def("take_order", [](const State& s) {
        std::vector<int> v;
        const auto o = s.take_order();
        for (int i = 0; i < s.num_players(); ++i) v.push_back(o[i]);
        return v;
      })
      .def_property_readonly("deck", [](const State& s) {
        std::vector<int> v;
        for (int i = 0; i < s.deck_size(); ++i) v.push_back(s.deck_card(i) + 1);
        return v;
      });
}

}  // namespace kofun::bind
