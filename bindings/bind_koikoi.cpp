#include <pybind11/numpy.h>

#include <optional>

#include "../csrc/games/koikoi/koikoi.hpp"
#include "../csrc/games/koikoi/yaku.hpp"
#include "bind_game.hpp"

namespace kofun::bind {

namespace {

using koikoi::Rules;
using koikoi::State;

std::vector<int> cards_of(Bitboard b) {
  std::vector<int> v;
  for (int c : Bits{b}) v.push_back(c);
  return v;
}

Bitboard mask_of(const std::vector<int>& cards) {
  Bitboard b = 0;
  for (int c : cards) {
    if (c < 0 || c >= koikoi::kNumCards) throw NotationError("koikoi: card number " + std::to_string(c) + " out of range 0..47");
    if (b & bit(c)) throw NotationError("koikoi: card " + std::string(koikoi::kCardNames[c]) + " listed twice");
    b |= bit(c);
  }
  return b;
}

int check_player(int p) {
  if (p != 0 && p != 1) throw IllegalMoveError("koikoi: player must be 0 or 1, got " + std::to_string(p));
  return p;
}

// A point value or count of the rules, settable from Python within 0..99 (RuleOptionError otherwise).
void bind_small_int(py::class_<Rules>& cls, const char* name, std::int8_t Rules::*field) {
  cls.def_property(name, [field](const Rules& r) { return static_cast<int>(r.*field); },
                   [field, name](Rules& r, int v) {
                     if (v < 0 || v > 99)
                       throw RuleOptionError(std::string("koikoi rules: ") + name + " must be 0..99, got " +
                                             std::to_string(v));
                     r.*field = static_cast<std::int8_t>(v);
                   });
}

// Deals n times from consecutive seeds and plays each deal out with uniformly random moves; returns the plies.
std::uint64_t random_deals(std::uint64_t n, std::uint64_t seed, const Rules& rules) {
  Rng rng(seed ^ 0x6B6F696B6F69ULL);
  MoveListOf<State> ml;
  std::uint64_t plies = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    State s = State::deal(seed + i, rules);
    while (!s.is_terminal()) {
      s.legal_moves(ml);
      s.apply(ml[static_cast<int>(rng.below(static_cast<std::uint32_t>(ml.size())))]);
      ++plies;
    }
  }
  return plies;
}

}  // namespace

