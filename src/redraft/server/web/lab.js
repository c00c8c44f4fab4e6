// Lab (answer generation): instruct, response format, evaluation criteria, iter_max
// and threshold go to POST /v1/answers with "stream": true. Each iteration
// arrives as a server-sent event as soon as it is judged and is drawn at once,
// as a card and as a point of the score chart; the final answer comes last.

import { apiFetch, sseEvents } from "./api.js";
import { scoreChart } from "./chart.js";
import { loadModels } from "./models.js";
import { badge, clear, errorText, field, h, put, score } from "./dom.js";

export function renderLab(main) {
  const model = h("select", { id: "lab-model", required: true });
  const instruct = h("textarea", { id: "lab-instruct", rows: 3, required: true,
    placeholder: "Explain quantum computing" });
  const format = h("textarea", { id: "lab-format", rows: 2,
    placeholder: "A 3-paragraph explanation suitable for high school students" });
  const criteria = h("textarea", { id: "lab-criteria", rows: 2,
    placeholder: "Must use analogies, avoid jargon, and include a practical example" });
  const iterMax = h("input", { id: "lab-iter-max", type: "number", min: 1, max: 10, step: 1, value: "3", required: true });
  const threshold = h("input", { id: "lab-threshold", type: "number", min: 0, max: 1, step: 0.05, value: "0.8", required: true });
  const submit = h("button", { type: "submit", class: "primary" }, "Generate");
  const results = h("div", { class: "lab-results", "aria-live": "polite" });
  let controller = null;

  const form = h("form", { class: "lab-form" },
    field("Model", model, "A profile with a judge model."),
    field("Instruction", instruct),
    field("Response format", format),
    field("Evaluation criteria", criteria),
    h("div", { class: "grid two" },
      field("Max iterations", iterMax, "1–10"),
      field("Score threshold", threshold, "0–1: an iteration passes at or above it.")),
    h("div", { class: "actions" }, submit));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (controller) return;
    controller = new AbortController();
    submit.disabled = true;
    const view = new LabRun(clear(results), Number(iterMax.value), Number(threshold.value));
    try {
      const response = await apiFetch("/v1/answers", {
        method: "POST",
        signal: controller.signal,
        body: {
          model: model.value,
          instruct: instruct.value,
          resp_format: format.value,
          eval_crit: criteria.value,
          iter_max: Number(iterMax.value),
          score_threshold: Number(threshold.value),
          stream: true,
        },
      });
      for await (const message of sseEvents(response, controller.signal)) {
        if (!message.data) continue;
        const data = JSON.parse(message.data);
        if (message.event === "started") view.started(data.run_id);
        else if (message.event === "iteration") view.iteration(data);
        else if (message.event === "answer") view.answer(data);
        else if (message.event === "error") view.failed(data.error?.message || "the run failed", data.error?.code);
      }
      view.closed();
    } catch (err) {
      if (err.name !== "AbortError") view.failed(err.message, err.body?.error?.code);
    } finally {
      controller = null;
      submit.disabled = false;
    }
  });

  const loadError = h("p", { class: "error", role: "alert", hidden: true });
  main.append(
    h("h1", {}, "Lab"),
    h("p", { class: "lead" }, "Generate, evaluate, refine: watch an answer improve iteration by iteration until it meets the criteria."),
    loadError, form, results);
  loadModels(model).catch((err) => {
    loadError.textContent = `Could not load the models: ${err.message}`;
    loadError.hidden = false;
  });
  return { dispose: () => controller?.abort() };
}

// "passed", "failed" or "unverified" (null: nothing failed, not everything was checked).
function outcomeWord(passed) {
  return passed === null || passed === undefined ? "unverified" : passed ? "passed" : "failed";
}

/** "iteration 3 (passed; up to 5)" */
function iterationWords(number, passed, iterMax) {
  return `iteration ${number} (${outcomeWord(passed)}; up to ${iterMax})`;
}

/** One Lab run on screen, drawn as its events arrive. */
class LabRun {
  constructor(root, iterMax, threshold) {
    this.iterMax = iterMax;
    this.threshold = threshold;
    this.runId = null;
    this.done = false;
    this.items = new Map(); // iteration number → {data, passed, el}
    this.status = h("p", { class: "state", role: "status" });
    this.error = h("div", { class: "error", role: "alert", hidden: true });
    this.finalSlot = h("div", { class: "final-slot" });
    this.chartSlot = h("div", { class: "chart-slot" });
    this.history = h("ol", { class: "iterations", "aria-label": "Iteration history" });
    this.historyTitle = h("h2", { hidden: true }, "Iteration history");
    put(root, this.status, this.error, this.finalSlot, this.chartSlot, this.historyTitle, this.history);
    this.working(`Writing and judging iteration 1 (up to ${iterMax})…`);
  }

  working(text) {
    put(clear(this.status), h("span", { class: "spinner", "aria-hidden": "true" }), ` ${text}`);
  }

