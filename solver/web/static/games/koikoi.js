// Koi-Koi: one seat's table, drawn with HTML cards (board data: solver/web/boards/koikoi.py).
//
// Top to bottom: status and match score, the opponent (hand size, capture pile by kind, yaku), the field with the
// turned-over card and the stock, the seat's own capture pile and yaku, the seat's hand, the legend. Clickable
// elements carry data-target (hand:<card>, table:<card>, table:new, drawn:<card>); every card carries data-card so
// the last move can be marked.

import { el, legend, named } from "../draw.js";

const MONTH_COLOURS = [
  "#2e7d32", "#c2185b", "#f48fb1", "#7e57c2", "#3949ab", "#d81b60",
  "#a1887f", "#8d6e63", "#f9a825", "#e64a19", "#00897b", "#6d4c41",
];
const KIND_MARKS = { bright: "★", animal: "◆", ribbon: "▬", chaff: "●" };
const KIND_NAMES = { bright: "brights", animal: "animals", ribbon: "ribbons", chaff: "chaff" };
const RIBBON_COLOURS = { red: "#d32f2f", blue: "#1565c0", poetry: "#d32f2f" };

function name(ui, seat) {
  return (ui && ui.names && ui.names[seat]) || `player ${seat}`;
}

/** One card face: month colour band, kind mark (a ribbon strip for ribbons), code and title. */
function card(parent, c, size = "full") {
  const attrs = {
    class: `kk-card kk-${size} kk-kind-${c.kind}`,
    "data-card": c.card,
    title: `${c.card} ${c.title} (${c.month} ${c.month_name}, ${c.kind}${c.note ? "; " + c.note : ""})`,
    style: `--month:${MONTH_COLOURS[c.month - 1]}`,
  };
  if (c.id) attrs["data-target"] = c.id;
  const node = el("div", attrs, parent);
  const band = el("span", { class: "kk-month", text: String(c.month) }, node);
  if (size !== "mini") el("span", { class: "kk-month-name", text: ` ${c.month_name}` }, band);
  const face = el("span", { class: "kk-face" }, node);
  if (c.kind === "ribbon") {
    const strip = el("span", { class: `kk-ribbon kk-ribbon-${c.ribbon}` }, face);
    strip.style.background = RIBBON_COLOURS[c.ribbon];
    if (c.ribbon === "poetry") el("span", { class: "kk-poem" }, strip);
  } else {
    el("span", { class: "kk-mark", text: KIND_MARKS[c.kind] }, face);
  }
  el("span", { class: "kk-code", text: c.card }, node);
  if (size === "full") el("span", { class: "kk-title", text: c.title }, node);
  return node;
}

function backs(parent, count, label) {
  const box = el("div", { class: "kk-backs", title: label }, parent);
  const shown = Math.min(count, 8);
  for (let i = 0; i < shown; i++) el("div", { class: "kk-back" }, box);
  el("span", { class: "kk-count", text: label }, box);
  return box;
}

function yakuLine(parent, player, board) {
  const line = el("div", { class: "kk-yaku" }, parent);
  const r = board.result;
  if (!player.yaku.length) {
    el("span", { class: "kk-muted", text: "no yaku" }, line);
  } else {
    for (const [yaku, points] of player.yaku) el("span", { class: "kk-chip", text: `${yaku} ${points}` }, line);
    el("strong", { class: "kk-points", text: `= ${player.yaku_points} points` }, line);
  }
  if (player.koikoi) el("span", { class: "kk-chip kk-called", text: `koi-koi ×${player.koikoi}` }, line);
  if (r && r.winner === player.seat) el("strong", { class: "kk-chip kk-scored", text: `scored ${r.points} points` }, line);
  else if (r && player.yaku.length) el("span", { class: "kk-muted kk-unscored", text: "not scored: only a stop scores yaku" }, line);
  return line;
}

function pile(parent, player) {
  const box = el("div", { class: "kk-pile" }, parent);
  for (const kind of ["bright", "animal", "ribbon", "chaff"]) {
    const cards = player.pile[kind];
    const group = el("div", { class: "kk-group" }, box);
    el("span", { class: "kk-group-name", text: `${KIND_MARKS[kind]} ${KIND_NAMES[kind]} ${cards.length}` }, group);
    const row = el("div", { class: "kk-row" }, group);
    for (const c of cards) card(row, c, "mini");
  }
  return box;
}

function seatPanel(parent, board, ui, seat) {
  const p = board.players[seat];
  const panel = el("section", { class: `kk-seat ${p.you ? "kk-you" : "kk-opp"}` }, parent);
  if (board.to_move === seat) panel.classList.add("kk-active");
  const head = el("div", { class: "kk-seat-head" }, panel);
  const who = named(name(ui, seat), ui);
  el("strong", { text: who }, head);
  if (p.dealer) el("span", { class: "kk-chip kk-dealer", text: "dealer" }, head);
  if (board.to_move === seat) el("span", { class: "kk-chip kk-turn", text: "to move" }, head);
  if (!p.you) backs(head, p.hand, `${p.hand} card${p.hand === 1 ? "" : "s"} in hand`);
  el("span", { class: "kk-muted", text: `captured ${p.pile_count}` }, head);
  yakuLine(panel, p, board);
  pile(panel, p);
  return panel;
}