void bind_koikoi(py::module_& m) {
  py::class_<Rules> rules(m, "Rules", "Rule options of one Koi-Koi deal (see the presets 'seed' and 'nintendo').");
  rules.def(py::init<>(), "The seed rules.")
      .def_static("preset", &Rules::preset, py::arg("name"), "A preset by name: 'seed' or 'nintendo'.")
      .def_static("parse", &Rules::parse, py::arg("text"))
      .def("to_string", &Rules::to_string)
      .def("__str__", &Rules::to_string)
      .def("__repr__", [](const Rules& r) { return "Rules.parse('" + r.to_string() + "')"; })
      .def(py::self == py::self);
  // The flags are bit-fields: one accessor pair each.
#define KOFUN_KOIKOI_FLAG(name)                                          \
  rules.def_property(#name, [](const Rules& r) { return bool(r.name); }, \
                     [](Rules& r, bool v) { r.name = v; })
  KOFUN_KOIKOI_FLAG(seven_point_double);
  KOFUN_KOIKOI_FLAG(koikoi_double);
  KOFUN_KOIKOI_FLAG(redeal_three_on_table);
  KOFUN_KOIKOI_FLAG(set_yaku_extras);
  KOFUN_KOIKOI_FLAG(empty_hand_koikoi);
#undef KOFUN_KOIKOI_FLAG
  rules.def_property(
      "koikoi_limit",
      [](const Rules& r) { return r.koikoi_limit == koikoi::KoikoiLimit::kPerDeal ? "per_deal" : "per_player"; },
      [](Rules& r, const std::string& v) {
        if (v != "per_player" && v != "per_deal")
          throw RuleOptionError("koikoi rules: koikoi_limit must be 'per_player' or 'per_deal', got '" + v + "'");
        r.koikoi_limit = v == "per_deal" ? koikoi::KoikoiLimit::kPerDeal : koikoi::KoikoiLimit::kPerPlayer;
      },
      "How max_koikoi counts: 'per_player' (each player's calls) or 'per_deal' (both players' calls together).");
  bind_small_int(rules, "five_brights", &Rules::five_brights);
  bind_small_int(rules, "four_brights", &Rules::four_brights);
  bind_small_int(rules, "rainy_four_brights", &Rules::rainy_four_brights);
  bind_small_int(rules, "three_brights", &Rules::three_brights);
  bind_small_int(rules, "ribbon_sets", &Rules::ribbon_sets);
  bind_small_int(rules, "viewing", &Rules::viewing);
  bind_small_int(rules, "max_koikoi", &Rules::max_koikoi);

  m.attr("CARD_NAMES") = std::vector<std::string>(koikoi::kCardNames.begin(), koikoi::kCardNames.end());
  {
    std::vector<int> values(koikoi::kNumCards);
    for (int c = 0; c < koikoi::kNumCards; ++c) values[c] = koikoi::card_value(c);
    m.attr("CARD_VALUES") = values;  // the greedy card values (bright 20, animal 10, ribbon 5, chaff 1)
  }
  m.def("move_cards", [](Move mv) {
    const int card = static_cast<int>(mv & 63), target = static_cast<int>((mv >> 6) & 63);
    return std::pair<int, int>(card == koikoi::kNoCard ? -1 : card, target == koikoi::kNoCard ? -1 : target);
  }, py::arg("move"), "(card, target table card) packed in a move; -1 where the move has none (stop, koikoi, no "
     "capture choice).");
  m.attr("YAKU_NAMES") = std::vector<std::string>(koikoi::kYakuNames.begin(), koikoi::kYakuNames.end());
  m.def("card_from_name", [](const std::string& name) {
    const int c = koikoi::card_from_name(name);
    if (c < 0) throw NotationError("koikoi: unknown card '" + name + "'");
    return c;
  }, py::arg("name"), "The card number (0..47) of a card name; NotationError if unknown.");
  m.def("yaku", [](const std::vector<int>& pile, const Rules& rules) {
    const auto pts = koikoi::yaku_points(mask_of(pile), rules);
    py::dict d;
    for (int i = 0; i < koikoi::kNumYaku; ++i)
      if (pts[i]) d[py::str(std::string(koikoi::kYakuNames[i]))] = pts[i];
    return d;
  }, py::arg("pile"), py::arg("rules") = Rules{}, "The yaku made by a capture pile: {name: points}.");
  m.def("yaku_total", [](const std::vector<int>& pile, const Rules& rules) {
    return koikoi::yaku_total(mask_of(pile), rules);
  }, py::arg("pile"), py::arg("rules") = Rules{});
  m.def("misdeal_reason", [](const std::vector<int>& h0, const std::vector<int>& h1, const std::vector<int>& table,
                             const Rules& rules) -> std::optional<std::string> {
    const char* why = State::misdeal_reason(mask_of(h0), mask_of(h1), mask_of(table), rules);
    if (!why) return std::nullopt;
    return std::string(why);
  }, py::arg("hand0"), py::arg("hand1"), py::arg("table"), py::arg("rules") = Rules{},
        "Why a deal must be redealt, or None.");
  m.def("has_hand_yaku", [](const std::vector<int>& hand) { return State::has_hand_yaku(mask_of(hand)); },
        py::arg("hand"));
  m.def("hidden", [](const std::string& info) {
    const auto h = State::hidden(info);
    return py::make_tuple(cards_of(h.unseen), h.view, h.opp_size, h.stock_size);
  }, py::arg("info_state"), "(unseen cards, observer, opponent hand size, stock size) of an information state.");
  m.def("random_deals", [](std::uint64_t n, std::uint64_t seed, const Rules& rules) {
    py::gil_scoped_release release;
    return random_deals(n, seed, rules);
  }, py::arg("n"), py::arg("seed") = 0, py::arg("rules") = Rules{},
        "Deal n times and play each deal out at random; returns the total plies.");

  auto cls = bind_game<State>(m, "A Koi-Koi deal with everything known (both hands and the stock order).");
  cls.def_static("deal", [](std::uint64_t seed, const Rules& rules, int first) {
        if (first < -1 || first > 1) throw NotationError("koikoi deal: first must be -1 (random), 0 or 1");
        return State::deal(seed, rules, first);
      }, py::arg("seed") = 0, py::arg("rules") = Rules{}, py::arg("first") = -1,
      "A deal from a seed (redealt from the same seed on a misdeal); first=-1 draws the dealer.")
      .def_static("from_deal", [](const std::vector<int>& order, int first, const Rules& rules) {
        return State::from_deal(order, first, rules);
      }, py::arg("order"), py::arg("first") = 0, py::arg("rules") = Rules{},
      "hand0 (8), hand1 (8), table (8), stock (24, top first); NotationError on a misdeal.")
      .def_static("from_world", [](const std::string& info, py::array_t<std::int32_t, py::array::c_style | py::array::forcecast> world) {
        if (world.ndim() != 1) throw WorldError("koikoi world: expected a 1-D array");
        return State::from_world(info, {world.data(), static_cast<std::size_t>(world.size())});
      }, py::arg("info_state"), py::arg("world"),
      "The state of an information state plus a world (opponent hand, then stock top first).")
      .def("information_state", [](const State& s, int p) { return s.information_state(check_player(p)); }, py::arg("player"))
      .def_property_readonly("rules", &State::rules)
      .def_property_readonly("phase", [](const State& s) {
        static constexpr const char* kNames[] = {"play", "take", "decide", "end"};
        return kNames[static_cast<int>(s.phase())];
      })
      .def_property_readonly("first", &State::first)
      .def("hand", [](const State& s, int p) { return cards_of(s.hand(check_player(p))); }, py::arg("player"))
      .def("pile", [](const State& s, int p) { return cards_of(s.pile(check_player(p))); }, py::arg("player"))
      .def_property_readonly("table", [](const State& s) { return cards_of(s.table()); })
      .def_property_readonly("stock", [](const State& s) {
        std::vector<int> v;
        for (int i = 0; i < s.stock_size(); ++i) v.push_back(s.stock_card(i));
        return v;
      }, "The stock, top card first.")
      .def_property_readonly("drawn", &State::drawn)
      .def("koikoi_calls", [](const State& s, int p) { return s.koikoi_calls(check_player(p)); }, py::arg("player"))
      .def("total", [](const State& s, int p) { return s.total(check_player(p)); }, py::arg("player"))
      .def_property_readonly("winner", &State::winner)
      .def_property_readonly("points", &State::points)
      .def_property_readonly(
          "match",
          [](const State& s) -> std::optional<py::tuple> {
            if (s.match_deals() == 0) return std::nullopt;
            return py::make_tuple(s.match_deal(), s.match_deals(), s.match_total(0), s.match_total(1));
          },
          "The match context (deal, deals, total0, total1) of a deal of a match, None for a single deal.")
      .def("remaining_plies_bound", &State::remaining_plies_bound);
}

}  // namespace kofun::bind
