// Sensei: the 7x7 board as SVG (South's home row 1 at the bottom; turned round when the viewer is North). A turn
// is clicked action by action: a stone or the character (data-target "sq:<square>"), then its destination square;
// the frame shows "end turn" as a button. The last turn's actions are drawn as arrows and their squares carry the
// class "last"; the actions of the turn under way are listed beside the board.
import { svg, el, legend } from "../draw.js";

const CELL = 80;
const MARGIN = 30;

/** The actions of the turn under way and of the turn before it, read from the end of ui.last. The turn under way
 * has board.turn.actions_done actions. The one before is found by undoing it on its player's pieces: only that
 * player's pieces moved since (the other side moves only its own, and nothing is ever captured), so each of its
 * actions, newest first, ends on one of them — a stone move on a stone of that player, a character move on the
 * character — until an "end", a third stone move, a second character move or an action of the other player. */
export function splitTurns(moves, board) {
  const n = moves.length;
  const k = Math.min(board.turn.actions_done, n);
  const current = moves.slice(n - k);
  if (board.phase === "over" && current.length) return { current: [], previous: current };
  let i = n - k - 1;
  if (i >= 0 && moves[i] === "end") i--;
  const previous = [];
  const newest = i >= 0 ? parseAction(moves[i]) : null;
  if (!newest) return { current, previous };
  const owner = newest.kind === "character"
    ? board.characters.indexOf(newest.to)
    : board.stones.findIndex((list) => list.includes(newest.to));
  if (owner < 0) return { current, previous };
  const stones = new Set(board.stones[owner]);
  let character = board.characters[owner];
  let stoneMoves = 0;
  let characterMoves = 0;
  for (; i >= 0; i--) {
    const a = parseAction(moves[i]);
    if (!a) break;
    if (a.kind === "character") {
      if (characterMoves >= 1 || a.to !== character) break;
      character = a.from;
      characterMoves++;
    } else {
      if (stoneMoves >= 2 || !stones.has(a.to)) break;
      stones.delete(a.to);
      stones.add(a.from);
      stoneMoves++;
    }
    previous.unshift(moves[i]);
  }
  return { current, previous };
}

function parseAction(text) {
  const m = /^([a-g][1-7])([-*])([a-g][1-7])$/.exec(text);
  return m ? { from: m[1], kind: m[2] === "*" ? "character" : "stone", to: m[3] } : null;
}

function actionWords(text) {
  const a = parseAction(text);
  return a ? `${a.kind} ${a.from} → ${a.to}` : text;
}

function arrowDefs(root) {
  const defs = svg("defs", {}, root);
  for (const kind of ["last", "now"]) {
    const marker = svg("marker", {
      id: `sn-head-${kind}`, viewBox: "0 0 10 10", refX: "6", refY: "5",
      markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse",
    }, defs);
    svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: `sn-head sn-${kind}` }, marker);
  }
}

