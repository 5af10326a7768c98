"""The review's graph (matplotlib): each seat's value of its best move over the game, the played moves' losses
marked by class. PNG or SVG by the file's suffix."""

from __future__ import annotations

from pathlib import Path

from .model import Review

#: Marker colours of the classes shown on the graph (best and good moves are not marked).
MARKS = {"inaccuracy": "#e6b400", "mistake": "#e07000", "blunder": "#c00000"}
FORMATS = (".png", ".svg")


def check_plot_path(path: str | Path) -> Path:
    """`path` if it names a PNG or SVG file in an existing folder, else ValueError saying what is wrong."""
    p = Path(path)
    if p.suffix.lower() not in FORMATS:
        raise ValueError(f"plot: {str(p)!r} must end in .png or .svg")
    if not p.parent.is_dir():
        raise ValueError(f"plot: the folder {str(p.parent)!r} does not exist")
    return p


def plot_review(review: Review, path: str | Path) -> None:
    """Draws `review`'s graph to `path`: one line per seat (the value of the best move at each of its decisions,
    from its own point of view), the inaccuracies, mistakes and blunders marked at the value the move played
    left (best value minus loss), deals separated by vertical lines."""
    p = check_plot_path(path)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.5))
    seats = sorted({pt.seat for pt in review.series})
    names = {s.seat: f"{s.player} ({s.agent})" if s.agent else s.player for s in review.summaries}
    for seat in seats:
        pts = [pt for pt in review.series if pt.seat == seat]
        ax.plot([pt.index for pt in pts], [pt.value for pt in pts], marker=".", linewidth=1.2, label=names.get(seat))
    for cls, colour in MARKS.items():
        pts = [pt for pt in review.series if pt.cls == cls]
        if pts:
            ax.scatter(
                [pt.index for pt in pts], [pt.value - pt.loss for pt in pts], color=colour, s=36, zorder=3, label=cls
            )
            for pt in pts:
                ax.vlines(pt.index, pt.value - pt.loss, pt.value, color=colour, linewidth=0.8)
    starts = sorted({pt.index for pt in review.series if pt.ply == 0 and pt.deal > 0})
    for x in starts:
        ax.axvline(x - 0.5, color="grey", linewidth=0.6, linestyle=":")
    ax.axhline(0, color="black", linewidth=0.5)
    unit = str(review.thresholds.get("unit", ""))
    ax.set_xlabel("decision")
    ax.set_ylabel(f"value for the player deciding ({unit})")
    ax.set_title(f"{review.game}: review ({'information states' if review.hidden_information else 'positions'})")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(p, dpi=110)
    plt.close(fig)


__all__ = ["check_plot_path", "plot_review"]
