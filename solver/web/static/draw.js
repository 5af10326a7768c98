// Small DOM helpers shared by the game drawing modules (static/games/<game>.js).
//
// A game module exports `draw(root, board, ui)` (and optionally `preview(root, board, entry)`):
//   root  - an empty <div class="board-root"> to fill with SVG or HTML;
//   board - the board data of the seat's view (solver/web/boards/<game>.py);
//   ui    - { seat: the viewer's seat or null, names: a display name per seat, last: the public moves of the
//           current deal so far (notation, most recent last) }.
// Every element a person can click to make a move carries data-target="<id>" (the ids of the board module's
// move_targets). The page adds the class "target" to the elements that are a next click of some legal move and
// "picked" to those already chosen; it handles the clicks.

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes, appended to `parent` when given. */
export function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** An HTML element with attributes (class, data-*, ...) and optional text, appended to `parent` when given. */
export function el(tag, attrs = {}, parent = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** A legend: a list of [swatch colour or symbol, meaning] pairs, drawn as a small HTML list. */
export function legend(items, parent) {
  const list = el("ul", { class: "legend" }, parent);
  for (const [mark, meaning] of items) {
    const li = el("li", {}, list);
    if (mark.startsWith("#") || mark.startsWith("rgb") || mark.startsWith("var(")) {
      el("span", { class: "swatch", style: `background:${mark}` }, li);
    } else {
      el("span", { class: "mark", text: mark }, li);
    }
    el("span", { text: meaning }, li);
  }
  return list;
}

const YOU_VERBS = { picks: "pick", places: "place", wins: "win", scores: "score", has: "have", is: "are",
  takes: "take", plays: "play", chooses: "choose", bids: "bid", passes: "pass", calls: "call", stops: "stop",
  moves: "move", shares: "share", rolls: "roll", discards: "discard", gets: "get", leads: "lead" };

/** A board's text with its seats named as the page names them. The board modules say "player N" (the
 * notation's numbering: a board is a function of the seat's view alone, and the seats' names are the table's);
 * `ui.names` holds the name of each seat ("you", "Ann", "the engine", ...). "you (player 0)" and "player 0 (you)"
 * become "you" (a verb after it agrees: "you pick"), "players 0 and 2" the two names. */
export function named(text, ui) {
  const names = ui && ui.names;
  if (!text || !names || !names.length) return text || "";
  const of = (n) => names[Number(n)] || `player ${n}`;
  const cap = (word, like) => (like[0] === like[0].toUpperCase() ? word[0].toUpperCase() + word.slice(1) : word);
  let out = text.replace(/\b([Yy]ou) \(player \d\)/g, "$1");
  out = out.replace(/\b([Pp])layer (\d) \(you\)( (\w+))?/g, (m, p, n, rest, verb) => {
    const who = cap(of(n), p);
    if (!rest) return who;
    const fixed = of(n) === "you" && YOU_VERBS[verb] ? YOU_VERBS[verb] : verb;
    return `${who} ${fixed}`;
  });
  out = out.replace(/\bplayers (\d) and (\d)\b/g, (m, a, b) => `${of(a)} and ${of(b)}`);
  out = out.replace(/\b([Pp])layer (\d)\b( (\w+))?/g, (m, p, n, rest, verb) => {
    const who = cap(of(n), p);
    if (!rest) return who;
    return `${who} ${of(n) === "you" && YOU_VERBS[verb] ? YOU_VERBS[verb] : verb}`;
  });
  return out;
}
