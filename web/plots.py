"""Draws the engine's charts (tripeaks.charts) as SVG markup: a line, bars or a calendar.

It only draws: the points, their words and the sentence a screen reader reads in place of the drawing
(the SVG's name) all come from the engine's Chart. Every drawing is 320 units wide and scales to its
box, so it fits a 360-pixel phone as it fits a desktop.
"""

from typing import Any

from markup import escape

WIDTH = 320
LEFT = 34  # room for the value axis' labels


def _svg(chart: Any, height: int, body: str) -> str:
    text = escape(str(chart.text))
    return (
        f'<svg class="plot" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{text}" '
        f'preserveAspectRatio="xMidYMid meet"><title>{text}</title>{body}</svg>'
    )


def _tick(x: float, y: float, text: str, anchor: str = "end") -> str:
    return f'<text class="tick" x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}">{escape(text)}</text>'


def line(chart: Any) -> str:
    height, top, bottom = 150, 10, 130
    points = chart.points
    low, high = float(chart.low), float(chart.high)
    span = high - low or 1.0
    step = (WIDTH - LEFT - 8) / max(len(points) - 1, 1)

    def y(value: float) -> float:
        return bottom - (value - low) / span * (bottom - top)

    places = [(LEFT + 4 + n * step, y(float(p.value))) for n, p in enumerate(points)]
    parts = [
        f'<line class="axis" x1="{LEFT}" y1="{top}" x2="{LEFT}" y2="{bottom}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{bottom}" x2="{WIDTH}" y2="{bottom}"/>',
        _tick(LEFT - 4, top + 4, str(chart.axis[1])),
        _tick(LEFT - 4, bottom, str(chart.axis[0])),
    ]
    if low < 0 < high:
        zero = y(0.0)
        parts.append(f'<line class="zero" x1="{LEFT}" y1="{zero:.1f}" x2="{WIDTH}" y2="{zero:.1f}"/>')
        parts.append(_tick(LEFT - 4, zero + 4, "0"))
    if len(places) > 1:
        path = " ".join(f"{x:.1f},{v:.1f}" for x, v in places)
        parts.append(f'<polyline class="trace" points="{path}"/>')
    for (x, v), point in zip(places, points, strict=True):
        parts.append(
            f'<circle class="dot {escape(str(point.mark))}" cx="{x:.1f}" cy="{v:.1f}" r="3.5">'
            f"<title>{escape(str(point.label))}</title></circle>"
        )
    return _svg(chart, height, "".join(parts))


def bars(chart: Any) -> str:
    """Vertical bars with their ticks under them, or, for bars named by long words (rule sets),
    a bar a row with its name above it."""
    points = chart.points
    high = float(chart.high) or 1.0
    if any(len(str(p.tick)) > 6 for p in points):
        row = 30
        height = row * len(points) + 4
        parts = []
        for n, point in enumerate(points):
            y = n * row
            share = float(point.value) / high
            parts.append(
                f'<g class="bar-row"><title>{escape(str(point.label))}</title>'
                f'<text class="tick" x="0" y="{y + 11}">{escape(str(point.label))}</text>'
                f'<rect class="track" x="0" y="{y + 15}" width="{WIDTH}" height="10" rx="3"/>'
                f'<rect class="bar" x="0" y="{y + 15}" width="{share * WIDTH:.1f}" height="10" rx="3"/></g>'
            )
        return _svg(chart, height, "".join(parts))
    height, top, bottom = 130, 14, 110
    slot = (WIDTH - LEFT) / max(len(points), 1)
    parts = [
        f'<line class="axis" x1="{LEFT}" y1="{bottom}" x2="{WIDTH}" y2="{bottom}"/>',
        _tick(LEFT - 4, top + 4, str(chart.axis[1])),
        _tick(LEFT - 4, bottom, str(chart.axis[0])),
    ]
    for n, point in enumerate(points):
        tall = float(point.value) / high * (bottom - top)
        x = LEFT + n * slot + slot * 0.15
        parts.append(
            f'<g><title>{escape(str(point.label))}</title>'
            f'<rect class="bar" x="{x:.1f}" y="{bottom - tall:.1f}" width="{slot * 0.7:.1f}" '
            f'height="{tall:.1f}"/>'
            f'<text class="tick" x="{x + slot * 0.35:.1f}" y="{bottom + 14}" text-anchor="middle">'
            f"{escape(str(point.tick))}</text></g>"
        )
    return _svg(chart, height, "".join(parts))


def calendar(chart: Any) -> str:
    """A column a week, Monday at the top, oldest week on the left."""
    weeks = max(len(chart.points) // 7, 1)
    cell = (WIDTH - 18) / weeks
    size = cell - 3
    height = int(7 * cell) + 2
    parts = [
        f'<text class="tick" x="0" y="{n * cell + size * 0.75:.1f}">{escape(str(day))}</text>'
        for n, day in enumerate(chart.ticks)
    ]
    for n, point in enumerate(chart.points):
        x, y = 18 + (n // 7) * cell, (n % 7) * cell
        parts.append(
            f'<rect class="day {escape(str(point.mark))}" x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" '
            f'height="{size:.1f}" rx="3"><title>{escape(str(point.label))}</title></rect>'
            f'<text class="date {escape(str(point.mark))}" x="{x + size / 2:.1f}" y="{y + size * 0.68:.1f}" '
            f'text-anchor="middle" aria-hidden="true">{escape(str(point.tick))}</text>'
        )
    return _svg(chart, height, "".join(parts))


def figure(chart: Any) -> str:
    """The chart in a figure with its title; an empty chart is its sentence alone (which names it)."""
    title = escape(str(chart.title))
    figure = f'<figure class="chart" data-chart="{escape(str(chart.id))}">'
    if chart.empty:
        return figure + f'<p class="chart-empty">{escape(str(chart.text))}</p></figure>'
    head = figure + f"<figcaption>{title}</figcaption>"
    draw = {"line": line, "bars": bars, "calendar": calendar}[str(chart.kind)]
    key = "".join(
        f'<span class="{escape(str(mark))}">{escape(str(words))}</span>' for mark, words in chart.key
    )
    legend = f'<p class="chart-key" aria-hidden="true">{key}</p>' if key else ""
    return head + draw(chart) + legend + "</figure>"
