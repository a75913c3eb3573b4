"""build.strip_docstrings, which empties the docstrings of the wheel's modules: the code is
otherwise the same (the same syntax tree but for the docstrings, on the same lines), and
nothing in the engine reads a docstring at run time."""

from __future__ import annotations

import ast
from pathlib import Path

import build

ENGINE = Path(build.ROOT) / "engine"


def _without_docstrings(tree: ast.AST) -> str:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                body[0].value.value = ""
    return ast.dump(tree, include_attributes=False)


def test_every_module_keeps_its_code_and_its_lines():
    modules = sorted(ENGINE.rglob("*.py"))
    assert len(modules) > 100
    saved = 0
    for path in modules:
        source = path.read_text(encoding="utf-8")
        stripped = build.strip_docstrings(source)
        assert stripped.count("\n") == source.count("\n"), path
        assert _without_docstrings(ast.parse(stripped)) == _without_docstrings(ast.parse(source)), path
        # every statement starts on the line it starts on in the source
        lines = lambda text: [(type(n).__name__, n.lineno) for n in ast.walk(ast.parse(text))
                              if isinstance(n, ast.stmt)]
        assert lines(stripped) == lines(source), path
        saved += len(source) - len(stripped)
    assert saved > 100_000  # the point of it


def test_cases():
    src = ('"""Module."""\nimport x\n\n\nclass A:\n    """A\n    b."""\n    def f(self):\n'
           '        """Só: two-byte characters before it."""; y = 1\n        return y\n\n'
           'def g():\n    """Only a docstring."""\n\nasync def h():\n    x = "not a docstring"\n')
    out = build.strip_docstrings(src)
    assert out == ('""\nimport x\n\n\nclass A:\n    ""\n\n    def f(self):\n'
                   '        ""; y = 1\n        return y\n\n'
                   'def g():\n    ""\n\nasync def h():\n    x = "not a docstring"\n')
    compile(out, "t", "exec")


def test_nothing_reads_a_docstring_at_run_time():
    for path in sorted(ENGINE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for name in ("__doc__", "getdoc(", "getsource("):
            assert name not in text, f"{path} reads {name}: its docstrings must not be stripped"
