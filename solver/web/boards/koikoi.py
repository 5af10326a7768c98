"""Koi-Koi on the page: one seat's table (own hand, field, both capture piles with their yaku, hidden counts).

The board is read from the seat's information-state notation only (``docs/koikoi.md``, "Information state"):
``hand`` is the seat's hand, ``opp`` the opponent's hand size, ``stock`` the stock size, ``drawn`` the card turned
over from the stock while its capture is chosen, and the optional match context ``deal=<k>/<n> match=<m0>,<m1>``.
The yaku of a pile come from the engine's scoring (:func:`solver._core.koikoi.yaku`) under the deal's rules.

Click targets: ``hand:<card>`` (a card of the seat's hand), ``table:<card>`` (a field card), ``table:new`` (the
empty place on the field where an unmatched card goes), ``drawn:<card>`` (the turned-over card). A play is its hand
card then the table card it captures (``table:new`` when nothing matches; when three cards of the month lie on the
field, all three are captured and the lowest is the one clicked); choosing the capture of a turned-over card is the
drawn card then the captured table card; ``stop`` and ``koikoi`` have no target (the page shows them as buttons).
"""

from __future__ import annotations

from typing import Any

from ... import _core
from ...games.koikoi import CARD_TITLES, equity
from .fields import BoardError, read_fields, view_text

kk = _core.koikoi

GAME = "koikoi"
MONTHS = (
    "pine", "plum", "cherry", "wisteria", "iris", "peony",
    "bush clover", "susuki", "chrysanthemum", "maple", "willow", "paulownia",
)  # fmt: skip
#: Card colour per month (January first), shown on the card faces and in the legend.
MONTH_COLOURS = (
    "#2e7d32", "#c2185b", "#f48fb1", "#7e57c2", "#3949ab", "#d81b60",
    "#a1887f", "#8d6e63", "#f9a825", "#e64a19", "#00897b", "#6d4c41",
)  # fmt: skip
KINDS = {"b": "bright", "a": "animal", "r": "ribbon", "c": "chaff"}
#: Kind order of a capture pile's groups.
KIND_ORDER = ("bright", "animal", "ribbon", "chaff")
KIND_MARKS = {"bright": "★", "animal": "◆", "ribbon": "▬", "chaff": "●"}
POETRY_RIBBONS = frozenset({"1r", "2r", "3r"})
BLUE_RIBBONS = frozenset({"6r", "9r", "10r"})
#: The glow of the last move's cards (static/games/koikoi.css, class "last").
LAST_MOVE_COLOUR = "#8e24aa"
PHASE_WORDS = {"play": "play", "take": "capture", "decide": "decide", "end": "over"}


class KoikoiBoardError(BoardError):
    """A view the Koi-Koi board cannot be drawn from (not an information state, a missing field)."""


def _fields(text: str) -> dict[str, str]:
    required = ("rules", "first", "view", "turn", "phase", "hand", "opp", "table", "pile0", "pile1", "stock")
    return read_fields(text, "koikoi", required)


def _text(view: Any) -> str:
    return view_text(view, "koikoi")


def _cards(value: str) -> list[str]:
    return [] if value == "-" else value.split(",")


def card_info(name: str, prefix: str | None = None) -> dict[str, Any]:
    """What a card face shows: its notation, month (1-12) and month name, kind, ribbon colour and title; with
    `prefix` (``hand``, ``table``, ``drawn``) also its click id ``<prefix>:<card>``."""
    number = int(kk.card_from_name(name))
    month = number // 4 + 1
    kind = KINDS[name[len(str(month))]]
    info: dict[str, Any] = {
        "card": name,
        "month": month,
        "month_name": MONTHS[month - 1],
        "kind": kind,
        "title": CARD_TITLES[number],
    }
    if kind == "ribbon":
        info["ribbon"] = "poetry" if name in POETRY_RIBBONS else "blue" if name in BLUE_RIBBONS else "red"
    if name == "9a":
        info["note"] = "counts as an animal and as a chaff"
    if prefix is not None:
        info["id"] = f"{prefix}:{name}"
    return info


def _month(name: str) -> int:
    return int(kk.card_from_name(name)) // 4


def stop_points(total: int, rules: Any, opponent_calls: int) -> int:
    """What a stop with yaku worth `total` scores under `rules`: doubled at 7 or more when the rules double those,
    doubled again when the opponent has called koi-koi and the rules double that (the doublings multiply)."""
    points = total
    if rules.seven_point_double and total >= 7:
        points *= 2
    if rules.koikoi_double and opponent_calls > 0:
        points *= 2
    return points


def _who(seat: int, me: int) -> str:
    return f"you (player {seat})" if seat == me else f"player {seat}"


