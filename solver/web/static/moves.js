// Making a move by clicking: the legal moves of the seat (each with the ids of the elements to click, in order)
// filtered by what has been clicked so far. The rules are not here: only the list the server sent.

export class MovePicker {
  constructor(legal) {
    this.legal = legal;
    this.picked = [];
  }

  /** The legal moves whose targets start with the clicks so far (in any order for an `unordered` move). */
  candidates() {
    const n = this.picked.length;
    return this.legal.filter((m) => {
      if (m.targets.length < n) return false;
      if (m.unordered) return this.picked.every((id) => m.targets.includes(id));
      return this.picked.every((id, i) => m.targets[i] === id);
    });
  }

  /** The ids that are a next click of some candidate. */
  nextTargets() {
    const n = this.picked.length;
    const next = new Set();
    for (const m of this.candidates()) {
      if (m.targets.length <= n) continue;
      if (m.unordered) m.targets.filter((id) => !this.picked.includes(id)).forEach((id) => next.add(id));
      else next.add(m.targets[n]);
    }
    return next;
  }

  /** The candidates whose every target is clicked (with no click yet: the moves with nothing to click). */
  complete() {
    const n = this.picked.length;
    return this.candidates().filter((m) => m.targets.length === n);
  }

  /** A click on `id`: true if it was a next target (the selection grew), false if not (nothing changes). */
  click(id) {
    if (!this.nextTargets().has(id)) return false;
    this.picked.push(id);
    return true;
  }

  reset() {
    this.picked = [];
  }

  /** The one move to play now, if the clicks so far name exactly one move and nothing else can follow. */
  decided() {
    const cands = this.candidates();
    const done = this.complete();
    if (this.picked.length > 0 && done.length === 1 && cands.length === 1) return done[0];
    return null;
  }
}

const KINDS = { sq: "square", col: "column", hand: "hand card", table: "field card", drawn: "turned-over card",
  tile: "tile", cell: "cell", kofun: "Kofun", card: "card", pick: "card", mode: "", place: "place", anchor: "square" };

/** The words a screen reader says for a clickable element: its own aria-label, its title (an SVG element's
 * <title>), else words made from its target id ("sq:c3" → "square c3", "table:new" → "field card new"). */
export function targetLabel(node) {
  const own = node.getAttribute("aria-label") || node.getAttribute("title");
  if (own) return own;
  const titled = node.querySelector && node.querySelector(":scope > title");
  if (titled && titled.textContent) return titled.textContent;
  const [kind, ...rest] = String(node.dataset.target).split(":");
  const what = KINDS[kind] === undefined ? kind : KINDS[kind];
  return [what, ...rest].filter(Boolean).join(" ").replaceAll("-", " ");
}
