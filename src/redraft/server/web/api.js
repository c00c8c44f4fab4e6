// Every request the page makes goes through apiFetch: it adds the API key,
// shows the "cannot reach the server" banner when the network fails (and
// clears it on the next success), and turns a 401 into a visible prompt.

const KEY_STORAGE = "redraft.apiKey";
// Set once the user saves a key, so a browser without storage still works.
let memoryKey = null;

export class ApiError extends Error {
  constructor(status, message, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export function getKey() {
  try {
    return localStorage.getItem(KEY_STORAGE) || "";
  } catch {
    return "";
  }
}

export function setKey(key) {
  try {
    if (key) localStorage.setItem(KEY_STORAGE, key);
    else localStorage.removeItem(KEY_STORAGE);
  } catch {
    // Storage disabled (private mode): the key lives for this page only.
  }
  memoryKey = key;
}

function currentKey() {
  return memoryKey !== null ? memoryKey : getKey();
}

function showBanner() {
  const banner = document.getElementById("banner");
  document.getElementById("banner-text").textContent =
    `Cannot reach the redraft server at ${location.origin}. Is \`redraft serve\` running?`;
  banner.hidden = false;
}

function clearBanner() {
  document.getElementById("banner").hidden = true;
}

export function showAuthPrompt() {
  const text = currentKey()
    ? "The server refused this API key. Enter a valid key above and save it."
    : "This server needs an API key. Enter it in the API key field above and save it.";
  document.getElementById("auth-text").textContent = text;
  document.getElementById("auth-prompt").hidden = false;
}

export function clearAuthPrompt() {
  document.getElementById("auth-prompt").hidden = true;
}

/** A readable sentence from any of the service's error bodies. */
export function errorMessage(body, status) {
  if (body && typeof body === "object") {
    if (body.error && body.error.message) return body.error.message;
    if (typeof body.detail === "string") return body.detail;
    if (Array.isArray(body.detail)) {
      return body.detail
        .map((e) => `${(e.loc || []).filter((p) => p !== "body").join(".") || "body"}: ${e.msg}`)
        .join("; ");
    }
  }
  return `the server answered ${status}`;
}

/** fetch() with the key; resolves to an ok Response or throws ApiError. */
export async function apiFetch(path, { method = "GET", body, headers = {}, signal } = {}) {
  const all = { ...headers };
  const key = currentKey();
  if (key) all.authorization = `Bearer ${key}`;
  if (body !== undefined) all["content-type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: all,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      cache: "no-store",
    });
  } catch (err) {
    if (err && err.name === "AbortError") throw err;
    showBanner();
    throw new ApiError(0, `Cannot reach the redraft server at ${location.origin}.`);
  }
  clearBanner();
  if (response.ok) {
    if (response.status !== 401) clearAuthPrompt();
    return response;
  }
  let parsed = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  if (response.status === 401) showAuthPrompt();
  throw new ApiError(response.status, errorMessage(parsed, response.status), parsed);
}

export async function apiJson(path, options) {
  const response = await apiFetch(path, options);
  return response.json();
}

/**
 * Server-sent events from a Response body, as {id, event, data, retry}
 * objects; comment lines (keep-alives) are skipped. Follows the HTML
 * standard's parsing rules for line endings and field names.
 */
export async function* sseEvents(response, signal) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const abort = () => reader.cancel().catch(() => {});
  signal?.addEventListener("abort", abort, { once: true });
  let buffer = "";
  let event = { id: null, event: "message", data: [], retry: null };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let match;
      while ((match = /\r\n|\r|\n/.exec(buffer))) {
        // A lone \r at the end may be the first half of \r\n: wait for more.
        if (match[0] === "\r" && match.index === buffer.length - 1) break;
        const line = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        if (line === "") {
          if (event.data.length || event.retry !== null) {
            yield { ...event, data: event.data.join("\n") };
          }
          event = { id: null, event: "message", data: [], retry: null };
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const name = colon < 0 ? line : line.slice(0, colon);
        let val = colon < 0 ? "" : line.slice(colon + 1);
        if (val.startsWith(" ")) val = val.slice(1);
        if (name === "data") event.data.push(val);
        else if (name === "id") event.id = val;
        else if (name === "event") event.event = val;
        else if (name === "retry" && /^\d+$/.test(val)) event.retry = Number(val);
      }
    }
  } finally {
    signal?.removeEventListener("abort", abort);
  }
}

/**
 * A server-sent event stream that carries the API key (EventSource cannot),
 * reconnects after a drop (or an `error` event) with Last-Event-ID and never
 * delivers an id twice.
 * onEvent(parsed data, id); onState("live" | "reconnecting" | "closed", error).
 */
export class LiveStream {
  constructor(path, { onEvent, onState }) {
    this.path = path;
    this.onEvent = onEvent;
    this.onState = onState || (() => {});
    this.lastId = null;
    this.seen = new Set();
    this.retryMs = 2000;
    this.controller = new AbortController();
    this.closed = false;
  }

  start() {
    this.loop();
    return this;
  }

  close() {
    this.closed = true;
    this.controller.abort();
  }

  async loop() {
    while (!this.closed) {
      try {
        const headers = this.lastId !== null ? { "last-event-id": this.lastId } : {};
        const response = await apiFetch(this.path, { headers, signal: this.controller.signal });
        this.onState("live");
        for await (const message of sseEvents(response, this.controller.signal)) {
          if (message.retry !== null) this.retryMs = message.retry;
          if (!message.data) continue;
          // The server could not go on (its store failed): it ends the stream
          // with this, and the loop reconnects from the last id, as after a drop.
          if (message.event === "error") break;
          if (message.id !== null) {
            if (this.seen.has(message.id)) continue;
            this.seen.add(message.id);
            this.lastId = message.id;
          }
          this.onEvent(JSON.parse(message.data), message.id);
        }
      } catch (err) {
        if (this.closed || (err && err.name === "AbortError")) break;
        // 4xx will not get better by retrying: 401 asks for a key, 404 is gone.
        if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
          this.onState("closed", err);
          return;
        }
      }
      if (this.closed) break;
      this.onState("reconnecting");
      await new Promise((resolve) => setTimeout(resolve, this.retryMs));
    }
    this.onState("closed");
  }
}
