// Haniwa: one seat's view, drawn with HTML grids (board data: solver/web/boards/haniwa.py).
//
// The Gozoku columns (red, blue, green, yellow) with their dice run through the middle: the other team's zone
// above them (its row 1 next to the Gozoku), the seat's own zone below (solo: one zone of 6 rows above the Gozoku).
// Beside the board: hands, Kofun (reserve and held), stock, discards and the scores; the legend at the bottom.
// Clickable elements carry data-target: tile:<kind>, cell:<zone>:<col><row>, kofun:<index>, mode:face-down,
// mode:discard.

import { el, legend, named } from "../draw.js";

const COLUMNS = ["a", "b", "c", "d"];
const DOGU_MARKS = { asleep: "☺", awake: "☺", cursed: "✗" };

function seatName(ui, seat) {
  return (ui && ui.names && ui.names[seat]) || `player ${seat}`;
}

function teamName(board, ui, team) {
  if (board.mode === "solo") return seatName(ui, 0);
  if (board.players.length === 4) return `the team of ${seatName(ui, team)} and ${seatName(ui, team + 2)}`;
  return seatName(ui, team);
}

/** The inside of a tile: its power large, its colour letter small. */
function tileFace(node, tile, power) {
  el("span", { class: "hw-power", text: String(power) }, node);
  el("span", { class: "hw-letter", text: tile[0] }, node);
}

function cellNode(parent, c) {
  const node = el("div", { class: "hw-cell", "data-target": c.id, "data-cell": `${c.col}${c.row}`, title: `${c.col}${c.row}` }, parent);
  if (c.tile === null) {
    el("span", { class: "hw-coord", text: `${c.col}${c.row}` }, node);
    return node;
  }
  if (c.tile === "kofun") {
    node.classList.add("hw-stack");
    node.style.background = c.fill;
    node.dataset.kofun = c.kofun_letter;
    el("span", { class: "hw-power", text: "2" }, node);
    el("span", { class: "hw-k", text: "K" }, node);
    el("span", { class: "hw-under", text: c.under ? `on ${c.under}` : "on ?" }, node);
    node.title = `${c.col}${c.row}: Kofun stack (${c.kofun_letter}), counts as a power-2 tile of its colour; under it ${c.under || "a hidden tile"}`;
    return node;
  }
  if (c.face_down) {
    node.classList.add("hw-facedown");
    if (c.tile === "?") {
      el("span", { class: "hw-power", text: "?" }, node);
    } else {
      node.style.setProperty("--fill", c.fill);
      tileFace(node, c.tile, c.power);
      el("span", { class: "hw-under", text: "face down" }, node);
    }
    node.title = `${c.col}${c.row}: face-down tile${c.tile === "?" ? "" : " " + c.tile}`;
    return node;
  }
  node.classList.add("hw-tile");
  node.style.background = c.fill;
  node.dataset.tile = c.tile;
  tileFace(node, c.tile, c.power);
  node.title = `${c.col}${c.row}: ${c.colour} ${c.power}`;
  return node;
}

/** A zone: rows from `top` to the other end, each with its row number and its Dogu. */
function zoneNode(parent, board, ui, zone, rowsDown) {
  const box = el("section", { class: `hw-zone${zone.yours ? " hw-yours" : ""}`, "data-zone": String(zone.zone) }, parent);
  const head = el("div", { class: "hw-zone-head" }, box);
  el("strong", { text: zone.yours ? (board.players.length === 4 ? `your team's zone (${teamName(board, ui, zone.team)})` : "your zone") : `zone of ${teamName(board, ui, zone.team)}` }, head);
  const grid = el("div", { class: "hw-grid" }, box);
  const order = [];
  for (let r = 1; r <= zone.rows; r++) order.push(r);
  if (!rowsDown) order.reverse();
  for (const r of order) {
    el("div", { class: "hw-rowlabel", text: String(r) }, grid);
    for (const col of COLUMNS) cellNode(grid, zone.cells[(r - 1) * 4 + COLUMNS.indexOf(col)]);
    const state = zone.dogu[r - 1];
    el("div", { class: `hw-dogu hw-dogu-${state}`, text: DOGU_MARKS[state], title: `Dogu of row ${r}: ${state}` }, grid);
  }
  return box;
}

function gozokuNode(parent, board) {
  const grid = el("div", { class: "hw-grid hw-gozoku" }, parent);
  el("div", { class: "hw-rowlabel" }, grid);
  for (const g of board.gozoku) {
    const node = el("div", { class: "hw-noble", style: `--fill:${g.fill}`, title: `${g.colour} Gozoku (column ${g.column}), Happiness die ${g.die}${g.vip ? ", VIP" : ""}` }, grid);
    const label = el("span", { class: "hw-noble-name", text: g.column }, node);
    el("span", { class: "hw-noble-colour", text: ` ${g.colour}` }, label);
    el("span", { class: "hw-die", text: String(g.die) }, node);
    if (g.vip) el("span", { class: "hw-vip", text: "VIP" }, node);
  }
  el("div", { class: "hw-dogu-head", text: "Dogu" }, grid);
  return grid;
}

