// A line chart of score per iteration, drawn as inline SVG by hand: one
// polyline per series, a dashed threshold line, labelled axes. No library.

import { svg } from "./dom.js";

const W = 520;
const H = 260;
const M = { left: 52, right: 20, top: 18, bottom: 46 };

/**
 * series: [{name, className, points: [[iteration, score 0..1], …]}]
 * threshold: 0..1 or null; highlight: the iteration to ring (the final answer);
 * maxIteration: how far the x axis goes at least (iterations still to come).
 */
export function scoreChart({ series, threshold, highlight, title, maxIteration }) {
  const count = Math.max(1, maxIteration || 1, ...series.flatMap((s) => s.points.map(([x]) => x)));
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const x = (i) => M.left + (count === 1 ? plotW / 2 : ((i - 1) / (count - 1)) * plotW);
  const y = (v) => M.top + (1 - Math.min(1, Math.max(0, v))) * plotH;
  const id = `chart-${Math.random().toString(36).slice(2, 8)}`;

  const described = series
    .map((s) => `${s.name}: ${s.points.map(([i, v]) => `iteration ${i} ${v.toFixed(2)}`).join(", ")}`)
    .join("; ");
  const root = svg("svg", {
    class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-labelledby": `${id}-title ${id}-desc`, preserveAspectRatio: "xMidYMid meet",
  },
  svg("title", { id: `${id}-title` }, title || "Score per iteration"),
  svg("desc", { id: `${id}-desc` },
    `${described}.${threshold === null || threshold === undefined ? "" : ` Threshold ${threshold.toFixed(2)}.`}`));

  // Grid and the y axis: score from 0 to 1.
  const axes = svg("g", { class: "axes" });
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    axes.append(
      svg("line", { class: "grid", x1: M.left, x2: W - M.right, y1: y(tick), y2: y(tick) }),
      svg("text", { x: M.left - 8, y: y(tick) + 4, "text-anchor": "end" }, tick.toFixed(2)));
  }
  for (let i = 1; i <= count; i++) {
    axes.append(svg("text", { x: x(i), y: H - M.bottom + 18, "text-anchor": "middle" }, String(i)));
  }
  axes.append(
    svg("line", { class: "axis", x1: M.left, x2: M.left, y1: M.top, y2: H - M.bottom }),
    svg("line", { class: "axis", x1: M.left, x2: W - M.right, y1: H - M.bottom, y2: H - M.bottom }),
    svg("text", { class: "axis-label", x: M.left + plotW / 2, y: H - 6, "text-anchor": "middle" }, "Iteration"),
    svg("text", {
      class: "axis-label", x: 14, y: M.top + plotH / 2, "text-anchor": "middle",
      transform: `rotate(-90 14 ${M.top + plotH / 2})`,
    }, "Score"));
  root.append(axes);

  if (threshold !== null && threshold !== undefined) {
    root.append(svg("g", { class: "threshold", "data-threshold": threshold },
      svg("line", { x1: M.left, x2: W - M.right, y1: y(threshold), y2: y(threshold), "stroke-dasharray": "6 4" }),
      svg("text", { x: W - M.right, y: y(threshold) - 6, "text-anchor": "end" }, `threshold ${threshold.toFixed(2)}`)));
  }

  for (const s of series) {
    const group = svg("g", { class: `series ${s.className || ""}`.trim(), "data-series": s.name });
    group.append(svg("polyline", {
      fill: "none", points: s.points.map(([i, v]) => `${x(i)},${y(v)}`).join(" "),
    }));
    for (const [i, v] of s.points) {
      const ring = i === highlight;
      group.append(svg("circle", { cx: x(i), cy: y(v), r: ring ? 7 : 4, class: ring ? "final-point" : "" },
        svg("title", {}, `${s.name}, iteration ${i}: ${v.toFixed(2)}${ring ? " (final answer)" : ""}`)));
    }
    root.append(group);
  }
  return root;
}
