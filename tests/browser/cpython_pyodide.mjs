// A stand-in for Pyodide's loader module in the browser tests (tests/browser/cpython_engine.py says why): the site's
// own worker.js imports it in place of runtime/pyodide/pyodide.mjs, and its interpreter answers each request by a
// synchronous request to the test server, where the engine runs in CPython. Only what worker.js uses is here; what
// else worker.js may ask for fails loudly, so that a change there is seen in the tests.

const ENGINE = new URL("../../__test__/engine", import.meta.url); // runtime/pyodide/ is two folders below the site

function post(message) {
  const request = new XMLHttpRequest();
  request.open("POST", ENGINE, false); // a worker may wait: Pyodide's calls are synchronous too
  request.setRequestHeader("content-type", "application/json");
  request.send(JSON.stringify(message));
  if (request.status !== 200) throw new Error(`the tests' CPython engine: HTTP ${request.status} ${request.responseText}`);
  return request.responseText;
}

const SITE_PACKAGES = "import site; site.getsitepackages()[0]";
const RESEED = "import random; random.seed()";

export async function loadPyodide() {
  return {
    runPython(code) {
      if (code === SITE_PACKAGES) return "/lib/site-packages";
      if (code === RESEED) return undefined; // CPython's generator was never frozen in a snapshot
      throw new Error(`the tests' CPython engine runs no other code: ${code}`);
    },
    unpackArchive() {}, // the test server imports the engine from the repository it tests
    pyimport(module) {
      const { interpreter } = JSON.parse(post({ start: module }));
      return {
        handle: (request) => post({ interpreter, request }),
        prepare() {},
      };
    },
    makeMemorySnapshot() {
      throw new Error("the tests' CPython engine keeps no memory snapshot");
    },
    _module: { HEAPU8: new Uint8Array(0) },
  };
}