function handNode(parent, board, ui, seat) {
  const p = board.players[seat];
  const box = el("div", { class: "hw-hand" }, parent);
  const who = p.you ? (seatName(ui, seat) === "you" ? "your hand" : `hand of ${seatName(ui, seat)}`) : `${seatName(ui, seat)}${board.players.length === 4 && p.team === board.your_team ? " (team-mate)" : ""}`;
  const head = el("div", { class: "hw-label" }, box);
  const first = p.first && board.mode !== "solo" ? " · first player" : "";
  head.textContent = `${who}${first}${board.to_move === seat ? " · to move" : ""}`;
  const row = el("div", { class: "hw-row" }, box);
  if (p.hand === null) {
    for (let i = 0; i < p.hand_count; i++) el("div", { class: "hw-back" }, row);
    el("span", { class: "hw-muted", text: `${p.hand_count} tile${p.hand_count === 1 ? "" : "s"} (hidden)` }, row);
  } else {
    for (const t of p.hand) {
      const attrs = { class: "hw-tile hw-handtile", style: `background:${t.fill}`, "data-tile": t.tile, title: `${t.colour} ${t.power}` };
      if (t.id) attrs["data-target"] = t.id;
      const node = el("div", attrs, row);
      tileFace(node, t.tile, t.power);
      if (t.count > 1) el("span", { class: "hw-count", text: `×${t.count}` }, node);
    }
    if (!p.hand.length) el("span", { class: "hw-muted", text: "empty" }, row);
  }
  if (p.discards_left !== undefined) el("div", { class: "hw-muted", text: `discard & draw: ${p.discards_left} of 2 left` }, box);
  if (p.you && board.modes.length) {
    const modes = el("div", { class: "hw-row hw-modes" }, box);
    for (const m of board.modes) {
      el("div", { class: "hw-mode", "data-target": m.id, text: m.label, title: m.id === "mode:face-down" ? "click a hand tile, then this, then a cell" : "click a hand tile, then this" }, modes);
    }
  }
  return box;
}

function kofunNode(parent, board, ui) {
  const box = el("div", { class: "hw-kofun" }, parent);
  el("div", { class: "hw-label", text: "Kofun (1 point each to the holder)" }, box);
  const groups = [["reserve", null]];
  const teams = board.mode === "solo" ? [0] : [0, 1];
  for (const t of teams) groups.push([board.mode === "solo" ? "yours" : `held by ${teamName(board, ui, t)}`, t]);
  for (const [label, owner] of groups) {
    const row = el("div", { class: "hw-row hw-kofun-row" }, box);
    el("span", { class: "hw-muted hw-kofun-label", text: label }, row);
    const items = board.kofun.filter((k) => k.held_by === owner);
    if (!items.length) el("span", { class: "hw-muted", text: "–" }, row);
    for (const k of items) {
      const node = el("div", {
        class: `hw-kofun-token${k.used ? " hw-used" : ""}`,
        "data-target": k.id,
        "data-kofun": k.letter,
        style: `background:${k.fill}`,
        title: `${k.colour} Kofun${k.used ? " (used: still 1 point)" : ""}`,
      }, row);
      el("span", { text: k.letter }, node);
      if (k.used) el("span", { class: "hw-usedmark", text: "used" }, node);
    }
  }
  return box;
}

function scoresNode(parent, board, ui) {
  const s = board.scores;
  const box = el("div", { class: "hw-scores" }, parent);
  el("div", { class: "hw-label", text: board.mode === "solo" ? "score" : "scores (points)" }, box);
  if (s.earlier) el("div", { text: `game 1: ${teamName(board, ui, 0)} ${s.earlier[0]} – ${teamName(board, ui, 1)} ${s.earlier[1]}` }, box);
  if (!s.final) {
    const m = s.provisional_margin;
    const text = board.mode === "solo"
      ? `if the game ended now: ${m} points`
      : `if the game ended now (face-down tile left out${s.earlier ? ", game 1 included" : ""}): ${m > 0 ? "you lead by " + m : m < 0 ? "you trail by " + -m : "level"}`;
    el("div", { class: "hw-provisional", text }, box);
    return box;
  }
  const table = el("table", { class: "hw-breakdown" }, box);
  const head = el("tr", {}, table);
  el("th", { text: "" }, head);
  for (const f of s.final) el("th", { text: teamName(board, ui, f.team) }, head);
  const line = (label, values) => {
    const tr = el("tr", {}, table);
    el("td", { text: label }, tr);
    for (const v of values) el("td", { text: v }, tr);
  };
  board.gozoku.forEach((g, i) => {
    line(`column ${g.column} (${g.colour})`, s.final.map((f) => {
      if (!f.won[i]) return "–";
      if (f.cancelled[i]) return "cursed";
      const smile = f.smile_points[i] ? ` + smile ${f.smile_points[i]}` : "";
      return `${f.column_points[i]}${smile}`;
    }));
  });
  line("Dogu", s.final.map((f) => `${f.dogu_points} (${f.awake_dogu} awake${f.cursed_dogu ? ", " + f.cursed_dogu + " cursed" : ""})`));
  line("Kofun", s.final.map((f) => String(f.kofun_points)));
  if (s.earlier) line("game 1", s.final.map((f) => String(f.earlier_rounds)));
  const tr = el("tr", { class: "hw-total" }, table);
  el("td", { text: "total" }, tr);
  for (const f of s.final) el("td", { text: String(f.total) }, tr);
  if (s.rank) el("div", { class: "hw-rank", text: `rank: ${s.rank}` }, box);
  return box;
}

