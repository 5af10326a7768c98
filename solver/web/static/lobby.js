// The lobby: choose a game, its mode or rule options, who sits where (you, another person, or the engine at a
// rated level of the game's ladder / at full strength), and the list of this browser's games.

import { el } from "./draw.js";
import { player, tokens } from "./connection.js";

export async function showLobby(main, conn) {
  main.innerHTML = "";
  const page = el("div", { id: "lobby", class: "lobby" }, main);
  const { games } = await conn.request({ type: "catalog" });
  const chooser = el("section", { class: "panel new-game" }, page);
  el("h2", { text: "New game" }, chooser);
  playerField(chooser);
  const list = el("div", { class: "game-choice", role: "radiogroup", "aria-label": "game" }, chooser);
  const form = el("div", { class: "setup" }, chooser);
  const mine = el("section", { class: "panel my-games" }, page);
  let current = null;
  for (const g of games) {
    const b = el("button", { class: "game-button", "data-game": g.name, type: "button" }, list);
    el("strong", { text: g.title }, b);
    el("span", { class: "muted", text: g.hidden_information ? "hidden information" : "perfect information" }, b);
    b.addEventListener("click", () => {
      for (const x of list.children) x.classList.toggle("chosen", x === b);
      current = g;
      setupForm(form, conn, g).catch((e) => showError(form, e));
    });
  }
  const first = new URLSearchParams(location.search).get("game") || games[0].name;
  const start = list.querySelector(`[data-game="${first}"]`) || list.firstChild;
  start.click();
  await listGames(mine, conn);
  return current;
}

// The person's name (kept in this browser) and their rating in the chosen game and mode, beside it.
let ratingOf = null; // { conn, game, rules, asked }: what the rating line shows

function playerField(box) {
  const row = el("label", { class: "row player-row" }, box);
  el("span", { text: "Your name" }, row);
  const input = el("input", { id: "player-name", type: "text", maxlength: "40", autocomplete: "nickname",
    placeholder: "for your own rating (optional)" }, row);
  input.value = player.get();
  el("small", { class: "muted", id: "player-rating" }, row);
  input.addEventListener("change", () => {
    player.set(input.value);
    if (ratingOf) showRating(ratingOf.conn, ratingOf.game, ratingOf.rules);
  });
}

async function showRating(conn, game, rules) {
  const asked = (ratingOf ? ratingOf.asked : 0) + 1;
  ratingOf = { conn, game, rules: { ...rules }, asked };
  const line = document.getElementById("player-rating");
  if (!line) return;
  const name = player.get();
  if (!name) {
    line.textContent = "Give your name to keep your own rating (Glicko-2) in the rated modes.";
    return;
  }
  let text;
  try {
    text = ratingText(await conn.request({ type: "profile", name, game: game.name, rules }), game);
  } catch (e) {
    text = e.message;
  }
  if (ratingOf.asked === asked) line.textContent = text; // an older answer is not shown over a newer one
}

function ratingText(p, game) {
  if (!p.mode) return `${p.name}: unrated under these rules (${p.unrated_reason})`;
  const where = `${game.title}, ${p.mode}`;
  if (!p.rating) return `${p.name}: no rating yet in ${where}; starts at ${Math.round(p.initial.rating)} ± ${Math.round(p.initial.rd)}`;
  const r = p.rating;
  return `${p.name}: rated ${Math.round(r.rating)} ± ${Math.round(r.rd)} in ${where} (${r.games} rated game${r.games === 1 ? "" : "s"})`;
}

function showError(where, e) {
  let box = where.querySelector(".error");
  if (!box) box = el("p", { class: "error", role: "alert" }, where);
  box.textContent = String(e.message || e);
}

function defaultRules(game) {
  return Object.fromEntries(game.options.map((o) => [o.name, o.default]));
}

