"""Small inline-SVG charts for the eval reports, drawn by hand.

A CLI install keeps its dependencies few, so there is no plotting library:
a grouped bar chart is a few rectangles, and the report stays one file that
opens offline. Every chart carries a ``<title>`` and a ``<desc>`` that says
its figures in words, for screen readers and for anyone printing it in grey.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

__all__ = ["Series", "bar_chart", "histogram", "nice_step"]

_W, _H = 640, 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 16, 40, 56
_MAX_LABELS = 10
"""More x labels than this overlap; the rest are left to each bar's tooltip."""
_MAX_DESCRIBED = 40
"""A ``<desc>`` listing hundreds of rows helps nobody; past this it says how many more."""


@dataclass(frozen=True)
class Series:
    """One named run of values, one per category; None where it has none
    (the baseline has no second attempt), which draws no bar."""

    name: str
    values: Sequence[float | None]
    colour: str


def nice_step(value: float) -> float:
    """The smallest of 1, 2 or 5 times a power of ten at or above ``value``:
    a tick step that makes round labels."""
    if value <= 0 or not math.isfinite(value):
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    return next(m * power for m in (1.0, 2.0, 5.0, 10.0) if value <= m * power * (1 + 1e-9))


def _axis(largest: float, y_max: float | None, whole: bool) -> tuple[float, float]:
    """The top of the y axis and its tick step: ``y_max`` in quarters when
    given, else about four round steps over the largest value."""
    if y_max is not None and y_max > 0:
        return y_max, y_max / 4
    step = nice_step(largest / 4)
    if whole:
        # Counts and tokens come whole: a tick at 0.25 row would be noise.
        step = max(1.0, step)
    return step * max(1, math.ceil(largest / step - 1e-9)), step


