// The analysis board (/analyse): choose a game, paste or edit a position or information state (or open one from
// a reviewed game: /analyse?game=..&position=..&rules=.., and &nodes=.. for the budget), and run the search. The
// board is drawn by the game's own module (the `board` request: its seats named in the game's own words, X, South,
// first seat, never by index); the search streams its lines (`analyse` with `lines`: the best N moves with their
// lines, pass by pass) or, from an information state, every move's value with its visits and standard error over
// independent searches (`runs`). Clicking a move of a line, of the move list or on the board follows it: the
// position after it is analysed again.

import { el, named } from "./draw.js";
import { capital } from "./words.js";
import { gameModule } from "./table.js";

function budgetDefaults(game) {
  return game && game.hidden_information ? { nodes: 4000 } : { nodes: 2000000 };
}

export async function showAnalysis(main, conn) {
  main.innerHTML = "";
  const page = el("div", { class: "analysis-page", id: "analysis" }, main);
  const { games } = await conn.request({ type: "catalog" });
  const board = new AnalysisBoard(page, conn, games);
  await board.fromQuery(new URLSearchParams(location.search));
  return board;
}

class AnalysisBoard {
  constructor(page, conn, games) {
    this.conn = conn;
    this.games = games;
    this.history = []; // positions left by following a move (for "back")
    this.running = null;
    this.build(page);
  }

  build(page) {
    el("h2", { text: "Analysis board" }, page);
    const form = el("section", { class: "panel analysis-form" }, page);
    const gameRow = el("label", { class: "row" }, form);
    el("span", { text: "Game" }, gameRow);
    this.game = el("select", { id: "an-game" }, gameRow);
    for (const g of this.games) el("option", { value: g.name, text: g.title }, this.game);
    const rulesRow = el("label", { class: "row" }, form);
    el("span", { text: "Rules" }, rulesRow);
    this.rules = el("input", { type: "text", id: "an-rules", value: "{}", spellcheck: "false" }, rulesRow);
    el("small", { class: "muted", text: "rule options as JSON, e.g. {\"rounds\": 12}; {} for the defaults" }, rulesRow);
    const posRow = el("label", { class: "row" }, form);
    el("span", { text: "Position" }, posRow);
    this.position = el("textarea", { id: "an-position", rows: "3", spellcheck: "false", placeholder: "empty: the start" }, posRow);
    el("small", { class: "muted", text: "the game's notation, or an information state (view=...) of a hidden-information game" }, posRow);
    const budgetRow = el("label", { class: "row" }, form);
    el("span", { text: "Nodes" }, budgetRow);
    this.nodes = el("input", { type: "number", id: "an-nodes", min: "1" }, budgetRow);
    el("small", { class: "muted", text: "alpha-beta nodes of the whole analysis, or iterations of each information-set search" }, budgetRow);
    const linesRow = el("label", { class: "row", id: "an-lines-row" }, form);
    el("span", { text: "Lines" }, linesRow);
    this.lines = el("input", { type: "number", id: "an-lines", min: "1", max: "10", value: "3" }, linesRow);
    const runsRow = el("label", { class: "row", id: "an-runs-row" }, form);
    el("span", { text: "Searches" }, runsRow);
    this.runs = el("input", { type: "number", id: "an-runs", min: "1", max: "16", value: "4" }, runsRow);
    el("small", { class: "muted", text: "independent searches of an information state (their spread: the standard error)" }, runsRow);
    const buttons = el("div", { class: "controls" }, form);
    this.go = el("button", { type: "button", class: "primary", id: "an-run", text: "Analyse" }, buttons);
    this.stopButton = el("button", { type: "button", id: "an-stop", text: "Stop" }, buttons);
    this.back = el("button", { type: "button", id: "an-back", text: "Back" }, buttons);
    this.message = el("p", { class: "error", role: "alert", id: "an-message" }, form);
    const body = el("div", { class: "table-body" }, page);
    this.root = el("div", { class: "board-root", id: "an-board" }, body);
    const side = el("aside", { class: "side" }, body);
    this.status = el("p", { class: "status", id: "an-status" }, side);
    this.thinking = el("p", { class: "thinking", id: "an-thinking" }, side);
    this.linesBox = el("ol", { class: "an-lines", id: "an-lines-list" }, side);
    this.movesBox = el("table", { class: "an-moves", id: "an-moves" }, side);
    this.note = el("p", { class: "muted", id: "an-note" }, side);
    this.linesRow = linesRow;
    this.runsRow = runsRow;
    this.game.addEventListener("change", () => {
      this.showRows();
      this.position.value = "";
      this.rules.value = "{}";
      this.nodes.value = String(budgetDefaults(this.current()).nodes);
      this.history = [];
      this.run();
    });
    this.go.addEventListener("click", () => this.run());
    this.stopButton.addEventListener("click", () => this.stop());
    this.back.addEventListener("click", () => {
      const prev = this.history.pop();
      if (prev !== undefined) {
        this.position.value = prev;
        this.run();
      }
    });
    this.root.addEventListener("click", (e) => {
      const target = e.target.closest("[data-target]");
      if (!target || !this.shown) return;
      const move = this.shown.legal.find((m) => m.targets.length === 1 && m.targets[0] === target.dataset.target);
      if (move) this.follow([move.move]);
    });
  }

