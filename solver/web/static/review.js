// The review of a finished game on its page: the server reviews it decision by decision (`review`: one
// `reviewed` message per decision, then `review_done`); the panel shows the graph (graph.js), the list of the
// decisions with their classes, and the board of the decision chosen as its seat saw it (drawn by the game's own
// module), stepping through the game with previous / next or by clicking a decision (in the list or the graph).

import { el } from "./draw.js";
import { drawGraph, CLASS_COLOURS } from "./graph.js";

const CLASS_NAMES = ["best", "good", "inaccuracy", "mistake", "blunder"];

/** A decision's class as shown: marked "(estimate)" when it rests on values a perfect-information search did not
 * prove (a hidden-information class always does: its values carry their standard errors). */
function classText(d, hidden) {
  return d.estimate && !hidden && CLASS_NAMES.includes(d.class) ? `${d.class} (estimate)` : d.class;
}

function proven(v) {
  return v && ["win", "loss", "draw"].includes(v.score.kind) && !("bound" in v.score) ? v.score.kind : null;
}

function value(v) {
  if (!v) return "-";
  return v.se === null || v.se === undefined ? v.text : `${v.text} ±${v.se.toFixed(2)}`;
}

export class ReviewPanel {
  constructor(parent, conn, tableId, mod) {
    this.conn = conn;
    this.table = tableId;
    this.mod = mod;
    this.entries = []; // `reviewed` messages, in the order of the decisions
    this.done = null; // the `review_done` message
    this.selected = null;
    this.box = el("section", { class: "panel review", id: "review" }, parent);
    el("h3", { text: "Review" }, this.box);
    this.note = el("p", { class: "muted", id: "review-note" }, this.box);
    this.progress = el("p", { class: "review-progress", id: "review-progress" }, this.box);
    this.message = el("p", { class: "error", role: "alert", id: "review-message" }, this.box);
    const body = el("div", { class: "review-body" }, this.box);
    const left = el("div", { class: "review-left" }, body);
    this.boardRoot = el("div", { class: "board-root", id: "review-board" }, left);
    const steps = el("div", { class: "review-steps" }, left);
    this.prev = el("button", { type: "button", id: "review-prev", text: "◀ previous" }, steps);
    this.next = el("button", { type: "button", id: "review-next", text: "next ▶" }, steps);
    this.prev.addEventListener("click", () => this.step(-1));
    this.next.addEventListener("click", () => this.step(1));
    this.detail = el("div", { class: "review-detail", id: "review-detail" }, left);
    const right = el("div", { class: "review-right" }, body);
    this.graphBox = el("div", { class: "review-graph-box" }, right);
    this.summary = el("div", { class: "review-summary", id: "review-summary" }, right);
    this.list = el("ol", { class: "review-list", id: "review-list", start: "0" }, right);
  }

  /** Asks for the review and shows each decision as it comes. */
  async start(request = {}) {
    this.conn.on("reviewed", (m) => {
      if (m.table !== this.table) return;
      this.entries.push(m);
      this.progress.textContent = `Reviewed ${m.number} of ${m.of} decisions…`;
      this.addToList(m);
      if (this.selected === null) this.select(m.decision.index);
      else {
        this.drawGraph();
        this.updateSteps();
      }
    });
    this.conn.on("review_done", (m) => {
      if (m.table !== this.table) return;
      this.done = m;
      // decisions that later proofs settled (the loss shown at the move that made it): replace them
      for (const d of m.settled || []) {
        const entry = this.byIndex(d.index);
        if (!entry) continue;
        entry.decision = d;
      }
      if ((m.settled || []).length) {
        this.list.innerHTML = "";
        for (const e of [...this.entries].sort((a, b) => a.decision.index - b.decision.index)) this.addToList(e);
        if (this.selected !== null) this.select(this.selected);
      }
      this.progress.textContent = `${m.stopped ? "Stopped after" : "Reviewed"} ${m.reviewed} decisions in ${m.time_s.toFixed(1)} s.`;
      this.progress.dataset.done = "true";
      this.drawSummary();
      this.drawGraph();
    });
    this.conn.on("error", (m) => {
      if (m.id === this.requestId) this.message.textContent = m.message;
    });
    try {
      this.progress.textContent = "Reviewing…";
      const started = await this.conn.request({ type: "review", table: this.table, ...request });
      this.requestId = started.id;
      this.started = started;
      this.note.textContent = `${started.view_note}. ${started.decisions} decisions to review.`;
    } catch (e) {
      this.progress.textContent = "";
      this.message.textContent = e.message;
    }
  }

  byIndex(index) {
    return this.entries.find((m) => m.decision.index === index) || null;
  }

  addToList(m) {
    const d = m.decision;
    const li = el("li", { "data-index": String(d.index), "data-class": d.class, class: `cls-${d.class}`, value: String(d.index) }, this.list);
    const b = el("button", { type: "button", class: "link" }, li);
    const best = d.best && d.best !== d.played ? ` (best ${d.best})` : "";
    el("span", { text: `${d.player} played ${d.played}${best}: ` }, b);
    el("strong", { class: "cls", text: classText(d, this.started && this.started.hidden_information) }, b);
    if (d.loss) el("span", { class: "muted", text: ` loss ${d.loss.toFixed(2)}` }, b);
    b.addEventListener("click", () => this.select(d.index));
  }

