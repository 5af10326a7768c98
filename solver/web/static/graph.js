// The review's graph as inline SVG (no library): one line per seat — at each of its decisions the value of the
// best move from that seat's own point of view, in the review's unit (a proven result at +-cap; a match-win
// probability from 0 to 1) — and the played moves' losses marked: an inaccuracy, mistake or blunder is a dot in
// its class's colour at the value the move played left (best value minus loss), joined to the line by a stroke as
// long as the loss. Dotted vertical lines separate the deals of a match. Proven results are drawn as what they
// are, not as evaluation points: a won position in the band "won" above the evaluations, a lost one in the band
// "lost" below them, a proven draw on the zero line, each a square (an estimate is a round dot). The same graph as
// `kofun review --plot`.

import { svg, el, legend } from "./draw.js";

/** The colours of the marked classes (as solver/review/plot.py) and of the seats' lines. */
export const CLASS_COLOURS = { inaccuracy: "#e6b400", mistake: "#e07000", blunder: "#c00000" };
export const SEAT_COLOURS = ["#1d4f91", "#2f7d4f", "#7a4fa0", "#8a5a00", "#00838f"];

const W = 640;
const H = 260;
const M = { left: 58, right: 14, top: 14, bottom: 34 };

function niceTicks(lo, hi, count) {
  const span = hi - lo || 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * mag).find((s) => s >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.abs(v) < 1e-9 ? 0 : v);
  return out;
}

function shown(v) {
  if (Math.abs(v) >= 100) return String(Math.round(v));
  return String(Math.round(v * 100) / 100);
}

/**
 * Draws the graph into `parent`.
 *   data: { series: [{index, deal, ply, seat, value, loss, class, proven, played_proven}], unit, cap, names, count: the
 *           record's decisions, probability: true for a match-win probability }
 *   opts: { selected: a decision's index or null, onSelect(index) }
 * Returns the <svg>. Every point carries data-index; a marked loss also data-class (and the class "loss-mark").
 */
