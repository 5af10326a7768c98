// Learning from one's mistakes, on a reviewed game's page: when the review is done, each mistake or blunder of
// the person's seat (a seat with a name: their profile) is one of their puzzles, kept by the server. The button
// walks through them: the position as the seat saw it (its information state in a hidden-information game) is
// drawn by the game's own module, the person clicks a better move, and the server's `verdict` says whether it is
// among the moves the review found within the mistake threshold; then the review's moves and line are shown, and
// how many of the person's puzzles are solved.

import { el, named } from "./draw.js";
import { MovePicker, targetLabel } from "./moves.js";

function countsText(c) {
  const missed = c.missed ? `, ${c.missed} missed` : "";
  const fresh = c.new ? `, ${c.new} not tried yet` : "";
  return `Solved ${c.solved} of ${c.puzzles} puzzle${c.puzzles === 1 ? "" : "s"}${missed}${fresh}.`;
}

export class PuzzlePanel {
  /** `who`: the profile name of the person's seat ("" when the seat has none: nothing is kept for it). */
  constructor(parent, conn, tableId, mod, who) {
    this.conn = conn;
    this.table = tableId;
    this.mod = mod;
    this.who = who;
    this.list = [];
    this.at = -1;
    this.box = el("section", { class: "panel puzzles", id: "puzzles", hidden: "" }, parent);
    el("h3", { text: "Learn from your mistakes" }, this.box);
    this.note = el("p", { class: "muted", id: "puzzles-note" }, this.box);
    this.startButton = el("button", { type: "button", class: "primary", id: "puzzles-start", hidden: "" }, this.box);
    this.startButton.addEventListener("click", () => this.start());
    this.body = el("div", { class: "puzzle-body", hidden: "" }, this.box);
    this.head = el("p", { class: "puzzle-head", id: "puzzle-head" }, this.body);
    this.prompt = el("p", { class: "puzzle-prompt", id: "puzzle-prompt" }, this.body);
    this.root = el("div", { class: "board-root", id: "puzzle-board" }, this.body);
    this.actions = el("div", { class: "actions", id: "puzzle-actions" }, this.body);
    this.verdict = el("div", { class: "puzzle-verdict", id: "puzzle-verdict", role: "status", "aria-live": "polite" }, this.body);
    this.steps = el("div", { class: "review-steps" }, this.body);
    this.counts = el("p", { class: "puzzle-counts", id: "puzzle-counts" }, this.box);
    this.message = el("p", { class: "error", role: "alert", id: "puzzle-message" }, this.box);
    this.root.addEventListener("click", (e) => this.onClick(e));
    this.root.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && e.target.closest("[data-target]")) {
        e.preventDefault();
        this.onClick(e);
      }
    });
    conn.on("review_done", (m) => {
      if (m.table === this.table) this.offer(m);
    });
  }

  /** The review is done: the button, with how many of the person's mistakes it kept. */
  offer(done) {
    this.box.hidden = false;
    if (!this.who) {
      this.note.textContent = "Puzzles are kept for a seat with a name: give your name in the lobby before a game.";
      return;
    }
    if (done.stopped) {
      this.note.textContent = "The review was stopped: a whole review makes the puzzles.";
      return;
    }
    const kept = (done.puzzles || []).find((k) => k.player === this.who);
    if (!kept) {
      this.note.textContent = `${this.who}'s seat was not reviewed: review every seat, or this one, for its puzzles.`;
      return;
    }
    const n = kept.puzzles;
    if (!n) {
      this.note.textContent = `No mistake or blunder of ${this.who}'s in this game: nothing to learn from here.`;
      return;
    }
    this.note.textContent = `${n} of ${this.who}'s moves in this game were mistakes or blunders: find a better move in each.`;
    this.startButton.textContent = `Learn from your mistakes (${n})`;
    this.startButton.hidden = false;
  }

  async start() {
    this.say("");
    try {
      const found = await this.conn.request({ type: "puzzles", name: this.who, table: this.table });
      this.list = found.puzzles;
      this.counts.textContent = countsText(found.counts);
      this.startButton.hidden = true;
      this.body.hidden = false;
      const first = this.list.findIndex((z) => z.status !== "solved");
      await this.show(first < 0 ? 0 : first);
    } catch (e) {
      this.say(e.message);
    }
  }

  say(text) {
    this.message.textContent = text || "";
  }

  /** Puzzle `at` of the list: its board as the seat saw it, its legal moves to click. */
  async show(at) {
    const entry = this.list[at];
    if (!entry) return;
    this.at = at;
    this.verdict.innerHTML = "";
    this.verdict.removeAttribute("data-correct");
    this.steps.innerHTML = "";
    const z = await this.conn.request({ type: "puzzle", name: this.who, puzzle: entry.puzzle });
    this.shown = z;
    this.body.dataset.puzzle = String(z.puzzle);
    const side = z.names[z.seat] === z.player ? "" : `, playing ${z.player}`;
    this.head.textContent = `Puzzle ${at + 1} of ${this.list.length}: move ${z.ply + 1} of deal ${z.deal + 1}, your move${side} (the ${z.view} as you saw it)`;
    this.prompt.textContent = `You played ${z.played} here: a ${z.class}. Find a better move.`;
    this.root.innerHTML = "";
    this.root.dataset.game = z.game;
    this.ui = { seat: z.seat, names: z.names, last: [] };
    this.mod.draw(this.root, z.board, this.ui);
    this.picker = new MovePicker(z.legal);
    this.refresh();
  }

  onClick(e) {
    if (!this.picker || !this.picker.legal.length) return;
    const target = e.target.closest("[data-target]");
    if (!target || !this.picker.click(target.dataset.target)) {
      this.picker.reset();
      this.refresh();
      return;
    }
    const move = this.picker.decided();
    if (move) this.answer(move);
    else this.refresh();
  }

  /** Outlines what can be clicked next; the moves with nothing (more) to click are buttons. */
  refresh() {
    const next = this.picker.nextTargets();
    const picked = new Set(this.picker.picked);
    for (const node of this.root.querySelectorAll("[data-target]")) {
      const can = next.has(node.dataset.target);
      node.classList.toggle("target", can);
      node.classList.toggle("picked", picked.has(node.dataset.target));
      node.setAttribute("aria-label", targetLabel(node));
      if (can) node.setAttribute("tabindex", "0");
      else node.removeAttribute("tabindex");
    }
    this.actions.innerHTML = "";
    for (const m of this.picker.complete()) {
      const b = el("button", { type: "button", class: "move-button", "data-move": m.move, text: m.label }, this.actions);
      b.addEventListener("click", () => this.answer(m));
    }
  }

  /** The answer: the server's verdict, the review's moves and line, the counts. */
  async answer(m) {
    this.say("");
    const z = this.shown;
    let v;
    try {
      v = await this.conn.request({ type: "answer", name: this.who, puzzle: z.puzzle, move: m.move });
    } catch (e) {
      this.say(e.message);
      return;
    }
    this.picker = new MovePicker([]);
    this.refresh();
    this.list[this.at] = { ...this.list[this.at], status: v.status, attempts: v.attempts };
    this.verdict.innerHTML = "";
    this.verdict.dataset.correct = String(v.correct);
    const within = `within the mistake threshold (${v.mistake} ${v.unit}) of the best`;
    el("p", { class: v.correct ? "right" : "wrong", id: "puzzle-result", text: v.correct
      ? `Right: ${v.move} is among the moves the review found ${within}.`
      : `Not this one: ${v.move} is not among the moves the review found ${within}.` }, this.verdict);
    const value = v.value ? `the review values it: ${named(v.value, this.ui)}` : v.bounded ? "the review's search only bounded its value" : "the review did not value it";
    el("p", { class: "muted", text: `${v.move}: ${value}.` }, this.verdict);
    el("p", { id: "puzzle-accepted", text: `The review's moves: ${v.accepted.join(", ")} (best ${v.best}; you had played ${v.played}).` }, this.verdict);
    if (v.line.length) el("p", { id: "puzzle-line", text: `The review's line: ${v.line.join(" ")}` }, this.verdict);
    this.counts.textContent = countsText(v.counts);
    this.steps.innerHTML = "";
    if (!v.correct) {
      const again = el("button", { type: "button", id: "puzzle-again", text: "Try again" }, this.steps);
      again.addEventListener("click", () => this.show(this.at));
    }
    if (this.at + 1 < this.list.length) {
      const b = el("button", { type: "button", class: "primary", id: "puzzle-next", text: "Next puzzle ▶" }, this.steps);
      b.addEventListener("click", () => this.show(this.at + 1));
    } else {
      el("p", { class: "muted", id: "puzzle-end", text: "That was the last puzzle of this game." }, this.steps);
    }
  }
}
