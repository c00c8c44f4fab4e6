// Evals: the datasets `redraft eval` has run through the loop, and one eval
// with its report. The report is the CLI's own HTML page, fetched with the
// API key and shown in a sandboxed frame with no scripts; both reports can be
// downloaded as files.

import { apiFetch, apiJson } from "./api.js";
import { badge, clear, dataTable, h, put, row, when } from "./dom.js";

const STATUS_TONES = { running: "info", completed: "ok", interrupted: "warn" };

function statusBadge(status) {
  return badge(status, STATUS_TONES[status] || "");
}

function percent(share) {
  return typeof share === "number" ? `${Math.round(share * 100)}%` : "–";
}

// Every (row, arm) pair the eval runs; `done` counts the ones kept so far.
function progress(evaluation) {
  return `${evaluation.done}/${evaluation.rows * evaluation.arms.length}`;
}

export function renderEvals(main) {
  const body = h("tbody");
  const state = h("p", { class: "state", role: "status" }, "Loading evals…");
  const headers = ["Name", "Id", "Status", "Model", "Arms", "Progress", "Loop passed", "Created"];
  const table = dataTable({ className: "evals", caption: "Evals, newest first", hideCaption: true, headers, body });
  table.hidden = true;

  async function load() {
    try {
      const page = await apiJson("/v1/evals?limit=100");
      for (const e of page.data) {
        const link = `#/evals/${encodeURIComponent(e.id)}`;
        body.append(row(headers, [
          h("a", { href: link }, e.name || e.id),
          h("code", {}, e.id),
          statusBadge(e.status),
          e.model,
          e.arms.join(", "),
          progress(e),
          `${e.passed} of ${e.rows}`,
          when(e.created_at),
        ]));
      }
      table.hidden = !page.data.length;
      if (page.data.length) state.textContent = "";
      else {
        put(clear(state), "No evals yet. Run a dataset of prompts through the loop with ",
          h("code", {}, "redraft eval DATASET"),
          " (JSON Lines, CSV or a JSON array of rows; add ", h("code", {}, "--compare"),
          " for a one-draft baseline): it appears here as it runs.");
      }
    } catch (err) {
      state.textContent = `Could not load the evals: ${err.message}`;
    }
  }

  main.append(
    h("h1", {}, "Evals"),
    h("p", { class: "lead" },
      "Datasets of prompts run through the loop by redraft eval, newest first: how many rows "
      + "each has run, and how many the loop passed. Open one for its report."),
    state,
    table);
  load();
}

// Offer `text` as a file, without navigating away from the page.
function saveFile(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function downloadButton(label, path, name, type, said) {
  const button = h("button", { type: "button" }, label);
  button.addEventListener("click", async () => {
    button.disabled = true;
    said.textContent = `Preparing ${name}…`;
    try {
      const response = await apiFetch(path);
      saveFile(await response.text(), name, type);
      said.textContent = `Downloaded ${name}.`;
    } catch (err) {
      said.textContent = `Could not download ${name}: ${err.message}`;
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

function armFacts(evaluation) {
  const arms = evaluation.stats.arms;
  return evaluation.arms.map((arm) => {
    const s = arms[arm];
    const [low, high] = s.interval;
    return [`${arm === "loop" ? "Loop" : "Baseline"} passed`,
      `${s.passed} of ${s.rows} (${percent(s.pass_rate)}, 95% ${percent(low)}–${percent(high)})`];
  });
}

// A srcdoc page resolves "#section" against this page's address, so the
// report's contents links would navigate the frame away (to a page it may not
// frame) instead of scrolling it; "about:srcdoc#section" scrolls. DOMParser
// builds an inert document: nothing in it loads or runs.
function framed(report) {
  const doc = new DOMParser().parseFromString(report, "text/html");
  for (const link of doc.querySelectorAll('a[href^="#"]')) {
    link.setAttribute("href", `about:srcdoc${link.getAttribute("href")}`);
  }
  return `<!doctype html>\n${doc.documentElement.outerHTML}`;
}

export function renderEval(main, route) {
  const evalId = route.id;
  const path = `/v1/evals/${encodeURIComponent(evalId)}`;
  const heading = h("h1", {}, `Eval ${evalId}`);
  const content = h("div", {}, h("p", { class: "state", role: "status" }, "Loading the eval…"));
  main.append(h("p", {}, h("a", { href: "#/evals" }, "← All evals")), heading, content);

  async function load() {
    let evaluation;
    let report;
    try {
      [evaluation, report] = await Promise.all([
        apiJson(path),
        apiFetch(`${path}/report.html`).then((r) => r.text()),
      ]);
    } catch (err) {
      put(clear(content), h("p", { class: "error", role: "alert" },
        err.status === 404 ? `There is no eval ${evalId}.` : `Could not load the eval: ${err.message}`));
      return;
    }
    heading.textContent = `Eval ${evaluation.name}`;
    const config = evaluation.config;
    const comparison = evaluation.stats.comparison;
    const facts = [
      ["Id", h("code", {}, evaluation.id)],
      ["Status", statusBadge(evaluation.status)],
      ["Model", config.model],
      ["Judge", config.judge_model],
      ["Arms", evaluation.arms.join(", ")],
      ["Progress", `${progress(evaluation)} done`],
      ...armFacts(evaluation),
      comparison
        ? ["Loop against one draft", `${comparison.gained.length} gained, ${comparison.lost.length} lost, p = ${comparison.p_value.toFixed(3)}`]
        : null,
      ["Created", when(evaluation.created_at)],
      ["Updated", when(evaluation.updated_at)],
    ].filter(Boolean);
    const said = h("p", { class: "state", role: "status" });
    const refresh = h("button", { type: "button" }, "Refresh");
    refresh.addEventListener("click", load);
    put(clear(content),
      h("dl", { class: "facts" }, facts.map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v)))),
      evaluation.status === "running"
        ? h("p", { class: "muted" }, "Still running: refresh for the rows finished since.")
        : null,
      h("div", { class: "actions", role: "group", "aria-label": "Report downloads" },
        downloadButton("Download report (Markdown)", `${path}/report.md`,
          `${evaluation.id}-report.md`, "text/markdown", said),
        downloadButton("Download report (HTML)", `${path}/report.html`,
          `${evaluation.id}-report.html`, "text/html", said),
        refresh),
      said,
      h("section", { class: "eval-report", "aria-labelledby": "eval-report-heading" },
        h("h2", { id: "eval-report-heading" }, "Report"),
        // No allow-scripts and no allow-same-origin: the report is inert.
        h("iframe", {
          class: "report-frame",
          sandbox: true,
          srcdoc: framed(report),
          title: `Report of eval ${evaluation.name}`,
        })));
  }
  load();
}