def _match(fields: dict[str, str], me: int, result: tuple[int, int] | None, rules_text: str) -> dict[str, Any] | None:
    if "deal" not in fields:
        return None
    k, n = (int(x) for x in fields["deal"].split("/"))
    totals = [int(x) for x in fields.get("match", "0,0").split(",")]
    first = int(fields["first"])
    diff = totals[me] - totals[1 - me]
    info: dict[str, Any] = {"deal": k, "deals": n, "totals": totals}
    # the seat's probability to win the match (solver.games.koikoi.equity): before this deal, and after it once over
    info["equity_before"] = round(equity.equity(rules_text, n - k + 1, diff, first == me), 4)
    if result is not None:
        winner, points = result
        after = list(totals)
        if winner >= 0:
            after[winner] += points
        dealer_next = winner == me if winner >= 0 else first != me
        left = n - k
        gap = after[me] - after[1 - me]
        info["totals_after"] = after
        if left:
            info["equity_after"] = round(equity.equity(rules_text, left, gap, dealer_next), 4)
        else:
            info["equity_after"] = 1.0 if gap > 0 else 0.0 if gap < 0 else 0.5
        info["over"] = left == 0
    return info


def board(view: Any) -> dict[str, Any]:
    """The board of one seat's view (an information state): the seat's hand, the field, the turned-over card, both
    capture piles grouped by kind with their yaku and points, hand and stock counts, koi-koi calls, the result of a
    finished deal and the match context (deal, totals, the seat's match-winning chance)."""
    fields = _fields(_text(view))
    rules_text = fields["rules"]
    rules = kk.Rules.parse(rules_text)
    me, turn, first, phase = int(fields["view"]), int(fields["turn"]), int(fields["first"]), fields["phase"]
    calls = [int(x) for x in fields.get("koikoi", "0,0").split(",")]
    hand, table = _cards(fields["hand"]), _cards(fields["table"])
    drawn = fields.get("drawn")
    result: tuple[int, int] | None = None
    if phase == "end":
        res = fields.get("result", "draw")
        if res == "draw":
            result = (-1, 0)
        else:
            w, p = res.split(":")
            result = (int(w), int(p))
    players: list[dict[str, Any]] = []
    for seat in (0, 1):
        pile = _cards(fields[f"pile{seat}"])
        numbers = [int(kk.card_from_name(c)) for c in pile]
        yaku = kk.yaku(numbers, rules)
        faces = [card_info(c) for c in pile]
        groups = {kind: [f for f in faces if f["kind"] == kind] for kind in KIND_ORDER}
        players.append(
            {
                "seat": seat,
                "name": f"player {seat}",
                "you": seat == me,
                "dealer": seat == first,
                "hand": len(hand) if seat == me else int(fields["opp"]),
                "pile": groups,
                "pile_count": len(pile),
                "yaku": [[name, int(points)] for name, points in yaku.items()],
                "yaku_points": int(sum(yaku.values())),
                "koikoi": calls[seat],
            }
        )
    decision = None
    if phase == "decide":
        mover = players[turn]
        decision = {
            "player": turn,
            "yaku": mover["yaku"],
            "total": mover["yaku_points"],
            "stop_points": stop_points(mover["yaku_points"], rules, calls[1 - turn]),
        }
    match = _match(fields, me, result, rules_text)
    # a deal over before any card was played: a hand yaku was dealt (every hand still full, nothing captured)
    dealt_hand_yaku = result is not None and int(fields["stock"]) == 24 and not any(p["pile_count"] for p in players)
    out: dict[str, Any] = {
        "game": GAME,
        "players": players,
        "you": me,
        "to_move": None if phase == "end" else turn,
        "phase": PHASE_WORDS[phase],
        "status": _status(phase, turn, me, drawn, decision, result, match, dealt_hand_yaku, calls),
        "rules": rules_text,
        "dealer": first,
        "hand": [card_info(c, "hand") for c in hand],
        "table": [card_info(c, "table") for c in table],
        "table_slot": "table:new",
        "drawn": card_info(drawn, "drawn") if drawn else None,
        "stock": int(fields["stock"]),
        "decision": decision,
        "result": None if result is None else {"winner": result[0] if result[0] >= 0 else None, "points": result[1]},
        "match": match,
        "legend": legend(),
    }
    return out


