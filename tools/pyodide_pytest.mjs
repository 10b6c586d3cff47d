// Run the engine tests and the engine doctests inside Pyodide under Node.
//
//   node tools/pyodide_pytest.mjs [PATH...] [pytest options]
//
// Without paths it runs tests/engine and the doctests in engine/. Exits with
// pytest's exit code, except that "no tests collected" (5) exits 1: an empty
// run proves nothing about Pyodide.
//
// Tests marked slow (pyproject.toml) are left to CPython unless the options
// choose with -m: each is a long run of play, a second or more here, whose
// every step the quicker tests and the contract suite over every game
// (tests/engine/test_contract.py) already take inside Pyodide: among them the
// whole-deal properties of the web API and of Knock! Knock! and Blackjack,
// whose every check the contract suite makes. Marked: 17 tests (30 with their
// parameters), 56 s here against 51 s for all the others.

import { runMain, startPyodide } from "./pyodide.mjs";

const DEFAULT_PATHS = ["tests/engine", "engine"];

runMain(async () => {
  const args = process.argv.slice(2);
  const firstOption = args.findIndex((arg) => arg.startsWith("-"));
  const paths = firstOption === -1 ? args : args.slice(0, firstOption);
  const options = firstOption === -1 ? [] : args.slice(firstOption);
  const pyodide = await startPyodide();
  pyodide.globals.set("pytest_args", pyodide.toPy([
    ...(paths.length ? paths : DEFAULT_PATHS),
    "-q", "--doctest-modules", "-p", "no:cacheprovider",
    ...(options.includes("-m") ? [] : ["-m", "not slow"]),
    ...options,
  ]));
  const code = pyodide.runPython("import pytest\nint(pytest.main(list(pytest_args)))");
  if (code === 5) {
    console.error("pyodide_pytest: pytest collected no tests");
    return 1;
  }
  return code;
});
