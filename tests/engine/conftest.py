"""Hypothesis settings for the engine tests, which run both in CPython and in Pyodide.

Shared two-core machines make timings noisy, so no example has a deadline. In
Pyodide (``sys.platform == "emscripten"``) the same properties run several times
slower, so they try fewer examples and keep no example database. Set
``HYPOTHESIS_PROFILE`` to choose another profile. Both profiles inherit from the
profile already loaded, so Hypothesis's own ``ci`` profile (derandomized) still
applies under ``CI=true``.
"""

from __future__ import annotations

import os
import sys

from hypothesis import settings

IN_PYODIDE = sys.platform == "emscripten"

settings.register_profile("sevens", deadline=None)
settings.register_profile("sevens-pyodide", deadline=None, max_examples=30, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "sevens-pyodide" if IN_PYODIDE else "sevens"))
