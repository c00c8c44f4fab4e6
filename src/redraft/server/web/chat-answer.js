// One answer of the chat, told as it happens: each attempt with its verdict,
// the feedback between attempts, the live state read from the run's own
// event stream, the outcome and the LLM calls, and Continue after a failure.

import { LiveStream, apiJson } from "./api.js";
import { badge, callsTable, clear, dollars, errorText, h, ms, passBadge, put, score } from "./dom.js";

/**
 * One assistant message, told as it happens: each attempt with its own
 * verdict beside it, the feedback that produced the next attempt between
 * them, a live "drafting…" / "judging…" state read from the run's own event
 * stream, then the outcome, one table of LLM calls and the links to the run.
 */
export function answerView(followers) {
  const state = h("p", { class: "state", role: "status" }, h("span", { class: "spinner", "aria-hidden": "true" }), " Writing…");
  const links = h("p", { class: "run-links", hidden: true });
  const attempts = h("div", { class: "attempts" });
  const footer = h("div", { class: "answer-footer" });
  const root = h("li", { class: "msg assistant", "aria-busy": "true" },
    h("div", { class: "who" }, "redraft"), links, attempts, state, footer);
  const parts = new Map();
  let runId = null;
  let follower = null;
  let finished = false;
  let finalAttempt = null;
  let shadow = false;
  let completed = null; // the run's result, from its own run_completed event
  let finishedCalls = []; // the calls the chat stream's last chunk listed
  let callsDetails = null;
  let unattributed = ""; // text streamed before its attempt is known ("only the accepted draft")
  let continuePanel = null;

  function status(text, spinning = false) {
    put(clear(state), ...(spinning ? [h("span", { class: "spinner", "aria-hidden": "true" }), " "] : []), text);
  }

  function drawBadges(p) {
    const v = p.verdict;
    put(clear(p.badges),
      v ? [passBadge(v.passed), " ", badge(`score ${score(v.score)}`, "info")] : null,
      !v && p.notJudged ? badge("not judged", "info") : null,
      p.rejected ? [" ", badge("rejected", "rejected")] : null,
      p.final ? [" ", badge("final answer", "final")] : null);
    p.el.classList.toggle("final", p.final);
    p.el.classList.toggle("rejected", p.rejected);
  }

  /** The attempt's live state goes: its verdict, or the run's end, replaces it. */
  function quiet(p) {
    clear(p.live).hidden = true;
  }

  function settle(p) {
    p.final = p.attempt === finalAttempt;
    p.rejected = !p.final;
    quiet(p);
    drawBadges(p);
  }

  /** The attempt's part of the message (and the feedback before it), made in order. */
  function part(attempt) {
    if (parts.has(attempt)) return parts.get(attempt);
    const badges = h("span", { class: "badges" });
    const text = h("p", { class: "text" });
    const live = h("p", { class: "attempt-state", hidden: true });
    const verdict = h("p", { class: "verdict", hidden: true });
    // The server-side tools the draft called, in order, each with the result the model read.
    const tools = h("ol", { class: "tool-calls", "aria-label": `Tool calls of attempt ${attempt}`, hidden: true });
    const el = h("section", { class: "attempt", "aria-label": `Attempt ${attempt}` },
      h("h3", {}, `Attempt ${attempt} `, badges), tools, text, live, verdict);
    const feedbackText = h("p", { class: "text" });
    const feedback = h("div", { class: "feedback", role: "note", "aria-label": `Feedback for attempt ${attempt}`, hidden: true },
      h("p", { class: "feedback-label" }, `Feedback that produced attempt ${attempt}`), feedbackText);
    const p = { attempt, el, feedback, feedbackText, badges, text, live, tools, verdictEl: verdict,
      content: "", verdict: null, drafted: false, sent: false, notJudged: false, final: false, rejected: false };
    const later = [...parts.values()].filter((q) => q.attempt > attempt).sort((a, b) => a.attempt - b.attempt)[0];
    if (later) {
      attempts.insertBefore(feedback, later.feedback);
      attempts.insertBefore(el, later.feedback);
    } else {
      attempts.append(feedback, el);
    }
    parts.set(attempt, p);
    if (finished && finalAttempt !== null) settle(p);
    return p;
  }

  // A draft's text has one source at a time: the chat stream's pieces until
  // the run's own stream says the draft is complete, then the completed text.
  // The two streams race, so a piece that arrives after completion is already
  // in the completed text and is dropped. Once an answer has gone into the
  // conversation, what is shown stays exactly what was sent back.
  function setText(attempt, text) {
    const p = part(attempt);
    if (p.sent) return;
    p.content = text;
    p.text.textContent = text;
  }

  function appendText(attempt, delta) {
    const p = part(attempt);
    if (p.drafted) return;
    setText(attempt, p.content + delta);
  }

  function completeText(attempt, text) {
    part(attempt).drafted = true;
    setText(attempt, text);
  }

  /** The attempt's text as it is shown, now the conversation's answer. */
  function sendText(attempt) {
    const p = part(attempt);
    p.sent = true;
    return p.content;
  }

  function addToolCall(attempt, x) {
    const p = part(attempt);
    p.tools.append(h("li", { class: x.error ? "tool-call failed" : "tool-call" },
      h("code", { class: "tool-call-name" }, `${x.name}(${x.arguments})`),
      h("span", { class: "tool-call-arrow", "aria-hidden": "true" }, " → "),
      h("span", { class: "visually-hidden" }, " returned "),
      h("code", { class: "tool-call-result" }, x.result)));
    p.tools.hidden = false;
  }

  function setFeedback(attempt, message) {
    if (!(attempt > 1) || !message) return;
    const p = part(attempt);
    p.feedbackText.textContent = message;
    p.feedback.hidden = false;
  }

  function setLive(attempt, doing) {
    const p = part(attempt);
    if (finished) return;
    if (p.verdict || (doing === "drafting…" && p.drafted)) return;
    put(clear(p.live), h("span", { class: "spinner", "aria-hidden": "true" }), ` ${doing}`);
    p.live.hidden = false;
    if (!shadow) status(`Attempt ${attempt}: ${doing}`, true);
  }

  function setVerdict(attempt, v) {
    const p = part(attempt);
    p.verdict = { passed: v.passed, score: v.score, reason: v.reason, account: v.account };
    quiet(p);
    put(clear(p.verdictEl), h("strong", {}, "Verdict: "), v.reason || "—",
      v.account && !(v.reason || "").includes(v.account) ? h("span", { class: "account" }, ` · ${v.account}`) : null);
    p.verdictEl.hidden = false;
    drawBadges(p);
  }

  /** An event of the run's own stream (GET /v1/runs/{id}/events). */
  function onRunEvent(e) {
    switch (e.type) {
      case "draft_started":
        part(e.attempt);
        setFeedback(e.attempt, e.feedback);
        setLive(e.attempt, "drafting…");
        break;
      case "draft_completed":
        completeText(e.attempt, e.text);
        setLive(e.attempt, "judging…");
        break;
      case "evidence_recorded":
        setLive(e.attempt, "judging…");
        break;
      case "tool_executed":
        addToolCall(e.attempt, e.execution);
        setLive(e.attempt, "calling tools…");
        break;
      case "verdict_reached":
        setVerdict(e.attempt, e.verdict);
        break;
      case "feedback_prepared":
        setFeedback(e.attempt, e.message);
        break;
      case "thinking":
        if (!finished) status(e.message || "Revising…", true);
        break;
      case "run_completed":
        stopFollowing();
        // The stored result has what the chat stream leaves out: each call's cost.
        completed = e.result;
        if (shadow) finish(resultExtension(e.result));
        else if (finished) drawCalls();
        break;
      case "run_failed":
        stopFollowing();
        break;
      default:
        break;
    }
  }

  function stopFollowing() {
    if (!follower) return;
    follower.close();
    followers.delete(follower);
    follower = null;
  }

  /** The answer's LLM calls, with their costs once the run's stored result has come. */
  function drawCalls() {
    const calls = completed?.calls || finishedCalls;
    const used = calls.reduce((n, c) => n + (c.usage?.input_tokens || 0) + (c.usage?.output_tokens || 0), 0);
    const latency = calls.reduce((n, c) => n + (c.latency_ms || 0), 0);
    const cost = completed ? ` · ${dollars(completed.cost_usd)}` : "";
    const label = `LLM calls (${calls.length}) · ${used} tokens${cost} · ${ms(latency)}`;
    if (!callsDetails) {
      callsDetails = h("details", { class: "transparency" });
      put(clear(footer), callsDetails, h("a", { href: `#/runs/${runId}` }, "Open run"));
    }
    // Redrawn in place, so a panel the reader opened stays open.
    put(clear(callsDetails), h("summary", {}, label), callsPanelTable(calls));
  }

  function finish(ext) {
    finished = true;
    shadow = false;
    finalAttempt = ext.final_attempt ?? ext.attempts ?? 1;
    for (const e of ext.evaluations || []) {
      const p = part(e.attempt);
      if (p.verdict) continue;
      if (e.judged === false || (e.passed === null && e.reason === "not evaluated")) p.notJudged = true;
      else setVerdict(e.attempt, e);
    }
    const chosen = part(finalAttempt);
    setText(finalAttempt, ext.final_answer ?? (unattributed || chosen.content));
    const answer = sendText(finalAttempt);
    for (const p of parts.values()) settle(p);
    finishedCalls = ext.calls || [];
    runId = ext.run_id || runId;
    const outcome = ext.passed === null ? "Unverified" : ext.passed ? "Passed" : "Did not pass";
    const attempts = `${ext.attempts} attempt${ext.attempts === 1 ? "" : "s"}`;
    status(`${outcome} after ${attempts} · stop: ${ext.stop_reason} · score ${score(ext.score)}`);
    root.classList.remove("unverified", "passed", "unpassed");
    root.classList.add(ext.passed === null ? "unverified" : ext.passed ? "passed" : "unpassed");
    drawCalls();
    return answer;
  }

  return {
    root,
    status,
    /** The run's id is known: follow its own events for the live states. */
    started(id) {
      runId = id;
      follower = new LiveStream(`/v1/runs/${encodeURIComponent(id)}/events`, {
        onEvent: onRunEvent,
        onState(s) {
          if (s === "closed") stopFollowing();
        },
      });
      followers.add(follower);
      follower.start();
    },
    /** This answer carries on from the failed run ``id``. */
    continues(id) {
      put(clear(links), "Continues run ", h("a", { href: `#/runs/${id}` }, id));
      links.hidden = false;
    },
    /** The failed run was continued by run ``id`` (the next answer). */
    continuedBy(id) {
      if (!continuePanel) return;
      continuePanel.append(h("p", { class: "continued-by" }, "Continued by run ", h("a", { href: `#/runs/${id}` }, id)));
    },
    stop() {
      stopFollowing();
      for (const p of parts.values()) quiet(p);
    },
    /** Apply one chunk; returns {answer} or {error} when the run ended. */
    take(data) {
      if (data.error) {
        return { error: data.error };
      }
      const ext = data.redraft || {};
      const choice = (data.choices || [])[0];
      if (ext.event === "redraft") {
        part(ext.attempt);
        setFeedback(ext.attempt, ext.feedback);
        // The run's own stream may be ahead of this one: never step an
        // attempt that is already drafted (or judged) back to "redrafting".
        const p = part(ext.attempt);
        if (!p.drafted && !p.verdict && !finished) status(`Redrafting: attempt ${ext.attempt}…`, true);
      } else if (ext.event === "thinking") {
        status(ext.message || "Revising…", true);
      } else if (ext.event === "verdict") {
        setVerdict(ext.attempt, ext);
      }
      const delta = choice?.delta?.content;
      if (delta) {
        if (ext.attempt) {
          appendText(ext.attempt, delta);
          setLive(ext.attempt, "drafting…");
        } else {
          unattributed += delta;
        }
      }
      if (choice?.finish_reason && ext.run_id) {
        if (ext.delivery === "shadow") {
          // Answered with the first draft at once; its verdict comes on the run's stream.
          shadow = true;
          if (unattributed) setText(1, unattributed);
          setLive(1, "judging…");
          status("Answered at once (shadow delivery); the verdict follows when the run has judged it.");
          return { answer: sendText(1) };
        }
        return { answer: finish(ext) };
      }
      return null;
    },
    failed(error, onContinue) {
      finished = true;
      for (const p of parts.values()) {
        quiet(p);
        if (!p.content) put(clear(p.text), h("span", { class: "muted" }, "No draft was written before the run failed."));
      }
      root.classList.add("failed");
      status("");
      footer.append(h("div", { class: "run-error", role: "alert" },
        h("h3", {}, "The run failed"),
        errorText(error.code, error.message)));
      const id = error.run_id || runId;
      if (onContinue && id && Array.isArray(error.continue_context) && error.continue_context.length) {
        const n = error.continue_context.length;
        const headingId = `continue-${id}`;
        const button = h("button", { type: "button", class: "primary", onclick: () => {
          button.disabled = true;
          onContinue(id);
        } }, "Continue");
        continuePanel = h("section", { class: "continue", "aria-labelledby": headingId },
          h("h3", { id: headingId }, "Continue this run"),
          h("p", { class: "continue-help" },
            `Continue starts a new run that carries on from this one: it sends every message of the run so far `
            + `(${n} message${n === 1 ? "" : "s"}, tool results included when the run called tools) `
            + "with redraft.continuation, and links the two runs."),
          button);
        footer.append(continuePanel);
        button.focus();
      }
      if (id && id.startsWith("run_")) showCallsOf(id, footer);
    },
  };
}

