// Runs: the tenant's past runs, and one run with its drafts, verdicts,
// evidence, calls, events and totals. A run still going follows its event
// stream and redraws when it ends. A failed run offers Continue, and a run
// links to the run it continues and to the runs that continue it.

import { LiveStream, apiFetch, apiJson } from "./api.js";
import {
  badge, callsTable, cell, clear, dataTable, dollars, errorText, field, h, ms, passBadge, put, requirementsTable, row, score,
  tokens, when,
} from "./dom.js";
import { loadModels } from "./models.js";

// Where a run came from, in words a reader knows.
const SOURCES = { service: "service", cli: "redraft command", library: "library", middleware: "middleware" };

function sourceText(run) {
  return SOURCES[run.source] || run.source || "service";
}

// Where it came from, a row's run of an eval linking to the eval: its
// baseline and loop runs of one prompt otherwise look alike.
function sourceCell(run) {
  if (!run.eval) return sourceText(run);
  return h("a", { class: "eval-link", href: `#/evals/${encodeURIComponent(run.eval.id)}` }, `eval · ${run.eval.arm}`);
}

function runLink(id) {
  return h("a", { href: `#/runs/${id}` }, id);
}

function joined(ids) {
  return ids.flatMap((id, i) => (i ? [", ", runLink(id)] : [runLink(id)]));
}

// "continues run_…" / "continued by run_…": a continuation and its run, both ways.
function continuationLines(run) {
  const continuedBy = run.continued_by || [];
  return [
    run.continues ? h("small", { class: "link-line" }, "continues ", runLink(run.continues)) : null,
    continuedBy.length ? h("small", { class: "link-line" }, "continued by ", joined(continuedBy)) : null,
  ];
}

function statusBadge(run) {
  if (run.status === "running") return badge("running", "info");
  if (run.status === "failed") return badge("failed", "bad");
  return passBadge(run.passed);
}

// The list's filters, as GET /v1/runs takes them (empty: any).
const SOURCE_CHOICES = [["", "any source"], ...Object.entries(SOURCES)];
const PASSED_CHOICES = [["", "any outcome"], ["true", "passed"], ["false", "not passed"]];

function choices(id, options) {
  return h("select", { id }, options.map(([value, text]) => h("option", { value }, text)));
}

// The first line of the prompt, which the cell cuts to its width (the whole
// prompt, up to the 500 characters a listing keeps, is its tooltip).
function firstLine(prompt) {
  return prompt.split("\n").find((line) => line.trim()) || "";
}

function runCost(run) {
  return run.status === "running" ? "–" : dollars(run.cost_usd);
}

const RUN_HEADERS = ["Prompt", "When", "From", "Model", "Outcome", "Score", "Attempts", "Tokens", "Cost"];

