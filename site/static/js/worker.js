// The engine's home in the browser: Pyodide in a module worker, so the page never waits on Python.
// Protocol: the page sends {type: "init", runtime} once, as soon as it has made the worker, then
// {id, method, params} requests. The worker fetches the runtime's manifest.json itself, while Pyodide's
// loader module is already being imported, and posts {type: "manifest", manifest} when it has it.
// It posts {type: "stage", stage, progress} while starting, {type: "failed", message} if it
// cannot start, and {id, ok: true, result} or {id, ok: false, error: {message}} for each request.
// It also posts {type: "snapshot", event, ...} about its memory snapshot: "restored" (started from it),
// "rejected" (missing parts, checksum or load failed: started normally), "saved" (a fresh one is stored).
//
// Memory snapshot: starting Python costs seconds of CPU on every visit (unpacking the standard library,
// initialising the interpreter, compiling the games' modules), which no cache of the downloads removes. So
// the first visit copies Pyodide's memory once the engine and every game's modules are imported (before any
// request, so no deal is in it) and stores it in Cache Storage, keyed by the build; later visits start from
// that copy. Pyodide marks the option experimental (_makeSnapshot/_loadSnapshot), so any trouble with it falls
// back to a normal start.

let ready = null; // one promise: the engine's request handler once Python and the engine are loaded
let pyodide = null;

const SNAPSHOT_CACHE = "pyodide-snapshot"; // not "sevens-…": the service worker deletes those of old builds
// Part of the key: a change to how the snapshot is made must not meet a snapshot made the old way.
const SNAPSHOT_FORMAT = 2; // 2: the games' modules are in it (webapi.prepare)
const SNAPSHOT_SAVE_DELAY_MS = 1000; // let the first deal's requests go first

function stage(name, progress) {
  postMessage({ type: "stage", stage: name, progress });
}