  started(runId) {
    this.runId = runId;
  }

  iteration(data, passed = data.passed) {
    const number = data.iteration_number;
    const known = this.items.get(number);
    const item = { data, passed, el: card(data, passed, this.iterMax) };
    if (known) {
      known.el.replaceWith(item.el);
    } else {
      const later = [...this.items.keys()].filter((n) => n > number).sort((a, b) => a - b)[0];
      this.history.insertBefore(item.el, later === undefined ? null : this.items.get(later).el);
    }
    this.items.set(number, item);
    this.historyTitle.hidden = false;
    this.drawChart(null);
    if (this.done) return;
    if (passed === false && number < this.iterMax) {
      this.working(`Iteration ${number} failed; writing iteration ${number + 1} (up to ${this.iterMax})…`);
    } else {
      this.working(`Iteration ${number} ${outcomeWord(passed)}; finishing…`);
    }
  }

  answer(answer) {
    this.done = true;
    const meta = answer.metadata || {};
    const finalNumber = meta.final_iteration ?? answer.iterations.at(-1)?.iteration_number;
    this.runId = meta.run_id || this.runId;
    // The answer lists every iteration; draw any the stream did not carry
    // (only a passing draft ends a run early, so an earlier one failed).
    for (const it of answer.iterations) {
      if (this.items.has(it.iteration_number)) continue;
      this.iteration(it, it.iteration_number === finalNumber ? answer.success : false);
    }
    for (const [number, item] of this.items) {
      const isFinal = number === finalNumber;
      item.el.querySelector("article").classList.toggle("final", isFinal);
      item.el.querySelector(".final-mark").replaceChildren(...(isFinal ? [" ", badge("final answer", "final")] : []));
    }
    const finalPassed = answer.success;
    const outcome = finalPassed === null
      ? badge("Unverified — nothing failed, not everything was checked", "warn")
      : finalPassed
        ? badge("Succeeded", "ok")
        : badge("Threshold not reached — best answer shown", "bad");
    put(clear(this.finalSlot), h("section", { class: "final-answer", "aria-labelledby": "final-answer-title" },
      h("h2", { id: "final-answer-title" }, "Final answer ", outcome),
      h("p", { class: "text" }, answer.final_answer),
      h("p", { class: "meta" },
        `Score ${score(answer.final_score)} · ${iterationWords(finalNumber, this.items.get(finalNumber)?.passed ?? finalPassed, this.iterMax)}`,
        meta.usage ? ` · ${meta.usage.total_tokens} tokens` : "",
        this.runId ? [" · ", h("a", { href: `#/runs/${this.runId}` }, "Open run")] : "")));
    this.drawChart(finalNumber);
    clear(this.status);
  }

  // In people's words where the code has them, the original under "Details".
  failed(message, code) {
    this.done = true;
    clear(this.status);
    put(clear(this.error), h("p", {}, "Could not generate."), errorText(code, message),
      this.runId ? h("p", {}, h("a", { href: `#/runs/${this.runId}` }, "Open run")) : null);
    this.error.hidden = false;
  }

  closed() {
    if (!this.done) this.failed("the connection closed before the answer arrived");
  }

  drawChart(highlight) {
    const points = [...this.items.values()]
      .map((item) => [item.data.iteration_number, item.data.evaluation.score])
      .sort((a, b) => a[0] - b[0]);
    if (!points.length) return;
    const caption = highlight === null
      ? `Score per iteration so far; the dashed line is the threshold (${this.threshold.toFixed(2)}).`
      : `Score per iteration; the dashed line is the threshold (${this.threshold.toFixed(2)}); the ringed point is the final answer.`;
    put(clear(this.chartSlot), h("figure", { class: "chart-box" },
      scoreChart({
        series: [{ name: "score", className: "score", points }],
        threshold: this.threshold,
        highlight,
        maxIteration: this.iterMax,
        title: "Score per iteration",
      }),
      h("figcaption", {}, caption)));
  }
}

function card(it, passed, iterMax) {
  const ev = it.evaluation;
  const words = iterationWords(it.iteration_number, passed, iterMax);
  return h("li", {},
    h("article", { class: "iteration", "aria-label": `Iteration ${it.iteration_number}` },
      h("h3", {}, words.charAt(0).toUpperCase() + words.slice(1), " ",
        ev.meets_criteria ? badge("meets criteria", "ok") : badge("does not meet criteria", "bad"), " ",
        badge(`score ${score(ev.score)}`, "info"),
        h("span", { class: "final-mark" })),
      h("p", { class: "text" }, it.answer),
      h("h4", {}, "Reasoning"),
      h("p", {}, ev.evaluation_reasoning || "—"),
      ev.improvement_suggestions.length
        ? [h("h4", {}, "Suggestions"), h("ul", {}, ev.improvement_suggestions.map((s) => h("li", {}, s)))]
        : null));
}
