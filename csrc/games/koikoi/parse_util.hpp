// Small allocation-free helpers for the Koi-Koi text parsers.
#pragma once

#include <string_view>

namespace kofun::koikoi {

// Iterates over the pieces of `s` between separators (empty pieces included): for (auto piece : Split(s, ','))
struct Split {
  std::string_view s;
  char sep;
  struct Iter {
    std::string_view rest;
    char sep;
    bool done;
    std::string_view operator*() const noexcept { return rest.substr(0, rest.find(sep)); }
    Iter& operator++() noexcept {
      const auto p = rest.find(sep);
      if (p == std::string_view::npos) done = true;
      else rest.remove_prefix(p + 1);
      return *this;
    }
    bool operator!=(const Iter& o) const noexcept { return done != o.done; }
  };
  Iter begin() const noexcept { return {s, sep, false}; }
  Iter end() const noexcept { return {{}, sep, true}; }
};

// A decimal integer in [lo, hi] without sign or leading zeros (other than "0"), or -1.
inline int parse_int(std::string_view s, int lo, int hi) noexcept {
  if (s.empty() || s.size() > 4 || (s.size() > 1 && s[0] == '0')) return -1;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return -1;
    v = 10 * v + (c - '0');
  }
  return v < lo || v > hi ? -1 : v;
}

}  // namespace kofun::koikoi
