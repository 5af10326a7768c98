"""Plain-text tables with aligned columns."""

from __future__ import annotations

from collections.abc import Sequence


def format_table(
    headers: Sequence[str], rows: Sequence[Sequence[object]], right: Sequence[bool] | None = None, indent: str = "  "
) -> str:
    """Rows under headers, columns padded to their widest cell; `right[i]` right-aligns column i."""
    cells = [[str(h) for h in headers], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    align = list(right) if right is not None else [False] * len(headers)
    lines = []
    for r in cells:
        parts = [c.rjust(w) if a else c.ljust(w) for c, w, a in zip(r, widths, align, strict=True)]
        lines.append(indent + "  ".join(parts).rstrip())
    return "\n".join(lines)


def human_count(n: float) -> str:
    """1234 -> '1234', 12345 -> '12.3k', 4.2e6 -> '4.20M'."""
    if n < 10_000:
        return f"{n:.0f}"
    if n < 1_000_000:
        return f"{n / 1e3:.1f}k"
    if n < 1_000_000_000:
        return f"{n / 1e6:.2f}M"
    return f"{n / 1e9:.2f}G"