  /** Lines for a perfect-information game, independent searches for a hidden-information one. */
  showRows() {
    const hidden = Boolean(this.current() && this.current().hidden_information);
    this.linesRow.hidden = hidden;
    this.runsRow.hidden = !hidden;
  }

  current() {
    return this.games.find((g) => g.name === this.game.value);
  }

  async fromQuery(q) {
    if (q.get("game") && this.games.some((g) => g.name === q.get("game"))) this.game.value = q.get("game");
    this.nodes.value = q.get("nodes") || String(budgetDefaults(this.current()).nodes);
    this.showRows();
    if (q.get("rules")) this.rules.value = q.get("rules");
    if (q.get("position")) this.position.value = q.get("position");
    await this.run();
  }

  say(text) {
    this.message.textContent = text || "";
  }

  readRules() {
    const text = this.rules.value.trim() || "{}";
    let rules;
    try {
      rules = JSON.parse(text);
    } catch (e) {
      throw new Error(`rules: not JSON: ${e.message}`);
    }
    if (!rules || typeof rules !== "object" || Array.isArray(rules)) throw new Error("rules: a JSON object is expected");
    return rules;
  }

  async stop() {
    const running = this.running;  // the analysis may end (and clear this.running) while the stop is answered
    if (!running) return;
    try {
      await this.conn.request({ type: "stop" });
    } catch {
      // it had ended meanwhile
    }
    await running.catch(() => {});
  }

  /** The moves of `play` from the position shown, then the analysis of the position after them. */
  async follow(play) {
    try {
      const reply = await this.conn.request({ type: "board", game: this.game.value, position: this.position.value, rules: this.readRules(), play });
      this.history.push(this.position.value);
      this.position.value = reply.position;
      await this.run();
    } catch (e) {
      this.say(e.message);
    }
  }

  /** Draws the board of the position and analyses it. */
  async run() {
    await this.stop();
    this.say("");
    this.linesBox.innerHTML = "";
    this.movesBox.innerHTML = "";
    this.note.textContent = "";
    this.thinking.textContent = "";
    this.back.disabled = !this.history.length;
    let shown;
    try {
      shown = await this.conn.request({ type: "board", game: this.game.value, position: this.position.value, rules: this.readRules() });
    } catch (e) {
      this.say(e.message);
      this.root.innerHTML = "";
      this.status.textContent = "";
      this.shown = null;
      return;
    }
    this.shown = shown;
    const mod = await gameModule(shown.game);
    this.root.innerHTML = "";
    this.root.dataset.game = shown.game;
    this.root.dataset.position = shown.position;
    const seat = shown.hidden_information ? shown.to_move : null; // an information state is its player's view
    const ui = { seat, names: shown.names, last: [] }; // the seats in the game's own words (X, South, first seat)
    mod.draw(this.root, shown.board, ui);
    for (const m of shown.legal) {
      for (const t of m.targets.length === 1 ? m.targets : []) {
        for (const node of this.root.querySelectorAll(`[data-target="${t}"]`)) node.classList.add("target");
      }
    }
    const status = capital(named(shown.board.status || "", ui));
    this.status.textContent = status || (shown.over ? "The game is over." : `${capital(shown.player)} to move`);
    if (shown.over) {
      this.thinking.textContent = "The game is over in this position: nothing to analyse.";
      return;
    }
    const request = { type: "analyse", game: shown.game, position: this.position.value, rules: this.readRules() };
    if (this.nodes.value) request.nodes = Number(this.nodes.value);
    if (shown.hidden_information) request.runs = Number(this.runs.value || 4);
    else request.lines = Number(this.lines.value || 3);
    this.running = this.conn.request(request, (m) => this.progress(m, shown));
    try {
      const done = await this.running;
      this.final(done, shown);
    } catch (e) {
      this.say(e.message);
    } finally {
      this.running = null;
    }
  }