export function drawGraph(parent, data, opts = {}) {
  const box = el("figure", { class: "review-graph", id: "review-graph" }, parent);
  const pts = data.series;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "the review's graph" }, box);
  const last = Math.max(1, (data.count || 1) - 1);
  const marked = (p) => Boolean(CLASS_COLOURS[p.class]);
  let lo = 0;
  let hi = 0;
  for (const p of pts) {
    const values = [];
    if (!p.proven) values.push(p.value);
    if (marked(p) && !p.played_proven) values.push(p.value - p.loss);
    for (const v of values) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  if (data.probability) {
    lo = 0;
    hi = 1;
  } else if (data.cap) {
    lo = Math.max(lo, -data.cap);
    hi = Math.min(hi, data.cap);
  }
  if (hi - lo < 1e-9) {
    hi += 1;
    lo -= 1;
  }
  const pad = (hi - lo) * 0.05;
  lo -= data.probability ? 0 : pad;
  hi += data.probability ? 0 : pad;
  const proofs = pts.some((p) => p.proven || p.played_proven);
  const band = proofs ? (hi - lo) * 0.15 : 0;
  const won = hi + band;
  const lost = lo - band;
  const top = proofs ? won + band / 2 : hi;
  const bottom = proofs ? lost - band / 2 : lo;
  const x = (i) => M.left + ((W - M.left - M.right) * i) / last;
  const clamp = (v) => Math.max(lo, Math.min(hi, v));
  const y = (v) => M.top + ((H - M.top - M.bottom) * (top - v)) / (top - bottom);
  const at = (v, proven) => y(proven === "win" ? won : proven === "loss" ? lost : proven === "draw" ? 0 : clamp(v));
  const bestY = (p) => at(p.value, p.proven);
  const leftY = (p) => at(p.value - p.loss, p.played_proven);
  const axes = svg("g", { class: "axes" }, root);
  if (proofs) {
    for (const [centre, kind, label] of [[won, "win", "won"], [lost, "loss", "lost"]]) {
      svg("rect", { x: M.left, width: W - M.left - M.right, y: y(centre + band / 2), height: y(centre - band / 2) - y(centre + band / 2),
        class: `band band-${kind}`, fill: kind === "win" ? "#dcefdc" : "#f4dcdc", "data-band": label }, axes);
      svg("text", { x: M.left - 6, y: y(centre) + 4, "text-anchor": "end", text: label, class: "band-label" }, axes);
    }
  }
  for (const t of niceTicks(lo, hi, 4)) {
    svg("line", { x1: M.left, x2: W - M.right, y1: y(t), y2: y(t), class: t === 0 ? "zero" : "grid" }, axes);
    svg("text", { x: M.left - 6, y: y(t) + 4, "text-anchor": "end", text: proofs && t === 0 && pts.some((p) => p.proven === "draw") ? "0 / draw" : shown(t) }, axes);
  }
  for (const t of niceTicks(0, last, 8).filter((t) => Number.isInteger(t))) {
    svg("text", { x: x(t), y: H - M.bottom + 16, "text-anchor": "middle", text: String(t) }, axes);
  }
  svg("text", { x: (M.left + W - M.right) / 2, y: H - 4, "text-anchor": "middle", text: "decision" }, axes);
  svg("text", { x: 12, y: (M.top + H - M.bottom) / 2, "text-anchor": "middle",
    transform: `rotate(-90 12 ${(M.top + H - M.bottom) / 2})`, text: data.unit || "value" }, axes);
  for (const p of pts) {
    if (p.ply === 0 && p.deal > 0) {
      svg("line", { x1: x(p.index - 0.5), x2: x(p.index - 0.5), y1: M.top, y2: H - M.bottom, class: "deal" }, axes);
    }
  }
  if (opts.selected !== null && opts.selected !== undefined) {
    svg("line", { x1: x(opts.selected), x2: x(opts.selected), y1: M.top, y2: H - M.bottom, class: "cursor",
      id: "graph-cursor", "data-index": String(opts.selected) }, root);
  }
  const seats = [...new Set(pts.map((p) => p.seat))].sort((a, b) => a - b);
  const pick = (node, index) => {
    node.addEventListener("click", () => opts.onSelect && opts.onSelect(index));
  };
  for (const seat of seats) {
    const mine = pts.filter((p) => p.seat === seat);
    const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
    const d = mine.map((p, i) => `${i ? "L" : "M"}${x(p.index).toFixed(1)},${bestY(p).toFixed(1)}`).join(" ");
    svg("path", { d, class: "seat-line", stroke: colour, "data-seat": String(seat) }, root);
    for (const p of mine) {
      const common = { fill: colour, "data-index": String(p.index), "data-seat": String(seat) };
      const dot = p.proven
        ? svg("rect", { x: x(p.index) - 3.5, y: bestY(p) - 3.5, width: 7, height: 7, class: "point proven",
          "data-proven": p.proven, ...common }, root)
        : svg("circle", { cx: x(p.index), cy: bestY(p), r: 3.5, class: "point", ...common }, root);
      svg("title", { text: `decision ${p.index}: ${p.proven ? { win: "won", loss: "lost", draw: "draw" }[p.proven] + " (proven)" : `${shown(p.value)} (estimate)`}` }, dot);
      pick(dot, p.index);
    }
  }
  for (const p of pts) {
    const colour = CLASS_COLOURS[p.class];
    if (!colour) continue;
    svg("line", { x1: x(p.index), x2: x(p.index), y1: bestY(p), y2: leftY(p), stroke: colour,
      class: "loss-stroke" }, root);
    const mark = svg("circle", { cx: x(p.index), cy: leftY(p), r: 6, fill: colour, class: "loss-mark",
      "data-index": String(p.index), "data-class": p.class }, root);
    const sure = p.proven && p.played_proven ? "" : " (estimate)";
    svg("title", { text: `decision ${p.index}: ${p.class}${sure}, loss ${shown(p.loss)}` }, mark);
    pick(mark, p.index);
  }
  const items = seats.map((s) => [SEAT_COLOURS[s % SEAT_COLOURS.length], `${data.names[s] || `seat ${s}`}: best value`]);
  for (const [cls, colour] of Object.entries(CLASS_COLOURS)) items.push([colour, `${cls} (dot: value left, stroke: loss)`]);
  if (proofs) items.push(["#888", "square: a proven result (bands: won / lost); round: an estimate"]);
  const caption = el("figcaption", {}, box);
  legend(items, caption).id = "graph-legend";
  return root;
}
