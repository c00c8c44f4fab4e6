// Evaluation sessions: create a subject, start its panel, watch evidence
// arrive live, invalidate an item with a reason and see its re-evaluation
// arrive on the same open stream. The list page creates; the session page
// keeps one LiveStream open for as long as it is shown.

import { LiveStream, apiJson } from "./api.js";
import { badge, callsTable, clear, field, h, put, when } from "./dom.js";
import { newSessionForm } from "./session-form.js";

export function renderSessions(main) {
  const list = h("ol", { class: "session-list", "aria-label": "Sessions" });
  const listState = h("p", { class: "state", role: "status" }, "Loading sessions…");
  main.append(
    h("h1", {}, "Sessions"),
    h("p", { class: "lead" }, "A subject evaluated by a panel in the background. Evidence streams in live; correct it and the point is re-evaluated."),
    newSessionForm(),
    h("h2", {}, "Your sessions"), listState, list);
  apiJson("/v1/sessions?limit=50").then((page) => {
    listState.textContent = page.data.length ? "" : "No sessions yet.";
    for (const s of page.data) {
      const subject = s.subject.text || s.subject.answer || "";
      list.append(h("li", {},
        h("a", { href: `#/sessions/${s.session_id}` }, `Session ${s.session_id}`), " ",
        badge(s.status, s.status === "completed" ? "ok" : "info"), " ",
        h("span", { class: "muted" }, [`${s.evidence_count} evidence`, signed(s.points),
          ...ratings(s.model_scores), when(s.created_at)].join(" · ")),
        h("p", { class: "excerpt" }, subject.slice(0, 160))));
    }
  }).catch((err) => {
    listState.textContent = `Could not load the sessions: ${err.message}`;
  });
}

// Evidence sources are machine ids ("judge:openai:gpt-4o-mini", "rule: casino",
// "model:relevance", a URL); the page says them in words and keeps the id as a tooltip.
const FAMILIES = { openai: "OpenAI", anthropic: "Anthropic" };
const KINDS = { judge: "Judge", check: "Check", model: "Model", web: "Web check", human: "Person" };

function modelWords(spec) {
  const colon = spec.indexOf(":");
  const family = colon < 0 ? spec : spec.slice(0, colon);
  const name = colon < 0 ? "" : spec.slice(colon + 1);
  if (family === "scripted") return "scripted model";
  if (family === "local") return name ? `local model ${name.split("/").at(-1)}` : "local model";
  if (FAMILIES[family]) return `${FAMILIES[family]} ${name}`.trim();
  return spec;
}

