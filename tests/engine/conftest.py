"""Hypothesis settings for the engine tests, which run both in CPython and in Pyodide.

Shared two-core machines make timings noisy, so no example has a deadline.

CPython tries 50 examples a property, half Hypothesis's default: ``make test`` has
six minutes on a two-core machine, and the engine's tests took 90 s of its
processor time at 100 examples, 65 s at 50. Under ``CI=true`` Hypothesis's own
``ci`` profile (derandomized) still applies, as both profiles here inherit from the
profile already loaded: CI tries the same examples every time, and the search for
rare inputs is the runs on our machines, which draw new ones each time.
``HYPOTHESIS_PROFILE=sevens-thorough make pytest`` searches ten times as long.

In Pyodide (``sys.platform == "emscripten"``) the same properties run several
times slower, so they try 10 examples each and keep no example database: there
every test still runs (but the long runs of play marked ``slow``:
tools/pyodide_pytest.mjs), to show the engine answers the same under Python 3.14
in WebAssembly, and the search for rare inputs is CPython's. (30 examples: 130 s
of processor time for ``make pyodide-test``; 10: 96 s.) Set ``HYPOTHESIS_PROFILE``
to choose another profile.
"""

from __future__ import annotations

import os
import sys

from hypothesis import settings

IN_PYODIDE = sys.platform == "emscripten"

settings.register_profile("sevens", deadline=None, max_examples=50)
settings.register_profile("sevens-thorough", deadline=None, max_examples=500)
settings.register_profile("sevens-pyodide", deadline=None, max_examples=10, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "sevens-pyodide" if IN_PYODIDE else "sevens"))
