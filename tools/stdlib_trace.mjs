// Which files of Pyodide's standard library the site uses, and whether a trimmed library runs the site.
// Run under Node by sitebuild/stdlib.py:
//
//   node tools/stdlib_trace.mjs trace WHEEL API_MODULE GUIDED_JSON
//   node tools/stdlib_trace.mjs check WHEEL API_MODULE GUIDED_JSON TRIMMED_ZIP
//
// Both start Pyodide and do what site/static/js/worker.js does (the engine wheel unpacked into
// site-packages, API_MODULE imported, the random generator reseeded, a memory snapshot taken), then
// run tools/stdlib_workload.py: the requests the pages make. "trace" uses Pyodide's full library and
// prints JSON: {"files": {name: source without comments and docstrings (tools/stdlib_strip.py)} for
// every library file a module was imported from, "builtin": [modules compiled into Pyodide or
// frozen, which need no file]}. "check" starts from TRIMMED_ZIP instead and fails if anything does.
// Nothing is fetched from the network.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";
import { REPO, runMain } from "./pyodide.mjs";

const USAGE = "usage: node tools/stdlib_trace.mjs trace|check WHEEL API_MODULE GUIDED_JSON [TRIMMED_ZIP]";

async function runSite(wheelPath, api, guidedPath, stdLibURL) {
  globalThis.fetch = async (url) => {
    throw new Error(`stdlib trace: Pyodide tried to fetch ${url}; everything must come from node_modules`);
  };
  const pyodide = await loadPyodide({
    indexURL: join(REPO, "node_modules", "pyodide") + "/",
    ...(stdLibURL ? { stdLibURL } : {}),
    _makeSnapshot: true,
    stdout: (line) => process.stderr.write(line + "\n"),
  });
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
  pyodide.pyimport(api).prepare();
  pyodide.runPython("import random; random.seed()");
  pyodide.makeMemorySnapshot();
  pyodide.globals.set("api", api);
  pyodide.globals.set("guided", pyodide.toPy(JSON.parse(readFileSync(guidedPath, "utf8"))));
  const workload = join(REPO, "tools", "stdlib_workload.py");
  pyodide.runPython(readFileSync(workload, "utf8"), { filename: workload });
  return pyodide;
}

runMain(async () => {
  const [mode, wheelPath, api, guidedPath, trimmed] = process.argv.slice(2);
  if (!["trace", "check"].includes(mode) || !guidedPath || (mode === "check") !== Boolean(trimmed)) {
    console.error(USAGE);
    return 2;
  }
  const pyodide = await runSite(wheelPath, api, guidedPath, trimmed);
  if (mode === "check") return 0;
  const strip = join(REPO, "tools", "stdlib_strip.py");
  pyodide.runPython(readFileSync(strip, "utf8"), { filename: strip });
  const used = pyodide.runPython(`
import json, sys, zipfile
stdlib = "/lib/python%d%d.zip" % sys.version_info[:2]
files, builtin = {}, set(sys.builtin_module_names)
with zipfile.ZipFile(stdlib) as archive:
    for name, module in list(sys.modules.items()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if origin in ("built-in", "frozen"):
            builtin.add(name)
        elif isinstance(origin, str) and origin.startswith(stdlib + "/"):
            path = origin[len(stdlib) + 1:]
            files[path] = strip(archive.read(path).decode("utf-8"))
json.dumps({"files": dict(sorted(files.items())), "builtin": sorted(builtin)})
`);
  // A pipe takes large writes in pieces: exit only once all of it is out.
  await new Promise((resolve) => process.stdout.write(used + "\n", resolve));
  return 0;
});
