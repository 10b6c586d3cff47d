// The engine benchmark (bench/engine_speed.py) inside Pyodide under Node.
//
//   node bench/pyodide_engine.mjs [--games N] [--rounds N] [--sam-decisions N] [--json]
//
// Same Python code, same figures; `engine_speed.py --pyodide` runs this with
// --json and prints the Pyodide/CPython ratios. Start-up is not timed.

import { runMain, startPyodide } from "../tools/pyodide.mjs";

runMain(async () => {
  const pyodide = await startPyodide({ wheels: false, quiet: true });
  pyodide.globals.set("bench_args", pyodide.toPy(process.argv.slice(2)));
  // SystemExit (argparse errors, the benchmark's own refusals) becomes the exit code, as in CPython.
  return pyodide.runPython(`
import runpy, sys
sys.argv = ["bench/engine_speed.py", *bench_args]
try:
    runpy.run_path("bench/engine_speed.py", run_name="__main__")
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