async function setupForm(form, conn, game) {
  form.innerHTML = "";
  const rules = defaultRules(game);
  if (game.modes.length) Object.assign(rules, game.modes[0].rules);
  const modeRow = el("label", { class: "row" }, form);
  el("span", { text: "Mode" }, modeRow);
  const mode = el("select", { id: "mode" }, modeRow);
  for (const m of game.modes) {
    el("option", { value: m.name, text: `${m.name}${m.rated ? " (rated levels)" : " (no rated levels yet)"}` }, mode);
  }
  el("option", { value: "", text: "custom rules" }, mode);
  const options = el("details", { class: "options" }, form);
  el("summary", { text: "Rule options" }, options);
  const inputs = {};
  for (const o of game.options) {
    const row = el("label", { class: "row", title: o.help }, options);
    el("span", { text: o.name }, row);
    let input;
    if (o.choices) {
      input = el("select", { "data-option": o.name }, row);
      for (const c of o.choices) el("option", { value: String(c), text: String(c) }, input);
    } else if (typeof o.default === "boolean") {
      input = el("input", { type: "checkbox", "data-option": o.name }, row);
    } else {
      input = el("input", { type: "number", "data-option": o.name }, row);
      if (o.min !== null) input.min = o.min;
      if (o.max !== null) input.max = o.max;
    }
    el("small", { class: "muted", text: o.help }, row);
    inputs[o.name] = input;
  }
  const seatsBox = el("div", { class: "seats" }, form);
  const seedRow = el("label", { class: "row" }, form);
  el("span", { text: "Seed" }, seedRow);
  const seed = el("input", { id: "seed", type: "number", min: "0", placeholder: "random" }, seedRow);
  el("small", { class: "muted", text: "the same seed deals the same game and the engine plays it the same way" }, seedRow);
  const go = el("button", { id: "start", class: "primary", type: "button", text: "Start the game" }, form);
  const note = el("p", { class: "muted note" }, form);

  const fill = () => {
    for (const o of game.options) {
      const input = inputs[o.name];
      if (input.type === "checkbox") input.checked = Boolean(rules[o.name]);
      else input.value = String(rules[o.name]);
    }
  };
  const read = () => {
    for (const o of game.options) {
      const input = inputs[o.name];
      if (input.type === "checkbox") rules[o.name] = input.checked;
      else if (typeof o.default === "number") rules[o.name] = Number(input.value);
      else rules[o.name] = input.value;
    }
  };
  let levels = { levels: [] };
  const refresh = async () => {
    read();
    levels = await conn.request({ type: "levels", game: game.name, rules });
    const players = Number(rules.players || game.players);
    drawSeats(seatsBox, game, levels, players);
    showRating(conn, game, rules);
    note.textContent = levels.levels.length
      ? "Levels are rated on the game's ladder (Elo; random = 0, 400 points = 10:1 odds), with 95% intervals."
      : `No rated levels under these rules: ${levels.unrated_reason || ""} The engine plays at full strength (not rated).`;
  };
  mode.addEventListener("change", async () => {
    const m = game.modes.find((x) => x.name === mode.value);
    if (m) Object.assign(rules, defaultRules(game), m.rules);
    fill();
    await refresh().catch((e) => showError(form, e));
  });
  for (const input of Object.values(inputs)) {
    input.addEventListener("change", async () => {
      mode.value = "";
      await refresh().catch((e) => showError(form, e));
    });
  }
  go.addEventListener("click", async () => {
    try {
      read();
      const seats = readSeats(seatsBox);
      if (player.get() && seats[0].kind === "human") seats[0].player = player.get(); // "you": your own rating
      const request = { type: "create", game: game.name, rules, seats };
      if (seed.value !== "") request.seed = Number(seed.value);
      const created = await conn.request(request);
      for (const [s, t] of Object.entries(created.tokens)) tokens.add(created.table, s, t);
      history.pushState({}, "", `/table/${created.table}`);
      window.dispatchEvent(new Event("popstate"));
    } catch (e) {
      showError(form, e);
    }
  });
  fill();
  await refresh();
}

function drawSeats(box, game, levels, players) {
  box.innerHTML = "";
  el("h3", { text: "Seats" }, box);
  for (let i = 0; i < players; i++) {
    const row = el("label", { class: "row seat-row" }, box);
    el("span", { text: `Seat ${i + 1}` }, row);
    const select = el("select", { "data-seat": String(i) }, row);
    el("option", { value: "human", text: i === 0 ? "you" : "a person (this browser or an invited one)" }, select);
    for (const lv of levels.levels) {
      const name = lv.full ? `full strength (${lv.name})` : lv.name;
      const rated = lv.rated
        ? `rated ${lv.rating} (${lv.low === lv.high ? "the scale's anchor" : `95%: ${lv.low} to ${lv.high}`})`
        : "not rated yet";
      el("option", { value: `level:${lv.level}`, text: `engine level ${lv.level}: ${name}, ${rated}` }, select);
    }
    for (const t of [1, 5]) el("option", { value: `time:${t}`, text: `engine by the clock, ${t} s a move (not rated)` }, select);
    select.value = i === 0 ? "human" : levels.levels.length ? "level:1" : "time:1";
  }
}

function readSeats(box) {
  return [...box.querySelectorAll("select[data-seat]")].map((s) => {
    if (s.value === "human") return { kind: "human" };
    const [kind, v] = s.value.split(":");
    return kind === "level" ? { kind: "ai", level: Number(v) } : { kind: "ai", time: Number(v) };
  });
}

async function listGames(box, conn) {
  box.innerHTML = "";
  el("h2", { text: "Your games" }, box);
  const held = tokens.list();
  const { tables } = held.length ? await conn.request({ type: "list", tokens: held }) : { tables: [] };
  if (!tables.length) el("p", { class: "muted", text: "No games yet in this browser." }, box);
  const list = el("ul", { class: "game-list", id: "my-games" }, box);
  for (const t of tables) {
    const li = el("li", { "data-table": t.table, "data-status": t.status }, list);
    const a = el("a", { href: `/table/${t.table}`, text: `${t.title}` }, li);
    a.dataset.table = t.table;
    const who = t.seats.map((s) => s.name).join(" vs ");
    el("span", { class: "muted", text: ` ${who} — ${t.status}${t.result ? ": " + t.result : ""}` }, li);
    if (t.status !== "playing") el("a", { href: `/record/${t.table}.json`, class: "record-link", text: " record" }, li);
  }
  const upload = el("label", { class: "row upload" }, box);
  el("span", { text: "Open a game record (JSON) to continue or view it" }, upload);
  const file = el("input", { type: "file", accept: ".json,application/json", id: "upload" }, upload);
  file.addEventListener("change", async () => {
    try {
      const record = JSON.parse(await file.files[0].text());
      const created = await conn.request({ type: "upload", record });
      for (const [s, t] of Object.entries(created.tokens)) tokens.add(created.table, s, t);
      history.pushState({}, "", `/table/${created.table}`);
      window.dispatchEvent(new Event("popstate"));
    } catch (e) {
      showError(box, e);
    }
  });
}
