// Building elements without markup strings: every piece of text goes in as a
// text node, so model output, evidence and error messages can never become
// HTML or script, whatever they contain.

const SVG_NS = "http://www.w3.org/2000/svg";

function apply(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      el.setAttribute("class", value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "value" && "value" in el) {
      el.value = value;
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** h("p", {class: "x"}, "text", otherNode) */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** The same for SVG elements (the score chart). */
export function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** el.append() that also takes nested arrays and skips null/false (conditional parts). */
export function put(el, ...children) {
  append(el, children);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

export function field(label, control, hint) {
  const id = control.id || `f-${Math.random().toString(36).slice(2, 9)}`;
  control.id = id;
  const parts = [h("label", { for: id }, label), control];
  if (hint) {
    const hintId = `${id}-hint`;
    control.setAttribute("aria-describedby", hintId);
    parts.push(h("small", { id: hintId, class: "hint" }, hint));
  }
  return h("div", { class: "field" }, parts);
}

export function badge(text, tone) {
  return h("span", { class: `badge ${tone || ""}`.trim() }, text);
}

// null: nothing failed, but not every requirement was verified.
export function passBadge(passed) {
  if (passed === null || passed === undefined) return badge("unverified", "warn");
  return passed ? badge("passed", "ok") : badge("not passed", "bad");
}

// "2 requirements: 1 exact ✓, 1 unverified" and each requirement, with what
// decided it: the verdict says what it checked and what it could not.
export function requirementsTable(requirements, account) {
  const mark = (r) => (r.passed === true ? "✓" : r.passed === false ? "✗" : "?");
  return h("div", { class: "table-wrap" },
    h("table", { class: "requirements-table" },
      h("caption", {}, account || "Requirements"),
      h("thead", {}, h("tr", {},
        ["", "Requirement", "From", "Decided by", "Note"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, requirements.map((r) => h("tr", {},
        h("td", {}, mark(r)),
        h("td", {}, r.text),
        h("td", {}, r.source),
        h("td", {}, r.coverage + (r.confidence !== null && r.confidence !== undefined ? ` (confidence ${r.confidence.toFixed(1)})` : "")),
        h("td", {}, r.reason || ""))))));
}

export function score(value) {
  return typeof value === "number" ? value.toFixed(2) : "–";
}

export function tokens(usage) {
  if (!usage) return "–";
  const input = usage.input_tokens || 0;
  const output = usage.output_tokens || 0;
  return `${input} in / ${output} out`;
}

export function ms(value) {
  return typeof value === "number" ? `${Math.round(value)} ms` : "–";
}

export function when(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** A table of calls: the chat's transparency list, reused on run and session pages. */
export function callsTable(calls, caption) {
  const rows = (calls || []).map((call) =>
    h("tr", {},
      h("td", {}, call.kind),
      h("td", {}, call.attempt ?? call.member ?? ""),
      h("td", {}, `${call.provider || ""}${call.provider ? ":" : ""}${call.model || ""}`),
      h("td", {}, tokens(call.usage)),
      h("td", {}, ms(call.latency_ms)),
      h("td", {}, call.status === "ok" ? badge("ok", "ok")
        : badge(call.status, call.status === "cached" ? "info" : "bad"),
        call.error ? h("span", { class: "call-error" }, ` ${call.error}`) : null),
    ));
  return h("div", { class: "table-wrap" },
    h("table", { class: "calls" },
      h("caption", {}, caption || `LLM calls (${rows.length})`),
      h("thead", {}, h("tr", {},
        ["Kind", "Attempt", "Model", "Tokens", "Latency", "Status"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: 6 }, "No calls recorded.")))));
}
