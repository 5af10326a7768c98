// Honshu: one seat's table (board data: solver/web/boards/honshu/).
//
// The seat's own map is drawn large (SVG, one square per map position, to scale, with its x / y coordinates and
// a margin of 2 squares where cards may go); beside it the trick (each seat's card, its value, the +60 cube bid,
// who took it and the take order), the choice to make (start side, cube bid, orientation), the seat's hand and the
// other players' maps, smaller. Clickable elements carry data-target: start:<side>, card:<n>, cube:<colour|none>,
// trick:<n>, cell:<x>,<y> (every position of the mover's map during a placement), orient:r<k>:<over|under>.
// preview(root, board, entry) draws a placement's footprint on the map before it is confirmed.

import { svg, el, legend, named } from "../draw.js";

const S = 40; // one map square, in SVG units
const GUTTER = 22; // room for the coordinates
const CARD_S = 18; // one square of a small card picture

function name(ui, seat) {
  return (ui && ui.names && ui.names[seat]) || `player ${seat}`;
}

function terrainOf(square) {
  return square.split(":")[0];
}

/** One square's picture at (px, py), size s: terrain colour and its mark (house, tree, waves, cube, factory). */
function square(parent, board, name, px, py, s, attrs = {}) {
  const colours = board.colours;
  const parts = name.split(":");
  const kind = parts[0];
  const g = svg("g", { class: `hs-sq hs-${kind}`, ...attrs }, parent);
  svg("rect", { x: px, y: py, width: s, height: s, fill: colours.terrain[kind], class: "hs-sq-bg" }, g);
  const u = s / 40;
  const at = (x, y) => `${px + x * u},${py + y * u}`;
  if (kind === "town") {
    svg("polygon", { points: [at(10, 30), at(10, 19), at(20, 10), at(30, 19), at(30, 30)].join(" "), fill: "#fbe9e3" }, g);
    svg("rect", { x: px + 17 * u, y: py + 22 * u, width: 6 * u, height: 8 * u, fill: "#a8412f" }, g);
  } else if (kind === "forest") {
    svg("polygon", { points: [at(20, 6), at(31, 27), at(9, 27)].join(" "), fill: "#1f5a2b" }, g);
    svg("rect", { x: px + 18 * u, y: py + 27 * u, width: 4 * u, height: 6 * u, fill: "#5b3a1e" }, g);
  } else if (kind === "lake") {
    for (const y of [15, 25]) {
      svg("path", {
        d: `M${at(8, y)} q${5 * u},${-5 * u} ${8 * u},0 t${8 * u},0 t${8 * u},0`,
        fill: "none", stroke: "#ffffff", "stroke-width": 2.2 * u, "stroke-linecap": "round",
      }, g);
    }
  } else if (kind === "wasteland") {
    for (const [x, y] of [[12, 14], [26, 12], [20, 24], [10, 29], [29, 28]]) {
      svg("circle", { cx: px + x * u, cy: py + y * u, r: 1.6 * u, fill: "#8f7f5c" }, g);
    }
  } else if (kind === "production") {
    const c = colours.cubes[parts[1]];
    svg("polygon", { points: [at(20, 8), at(31, 14), at(20, 20), at(9, 14)].join(" "), fill: c, stroke: "#222", "stroke-width": u }, g);
    svg("polygon", { points: [at(9, 14), at(20, 20), at(20, 32), at(9, 26)].join(" "), fill: c, stroke: "#222", "stroke-width": u, "fill-opacity": 0.8 }, g);
    svg("polygon", { points: [at(31, 14), at(20, 20), at(20, 32), at(31, 26)].join(" "), fill: c, stroke: "#222", "stroke-width": u, "fill-opacity": 0.6 }, g);
  } else if (kind === "factory") {
    const c = colours.cubes[parts[1]];
    svg("rect", { x: px + 7 * u, y: py + 7 * u, width: 26 * u, height: 26 * u, rx: 4 * u, fill: c, stroke: "#111", "stroke-width": u }, g);
    const dark = parts[1] === "yellow" || parts[1] === "grey";
    svg("text", {
      x: px + 20 * u, y: py + 26.5 * u, "text-anchor": "middle", "font-size": 17 * u, "font-weight": 700,
      fill: dark ? "#111" : "#fff", text: parts[2],
    }, g);
  }
  const title = svg("title", {}, g);
  title.textContent = name.replace(/:/g, " ");
  return g;
}