// Count bytes of the runtime files as they stream in (Pyodide fetches them itself),
// so the page's progress bar shows real download progress without fetching anything twice.
// A missing runtime file is reported at once: Pyodide itself may wait forever on a broken download.
// *early* maps a URL to a response already on its way (see start): Pyodide gets that one instead of a second.
function countingFetch(originalFetch, sizes, onBytes, onMissing, early = new Map()) {
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const started = early.get(url);
    early.delete(url);
    const response = await (started ?? originalFetch(input, init));
    const tracked = Object.keys(sizes).some((path) => url.endsWith(path.split("/").pop()));
    if (tracked && !response.ok) onMissing(url, response.status);
    if (!tracked || !response.ok || !response.body) return response;
    const counter = new TransformStream({
      transform(chunk, controller) {
        onBytes(chunk.byteLength);
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split("/").pop()} could not be downloaded (HTTP ${response.status})`);
  return response.arrayBuffer();
}

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function snapshotKey(runtime, build) {
  return new URL(`snapshot-${build}-${SNAPSHOT_FORMAT}.bin`, runtime).href;
}

// Where snapshots are kept, or null where nothing can be kept: no Cache Storage (an insecure page), no
// crypto.subtle to check them, or the browser refuses storage (site data blocked). Python then starts normally.
async function snapshotCache() {
  try {
    return crypto?.subtle ? await caches.open(SNAPSHOT_CACHE) : null;
  } catch {
    return null;
  }
}

async function rejectSnapshot(cache, key, error) {
  postMessage({ type: "snapshot", event: "rejected", message: String(error?.message ?? error) });
  try {
    await cache.delete(key);
  } catch {
    // Nothing to forget: the next visit starts normally either way.
  }
}

// The stored snapshot's bytes, or null when there is none or it is not what was stored.
async function readSnapshot(cache, key) {
  try {
    const hit = await cache.match(key);
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if ((await sha256(bytes)) !== hit.headers.get("x-sha256")) throw new Error("its checksum does not match");
    return bytes;
  } catch (error) {
    await rejectSnapshot(cache, key, error);
    return null;
  }
}

// Store the snapshot as the only one kept: snapshots of older builds are deleted.
async function saveSnapshot(cache, key, bytes) {
  try {
    for (const request of await cache.keys()) {
      if (request.url !== key) await cache.delete(request);
    }
    const headers = { "content-type": "application/octet-stream", "x-sha256": await sha256(bytes) };
    await cache.put(key, new Response(bytes, { headers }));
    postMessage({ type: "snapshot", event: "saved", bytes: bytes.byteLength });
  } catch {
    // Storage full: later visits start normally.
  }
}

// Put the engine wheel into site-packages and import the module that answers the page.
// tools/stdlib_trace.mjs does the same to find the standard modules the site needs: keep them alike.
async function loadEngine(py, wheelBytes, api) {
  const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
  py.unpackArchive(await wheelBytes, "wheel", { extractDir: sitePackages });
  return py.pyimport(api);
}

// The runtime's file list: the engine wheel's hashed name, the build id, every file's size.
async function fetchManifest(runtime) {
  const response = await fetch(new URL("manifest.json", runtime), { cache: "no-cache" });
  if (!response.ok) throw new Error(`the game engine's file list could not be downloaded (HTTP ${response.status})`);
  return response.json();
}

async function start({ runtime }) {
  // Neither waits for the other: the loader module and the file list download side by side.
  const indexURL = new URL("pyodide/", runtime).href;
  // The interpreter is most of a first visit's download: ask for it now, not once the loader module and
  // the file list are in and Pyodide asks (a few round trips later); Pyodide is handed this response.
  const wasmURL = new URL("pyodide.asm.wasm", indexURL).href;
  const early = new Map([[wasmURL, fetch(wasmURL)]]);
  early.get(wasmURL).catch(() => {}); // a failed download is reported where Pyodide awaits it
  const loader = import(new URL("pyodide.mjs", indexURL).href);
  loader.catch(() => {}); // a failed import is reported where it is awaited
  const manifest = await fetchManifest(runtime);
  postMessage({ type: "manifest", manifest });
  // The .mjs files arrive through import(), which no fetch wrapper sees; count what is fetched.
  const sizes = Object.fromEntries(Object.entries(manifest.files).filter(([path]) => !path.endsWith(".mjs")));
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  const big = (sizes["pyodide/pyodide.asm.wasm"] ?? 0) + (sizes[manifest.stdlib] ?? 0);
  let received = 0;
  let lastPosted = 0;
  let downloaded = false;
  const originalFetch = globalThis.fetch;
  globalThis.fetch = countingFetch(originalFetch, sizes, (bytes) => {
    received += bytes;
    const fraction = Math.min(received / total, 1);
    if (!downloaded && fraction - lastPosted >= 0.02) {
      lastPosted = fraction;
      stage("downloading", fraction);
    }
    if (!downloaded && received >= big) {
      downloaded = true;
      stage("downloading", 1);
      stage("starting", 0);
    }
  }, (url, status) => {
    postMessage({ type: "failed", message: `${url.split("/").pop()} could not be downloaded (HTTP ${status})` });
  }, early);
  try {
    stage("downloading", 0);
    const wheelBytes = fetchBytes(new URL(manifest.wheel, runtime).href);
    // Only the standard modules the site uses (sitebuild/stdlib.py), not Pyodide's full library.
    const stdLibURL = new URL(manifest.stdlib, runtime).href;
    const key = manifest.build ? snapshotKey(runtime, manifest.build) : null;
    const cache = await (key ? snapshotCache() : null);
    const stored = cache ? readSnapshot(cache, key) : null;
    const { loadPyodide } = await loader;
    const snapshot = await stored;
    // Once Python runs, either way: report the stages up to the engine, then import it.
    const engineIn = async (py) => {
      if (!downloaded) stage("downloading", 1); // everything came from a cache that streams no body
      stage("starting", 1);
      stage("engine", 0);
      return loadEngine(py, wheelBytes, manifest.api);
    };
    let py = null;
    let webapi = null;
    if (snapshot) {
      try {
        py = await loadPyodide({ indexURL, stdLibURL, checkAPIVersion: true, _loadSnapshot: snapshot });
        webapi = await engineIn(py);
        // The snapshot froze the random generator: every visit would deal the same "random" deals.
        py.runPython("import random; random.seed()");
        postMessage({ type: "snapshot", event: "restored", bytes: snapshot.byteLength });
      } catch (error) {
        await rejectSnapshot(cache, key, error);
        py = null;
      }
    }
    if (!py) {
      const canSave = Boolean(cache);
      py = await loadPyodide({ indexURL, stdLibURL, checkAPIVersion: true, _makeSnapshot: canSave });
      webapi = await engineIn(py);
      if (canSave) {
        try {
          // The games' modules, which the first request would import anyway, go into the copy: a page started
          // from it answers at once. Then a copy of Python's memory, before any request: a few tens of ms.
          webapi.prepare();
          const fresh = py.makeMemorySnapshot();
          setTimeout(() => saveSnapshot(cache, key, fresh), SNAPSHOT_SAVE_DELAY_MS);
        } catch (error) {
          postMessage({ type: "snapshot", event: "unsupported", message: String(error?.message ?? error) });
        }
      }
    }
    stage("engine", 1);
    pyodide = py;
    return webapi.handle;
  } finally {
    globalThis.fetch = originalFetch;
  }
}

function memory() {
  return { wasm_bytes: pyodide ? pyodide._module.HEAPU8.length : 0 };
}

async function answer({ id, method, params, session }) {
  try {
    const handle = await ready;
    if (method === "memory") {
      postMessage({ id, ok: true, result: memory() });
      return;
    }
    const reply = JSON.parse(handle(JSON.stringify({ method, params: params ?? {}, session })));
    postMessage({ id, ...reply });
  } catch (error) {
    postMessage({ id, ok: false, error: { message: String(error?.message ?? error) } });
  }
}

self.onmessage = (event) => {
  const data = event.data;
  if (data?.type === "init") {
    if (ready) return;
    ready = start(data);
    ready.then(
      () => stage("ready", 1),
      (error) => postMessage({ type: "failed", message: String(error?.message ?? error) }),
    );
    return;
  }
  if (data && typeof data.id === "number") answer(data);
};
