// Which files of Pyodide's standard library the site uses: run under Node by sitebuild/stdlib.py.
//
//   node tools/stdlib_trace.mjs WHEEL API_MODULE GUIDED_JSON
//
// Starts Pyodide with its full library and does what site/static/js/worker.js does (the engine
// wheel unpacked into site-packages, API_MODULE imported, the random generator reseeded, a memory
// snapshot taken), then runs tools/stdlib_workload.py: the requests the pages make. Prints JSON:
// {"zip": [files of python_stdlib.zip that the imported modules came from], "builtin": [modules
// compiled into Pyodide or frozen, which need no file]}. Nothing is fetched from the network.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";
import { REPO } from "./pyodide.mjs";

const [wheelPath, api, guidedPath] = process.argv.slice(2);
if (!wheelPath || !api || !guidedPath) {
  console.error("usage: node tools/stdlib_trace.mjs WHEEL API_MODULE GUIDED_JSON");
  process.exit(2);
}
globalThis.fetch = async (url) => {
  throw new Error(`stdlib trace: Pyodide tried to fetch ${url}; everything must come from node_modules`);
};

const pyodide = await loadPyodide({
  indexURL: join(REPO, "node_modules", "pyodide") + "/",
  _makeSnapshot: true,
  stdout: (line) => process.stderr.write(line + "\n"),
});
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
pyodide.pyimport(api);
pyodide.runPython("import random; random.seed()");
pyodide.makeMemorySnapshot();
pyodide.globals.set("api", api);
pyodide.globals.set("guided", pyodide.toPy(JSON.parse(readFileSync(guidedPath, "utf8"))));
pyodide.runPython(readFileSync(join(REPO, "tools", "stdlib_workload.py"), "utf8"), {
  filename: "tools/stdlib_workload.py",
});
const used = pyodide.runPython(`
import json, sys
stdlib = "/lib/python%d%d.zip/" % sys.version_info[:2]
zipped, builtin = set(), set()
for name, module in list(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None)
    if origin in ("built-in", "frozen"):
        builtin.add(name)
    elif isinstance(origin, str) and origin.startswith(stdlib):
        zipped.add(origin[len(stdlib):])
json.dumps({"zip": sorted(zipped), "builtin": sorted(builtin | set(sys.builtin_module_names))})
`);
process.stdout.write(used + "\n");
