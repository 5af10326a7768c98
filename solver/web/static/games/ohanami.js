// Ohanami: HTML cards. The seat's own area (hand, pick, garden of up to three columns, discard pile) comes first,
// then every other player's (hand as a count or, when known, its cards; pick face down until revealed; garden;
// discards). A pick is two clicks on hand cards (data-target "hand:N", in either order), a placement the
// picked card ("pick:N") then its place ("dest:top1" above column 1, "dest:bottom1" below it, "dest:new",
// "dest:discard"). The card of the last move carries the class "last", the other cards placed this turn "recent".
import { el, legend, named } from "../draw.js";

/** The cards of the last move and of this turn's placements, from ui.last ("place 40 top1", "pick 12,40"). */
function recentCards(moves) {
  const last = new Set();
  const recent = new Set();
  for (let i = moves.length - 1; i >= 0; i--) {
    const text = String(moves[i]);
    const place = /^place (\d+) /.exec(text);
    const pick = /^pick (\d+),(\d+)$/.exec(text);
    if (place) (i === moves.length - 1 ? last : recent).add(Number(place[1]));
    else if (pick && i === moves.length - 1) { last.add(Number(pick[1])); last.add(Number(pick[2])); }
    if (!place) break; // the placements of this turn come after the picks
  }
  return { last, recent };
}

function cardEl(c, marks, parent, size = "") {
  const cls = ["oh-card", `c-${c.colour}`];
  if (size) cls.push(size);
  if (marks.last.has(c.n)) cls.push("last");
  else if (marks.recent.has(c.n)) cls.push("recent");
  const attrs = { class: cls.join(" "), title: `${c.n} ${c.colour}` };
  if (c.id) attrs["data-target"] = c.id;
  const node = el("div", attrs, parent);
  el("span", { class: "oh-n", text: String(c.n) }, node);
  return node;
}

function backs(count, parent, size = "", fan = true) {
  const row = el("div", { class: `oh-backs${fan ? " fan" : ""}` }, parent);
  for (let i = 0; i < Math.min(count, 10); i++) el("div", { class: `oh-card oh-back ${size}` }, row);
  return row;
}

function slot(dest, label, parent) {
  const node = el("div", { class: `oh-slot s-${dest.spot.replace(/\d/, "")}`, "data-target": dest.id }, parent);
  el("span", { text: label }, node);
  return node;
}

function pointsLine(seat, board, parent) {
  const line = el("div", { class: "oh-points" }, parent);
  el("span", { class: "oh-score", text: `${seat.score}` }, line);
  el("span", { class: "oh-unit", text: " points" }, line);
  const parts = [];
  for (const colour of ["blue", "green", "grey", "pink"]) {
    const c = seat.colours[colour];
    if (c.cards) parts.push(`${c.cards} ${colour}${c.points ? `: ${c.points}` : ""}`);
  }
  const head = board.phase === "over" ? `round ${board.round} scored` : `round ${board.round} so far`;
  const detail = parts.length ? ` (${parts.join(", ")})` : "";
  el("span", { class: "oh-round", text: ` · ${head} +${seat.round_points}${detail}` }, line);
  return line;
}

function garden(seat, board, marks, parent, own) {
  const g = el("div", { class: `oh-garden${own ? " own" : ""}` }, parent);
  const size = own ? "" : "small";
  const dests = own ? board.destinations : [];
  const byId = Object.fromEntries(dests.map((d) => [d.spot, d]));
  seat.columns.forEach((column, i) => {
    const col = el("div", { class: "oh-col" }, g);
    el("div", { class: "oh-colno", text: `column ${i + 1}` }, col);
    const stack = el("div", { class: "oh-stack" }, col);
    if (byId[`top${i + 1}`]) slot(byId[`top${i + 1}`], `above ${column[column.length - 1].n}`, stack);
    for (let k = column.length - 1; k >= 0; k--) cardEl(column[k], marks, stack, `strip ${size}`);
    if (byId[`bottom${i + 1}`]) slot(byId[`bottom${i + 1}`], `below ${column[0].n}`, stack);
  });
  if (byId.new) {
    const col = el("div", { class: "oh-col" }, g);
    el("div", { class: "oh-colno", text: `column ${byId.new.column}` }, col);
    slot(byId.new, "new column", el("div", { class: "oh-stack" }, col));
  }
  if (!seat.columns.length && !own) el("div", { class: "oh-empty", text: "no card in the garden yet" }, g);
  const pile = el("div", { class: "oh-discards" }, own ? g : parent);
  if (byId.discard) slot(byId.discard, `discard pile (${seat.discards.length})`, pile);
  else el("div", { class: "oh-label", text: `discards (${seat.discards.length})` }, pile);
  const list = el("div", { class: "oh-discard-list" }, pile);
  for (const c of seat.discards) cardEl(c, marks, list, "tiny");
  return g;
}

