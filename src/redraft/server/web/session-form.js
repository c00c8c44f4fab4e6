// The "new session" form: a subject, an optional profile and judge model,
// and a panel built from checkboxes and rule rows (none picked = the
// profile's default panel). Creating a session opens its page.

import { apiJson } from "./api.js";
import { clear, field, h, put } from "./dom.js";

export function newSessionForm() {
  const question = h("textarea", { id: "session-question", rows: 2, placeholder: "How does the applicant earn money?" });
  const answer = h("textarea", { id: "session-answer", rows: 3, required: true, placeholder: "As a croupier at a casino, for ten years." });
  const profile = h("select", { id: "session-profile" }, h("option", { value: "" }, "server default"));
  const judgeModel = h("input", { id: "session-judge", type: "text", placeholder: "e.g. openai:gpt-4o-mini, or none" });
  const useJudge = h("input", { id: "panel-judge", type: "checkbox" });
  const rubric = h("input", { id: "panel-rubric", type: "text", placeholder: "Is the income stable and verified?" });
  const useRelevance = h("input", { id: "panel-relevance", type: "checkbox" });
  const useWeb = h("input", { id: "panel-web", type: "checkbox" });
  const rules = h("div", { class: "rules" });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const submit = h("button", { type: "submit", class: "primary" }, "Create session");

  let ruleCount = 0; // never reused, so ids stay unique after a removal
  function addRule() {
    const n = ++ruleCount;
    const pattern = h("input", { id: `rule-${n}-pattern`, type: "text", required: true, placeholder: "casino|betting" });
    const points = h("input", { id: `rule-${n}-points`, type: "number", step: 1, value: "-5", required: true });
    const description = h("input", { id: `rule-${n}-description`, type: "text", placeholder: "Gambling mentions found" });
    const absent = h("input", { id: `rule-${n}-absent`, type: "checkbox" });
    const row = h("fieldset", { class: "rule" },
      h("legend", {}, `Rule ${n}`),
      field("Pattern (regex)", pattern),
      field("Points", points),
      field("Description", description),
      h("div", { class: "check" }, absent, h("label", { for: absent.id }, "Fires when the pattern is absent")),
      h("button", { type: "button", class: "quiet", onclick: () => row.remove() }, `Remove rule ${n}`));
    row.read = () => ({
      pattern: pattern.value,
      points: Number(points.value),
      description: description.value.trim() || pattern.value,
      ...(absent.checked ? { when: "absent" } : {}),
    });
    rules.append(row);
    pattern.focus();
  }

  function checkbox(input, label, extra) {
    return h("div", { class: "check" }, input, h("label", { for: input.id }, label), extra || null);
  }

  const form = h("form", { class: "session-form", "aria-labelledby": "new-session-title" },
    h("h2", { id: "new-session-title" }, "New session"),
    field("Question (optional)", question),
    field("Answer or text", answer, "What the panel evaluates."),
    h("div", { class: "grid two" },
      field("Profile", profile),
      field("Judge model (optional)", judgeModel, "Judges and re-evaluations use it.")),
    h("fieldset", { class: "panel" },
      h("legend", {}, "Panel (leave empty for the profile's default)"),
      checkbox(useJudge, "LLM judge"),
      field("Judge rubric (optional)", rubric),
      checkbox(useRelevance, "Relevance scorer (question vs answer)"),
      checkbox(useWeb, "Web check of cited URLs"),
      rules,
      h("button", { type: "button", onclick: addRule }, "Add rule")),
    error,
    h("div", { class: "actions" }, submit));

  apiJson("/v1/models").then((listing) => {
    for (const m of listing.data) profile.append(h("option", { value: m.id }, m.id));
  }).catch(() => {
    // The banner or the key prompt already says why; the default still works.
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    const q = question.value.trim();
    const body = { subject: q ? { question: q, answer: answer.value } : { text: answer.value } };
    if (profile.value) body.profile = profile.value;
    if (judgeModel.value.trim()) body.judge_model = judgeModel.value.trim();
    const panel = [];
    if (useJudge.checked) panel.push(rubric.value.trim() ? { type: "judge", rubric: rubric.value.trim() } : { type: "judge" });
    const ruleList = [...rules.children].map((row) => row.read());
    if (ruleList.length) panel.push({ type: "check", rules: ruleList });
    if (useRelevance.checked) panel.push({ type: "model", scorer: "relevance" });
    if (useWeb.checked) panel.push({ type: "web" });
    if (panel.length) body.panel = panel;
    submit.disabled = true;
    try {
      const created = await apiJson("/v1/sessions", { method: "POST", body });
      location.hash = `#/sessions/${created.session_id}`;
    } catch (err) {
      put(clear(error), `Could not create the session: ${err.message}`);
      error.hidden = false;
      submit.disabled = false;
    }
  });
  return form;
}
