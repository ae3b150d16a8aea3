"""Small charts of a metric over the runs: block characters for the job summary (which cannot show image files) and
an SVG file for the artifact. The SVG is a handful of elements, so it is written directly rather than pulling a
plotting library into the job's environment."""

import html
import re

BLOCKS = "▁▂▃▄▅▆▇█"


def sparkline(values):
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    return "".join(BLOCKS[min(len(BLOCKS) - 1, int((v - low) / span * len(BLOCKS)))] for v in values)


def file_name(metric):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", metric) + ".svg"


def svg(result, width=640, height=200):
    """The metric's values over the runs, a dashed line at each change point, the analysed part in solid blue."""
    values = [r["value"] for r in result.rows]
    left, right, top, bottom = 60, 10, 24, 30
    low, high = min(values), max(values)
    span = (high - low) or abs(high) or 1.0
    low, high = low - 0.05 * span, high + 0.05 * span

    def x(i):
        return left + (width - left - right) * (i / max(1, len(values) - 1))

    def y(v):
        return top + (height - top - bottom) * (1 - (v - low) / (high - low))

    def path(indexes):
        return " ".join(f"{x(i):.1f},{y(values[i]):.1f}" for i in indexes)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        f'font-size="11">',
        f'<text x="{left}" y="14">{html.escape(result.name)} ({html.escape(result.status)})</text>',
        f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}" stroke="#999"/>',
        f'<text x="{left - 4}" y="{y(high) + 10:.1f}" text-anchor="end">{high:.4g}</text>',
        f'<text x="{left - 4}" y="{y(low):.1f}" text-anchor="end">{low:.4g}</text>',
        f'<text x="{left}" y="{height - 8}">{html.escape(result.rows[0]["date"][:10])}</text>',
        f'<text x="{width - right}" y="{height - 8}" text-anchor="end">'
        f"{html.escape(result.rows[-1]['date'][:10])}</text>",
    ]
    if result.start > 0:
        parts.append(f'<polyline fill="none" stroke="#bbb" points="{path(range(result.start + 1))}"/>')
    parts.append(f'<polyline fill="none" stroke="#1f5fbf" points="{path(range(result.start, len(values)))}"/>')
    for change in result.changes:
        colour = "#c0392b" if change.regression and not change.machine else "#7f8c8d"
        cx = (x(change.index - 1) + x(change.index)) / 2
        parts.append(
            f'<line x1="{cx:.1f}" y1="{top}" x2="{cx:.1f}" y2="{height - bottom}" stroke="{colour}" '
            f'stroke-dasharray="4 3"/>'
        )
    parts.append("</svg>\n")
    return "\n".join(parts)