  /** Shows decision `index`: its board as its seat saw it, its review, the graph's cursor on it. */
  select(index) {
    const m = this.byIndex(index);
    if (!m) return;
    this.selected = index;
    const d = m.decision;
    this.boardRoot.innerHTML = "";
    this.boardRoot.dataset.index = String(index);
    const names = (this.started && this.started.names) || [];
    // an information state is its seat's own view (drawn as that seat's); a position is nobody's in particular
    const seat = this.started && this.started.hidden_information ? d.seat : null;
    this.mod.draw(this.boardRoot, m.board, { seat, names, last: m.last });
    for (const li of this.list.children) li.classList.toggle("selected", li.dataset.index === String(index));
    this.detail.innerHTML = "";
    el("p", { class: "review-head", text: `Decision ${d.index}: deal ${d.deal + 1}, move ${d.ply + 1}, ${d.player} to move (the ${d.view} as ${d.player} saw it)` }, this.detail);
    const cls = el("p", { id: "review-class", "data-class": d.class }, this.detail);
    const swatch = CLASS_COLOURS[d.class];
    el("strong", { text: classText(d, this.started && this.started.hidden_information), style: swatch ? `color:${swatch}` : "" }, cls);
    el("span", { text: ` — played ${d.played}, best ${d.best || d.played}${d.loss !== null && d.loss !== undefined ? `, loss ${d.loss.toFixed(2)} ${d.unit}` : ""}` }, cls);
    if (d.fact) el("p", { class: "fact", id: "review-fact", text: d.fact }, this.detail);
    if (d.estimate && CLASS_NAMES.includes(d.class)) {
      el("p", { class: "estimate", id: "review-estimate", text: `estimate: the class and loss are not proven (${d.estimate})` }, this.detail);
    }
    if (d.note) el("p", { class: "note", id: "review-note-objective", text: d.note }, this.detail);
    if (d.played_value) {
      el("p", { class: "muted", text: `played: ${value(d.played_value)}; best: ${value(d.best_value)}` }, this.detail);
    }
    if (d.pv && d.pv.length) el("p", { class: "muted", text: `best line: ${d.pv.join(" ")}` }, this.detail);
    const rules = this.started ? this.started.rules : {};
    const q = new URLSearchParams({ game: this.started ? this.started.game : "", position: d.position, rules: JSON.stringify(rules) });
    el("a", { href: `/analyse?${q}`, id: "review-open", class: "button", text: "Open on the analysis board" }, this.detail);
    this.updateSteps();
    this.drawGraph();
  }

  updateSteps() {
    const at = this.entries.findIndex((m) => m.decision.index === this.selected);
    this.prev.disabled = at <= 0;
    this.next.disabled = at < 0 || at >= this.entries.length - 1;
  }

  step(delta) {
    const at = this.entries.findIndex((m) => m.decision.index === this.selected);
    const to = this.entries[at + delta];
    if (to) this.select(to.decision.index);
  }

  drawGraph() {
    this.graphBox.innerHTML = "";
    const series = this.done
      ? this.done.series
      : this.entries.filter((m) => CLASS_NAMES.includes(m.decision.class) && m.decision.best_value).map((m) => ({
          index: m.decision.index, deal: m.decision.deal, ply: m.decision.ply, seat: m.decision.seat,
          value: m.decision.best_value.value, loss: m.decision.loss || 0, class: m.decision.class,
          proven: proven(m.decision.best_value), played_proven: proven(m.decision.played_value),
        }));
    const unit = this.done ? this.done.thresholds.unit : (this.entries.find((m) => m.decision.unit) || { decision: { unit: "" } }).decision.unit;
    const cap = this.done ? this.done.thresholds.cap : 0;
    const count = this.entries.length ? Math.max(...this.entries.map((m) => m.decision.index)) + 1 : 1;
    drawGraph(this.graphBox, {
      series, unit, cap, count, names: (this.started && this.started.names) || [],
      probability: unit === "match-win probability",
    }, { selected: this.selected, onSelect: (i) => this.select(i) });
  }

  drawSummary() {
    this.summary.innerHTML = "";
    const table = el("table", { class: "review-table" }, this.summary);
    const head = el("tr", {}, el("thead", {}, table));
    for (const h of ["player", "accuracy", "mean loss", ...CLASS_NAMES]) el("th", { text: h }, head);
    const body = el("tbody", {}, table);
    for (const s of this.done.summaries) {
      const tr = el("tr", { "data-seat": String(s.seat) }, body);
      el("td", { text: `${(this.started && this.started.names[s.seat]) || s.player}` }, tr);
      el("td", { text: s.accuracy === null ? "-" : `${s.accuracy.toFixed(1)}%` }, tr);
      el("td", { text: s.mean_loss === null ? "-" : s.mean_loss.toFixed(2) }, tr);
      for (const c of CLASS_NAMES) el("td", { text: String(s.counts[c]), "data-class": c }, tr);
    }
    const th = this.done.thresholds;
    el("p", { class: "muted", text: `loss in ${th.unit}; inaccuracy ≥ ${th.inaccuracy}, mistake ≥ ${th.mistake}, blunder ≥ ${th.blunder}` }, this.summary);
  }
}
