// Start Pyodide under Node, offline, with the repository mounted at /repo.
//
// Shared by the engine test runner (tools/pyodide_pytest.mjs) and the engine
// benchmarks (bench/pyodide_*.mjs). Everything comes from the disk:
// Pyodide from node_modules/pyodide, extra pure-Python wheels from
// .cache/pyodide-wheels (downloaded by `make setup`). Any attempt to
// fetch from the network fails loudly instead of silently reaching a CDN.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const WHEEL_DIR = join(REPO, ".cache", "pyodide-wheels");
const PYODIDE_DIR = join(REPO, "node_modules", "pyodide");

function refuseNetwork() {
  globalThis.fetch = async (url) => {
    throw new Error(`offline run: Pyodide tried to fetch ${url}; every file must come from node_modules or .cache`);
  };
}

/** Install every wheel in WHEEL_DIR by unpacking it into site-packages (no resolver, no network). */
function installWheels(pyodide, sitePackages) {
  let wheels;
  try {
    wheels = readdirSync(WHEEL_DIR).filter((name) => name.endsWith(".whl"));
  } catch {
    wheels = [];
  }
  if (wheels.length === 0) {
    throw new Error(`no wheels in ${WHEEL_DIR}: run \`make setup\` first`);
  }
  for (const name of wheels.sort()) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(join(WHEEL_DIR, name))), "wheel", { extractDir: sitePackages });
  }
  return wheels;
}

/**
 * A ready Pyodide: the repository mounted read-write at /repo, the working
 * directory there, /repo first on sys.path, no bytecode written, and (when
 * `wheels` is true) pytest, hypothesis and their dependencies installed.
 */
export async function startPyodide({ wheels = true, quiet = false } = {}) {
  refuseNetwork();
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR + "/",
    packageCacheDir: PYODIDE_DIR,
    // Pass CI through so Hypothesis picks its derandomized "ci" profile in Pyodide too.
    env: process.env.CI ? { CI: process.env.CI } : {},
  });
  // Raw writes, not line batching, so pytest's progress dots stay on one line.
  pyodide.setStdout({ write: (bytes) => (process.stdout.write(bytes), bytes.length) });
  pyodide.setStderr({ write: (bytes) => (process.stderr.write(bytes), bytes.length) });
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  const installed = wheels ? installWheels(pyodide, sitePackages) : [];
  pyodide.FS.mkdirTree("/repo");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: REPO }, "/repo");
  pyodide.runPython(`
import os, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo")
os.chdir("/repo")
`);
  if (!quiet) {
    const version = pyodide.runPython("import sys; sys.version.split()[0] + ' on ' + sys.platform");
    console.log(`Pyodide ${pyodide.version}: Python ${version}; wheels: ${installed.join(" ") || "none"}`);
  }
  return pyodide;
}

/**
 * Run `main` (async, returning an exit code) and exit with that code. An error
 * exits 1 with its message and stack, Python traceback included, but without
 * the line of minified Pyodide source that Node prints for an uncaught error.
 */
export function runMain(main) {
  main().then(
    (code) => process.exit(code ?? 0),
    (error) => {
      console.error(error?.stack ?? String(error));
      process.exit(1);
    },
  );
}

/**
 * Run the Python benchmark `script` (a path from the repository's root) inside Pyodide with the command
 * line's arguments, as `python script ARGS` would, and exit with its code.
 */
export function runBenchmark(script) {
  runMain(async () => {
    const pyodide = await startPyodide({ wheels: false, quiet: true });
    pyodide.globals.set("bench_script", script);
    pyodide.globals.set("bench_args", pyodide.toPy(process.argv.slice(2)));
    // Processor time of this Node process, in seconds: under emscripten time.process_time() is wall time.
    pyodide.globals.set("node_processor_time", () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1e6;
    });
    // SystemExit (argparse errors, the benchmark's own refusals) becomes the exit code, as in CPython.
    return pyodide.runPython(`
import builtins, runpy, sys
builtins.node_processor_time = node_processor_time
sys.argv = [bench_script, *bench_args]
try:
    runpy.run_path(bench_script, run_name="__main__")
    code = 0
except SystemExit as stop:
    if stop.code is None or isinstance(stop.code, int):
        code = stop.code or 0
    else:
        print(stop.code, file=sys.stderr)
        code = 1
code
`);
  });
}