/** A card picture (HTML wrapper around an SVG) from its squares ({x, y, square}). */
function cardPicture(parent, board, squares, opts = {}) {
  const w = Math.max(...squares.map((q) => q.x)) + 1;
  const h = Math.max(...squares.map((q) => q.y)) + 1;
  const attrs = { class: `hs-card ${opts.cls || ""}` };
  if (opts.id) attrs["data-target"] = opts.id;
  if (opts.card !== undefined && opts.card !== null) attrs["data-card"] = opts.card;
  if (opts.title) attrs.title = opts.title;
  const box = el("div", attrs, parent);
  const pic = svg("svg", { viewBox: `0 0 ${w * CARD_S} ${h * CARD_S}`, class: `hs-card-pic hs-${w}x${h}` }, box);
  for (const q of squares) square(pic, board, q.square, q.x * CARD_S, q.y * CARD_S, CARD_S);
  svg("rect", { x: 0.5, y: 0.5, width: w * CARD_S - 1, height: h * CARD_S - 1, fill: "none", stroke: "#333", "stroke-width": 1 }, pic);
  if (opts.caption) el("span", { class: "hs-card-caption", text: opts.caption }, box);
  return box;
}

function cubeChips(parent, board, cubes, opts = {}) {
  const line = el("span", { class: "hs-cubes" }, parent);
  for (const [colour, count] of Object.entries(cubes)) {
    if (!count && !opts.all) continue;
    const chip = el("span", { class: "hs-cube-chip", title: `${count} ${colour} cube${count === 1 ? "" : "s"}` }, line);
    el("span", { class: "hs-cube", style: `background:${board.colours.cubes[colour]}` }, chip);
    el("span", { text: String(count) }, chip);
  }
  if (!line.childNodes.length) el("span", { class: "hs-muted", text: "no cubes" }, line);
  return line;
}

/** The card of the last move (ui.last), when that move names or places one. */
function lastMove(board, ui) {
  const last = (ui && ui.last) || [];
  if (!last.length) return {};
  const words = last[last.length - 1].split(" ");
  if (words[0] === "play" || words[0] === "take") return { trick: Number(words[1].split("+")[0]) };
  if (words[0] === "place") return { placed: Number(words[1]) };
  if (words[0] === "anchor") return { anchor: true };
  if (words[0] === "orient") {
    // the card just placed is the last card of the map whose last card sits at the anchor chosen before
    const prev = last.length > 1 ? last[last.length - 2].split(" ") : [];
    if (prev[0] === "anchor") {
      const [x, y] = prev[1].split(",").map(Number);
      for (const seat of board.seats) {
        const cards = seat.map.cards;
        const top = cards[cards.length - 1];
        if (top && top.x === x && top.y === y) return { placed: top.card };
      }
    }
  }
  return {};
}