export function draw(root, board, ui) {
  const flip = ui && ui.seat === 1;
  const wrap = el("div", { class: "sn" }, root);
  const turns = splitTurns((ui && ui.last) || [], board);

  const size = board.size * CELL + 2 * MARGIN;
  const pic = svg("svg", {
    viewBox: `0 0 ${size} ${size}`, class: "sn-svg", role: "img", "aria-label": "Sensei board",
  }, wrap);
  arrowDefs(pic);
  const x = (col) => MARGIN + (flip ? board.size - 1 - col : col) * CELL;
  const y = (row) => MARGIN + (flip ? row : board.size - 1 - row) * CELL;
  const centre = (name) => {
    const col = board.files.indexOf(name[0]);
    const row = Number(name.slice(1)) - 1;
    return [x(col) + CELL / 2, y(row) + CELL / 2];
  };
  const lastSquares = new Set(turns.previous.flatMap((t) => {
    const a = parseAction(t);
    return a ? [a.from, a.to] : [];
  }));

  // Goal rows: row 7 is South's goal, row 1 North's; a band in the colour of the player who races there.
  for (const [player, row] of [[0, 6], [1, 0]]) {
    svg("rect", {
      x: MARGIN - 10, y: y(row), width: 8, height: CELL,
      fill: board.colours[board.players[player]], class: "sn-goal",
    }, pic);
  }
  for (const sq of board.squares) {
    const cls = ["sn-sq"];
    if (sq.stone !== null) cls.push("has-piece");
    if (sq.pit) cls.push("pit");
    if (lastSquares.has(sq.name)) cls.push("last");
    if (sq.name === board.win_square) cls.push("win");
    const g = svg("g", { class: cls.join(" "), "data-target": sq.id }, pic);
    const light = (sq.col + sq.row) % 2 === 1;
    svg("rect", {
      x: x(sq.col), y: y(sq.row), width: CELL, height: CELL,
      fill: board.colours[light ? "light" : "dark"], class: "sn-cell",
    }, g);
    const cx = x(sq.col) + CELL / 2;
    const cy = y(sq.row) + CELL / 2;
    if (sq.pit) {
      svg("rect", {
        x: cx - 29, y: cy - 29, width: 58, height: 58, rx: 12, fill: board.colours.pit, class: "sn-pit",
      }, g);
      svg("rect", { x: cx - 21, y: cy - 19, width: 42, height: 42, rx: 8, class: "sn-pit-in" }, g);
    }
    if (sq.stone !== null) {
      svg("circle", { cx, cy, r: 31, fill: board.colours[board.players[sq.stone]], class: `sn-stone p${sq.stone}` }, g);
      if (sq.character) {
        svg("circle", { cx, cy, r: 22, class: `sn-char-ring p${sq.stone}` }, g);
        svg("text", { x: cx, y: cy + 12, class: `sn-char p${sq.stone}`, text: "♛" }, g);
      }
    }
    svg("circle", { cx, cy, r: 12, class: "sn-dot" }, g);
    svg("rect", { x: x(sq.col) + 3, y: y(sq.row) + 3, width: CELL - 6, height: CELL - 6, rx: 6, class: "sn-hl" }, g);
  }
  for (let i = 0; i < board.size; i++) {
    svg("text", { x: x(i) + CELL / 2, y: size - 8, class: "sn-coord", text: board.files[i] }, pic);
    svg("text", { x: size - MARGIN / 2, y: y(i) + CELL / 2 + 7, class: "sn-coord", text: String(i + 1) }, pic);
  }
  // Arrows: the last turn (orange) and the actions of the turn under way (blue); they let clicks through.
  const arrows = svg("g", { class: "sn-arrows" }, pic);
  for (const [list, kind] of [[turns.previous, "last"], [turns.current, "now"]]) {
    for (const text of list) {
      const a = parseAction(text);
      if (!a) continue;
      const [x1, y1] = centre(a.from);
      const [x2, y2] = centre(a.to);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const sh = Math.min(24, len / 4) / len;
      svg("line", {
        x1: x1 + (x2 - x1) * sh, y1: y1 + (y2 - y1) * sh, x2: x2 - (x2 - x1) * sh, y2: y2 - (y2 - y1) * sh,
        class: `sn-arrow sn-${kind}${a.kind === "character" ? " char" : ""}`, "marker-end": `url(#sn-head-${kind})`,
      }, arrows);
    }
  }

  // The side panel: whose turn, the turn's progress, this turn's and the last turn's actions, the rules.
  const side = el("div", { class: "sn-side" }, wrap);
  const who = el("div", { class: "sn-who" }, side);
  if (board.phase === "over") {
    el("strong", { text: board.result === "draw" ? "Draw" : board.result }, who);
  } else {
    el("span", { class: "sn-chip", style: `background:${board.colours[board.players[board.to_move]]}` }, who);
    const n = ui && ui.names && ui.names[board.to_move];
    const name = n && n !== board.players[board.to_move] ? ` (${n})` : "";
    el("strong", { text: `${board.players[board.to_move]}${name} to move` }, who);
    el("span", { class: "sn-turnno", text: ` · turn ${board.turn.number}` }, who);
  }
  if (board.phase !== "over") {
    const prog = el("div", { class: "sn-progress" }, side);
    el("span", { text: "stone moves " }, prog);
    for (let i = 0; i < board.turn.stone_moves_max; i++) {
      el("span", { class: `sn-pip${i < board.turn.stone_moves ? " done" : ""}` }, prog);
    }
    el("span", { text: " character " }, prog);
    el("span", { class: `sn-pip${board.turn.character_moved ? " done" : ""}` }, prog);
    const now = el("div", { class: "sn-actions now" }, side);
    el("span", { class: "sn-h", text: "This turn: " }, now);
    el("span", { text: turns.current.length ? turns.current.map(actionWords).join(", ") : "no action yet" }, now);
    if (board.turn.can_end) el("div", { class: "sn-hint", text: "Play another action or end the turn." }, side);
  }
  if (turns.previous.length) {
    const prev = el("div", { class: "sn-actions last" }, side);
    el("span", { class: "sn-h", text: "Last turn: " }, prev);
    el("span", { text: turns.previous.map(actionWords).join(", ") }, prev);
  }
  const rules = board.rules;
  const facts = [
    `${board.title}: ${rules.version === "arashi" ? "stones slide any distance" : "stones move one step"}`,
    `${board.turns_completed} of ${rules.max_turns} turns played`,
  ];
  if (rules.pits.length) facts.push(`pits ${rules.pits.join(" ")}`);
  if (rules.character_blocked_by_own) facts.push("own stones block the character");
  if (!rules.threefold_draw) facts.push("no threefold-repetition draw");
  el("div", { class: "sn-rules", text: facts.join(" · ") }, side);
  legend(board.legend, side);
}
