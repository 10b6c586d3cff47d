// The engine benchmark (bench/engine_speed.py) inside Pyodide under Node.
//
//   node bench/pyodide_engine.mjs [--games N] [--rounds N] [--sam-decisions N] [--json]
//
// Same Python code, same figures; `engine_speed.py --pyodide` runs this with
// --json and prints the Pyodide/CPython ratios. Start-up is not timed.

import { startPyodide } from "../tools/pyodide.mjs";

const pyodide = await startPyodide({ wheels: false, quiet: true });
pyodide.globals.set("bench_args", pyodide.toPy(process.argv.slice(2)));
pyodide.runPython(`
import runpy, sys
sys.argv = ["bench/engine_speed.py", *bench_args]
runpy.run_path("bench/engine_speed.py", run_name="__main__")
`);