/** A map to scale: squares, card outlines, coordinates; the mover's clickable positions during a placement. */
function drawMap(parent, board, seat, ui, opts) {
  const m = seat.map;
  const [x0, y0, x1, y1] = m.box;
  const cols = x1 - x0 + 1;
  const rows = y1 - y0 + 1;
  const W = GUTTER + cols * S + 4;
  const H = GUTTER + rows * S + 4;
  const node = svg("svg", {
    viewBox: `0 0 ${W} ${H}`, class: `hs-map ${opts.cls || ""}`, "data-seat": seat.seat,
    "data-x0": x0, "data-y0": y0, role: "img", "aria-label": `map of ${name(ui, seat.seat)}`,
  }, parent);
  const px = (x) => GUTTER + (x - x0) * S;
  const py = (y) => GUTTER + (y - y0) * S;
  // the grid and coordinates
  svg("rect", { x: GUTTER, y: GUTTER, width: cols * S, height: rows * S, class: "hs-water" }, node);
  const step = cols > 14 && !opts.large ? 2 : 1;
  for (let x = x0; x <= x1; x += step) {
    svg("text", { x: px(x) + S / 2, y: GUTTER - 6, "text-anchor": "middle", class: "hs-coord", text: String(x) }, node);
  }
  for (let y = y0; y <= y1; y += step) {
    svg("text", { x: GUTTER - 4, y: py(y) + S / 2 + 5, "text-anchor": "end", class: "hs-coord", text: String(y) }, node);
  }
  const last = opts.last || {};
  const at = new Map();
  for (const c of m.cells) at.set(`${c.x},${c.y}`, c);
  for (const c of m.cells) {
    const cls = String(c.card) === String(last.placed) ? "last" : "";
    square(node, board, c.square, px(c.x), py(c.y), S, { "data-card": c.card, class: `hs-sq hs-${terrainOf(c.square)} ${cls}` });
  }
  // card outlines: a thick line where two neighbouring squares show different cards (or the map ends)
  const edges = [];
  for (const c of m.cells) {
    const sides = [[1, 0, px(c.x) + S, py(c.y), px(c.x) + S, py(c.y) + S], [-1, 0, px(c.x), py(c.y), px(c.x), py(c.y) + S],
      [0, 1, px(c.x), py(c.y) + S, px(c.x) + S, py(c.y) + S], [0, -1, px(c.x), py(c.y), px(c.x) + S, py(c.y)]];
    for (const [dx, dy, ax, ay, bx, by] of sides) {
      const nb = at.get(`${c.x + dx},${c.y + dy}`);
      if (!nb || String(nb.card) !== String(c.card)) edges.push(`M${ax},${ay}L${bx},${by}`);
    }
  }
  svg("path", { d: edges.join(""), class: "hs-card-edge" }, node);
  // the last placed card outlined
  if (last.placed !== undefined) {
    for (const c of m.cells) {
      if (String(c.card) === String(last.placed)) {
        svg("rect", { x: px(c.x) + 2, y: py(c.y) + 2, width: S - 4, height: S - 4, class: "hs-last-mark last" }, node);
      }
    }
  }
  if (!m.cells.length) {
    svg("rect", { x: px(0), y: py(0), width: 2 * S, height: 3 * S, class: "hs-start-slot" }, node);
    svg("text", { x: px(1), y: py(1.5) + 4, "text-anchor": "middle", class: "hs-coord", text: "start card" }, node);
  }
  if (m.anchor) {
    const [ax, ay] = m.anchor;
    svg("rect", { x: px(ax) + 3, y: py(ay) + 3, width: S - 6, height: S - 6, class: `hs-anchor ${last.anchor ? "last" : ""}` }, node);
  }
  svg("g", { class: "hs-preview-layer" }, node);
  // clickable positions (on top, transparent)
  if (m.slots) {
    const layer = svg("g", { class: "hs-slots" }, node);
    for (const s of m.slots) {
      svg("rect", { x: px(s.x) + 1, y: py(s.y) + 1, width: S - 2, height: S - 2, class: "hs-slot", "data-target": s.id }, layer);
    }
  }
  return node;
}

function seatHead(parent, board, seat, ui, opts = {}) {
  const head = el("div", { class: "hs-seat-head" }, parent);
  const you = board.you === seat.seat ? " (you)" : "";
  el("strong", { text: named(name(ui, seat.seat), ui) + (you && !(ui && ui.names) ? you : "") }, head);
  if (board.to_move === seat.seat) el("span", { class: "hs-chip hs-turn", text: "to move" }, head);
  if (board.winners && board.winners.includes(seat.seat)) el("span", { class: "hs-chip hs-win", text: "winner" }, head);
  const sc = seat.score;
  el("span", {
    class: "hs-chip hs-score",
    title: `forest ${sc.forest}, towns ${sc.towns} (largest group), lakes ${sc.lakes}, factories ${sc.factories}; ${sc.visible_towns} visible towns (tie-break)`,
    text: `${sc.total} points`,
  }, head);
  if (opts.detail) {
    el("span", { class: "hs-muted", text: `forest ${sc.forest} · towns ${sc.towns} · lakes ${sc.lakes} · factories ${sc.factories}` }, head);
  }
  cubeChips(head, board, seat.cubes);
  const startWords = `start card ${seat.start.letter}` + (seat.start.side ? ` side ${seat.start.side}` : "");
  el("span", { class: "hs-muted", text: `${startWords} · ${seat.hand_size} in hand` }, head);
  return head;
}

function trickPanel(parent, board, ui, last) {
  const box = el("section", { class: "hs-panel hs-trick" }, parent);
  const order = board.take_order;
  el("div", { class: "hs-label", text: order.length ? `trick, round ${board.round}: take order ${order.map((p) => name(ui, p)).join(", ")}` : `trick, round ${board.round}` }, box);
  const row = el("div", { class: "hs-row" }, box);
  for (const t of board.trick) {
    const slot = el("div", { class: `hs-trick-slot ${board.to_move === t.seat ? "hs-active" : ""}` }, row);
    el("div", { class: "hs-trick-seat", text: name(ui, t.seat) }, slot);
    if (t.card === null) {
      el("div", { class: "hs-card hs-empty", text: "–" }, slot);
      continue;
    }
    const rank = order.indexOf(t.seat);
    const cls = [t.taken_by !== null ? "hs-taken" : "", last.trick === t.card ? "last" : "", t.id ? "hs-big" : ""].join(" ");
    cardPicture(slot, board, t.squares, { id: t.id, card: t.card, cls, caption: String(t.card), title: `card ${t.card}` });
    const val = el("div", { class: "hs-value" }, slot);
    if (rank >= 0) el("span", { class: "hs-rank", text: `#${rank + 1}`, title: "take order (highest value first)" }, val);
    el("span", { text: `${t.value}` }, val);
    if (t.bid) {
      el("span", { class: "hs-cube", style: `background:${board.colours.cubes[t.bid]}`, title: `+60: a ${t.bid} cube` }, val);
      el("span", { class: "hs-muted", text: "+60" }, val);
    }
    if (t.taken_by !== null) el("div", { class: "hs-muted", text: `→ ${name(ui, t.taken_by)}` }, slot);
  }
  el("div", { class: "hs-muted", text: `deck: ${board.deck_size} cards · leader ${name(ui, board.leader)}` }, box);
  return box;
}