export function renderRuns(main) {
  const body = h("tbody");
  const state = h("p", { class: "state", role: "status" }, "Loading runs…");
  const more = h("button", { type: "button", hidden: true }, "Load older runs");
  const source = choices("runs-source", SOURCE_CHOICES);
  const passed = choices("runs-passed", PASSED_CHOICES);
  const model = h("input", { id: "runs-model", type: "text", list: "runs-models", autocomplete: "off", spellcheck: "false" });
  const known = h("datalist", { id: "runs-models" });
  const filters = h("form", { class: "filters", role: "search", "aria-label": "Filter runs" },
    field("From", source),
    field("Outcome", passed, "Unverified runs match neither."),
    field("Model", model, "The generator spec, exactly."),
    known);
  let before = null;
  let shown = 0; // the load whose rows are on screen: a newer one replaces them

  function query() {
    const params = new URLSearchParams({ limit: "20" });
    if (source.value) params.set("source", source.value);
    if (passed.value) params.set("passed", passed.value);
    if (model.value.trim()) params.set("model", model.value.trim());
    if (before) params.set("before", before);
    return params;
  }

  async function load(fresh) {
    if (fresh) before = null;
    const ticket = fresh ? ++shown : shown;
    more.disabled = true;
    try {
      const page = await apiJson(`/v1/runs?${query()}`);
      if (ticket !== shown) return; // the filters changed meanwhile
      if (fresh) clear(body);
      for (const run of page.data) {
        body.append(row(RUN_HEADERS, [
          cell({ class: "prompt-cell" },
            h("a", { class: "clip", href: `#/runs/${run.id}`, title: run.prompt || null }, firstLine(run.prompt) || run.id),
            continuationLines(run)),
          when(run.created_at),
          sourceCell(run),
          run.model,
          statusBadge(run),
          score(run.score),
          String(run.attempts),
          tokens(run.usage),
          runCost(run),
        ]));
      }
      const filtered = source.value || passed.value || model.value.trim();
      state.textContent = body.children.length ? ""
        : filtered ? "No run matches these filters." : "No runs yet. Ask something in Chat or Lab.";
      before = page.next_before;
      more.hidden = !page.has_more;
    } catch (err) {
      if (ticket === shown) state.textContent = `Could not load the runs: ${err.message}`;
    } finally {
      more.disabled = false;
    }
  }
  more.addEventListener("click", () => load(false));
  filters.addEventListener("change", () => load(true));
  filters.addEventListener("submit", (event) => {
    event.preventDefault();
    load(true);
  });

  main.append(
    h("h1", {}, "Runs"),
    h("p", { class: "lead" }, "Every run, from the service or redraft ask, is stored with its drafts, verdicts and LLM calls. Newest first."),
    filters,
    state,
    dataTable({ className: "runs", caption: "Runs, newest first", hideCaption: true, headers: RUN_HEADERS, body }),
    more);
  load(true);
  // The models this server's profiles draft with, to pick from.
  apiJson("/v1/models").then((listing) => {
    const specs = new Set(listing.data.map((m) => m.generator).filter(Boolean));
    put(known, [...specs].map((spec) => h("option", { value: spec })));
  }).catch(() => {
    // Typing the spec still works.
  });
}

function messageText(message) {
  if (typeof message.content === "string") return message.content;
  if (Array.isArray(message.content)) {
    return message.content.map((p) => (typeof p.text === "string" ? p.text : `[${p.type}]`)).join(" ");
  }
  return message.tool_calls ? "(asks for tools)" : "";
}

