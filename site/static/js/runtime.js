// Page side of the engine: starts the worker, exposes one readiness promise, matches replies to requests
// by id and reports start-up stages. Every rule question goes through call(); nothing here knows Sevens.

export const siteRoot = new URL("../../", import.meta.url);
export const runtimeURL = new URL("runtime/", siteRoot);

const START_TIMEOUT_MS = 120000;
// No engine request takes more than a second or two, even for Sam on a slow phone: a minute of silence means
// the worker is gone (killed by the browser, out of memory) without an error event.
const CALL_TIMEOUT_MS = 60000;
// A worker that dies again and again would only loop: after this many restarts in a row without one answered
// request, give up and show the error with its Retry button.
const MAX_RESTARTS = 3;
// The service worker is registered once the engine has had nothing to do for this long after starting (the
// first deal dealt, the computer players' opening moves made), so caching the runtime competes with nothing.
const QUIET_MS = 1000;

export const STAGE_LABELS = {
  manifest: "Looking up the game engine",
  downloading: "Downloading Python and the game engine",
  starting: "Starting Python",
  engine: "Loading the game engine",
  ready: "Ready",
};

function unsupported() {
  if (typeof Worker === "undefined") return "this browser cannot run background workers";
  if (typeof WebAssembly === "undefined") return "this browser cannot run WebAssembly";
  if (typeof TransformStream === "undefined") return "this browser is too old for the game engine";
  return null;
}

export class Runtime extends EventTarget {
  constructor() {
    super();
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
    this.stage = null;
    this.callTimeoutMs = CALL_TIMEOUT_MS;
    this.restarts = 0;
    this.requests = {}; // how many times each method was asked, over the page's life: bench/ and tests count them
    this.start();
  }

  // Start (or start again after a failure): a fresh worker and a fresh readiness promise.
  start() {
    this.stop();
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {}); // failures are reported through the "failed" event too
    const problem = unsupported();
    if (problem) {
      queueMicrotask(() => this.fail(`The game cannot run here: ${problem}.`));
      return;
    }
    this.timer = setTimeout(
      () => this.fail("The game engine took too long to start. Check your connection and try again."),
      START_TIMEOUT_MS,
    );
    this.report("manifest", 0);
    this.launch();
  }

  // The worker starts at once: it fetches the manifest itself, in parallel with Pyodide's loader.
  launch() {
    const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
    this.worker = worker;
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      const message = event.message || "the worker could not start";
      if (this.stage === "ready") this.crash(`The game engine stopped with an error: ${message}.`);
      else this.fail(`The game engine stopped with an error: ${message}.`);
    };
    worker.postMessage({ type: "init", runtime: runtimeURL.href });
  }

  receive(data) {
    if (data.type === "stage") {
      this.report(data.stage, data.progress);
      if (data.stage === "ready") {
        clearTimeout(this.timer);
        this.resolveReady();
        this.whenQuiet(); // not earlier, so its precaching does not compete with the first download either
      }
    } else if (data.type === "manifest") {
      this.manifest = data.manifest;
    } else if (data.type === "snapshot") {
      // How Python started: from the stored memory snapshot or not (see worker.js); for tests and bench/.
      this.snapshot = data;
      performance.mark(`sevens-snapshot-${data.event}`, { detail: data });
      this.dispatchEvent(new CustomEvent("snapshot", { detail: data }));
    } else if (data.type === "failed") {
      this.fail(`The game engine could not start: ${data.message}.`);
    } else if (this.pending.has(data.id)) {
      const { resolve, reject, timer, session } = this.pending.get(data.id);
      clearTimeout(timer);
      this.pending.delete(data.id);
      this.restarts = 0;
      if (!this.pending.size) this.whenQuiet();
      // What the deal's record gained (engine/core/webapi.py), told before the caller resumes, so that the page
      // keeps the record as it goes and never asks for it again.
      if (data.record) this.dispatchEvent(new CustomEvent("record", { detail: { session, news: data.record } }));
      if (data.ok) resolve(data.result);
      else reject(new Error(data.error?.message ?? "unknown error"));
    }
  }

  whenQuiet() {
    clearTimeout(this.quiet);
    if (this.registered || !this.manifest) return;
    this.quiet = setTimeout(() => {
      this.registered = true;
      registerServiceWorker(this.manifest.build);
    }, QUIET_MS);
  }

  report(stage, progress) {
    if (stage !== this.stage) performance.mark(`sevens-stage-${stage}`); // start-up timing, see bench/
    this.stage = stage;
    this.dispatchEvent(new CustomEvent("stage", { detail: { stage, progress, label: STAGE_LABELS[stage] ?? stage } }));
  }

  fail(message) {
    if (this.failed) return;
    this.failed = message;
    clearTimeout(this.timer);
    this.rejectReady(new Error(message));
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(new Error(message));
    }
    this.pending.clear();
    this.dispatchEvent(new CustomEvent("failed", { detail: { message } }));
  }

  // The worker died after it was ready: every open request fails with error.crashed set, listeners hear
  // "crashed", and a fresh worker starts at once (its "ready" stage resolves the new readiness promise).
  crash(message) {
    if (this.failed || !this.worker) return;
    this.restarts += 1;
    if (this.restarts > MAX_RESTARTS) {
      this.fail(`${message} It stopped ${MAX_RESTARTS} times in a row, so it was not restarted again.`);
      return;
    }
    const pending = [...this.pending.values()];
    this.pending.clear();
    this.start();
    for (const { reject, timer } of pending) {
      clearTimeout(timer);
      reject(Object.assign(new Error(message), { crashed: true }));
    }
    this.dispatchEvent(new CustomEvent("crashed", { detail: { message } }));
  }

  stop() {
    clearTimeout(this.timer);
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.worker?.terminate();
    this.worker = null;
    this.failed = null;
  }

  // Ask the engine: resolves with the result, rejects with the engine's message.
  // *session* names the deal when a page holds several (guided deals in a lesson).
  async call(method, params = {}, session = "main") {
    await this.ready;
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      clearTimeout(this.quiet);
      const timer = setTimeout(() => this.crash("The game engine stopped answering."), this.callTimeoutMs);
      this.pending.set(id, { resolve, reject, timer, session });
      this.requests[method] = (this.requests[method] ?? 0) + 1;
      this.worker.postMessage({ id, method, params, session });
    });
  }
}

