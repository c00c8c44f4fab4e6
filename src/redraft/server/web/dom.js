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

/** A cell with attributes of its own, for row(): cell({ class: "prose" }, text). */
export function cell(attrs, ...children) {
  return { cellAttrs: attrs, children };
}

/**
 * One table row. Each cell carries its column's name (data-label): on a
 * phone the rows stack as cards and the name shows beside the value
 * (app.css). The value sits in one box of its own, so that a cell holding
 * text and badges stays one piece beside its label. Explicit roles keep the
 * table a table for screen readers when the CSS lays it out as blocks.
 */
export function row(headers, values, attrs) {
  return h("tr", { role: "row", ...attrs }, values.map((value, i) => {
    const own = value?.cellAttrs !== undefined;
    return h("td", { role: "cell", "data-label": headers[i] || null, ...(own ? value.cellAttrs : {}) },
      h("div", { class: "cell" }, own ? value.children : value));
  }));
}

/**
 * A table of ``rows`` (from row()) under ``headers``, in a box that scrolls
 * sideways rather than the page should it ever be too wide. ``empty``: what
 * a table without rows says.
 */
export function dataTable({ className, caption, hideCaption, headers, rows, body, empty }) {
  const tbody = body || h("tbody");
  tbody.setAttribute("role", "rowgroup");
  put(tbody, rows && rows.length ? rows
    : empty ? h("tr", { role: "row" }, h("td", { role: "cell", colspan: headers.length }, empty)) : null);
  return h("div", { class: "table-wrap" },
    h("table", { class: `stack ${className || ""}`.trim(), role: "table" },
      caption ? h("caption", { class: hideCaption ? "visually-hidden" : null }, caption) : null,
      h("thead", { role: "rowgroup" }, h("tr", { role: "row" },
        headers.map((t) => h("th", { scope: "col", role: "columnheader" }, t)))),
      tbody));
}

// "2 requirements: 1 exact ✓, 1 unverified" and each requirement, with what
// decided it: the verdict says what it checked and what it could not.
export function requirementsTable(requirements, account) {
  const mark = (r) => (r.passed === true ? "✓" : r.passed === false ? "✗" : "?");
  const headers = ["", "Requirement", "From", "Decided by", "Note"];
  return dataTable({
    className: "requirements-table",
    caption: account || "Requirements",
    headers,
    rows: requirements.map((r) => row(headers, [
      mark(r),
      cell({ class: "prose" }, r.text),
      r.source,
      r.coverage + (r.confidence !== null && r.confidence !== undefined ? ` (confidence ${r.confidence.toFixed(1)})` : ""),
      cell({ class: "prose" }, r.reason || ""),
    ])),
  });
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

/**
 * Dollars as the CLI and the eval reports write them: "$0", to the cent's
 * hundredth, or to six places below that (a cheap model's single call).
 * null: no price is known for a model; undefined: not known here yet.
 */
export function dollars(usd) {
  if (usd === null) return "unknown";
  if (typeof usd !== "number") return "–";
  if (usd === 0) return "$0";
  return usd >= 0.0001 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(6)}`;
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
  const headers = ["Kind", "Attempt", "Model", "Tokens", "Cost", "Latency", "Status"];
  const rows = (calls || []).map((call) => row(headers, [
    call.kind,
    call.attempt ?? call.member ?? "",
    `${call.provider || ""}${call.provider ? ":" : ""}${call.model || ""}`,
    tokens(call.usage),
    dollars(call.cost_usd),
    ms(call.latency_ms),
    cell({ class: "prose" }, call.status === "ok" ? badge("ok", "ok")
      : badge(call.status, call.status === "cached" ? "info" : "bad"),
    call.error ? h("span", { class: "call-error" }, ` ${call.error}`) : null),
  ]));
  return dataTable({
    className: "calls",
    caption: caption || `LLM calls (${rows.length})`,
    headers,
    rows,
    empty: "No calls recorded.",
  });
}

// An API error's code in words for people: what happened and what they can
// do. The message itself is written for API clients (it names options and
// request fields), so it stays under "Details", for operators.
const ERROR_WORDS = {
  max_iterations: "The model was still calling tools when it reached the limit of tool rounds. Continue lets it carry on from here.",
  deadline_exceeded: "The run ran out of time before it finished. Try again, or allow it more time.",
  token_budget_exhausted: "The run used up its token budget before it finished. Try again with a larger budget or a shorter request.",
  cost_budget_exhausted: "The run reached its spending limit before it finished. Raise the cost budget to let it go further.",
  quality_not_met: "No draft passed the checks within the attempts allowed. Rephrase the request or allow more attempts.",
  upstream_auth_error: "The model provider turned down this server's credentials. An operator needs to check the provider's key.",
  upstream_rate_limited: "The model provider is turning requests away for now. Wait a moment and try again.",
  upstream_timeout: "The model provider took too long to answer. Try again in a moment.",
  upstream_unreachable: "The model provider could not be reached. Try again in a moment; if it keeps failing, an operator should check the connection.",
  upstream_error: "The model provider answered with an error. Try again; if it keeps failing, the details below help an operator.",
  run_failed: "The run stopped with an error. Try again; if it keeps failing, the details below help an operator.",
  real_model_calls_blocked: "This server is set not to call real models. An operator can allow it.",
  mcp_server_unavailable: "A tool server this model needs could not be reached. Try again later, or pick another model.",
  model_not_found: "This server has no such model. Pick another one.",
  store_full: "The server's storage is full, so nothing new can be saved. An operator needs to free space.",
  store_unavailable: "The server's storage is not answering. Try again in a moment.",
  invalid_api_key: "The server did not accept the API key. Enter a valid one under API key.",
  continued_run_not_found: "The run to carry on from is gone. Ask again from the start.",
};

/** The plain sentence for an API error ``code``, or null when there is none. */
export function errorWords(code) {
  return (code && Object.hasOwn(ERROR_WORDS, code)) ? ERROR_WORDS[code] : null;
}

/** An error as people read it: the sentence for its code, the original
 * message under a collapsed "Details"; an error without a known code shows
 * its message as it is. */
export function errorText(code, message) {
  const words = errorWords(code);
  const original = message || "unknown error";
  if (!words) return [h("p", { class: "error-message" }, original)];
  return [
    h("p", { class: "error-message" }, words),
    h("details", { class: "error-details" }, h("summary", {}, "Details"),
      h("p", { class: "error-original" }, code ? [h("code", {}, code), " "] : null, original)),
  ];
}