function evidenceTable(evidence) {
  const headers = ["Evaluator", "Kind", "Status", "Result", "Score", "Reason"];
  return dataTable({
    className: "evidence-table",
    caption: "Evidence",
    headers,
    rows: evidence.map((e) => row(headers, [
      e.evaluator,
      e.kind,
      e.status === "ok" ? badge("ok", "ok") : badge(e.status, "bad"),
      e.status === "skipped" ? "–" : passBadge(e.passed),
      e.score !== null && e.score !== undefined ? score(e.score) : e.points ?? "–",
      cell({ class: "prose" }, e.reason),
    ])),
  });
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

function draftView(draft, finalAttempt, ended) {
  const v = draft.verdict;
  const isFinal = draft.attempt === finalAttempt;
  // Once the run has chosen its answer, every other draft was turned down.
  const rejected = ended && finalAttempt !== null && !isFinal;
  return h("article", { class: `draft${isFinal ? " final" : ""}`, "aria-label": `Draft ${draft.attempt}` },
    h("h3", {}, `Draft ${draft.attempt} `,
      v ? [passBadge(v.passed), " ", badge(`score ${score(v.score)}`, "info")] : badge("not judged", "info"),
      rejected ? [" ", badge("rejected", "rejected")] : null,
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

// The tools the run called on the server (its tool_executed events), each
// with what it returned: what a continuation carries on from.
function toolCallList(run) {
  const calls = (run.events || []).filter((e) => e.type === "tool_executed").map((e) => e.execution);
  if (!calls.length) return null;
  return h("ol", { class: "tool-calls", "aria-label": "Tool calls so far" }, calls.map((x) =>
    h("li", { class: x.error ? "tool-call failed" : "tool-call" },
      h("code", { class: "tool-call-name" }, `${x.name}(${x.arguments})`),
      h("span", { class: "tool-call-arrow", "aria-hidden": "true" }, " → "),
      h("span", { class: "visually-hidden" }, " returned "),
      h("code", { class: "tool-call-result" }, x.result))));
}

// Continue a failed run: its continue_context goes to the chat endpoint as a
// new run that continues it (redraft.continuation and redraft.continues);
// the page then opens the new run, which it follows live. The profile the
// run ran with is preselected; a run stored without one (the CLI's, or older)
// gets the profile drafting with its model, when there is one.
function continuePanel(run) {
  // As the chat endpoint's error gives it: without the fields left empty.
  const context = (run.result?.continue_context || []).map((m) =>
    Object.fromEntries(Object.entries(m).filter(([, value]) => value !== null)));
  if (!context.length) return null;
  const n = context.length;
  const tools = toolCallList(run);
  const model = h("select", { id: "continue-model", required: true });
  const problem = h("p", { class: "error", role: "alert", hidden: true });
  const button = h("button", { type: "button", class: "primary" }, "Continue");
  button.addEventListener("click", async () => {
    button.disabled = true;
    problem.hidden = true;
    try {
      const response = await apiFetch("/v1/chat/completions", {
        method: "POST",
        body: {
          model: model.value,
          messages: context,
          stream: true,
          redraft: { continuation: true, continues: run.id },
        },
      });
      const next = response.headers.get("x-redraft-run-id");
      // The new run goes on without this connection: its page follows it.
      response.body?.cancel().catch(() => {});
      if (!next) throw new Error("the server did not say which run it started");
      location.hash = `#/runs/${next}`;
    } catch (err) {
      problem.textContent = `Could not continue the run: ${err.message}`;
      problem.hidden = false;
      button.disabled = false;
    }
  });
  loadModels(model).then((profiles) => {
    const listed = profiles.some((p) => p.id === run.profile);
    if (!listed && run.profile && run.profile === run.model) {
      // The request named a model spec, not a profile: the service takes it again.
      model.append(h("option", { value: run.profile }, `${run.profile} — this run's model`));
    }
    const same = listed || run.profile === run.model ? run.profile
      : profiles.find((p) => p.generator === run.model)?.id;
    if (same) model.value = same;
  }).catch((err) => {
    problem.textContent = `Could not load the models: ${err.message}`;
    problem.hidden = false;
  });
  return h("section", { class: "continue", "aria-labelledby": "continue-title" },
    h("h2", { id: "continue-title" }, "Continue this run"),
    h("p", { class: "continue-help" },
      `Continue starts a new run that carries on from this one: it sends every message of the run so far `
      + `(${n} message${n === 1 ? "" : "s"}, tool results included when the run called tools) `
      + "with redraft.continuation, links the two runs and opens the new one."),
    tools ? [h("h3", {}, "Tool calls so far"), tools] : null,
    field("Profile", model, "The profile the new run uses (the run's own, preselected)."),
    button, problem);
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
      ["From", run.eval ? [sourceCell(run), `, row ${run.eval.row + 1}`] : sourceText(run)],
      ["Tokens", `${tokens(run.usage)} · ${(run.usage?.input_tokens || 0) + (run.usage?.output_tokens || 0)} total`],
      ["Cost", runCost(run)],
      ["Calls", `${calls.length} · ${ms(latency)} in all`],
    ];
    if (result.comparison) facts.push(["Choice", comparisonText(result.comparison)]);
    if (run.continues) facts.push(["Continues", runLink(run.continues)]);
    if (run.continued_by?.length) facts.push(["Continued by", joined(run.continued_by)]);
    const failed = run.status === "failed";
    // A failed run's best draft was never returned to its caller: say so.
    const answerTitle = failed ? "Best draft before the failure" : "Final answer";
    put(clear(content),
      h("dl", { class: "facts" }, facts.map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v)))),
      run.error ? h("div", { class: "run-error", role: "alert" },
        h("h2", {}, failed ? "The run failed" : "Error"), errorText(run.error_code, run.error)) : null,
      failed ? continuePanel(run) : null,
      h("h2", {}, "Request"),
      h("ol", { class: "request" }, run.request.messages.map((m) =>
        h("li", {}, h("strong", {}, `${m.role}: `), messageText(m)))),
      run.final_answer
        ? h("section", { class: "final-answer", "aria-labelledby": "run-final" },
          h("h2", { id: "run-final" }, answerTitle), h("p", { class: "text" }, run.final_answer))
        : null,
      h("h2", {}, `Drafts (${run.drafts.length})`),
      run.drafts.length
        ? run.drafts.map((d) => draftView(d, finalAttempt, run.status === "completed"))
        : h("p", {}, "No draft was written."),
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
