"""Comments and docstrings out of standard library sources, run inside Pyodide by tools/stdlib_trace.mjs.

A quarter of the trimmed library's download is docstrings and comments that
nothing on the site reads. Every line keeps its number, so tracebacks still
point at the right line; a docstring becomes ``""`` (``__doc__`` is then empty,
much as under ``python -OO``). Runs on Pyodide's Python, which parses its own
library's syntax. Defines ``strip(source) -> str``.
"""

import ast
import io
import re
import tokenize

CODING = re.compile(r"^[ \t\f]*#.*?coding[:=]")


def strip(source):
    lines = source.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            if row <= 2 and CODING.match(lines[row - 1]):
                continue
            lines[row - 1] = lines[row - 1][:col].rstrip() + "\n"
    tree = ast.parse("".join(lines))
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        first = node.body[0] if node.body else None
        if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)):
            continue
        if not isinstance(first.value.value, str):
            continue
        start, end = first.lineno - 1, first.end_lineno - 1
        # Only a docstring alone on its lines: one sharing a line with code is left as it is.
        before, after = lines[start].encode()[: first.col_offset], lines[end].encode()[first.end_col_offset :]
        if before.strip() or after.strip():  # offsets count UTF-8 bytes
            continue
        for row in range(start + 1, end + 1):
            lines[row] = "\n"
        lines[start] = before.decode() + '""\n'
    text = "".join(line.rstrip() + "\n" if line.strip() else "\n" for line in lines)
    ast.parse(text)  # still Python
    return text
