"""The Haniwa board of the web page: board data of known views in every mode, click targets and labels of known
moves, and over random games the contract (JSON data, targets drawn, distinct moves, nothing hidden on the board,
scores equal to the engine's scoring of the true state)."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace
from typing import Any

import pytest

from solver.games.haniwa import GAME
from solver.web.boards import board_of, legal_of
from solver.web.boards import haniwa as hb

TILES = "tiles=R1x3,R2x3,R3x3,B1x3,B2x3,B3x3,G1x3,G2x3,G3x3,Y1x3,Y2x3,Y3x3"
EMPTY = ",".join(["."] * 12)
# player 1 holds the second brown Kofun (index 5) unused, the first (index 4) is used under a tile at c1
HELD_VIEW1 = (
    f"view=1 players=2 comparison=standard start_dice=ones solo_fill=column rounds=1 {TILES} kofun=RBGYNN first=0 "
    "to_move=1 phase=place dice=3512 zone0=R1,B3,R3,G1,B1,B1,G1,G2,?*,B3,G3,R2 "
    "zone1=R1,B3,R3+4,Y1,G1,G3,G2,.,Y2,Y3,R3,B1 "
    "hand0=4 hand1=R2,Y2,Y3,Y3 stock=2 discards=0?,0?,1G2 dogu=assssc kofun_state=r,r,r,r,1u,1 turn=- game=f "
    "turn_placed=0"
)
# the last tile revealed passed a die over 6: player 0 chooses a Kofun (every one in the reserve)
CHOOSE_VIEW0 = (
    f"view=0 players=2 comparison=standard start_dice=ones solo_fill=column rounds=1 {TILES} kofun=RBGYNN first=1 "
    "to_move=0 phase=choose dice=3211 zone0=G1,R2,B2,Y2,B1,G2,Y2,B1,Y3,B1,R2,Y1 "
    "zone1=R1,Y3,R3,R3,B3,G1,B3,Y3,R1,Y1,R3,?* "
    "hand0=R1,B2,B3,Y2 hand1=4 stock=3 discards=0G3 dogu=sssccs kofun_state=r,r,r,r,r,r turn=- game=f turn_placed=0"
)


def ids_of(board: dict[str, Any]) -> set[str]:
    """Every click id the drawing module puts on an element: own hand stacks, cells, Kofun, the two modes."""
    ids = {c["id"] for z in board["zones"] for c in z["cells"]}
    ids |= {k["id"] for k in board["kofun"]} | {m["id"] for m in board["modes"]}
    for p in board["players"]:
        ids |= {t["id"] for t in p["hand"] or [] if "id" in t}
    return ids


def test_start_board_two_players() -> None:
    state = GAME.new({"players": 2}, 3)  # kofun new haniwa --seed 3: player 1 starts
    b = board_of("haniwa", GAME.observe(state, 1))
    assert b["game"] == "haniwa" and b["mode"] == "2 players"
    assert (b["you"], b["your_team"], b["to_move"], b["first"], b["phase"]) == (1, 1, 1, 1, "place")
    assert b["status"] == "You (player 1) to place a tile (or first discard one and draw: 2 left)"
    assert [(g["letter"], g["column"], g["die"], g["vip"]) for g in b["gozoku"]] == [
        ("R", "a", 1, False), ("B", "b", 1, False), ("G", "c", 1, False), ("Y", "d", 1, False),
    ]  # fmt: skip
    me, other = b["players"][1], b["players"][0]
    assert me["hand"] == [
        {"tile": "R1", "colour": "red", "fill": "#e53935", "power": 1, "count": 1, "id": "tile:R1"},
        {"tile": "R2", "colour": "red", "fill": "#e53935", "power": 2, "count": 2, "id": "tile:R2"},
        {"tile": "Y3", "colour": "yellow", "fill": "#fbc02d", "power": 3, "count": 1, "id": "tile:Y3"},
    ]
    assert (me["hand_count"], me["first"], me["discards_left"]) == (4, True, 2)
    assert (other["hand"], other["hand_count"], other["first"], other["discards_left"]) == (None, 4, False, 2)
    assert [z["name"] for z in b["zones"]] == ["player 0", "player 1 (you)"]
    assert [c["id"] for c in b["zones"][1]["cells"][:5]] == [
        "cell:1:a1",
        "cell:1:b1",
        "cell:1:c1",
        "cell:1:d1",
        "cell:1:a2",
    ]
    assert all(c["tile"] is None for z in b["zones"] for c in z["cells"])
    assert b["zones"][0]["dogu"] == ["asleep"] * 3 and b["zones"][0]["rows"] == 3
    assert [m["id"] for m in b["modes"]] == ["mode:face-down", "mode:discard"]
    assert [(k["letter"], k["held_by"], k["used"]) for k in b["kofun"]] == [
        ("R", None, False), ("B", None, False), ("G", None, False), ("Y", None, False), ("N", None, False),
        ("N", None, False),
    ]  # fmt: skip
    assert b["stock"] == 28 and b["discards"] == [] and b["match"] is None
    assert b["scores"] == {"provisional_margin": 0}
    assert ["#e53935", "red Gozoku and tiles (column a)"] in b["legend"]
    # the other seat sees the same board but its own hand, and no modes while player 1 holds the face-down tile
    b0 = board_of("haniwa", GAME.observe(state, 0))
    assert b0["players"][1]["hand"] is None and [t["tile"] for t in b0["players"][0]["hand"]] == [
        "G1",
        "G2",
        "Y1",
        "Y2",
    ]
    assert [m["id"] for m in b0["modes"]] == ["mode:discard"]
    assert b0["status"] == "Player 1 to place a tile"


def test_start_moves_two_players() -> None:
    state = GAME.new({"players": 2}, 3)
    legal = legal_of("haniwa", GAME.observe(state, 1))
    got = {e["move"]: (e["targets"], e["label"]) for e in legal}
    assert len(got) == 75  # 3 discards + 3 tile kinds x 12 cells x (face up, face down)
    assert got["-R2"] == (["tile:R2", "mode:discard"], "discard R2 and draw a tile")
    assert got["R2a1"] == (["tile:R2", "cell:1:a1"], "place R2 on a1")
    assert got["Y3d3*"] == (["tile:Y3", "mode:face-down", "cell:1:d3"], "place Y3 on d3 face down")
    assert len({tuple(t) for t, _ in got.values()}) == 75


def test_kofun_plays_and_choices() -> None:
    view = GAME.view(HELD_VIEW1)
    b = board_of("haniwa", view)
    assert [(k["index"], k["held_by"], k["used"]) for k in b["kofun"] if k["held_by"] is not None] == [
        (4, 1, True), (5, 1, False),
    ]  # fmt: skip
    c1 = b["zones"][1]["cells"][2]
    assert (c1["id"], c1["tile"], c1["kofun"], c1["kofun_letter"], c1["power"], c1["under"]) == (
        "cell:1:c1", "kofun", 4, "N", 2, "R3",
    )  # fmt: skip
    hidden = b["zones"][0]["cells"][8]  # the other player's face-down tile at a3
    assert hidden == {"id": "cell:0:a3", "zone": 0, "col": "a", "row": 3, "tile": "?", "face_down": True}
    assert b["discards"] == [{"player": 0, "tile": None}, {"player": 0, "tile": None}, {"player": 1, "tile": "G2"}]
    assert b["players"][1]["discards_left"] == 1 and b["players"][0]["discards_left"] == 0
    assert b["zones"][0]["dogu"] == ["awake", "asleep", "asleep"] and b["zones"][1]["dogu"] == [
        "asleep",
        "asleep",
        "cursed",
    ]
    got = {e["move"]: (e["targets"], e["label"]) for e in legal_of("haniwa", view)}
    assert got["R2d2+N"] == (["tile:R2", "kofun:5", "cell:1:d2"], "place R2 on d2 under the brown Kofun")
    assert got["Y3d2"] == (["tile:Y3", "cell:1:d2"], "place Y3 on d2")
    assert got["-Y3"] == (["tile:Y3", "mode:discard"], "discard Y3 and draw a tile")
    after = view.proxy.clone()  # a world of the view, to see where the engine puts the Kofun
    after.apply(after.parse_move("R2d2+N"))
    assert "R2+5" in after.information_state(1).split("zone1=")[1].split()[0].split(",")

    choose = GAME.view(CHOOSE_VIEW0)
    b = board_of("haniwa", choose)
    assert b["phase"] == "kofun" and b["status"] == "You (player 0): a die passed 6, take a Kofun from the reserve"
    assert legal_of("haniwa", choose) == [
        {"move": "+B", "label": "take the blue Kofun", "targets": ["kofun:1"]},
        {"move": "+G", "label": "take the green Kofun", "targets": ["kofun:2"]},
        {"move": "+N", "label": "take the brown Kofun", "targets": ["kofun:4"]},
        {"move": "+R", "label": "take the red Kofun", "targets": ["kofun:0"]},
        {"move": "+Y", "label": "take the yellow Kofun", "targets": ["kofun:3"]},
    ]


def test_solo_start() -> None:
    state = GAME.new({"players": 1}, 3)  # kofun new haniwa --seed 3 --rule players=1: dice 6 3 4 2
    b = board_of("haniwa", GAME.observe(state, 0))
    assert b["mode"] == "solo" and b["status"] == "You (player 0): place tile 1 of 4 this turn"
    assert [g["die"] for g in b["gozoku"]] == [6, 3, 4, 2]
    assert len(b["zones"]) == 1 and b["zones"][0]["rows"] == 6 and len(b["zones"][0]["cells"]) == 24
    assert b["zones"][0]["dogu"] == ["asleep"] * 6 and b["modes"] == [] and b["stock"] == 32
    assert "discards_left" not in b["players"][0]
    assert b["scores"] == {"provisional_margin": 0}
    got = {e["move"]: e["targets"] for e in legal_of("haniwa", GAME.observe(state, 0))}
    # solo fills each column from the bottom: 4 tiles x the 4 bottom cells
    assert len(got) == 16 and got["G1a1"] == ["tile:G1", "cell:0:a1"] and got["Y2d1"] == ["tile:Y2", "cell:0:d1"]


def test_four_players_start() -> None:
    state = GAME.new({"players": 4}, 3)  # player 3 (team 1) starts and holds B1, B1, Y1
    b = board_of("haniwa", GAME.observe(state, 3))
    assert b["mode"] == "4 players in two teams" and (b["you"], b["your_team"], b["to_move"]) == (3, 1, 3)
    assert [z["name"] for z in b["zones"]] == ["team 0 (players 0 and 2)", "team 1 (players 1 and 3), yours"]
    hands = [p["hand"] for p in b["players"]]
    assert hands[0] is None and hands[2] is None
    assert [(t["tile"], t["count"], "id" in t) for t in hands[1] or []] == [
        ("R2", 1, False),
        ("G1", 1, False),
        ("Y3", 1, False),
    ]
    assert [(t["tile"], t["count"], t.get("id")) for t in hands[3] or []] == [
        ("B1", 2, "tile:B1"),
        ("Y1", 1, "tile:Y1"),
    ]
    assert [p["team"] for p in b["players"]] == [0, 1, 0, 1]
    assert [m["id"] for m in b["modes"]] == ["mode:face-down"]
    got = {e["move"]: e["targets"] for e in legal_of("haniwa", GAME.observe(state, 3))}
    assert got["B1a1"] == ["tile:B1", "cell:1:a1"] and got["Y1d3*"] == ["tile:Y1", "mode:face-down", "cell:1:d3"]
    assert len(got) == 48  # 2 kinds x 12 cells x 2
    b0 = board_of("haniwa", GAME.observe(state, 0))
    assert b0["modes"] == [] and b0["status"] == "Player 3 to place a tile"


def test_two_round_match_fields() -> None:
    state = GAME.new({"players": 2, "rounds": 2}, 3)
    b = board_of("haniwa", GAME.observe(state, 1))
    assert b["match"] == {"round": 1, "rounds": 2, "vip": [], "earlier": [0, 0]}
    assert b["status"] == "Game 1 of 2: you (player 1) to place a tile (or first discard one and draw: 2 left)"
    assert b["scores"] == {"earlier": [0, 0], "provisional_margin": 0}
    assert ["VIP", "game 2: column points of a VIP Gozoku are doubled"] in b["legend"]


def test_bad_views_are_value_errors() -> None:
    with pytest.raises(ValueError, match="expected a seat's information state"):
        hb.board(GAME.new({"players": 2}, 3))
    with pytest.raises(ValueError, match="no field 'view'"):
        hb.board(SimpleNamespace(text=str(GAME.new({"players": 2}, 3).to_string())))
    with pytest.raises(ValueError, match="not a Haniwa move"):
        hb.move_targets(GAME.view(HELD_VIEW1), 0, "R2e9")
    with pytest.raises(ValueError, match="no yellow Kofun held unused by team 1"):
        hb.move_targets(GAME.view(HELD_VIEW1), 0, "R2d2+Y")


MODES = [
    ({"players": 2}, 11),
    ({"players": 2, "comparison": "colour_first", "start_dice": "rolled"}, 12),
    ({"players": 4}, 13),
    ({"players": 2, "rounds": 2}, 14),
    ({"players": 4, "rounds": 2}, 15),
    ({"players": 1}, 16),
    ({"players": 1, "solo_fill": "row"}, 17),
]


def hidden_cells(text: str, seat: int) -> int:
    """Cells of the view `text` that hold a tile hidden from `seat` (face down or under a Kofun)."""
    fields = dict(t.split("=", 1) for t in text.split())
    zones = [v for k, v in fields.items() if k.startswith("zone")]
    return sum(1 for z in zones for c in z.split(",") if c.startswith("?"))


@pytest.mark.parametrize(("options", "seed"), MODES, ids=[str(o) for o, _ in MODES])
def test_random_games_keep_the_contract(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    games = 8 if options.get("rounds") == 2 else 12
    for g in range(games):
        state = GAME.new(options, seed * 100 + g)
        players = int(state.num_players)
        while True:
            seats = range(players) if players < 4 or rng.random() < 0.5 else [int(state.to_move())]
            for seat in seats:
                view = GAME.observe(state, seat)
                b = board_of("haniwa", view)
                assert json.loads(json.dumps(b)) == b
                for key in ("game", "players", "to_move", "phase", "status", "legend"):
                    assert key in b
                assert hb.board(SimpleNamespace(text=view.text)) == b  # the notation alone
                team = hb.team_of(seat, players)
                # hands: own team's tiles, the other team's a count only
                for q, p in enumerate(b["players"]):
                    true = sorted(str(t) for t in _hand(state, q))
                    if hb.team_of(q, players) == team:
                        assert sorted(t["tile"] for t in p["hand"] for _ in range(t["count"])) == true
                    else:
                        assert p["hand"] is None and p["hand_count"] == len(true)
                # hidden tiles stay hidden: a "?" cell shows no colour, power or tile under it
                shown = [c for z in b["zones"] for c in z["cells"] if c["tile"] == "?" or c.get("under", "") is None]
                assert len(shown) == hidden_cells(view.text, seat)
                assert all("colour" not in c and "fill" not in c for c in shown if c["tile"] == "?")
                assert all(d["tile"] is None for d in b["discards"] if hb.team_of(d["player"], players) != team)
                # scores: the engine's scoring of the true state
                if state.is_terminal():
                    for f in b["scores"]["final"]:
                        assert f["total"] == state.score(f["team"])
                        assert f["won"] == [bool(x) for x in state.breakdown(f["team"]).won]
                else:
                    assert b["scores"]["provisional_margin"] == state.provisional_margin(team)
                if state.is_terminal() or int(state.to_move()) != seat:
                    continue
                legal = legal_of("haniwa", view)
                ids = ids_of(b)
                targets = set()
                for e in legal:
                    assert e["targets"] and set(e["targets"]) <= ids, (view.text, e)
                    targets.add(tuple(e["targets"]))
                assert len(targets) == len(legal)  # every move its own clicks (so also its own targets and label)
                # the Kofun a move names is the one the engine uses
                for e in legal:
                    if "+" in e["move"] and not e["move"].startswith("+"):
                        after = state.clone()
                        after.apply(after.parse_move(e["move"]))
                        k = e["targets"][1].split(":")[1]
                        cell = e["targets"][2].split(":")[2]
                        row, col = int(cell[1]) - 1, "abcd".index(cell[0])
                        zone = after.information_state(seat).split(f"zone{team}=")[1].split()[0].split(",")
                        assert zone[row * 4 + col].endswith(f"+{k}")
                        break
            if state.is_terminal():
                break
            moves = list(state.legal_moves())
            kofun = [m for m in moves if "+" in state.move_to_string(m)]
            state.apply(rng.choice(kofun) if kofun and rng.random() < 0.3 else rng.choice(moves))


def _hand(state: Any, seat: int) -> list[str]:
    fields = dict(t.split("=", 1) for t in str(state.to_string()).split())
    value = fields[f"hand{seat}"]
    return [] if value == "-" else value.split(",")
