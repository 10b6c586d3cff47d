// The Knock! Knock! benchmark (bench/knock_knock_speed.py) inside Pyodide under Node.
//
//   node bench/pyodide_knock_knock.mjs [--decisions N] [--players N] [--json]
//
// Same Python code, same figures; `knock_knock_speed.py --pyodide` runs this with --json.
// Start-up is not timed.

import { runBenchmark } from "../tools/pyodide.mjs";

runBenchmark("bench/knock_knock_speed.py");