  progress(m, shown) {
    if (m.type === "queued") {
      this.thinking.textContent = `waiting for a free search thread: place ${m.place} in line`;
      return;
    }
    this.thinking.textContent = m.line || "";
    if (m.lines) this.drawLines(m.lines, m.moves);
    if (m.values && m.values.length) this.drawValues(m.values, shown);
  }

  final(done, shown) {
    this.thinking.dataset.done = "true";
    if (done.lines) {
      this.drawLines(done.lines, done.moves);
      this.thinking.textContent = `${done.stopped ? "stopped" : "done"}: depth ${done.depth}, ${done.nodes.toLocaleString("en")} nodes, ${done.time_s.toFixed(1)} s`;
    }
    if (done.values) {
      this.drawValues(done.values, shown);
      this.thinking.textContent = `${done.stopped ? "stopped" : "done"}: ${done.runs} searches, ${done.nodes.toLocaleString("en")} iterations, ${done.algo}`;
      this.note.textContent = "Every legal move valued from this information state alone: the mean of its playouts over the independent searches, ± the standard error from their spread.";
    }
  }

  drawLines(lines, moves) {
    this.linesBox.innerHTML = "";
    for (const ln of lines) {
      const li = el("li", { class: "an-line", "data-move": ln.move }, this.linesBox);
      el("span", { class: "an-value", text: `${ln.value_text} ` }, li);
      ln.pv.forEach((mv, k) => {
        const b = el("button", { type: "button", class: "link an-pv", "data-ply": String(k), text: mv }, li);
        b.addEventListener("click", () => this.follow(ln.pv.slice(0, k + 1)));
      });
    }
    this.movesBox.innerHTML = "";
    const head = el("tr", {}, el("thead", {}, this.movesBox));
    for (const h of ["move", "value", "nodes"]) el("th", { text: h }, head);
    const body = el("tbody", {}, this.movesBox);
    for (const m of moves || []) {
      const tr = el("tr", { "data-move": m.move }, body);
      const td = el("td", {}, tr);
      const b = el("button", { type: "button", class: "link an-follow", text: m.move }, td);
      b.addEventListener("click", () => this.follow([m.move]));
      el("td", { text: m.value_text }, tr);
      el("td", { text: String(m.visits) }, tr);
    }
  }

  drawValues(values) {
    this.movesBox.innerHTML = "";
    const head = el("tr", {}, el("thead", {}, this.movesBox));
    for (const h of ["move", "value", "std err", "visits", "wins"]) el("th", { text: h }, head);
    const body = el("tbody", {}, this.movesBox);
    for (const v of values) {
      const tr = el("tr", { "data-move": v.move }, body);
      el("td", { text: v.move }, tr);
      el("td", { class: "an-value", text: v.valued ? v.text : "not tried" }, tr);
      el("td", { class: "an-se", text: v.se === null ? "-" : `±${v.se.toFixed(2)}` }, tr);
      el("td", { text: String(v.visits) }, tr);
      el("td", { text: v.win_rate === null ? "-" : `${(100 * v.win_rate).toFixed(1)}%` }, tr);
    }
  }
}
