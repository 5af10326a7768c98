// The text reader every game's notation uses: splitting on separators, integers with range checks and
// `key=value` field lists whose errors name the field (NotationError).
//
// One notation style for every game: a position is a blank-separated list of `key=value` fields (lists inside a
// value are comma-separated, `-` for an empty list). Errors read "<context>, field '<key>': <what>", where the
// context names the game and the kind of text (e.g. "sensei position"), or "<context>: <what>" when no single
// field is at fault.
#pragma once

#include <cctype>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "errors.hpp"

namespace kofun::notation {

// Iterates over the pieces of `s` between separators, empty pieces included, without allocating:
//   for (std::string_view piece : Split(s, ',')) ...
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

// A hidden-cards field as written: "?n" for an observer who may not see them, "-" when empty, else the card numbers
// (ids + 1) comma-separated in order (a deck in deal order, say).
inline std::string card_order_text(std::span<const std::uint8_t> ids, bool hidden) {
  if (hidden) return '?' + std::to_string(ids.size());
  if (ids.empty()) return "-";
  std::string out;
  for (std::size_t i = 0; i < ids.size(); ++i) out += (i ? "," : "") + std::to_string(ids[i] + 1);
  return out;
}

// The pieces of `s` between separators, empty pieces included ("a,,b" -> 3 pieces, "" -> 1 empty piece).
inline std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (std::string_view piece : Split{s, sep}) out.push_back(piece);
  return out;
}

// The words of `s`: the pieces between runs of blanks (spaces, tabs, newlines); no empty words.
inline std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < s.size();) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    std::size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// A decimal integer in [lo, hi] (0 <= lo): digits only, no sign, no leading zero other than "0" itself, at most
// 9 digits; nothing otherwise.
inline std::optional<int> to_int(std::string_view s, int lo, int hi) noexcept {
  if (s.empty() || s.size() > 9 || (s.size() > 1 && s[0] == '0')) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = 10 * v + (c - '0');
  }
  if (v < lo || v > hi) return std::nullopt;
  return v;
}

// Builds the NotationErrors of one kind of text.
class Reader {
 public:
  explicit Reader(std::string context) : context_(std::move(context)) {}
  const std::string& context() const noexcept { return context_; }

  // "<context>, field '<field>': <what>"
  NotationError error(std::string_view field, std::string_view what) const {
    return NotationError(context_ + ", field '" + std::string(field) + "': " + std::string(what));
  }
  // "<context>: <what>"
  NotationError error(std::string_view what) const { return NotationError(context_ + ": " + std::string(what)); }
  [[noreturn]] void fail(std::string_view field, std::string_view what) const { throw error(field, what); }
  [[noreturn]] void fail(std::string_view what) const { throw error(what); }

  // An integer in [lo, hi] (see to_int), else NotationError naming the field.
  int integer(std::string_view field, std::string_view v, int lo, int hi) const {
    if (const auto x = to_int(v, lo, hi)) return *x;
    fail(field, "expected an integer " + std::to_string(lo) + ".." + std::to_string(hi) + ", got '" +
                    std::string(v) + "'");
  }

 private:
  std::string context_;
};

// A blank-separated list of `key=value` fields in any order, each at most once. `known` lists the keys allowed
// (empty: any key); `separators` the characters accepted between key and value (the first one found in a field
// splits it; the canonical writer uses '=', readers may also accept an older style, e.g. Sensei's ':').
class Fields {
 public:
  Fields(std::string_view text, const Reader& reader, const std::vector<std::string_view>& known = {},
         std::string_view separators = "=")
      : reader_(reader) {
    for (std::string_view w : words(text)) add(w, known, separators);
  }
  // The same from words already split off (e.g. after a leading word that is not a field).
  Fields(const std::vector<std::string_view>& ws, const Reader& reader, const std::vector<std::string_view>& known,
         std::string_view separators = "=")
      : reader_(reader) {
    for (std::string_view w : ws) add(w, known, separators);
  }

  bool has(std::string_view key) const noexcept { return find(key) != nullptr; }
  // The value of a required field (NotationError "field '<key>': missing").
  std::string_view get(std::string_view key) const {
    if (const auto* f = find(key)) return f->second;
    reader_.fail(key, "missing");
  }
  std::string_view get_or(std::string_view key, std::string_view fallback) const noexcept {
    const auto* f = find(key);
    return f ? f->second : fallback;
  }
  int integer(std::string_view key, int lo, int hi) const { return reader_.integer(key, get(key), lo, hi); }
  const Reader& reader() const noexcept { return reader_; }
  const std::vector<std::pair<std::string_view, std::string_view>>& all() const noexcept { return fields_; }

 private:
  void add(std::string_view w, const std::vector<std::string_view>& known, std::string_view separators) {
    const std::size_t sep = w.find_first_of(separators);
    if (sep == std::string_view::npos || sep == 0)
      reader_.fail("expected key=value, got '" + std::string(w) + "'");
    const std::string_view key = w.substr(0, sep);
    if (!known.empty()) {
      bool ok = false;
      for (std::string_view k : known) ok = ok || k == key;
      if (!ok) {
        std::string list;
        for (std::string_view k : known) list += (list.empty() ? "" : " ") + std::string(k);
        reader_.fail(key, "unknown field (fields: " + list + ")");
      }
    }
    if (has(key)) reader_.fail(key, "given twice");
    fields_.emplace_back(key, w.substr(sep + 1));
  }
  const std::pair<std::string_view, std::string_view>* find(std::string_view key) const noexcept {
    for (const auto& f : fields_)
      if (f.first == key) return &f;
    return nullptr;
  }

  const Reader& reader_;
  std::vector<std::pair<std::string_view, std::string_view>> fields_;
};

// `key=value` fields in a fixed order (optional ones tested with next_is): take("k") returns the value of the next
// field and fails unless its key is k.
class OrderedFields {
 public:
  OrderedFields(std::string_view text, const Reader& reader) : rest_(text), reader_(reader) {}
  bool done() const noexcept { return rest_.empty(); }
  bool next_is(std::string_view key) const noexcept {
    return rest_.substr(0, key.size()) == key && rest_.size() > key.size() && rest_[key.size()] == '=';
  }
  std::string_view take(std::string_view key) {
    if (rest_.empty()) reader_.fail("missing field '" + std::string(key) + "='");
    const auto sp = rest_.find(' ');
    const std::string_view tok = rest_.substr(0, sp);
    rest_ = sp == std::string_view::npos ? std::string_view{} : rest_.substr(sp + 1);
    if (sp != std::string_view::npos && rest_.empty()) reader_.fail("trailing space");
    if (!(tok.substr(0, key.size()) == key && tok.size() > key.size() && tok[key.size()] == '='))
      reader_.fail("expected field '" + std::string(key) + "=', got '" + std::string(tok) + "'");
    return tok.substr(key.size() + 1);
  }

 private:
  std::string_view rest_;
  const Reader& reader_;
};

}  // namespace kofun::notation