function scoresPanel(parent, board, ui) {
  const box = el("section", { class: "hs-panel hs-scores" }, parent);
  el("div", { class: "hs-label", text: "final scores (points; a tie goes to the most visible towns)" }, box);
  const table = el("table", {}, box);
  const head = el("tr", {}, el("thead", {}, table));
  const heads = [["", ""], ["forest", "forest: 2 a square"], ["towns", "the largest town group: 1 a square"],
    ["lakes", "3 a lake square after the first of each lake"], ["fact.", "fed factories: their values"],
    ["total", "points"], ["tie", "visible town squares (the tie-break)"]];
  for (const [h, t] of heads) el("th", { text: h, title: t }, head);
  const body = el("tbody", {}, table);
  for (const seat of board.seats) {
    const sc = seat.score;
    const win = board.winners && board.winners.includes(seat.seat);
    const row = el("tr", { class: win ? "hs-winner" : "" }, body);
    el("td", { text: named(name(ui, seat.seat), ui) }, row);
    for (const v of [sc.forest, sc.towns, sc.lakes, sc.factories, sc.total, sc.visible_towns]) el("td", { text: String(v) }, row);
  }
  return box;
}

function choicePanel(parent, board, ui) {
  const box = el("section", { class: "hs-panel hs-choice" }, parent);
  let any = false;
  if (board.start_choice) {
    any = true;
    const sc = board.start_choice;
    el("div", { class: "hs-label", text: `${name(ui, sc.seat)}: side of start card ${sc.letter}` }, box);
    const row = el("div", { class: "hs-row" }, box);
    for (const side of sc.sides) {
      cardPicture(row, board, side.squares, { id: side.id || undefined, caption: `side ${side.side}`, cls: "hs-big" });
    }
  }
  if (board.bid_options) {
    any = true;
    el("div", { class: "hs-label", text: "play a hand card, then: with a cube (+60) or not" }, box);
    const row = el("div", { class: "hs-row" }, box);
    for (const o of board.bid_options) {
      const chip = el("span", { class: "hs-bid", "data-target": o.id }, row);
      if (o.colour) {
        el("span", { class: "hs-cube", style: `background:${board.colours.cubes[o.colour]}` }, chip);
        el("span", { text: `${o.colour} (${o.count}) +60` }, chip);
      } else {
        el("span", { text: "no cube" }, chip);
      }
    }
  }
  if (board.orientations) {
    any = true;
    el("div", { class: "hs-label", text: "rotation and side at the chosen square" }, box);
    const row = el("div", { class: "hs-row" }, box);
    for (const o of board.orientations) {
      cardPicture(row, board, o.squares, { id: o.id, caption: o.label, cls: o.under ? "hs-under" : "" });
    }
  }
  if (!any) box.remove();
  return box;
}

function handPanel(parent, board, seat, ui) {
  if (!seat.to_place && !seat.hand.length && board.phase === "end") return null;
  const box = el("section", { class: "hs-panel hs-hand" }, parent);
  if (seat.to_place) {
    const words = seat.to_place.id ? "card to place: click it, then the map square of its top-left corner"
      : board.phase === "place" && board.to_move === seat.seat ? "card to place" : "card taken, to place";
    el("div", { class: "hs-label", text: words }, box);
    const row = el("div", { class: "hs-row" }, box);
    cardPicture(row, board, seat.to_place.squares, { id: seat.to_place.id, card: seat.to_place.card, caption: String(seat.to_place.card), cls: "hs-big" });
  }
  el("div", { class: "hs-label", text: seat.hand.length ? "hand" : `hand: ${seat.hand_size} cards` }, box);
  const row = el("div", { class: "hs-row" }, box);
  for (const c of seat.hand) cardPicture(row, board, c.squares, { id: c.id, card: c.card, caption: String(c.card) });
  return box;
}

