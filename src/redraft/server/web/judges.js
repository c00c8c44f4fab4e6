// Judges: how often each judge model has been right, from its audits
// against exact checks and its calibrations (GET /v1/judges).

import { apiJson } from "./api.js";
import { badge, cell, dataTable, h, row, score } from "./dom.js";

function statusBadge(record) {
  if (record.flagged) return badge("no better than chance", "warn");
  if (record.status === "unmeasured") {
    // Unsure of every answer: it decides nothing, so it is neither coin nor check.
    return badge(record.n === 0 && record.uncertain > 0 ? "never sure" : "not measured yet");
  }
  return badge("reliable", "ok");
}

function accuracy(record) {
  if (record.balanced_accuracy === null || !record.interval) return "–";
  const [low, high] = record.interval;
  return `${score(record.balanced_accuracy)} [${score(low)}, ${score(high)}]`;
}

// Where the judge's P(yes) is believed, read from its record (null: too few yet).
function calibration(band) {
  if (!band) return "–";
  const sides = [];
  if (band.yes_from !== null) sides.push(`yes from P(yes) ${band.yes_from.toFixed(2)}`);
  if (band.no_to !== null) sides.push(`no up to ${band.no_to.toFixed(2)}`);
  return sides.length ? sides.join(", ") : "believed nowhere";
}

const HEADERS = ["Judge", "Preset", "Status", "Balanced accuracy [95%]", "κ", "Comparisons", "Uncertain", "Calibrated"];

export function renderJudges(main) {
  const body = h("tbody");
  const state = h("p", { class: "state", role: "status" }, "Loading the judges' record…");

  async function load() {
    try {
      const page = await apiJson("/v1/judges");
      for (const record of page.data) {
        body.append(row(HEADERS, [
          record.judge,
          record.preset,
          statusBadge(record),
          accuracy(record),
          score(record.kappa),
          String(record.n),
          String(record.uncertain),
          cell({}, calibration(record.band),
            // Measured when the product was built, until this store measures the judge.
            record.shipped ? [" ", badge("shipped with the model", "info")] : null),
        ], { title: record.summary }));
      }
      state.textContent = body.children.length
        ? ""
        : "No judge has been measured yet. Judges audit themselves as they run.";
    } catch (err) {
      state.textContent = `Could not load the judges' record: ${err.message}`;
    }
  }

  main.append(
    h("h1", {}, "Judges"),
    h("p", { class: "lead" },
      "How often each judge has been right on requirements an exact check decided: balanced "
      + "accuracy with a 95% interval, and κ. A judge no better than chance passes nothing by itself. "
      + "Calibrated: the P(yes) above which its yes, and below which its no, have been right."),
    state,
    dataTable({ className: "judges", caption: "Judges' record", hideCaption: true, headers: HEADERS, body }));
  load();
}