let shared = null;

// One runtime per page, started on first use.
export function getRuntime() {
  if (!shared) {
    shared = new Runtime();
    // Tests stop the worker through this handle (?test in the address) to check that the page recovers.
    if (new URL(location.href).searchParams.has("test")) globalThis.__sevensRuntime = shared;
  }
  return shared;
}

// The service worker lives at the site root so it can serve every page; the build hash in its URL makes a
// new build install a new worker with a fresh cache.
export async function registerServiceWorker(build) {
  if (!("serviceWorker" in navigator) || !build) return;
  const script = new URL(`sw.js?build=${encodeURIComponent(build)}`, siteRoot);
  try {
    await navigator.serviceWorker.register(script, { scope: siteRoot.pathname });
  } catch {
    // Refused (site data blocked; a sandboxed frame throws at once) or failed: without a service worker the
    // site still works; it is only slower on the next visit.
  }
}

// How long a page without a game must have been open and quiet before the warm-up starts: long enough that
// the visitor is reading, not passing through, and that the page's own loading is long over.
const WARM_AFTER_MS = 3000;
// The snapshot is stored a second or two after the engine is ready; past this, none is coming.
const WARM_SNAPSHOT_WAIT_MS = 30000;
// Connection types on which a 4 MB download the visitor did not ask for would hurt.
const SLOW_CONNECTIONS = new Set(["slow-2g", "2g"]);

// Why the warm-up must not run here, or null: the visitor asked to save data, or the connection is slow.
export function spareConnection(connection = navigator.connection) {
  if (connection?.saveData) return "save-data";
  if (SLOW_CONNECTIONS.has(connection?.effectiveType)) return "slow connection";
  return null;
}

// Pages without a game (the home page, lessons without a guided deal): once the visitor has been reading for a
// few seconds, start the engine once in the background and stop it again. That downloads the runtime (the
// service worker, registered when the engine is ready, keeps it) and stores Python's memory snapshot, so the
// first game or guided deal starts like a second visit. Everything comes from this site.
export function warmUp() {
  const skip = spareConnection();
  if (skip) {
    performance.mark("sevens-warm-skipped", { detail: skip });
    return;
  }
  const idle = (callback) =>
    window.requestIdleCallback ? window.requestIdleCallback(callback, { timeout: WARM_AFTER_MS }) : callback();
  setTimeout(() => idle(() => {
    if (shared) return; // the page started its own engine meanwhile
    performance.mark("sevens-warm-started");
    const runtime = new Runtime();
    let finished = false;
    const done = (event) => {
      if (finished) return;
      finished = true;
      performance.mark(`sevens-warm-${event}`);
      // Give the service worker's registration (one second after ready) its moment, then free the memory.
      setTimeout(() => runtime.stop(), QUIET_MS * 2);
    };
    runtime.addEventListener("snapshot", (event) => {
      if (event.detail.event === "saved" || event.detail.event === "unsupported") done("done");
    });
    runtime.addEventListener("failed", () => done("failed"));
    // A browser without Cache Storage stores no snapshot: the downloads alone are the warm-up there.
    runtime.ready.then(() => setTimeout(() => done("done"), WARM_SNAPSHOT_WAIT_MS), () => {});
  }), WARM_AFTER_MS);
}
