// The engine benchmark (bench/engine_speed.py) inside Pyodide under Node.
//
//   node bench/pyodide_engine.mjs [--games N] [--rounds N] [--sam-decisions N] [--json]
//
// Same Python code, same figures; `engine_speed.py --pyodide` runs this with
// --json and prints the Pyodide/CPython ratios. Start-up is not timed.

import { runBenchmark } from "../tools/pyodide.mjs";

runBenchmark("bench/engine_speed.py");
