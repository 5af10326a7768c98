#include "../csrc/games/haniwa/haniwa.hpp"
#include "../csrc/games/haniwa/information.hpp"

#include <pybind11/numpy.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "bind_game.hpp"

namespace kofun::bind {

using World = py::array_t<std::int32_t, py::array::c_style | py::array::forcecast>;
void bind_haniwa_solo(py::module_& m);  // bind_haniwa_solo.cpp

void bind_haniwa(py::module_& m) {
  using namespace haniwa;
  py::class_<Rules>(m, "Rules", "Haniwa rule configuration (mode, options, tile set, Kofun set).")
      .def(py::init([](int players, const std::string& comparison, const std::string& start_dice,
                       const std::string& solo_fill, const std::vector<int>& tile_counts,
                       const std::vector<int>& kofun_colours, int rounds, bool solo_dice_score) {
             return Rules::from_options(players, comparison, start_dice, solo_fill, tile_counts, kofun_colours, rounds,
                                        solo_dice_score);
           }),
           py::arg("players") = 2, py::arg("comparison") = "standard", py::arg("start_dice") = "ones",
           py::arg("solo_fill") = "column", py::arg("tile_counts") = std::vector<int>(kKinds, 3),
           py::arg("kofun_colours") = std::vector<int>{0, 1, 2, 3, 4, 4}, py::arg("rounds") = 1,
           py::arg("solo_dice_score") = false,
           "Tile counts per kind (colour * 3 + power - 1); Kofun colours 0-3 red/blue/green/yellow, 4 brown.")
      .def_readonly("players", &Rules::players)
      .def_readonly("rounds", &Rules::rounds)
      .def_readonly("solo_dice_score", &Rules::solo_dice_score)
      .def_property_readonly("total_tiles", &Rules::total_tiles);

  py::class_<ScoreBreakdown>(m, "ScoreBreakdown", "One player's score, item by item.")
      .def_readonly("column_points", &ScoreBreakdown::column_points)
      .def_readonly("smile_points", &ScoreBreakdown::smile_points)
      .def_readonly("won", &ScoreBreakdown::won)
      .def_readonly("cancelled", &ScoreBreakdown::cancelled)
      .def_readonly("awake_dogu", &ScoreBreakdown::awake_dogu)
      .def_readonly("cursed_dogu", &ScoreBreakdown::cursed_dogu)
      .def_readonly("dogu_points", &ScoreBreakdown::dogu_points)
      .def_readonly("kofun_points", &ScoreBreakdown::kofun_points)
      .def_readonly("earlier_rounds", &ScoreBreakdown::earlier_rounds)
      .def_readonly("total", &ScoreBreakdown::total);

  auto cls = bind_game<State>(m, "Haniwa world state (2 players or solo; every hidden item known).");
  cls.def_static("setup", [](const Rules& r, const std::vector<int>& stock, std::array<int, kColours> dice, int first,
                             std::uint32_t reshuffle) { return State::checked_setup(r, stock, dice, first, reshuffle);
                 }, py::arg("rules"), py::arg("stock"), py::arg("dice"), py::arg("first"), py::arg("reshuffle") = 0,
                 "A new game with the whole tile set in draw order (kinds 0..11).")
      .def_static("deal", [](const Rules& r, std::uint64_t seed) { return State::deal(intern_rules(r), seed); },
                  py::arg("rules"), py::arg("seed"), "A random world dealt from `seed`.")
      .def("score", &State::score, py::arg("player"))
      .def("breakdown", &State::breakdown, py::arg("player"))
      .def("phase", [](const State& s) {
             static const char* names[] = {"place", "choose", "over"};
             return std::string(names[static_cast<int>(s.phase())]);
           })
      .def("first_player", &State::first_player)
      .def("team_of", &State::team_of, py::arg("player"), "Team of a player: player & 1 (solo: 0).")
      .def("die", &State::die, py::arg("colour"))
      .def("dice", [](const State& s) { return std::vector<int>{s.die(0), s.die(1), s.die(2), s.die(3)}; })
      .def("dogu", &State::dogu, py::arg("zone"), py::arg("row"), "0 asleep, 1 awake, 2 cursed.")
      .def("kofun_owner", &State::kofun_owner, py::arg("k"))
      .def("kofun_used", &State::kofun_used, py::arg("k"))
      .def("hand", [](const State& s, int p) {
             std::vector<int> h;
             for (int i = 0; i < s.hand_size(p); ++i) h.push_back(s.hand_tile(p, i));
             return h;
           }, py::arg("player"))
      .def("stock_left", &State::stock_left)
      .def("discards_used", &State::discards_used, py::arg("player"))
      .def("placed", &State::placed)
      .def("round", &State::round, "1 or 2 (two-round match).")
      .def("vip", [](const State& s) {
             std::vector<int> v;
             for (int c = 0; c < kColours; ++c)
               if (s.vip_mask() >> c & 1) v.push_back(c);
             return v;
           }, "VIP Gozoku (colours) of the second game.")
      .def("remaining_plies_bound", &State::remaining_plies_bound)
      .def("provisional_margin", [](const State& s, int player) {
             if (player < 0 || player >= s.num_players())
               throw std::invalid_argument("provisional_margin: player must be in 0.." +
                                           std::to_string(s.num_players() - 1));
             return s.provisional_margin(player);
           }, py::arg("player"),
           "End-of-game scoring of the board as it stands, face-down tiles left out: the player's team minus the "
           "other team (solo: the score).")
      .def("greedy_move", [](const State& s, std::uint64_t seed) {
             if (s.is_terminal()) throw IllegalMoveError("the game is over: no move is legal");
             Rng rng(seed);
             return s.greedy_move(rng);
           }, py::arg("seed") = 0,
           "The greedy baseline's move: maximises the provisional margin after the move; ties at random (seed).")
      .def("with_hidden", [](const State& s, int observer, World world) {
             if (world.ndim() != 1) throw WorldError("haniwa world: expected a 1-D array");
             return s.with_hidden(observer, {world.data(), static_cast<std::size_t>(world.size())});
           }, py::arg("observer"), py::arg("world"),
           "A copy with everything hidden from `observer` replaced by `world` (the fast in-place path the searches "
           "use; WorldError unless `world` arranges exactly the hidden tiles).")
      .def("information_state", &State::information_state, py::arg("player"),
           "What `player` knows, in the information-state notation (NotationError for a bad player).")
      .def("hidden_world", &State::hidden_world, py::arg("player"),
           "The true world of `player`: the hidden items in the layout from_world reads.")
      .def_static("from_world", [](const std::string& info, World world) {
             if (world.ndim() != 1) throw WorldError("haniwa world: expected a 1-D array");
             return State::from_world(info, {world.data(), static_cast<std::size_t>(world.size())});
           }, py::arg("info_state"), py::arg("world"),
           "The full state of an information state plus a world (hidden hands, stock, face-down tile, tiles "
           "under Kofun, discards, and the reshuffle seed of a two-round match).");

  py::class_<InformationState>(m, "InformationState", "A parsed Haniwa information state and its world layout.")
      .def_static("parse", &InformationState::parse, py::arg("notation"),
                  "NotationError names the field when malformed, wrongly hidden, or without any world.")
      .def_static("of", &InformationState::of, py::arg("state"), py::arg("player"))
      .def_property_readonly("view", &InformationState::view)
      .def_property_readonly("num_slots", &InformationState::num_slots)
      .def_property_readonly("groups", &InformationState::groups, "(name, size) of each slot group in layout order.")
      .def_property_readonly("unseen", [](const InformationState& is) {
             std::vector<int> out;
             for (int k = 0; k < kKinds; ++k)
               for (int i = 0; i < is.unseen()[k]; ++i) out.push_back(k);
             return out;
           }, "The unseen tile kinds, ascending (the multiset of the world's tile slots).")
      .def("to_string", &InformationState::to_string, "The canonical notation.")
      .def("__str__", &InformationState::to_string)
      .def("world", [](const InformationState& is, World world) {
             if (world.ndim() != 1) throw WorldError("haniwa world: expected a 1-D array");
             return is.world({world.data(), static_cast<std::size_t>(world.size())});
           }, py::arg("world"), "The state of one world (WorldError when inconsistent).")
      .def("worlds", [](const InformationState& is, World worlds) {
             if (worlds.ndim() != 2) throw WorldError("haniwa worlds: expected a 2-D array (n, num_slots)");
             const auto n = static_cast<std::size_t>(worlds.shape(0)), k = static_cast<std::size_t>(worlds.shape(1));
             std::vector<State> out;
             out.reserve(n);
             for (std::size_t i = 0; i < n; ++i) out.push_back(is.world({worlds.data() + i * k, k}));
             return out;
           }, py::arg("worlds"), "The states of n worlds, one per row.");
  m.def("solo_rank", [](int score) { return std::string(solo_rank(score)); }, py::arg("score"),
        "perfect (60+), master (50-59), veteran (40-49), junior (30-39) or beginner.");
  bind_haniwa_solo(m);
}

}  // namespace kofun::bind
