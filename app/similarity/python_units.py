"""Python code -> canonical units: one per function or method, plus the module's other top-level code.

The tokens are the syntax tree (``ast``) walked in order: node types, operators and constants, so comments,
whitespace and layout are gone; docstrings, imports and top-level functions nothing calls dropped; strings become ``"``; every name the file
defines itself (functions, classes, arguments, variables, attributes it assigns) becomes ``#``, while names
it only uses (builtins, imported modules and their attributes, the agent API) stay. Functions are compared as
a set, so reordering or renaming them, or splitting a file in two, changes nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path

from app.similarity.units import SimilarityError, Unit, source_lines

_SCOPES = ast.FunctionDef | ast.AsyncFunctionDef


def parse_python(path: Path, text: str) -> ast.Module:
    """The syntax tree of a ``.py`` file; SimilarityError ``path:line: syntax error: ...``."""
    try:
        return ast.parse(text, filename=str(path))
    except SyntaxError as error:
        raise SimilarityError(f"{path}:{error.lineno}: syntax error: {error.msg}") from None
    except ValueError as error:  # e.g. null bytes
        raise SimilarityError(f"{path}: cannot parse: {error}") from None


def python_units(files: list[tuple[Path, str]], also_defined: dict[str, str] | None = None
                 ) -> tuple[list[Unit], dict[str, str]]:
    """The units of a Python submission (each function and method of ``files``: path, text, then the rest), and
    the names it defines (-> ``#``); ``also_defined``: names taken as defined too (see ``clips_units``)."""
    trees = [(path, text, parse_python(path, text)) for path, text in files]
    own, used = set(), set()
    for _, _, tree in trees:
        own |= _defined_names(tree)
        used |= _used_names(tree)
    defined = own | set(also_defined or ())
    units = []
    for path, text, tree in trees:
        rest: list[ast.stmt] = []
        for node in _without_docstring(tree.body):
            if isinstance(node, ast.ClassDef):
                for inner in _without_docstring(node.body):
                    if isinstance(inner, _SCOPES):
                        units.append(_unit(inner, f"def {node.name}.{inner.name}", path, text, defined))
                    else:
                        rest.append(inner)
            elif isinstance(node, _SCOPES):
                if node.name not in used:
                    continue  # a function nothing calls: dead code added to hide a copy counts for nothing
                units.append(_unit(node, f"def {node.name}", path, text, defined))
            elif not isinstance(node, ast.Import | ast.ImportFrom):
                rest.append(node)
        if rest:
            tokens = tuple(t for node in rest for t in _tokens(node, defined))
            body = "\n".join(source_lines(text, node.lineno, node.end_lineno or node.lineno) for node in rest)
            units.append(Unit("module", f"{Path(path).name} top level", str(path), rest[0].lineno, body, tokens))
    return units, dict.fromkeys(own, "#")


def _unit(node: ast.AST, label: str, path: Path, text: str, defined: set[str]) -> Unit:
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
    return Unit("def", label, str(path), first, source_lines(text, first, node.end_lineno or node.lineno),
                tuple(_tokens(node, defined)))


def _without_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        return body[1:]
    return body


def _used_names(tree: ast.Module) -> set[str]:
    """The names a file reads (calls, passes, looks up as attributes)."""
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)} | \
        {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load)}


def _defined_names(tree: ast.Module) -> set[str]:
    """The names a file defines: its functions, classes, arguments, assigned variables and attributes."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, _SCOPES | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return names - {"self", "cls"}


def _tokens(node: ast.AST, defined: set[str]) -> list[str]:
    """The node's canonical tokens: its type, then its fields in order (docstrings left out)."""
    out = [type(node).__name__]
    for name, value in ast.iter_fields(node):
        if name in ("type_comment", "ctx"):
            continue
        if name == "body" and isinstance(node, _SCOPES | ast.ClassDef):
            value = _without_docstring(value)
        if isinstance(value, list):
            for item in value:
                out.extend(_tokens(item, defined) if isinstance(item, ast.AST) else [_leaf(name, item, defined)])
            out.append(")")
        elif isinstance(value, ast.AST):
            out.extend(_tokens(value, defined))
        elif value is not None:
            out.append(_leaf(name, value, defined))
    return out


def _leaf(field: str, value: object, defined: set[str]) -> str:
    if field in ("id", "attr", "arg", "name", "asname") and isinstance(value, str):
        return "#" if value in defined else value
    if isinstance(value, str):
        return '"'
    return repr(value)
