// The extension module `kofun_toy` (compiled by tests/toy/conftest.py): the toy game bound through the same
// template as the real games. The search types (SearchLimits, SearchResult, ...) and the exceptions come from
// solver._core, imported first so that pybind11 knows them.
#include "bindings/bind_game.hpp"
#include "toy_game.hpp"

PYBIND11_MODULE(kofun_toy, m) {
  namespace py = pybind11;
  py::module_::import("solver._core");
  m.doc() = "Test-only toy game: take cards from either end of a row; 2..5 players.";
  auto cls = kofun::bind::bind_game<kofun::toy::State>(m, "Toy position: a row of cards, 2..5 players.");
  cls.def(py::init(&kofun::toy::State::parse), py::arg("notation"), "The position of a notation (as State.parse).");
  m.attr("MAX_PLAYERS") = kofun::toy::State::kMaxPlayers;
}