/** The zone the last placement went to, when the turn order tells it: the mover's own team while it chooses a
 * Kofun, the other team once the turn has passed (null: any zone, e.g. once the game is over). */
function lastZone(board) {
  if (board.mode === "solo") return 0;
  if (board.to_move === null) return null;
  const team = board.players[board.to_move].team;
  return board.phase === "kofun" ? team : 1 - team;
}

function markLast(root, board, ui) {
  const last = ui && ui.last && ui.last.length ? ui.last[ui.last.length - 1] : null;
  if (!last) return;
  const m = last.match(/^([RBGY?][1-3]?|\?)?([a-d])([1-6])(\*|\+[RBGYN])?$/);
  if (m) {
    const tile = m[1] && m[1] !== "?" ? m[1] : null;
    const kofun = m[4] && m[4][0] === "+" ? m[4][1] : null;
    const zone = lastZone(board);
    const scope = zone === null ? ".hw-zone" : `.hw-zone[data-zone="${zone}"]`;
    for (const node of root.querySelectorAll(`${scope} [data-cell="${m[2]}${m[3]}"]`)) {
      const fits = kofun ? node.dataset.kofun === kofun : m[4] === "*" ? node.classList.contains("hw-facedown") || !tile || node.dataset.tile === tile : !tile || node.dataset.tile === tile;
      if (fits) node.classList.add("last");
    }
    return;
  }
  if (/^\+[RBGYN]$/.test(last)) {
    for (const node of root.querySelectorAll(`.hw-kofun-token[data-kofun="${last[1]}"]`)) {
      if (!node.closest(".hw-kofun-row").querySelector(".hw-kofun-label").textContent.startsWith("reserve")) node.classList.add("last");
    }
    return;
  }
  if (last.startsWith("-")) {
    const items = root.querySelectorAll(".hw-discard");
    if (items.length) items[items.length - 1].classList.add("last");
  }
}

/** Draws the board of one seat's view into `root`. */
export function draw(root, board, ui = {}) {
  root.textContent = "";
  const wrap = el("div", { class: "hw-board" }, root);
  el("div", { class: `game-status hw-status${board.phase === "over" ? " over" : ""}`, text: named(board.status, ui) }, wrap);
  const info = el("div", { class: "hw-info" }, wrap);
  el("span", { text: `Haniwa, ${board.mode}` }, info);
  if (board.match) {
    el("span", { class: "hw-chip", text: `game ${board.match.round} of 2` }, info);
    if (board.match.vip.length) el("span", { class: "hw-chip", text: `VIP: ${board.match.vip.join(", ")}` }, info);
  }
  if (board.comparison !== "standard") el("span", { class: "hw-chip", text: "columns compared colour first" }, info);
  el("span", { class: "hw-muted", text: `stock: ${board.stock} tile${board.stock === 1 ? "" : "s"}` }, info);
  const main = el("div", { class: "hw-main" }, wrap);
  const table = el("div", { class: "hw-table" }, main);
  const mine = board.zones.find((z) => z.yours) || board.zones[0];
  if (board.mode === "solo") {
    zoneNode(table, board, ui, mine, false);
    gozokuNode(table, board);
  } else {
    for (const z of board.zones) if (!z.yours) zoneNode(table, board, ui, z, false);
    gozokuNode(table, board);
    zoneNode(table, board, ui, mine, true);
  }
  const side = el("div", { class: "hw-side" }, main);
  const me = board.you;
  handNode(side, board, ui, me);
  for (const p of board.players) if (p.seat !== me) handNode(side, board, ui, p.seat);
  kofunNode(side, board, ui);
  if (board.discards.length) {
    const d = el("div", { class: "hw-discards" }, side);
    el("div", { class: "hw-label", text: "discards (face down)" }, d);
    const row = el("div", { class: "hw-row" }, d);
    for (const x of board.discards) el("span", { class: "hw-chip hw-discard", text: `${seatName(ui, x.player)}: ${x.tile || "?"}` }, row);
  }
  scoresNode(side, board, ui);
  const last = ui && ui.last && ui.last.length ? ui.last[ui.last.length - 1] : null;
  if (last) el("div", { class: "hw-muted hw-lastmove", text: `last move: ${last}` }, wrap);
  legend(board.legend, el("div", { class: "hw-legend" }, wrap));
  markLast(wrap, board, ui);
}
