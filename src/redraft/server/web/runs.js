// Runs: the tenant's past runs, and one run with its drafts, verdicts,
// evidence, calls, events and totals. A run still going follows its event
// stream and redraws when it ends.

import { LiveStream, apiJson } from "./api.js";
import { badge, callsTable, clear, h, ms, passBadge, put, requirementsTable, score, tokens, when } from "./dom.js";

// Where a run came from, in words a reader knows.
const SOURCES = { service: "service", cli: "redraft command", library: "library", middleware: "middleware" };

function sourceText(run) {
  return SOURCES[run.source] || run.source || "service";
}

function statusBadge(run) {
  if (run.status === "running") return badge("running", "info");
  if (run.status === "failed") return badge("failed", "bad");
  return passBadge(run.passed);
}

export function renderRuns(main) {
  const body = h("tbody");
  const state = h("p", { class: "state", role: "status" }, "Loading runs…");
  const more = h("button", { type: "button", hidden: true }, "Load older runs");
  let before = null;

  async function load() {
    more.disabled = true;
    try {
      const query = before ? `?limit=20&before=${encodeURIComponent(before)}` : "?limit=20";
      const page = await apiJson(`/v1/runs${query}`);
      for (const run of page.data) {
        body.append(h("tr", {},
          h("td", {}, h("a", { href: `#/runs/${run.id}` }, run.prompt.slice(0, 80) || run.id)),
          h("td", {}, when(run.created_at)),
          h("td", {}, sourceText(run)),
          h("td", {}, run.model),
          h("td", {}, statusBadge(run)),
          h("td", {}, score(run.score)),
          h("td", {}, String(run.attempts)),
          h("td", {}, tokens(run.usage))));
      }
      state.textContent = body.children.length ? "" : "No runs yet. Ask something in Chat or Lab.";
      before = page.next_before;
      more.hidden = !page.has_more;
    } catch (err) {
      state.textContent = `Could not load the runs: ${err.message}`;
    } finally {
      more.disabled = false;
    }
  }
  more.addEventListener("click", load);

  main.append(
    h("h1", {}, "Runs"),
    h("p", { class: "lead" }, "Every run, from the service or redraft ask, is stored with its drafts, verdicts and LLM calls. Newest first."),
    state,
    h("div", { class: "table-wrap" },
      h("table", { class: "runs" },
        h("caption", { class: "visually-hidden" }, "Runs, newest first"),
        h("thead", {}, h("tr", {},
          ["Prompt", "When", "From", "Model", "Outcome", "Score", "Attempts", "Tokens"].map((t) => h("th", { scope: "col" }, t)))),
        body)),
    more);
  load();
}

function messageText(message) {
  if (typeof message.content === "string") return message.content;
  if (Array.isArray(message.content)) {
    return message.content.map((p) => (typeof p.text === "string" ? p.text : `[${p.type}]`)).join(" ");
  }
  return message.tool_calls ? "(asks for tools)" : "";
}

