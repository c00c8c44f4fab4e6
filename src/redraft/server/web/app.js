// The shell: hash routing between the pages, the API-key form and the
// retry button of the "cannot reach the server" banner.

import { clearAuthPrompt, getKey, setKey } from "./api.js";
import { clear } from "./dom.js";
import { renderChat } from "./chat.js";
import { renderEval, renderEvals } from "./evals.js";
import { renderJudges } from "./judges.js";
import { renderLab } from "./lab.js";
import { renderRun, renderRuns } from "./runs.js";
import { renderSession, renderSessions } from "./sessions.js";

const main = document.getElementById("main");
let current = null;

/** "#/sessions/4/evidence/2" → {page: "sessions", id: "4", evidence: "2"} */
function parse(hash) {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const page = parts[0] || "chat";
  return { page, id: parts[1] || null, evidence: parts[2] === "evidence" ? parts[3] : null };
}

function viewFor(route) {
  switch (route.page) {
    case "chat":
      return renderChat;
    case "lab":
      return renderLab;
    case "sessions":
      return route.id ? renderSession : renderSessions;
    case "runs":
      return route.id ? renderRun : renderRuns;
    case "judges":
      return renderJudges;
    case "evals":
      return route.id ? renderEval : renderEvals;
    default:
      return null;
  }
}

function markNav(page) {
  for (const link of document.querySelectorAll("nav a[data-page]")) {
    if (link.dataset.page === page) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

function show(force = false, moveFocus = false) {
  // Only "#/…" is a route; any other fragment is left to the browser.
  if (current && !force && !location.hash.startsWith("#/")) return;
  const route = parse(location.hash);
  const view = viewFor(route);
  if (!view) {
    location.replace("#/chat");
    return;
  }
  const key = `${route.page}/${route.id || ""}`;
  // Same page and item (e.g. jumping to an evidence card): keep its live stream.
  if (!force && current && current.key === key && current.controller?.update) {
    current.controller.update(route);
    return;
  }
  current?.controller?.dispose?.();
  clear(main);
  markNav(route.page);
  const controller = view(main, route) || {};
  current = { key, controller };
  // Move focus into the new page so keyboard users continue from its content.
  if (moveFocus) main.focus({ preventScroll: false });
}

function setUpKeyForm() {
  const form = document.getElementById("key-form");
  const input = document.getElementById("api-key");
  const state = document.getElementById("key-state");
  input.value = getKey();
  state.textContent = getKey() ? "Key saved in this browser." : "";
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    setKey(input.value.trim());
    state.textContent = input.value.trim() ? "Key saved in this browser." : "No key set.";
    clearAuthPrompt();
    show(true);
  });
  document.getElementById("key-forget").addEventListener("click", () => {
    input.value = "";
    setKey("");
    state.textContent = "Key forgotten.";
    show(true);
  });
}

// The skip link moves focus without touching the hash, which holds the route.
document.getElementById("skip-link").addEventListener("click", (event) => {
  event.preventDefault();
  main.focus();
});
setUpKeyForm();
document.getElementById("banner-retry").addEventListener("click", () => show(true));
window.addEventListener("hashchange", () => show(false, true));
show();
