// The lobby: choose a game, its mode or rule options, who sits where (you, another person, or the engine at a
// rated level of the game's ladder / at full strength), and the list of this browser's games.
//
// Its data (the games, their modes and levels) comes with the page (/api/lobby.js, solver/web/lobby.py), so the
// lobby is drawn without waiting for the WebSocket; the last choices are kept in this browser (localStorage).

import { el } from "./draw.js";
import { player, tokens } from "./connection.js";

/** The lobby's data: given to the page by /api/lobby.js (loaded before the modules), else asked for over the
 * WebSocket (the catalog: the levels of each mode are asked for when it is chosen). */
async function lobbyData(conn) {
  if (window.KOFUN_LOBBY) return window.KOFUN_LOBBY;
  const { games } = await conn.request({ type: "catalog" });
  return { games, default_level: 3 };
}

/** The last choices of the lobby, kept in this browser: the game, and per game its mode, rules and seats. */
export const choices = {
  all() {
    try {
      return JSON.parse(localStorage.getItem("kofun.lobby") || "{}");
    } catch {
      return {};
    }
  },
  get(game) {
    return (this.all().games || {})[game] || {};
  },
  set(game, entry) {
    const all = this.all();
    all.game = game;
    all.games = { ...(all.games || {}), [game]: { ...((all.games || {})[game] || {}), ...entry } };
    localStorage.setItem("kofun.lobby", JSON.stringify(all));
  },
};

let defaultLevel = 3; // the level preselected for an engine seat (the server's LOBBY_LEVEL)