function evidenceTable(evidence) {
  return h("div", { class: "table-wrap" },
    h("table", { class: "evidence-table" },
      h("caption", {}, "Evidence"),
      h("thead", {}, h("tr", {},
        ["Evaluator", "Kind", "Status", "Result", "Score", "Reason"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, evidence.map((e) => h("tr", {},
        h("td", {}, e.evaluator),
        h("td", {}, e.kind),
        h("td", {}, e.status === "ok" ? badge("ok", "ok") : badge(e.status, "bad")),
        h("td", {}, e.status === "skipped" ? "–" : passBadge(e.passed)),
        h("td", {}, e.score !== null && e.score !== undefined ? score(e.score) : e.points ?? "–"),
        h("td", {}, e.reason))))));
}

// How often each judge behind this verdict has been right, beside what it
// judged: a guess should not read like a check.
function judgeRecords(evidence) {
  return evidence.filter((e) => e.kind === "judge" && e.source).map((e) => {
    const r = e.data?.reliability;
    let said = "not measured yet";
    if (r && r.balanced_accuracy !== null && r.interval) {
      said = `balanced accuracy ${score(r.balanced_accuracy)} [${score(r.interval[0])}, ${score(r.interval[1])}]`;
      said += `${r.kappa !== null ? `, κ ${score(r.kappa)}` : ""}, n=${r.tp + r.tn + r.fp + r.fn}`;
    } else if (r && r.uncertain > 0) {
      said = `never sure: uncertain on all ${r.uncertain} comparisons`;
    }
    const flagged = r?.status === "chance";
    return h("p", { class: "judge-record" }, `Judge ${e.source}: ${said} `,
      flagged ? badge("no better than chance", "warn") : null);
  });
}

function draftView(draft, finalAttempt) {
  const v = draft.verdict;
  const isFinal = draft.attempt === finalAttempt;
  return h("article", { class: `draft${isFinal ? " final" : ""}`, "aria-label": `Draft ${draft.attempt}` },
    h("h3", {}, `Draft ${draft.attempt} `,
      v ? [passBadge(v.passed), " ", badge(`score ${score(v.score)}`, "info")] : badge("not judged", "info"),
      isFinal ? [" ", badge("final answer", "final")] : null),
    draft.feedback ? h("details", {}, h("summary", {}, "Feedback it was drafted from"), h("p", { class: "text" }, draft.feedback)) : null,
    h("p", { class: "text" }, draft.text),
    v ? [
      h("p", {}, h("strong", {}, "Verdict: "), v.reason || "—"),
      v.suggestions?.length ? h("ul", { class: "suggestions" }, v.suggestions.map((s) => h("li", {}, s))) : null,
      v.requirements?.length ? requirementsTable(v.requirements, v.account) : null,
      v.evidence?.length ? judgeRecords(v.evidence) : null,
      v.evidence?.length ? evidenceTable(v.evidence) : null,
    ] : null);
}

// The judge's choice between two drafts equal on everything checked (policy pairwise).
function comparisonText(c) {
  const pair = `drafts ${c.first} and ${c.second}`;
  if (c.error) return `between ${pair}: no preference (${c.error})`;
  const sure = `P ${(c.p_second ?? 0).toFixed(2)}, confidence ${c.confidence.toFixed(2)}`;
  if (c.confidence < 0.5) return `between ${pair}: the judge was not sure (${sure})`;
  const other = c.chosen === c.second ? c.first : c.second;
  return `the judge chose draft ${c.chosen} over draft ${other} (${sure})`;
}

export function renderRun(main, route) {
  const runId = route.id;
  const content = h("div", {}, h("p", { class: "state", role: "status" }, "Loading the run…"));
  main.append(h("p", {}, h("a", { href: "#/runs" }, "← All runs")), h("h1", {}, `Run ${runId}`), content);
  let stream = null;

  async function load() {
    let run;
    try {
      run = await apiJson(`/v1/runs/${encodeURIComponent(runId)}`);
    } catch (err) {
      put(clear(content), h("p", { class: "error", role: "alert" },
        err.status === 404 ? `There is no run ${runId}.` : `Could not load the run: ${err.message}`));
      return;
    }
    const result = run.result || {};
    const calls = run.calls || [];
    const latency = calls.reduce((n, c) => n + (c.latency_ms || 0), 0);
    const finalAttempt = result.final_attempt ?? null;
    const facts = [
      ["Outcome", statusBadge(run)],
      ["Score", score(run.score)],
      ["Attempts", String(run.attempts)],
      ["Stop reason", run.stop_reason || "—"],
      ["Model", run.model],
      ["Judge", run.judge || "—"],
      ["Started", when(run.created_at)],
      ["From", sourceText(run)],
      ["Tokens", `${tokens(run.usage)} · ${(run.usage?.input_tokens || 0) + (run.usage?.output_tokens || 0)} total`],
      ["Calls", `${calls.length} · ${ms(latency)} in all`],
    ];
    if (result.comparison) facts.push(["Choice", comparisonText(result.comparison)]);
    put(clear(content),
      h("dl", { class: "facts" }, facts.map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v)))),
      run.error ? h("p", { class: "run-error", role: "alert" }, h("strong", {}, "Error: "), run.error) : null,
      h("h2", {}, "Request"),
      h("ol", { class: "request" }, run.request.messages.map((m) =>
        h("li", {}, h("strong", {}, `${m.role}: `), messageText(m)))),
      run.final_answer !== null && run.final_answer !== undefined
        ? h("section", { class: "final-answer", "aria-labelledby": "run-final" },
          h("h2", { id: "run-final" }, "Final answer"), h("p", { class: "text" }, run.final_answer))
        : null,
      h("h2", {}, `Drafts (${run.drafts.length})`),
      run.drafts.length ? run.drafts.map((d) => draftView(d, finalAttempt)) : h("p", {}, "No draft was written."),
      h("h2", {}, "Calls"),
      callsTable(calls),
      h("details", { class: "events" },
        h("summary", {}, `Events (${run.events.length})`),
        h("ol", {}, run.events.map((e) => h("li", {}, `#${e.seq} ${e.type}`)))));
    if (run.status === "running" && !stream) {
      stream = new LiveStream(`/v1/runs/${encodeURIComponent(runId)}/events`, {
        onEvent(event) {
          if (event.type === "run_completed" || event.type === "run_failed") {
            stream.close();
            load();
          }
        },
      }).start();
    }
  }
  load();
  return { dispose: () => stream?.close() };
}
