// Position and move notation of Sensei (format documented in docs/sensei.md).
#include <algorithm>
#include <cctype>
#include <vector>

#include "../../core/notation.hpp"
#include "sensei.hpp"

namespace kofun::sensei {
namespace {

constexpr const char* kPlayerLetter[2] = {"S", "N"};

const notation::Reader kReader("sensei position");

[[noreturn]] void fail(const std::string& field, const std::string& what) { kReader.fail(field, what); }

using notation::split;

std::string square_list(Bitboard b) {
  if (!b) return "-";
  std::string s;
  for (int sq : Bits{b}) {
    if (!s.empty()) s += ',';
    s += square_name(sq);
  }
  return s;
}

// A comma-separated list of distinct squares ("-" = none).
Bitboard parse_square_list(const std::string& field, std::string_view v) {
  if (v == "-") return 0;
  Bitboard b = 0;
  for (std::string_view item : split(v, ',')) {
    const int sq = parse_square(item);
    if (sq < 0) fail(field, "'" + std::string(item) + "' is not a square a1..g7");
    if (b & bit(sq)) fail(field, "square " + std::string(item) + " is listed twice");
    b |= bit(sq);
  }
  return b;
}

int parse_int(const std::string& field, std::string_view v, int lo, int hi) { return kReader.integer(field, v, lo, hi); }

bool parse_bool(const std::string& field, std::string_view v) {
  if (v == "true") return true;
  if (v == "false") return false;
  fail(field, "expected true or false, got '" + std::string(v) + "'");
}

int parse_player(const std::string& field, std::string_view v) {
  if (v == "S") return 0;
  if (v == "N") return 1;
  fail(field, "expected S or N, got '" + std::string(v) + "'");
}

Options parse_options(std::string_view v, Options o) {
  for (std::string_view item : split(v, ',')) {
    const std::size_t eq = item.find('=');
    const std::string key(item.substr(0, eq));
    if (eq == std::string_view::npos) fail("opts", "expected key=value, got '" + std::string(item) + "'");
    const std::string_view value = item.substr(eq + 1);
    const std::string field = "opts." + key;
    if (key == "character_blocked_by_own")
      o.character_blocked_by_own = parse_bool(field, value);
    else if (key == "max_turns")
      o.max_turns = parse_int(field, value, 1, kMaxTurnsLimit);
    else if (key == "threefold_draw")
      o.threefold_draw = parse_bool(field, value);
    else
      fail("opts", "unknown option '" + key + "' (known: character_blocked_by_own, max_turns, threefold_draw)");
  }
  return o;
}

}  // namespace

std::string State::to_string() const {
  std::string s = opt_.version == Version::kArashi ? "arashi" : "shizukana";
  s += " pits=" + square_list(opt_.pits);
  s += " S=" + square_list(stones_[0]);
  s += " N=" + square_list(stones_[1]);
  s += " chars=" + square_name(char_sq_[0]) + ',' + square_name(char_sq_[1]);
  s += std::string(" turn=") + kPlayerLetter[to_move_];
  std::string actions(static_cast<std::size_t>(stone_moves_), 's');
  if (char_moved_) actions += 'c';
  s += " actions=" + (actions.empty() ? std::string("-") : actions);
  s += " turns=" + std::to_string(turns_);
  const Options def;
  std::string opts;
  const auto add = [&opts](const std::string& kv) { opts += (opts.empty() ? "" : ",") + kv; };
  if (opt_.character_blocked_by_own != def.character_blocked_by_own) add("character_blocked_by_own=true");
  if (opt_.max_turns != def.max_turns) add("max_turns=" + std::to_string(opt_.max_turns));
  if (opt_.threefold_draw != def.threefold_draw) add("threefold_draw=false");
  if (!opts.empty()) s += " opts=" + opts;
  if (status_ != kOngoing) s += std::string(" result=") + (status_ == kDraw ? "draw" : kPlayerLetter[status_]);
  return s;
}

State State::parse(std::string_view text) {
  const std::vector<std::string_view> tokens = notation::words(text);  // separated by any run of blanks
  if (tokens.empty()) fail("version", "empty position");

  State st{Raw{}};
  if (tokens[0] == "arashi")
    st.opt_.version = Version::kArashi;
  else if (tokens[0] == "shizukana")
    st.opt_.version = Version::kShizukana;
  else
    fail("version", "expected arashi or shizukana, got '" + std::string(tokens[0]) + "'");

  // Fields are key=value; the older key:value form still parses (the first '=' or ':' ends the key).
  const notation::Fields fields(std::vector<std::string_view>(tokens.begin() + 1, tokens.end()), kReader,
                                {"pits", "S", "N", "chars", "turn", "actions", "turns", "opts", "result"}, "=:");
  for (const char* required : {"pits", "S", "N", "chars", "turn", "actions", "turns"}) fields.get(required);

  if (fields.has("opts")) st.opt_ = parse_options(fields.get("opts"), st.opt_);
  st.opt_.pits = parse_square_list("pits", fields.get("pits"));
  for (int p = 0; p < 2; ++p) {
    const std::string field = kPlayerLetter[p];
    st.stones_[p] = parse_square_list(field, fields.get(field));
    const int n = popcount(st.stones_[p]);
    if (n < 1 || n > 7) fail(field, "a player has 1 to 7 stones, got " + std::to_string(n));
    if (st.stones_[p] & st.opt_.pits) fail(field, "stone on pit " + square_name(lsb(st.stones_[p] & st.opt_.pits)));
  }
  if (st.stones_[0] & st.stones_[1])
    fail("N", "square " + square_name(lsb(st.stones_[0] & st.stones_[1])) + " already holds a stone of S");

  const std::vector<std::string_view> chars = split(fields.get("chars"), ',');
  if (chars.size() != 2) fail("chars", "expected two squares 'south,north', got '" + std::string(fields.get("chars")) + "'");
  for (int p = 0; p < 2; ++p) {
    const int sq = parse_square(chars[p]);
    if (sq < 0) fail("chars", "'" + std::string(chars[p]) + "' is not a square a1..g7");
    if (!(st.stones_[p] & bit(sq)))
      fail("chars", "the character of " + std::string(kPlayerLetter[p]) + " must stand on one of its stones, " +
                        std::string(chars[p]) + " is not");
    st.char_sq_[p] = static_cast<std::int8_t>(sq);
  }

  st.to_move_ = static_cast<std::int8_t>(parse_player("turn", fields.get("turn")));
  const std::string_view actions = fields.get("actions");
  if (actions != "-") {
    for (char c : actions) {
      if (c == 's' && st.stone_moves_ < 2)
        ++st.stone_moves_;
      else if (c == 'c' && !st.char_moved_)
        st.char_moved_ = true;
      else
        fail("actions", "expected '-' or up to two 's' and one 'c' (e.g. s, ss, c, sc, ssc), got '" +
                            std::string(actions) + "'");
    }
    if (actions.empty()) fail("actions", "empty (use '-' for no action yet)");
  }
  const bool mid_turn = st.stone_moves_ > 0 || st.char_moved_;
  st.turns_ = static_cast<std::int16_t>(parse_int("turns", fields.get("turns"), 0, st.opt_.max_turns));
  if (mid_turn && st.turns_ == st.opt_.max_turns) fail("turns", "the game ended after max_turns completed turns");

  st.hash_ = st.recompute_hash();
  st.check_arrival();
  if (row_of(st.char_sq_[0]) == goal_row(0) && row_of(st.char_sq_[1]) == goal_row(1))
    fail("chars", "both characters stand on the opponent's home row");
  if (st.status_ == kOngoing) {
    if (!mid_turn)
      st.check_turn_boundary();
    else if (!st.any_action_left())
      fail("actions", "no action is left in this turn, so it would already have ended");
  }

  if (fields.has("result")) {
    const std::string_view r = fields.get("result");
    if (r != "draw" && r != "S" && r != "N") fail("result", "expected S, N or draw, got '" + std::string(r) + "'");
    const int claimed = r == "draw" ? kDraw : parse_player("result", r);
    if (st.status_ != kOngoing && st.status_ != claimed)
      fail("result", std::string("the position is ") +
                         (st.status_ == kDraw ? "a draw" : std::string("won by ") + kPlayerLetter[st.status_]));
    if (st.status_ == kOngoing && (claimed != kDraw || mid_turn))
      fail("result", "'" + std::string(r) + "' does not follow from the position");
    st.status_ = static_cast<std::int8_t>(claimed);  // a draw by repetition, which the notation cannot show
  }
  return st;
}

std::string State::move_to_string(Move m) const {
  if (m == kEndTurn) return "end";
  return square_name(move_from(m)) + (is_character_move(m) ? '*' : '-') + square_name(move_to(m));
}

Move State::parse_move(std::string_view s) const {
  const std::string text(s);
  Move m = kNoMove;
  if (s == "end") {
    m = kEndTurn;
  } else {
    const int from = s.size() == 5 ? parse_square(s.substr(0, 2)) : -1;
    const int to = s.size() == 5 ? parse_square(s.substr(3, 2)) : -1;
    if (from < 0 || to < 0 || (s[2] != '-' && s[2] != '*'))
      throw NotationError("sensei move: expected 'b1-b4' (stone), 'd1*b4' (character) or 'end', got '" + text + "'");
    m = s[2] == '*' ? make_character_move(from, to) : make_stone_move(from, to);
  }
  const std::string where = "sensei move " + text + ": ";
  if (is_terminal()) throw IllegalMoveError(where + "the game is over");
  MoveList<kMaxMoves> ml;
  legal_moves(ml);
  if (ml.contains(m)) return m;
  const int p = to_move_;
  if (m == kEndTurn) throw IllegalMoveError(where + "a turn needs at least one action before 'end'");
  if (is_character_move(m)) {
    if (char_moved_) throw IllegalMoveError(where + "the character has already moved this turn");
    if (move_from(m) != char_sq_[p])
      throw IllegalMoveError(where + "the character of " + kPlayerLetter[p] + " stands on " + square_name(char_sq_[p]));
    throw IllegalMoveError(where + "the character can only go to an own stone in line with no blocking stone between");
  }
  if (stone_moves_ >= 2) throw IllegalMoveError(where + "both stone moves of this turn are already made");
  if (!(stones_[p] & bit(move_from(m))))
    throw IllegalMoveError(where + "no stone of " + kPlayerLetter[p] + " on " + square_name(move_from(m)));
  if (move_from(m) == char_sq_[p]) throw IllegalMoveError(where + "the stone carrying the character cannot move");
  throw IllegalMoveError(where + (opt_.version == Version::kArashi
                                      ? "a stone slides orthogonally over empty squares (no pit, no stone)"
                                      : "a stone steps one square orthogonally onto an empty square (no pit)"));
}

}  // namespace kofun::sensei
