// Chat (the chat proxy): a conversation with any profile. Each answer streams in
// as it is written, shows the evaluation of every attempt, and opens a list
// of every LLM call of its run; a failed run offers Continue, which resubmits
// the run's continuation context.

import { ApiError, apiFetch, apiJson, sseEvents } from "./api.js";
import { badge, callsTable, clear, field, h, ms, passBadge, put, score } from "./dom.js";
import { loadModels } from "./models.js";

function numberOrNull(input) {
  return input.value.trim() === "" ? null : Number(input.value);
}

export function renderChat(main) {
  const messages = [];
  let busy = null; // the AbortController of the answer being streamed

  const model = h("select", { id: "chat-model", required: true });
  const threshold = h("input", { id: "chat-threshold", type: "number", min: 0, max: 1, step: 0.05 });
  const attempts = h("input", { id: "chat-attempts", type: "number", min: 1, max: 10, step: 1 });
  const criteria = h("input", { id: "chat-criteria", type: "text" });
  const mode = h("select", { id: "chat-mode" },
    h("option", { value: "live" }, "every draft as it is written"),
    h("option", { value: "final" }, "only the accepted draft"));
  const input = h("textarea", { id: "chat-input", rows: 3, required: true,
    placeholder: "Ask something. Enter sends, Shift+Enter adds a line." });
  const send = h("button", { type: "submit", class: "primary" }, "Send");
  const stop = h("button", { type: "button", hidden: true, onclick: () => busy?.abort() }, "Stop");
  const reset = h("button", { type: "button", class: "quiet", onclick: () => {
    busy?.abort();
    messages.length = 0;
    clear(log);
    input.focus();
  } }, "New conversation");
  const log = h("ol", { class: "log", role: "log", "aria-live": "polite", "aria-label": "Conversation" });
  const loadError = h("p", { class: "error", role: "alert", hidden: true });

  const form = h("form", { class: "chat-form" },
    h("div", { class: "row" },
      field("Model", model, "A profile of this server (GET /v1/models)."),
      h("details", { class: "options" },
        h("summary", {}, "Redraft options"),
        h("div", { class: "grid" },
          field("Threshold", threshold, "0–1; empty: the profile's."),
          field("Max attempts", attempts, "1–10; empty: the profile's."),
          field("Criteria", criteria, "What the judge checks."),
          field("Stream", mode)))),
    field("Message", input),
    h("div", { class: "actions" }, send, stop, reset));

  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || busy) return;
    input.value = "";
    messages.push({ role: "user", content: text });
    log.append(h("li", { class: "msg user" }, h("div", { class: "who" }, "You"), h("p", { class: "text" }, text)));
    ask(messages.slice(), false);
  });

  function options(continuation) {
    const redraft = { stream_mode: mode.value };
    const t = numberOrNull(threshold);
    const a = numberOrNull(attempts);
    if (t !== null) redraft.threshold = t;
    if (a !== null) redraft.max_attempts = a;
    if (criteria.value.trim()) redraft.criteria = criteria.value.trim();
    if (continuation) redraft.continuation = true;
    return redraft;
  }

  async function ask(history, continuation) {
    const view = answerView();
    log.append(view.root);
    busy = new AbortController();
    send.disabled = true;
    stop.hidden = false;
    try {
      const response = await apiFetch("/v1/chat/completions", {
        method: "POST",
        signal: busy.signal,
        body: { model: model.value, messages: history, stream: true, redraft: options(continuation) },
      });
      let outcome = null;
      for await (const message of sseEvents(response, busy.signal)) {
        if (message.data === "[DONE]") break;
        outcome = view.take(JSON.parse(message.data)) || outcome;
      }
      if (outcome?.answer !== undefined) {
        messages.length = 0;
        messages.push(...history, { role: "assistant", content: outcome.answer });
      } else if (outcome?.error) {
        view.failed(outcome.error, () => ask(outcome.error.continue_context, true));
      } else {
        view.status("The stream ended before the run finished.");
      }
    } catch (err) {
      if (err.name === "AbortError") view.status("Stopped.");
      else view.failed({ message: err instanceof ApiError ? err.message : String(err) }, null);
    } finally {
      busy = null;
      send.disabled = false;
      stop.hidden = true;
      view.root.setAttribute("aria-busy", "false");
    }
  }

  main.append(
    h("h1", {}, "Chat"),
    h("p", { class: "lead" }, "Every answer is judged and redrafted until it passes. Each shows its evaluations and the LLM calls behind it."),
    loadError, form, log);
  loadModels(model).catch((err) => {
    loadError.textContent = `Could not load the models: ${err.message}`;
    loadError.hidden = false;
  });
  return { dispose: () => busy?.abort() };
}

