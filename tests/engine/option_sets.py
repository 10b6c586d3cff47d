"""Random Sevens option sets for the property tests: every option, each over all the values it allows.

Imported as ``from option_sets import RULES``: tests/engine has no ``__init__.py``, so pytest puts this
folder on ``sys.path`` for its test files (in CPython and in Pyodide alike).
"""

from __future__ import annotations

from hypothesis import strategies as st

from engine.sevens.rules import SevensRules

RULES = st.builds(
    SevensRules,
    players=st.integers(3, 8),
    opening=st.sampled_from(["7D", "any-seven", "all-sevens"]),
    eight_before_six=st.booleans(),
    voluntary_pass=st.booleans(),
    pass_limit=st.none() | st.integers(1, 5),
    finish=st.sampled_from(["first-out", "places"]),
    scoring=st.sampled_from(["wins", "chips"]),
)