def _number(value: float) -> str:
    """Coordinates to two decimals: enough for a screen, short in the file."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _attrs(**attrs: str | float) -> str:
    texts = {k: _number(v) if isinstance(v, float) else str(v) for k, v in attrs.items()}
    return " ".join(f'{k.replace("_", "-")}="{escape(v)}"' for k, v in texts.items())


def _text(x: float, y: float, text: str, *, anchor: str = "middle", cls: str = "") -> str:
    extra = f' class="{escape(cls)}"' if cls else ""
    return f"<text {_attrs(x=x, y=y, text_anchor=anchor)}{extra}>{escape(text)}</text>"


def _line(cls: str, stroke: str, x1: float, x2: float, y1: float, y2: float) -> str:
    return f'<line class="{cls}" stroke="{stroke}" {_attrs(x1=x1, x2=x2, y1=y1, y2=y2)}/>'


def _describe(
    categories: Sequence[str], series: Sequence[Series], fmt: Callable[[float], str]
) -> str:
    said = []
    for s in series:
        pairs = [
            f"{category} {fmt(value)}"
            for category, value in zip(categories, s.values, strict=False)
            if value is not None
        ]
        more = len(pairs) - _MAX_DESCRIBED
        shown = ", ".join(pairs[:_MAX_DESCRIBED]) + (f" and {more} more" if more > 0 else "")
        said.append(f"{s.name}: {shown or 'no values'}")
    return "; ".join(said) + "."


def bar_chart(
    *,
    kind: str,
    title: str,
    categories: Sequence[str],
    series: Sequence[Series],
    x_label: str,
    y_label: str,
    fmt: Callable[[float], str] = _number,
    y_max: float | None = None,
    whole: bool = False,
) -> str:
    """A grouped bar chart: for each category, one bar per series side by side.

    ``kind`` becomes ``data-chart`` and the ids of the title and description,
    so it must be unique within the page. ``y_max`` fixes the top of the axis
    (1 for a rate); by default it is the largest value rounded up to a round
    tick, whole numbers when ``whole``.
    """
    plot_w, plot_h = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM
    base = _TOP + plot_h
    values = [v for s in series for v in s.values if v is not None]
    top, step = _axis(max(values, default=0.0), y_max, whole)
    ident = f"chart-{kind}"
    out = [
        f'<svg class="chart" data-chart="{escape(kind)}" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" viewBox="0 0 {_W} {_H}" '
        f'preserveAspectRatio="xMidYMid meet" font-family="sans-serif" font-size="11">',
        f'<title id="{ident}-title">{escape(title)}</title>',
        f'<desc id="{ident}-desc">{escape(_describe(categories, series, fmt))}</desc>',
        # Strokes are set here, not only in the page's CSS, so that a chart
        # copied out of the report still draws its axes.
        '<g class="axes" fill="#374151">',
    ]
    for i in range(round(top / step) + 1):
        tick = step * i
        y = base - plot_h * tick / top
        out.append(_line("grid", "#e5e7eb", _LEFT, _W - _RIGHT, y, y))
        out.append(_text(_LEFT - 6, y + 4, fmt(tick), anchor="end"))
    out.append(_line("axis", "#6b7280", _LEFT, _LEFT, _TOP, base))
    out.append(_line("axis", "#6b7280", _LEFT, _W - _RIGHT, base, base))
    out.append(_text(_LEFT + plot_w / 2, _H - 8, x_label, cls="axis-label"))
    middle = _TOP + plot_h / 2
    turned = f"rotate(-90 16 {_number(middle)})"
    out.append(
        f"<text {_attrs(x=16, y=middle, text_anchor='middle', transform=turned)} "
        f'class="axis-label">{escape(y_label)}</text>'
    )
    out.append("</g>")
    if not values:
        out.append(_text(_LEFT + plot_w / 2, middle, "no data yet", cls="empty"))
    group = plot_w / max(1, len(categories))
    bar = group * 0.8 / max(1, len(series))
    every = math.ceil(len(categories) / _MAX_LABELS) if categories else 1
    for c, category in enumerate(categories):
        if c % every == 0:
            label = category if len(category) <= 12 else category[:11] + "…"
            out.append(_text(_LEFT + group * (c + 0.5), base + 16, label))
    for index, s in enumerate(series):
        out.append(f'<g class="series" data-series="{escape(s.name)}" fill="{escape(s.colour)}">')
        for c, (category, value) in enumerate(zip(categories, s.values, strict=False)):
            if value is None:
                continue
            height = plot_h * min(1.0, max(0.0, value / top))
            x = _LEFT + group * c + group * 0.1 + bar * index
            out.append(
                f'<rect class="bar" data-value="{escape(repr(value))}" '
                f"{_attrs(x=x, y=base - height, width=bar, height=height)}>"
                f"<title>{escape(f'{s.name}, {category}: {fmt(value)}')}</title></rect>"
            )
        out.append("</g>")
    x = float(_W - _RIGHT)
    for s in reversed(series):
        # Laid out right to left so that the legend ends at the right edge
        # whatever the names' lengths.
        x -= 12 + 7 * len(s.name)
        out.append(
            f'<g class="legend-item"><rect {_attrs(x=x, y=12, width=10, height=10)} '
            f'fill="{escape(s.colour)}"/>{_text(x + 14, 21, s.name, anchor="start")}</g>'
        )
        x -= 12
    out.append("</svg>")
    return "\n".join(out)


def histogram(
    *,
    kind: str,
    title: str,
    series: Sequence[tuple[str, Sequence[float], str]],
    x_label: str,
    bins: int = 10,
) -> str:
    """Counts of values over ``bins`` equal bins of 0..1 (1 falls in the last),
    one bar per (name, values, colour) series in each bin."""
    edges = [i / bins for i in range(bins + 1)]
    categories = [f"{edges[i]:.1f}–{edges[i + 1]:.1f}" for i in range(bins)]
    counted = []
    for name, values, colour in series:
        counts = [0.0] * bins
        for value in values:
            counts[min(bins - 1, max(0, int(value * bins)))] += 1
        # A series with no values yet draws nothing, rather than ten empty bars.
        counted.append(Series(name, counts if values else [None] * bins, colour))
    return bar_chart(
        kind=kind,
        title=title,
        categories=categories,
        series=counted,
        x_label=x_label,
        y_label="rows",
        fmt=lambda v: f"{v:.0f}",
        whole=True,
    )
