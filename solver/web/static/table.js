// A game page: the board of the seat's view drawn by the game's module (games/<game>.js), moves made by clicking
// what the legal-move list allows, the engine's thinking, the result and the record.

import { el, named } from "./draw.js";
import { capital, drawRules, partOf } from "./words.js";
import { player, tokens } from "./connection.js";
import { MovePicker, targetLabel } from "./moves.js";
import { ReviewPanel } from "./review.js";
import { PuzzlePanel } from "./puzzles.js";

const modules = new Map();


/** The drawing module of `game` (static/games/<game>.js), loaded once with its stylesheet. */
export function gameModule(game) {
  if (!modules.has(game)) {
    const link = el("link", { rel: "stylesheet", href: `/static/games/${game}.css` });
    document.head.appendChild(link);
    modules.set(game, import(`/static/games/${game}.js`));
  }
  return modules.get(game);
}

export async function showTable(main, conn, tableId) {
  const fromLink = new URLSearchParams(location.hash.slice(1));
  let invited = null; // the seat of an invitation link: joined with this browser's name (its own rating)
  if (fromLink.get("token") && fromLink.get("seat")) {
    invited = fromLink.get("seat");
    tokens.add(tableId, fromLink.get("seat"), fromLink.get("token"));
    history.replaceState({}, "", `/table/${tableId}`);
  }
  const held = tokens.of(tableId);
  const seats = Object.keys(held).map(Number).sort();
  main.innerHTML = "";
  const page = el("div", { class: "table-page", id: "table", "data-table": tableId }, main);
  if (!seats.length) {
    el("p", { class: "error", text: "This browser holds no seat of this table (ask for an invitation link)." }, page);
    return;
  }
  const view = new TableView(page, conn, tableId, held);
  view.invited = invited;
  await view.start();
}

class TableView {
  constructor(page, conn, tableId, held) {
    this.page = page;
    this.conn = conn;
    this.table = tableId;
    this.held = held; // seat -> token
    this.states = new Map(); // seat -> last state
    this.seat = Number(Object.keys(held).sort()[0]);
    this.picker = null;
    this.build();
  }