def _status(
    phase: str,
    turn: int,
    me: int,
    drawn: str | None,
    decision: dict[str, Any] | None,
    result: tuple[int, int] | None,
    match: dict[str, Any] | None,
    hand_yaku: bool = False,
    calls: list[int] | None = None,
) -> str:
    where = f"deal {match['deal']} of {match['deals']}: " if match else ""
    who = _who(turn, me)
    if phase == "play":
        text = f"{who} to play a card from the hand"
    elif phase == "take" and drawn is not None:
        text = f"{who} turned over {_named(drawn)} from the stock: choose the field card it captures"
    elif phase == "decide" and decision is not None:
        shown = ", ".join(f"{n} {p}" for n, p in decision["yaku"])
        text = f"{who} made yaku ({shown}): stop for {decision['stop_points']} points or call koi-koi"
    else:
        winner, points = result if result is not None else (-1, 0)
        text = (
            "deal over: a draw, nobody scores"
            if winner < 0
            else f"deal over: {_who(winner, me)} score{'' if winner == me else 's'} {points}"
        )
        callers = [s for s, n in enumerate(calls or []) if n]
        if winner < 0 and callers:  # yaku stood, but only a stop scores them
            called = " and ".join(_who(s, me) for s in callers)
            text += f" ({called} called koi-koi and nobody stopped before the cards ran out: only a stop scores yaku)"
        if winner >= 0 and hand_yaku:
            text += " for a hand yaku (four cards of a month or four pairs dealt)"
        if match is not None and match.get("over"):
            totals = match["totals_after"]
            text += f"; match over, {totals[0]}-{totals[1]} (player 0 - player 1)"
    text = where + text
    return text[0].upper() + text[1:]


def legend() -> list[list[str]]:
    """The colours and marks of the drawing: one colour per month, one mark per kind of card."""
    items = [[colour, f"{i + 1} {MONTHS[i]}"] for i, colour in enumerate(MONTH_COLOURS)]
    items += [
        [KIND_MARKS["bright"], "bright (20-point card; 3-5 of them make a brights yaku)"],
        [KIND_MARKS["animal"], "animal (the Sake cup 9a also counts as a chaff)"],
        [KIND_MARKS["ribbon"], "ribbon: red, blue, or red with writing (poetry)"],
        [KIND_MARKS["chaff"], "chaff (plain card)"],
        ["◌", "empty place on the field: play a card there when nothing matches"],
        ["points", "yaku points of a capture pile; a stop scores them (doubled where the rules say)"],
        [LAST_MOVE_COLOUR, "violet glow: the cards of the last move"],
    ]
    return items


def _parse(view: Any) -> dict[str, str]:
    return _fields(_text(view))


def move_targets(view: Any, move: int, text: str) -> list[str]:
    """The clicks of a legal move: hand card then captured table card (``table:new`` when nothing matches), drawn
    card then captured table card, nothing for ``stop`` / ``koikoi``."""
    words = text.split()
    if not words:
        raise KoikoiBoardError("koikoi board: empty move notation")
    if words[0] in ("stop", "koikoi"):
        return []
    fields = _parse(view)
    table = _cards(fields["table"])
    if words[0] == "take":
        drawn = fields.get("drawn")
        if drawn is None or len(words) != 2:
            raise KoikoiBoardError(f"koikoi board: '{text}' is not a capture of a turned-over card in this view")
        return [f"drawn:{drawn}", f"table:{words[1]}"]
    if words[0] != "play" or len(words) not in (2, 4):
        raise KoikoiBoardError(f"koikoi board: '{text}' is not a Koi-Koi move")
    card = words[1]
    if len(words) == 4:
        return [f"hand:{card}", f"table:{words[3]}"]
    matches = [c for c in table if _month(c) == _month(card)]
    return [f"hand:{card}", f"table:{matches[0]}" if matches else "table:new"]


def _named(card: str) -> str:
    return f"{card} {CARD_TITLES[int(kk.card_from_name(card))]}"


def move_label(view: Any, move: int, text: str) -> str:
    """A move in words: the card played and what it captures, the capture of a turned-over card, or the
    stop / koi-koi decision with the points at stake."""
    words = text.split()
    fields = _parse(view)
    table = _cards(fields["table"])
    if words[0] in ("stop", "koikoi"):
        turn = int(fields["turn"])
        pile = [int(kk.card_from_name(c)) for c in _cards(fields[f"pile{turn}"])]
        rules = kk.Rules.parse(fields["rules"])
        total = int(kk.yaku_total(pile, rules))
        if words[0] == "stop":
            calls = [int(x) for x in fields.get("koikoi", "0,0").split(",")]
            return f"stop: score {stop_points(total, rules, calls[1 - turn])} points now"
        return f"koi-koi: go on for more (the yaku stand at {total} points)"
    if words[0] == "take":
        drawn = fields.get("drawn")
        if drawn is None:
            raise KoikoiBoardError(f"koikoi board: '{text}' needs a turned-over card (field 'drawn')")
        return f"capture {_named(words[1])} with the turned-over {_named(drawn)}"
    card = words[1]
    if len(words) == 4:
        return f"play {_named(card)}, capture {_named(words[3])}"
    matches = [c for c in table if _month(c) == _month(card)]
    if not matches:
        return f"play {_named(card)} to the field (no match)"
    if len(matches) == 1:
        return f"play {_named(card)}, capture {_named(matches[0])}"
    return f"play {_named(card)}, capture all three: {', '.join(matches)}"
