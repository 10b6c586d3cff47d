// Run the engine tests and the engine doctests inside Pyodide under Node.
//
//   node tools/pyodide_pytest.mjs [extra pytest arguments]
//
// Exits with pytest's exit code, except that "no tests collected" (5) is a
// failure here too: an empty run proves nothing about Pyodide.

import { startPyodide } from "./pyodide.mjs";

const pyodide = await startPyodide();
pyodide.globals.set("extra_args", pyodide.toPy(process.argv.slice(2)));
const code = pyodide.runPython(`
import pytest
int(pytest.main(["tests/engine", "engine", "-q", "--doctest-modules", "-p", "no:cacheprovider", *extra_args]))
`);
if (code === 5) {
  console.error("pyodide_pytest: pytest collected no tests");
  process.exit(1);
}
process.exit(code);