function otherSeat(parent, board, seat, ui, last) {
  const box = el("section", { class: `hs-panel hs-other ${board.to_move === seat.seat ? "hs-active" : ""}` }, parent);
  seatHead(box, board, seat, ui);
  if (seat.hand.length) {
    const row = el("div", { class: "hs-row hs-known" }, box);
    el("span", { class: "hs-muted", text: "known hand:" }, row);
    for (const c of seat.hand) cardPicture(row, board, c.squares, { card: c.card, caption: String(c.card), cls: "hs-tiny" });
  }
  drawMap(box, board, seat, ui, { last, cls: "hs-small" });
  return box;
}

/** Draws the board of one seat's view into `root`. */
export function draw(root, board, ui) {
  root.textContent = "";
  const last = lastMove(board, ui);
  const top = el("div", { class: `hs-board hs-players-${board.seats.length}` }, root);
  el("div", { class: `game-status hs-status${board.phase === "end" ? " over" : ""}`, text: named(board.status, ui) }, top);
  const rules = board.rules;
  const ruleWords = [`round ${board.round} of ${board.rounds}`, `phase ${board.phase}`];
  if (rules.hand_passing !== "none") ruleWords.push("hands passed after rounds 3 and 9");
  if (rules.covered_cubes_lost) ruleWords.push("covered cubes are lost");
  if (rules.placement === "two_stage") ruleWords.push("placement in two steps (square, then orientation)");
  el("div", { class: "hs-muted hs-rules", text: ruleWords.join(" · ") }, top);

  const main = el("div", { class: "hs-main" }, top);
  const own = board.seats[board.own];
  const mine = el("section", { class: `hs-panel hs-own ${board.to_move === own.seat ? "hs-active" : ""}` }, main);
  seatHead(mine, board, own, ui, { detail: true });
  drawMap(mine, board, own, ui, { last, large: true, cls: "hs-large" });
  const caption = el("div", { class: "hs-preview-text hs-muted" }, mine);
  caption.textContent = "";

  const side = el("div", { class: "hs-side" }, main);
  if (board.phase === "end") scoresPanel(side, board, ui);
  else trickPanel(side, board, ui, last);
  choicePanel(side, board, ui);
  handPanel(side, board, own, ui);
  const others = el("div", { class: `hs-others hs-others-${board.seats.length - 1}` }, board.seats.length > 2 ? main : side);
  for (const seat of board.seats) if (seat.seat !== own.seat) otherSeat(others, board, seat, ui, last);

  const leg = el("details", { class: "hs-legend", open: "" }, top);
  el("summary", { text: `legend · scores in ${board.score_unit}` }, leg);
  legend(board.legend, leg);
}

/** Draws a placement's footprint (entry.preview: the squares it covers, which stay visible) on the mover's map. */
export function preview(root, board, entry) {
  const p = entry && entry.preview;
  for (const old of root.querySelectorAll(".hs-preview-layer")) old.textContent = "";
  for (const t of root.querySelectorAll(".hs-preview-text")) t.textContent = "";
  if (!p) return;
  const map = root.querySelector(`svg.hs-map[data-seat="${p.seat}"]`);
  if (!map) return;
  const layer = map.querySelector(".hs-preview-layer");
  const x0 = Number(map.dataset.x0);
  const y0 = Number(map.dataset.y0);
  const px = (x) => GUTTER + (x - x0) * S;
  const py = (y) => GUTTER + (y - y0) * S;
  for (const c of p.cells) {
    if (c.shown) {
      square(layer, board, c.square, px(c.x), py(c.y), S, { class: "hs-sq hs-preview-sq" });
    } else {
      svg("rect", { x: px(c.x) + 4, y: py(c.y) + 4, width: S - 8, height: S - 8, class: "hs-preview-hidden" }, layer);
    }
  }
  const xs = p.cells.map((c) => c.x);
  const ys = p.cells.map((c) => c.y);
  const ax = Math.min(...xs);
  const ay = Math.min(...ys);
  svg("rect", {
    x: px(ax), y: py(ay), width: (Math.max(...xs) - ax + 1) * S, height: (Math.max(...ys) - ay + 1) * S,
    class: `hs-preview-outline ${p.under ? "hs-under" : ""}`,
  }, layer);
  const text = map.parentNode.querySelector(".hs-preview-text");
  if (text) text.textContent = p.text;
}
