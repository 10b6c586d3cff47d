// The decision benchmark (bench/decision_speed.py) inside Pyodide under Node.
//
//   node bench/pyodide_decision.mjs [--game GAME] [--decisions N] [--players N] [--json]
//
// Same Python code, same figures; `decision_speed.py --pyodide` runs this with --json.
// Start-up is not timed.

import { runBenchmark } from "../tools/pyodide.mjs";

runBenchmark("bench/decision_speed.py");
