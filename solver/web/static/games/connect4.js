// Connect Four: the 7x6 grid as SVG. A move is a click on a column (data-target "col:N"); the disc falls to the
// lowest empty cell. The last disc carries a ring (class "last"), a finished game's winning four a star.
import { svg, el, legend } from "../draw.js";

const CELL = 100; // one cell of the grid in viewBox units
const TOP = 70; // the band above the grid where the drop arrows are
const SIDE = 20;

/** The [col, row] of the last disc: the top disc of the column of ui.last's final move, else the board's. */
function lastDisc(board, ui) {
  const moves = (ui && ui.last) || [];
  const text = moves.length ? String(moves[moves.length - 1]) : "";
  if (/^[1-7]$/.test(text)) {
    const col = Number(text) - 1;
    for (let row = board.height - 1; row >= 0; row--) {
      if (board.cells[row][col] !== null) return [col, row];
    }
  }
  return board.last ? [board.last.col, board.last.row] : null;
}

function discColour(board, player) {
  return board.colours[board.players[player]];
}

/** " (you)", " (the engine)": who plays a colour, when the page names the seats otherwise than by it. */
function seatWho(board, ui, seat) {
  const n = ui && ui.names && ui.names[seat];
  return n && n !== board.players[seat] ? ` (${n})` : "";
}

export function draw(root, board, ui) {
  const wrap = el("div", { class: "c4" }, root);
  const bar = el("div", { class: "c4-bar" }, wrap);
  if (board.phase === "over") {
    if (board.winner !== null) {
      el("span", { class: "c4-chip", style: `background:${discColour(board, board.winner)}` }, bar);
      el("span", { text: `${board.players[board.winner]}${seatWho(board, ui, board.winner)} wins with four in a row` }, bar);
    } else {
      el("span", { text: "Draw: the board is full" }, bar);
    }
  } else {
    el("span", { class: "c4-chip", style: `background:${discColour(board, board.to_move)}` }, bar);
    el("span", { text: `${board.players[board.to_move]}${seatWho(board, ui, board.to_move)} to move` }, bar);
  }
  el("span", { class: "c4-count", text: `move ${board.moves_played + (board.phase === "over" ? 0 : 1)}` }, bar);

  const width = board.width * CELL + 2 * SIDE;
  const height = TOP + board.height * CELL + 50;
  const pic = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "c4-svg",
    role: "img",
    "aria-label": "Connect Four board",
  }, wrap);
  svg("rect", {
    x: SIDE - 8, y: TOP - 8, width: board.width * CELL + 16, height: board.height * CELL + 16,
    rx: 22, fill: board.board_colour, class: "c4-frame",
  }, pic);

  const last = lastDisc(board, ui);
  const wins = new Set(board.win_cells.map(([c, r]) => `${c},${r}`));
  const cx = (col) => SIDE + col * CELL + CELL / 2;
  const cy = (row) => TOP + (board.height - 1 - row) * CELL + CELL / 2;
  for (let row = 0; row < board.height; row++) {
    for (let col = 0; col < board.width; col++) {
      const owner = board.cells[row][col];
      if (owner === null) {
        svg("circle", { cx: cx(col), cy: cy(row), r: 40, class: "c4-hole" }, pic);
        continue;
      }
      const isLast = last && last[0] === col && last[1] === row;
      const win = wins.has(`${col},${row}`);
      const g = svg("g", { class: `c4-disc p${owner}${isLast ? " last" : ""}${win ? " win" : ""}` }, pic);
      svg("circle", { cx: cx(col), cy: cy(row), r: 40, fill: discColour(board, owner), class: "c4-face" }, g);
      svg("circle", { cx: cx(col), cy: cy(row), r: 30, class: "c4-rim" }, g);
      if (win) {
        svg("text", { x: cx(col), y: cy(row) + 13, class: "c4-star", text: "★" }, g);
      } else if (isLast) {
        svg("circle", { cx: cx(col), cy: cy(row), r: 14, class: "c4-last-mark" }, g);
      }
    }
  }

  // The click areas: one per column, over the grid and the band above it, with a drop arrow in the band.
  const mover = board.to_move === null ? "#999" : discColour(board, board.to_move);
  for (let col = 0; col < board.width; col++) {
    const column = board.columns[col];
    const g = svg("g", { class: `c4-col${column.open ? "" : " full"}`, "data-target": column.id }, pic);
    svg("rect", {
      x: SIDE + col * CELL, y: 0, width: CELL, height: TOP + board.height * CELL,
      class: "c4-hit", fill: "transparent",
    }, g);
    const x = cx(col);
    svg("path", {
      d: `M ${x - 20} 18 L ${x + 20} 18 L ${x} 50 Z`, class: "c4-hint", fill: mover,
    }, g);
    svg("text", { x, y: TOP + board.height * CELL + 38, class: "c4-label", text: column.label }, pic);
  }

  legend(board.legend, wrap);
}
