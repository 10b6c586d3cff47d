// The engine's home in the browser: Pyodide in a module worker, so the page never waits on Python.
// Protocol: the page sends {type: "init", runtime, manifest} once, then {id, method, params} requests.
// The worker posts {type: "stage", stage, progress} while starting, {type: "failed", message} if it
// cannot start, and {id, ok: true, result} or {id, ok: false, error: {message}} for each request.

let ready = null; // one promise: the engine's request handler once Python and the engine are loaded
let pyodide = null;

function stage(name, progress) {
  postMessage({ type: "stage", stage: name, progress });
}

// Count bytes of the runtime files as they stream in (Pyodide fetches them itself),
// so the page's progress bar shows real download progress without fetching anything twice.
// A missing runtime file is reported at once: Pyodide itself may wait forever on a broken download.
function countingFetch(originalFetch, sizes, onBytes, onMissing) {
  return async (input, init) => {
    const response = await originalFetch(input, init);
    const url = String(input instanceof Request ? input.url : input);
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

async function start({ runtime, manifest }) {
  // The .mjs files arrive through import(), which no fetch wrapper sees; count what is fetched.
  const sizes = Object.fromEntries(Object.entries(manifest.files).filter(([path]) => !path.endsWith(".mjs")));
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  const big = (sizes["pyodide/pyodide.asm.wasm"] ?? 0) + (sizes["pyodide/python_stdlib.zip"] ?? 0);
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
  });
  try {
    stage("downloading", 0);
    const indexURL = new URL("pyodide/", runtime).href;
    const wheelBytes = fetchBytes(new URL(manifest.wheel, runtime).href);
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const starting = loadPyodide({ indexURL, checkAPIVersion: true });
    const py = await starting;
    if (!downloaded) stage("downloading", 1); // everything came from a cache that streams no body
    stage("starting", 1);
    stage("engine", 0);
    const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
    py.unpackArchive(await wheelBytes, "wheel", { extractDir: sitePackages });
    const webapi = py.pyimport("engine.webapi");
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
