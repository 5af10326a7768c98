#include "../csrc/games/connect4/connect4.hpp"

#include "bind_game.hpp"

namespace kofun::bind {

void bind_connect4(py::module_& m) {
  using connect4::State;
  auto cls = bind_game<State>(m, "Connect Four position (7 columns x 6 rows).");
  cls.def(py::init<>(), "The empty board.")
      .def("moves_played", &State::moves_played)
      .def("winner", &State::winner, "-1 while nobody has four in a row, else the winner's index.")
      .def("cell", &State::cell, py::arg("col"), py::arg("row"), "-1 empty, else the owner (row 0 = bottom).");
}

}  // namespace kofun::bind