/** A run's result (its run_completed event) as the chat's extension. */
function resultExtension(result) {
  return {
    run_id: result.run_id,
    passed: result.passed,
    score: result.score,
    attempts: result.attempts,
    final_attempt: result.final_attempt,
    stop_reason: result.stop_reason,
    final_answer: result.final_answer,
    calls: result.calls,
    evaluations: (result.drafts || []).map((d) => (d.verdict
      ? { attempt: d.attempt, passed: d.verdict.passed, score: d.verdict.score, reason: d.verdict.reason }
      : { attempt: d.attempt, judged: false })),
  };
}

/** The calls table of the chat's panel: the summary names the calls once,
 * so the caption stays for screen readers only. */
function callsPanelTable(calls) {
  const table = callsTable(calls);
  table.querySelector("caption").classList.add("visually-hidden");
  return table;
}

async function showCallsOf(runId, footer) {
  try {
    const run = await apiJson(`/v1/runs/${encodeURIComponent(runId)}`);
    const calls = run.calls || [];
    const tokens = (run.usage?.input_tokens || 0) + (run.usage?.output_tokens || 0);
    footer.append(
      h("details", { class: "transparency" },
        h("summary", {}, `LLM calls (${calls.length}) · ${tokens} tokens · ${dollars(run.cost_usd)}`),
        callsPanelTable(calls)),
      h("a", { href: `#/runs/${runId}` }, "Open run"));
  } catch {
    // The error above already says what went wrong; the calls are extra.
  }
}