  build() {
    const p = this.page;
    this.head = el("div", { class: "table-head" }, p);
    this.banner = el("div", { class: "banner", id: "result", hidden: "" }, p);
    this.ratingLine = el("p", { class: "rating-result", id: "rating-result", hidden: "" }, p);
    const body = el("div", { class: "table-body" }, p);
    this.root = el("div", { class: "board-root", id: "board" }, body);
    const side = el("aside", { class: "side" }, body);
    this.statusLine = el("p", { class: "status", id: "status", role: "status", "aria-live": "polite" }, side);
    this.thinking = el("p", { class: "thinking", id: "thinking" }, side);
    this.actions = el("div", { class: "actions", id: "actions" }, side);
    this.controls = el("div", { class: "controls" }, side);
    this.message = el("p", { class: "error", role: "alert", id: "message" }, side);
    const movesBox = el("details", { class: "legal", id: "legal-list" }, side);
    el("summary", { text: "All legal moves" }, movesBox);
    this.legalList = el("ul", {}, movesBox);
    const lastBox = el("details", { class: "history", open: "" }, side);
    this.movesTitle = el("summary", { text: "Moves" }, lastBox);
    this.lastList = el("ol", { id: "moves" }, lastBox);
    this.revealBox = el("div", { class: "reveal-box" }, p);
    this.reviewBox = el("div", { class: "review-box" }, p);
    this.review = null;
    this.root.addEventListener("click", (e) => {
      this.keyboard = false;
      this.onBoardClick(e);
    });
    // the keyboard: Tab goes through what can be clicked next, Enter (or Space) clicks it
    this.root.addEventListener("keydown", (e) => {
      if ((e.key !== "Enter" && e.key !== " ") || !e.target.closest("[data-target]")) return;
      e.preventDefault();
      this.keyboard = true;
      this.onBoardClick(e);
    });
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.resetPick();
    });
  }

  async start() {
    this.conn.on("state", (m) => {
      if (m.table !== this.table) return;
      this.states.set(m.seat, m);
      // The shown seat to move: draw it. Otherwise (hot seat) another seat of this browser may be the one to move
      // now, whichever seat's state came first: maybeSwitch shows it, or draws the shown seat.
      if (!this.held[this.seat] || (m.seat === this.seat && m.your_turn)) this.render();
      else this.maybeSwitch();
    });
    this.conn.on("thinking", (m) => {
      if (m.table === this.table) this.showThinking(m);
    });
    this.conn.on("queued", (m) => {
      if (m.table === this.table) this.thinking.textContent = `The engine waits for a free search thread: place ${m.place} in line.`;
    });
    this.conn.onOpen(() => {
      for (const [seat, token] of Object.entries(this.held)) {
        const join = (name) => this.conn.request({ type: "join", table: this.table, token, ...(name ? { player: name } : {}) });
        const name = seat === this.invited ? player.get() : "";
        join(name)
          .catch((e) => {
            if (!name) throw e;
            this.say(e.message); // the seat keeps its name; joined without ours
            return join("");
          })
          .catch((e) => this.say(e.message));
      }
    });
  }

  /** Hot seat: when the shown seat waits and another seat of this browser is to move, show that one. */
  maybeSwitch() {
    const shown = this.states.get(this.seat);
    if (shown && shown.your_turn) return;
    for (const [seat, st] of this.states) {
      if (st.your_turn && seat !== this.seat) {
        this.seat = seat;
        this.render();
        return;
      }
    }
    this.render();
  }

  /** The seats' names as this seat is shown them ("you", "Ann", "the engine", ...). */
  labels(st) {
    return st.seats.map((s) => s.label || s.name);
  }

  /** The game is over: nothing is secret any more, every other seat's view (its hand, its face-down tiles) is
   * drawn below the board. */
  async drawRevealed(st) {
    const asked = (this.revealAsked = (this.revealAsked || 0) + 1);
    const mod = await gameModule(st.game);
    if (asked !== this.revealAsked) return; // a newer state is drawn instead
    this.revealBox.innerHTML = "";
    if (!st.revealed || !st.revealed.length) return;
    const box = el("details", { class: "revealed", id: "revealed", open: "" }, this.revealBox);
    el("summary", { text: "The game is over: what every seat held" }, box);
    const ui = { seat: this.seat, names: this.labels(st), last: [] };
    for (const r of st.revealed) {
      const part = el("section", { class: "revealed-seat", "data-seat": String(r.seat) }, box);
      el("h3", { text: `As ${ui.names[r.seat] === "you" ? "you" : ui.names[r.seat]} saw it` }, part);
      const root = el("div", { class: "board-root revealed-board" }, part);
      mod.draw(root, r.board, { ...ui, seat: r.seat });
      for (const node of root.querySelectorAll("[data-target]")) node.removeAttribute("data-target");
    }
  }

  say(text) {
    this.message.textContent = text || "";
  }

  token() {
    return this.held[this.seat];
  }

  async render() {
    const first = this.states.get(this.seat);
    if (!first) return;
    const mod = await gameModule(first.game);
    const st = this.states.get(this.seat); // the newest state: another may have come in meanwhile
    this.drawHead(st);
    this.root.innerHTML = "";
    this.root.dataset.game = st.game;
    const ui = { seat: this.seat, names: this.labels(st), last: st.last };
    mod.draw(this.root, st.board, ui);
    this.picker = new MovePicker(st.legal);
    this.statusLine.textContent = named(st.board.status || "", ui);
    this.movesTitle.textContent = `Moves of this ${partOf(st.game)}`;
    if (!st.your_turn && st.status === "playing") {
      const mover = st.seats[st.to_move];
      const who = mover ? this.labels(st)[st.to_move] : "";
      if (mover && mover.kind === "ai") this.thinking.textContent = `${capital(who)} is thinking…`;
      else if (mover) this.thinking.textContent = `Waiting for ${who}.`;
    } else {
      this.thinking.textContent = st.your_turn ? "Your move." : "";
    }
    this.lastList.innerHTML = "";
    st.last.forEach((m) => el("li", { text: m }, this.lastList));
    this.legalList.innerHTML = "";
    for (const m of st.legal) {
      const li = el("li", {}, this.legalList);
      const b = el("button", { type: "button", class: "link", "data-move": m.move, text: m.label }, li);
      b.addEventListener("click", () => this.play(m));
    }
    this.drawControls(st);
    this.drawBanner(st);
    this.refreshPick();
  }

  drawHead(st) {
    this.head.innerHTML = "";
    el("h2", { text: st.title }, this.head);
    drawRules(this.head, st.rules_words);
    const seats = el("ul", { class: "seat-list", "aria-label": "the seats" }, this.head);
    st.seats.forEach((s, i) => {
      const li = el("li", { class: i === st.to_move ? "to-move" : "" }, seats);
      let text = capital(s.title || s.name);
      if (st.deals > 1) text += ` — match score ${st.scores[i]}`;
      el("span", { text }, li);
      if (Object.keys(this.held).length > 1 && this.held[i] !== undefined && i !== this.seat) {
        const b = el("button", { type: "button", class: "link", text: " show this seat" }, li);
        b.addEventListener("click", () => {
          this.seat = i;
          this.render();
        });
      }
    });
    if (st.deals > 1) el("p", { class: "muted", text: `${partOf(st.game)} ${st.deal} of ${st.deals}` }, this.head);
  }

  drawControls(st) {
    this.controls.innerHTML = "";
    if (st.game === "haniwa" && st.seats.length === 1 && st.your_turn) {
      const b = el("button", { type: "button", id: "best-turn", text: "Best turn (expected final score)" }, this.controls);
      b.addEventListener("click", () => this.bestTurn(b));
    }
    if (st.can_take_back && st.status === "playing") {
      const b = el("button", { type: "button", id: "takeback", text: "Take back" }, this.controls);
      b.addEventListener("click", () => this.send({ type: "takeback" }));
    }
    if (st.status === "playing") {
      const b = el("button", { type: "button", id: "resign", text: "Resign" }, this.controls);
      b.addEventListener("click", () => {
        if (confirm("Leave this game? It ends unfinished.")) this.send({ type: "resign" });
      });
    }
    if (st.record_available) {
      el("a", { href: `/record/${this.table}.json`, id: "download", class: "button", text: "Download the record", download: "" }, this.controls);
    }
    if (st.status !== "playing") {
      if (!this.review) {
        const pick = el("select", { id: "review-seat", "aria-label": "the seats to review" }, this.controls);
        el("option", { value: "", text: "every seat" }, pick);
        st.seats.forEach((s, i) => el("option", { value: String(i), text: `only ${this.labels(st)[i]}` }, pick));
      }
      const b = el("button", { type: "button", id: "review-start", text: this.review ? "Review shown below" : "Review" }, this.controls);
      b.disabled = Boolean(this.review);
      b.addEventListener("click", () => this.openReview(st));
    }
    const humans = st.seats.filter((s) => s.kind === "human").length;
    if (humans > 1 && st.status === "playing") {
      const b = el("button", { type: "button", text: "Invitation links" }, this.controls);
      b.addEventListener("click", () => this.showInvites(st));
    }
  }

  /** The review of the finished game: the graph, the decisions and their boards (review.js). */
  async openReview(st) {
    if (this.review) return;
    const pick = this.controls.querySelector("#review-seat");
    const request = pick && pick.value !== "" ? { seat: Number(pick.value) } : {};
    const mod = await gameModule(st.game);
    this.review = new ReviewPanel(this.reviewBox, this.conn, this.table, mod);
    // the person's mistakes as puzzles once the review is done (puzzles.js); kept for a seat with a name
    this.puzzles = new PuzzlePanel(this.reviewBox, this.conn, this.table, mod, (st.seats[this.seat] || {}).player || "");
    this.drawControls(st);
    await this.review.start(request);
  }

  showInvites(st) {
    const list = el("ul", { class: "invites" }, this.controls);
    for (const [seat, token] of Object.entries(this.held)) {
      if (Number(seat) === this.seat) continue;
      const url = `${location.origin}/table/${this.table}#seat=${seat}&token=${token}`;
      const li = el("li", {}, list);
      el("span", { text: `${capital(st.seats[seat].title || st.seats[seat].name)}: ` }, li);
      el("input", { type: "text", readonly: "", value: url, class: "invite" }, li);
    }
  }

  drawBanner(st) {
    if (st.status === "playing" || !st.result) {
      this.banner.hidden = true;
      return;
    }
    this.banner.hidden = false;
    this.banner.dataset.status = st.status;
    this.banner.textContent = `Game over: ${st.result.words || st.result.text}.`;
    this.drawRevealed(st);
    this.drawRating(st.rating);
  }

  /** The person's new rating at the end of the game, its deviation and the change (or why it was not rated). */
  drawRating(r) {
    this.ratingLine.hidden = !r;
    if (!r) return;
    this.ratingLine.dataset.rated = String(r.rated);
    if (!r.rated) {
      this.ratingLine.textContent = `${r.player}: unrated: ${r.reason}`;
      return;
    }
    const change = Math.round(r.change);
    this.ratingLine.textContent = `${r.player}: new rating ${Math.round(r.rating)} ± ${Math.round(r.rd)} in ${r.game} ` +
      `(${r.mode}), ${change >= 0 ? "+" : ""}${change} (was ${Math.round(r.before)} ± ${Math.round(r.rd_before)}; ` +
      `${r.games} rated game${r.games === 1 ? "" : "s"})`;
  }

  showThinking(m) {
    const st = this.states.get(this.seat);
    const who = st && st.seats[m.seat] ? capital(this.labels(st)[m.seat]) : "The engine";
    this.thinking.textContent = `${who} is thinking: ${m.line}${m.value === null ? "" : ` (value in ${m.unit})`}`;
  }

  onBoardClick(e) {
    const target = e.target.closest("[data-target]");
    if (!this.picker || !this.picker.legal.length) return;
    if (!target || !this.picker.click(target.dataset.target)) {
      this.resetPick();
      return;
    }
    const move = this.picker.decided();
    if (move && !move.preview) {
      this.play(move);
      return;
    }
    this.refreshPick();
  }

  resetPick() {
    if (this.picker) this.picker.reset();
    this.refreshPick();
  }

  refreshPick() {
    if (!this.picker) return;
    const next = this.picker.nextTargets();
    const picked = new Set(this.picker.picked);
    let first = null;
    for (const node of this.root.querySelectorAll("[data-target]")) {
      const can = next.has(node.dataset.target);
      node.classList.toggle("target", can);
      node.classList.toggle("picked", picked.has(node.dataset.target));
      node.setAttribute("aria-label", targetLabel(node));
      if (can) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        first = first || node;
      } else {
        node.removeAttribute("tabindex");
        node.removeAttribute("role");
      }
    }
    if (this.keyboard && first && !this.root.contains(document.activeElement)) first.focus();
    else if (this.keyboard && first && !document.activeElement.classList.contains("target")) first.focus();
    this.actions.innerHTML = "";
    const shown = this.picker.complete();
    for (const m of shown) {
      const b = el("button", { type: "button", class: "move-button", "data-move": m.move, text: m.label }, this.actions);
      if (m.preview) {
        b.addEventListener("mouseenter", () => this.preview(m));
        b.addEventListener("focus", () => this.preview(m));
        b.addEventListener("click", () => this.confirm(m));
      } else {
        b.addEventListener("click", () => this.play(m));
      }
    }
    if (this.picker.picked.length) {
      const c = el("button", { type: "button", class: "link", text: "cancel (Esc)" }, this.actions);
      c.addEventListener("click", () => this.resetPick());
    }
    const only = this.picker.decided();
    if (only && only.preview) this.confirm(only);
  }

  async preview(m) {
    const st = this.states.get(this.seat);
    const mod = await gameModule(st.game);
    if (mod.preview) mod.preview(this.root, st.board, m);
  }

  confirm(m) {
    this.preview(m);
    this.actions.innerHTML = "";
    el("span", { text: `${m.label}? ` }, this.actions);
    const ok = el("button", { type: "button", class: "primary", id: "confirm", text: "Confirm" }, this.actions);
    ok.addEventListener("click", () => this.play(m));
    const no = el("button", { type: "button", class: "link", text: "cancel" }, this.actions);
    no.addEventListener("click", () => this.render());
  }

  /** Sends a move once: until the answer nothing more is offered (a second click, or a click on what the board
   * showed before the answer came, would be a second move); an error offers the moves again. */
  async play(m) {
    if (!this.picker) return;
    this.hold();
    this.say("");
    if (!(await this.send({ type: "move", move: m.move }))) this.render();
  }

  /** A move is on its way: the board's targets, the move buttons and the legal list offer nothing. */
  hold() {
    this.picker = null;
    for (const node of this.root.querySelectorAll(".target")) {
      node.classList.remove("target", "picked");
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
    }
    this.actions.innerHTML = "";
    for (const b of this.legalList.querySelectorAll("button")) b.disabled = true;
  }

  /** Solo Haniwa: the best plans of this turn with their expected final score and rank probabilities. */
  async bestTurn(button) {
    button.disabled = true;
    button.textContent = "Searching the best turn…";
    try {
      const found = await this.conn.request({ type: "best_turn", table: this.table, token: this.token() });
      const box = el("div", { class: "best-turn", id: "best-turn-plans" }, this.controls);
      el("p", { class: "muted", text: `over ${found.samples} sampled futures, ${found.candidates} candidate plans; ${found.unit}` }, box);
      const list = el("ol", {}, box);
      for (const plan of found.plans) {
        const ci = plan.ci95 ? ` (95%: ${plan.ci95[0].toFixed(1)} to ${plan.ci95[1].toFixed(1)})` : "";
        const ranks = Object.entries(plan.ranks).filter(([, v]) => v > 0).map(([k, v]) => `${k} ${(100 * v).toFixed(0)}%`).join(", ");
        el("li", { text: `${plan.moves.join(" ")}: expected ${plan.expected.toFixed(1)} points${ci}; ranks ${ranks}` }, list);
      }
      button.remove();
    } catch (e) {
      this.say(e.message);
      button.disabled = false;
      button.textContent = "Best turn (expected final score)";
    }
  }

  /** Sends a request of this seat; says the error, if any, and returns whether it was answered without one. */
  async send(request) {
    try {
      await this.conn.request({ ...request, table: this.table, token: this.token() });
      return true;
    } catch (e) {
      this.say(e.message);
      return false;
    }
  }
}