export function sourceWords(item) {
  const source = item.source || "";
  if (source.startsWith("judge:")) return `Judge (${modelWords(source.slice("judge:".length))})`;
  if (source.startsWith("rule: ")) {
    const pattern = `/${source.slice("rule: ".length)}/`;
    const absent = item.details?.when === "absent";
    const penalty = Number(item.score) < 0;
    if (absent) return penalty ? `Check: must match ${pattern}` : `Check: does not match ${pattern}`;
    return penalty ? `Check: must not match ${pattern}` : `Check: matches ${pattern}`;
  }
  if (/^\d+ rules?$/.test(source)) return `Check: ${source}`;
  if (source.startsWith("model:")) return `Model: ${source.slice("model:".length)}`;
  if (/^https?:\/\//i.test(source)) return `Web page: ${source}`;
  if (/\s/.test(source)) return source; // already words: "Re-evaluation of Evidence #1"
  const kind = KINDS[item.kind];
  if (!kind) return source || "—";
  // A member that failed or found nothing names itself: "judge", "rules", "web".
  return !source || source === item.kind ? kind : `${kind}: ${source}`;
}

function signed(points) {
  const n = Number(points);
  const shown = Number.isInteger(n) ? String(Math.abs(n)) : Math.abs(n).toFixed(1);
  return `${n > 0 ? "+" : n < 0 ? "−" : ""}${shown} points`;
}

// A model scorer rates the subject out of 100 ("relevance 57/100"): a rating
// shown apart from the findings' points, never added to them.
function rated(score) {
  const n = Number(score);
  return `${Number.isInteger(n) ? n : n.toFixed(1)}/100`;
}

function ratings(scores) {
  return Object.entries(scores || {}).map(([name, score]) => `${name} ${rated(score)}`);
}

export function renderSession(main, route) {
  const sessionId = route.id;
  const cards = new Map(); // evidence id → {item, el, refresh}
  const reevaluating = new Map(); // invalidated evidence id → its pending card's <li>
  let evaluating = false;
  // Round markers the stream has brought: a round that starts and ends before
  // the start request answers must not be drawn as "started" after its end.
  let roundMarkers = 0;
  let shown = { kind: "idle", text: "Not evaluated yet." };
  let pendingFocus = route.evidence;

  const subject = h("div", { class: "subject" });
  const start = h("button", { type: "button", class: "primary", onclick: startEvaluation }, "Start evaluation");
  const progress = h("p", { class: "state", role: "status" }, "Not evaluated yet.");
  const connection = h("span", { class: "connection", role: "status" }, "Connecting…");
  const total = h("p", { class: "total" });
  const notice = h("p", { class: "error", role: "alert", hidden: true });
  const list = h("ol", { class: "evidence", "aria-live": "polite", "aria-label": "Evidence" });
  const calls = h("div", { class: "session-calls" });

  main.append(
    h("p", {}, h("a", { href: "#/sessions" }, "← All sessions")),
    h("h1", {}, `Session ${sessionId}`),
    subject,
    h("div", { class: "session-bar" }, start, progress, connection),
    notice, total,
    h("h2", {}, "Evidence"), list, calls);

  function setProgress(kind, text) {
    shown = { kind, text };
    drawProgress();
  }

  // An evaluation round says how it goes; between rounds, a re-evaluation
  // that is running says so instead of the last round's "complete".
  function drawProgress() {
    const { kind, text } = shown;
    clear(progress);
    if (kind === "running") {
      progress.append(h("span", { class: "spinner", "aria-hidden": "true" }), ` ${text}`);
    } else if (reevaluating.size) {
      const ids = [...reevaluating.keys()].map((id) => `Evidence #${id}`).join(", ");
      progress.append(h("span", { class: "spinner", "aria-hidden": "true" }), ` Re-evaluating ${ids}…`);
    } else if (kind === "complete") {
      progress.append(badge("Evaluation complete", "ok"), ` ${text}`);
    } else {
      progress.append(text);
    }
    evaluating = kind === "running";
    start.disabled = evaluating;
    start.textContent = kind === "complete" ? "Evaluate again" : "Start evaluation";
  }

  function updateTotal() {
    const counted = [...cards.values()].filter((c) => c.item.valid && c.item.status === "ok");
    const findings = counted.filter((c) => c.item.kind !== "model");
    const sum = findings.reduce((n, c) => n + Number(c.item.score || 0), 0);
    // Each model's latest score, as the session's model_scores says it.
    const scores = {};
    for (const c of counted.filter((x) => x.item.kind === "model").sort((a, b) => a.item.id - b.item.id)) {
      scores[c.item.evaluator || c.item.source] = c.item.score;
    }
    const rating = ratings(scores).map((r) => ` ${r[0].toUpperCase()}${r.slice(1)}.`).join("");
    total.textContent = cards.size
      ? `Findings: ${signed(sum)} from ${findings.length} valid of ${cards.size} evidence items.${rating}`
      : "";
  }

  // Pending re-evaluations stay at the end of the list, below what has arrived.
  function addToList(li) {
    list.insertBefore(li, list.querySelector(":scope > li.pending"));
  }

  function followUpsOf(id) {
    return [...cards.values()].filter((c) => c.item.original_id === id);
  }

  // A card that stands in for a re-evaluation until its evidence arrives.
  function expectReevaluation(id) {
    if (reevaluating.has(id) || followUpsOf(id).length) return;
    const li = h("li", { class: "pending" },
      h("article", { class: "card pending", "aria-busy": "true", "aria-labelledby": `pending-${id}-title` },
        h("h3", { id: `pending-${id}-title` },
          h("span", { class: "spinner", "aria-hidden": "true" }), ` Re-evaluating Evidence #${id}…`),
        h("p", { class: "muted" }, "It is being assessed again with the reason given; the new evidence will replace this card."),
        h("p", { class: "link-line" }, "Re-evaluates ",
          h("a", { href: `#/sessions/${sessionId}/evidence/${id}` }, `Evidence #${id}`))));
    reevaluating.set(id, li);
    list.append(li);
    cards.get(id)?.refresh();
    drawProgress();
  }

  /** The pending card's place (for the evidence that replaces it), or null. */
  function settleReevaluation(id) {
    const li = reevaluating.get(id);
    if (!li) return null;
    reevaluating.delete(id);
    cards.get(id)?.refresh();
    drawProgress();
    return li;
  }

  function focusEvidence(id) {
    const card = cards.get(Number(id));
    if (!card) {
      pendingFocus = id;
      return;
    }
    pendingFocus = null;
    card.el.scrollIntoView({ block: "center" });
    card.el.focus();
    card.el.classList.remove("flash");
    void card.el.offsetWidth; // restart the highlight animation
    card.el.classList.add("flash");
  }

  function card(item) {
    const body = h("div", { class: "card-body" });
    const el = h("article", { id: `evidence-${item.id}`, class: "card", tabindex: "-1",
      "aria-labelledby": `evidence-${item.id}-title` });
    const entry = { item, el, refresh };
    function refresh() {
      const it = entry.item;
      el.className = `card${it.valid ? "" : " invalid"}${it.original_id ? " reevaluated" : ""}${it.status !== "ok" ? ` status-${it.status}` : ""}`;
      const head = h("h3", { id: `evidence-${it.id}-title` }, `Evidence #${it.id}`);
      const badges = h("p", { class: "badges" },
        it.kind === "model" ? badge(rated(it.score), "info")
          : badge(signed(it.score), it.score > 0 ? "ok" : it.score < 0 ? "bad" : "info"), " ",
        badge(it.evaluator || it.kind || "evaluator", "info"),
        it.status !== "ok" ? [" ", badge(it.status, "bad")] : null,
        it.valid ? null : [" ", badge("Invalid", "bad")],
        it.original_id ? [" ", badge("Re-evaluated", "final")] : null);
      const origin = it.original_id
        ? h("p", { class: "link-line" }, "Re-evaluates ",
          h("a", { href: `#/sessions/${sessionId}/evidence/${it.original_id}` }, `Evidence #${it.original_id}`))
        : null;
      const followUps = followUpsOf(it.id);
      const followed = followUps.length
        ? h("p", { class: "link-line" }, "Re-evaluated in ", followUps.map((c, i) => [i ? ", " : "",
          h("a", { href: `#/sessions/${sessionId}/evidence/${c.item.id}` }, `Evidence #${c.item.id}`)]))
        : reevaluating.has(it.id) ? h("p", { class: "link-line" }, "Re-evaluation running…") : null;
      put(clear(body),
        h("p", { class: "text" }, it.description),
        h("p", { class: "muted" }, "Source: ",
          h("span", { class: "source", title: it.source || null }, sourceWords(it)), ` · round ${it.round}`),
        it.valid ? null : h("p", { class: "reason" }, `Invalidated: ${it.invalidate_reason || "no reason given"}`),
        origin, followed, it.valid ? invalidateControl(it) : null);
      put(clear(el), head, badges, body);
    }
    refresh();
    return entry;
  }

  function invalidateControl(item) {
    const reason = h("textarea", { id: `reason-${item.id}`, rows: 2, required: true });
    const form = h("form", { class: "invalidate", hidden: true },
      field(`Why is Evidence #${item.id} wrong?`, reason),
      h("div", { class: "actions" },
        h("button", { type: "submit", class: "danger" }, "Invalidate evidence"),
        h("button", { type: "button", class: "quiet", onclick: () => {
          form.hidden = true;
          open.hidden = false;
          open.focus();
        } }, "Cancel")));
    const open = h("button", { type: "button", onclick: () => {
      form.hidden = false;
      open.hidden = true;
      reason.focus();
    } }, `Invalidate #${item.id}`);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      form.querySelector("button[type=submit]").disabled = true;
      // Shown before the request returns: its evidence may arrive on the stream first.
      expectReevaluation(item.id);
      try {
        const session = await apiJson("/v1/evidence/update", {
          method: "POST",
          body: { session_id: Number(sessionId), evidence_id: item.id, valid: false, invalidate_reason: reason.value.trim() },
        });
        for (const updated of session.evidence_list) {
          const known = cards.get(updated.id);
          if (known && known.item.valid !== updated.valid) {
            known.item = { ...known.item, ...updated };
            known.refresh();
          }
        }
        cards.get(item.id)?.el.focus();
        updateTotal();
        showCalls(session);
      } catch (err) {
        settleReevaluation(item.id)?.remove();
        notice.textContent = `Could not invalidate Evidence #${item.id}: ${err.message}`;
        notice.hidden = false;
        form.querySelector("button[type=submit]").disabled = false;
      }
    });
    return h("div", { class: "card-actions" }, open, form);
  }

  function onItem(item) {
    if (item.event_type === "evaluation_started" || item.event_type === "evaluation_completed") {
      roundMarkers += 1;
    }
    if (item.event_type === "evaluation_started") {
      setProgress("running", item.description || "Evaluating…");
      addToList(h("li", { class: "marker" }, `Round ${item.round}: ${item.description}`));
      return;
    }
    if (item.event_type === "evaluation_completed") {
      const count = item.details?.evidence_count;
      setProgress("complete", `${item.description}${count !== undefined ? ` (${count} evidence items)` : ""}.`);
      addToList(h("li", { class: "marker" }, `Round ${item.round}: ${item.description}`));
      refreshSession();
      return;
    }
    const known = cards.get(item.id);
    if (known) {
      // Already shown (a replay after reconnecting): update it in place.
      known.item = item;
      known.refresh();
    } else {
      const entry = card(item);
      cards.set(item.id, entry);
      const li = h("li", {}, entry.el);
      const pending = item.original_id ? settleReevaluation(item.original_id) : null;
      if (pending) pending.replaceWith(li);
      else addToList(li);
      if (item.original_id) {
        cards.get(item.original_id)?.refresh();
        if (!evaluating) refreshSession();
      }
    }
    updateTotal();
    if (pendingFocus && Number(pendingFocus) === item.id) focusEvidence(item.id);
  }

  async function startEvaluation() {
    notice.hidden = true;
    start.disabled = true;
    const markersBefore = roundMarkers;
    try {
      await apiJson("/v1/evaluate/start", { method: "POST", body: { session_id: Number(sessionId) } });
      if (!evaluating && roundMarkers === markersBefore) setProgress("running", "Evaluation started…");
    } catch (err) {
      notice.textContent = `Could not start the evaluation: ${err.message}`;
      notice.hidden = false;
      start.disabled = evaluating;
    }
  }

  function showCalls(session) {
    // Redrawn on every refresh: a panel the reader opened stays open.
    const open = Boolean(calls.querySelector("details")?.open);
    put(clear(calls), h("details", { class: "transparency", open },
      h("summary", {}, `LLM calls (${session.calls.length})`), callsTable(session.calls)));
  }

  async function refreshSession() {
    try {
      const session = await apiJson(`/v1/sessions/${encodeURIComponent(sessionId)}`);
      const s = session.subject;
      put(clear(subject),
        s.question ? h("p", {}, h("strong", {}, "Question: "), s.question) : null,
        h("p", {}, h("strong", {}, s.text ? "Text: " : "Answer: "), s.text || s.answer),
        h("p", { class: "muted" },
          `Status ${session.status} · panel: ${session.panel.map((m) => m.name || m.type).join(", ")}`,
          ` · judge: ${session.judge_model || "none"} · rounds ${session.rounds}`,
          session.interruptions ? ` · interruptions ${session.interruptions}` : ""));
      // The stream is the news: the snapshot only speaks before the stream has said anything.
      if (session.status === "evaluating" && shown.kind === "idle") setProgress("running", "Evaluating…");
      showCalls(session);
      // Every invalidated item gets a re-evaluation: one without it yet is still running.
      const reassessed = new Set(session.evidence_list.map((e) => e.original_id).filter(Boolean));
      for (const e of session.evidence_list) {
        const known = cards.get(e.id);
        // Only invalid → shown valid: a reply older than an invalidation made here is stale.
        if (known && known.item.valid && !e.valid) {
          known.item = { ...known.item, ...e };
          known.refresh();
        }
        if (e.id && !e.valid && !reassessed.has(e.id)) expectReevaluation(e.id);
      }
      updateTotal();
    } catch (err) {
      notice.textContent = err.status === 404 ? `Session ${sessionId} does not exist.` : `Could not load the session: ${err.message}`;
      notice.hidden = false;
    }
  }

  const stream = new LiveStream(`/v1/evaluate/stream?session_id=${encodeURIComponent(sessionId)}`, {
    onEvent: onItem,
    onState(state, err) {
      connection.className = `connection ${state}`;
      connection.textContent = state === "live" ? "● Live"
        : state === "reconnecting" ? "Reconnecting…"
          : err ? `Stream closed: ${err.message}` : "Stream closed";
    },
  }).start();
  refreshSession();
  return {
    dispose: () => stream.close(),
    update: (next) => {
      if (next.evidence) focusEvidence(next.evidence);
    },
  };
}