/** One assistant message: attempts streaming in, then evaluations and calls. */
function answerView() {
  const state = h("p", { class: "state", role: "status" }, h("span", { class: "spinner", "aria-hidden": "true" }), " Writing…");
  const attempts = h("div", { class: "attempts" });
  const footer = h("div", { class: "answer-footer" });
  const root = h("li", { class: "msg assistant", "aria-busy": "true" },
    h("div", { class: "who" }, "redraft"), attempts, state, footer);
  const sections = new Map();
  let runId = null;

  function section(attempt) {
    if (!sections.has(attempt)) {
      const text = h("p", { class: "text" });
      const verdict = h("div", { class: "verdict" });
      const el = h("section", { class: "attempt", "aria-label": `Attempt ${attempt}` },
        h("h3", {}, `Attempt ${attempt}`), text, verdict);
      attempts.append(el);
      sections.set(attempt, { el, text, verdict, content: "" });
    }
    return sections.get(attempt);
  }

  function status(text, spinning = false) {
    put(clear(state), ...(spinning ? [h("span", { class: "spinner", "aria-hidden": "true" }), " "] : []), text);
  }

  function verdictRow(target, e) {
    put(clear(target),
      passBadge(e.passed), " ", badge(`score ${score(e.score)}`, "info"), " ",
      h("span", { class: "reason" }, e.reason || ""));
  }

  function finish(ext) {
    const finalAttempt = ext.final_attempt ?? ext.attempts;
    if (!sections.size) section(finalAttempt ?? 1);
    // In "final" mode the text streamed before the attempt number was known.
    if (sections.has(0)) {
      const only = sections.get(0);
      sections.delete(0);
      only.el.querySelector("h3").textContent = `Attempt ${finalAttempt}`;
      sections.set(finalAttempt, only);
    }
    // One list of evaluations replaces the live verdict rows, so each shows once.
    for (const part of sections.values()) clear(part.verdict);
    const evaluations = h("ol", { class: "evaluations", "aria-label": "Evaluations" },
      (ext.evaluations || []).map((e) => {
        const row = h("span", { class: "verdict" });
        verdictRow(row, e);
        return h("li", {}, h("strong", {}, `Attempt ${e.attempt}: `), row);
      }));
    const chosen = section(finalAttempt);
    if (ext.final_answer !== undefined) chosen.text.textContent = ext.final_answer;
    chosen.el.classList.add("final");
    chosen.el.querySelector("h3").append(" ", badge("final answer", "final"));
    const calls = ext.calls || [];
    const used = calls.reduce((n, c) => n + (c.usage?.input_tokens || 0) + (c.usage?.output_tokens || 0), 0);
    const latency = calls.reduce((n, c) => n + (c.latency_ms || 0), 0);
    const outcome = ext.passed === null ? "Unverified" : ext.passed ? "Passed" : "Did not pass";
    status(`${outcome} after ${ext.attempts} attempt(s) · stop: ${ext.stop_reason} · score ${score(ext.score)}`);
    root.classList.add(ext.passed === null ? "unverified" : ext.passed ? "passed" : "unpassed");
    footer.append(
      h("h3", { class: "sub" }, "Evaluations"), evaluations,
      h("details", { class: "transparency" },
        h("summary", {}, `LLM calls (${calls.length}) · ${used} tokens · ${ms(latency)}`),
        callsTable(calls)),
      h("a", { href: `#/runs/${ext.run_id}` }, "Open run"));
    return ext.final_answer ?? chosen.content;
  }

  return {
    root,
    status,
    /** Apply one chunk; returns {answer} or {error} when the run ended. */
    take(data) {
      if (data.error) {
        return { error: data.error };
      }
      if (typeof data.id === "string") runId = data.id.replace(/^chatcmpl-/, "");
      const ext = data.redraft || {};
      const choice = (data.choices || [])[0];
      if (ext.event === "redraft") {
        status(`Redrafting: attempt ${ext.attempt}…`, true);
        section(ext.attempt);
      } else if (ext.event === "thinking") {
        status(ext.message || "Revising…", true);
      } else if (ext.event === "verdict") {
        verdictRow(section(ext.attempt).verdict, ext);
        status(ext.passed === false ? "Did not pass; redrafting…" : "Finishing…", true);
      }
      const delta = choice?.delta?.content;
      if (delta) {
        const attempt = ext.attempt ?? (sections.size ? [...sections.keys()].pop() : 0);
        const target = section(attempt);
        target.content += delta;
        target.text.textContent = target.content;
        // The stream has no marker for "written, now judged": say both.
        status(attempt ? `Attempt ${attempt}: writing, then judging…` : "Writing…", true);
      }
      if (choice?.finish_reason && ext.run_id) {
        if (ext.delivery === "shadow") {
          status("Answered at once; the verdict is stored later (shadow delivery).");
          return { answer: section(sections.size ? [...sections.keys()].pop() : 0).content };
        }
        return { answer: finish(ext) };
      }
      return null;
    },
    failed(error, onContinue) {
      root.classList.add("failed");
      status("");
      const box = h("div", { class: "run-error", role: "alert" },
        h("strong", {}, "The run failed: "), error.message || "unknown error");
      footer.append(box);
      const id = error.run_id || runId;
      if (onContinue && Array.isArray(error.continue_context) && error.continue_context.length) {
        const button = h("button", { type: "button", class: "primary", onclick: () => {
          button.disabled = true;
          onContinue();
        } }, "Continue");
        box.append(" ", h("span", {}, "Continue resubmits the whole conversation so far, tool results included."), " ", button);
        button.focus();
      }
      if (id && id.startsWith("run_")) showCallsOf(id, footer);
    },
  };
}

async function showCallsOf(runId, footer) {
  try {
    const run = await apiJson(`/v1/runs/${encodeURIComponent(runId)}`);
    const calls = run.calls || [];
    footer.append(
      h("details", { class: "transparency" },
        h("summary", {}, `LLM calls (${calls.length})`),
        callsTable(calls)),
      h("a", { href: `#/runs/${runId}` }, "Open run"));
  } catch {
    // The error above already says what went wrong; the calls are extra.
  }
}
