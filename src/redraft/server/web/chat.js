// Chat (the chat proxy): a conversation with any profile. Each answer streams in
// as it is written and tells its run's story: every attempt with its verdict,
// the feedback between attempts, what the run is doing now (followed on the
// run's own event stream), and one list of every LLM call. A failed run offers
// Continue, which resubmits the run's continuation context as a new run linked
// to it (redraft.continues). One answer's view is chat-answer.js.

import { ApiError, apiFetch, sseEvents } from "./api.js";
import { answerView } from "./chat-answer.js";
import { clear, field, h } from "./dom.js";
import { loadModels } from "./models.js";

function numberOrNull(input) {
  return input.value.trim() === "" ? null : Number(input.value);
}

export function renderChat(main) {
  const messages = [];
  let busy = null; // the AbortController of the answer being streamed
  const followers = new Set(); // the run event streams still open

  const model = h("select", { id: "chat-model", required: true });
  const threshold = h("input", { id: "chat-threshold", type: "number", min: 0, max: 1, step: 0.05 });
  const attempts = h("input", { id: "chat-attempts", type: "number", min: 1, max: 10, step: 1 });
  const criteria = h("input", { id: "chat-criteria", type: "text" });
  const mode = h("select", { id: "chat-mode" },
    h("option", { value: "live" }, "every draft as it is written"),
    h("option", { value: "final" }, "only the accepted draft"));
  const delivery = h("select", { id: "chat-delivery" },
    h("option", { value: "" }, "the profile's"),
    h("option", { value: "blocking" }, "blocking"),
    h("option", { value: "revise" }, "revise"),
    h("option", { value: "parallel" }, "parallel"),
    h("option", { value: "shadow" }, "shadow"));
  const input = h("textarea", { id: "chat-input", rows: 3, required: true,
    placeholder: "Ask something. Enter sends, Shift+Enter adds a line." });
  const send = h("button", { type: "submit", class: "primary" }, "Send");
  const stop = h("button", { type: "button", hidden: true, onclick: () => busy?.abort() }, "Stop");
  const reset = h("button", { type: "button", class: "quiet", onclick: () => {
    busy?.abort();
    closeFollowers();
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
          field("Stream", mode),
          field("Delivery", delivery, "blocking: judged before it is shown; revise: shown, then replaced; parallel: checked while written; shadow: shown at once, judged afterwards.")))),
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
    ask(messages.slice(), null);
  });

  function closeFollowers() {
    for (const stream of followers) stream.close();
    followers.clear();
  }

  function options(continues) {
    const redraft = { stream_mode: mode.value };
    const t = numberOrNull(threshold);
    const a = numberOrNull(attempts);
    if (t !== null) redraft.threshold = t;
    if (a !== null) redraft.max_attempts = a;
    if (criteria.value.trim()) redraft.criteria = criteria.value.trim();
    if (delivery.value) redraft.delivery = delivery.value;
    if (continues) {
      redraft.continuation = true;
      redraft.continues = continues;
    }
    return redraft;
  }

  /** Send ``history``; ``origin`` ({runId, view}) when it continues a failed run. */
  async function ask(history, origin) {
    const view = answerView(followers);
    log.append(view.root);
    busy = new AbortController();
    send.disabled = true;
    stop.hidden = false;
    try {
      const response = await apiFetch("/v1/chat/completions", {
        method: "POST",
        signal: busy.signal,
        body: { model: model.value, messages: history, stream: true, redraft: options(origin?.runId) },
      });
      const runId = response.headers.get("x-redraft-run-id");
      if (runId) {
        view.started(runId);
        if (origin) {
          view.continues(origin.runId);
          origin.view.continuedBy(runId);
        }
      }
      let outcome = null;
      for await (const message of sseEvents(response, busy.signal)) {
        if (message.data === "[DONE]") break;
        outcome = view.take(JSON.parse(message.data)) || outcome;
      }
      if (outcome?.answer !== undefined) {
        messages.length = 0;
        messages.push(...history, { role: "assistant", content: outcome.answer });
      } else if (outcome?.error) {
        view.failed(outcome.error, (failedId) => ask(outcome.error.continue_context, { runId: failedId, view }));
      } else {
        view.status("The stream ended before the run finished.");
      }
    } catch (err) {
      if (err.name === "AbortError") {
        view.stop();
        view.status("Stopped.");
      } else {
        // An error the server answered before the stream keeps its code.
        const sent = err instanceof ApiError && typeof err.body?.error === "object" ? err.body.error : {};
        const error = { ...sent, message: err instanceof ApiError ? err.message : String(err) };
        view.failed(error, null);
      }
    } finally {
      busy = null;
      send.disabled = false;
      stop.hidden = true;
      view.root.setAttribute("aria-busy", "false");
    }
  }

  main.append(
    h("h1", {}, "Chat"),
    h("p", { class: "lead" }, "Every answer is judged and redrafted until it passes. Each shows every attempt with its verdict, the feedback between attempts and the LLM calls behind it."),
    loadError, form, log);
  loadModels(model).catch((err) => {
    loadError.textContent = `Could not load the models: ${err.message}`;
    loadError.hidden = false;
  });
  return { dispose: () => {
    busy?.abort();
    closeFollowers();
  } };
}
