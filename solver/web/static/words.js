// The page's words for a table: the rules said in words (the table's rules_words: solver/web/rule_words.py), the
// game's word for the part of a match the move list shows.

import { el } from "./draw.js";

/** What a game calls the part of a match that the move list shows (a Koi-Koi match is played in deals). */
const PART = { koikoi: "deal" };

export const partOf = (game) => PART[game] || "game";

export const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** The rules in words: the mode, what differs from its standard, and every rule folded. */
export function drawRules(parent, words) {
  if (!words) return;
  const box = el("div", { class: "rules", id: "rules" }, parent);
  const changed = words.changes.length ? `, except: ${words.changes.join("; ")}` : "";
  el("p", { class: "muted rules-mode", text: `Rules: ${words.mode}${changed}.` }, box);
  if (!words.all.length) return;
  const all = el("details", { class: "rules-all" }, box);
  el("summary", { text: "All the rules" }, all);
  const list = el("ul", {}, all);
  for (const w of words.all) el("li", { text: w }, list);
}