function seatPanel(seat, board, ui, marks, parent) {
  const own = seat.you;
  const moving = board.to_move === seat.seat;
  const box = el("section", { class: `oh-seat${own ? " own" : ""}${moving ? " to-move" : ""}` }, parent);
  const head = el("div", { class: "oh-head" }, box);
  const name = (ui && ui.names && ui.names[seat.seat]) || seat.name;
  el("strong", { text: named(name, ui) }, head);
  if (board.to_move === seat.seat) {
    el("span", { class: "oh-turn", text: board.phase === "pick" ? "picking" : "placing" }, head);
  }
  pointsLine(seat, board, box);

  if (board.winners.includes(seat.seat)) {
    el("span", { class: "oh-winner", text: board.winners.length > 1 ? "shares the victory" : "wins" }, head);
  }
  const hands = el("div", { class: "oh-hands" }, box);
  if (seat.hand.count || seat.hand.before_pick) handBlock(seat, board, marks, own, hands);
  pickBlock(seat, board, marks, own, hands);
  garden(seat, board, marks, box, own);
  return box;
}

function handBlock(seat, board, marks, own, hands) {
  const hand = el("div", { class: "oh-hand" }, hands);
  let title = own ? "Your hand" : "Hand";
  if (!own && seat.hand.known) title += " (known: it passed through your hands)";
  if (seat.hand.before_pick) title += seat.hand.known ? ", before their pick: 2 of these are picked" : "";
  const count = `${seat.hand.count} card${seat.hand.count === 1 ? "" : "s"}`;
  el("div", { class: "oh-label", text: `${title} · ${count}` }, hand);
  const cards = el("div", { class: "oh-cards" }, hand);
  if (seat.hand.known) for (const c of seat.hand.cards) cardEl(c, marks, cards, own ? "" : "small");
  else backs(seat.hand.count, cards, "small");
  if (own && board.phase === "pick" && board.to_move === seat.seat) {
    el("div", { class: "oh-hint", text: "Click the two cards you pick." }, hand);
  }
}

function pickBlock(seat, board, marks, own, hands) {
  if (seat.pick.count) {
    const pick = el("div", { class: "oh-pick" }, hands);
    el("div", { class: "oh-label", text: seat.pick.hidden ? "Pick (face down)" : own ? "Your pick" : "Pick" }, pick);
    const row = el("div", { class: "oh-cards" }, pick);
    if (seat.pick.hidden) backs(seat.pick.count, row, own ? "" : "small", false);
    else for (const c of seat.pick.cards) cardEl(c, marks, row, own ? "" : "small");
    if (own && board.phase === "place" && board.to_move === seat.seat) {
      el("div", { class: "oh-hint", text: "Click a picked card, then where it goes." }, pick);
    }
  }
}

export function draw(root, board, ui) {
  const marks = recentCards((ui && ui.last) || []);
  const wrap = el("div", { class: "oh" }, root);
  const top = el("div", { class: "oh-top" }, wrap);
  const when = board.phase === "over" ? "game over" : `round ${board.round}/${board.rounds}`;
  el("span", { class: "oh-chip", text: when }, top);
  if (board.phase !== "over") {
    el("span", { class: "oh-chip", text: `turn ${board.turn}/${board.turns}` }, top);
    el("span", { class: "oh-chip", text: `${board.phase}` }, top);
    const way = board.direction === "left" ? "left (to the next seat)" : "right (to the previous seat)";
    el("span", { class: "oh-chip", text: `hands pass ${way}` }, top);
  }
  if (board.phase !== "over") el("span", { class: "oh-chip", text: `deck ${board.deck}` }, top);
  const me = board.seats[board.viewer];
  seatPanel(me, board, ui, marks, wrap);
  const others = el("div", { class: "oh-others" }, wrap);
  const n = board.seats.length;
  for (let k = 1; k < n; k++) seatPanel(board.seats[(board.viewer + k) % n], board, ui, marks, others);
  el("div", { class: "oh-rules", text: `Scoring ${board.scoring.rules}.` }, wrap);
  legend(board.legend, wrap);
}
