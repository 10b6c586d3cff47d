// The Knock! Knock! benchmark (bench/knock_knock_speed.py) inside Pyodide under Node.
//
//   node bench/pyodide_knock_knock.mjs [--decisions N] [--players N] [--json]
//
// Same Python code, same figures; `knock_knock_speed.py --pyodide` runs this with --json.
// Start-up is not timed.

import { runMain, startPyodide } from "../tools/pyodide.mjs";

runMain(async () => {
  const pyodide = await startPyodide({ wheels: false, quiet: true });
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
sys.argv = ["bench/knock_knock_speed.py", *bench_args]
try:
    runpy.run_path("bench/knock_knock_speed.py", run_name="__main__")
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
