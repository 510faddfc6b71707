"""The season's chart of cumulative points, drawn on the server as SVG coordinates (the template
writes the SVG; no chart library, no JavaScript). The players' names and totals are an HTML
legend under it, not text in the SVG: on a phone the SVG shrinks and its labels became about
8 px and overlapped; the legend keeps the page's own font size."""

from __future__ import annotations

from dataclasses import dataclass

from .numbers import number

WIDTH, HEIGHT = 480, 300
LEFT, RIGHT, TOP, BOTTOM = 52, 14, 16, 34
PALETTE = ("#0b5d3b", "#c8102e", "#d4a017", "#1f5fa8", "#7b3fa0", "#e07b00", "#2a9d8f", "#5f6b73")


@dataclass(frozen=True)
class Line:
    label: str
    colour: str
    points: str  # "x,y x,y ..." for <polyline>
    last_x: float
    last_y: float
    total: int


@dataclass(frozen=True)
class Tick:
    label: str
    x: float
    y: float


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: list[Line]
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    plot_left: int
    plot_right: int
    plot_top: int
    plot_bottom: int


def _nice_top(value: int) -> int:
    for step in (50, 100, 200, 250, 500, 1000, 2000, 5000):
        if value <= step * 5:
            return max(step, -(-value // step) * step)
    return value


def cumulative_chart(series: list[tuple[str, list[int]]], session_labels: list[str]) -> Chart | None:
    """One line per player (at most 8) over the sessions, starting from 0."""
    if not series or not session_labels:
        return None
    top = _nice_top(max(max(points) for _, points in series) or 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = len(session_labels)

    def x(i: int) -> float:
        return round(LEFT + plot_w * i / count, 1)

    def y(v: int) -> float:
        return round(TOP + plot_h * (1 - v / top), 1)

    lines = []
    for index, (label, points) in enumerate(series[: len(PALETTE)]):
        coords = [(x(0), y(0))] + [(x(i + 1), y(v)) for i, v in enumerate(points)]
        lines.append(
            Line(
                label=label,
                colour=PALETTE[index],
                points=" ".join(f"{a},{b}" for a, b in coords),
                last_x=coords[-1][0],
                last_y=coords[-1][1],
                total=points[-1],
            )
        )
    x_ticks = [Tick(label, x(i + 1), HEIGHT - BOTTOM + 24) for i, label in enumerate(session_labels)]
    y_ticks = [Tick(number(v), LEFT - 6, y(v)) for v in (0, top // 4, top // 2, 3 * top // 4, top)]
    return Chart(WIDTH, HEIGHT, lines, x_ticks, y_ticks, LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM)
