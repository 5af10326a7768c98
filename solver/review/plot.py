"""The review's graph (matplotlib): each seat's value of its best move over the game, the played moves' losses
marked by class. PNG or SVG by the file's suffix.

Proven results are drawn as what they are, not as evaluation points: a won position in the band labelled "won"
above the evaluations, a lost one in the band "lost" below them, a proven draw as a square on the zero line
("draw"); estimates are plain dots at their value."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .model import Review, SeriesPoint

#: Marker colours of the classes shown on the graph (best and good moves are not marked).
MARKS = {"inaccuracy": "#e6b400", "mistake": "#e07000", "blunder": "#c00000"}
FORMATS = (".png", ".svg")
#: The labels of the proven results' bands (and of the draw's line).
BANDS = {"win": "won", "loss": "lost", "draw": "draw"}


def check_plot_path(path: str | Path) -> Path:
    """`path` if it names a PNG or SVG file in an existing folder, else ValueError saying what is wrong."""
    p = Path(path)
    if p.suffix.lower() not in FORMATS:
        raise ValueError(f"plot: {str(p)!r} must end in .png or .svg")
    if not p.parent.is_dir():
        raise ValueError(f"plot: the folder {str(p.parent)!r} does not exist")
    return p


class Scale:
    """Where a value is drawn: estimates between `lo` and `hi` (their range, padded), a proven win in the band
    above (`won`), a proven loss in the band below (`lost`), a proven draw at 0."""

    def __init__(self, series: Sequence[SeriesPoint]) -> None:
        estimates = [v for pt in series for v in _estimated_values(pt)]
        lo, hi = min([0.0, *estimates]), max([0.0, *estimates])
        if hi - lo < 1e-9:
            lo, hi = lo - 1.0, hi + 1.0
        pad = (hi - lo) * 0.05
        self.lo, self.hi = lo - pad, hi + pad
        band = (self.hi - self.lo) * 0.15
        self.won, self.lost = self.hi + band, self.lo - band
        self.proofs = any(pt.proven or pt.played_proven for pt in series)

    def at(self, value: float, proven: str | None) -> float:
        """The height of a value (proven: its band's centre)."""
        if proven == "win":
            return self.won
        if proven == "loss":
            return self.lost
        if proven == "draw":
            return 0.0
        return max(self.lo, min(self.hi, value))

    def best(self, pt: SeriesPoint) -> float:
        """The height of a point's best value."""
        return self.at(pt.value, pt.proven)

    def left(self, pt: SeriesPoint) -> float:
        """The height of the value the move played left (the best value minus the loss)."""
        return self.at(pt.value - pt.loss, pt.played_proven)


def _estimated_values(pt: SeriesPoint) -> list[float]:
    out = [] if pt.proven else [pt.value]
    if not pt.played_proven and pt.cls in MARKS:
        out.append(pt.value - pt.loss)
    return out


def plot_review(review: Review, path: str | Path) -> None:
    """Draws `review`'s graph to `path`: one line per seat (the value of the best move at each of its decisions,
    from its own point of view; proven results in their bands), the inaccuracies, mistakes and blunders marked at
    the value the move played left (best value minus loss, or its proven result), deals separated by vertical
    lines."""
    p = check_plot_path(path)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.5))
    scale = Scale(review.series)
    seats = sorted({pt.seat for pt in review.series})
    names = {s.seat: f"{s.player} ({s.agent})" if s.agent else s.player for s in review.summaries}
    for seat in seats:
        pts = [pt for pt in review.series if pt.seat == seat]
        ax.plot([pt.index for pt in pts], [scale.best(pt) for pt in pts], linewidth=1.2, label=names.get(seat))
        for kind, marker in (("estimate", "."), ("proof", "s")):
            mine = [pt for pt in pts if (pt.proven is not None) == (kind == "proof")]
            if mine:
                ax.scatter([pt.index for pt in mine], [scale.best(pt) for pt in mine], marker=marker, s=14, zorder=2,
                           color=ax.lines[-1].get_color())  # fmt: skip
    for cls, colour in MARKS.items():
        pts = [pt for pt in review.series if pt.cls == cls]
        if pts:
            ax.scatter([pt.index for pt in pts], [scale.left(pt) for pt in pts], color=colour, s=36, zorder=3,
                       label=cls)  # fmt: skip
            for pt in pts:
                ax.vlines(pt.index, scale.left(pt), scale.best(pt), color=colour, linewidth=0.8)
    starts = sorted({pt.index for pt in review.series if pt.ply == 0 and pt.deal > 0})
    for x in starts:
        ax.axvline(x - 0.5, color="grey", linewidth=0.6, linestyle=":")
    ax.axhline(0, color="black", linewidth=0.5)
    if scale.proofs:
        half = (scale.won - scale.hi) / 2
        for centre, colour in ((scale.won, "#dcefdc"), (scale.lost, "#f4dcdc")):
            ax.axhspan(centre - half, centre + half, color=colour, zorder=0)
        ticks = [t for t in ax.get_yticks() if scale.lo <= t <= scale.hi]
        ax.set_yticks([*ticks, scale.won, scale.lost])
        ax.set_yticklabels([f"{t:g}" for t in ticks] + [BANDS["win"], BANDS["loss"]])
        ax.set_ylim(scale.lost - half, scale.won + half)
    unit = str(review.thresholds.get("unit", ""))
    ax.set_xlabel("decision")
    ax.set_ylabel(f"value for the player deciding ({unit})")
    ax.set_title(f"{review.game}: review ({'information states' if review.hidden_information else 'positions'})")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(p, dpi=110)
    plt.close(fig)


__all__ = ["BANDS", "Scale", "check_plot_path", "plot_review"]