function matchBar(parent, board, ui) {
  const m = board.match;
  const bar = el("div", { class: "kk-match" }, parent);
  if (!m) {
    el("span", { text: "a single deal" }, bar);
    return bar;
  }
  el("strong", { text: `deal ${m.deal} of ${m.deals}` }, bar);
  const totals = m.totals_after || m.totals;
  const when = m.totals_after ? "after this deal" : "before this deal";
  el("span", { text: `match points ${when}: ${name(ui, 0)} ${totals[0]} – ${name(ui, 1)} ${totals[1]}` }, bar);
  const eq = m.equity_after !== undefined ? m.equity_after : m.equity_before;
  const eqWhen = m.equity_after !== undefined ? "now" : "at the start of this deal";
  el("span", {
    class: "kk-chip",
    text: `your chance to win the match ${eqWhen}: ${Math.round(eq * 100)}%`,
    title: "from the measured outcomes of deals between equal players (solver/games/koikoi/equity.py)",
  }, bar);
  return bar;
}

function field(parent, board) {
  const box = el("section", { class: "kk-field" }, parent);
  el("div", { class: "kk-label", text: "field" }, box);
  const row = el("div", { class: "kk-row kk-table" }, box);
  for (const c of board.table) card(row, c);
  el("div", { class: "kk-card kk-full kk-slot", "data-target": board.table_slot, title: "put a card with no match here", text: "◌" }, row);
  const side = el("div", { class: "kk-side" }, box);
  if (board.drawn) {
    const d = el("div", { class: "kk-drawn" }, side);
    el("div", { class: "kk-label", text: "turned over" }, d);
    card(d, board.drawn);
  }
  const stock = el("div", { class: "kk-stock" }, side);
  el("div", { class: "kk-label", text: "stock" }, stock);
  const back = el("div", { class: "kk-back kk-big" }, stock);
  el("span", { text: String(board.stock) }, back);
  return box;
}

function decision(parent, board, ui) {
  const d = board.decision;
  const box = el("div", { class: "kk-decision" }, parent);
  const who = d.player === board.you ? "You" : named(name(ui, d.player), ui);
  el("strong", { text: `${who}: stop or koi-koi?` }, box);
  for (const [yaku, points] of d.yaku) el("span", { class: "kk-chip", text: `${yaku} ${points}` }, box);
  el("span", { text: `stop now scores ${d.stop_points} points; koi-koi plays on (the other player may score instead)` }, box);
}

function markLast(root, ui) {
  const last = ui && ui.last && ui.last.length ? ui.last[ui.last.length - 1] : null;
  if (!last) return;
  const cards = last.match(/\b\d{1,2}[bacr]\d?\b/g) || [];
  for (const c of cards) {
    for (const node of root.querySelectorAll(`[data-card="${c}"]`)) node.classList.add("last");
  }
}

/** Draws the board of one seat's view into `root`. */
export function draw(root, board, ui = {}) {
  root.textContent = "";
  const wrap = el("div", { class: "kk-board" }, root);
  el("div", { class: `game-status kk-status${board.phase === "over" ? " over" : ""}`, text: named(board.status, ui) }, wrap);
  matchBar(wrap, board, ui);
  const me = board.you;
  seatPanel(wrap, board, ui, 1 - me);
  field(wrap, board);
  if (board.decision) decision(wrap, board, ui);
  if (board.result) {
    const r = board.result;
    const text = r.winner === null ? "The deal is a draw: nobody stopped, so nobody scores." : `${r.winner === me ? "You score" : named(name(ui, r.winner), ui) + " scores"} ${r.points} points.`;
    el("div", { class: "kk-result", text }, wrap);
  }
  seatPanel(wrap, board, ui, me);
  const hand = el("section", { class: "kk-hand" }, wrap);
  const whose = named(name(ui, me), ui); // "you", or the seat whose view is shown once the game is over
  el("div", { class: "kk-label", text: `${whose === "you" ? "your hand" : `hand of ${whose}`} (${board.hand.length})` }, hand);
  const row = el("div", { class: "kk-row" }, hand);
  for (const c of board.hand) card(row, c);
  const last = ui && ui.last && ui.last.length ? ui.last[ui.last.length - 1] : null;
  if (last) el("div", { class: "kk-muted kk-lastmove", text: `last move: ${last}` }, wrap);
  legend(board.legend, el("div", { class: "kk-legend" }, wrap));
  markLast(wrap, ui);
}
