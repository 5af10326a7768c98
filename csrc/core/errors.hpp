// Exceptions the core throws on bad input. The bindings translate each into a Python exception of the same name
// (subclasses of ValueError), so bad input never crashes the interpreter.
#pragma once

#include <stdexcept>
#include <string>

namespace kofun {

// A position, move or information-state string that does not parse; the message names the faulty field.
struct NotationError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// A well-formed move that is not legal in the position.
struct IllegalMoveError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// A rule option with an unknown name or a value outside its allowed set.
struct RuleOptionError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// A sampled world that does not agree with the observer's information state.
struct WorldError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

}  // namespace kofun