export async function showLobby(main, conn) {
  const data = window.KOFUN_LOBBY || (await lobbyData(conn)); // no wait when the page was given it
  defaultLevel = data.default_level || defaultLevel;
  const { games } = data;
  main.innerHTML = "";
  const page = el("div", { id: "lobby", class: "lobby" }, main);
  const chooser = el("section", { class: "panel new-game" }, page);
  el("h2", { text: "New game" }, chooser);
  playerField(chooser);
  const list = el("div", { class: "game-choice", role: "radiogroup", "aria-label": "game", id: "games" }, chooser);
  const form = el("div", { class: "setup" }, chooser);
  const mine = el("section", { class: "panel my-games" }, page);
  let current = null;
  for (const g of games) {
    const b = el("button", { class: "game-button", "data-game": g.name, type: "button", role: "radio",
      "aria-checked": "false" }, list);
    el("strong", { text: g.title }, b);
    el("span", { class: "game-players", text: g.players_text || "" }, b);
    if (g.description) el("span", { class: "game-description", text: g.description }, b);
    el("span", { class: "muted", text: g.hidden_information ? "hidden information" : "perfect information" }, b);
    b.addEventListener("click", () => {
      for (const x of list.children) {
        x.classList.toggle("chosen", x === b);
        x.setAttribute("aria-checked", String(x === b));
      }
      current = g;
      choices.set(g.name, {});
      setupForm(form, conn, g).catch((e) => showError(form, e));
    });
  }
  const asked = new URLSearchParams(location.search).get("game") || choices.all().game || games[0].name;
  const start = list.querySelector(`[data-game="${asked}"]`) || list.firstChild;
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

function clearError(where) {
  const box = where.querySelector(".error");
  if (box) box.remove();
}

function defaultRules(game) {
  return Object.fromEntries(game.options.map((o) => [o.name, o.default]));
}

/** A rule's value as its input shows it (Sensei's pits, a list of squares: "c3 e3", or "none"). */
function shownValue(v) {
  return Array.isArray(v) ? v.join(" ") || "none" : String(v);
}

async function setupForm(form, conn, game) {
  form.innerHTML = "";
  const kept = choices.get(game.name);
  const rules = defaultRules(game);
  const keptMode = game.modes.find((m) => m.name === kept.mode);
  if (kept.mode === "" && kept.rules) Object.assign(rules, kept.rules);
  else if (keptMode || game.modes.length) Object.assign(rules, (keptMode || game.modes[0]).rules);
  const modeRow = el("label", { class: "row" }, form);
  el("span", { text: "Mode" }, modeRow);
  const mode = el("select", { id: "mode" }, modeRow);
  for (const m of game.modes) {
    const title = m.title || m.name;
    el("option", { value: m.name, text: `${title}${m.rated ? " (rated levels)" : " (no rated levels yet)"}` }, mode);
  }
  el("option", { value: "", text: "custom rules" }, mode);
  mode.value = kept.mode === "" && kept.rules ? "" : (keptMode || game.modes[0] || { name: "" }).name;
  const options = el("details", { class: "options" }, form);
  el("summary", { text: "Rule options" }, options);
  const inputs = {};
  for (const o of game.options) {
    const row = el("label", { class: "row", title: o.help }, options);
    el("span", { text: o.name.replaceAll("_", " ") }, row);
    let input;
    if (o.choices) {
      input = el("select", { "data-option": o.name }, row);
      for (const c of o.choices) el("option", { value: String(c), text: String(c) === "" ? "(default)" : String(c) }, input);
    } else if (typeof o.default === "boolean") {
      input = el("input", { type: "checkbox", "data-option": o.name }, row);
    } else if (typeof o.default === "number") {
      input = el("input", { type: "number", "data-option": o.name, inputmode: "numeric" }, row);
      if (o.min !== null) input.min = o.min;
      if (o.max !== null) input.max = o.max;
    } else {
      input = el("input", { type: "text", "data-option": o.name, spellcheck: "false" }, row);
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
      else input.value = shownValue(rules[o.name]);
    }
  };
  const read = () => {
    for (const o of game.options) {
      const input = inputs[o.name];
      if (input.type === "checkbox") rules[o.name] = input.checked;
      else if (typeof o.default === "number") rules[o.name] = input.value.trim() === "" ? o.default : Number(input.value);
      else rules[o.name] = input.value.trim();
    }
  };
  const remember = () => {
    choices.set(game.name, { mode: mode.value, rules: { ...rules }, seats: readSeats(seatsBox).map(seatValue) });
  };
  let levels = { levels: [] };
  const refresh = async () => {
    read();
    const chosen = game.modes.find((m) => m.name === mode.value);
    // a rated mode's levels came with the lobby's data; custom rules are asked for
    levels = chosen && chosen.levels ? chosen : await conn.request({ type: "levels", game: game.name, rules });
    clearError(form);
    const players = Number(rules.players || game.players);
    drawSeats(seatsBox, game, levels, players, choices.get(game.name).seats || []);
    showRating(conn, game, rules);
    note.textContent = levels.levels.length
      ? "Levels are rated on the game's ladder (Elo; random = 0, 400 points = 10:1 odds), with 95% intervals."
      : `No rated levels under these rules: ${levels.unrated_reason || ""} The engine plays at full strength (not rated).`;
    remember();
  };
  const drawn = () => {
    form.dataset.refreshed = String(Number(form.dataset.refreshed || 0) + 1); // the form is drawn for the choices
  };
  const refreshDrawn = () => refresh().catch((e) => showError(form, e)).finally(drawn);
  mode.addEventListener("change", async () => {
    const m = game.modes.find((x) => x.name === mode.value);
    if (m) Object.assign(rules, defaultRules(game), m.rules);
    fill();
    await refreshDrawn();
  });
  for (const input of Object.values(inputs)) {
    input.addEventListener("change", async () => {
      mode.value = "";
      await refreshDrawn();
    });
  }
  seatsBox.addEventListener("change", remember);
  go.addEventListener("click", async () => {
    try {
      read();
      const seats = readSeats(seatsBox);
      if (player.get() && seats[0].kind === "human") seats[0].player = player.get(); // "you": your own rating
      const request = { type: "create", game: game.name, rules, seats };
      if (seed.value !== "") request.seed = Number(seed.value);
      remember();
      const created = await conn.request(request);
      for (const [s, t] of Object.entries(created.tokens)) tokens.add(created.table, s, t);
      history.pushState({}, "", `/table/${created.table}`);
      window.dispatchEvent(new Event("popstate"));
    } catch (e) {
      showError(form, e);
    }
  });
  fill();
  await refresh().finally(drawn);
}

/** The words of an engine level in the seat's list: its rating with its interval, the scale's anchor said so. */
function levelText(lv) {
  const name = lv.full ? `full strength (${lv.name})` : lv.name;
  if (!lv.rated) return `engine level ${lv.level}: ${name}, not rated yet`;
  const anchor = lv.low === lv.high && lv.low === lv.rating;
  const rated = anchor
    ? `rated ${lv.rating}: the rating scale's anchor, ${lv.rating} by definition`
    : `rated ${lv.rating} (95%: ${lv.low} to ${lv.high})`;
  return `engine level ${lv.level}: ${name}, ${rated}`;
}

function drawSeats(box, game, levels, players, kept) {
  box.innerHTML = "";
  el("h3", { text: "Seats" }, box);
  for (let i = 0; i < players; i++) {
    const row = el("label", { class: "row seat-row" }, box);
    el("span", { text: seatName(game, i) }, row);
    const select = el("select", { "data-seat": String(i) }, row);
    el("option", { value: "human", text: i === 0 ? "you" : "a person (this browser or an invited one)" }, select);
    for (const lv of levels.levels) el("option", { value: `level:${lv.level}`, text: levelText(lv) }, select);
    for (const t of [1, 5]) el("option", { value: `time:${t}`, text: `engine by the clock, ${t} s a move (not rated)` }, select);
    const fallback = levels.levels.length ? `level:${Math.min(defaultLevel, levels.levels.length)}` : "time:1";
    select.value = i === 0 ? "human" : fallback;
    if (kept[i] && select.querySelector(`option[value="${kept[i]}"]`)) select.value = kept[i];
  }
}

const ORDINALS = ["First", "Second", "Third", "Fourth", "Fifth"];

/** A seat of the form: the game's name for it (X, South) or its place at the table ("Second seat"). */
function seatName(game, i) {
  const side = (game.sides || [])[i];
  return side && !/^player \d/.test(side) ? side : `${ORDINALS[i] || `Seat ${i + 1}`} seat`;
}

function seatValue(seat) {
  if (seat.kind === "human") return "human";
  return seat.level !== undefined ? `level:${seat.level}` : `time:${seat.time}`;
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
    const who = t.seats.map((s) => s.label || s.name).join(" vs ");
    el("span", { class: "muted", text: ` ${who} — ${t.status}${t.result ? ": " + (t.result_words || t.result) : ""}` }, li);
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
