// Lab (answer generation): instruct, response format, evaluation criteria, iter_max
// and threshold go to POST /v1/answers; the answer comes back with its whole
// iteration history, drawn as cards and as a score chart.

import { apiJson } from "./api.js";
import { scoreChart } from "./chart.js";
import { loadModels } from "./models.js";
import { badge, clear, field, h, put, score } from "./dom.js";

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
    put(clear(results), h("p", { class: "state", role: "status" },
      h("span", { class: "spinner", "aria-hidden": "true" }), " Generating and evaluating…"));
    results.setAttribute("aria-busy", "true");
    try {
      const answer = await apiJson("/v1/answers", {
        method: "POST",
        signal: controller.signal,
        body: {
          model: model.value,
          instruct: instruct.value,
          resp_format: format.value,
          eval_crit: criteria.value,
          iter_max: Number(iterMax.value),
          score_threshold: Number(threshold.value),
        },
      });
      put(clear(results), ...renderAnswer(answer, Number(threshold.value)));
    } catch (err) {
      if (err.name !== "AbortError") {
        put(clear(results), h("p", { class: "error", role: "alert" }, `Could not generate: ${err.message}`));
      }
    } finally {
      controller = null;
      submit.disabled = false;
      results.setAttribute("aria-busy", "false");
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

function renderAnswer(answer, threshold) {
  const meta = answer.metadata || {};
  const finalIteration = meta.final_iteration ?? answer.iterations.at(-1)?.iteration_number;
  const outcome = answer.success === null
    ? badge("Unverified — nothing failed, not everything was checked", "warn")
    : answer.success
      ? badge("Succeeded", "ok")
      : badge("Threshold not reached — best answer shown", "bad");
  const final = h("section", { class: "final-answer", "aria-labelledby": "final-answer-title" },
    h("h2", { id: "final-answer-title" }, "Final answer ", outcome),
    h("p", { class: "text" }, answer.final_answer),
    h("p", { class: "meta" },
      `Score ${score(answer.final_score)} · iteration ${finalIteration} of ${answer.total_iterations}`,
      meta.usage ? ` · ${meta.usage.total_tokens} tokens` : "",
      meta.run_id ? [" · ", h("a", { href: `#/runs/${meta.run_id}` }, "Open run")] : ""));

  const chart = h("figure", { class: "chart-box" },
    scoreChart({
      series: [{
        name: "score", className: "score",
        points: answer.iterations.map((it) => [it.iteration_number, it.evaluation.score]),
      }],
      threshold,
      highlight: finalIteration,
      title: "Score per iteration",
    }),
    h("figcaption", {}, `Score per iteration; the dashed line is the threshold (${threshold.toFixed(2)}); the ringed point is the final answer.`));

  const history = h("ol", { class: "iterations", "aria-label": "Iteration history" },
    answer.iterations.map((it) => {
      const ev = it.evaluation;
      const isFinal = it.iteration_number === finalIteration;
      return h("li", {},
        h("article", { class: `iteration${isFinal ? " final" : ""}`, "aria-label": `Iteration ${it.iteration_number}` },
          h("h3", {}, `Iteration ${it.iteration_number} `,
            ev.meets_criteria ? badge("meets criteria", "ok") : badge("does not meet criteria", "bad"), " ",
            badge(`score ${score(ev.score)}`, "info"),
            isFinal ? [" ", badge("final answer", "final")] : null),
          h("p", { class: "text" }, it.answer),
          h("h4", {}, "Reasoning"),
          h("p", {}, ev.evaluation_reasoning || "—"),
          ev.improvement_suggestions.length
            ? [h("h4", {}, "Suggestions"), h("ul", {}, ev.improvement_suggestions.map((s) => h("li", {}, s)))]
            : null));
    }));

  return [final, chart, h("h2", {}, "Iteration history"), history];
}
