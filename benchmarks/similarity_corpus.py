"""The seeded corpus of ``similarity_bench.py``: real agents and their disguised copies, as a class hands them in.

    python benchmarks/similarity_corpus.py OUT_DIR [--seed 1] [--copies 1]

Writes ``OUT_DIR/<family>-<disguise>[-<n>]/`` per submission (its files, a ``load-order.txt`` when several)
and ``OUT_DIR/corpus.json`` ({submission: family}, plus the base files). The families (``FAMILIES``) are
the project's real-size agents: the shipped CLIPS agents (bdi, incrocio, probabilistico; their shared
``lib/knowledge.clp``, handed in with each, and the template ``agents/templates/my_agent.clp`` are the
teacher's base files), the agents under ``tests/data/similarity/agents`` written for this corpus, and the
Python agents (the template ``my_agent.py`` among them). Each family gets its original and one copy per disguise (``CLIPS_DISGUISES`` /
``PYTHON_DISGUISES``), and one with the issue's disguises combined (``COMBINED_ORDER``; ``edits``, a partial
rewrite the normaliser cannot undo, is measured alone); ``--copies N`` makes N of each (other seeds).
The disguised CLIPS is not loaded by CLIPS (reordered patterns may use a variable before binding it): the
corpus tests the code comparison, not the agents.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.backends.clips.source import tokens  # noqa: E402
from app.backends.registry import resolve  # noqa: E402
from app.core.agent import Agent  # noqa: E402
from app.similarity.clips_units import defined_names, read_clips  # noqa: E402

OWN_AGENTS = ROOT / "tests" / "data" / "similarity" / "agents"
BASE_FILES = (ROOT / "agents" / "clips" / "lib" / "knowledge.clp", ROOT / "agents" / "templates" / "my_agent.clp")
WORDS = ("alpha", "beta", "gamma", "delta", "omega", "zeta", "kappa", "sigma", "tau", "rho", "nu", "mu", "phi",
         "psi", "chi", "eta", "theta", "iota", "lambda", "xi", "pi", "upsilon", "epsilon", "omicron")
Files = list[tuple[str, str]]  # (file name, text), in load order


def families() -> dict[str, tuple[str, Files]]:
    """Every family: name -> (kind "clp" or "py", its files in load order, base files included as handed in)."""
    found: dict[str, tuple[str, Files]] = {}
    agents = ["bdi", "incrocio", "probabilistico", "bayes", "cross", "random", str(ROOT / "agents/templates/my_agent.py")]
    agents += [str(p) for p in sorted(OWN_AGENTS.iterdir()) if p.suffix in (".clp", ".py")]
    for agent in agents:
        spec = resolve(agent)
        name = "template_py" if spec.name == "my" else spec.name
        found[name] = (spec.paths[0].suffix[1:], [(p.name, p.read_text(encoding="utf-8")) for p in spec.paths])
    return found


# ---- CLIPS text surgery -------------------------------------------------------------------------------

def _offsets(text: str) -> list[int]:
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _spans(text: str, depth_wanted: int = 0) -> list[tuple[int, int, str]]:
    """(start, end, head) of the forms at ``depth_wanted`` (0: top level) of ``text``."""
    starts, out, depth, opened = _offsets(text), [], 0, []
    stream = list(tokens(text))
    for index, token in enumerate(stream):
        offset = starts[token.line - 1] + token.column
        if token.text == "(":
            if depth == depth_wanted:
                head = stream[index + 1].text if index + 1 < len(stream) else ""
                opened.append((offset, head))
            depth += 1
        elif token.text == ")":
            depth -= 1
            if depth == depth_wanted and opened:
                start, head = opened.pop()
                out.append((start, offset + 1, head))
    return out


def _replace(text: str, edits: list[tuple[int, int, str]]) -> str:
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def rename_clips(files: Files, rng: random.Random) -> Files:
    """Every variable, rule, template, slot, relation, function and global named anew."""
    forms = [form for name, text in files for form in read_clips(Path(name), text)]
    defined = set(defined_names(forms)) | {form.atoms()[1].rsplit("::", 1)[-1] for form in forms
                                            if form.head == "defrule" and len(form.atoms()) > 1}
    mapping: dict[str, str] = {}

    def fresh(old: str) -> str:
        if old not in mapping:
            mapping[old] = f"{rng.choice(WORDS)}-{len(mapping)}"
        return mapping[old]

    def piece(match: re.Match) -> str:
        word = match.group(0)
        if word.startswith("?*"):
            return f"?*{fresh(word)}*"
        if word.startswith(("?", "$?")):
            prefix = "$?" if word.startswith("$?") else "?"
            name = word[len(prefix):]
            keyword = name in ("ALL", "NONE", "DERIVE")  # (import MAIN ?ALL), (default ?NONE)
            return prefix + fresh(prefix + name) if name and not keyword else word
        module, _, name = word.rpartition("::")
        return (module + "::" if module else "") + (fresh(name) if name in defined else name)

    out = []
    for name, text in files:
        starts, edits = _offsets(text), []
        for token in tokens(text):
            if token.text in "()" or token.text.startswith('"'):
                continue
            new = re.sub(r"\?\*[^*\s]+\*|\$?\?[\w\-]*|[^&|~:=\s?$]+(?:::[^&|~:=\s?$]+)?", piece, token.text)
            if new != token.text:
                start = starts[token.line - 1] + token.column
                edits.append((start, start + len(token.text), new))
        out.append((name, _replace(text, edits)))
    return out


def reorder_rules(files: Files, rng: random.Random) -> Files:
    """The rules of each file in another order (other constructs stay where they are)."""
    out = []
    for name, text in files:
        rules = [(s, e) for s, e, head in _spans(text) if head == "defrule"]
        shuffled = rules[:]
        rng.shuffle(shuffled)
        out.append((name, _replace(text, [(s, e, text[ns:ne]) for (s, e), (ns, ne) in zip(rules, shuffled)])))
    return out


def _each_rule(files: Files, edit: Callable[[str], str]) -> Files:
    """``files`` with the text of every rule replaced by ``edit(text)``."""
    return [(name, _replace(text, [(start, end, edit(text[start:end])) for start, end, head in _spans(text)
                                   if head == "defrule"])) for name, text in files]


def reorder_patterns(files: Files, rng: random.Random) -> Files:
    """In each rule, its positive patterns in another order (``?f <-`` goes with its pattern)."""
    def reorder(rule: str) -> str:
        arrow = rule.find("=>")
        patterns = [(_binding_start(rule, s), e) for s, e, h in _spans(rule, 1)
                    if e <= arrow and h not in ("declare", "not", "test", "and", "or", "exists", "forall", "logical")]
        shuffled = patterns[:]
        rng.shuffle(shuffled)
        return _replace(rule, [(s, e, rule[ns:ne]) for (s, e), (ns, ne) in zip(patterns, shuffled)])

    return _each_rule(files, reorder)


def _binding_start(rule: str, start: int) -> int:
    match = re.search(r"\?[\w\-]+\s*<-\s*$", rule[:start])
    return match.start() if match else start


def change_saliences(files: Files, rng: random.Random) -> Files:
    """Every salience value changed (their order kept, so the agent plays the same)."""
    scale, shift = rng.choice((2, 3, 5, 10)), rng.randint(-7, 7)
    return [(name, re.sub(r"\(salience\s+(-?\d+)\)", lambda m: f"(salience {int(m.group(1)) * scale + shift})", text))
            for name, text in files]


def recomment(files: Files, rng: random.Random) -> Files:
    """Comments removed and others written, every construct laid out anew (other indentation and line breaks)."""
    out = []
    for name, text in files:
        lines, depth, line = [], 0, []
        for token in tokens(text):
            if token.text == "(" and depth == 0 and line:
                lines.append(" ".join(line))
                line = []
            if token.text == "(" and depth == 0:
                lines.append(f"\n;; {rng.choice(WORDS)} {rng.choice(WORDS)} {rng.randint(1, 99)}")
            if token.text == "(" and depth == 1 and line:
                lines.append(" ".join(line))
                line = ["  " * rng.randint(1, 3)]
            line.append(token.text)
            depth += {"(": 1, ")": -1}.get(token.text, 0)
        lines.append(" ".join(line))
        out.append((name, re.sub(r"\( ", "(", re.sub(r" \)", ")", "\n".join(lines))) + "\n"))
    return out


def split_or_join(files: Files, rng: random.Random) -> Files:
    """One file split in two or three (module header first), or several files joined into one."""
    if len(files) > 1:
        return [("agent.clp", "\n".join(text for _, text in files))]
    name, text = files[0]
    spans = _spans(text)
    parts = rng.randint(2, 3)
    cuts = sorted(rng.sample(range(1, len(spans)), min(parts - 1, len(spans) - 1))) if len(spans) > 1 else []
    pieces, start = [], 0
    for cut in [*cuts, len(spans)]:
        piece = text[spans[start][0] if start else 0:spans[cut - 1][1]]
        pieces.append((f"part{len(pieces) + 1}.clp", piece + "\n"))
        start = cut
    return pieces


_DEAD_CONDITIONS = ("(moves (fires ?f&:(> ?f {n})))", "(moves (guesses ?g&:(> ?g {n})))", "(not (exec (x ?x) (y ?y)))",
                    "(test (< ?x {n}))", "(k-per-row (row ?x) (num ?r&:(>= ?r {n})))", "(k-per-col (col ?y) (num {n}))",
                    "(not (k-cell (x =(+ ?x {n})) (y ?y)))", "(test (> (+ ?x ?y) {n}))", "(exec (step ?p&:(< ?p ?s)) (x ?x))")
_DEAD_ACTIONS = ("(assert (exec (step ?s) (action {a}) (x ?x) (y (+ ?y {n}))))", "(bind ?c (+ ?x ?y {n}))",
                 "(assert ({r} (x ?x) (y ?y) (value {n})))", "(retract ?w)", "(assert ({r}-done ?x ?y))",
                 "(if (> ?x {n}) then (assert ({r}-seen ?x)))")


def add_dead_rules(files: Files, rng: random.Random) -> Files:
    """Three to six rules added that never fire (each waits for a fact nobody asserts), each put together anew."""
    name, text = files[-1]
    prefix = "AGENT::" if "AGENT::" in text or "defmodule AGENT" in "".join(t for _, t in files) else ""
    rules = []
    for index in range(rng.randint(3, 6)):
        relation = f"{rng.choice(WORDS)}-{rng.choice(WORDS)}-{index}"
        piece = rng.choice(("water", "sub", "top", "bot", "left", "right", "middle"))
        conditions = [f"?w <- ({relation} ?x ?y)", f"(k-cell (x ?x) (y ?y) (content {piece}))"]
        conditions += [c.format(n=rng.randint(0, 9)) for c in rng.sample(_DEAD_CONDITIONS, rng.randint(1, 3))]
        rng.shuffle(conditions)
        actions = [a.format(n=rng.randint(0, 9), a=rng.choice(("fire", "guess")), r=relation)
                   for a in rng.sample(_DEAD_ACTIONS, rng.randint(1, 3))]
        body = "\n   ".join(["(status (step ?s) (currently running))", *conditions, "=>", *actions])
        rules.append(f"\n(defrule {prefix}{relation}-rule (declare (salience {rng.randint(-20, 20)}))\n   {body})\n")
    return [*files[:-1], (name, text + "".join(rules))]


def edit_rules(files: Files, rng: random.Random) -> Files:
    """A partial rewrite, beyond what the normaliser undoes: a fifth of the rules deleted, a number changed in
    a third of the others, a condition added to a fifth of them."""
    def edit(rule: str) -> str:
        if rng.random() < 0.2:
            return ""
        if rng.random() < 0.33:
            rule = re.sub(r"(?<=[ (])(\d+)(?=[ )])", lambda m: str(int(m.group(1)) + rng.randint(1, 3)), rule, count=1)
        if rng.random() < 0.2 and "=>" in rule:
            extra = rng.choice(_DEAD_CONDITIONS[4:6]).format(n=rng.randint(0, 9)).replace("?x", "?e").replace("?y", "?f")
            rule = rule.replace("=>", f"{extra}\n   =>", 1)
        return rule

    return _each_rule(files, edit)


# ---- Python --------------------------------------------------------------------------------------------

_API = {"self", "cls", "AGENT", *dir(Agent)}  # what the framework calls or reads: a student cannot rename it


class _Renamer(ast.NodeTransformer):
    def __init__(self, defined: set[str], rng: random.Random):
        self.defined, self.rng, self.mapping = defined, rng, {}

    def new(self, old: str) -> str:
        if old not in self.defined or old in _API:
            return old
        return self.mapping.setdefault(old, f"{self.rng.choice(WORDS)}_{len(self.mapping)}")

    def generic_visit(self, node):
        for field in ("name", "id", "arg", "attr"):
            value = getattr(node, field, None)
            if isinstance(value, str) and not (field == "name" and isinstance(node, ast.alias)):
                setattr(node, field, self.new(value))
        return super().generic_visit(node)


def _python_defined(tree: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("__"):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return names


def _python_edit(edit: Callable[[ast.Module, random.Random], None]):
    def disguise(files: Files, rng: random.Random) -> Files:
        out = []
        for name, text in files:
            tree = ast.parse(text)
            edit(tree, rng)
            out.append((name, ast.unparse(ast.fix_missing_locations(tree)) + "\n"))
        return out
    disguise.__doc__ = edit.__doc__
    return disguise


@_python_edit
def rename_python(tree: ast.Module, rng: random.Random) -> None:
    """Every function, class, argument, variable and attribute the file defines named anew."""
    _Renamer(_python_defined(tree), rng).visit(tree)


@_python_edit
def reorder_python(tree: ast.Module, rng: random.Random) -> None:
    """Methods and top-level functions in another order."""
    for body in [tree.body, *(n.body for n in ast.walk(tree) if isinstance(n, ast.ClassDef))]:
        slots = [i for i, node in enumerate(body) if isinstance(node, ast.FunctionDef)]
        moved = [body[i] for i in slots]
        rng.shuffle(moved)
        for i, node in zip(slots, moved):
            body[i] = node


@_python_edit
def recomment_python(tree: ast.Module, rng: random.Random) -> None:
    """Comments and docstrings gone (``ast.unparse``), the layout of ``ast.unparse``."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and len(body) > 1 and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            body.pop(0)


_DEAD_STATEMENTS = ("total = total + {n}", "if x > {n}:\n        found.append(x)", "values = sorted(found)[:{n}]",
                    "for y in range({n}):\n        total += y * x", "while total > {n}:\n        total //= 2",
                    "found = [v for v in found if v != {n}]", "x = max(x, {n}) - min(total, {n})",
                    "try:\n        total = total / (x - {n})\n    except ZeroDivisionError:\n        total = 0")


@_python_edit
def dead_python(tree: ast.Module, rng: random.Random) -> None:
    """Two to four functions added that nothing calls, each put together anew."""
    for index in range(rng.randint(2, 4)):
        statements = [s.format(n=rng.randint(0, 20)) for s in rng.sample(_DEAD_STATEMENTS, rng.randint(2, 5))]
        body = "\n    ".join(["total, found = 0, []", *statements, rng.choice(("return total", "return found"))])
        source = f"def {rng.choice(WORDS)}_helper_{index}(x, limit={rng.randint(3, 9)}):\n    {body}\n"
        tree.body.insert(rng.randint(1, len(tree.body)), ast.parse(source).body[0])


@_python_edit
def edit_python(tree: ast.Module, rng: random.Random) -> None:
    """A partial rewrite: a fifth of the functions and methods deleted, a number changed in a third of the others."""
    for body in [tree.body, *(n.body for n in ast.walk(tree) if isinstance(n, ast.ClassDef))]:
        for node in [n for n in body if isinstance(n, ast.FunctionDef)]:
            if rng.random() < 0.2 and len(body) > 1 and node.name not in _API:
                body.remove(node)
            elif rng.random() < 0.33:
                numbers = [c for c in ast.walk(node) if isinstance(c, ast.Constant) and type(c.value) is int]
                if numbers:
                    rng.choice(numbers).value += rng.randint(1, 3)


CLIPS_DISGUISES: dict[str, Callable[[Files, random.Random], Files]] = {
    "rename": rename_clips, "rules": reorder_rules, "patterns": reorder_patterns, "salience": change_saliences,
    "comments": recomment, "split": split_or_join, "dead": add_dead_rules, "edits": edit_rules}
PYTHON_DISGUISES: dict[str, Callable[[Files, random.Random], Files]] = {
    "rename": rename_python, "rules": reorder_python, "comments": recomment_python, "dead": dead_python,
    "edits": edit_python}
#: the disguises of ``combined``: the issue's list (``edits``, a partial rewrite, stays a copy of its own)
COMBINED_ORDER = ("comments", "rename", "rules", "patterns", "salience", "dead", "split")


def disguised(kind: str, files: Files, disguise: str, rng: random.Random) -> Files:
    """``files`` with one disguise, or with every one (``combined``) in ``COMBINED_ORDER``."""
    table = CLIPS_DISGUISES if kind == "clp" else PYTHON_DISGUISES
    names = [d for d in COMBINED_ORDER if d in table] if disguise == "combined" else [disguise]
    for name in names:
        files = table[name](files, rng)
    return files


def write_corpus(out: Path, seed: int = 1, copies: int = 1) -> dict:
    """Write the corpus under ``out``; returns its manifest (also written as ``corpus.json``)."""
    out.mkdir(parents=True, exist_ok=True)
    manifest = {"base": [str(p) for p in BASE_FILES], "submissions": {}}
    for family, (kind, files) in families().items():
        _write(out / f"{family}-original", files, manifest, family)
        disguises = [*(CLIPS_DISGUISES if kind == "clp" else PYTHON_DISGUISES), "combined"]
        for copy in range(copies):
            for disguise in disguises:
                rng = random.Random(f"{seed}-{family}-{disguise}-{copy}")
                name = f"{family}-{disguise}" + (f"-{copy + 1}" if copies > 1 else "")
                _write(out / name, disguised(kind, files, disguise, rng), manifest, family)
    (out / "corpus.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return manifest


def _write(folder: Path, files: Files, manifest: dict, family: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files:
        (folder / name).write_text(text, encoding="utf-8")
    if len(files) > 1:
        (folder / "load-order.txt").write_text("".join(f"{name}\n" for name, _ in files), encoding="utf-8")
    manifest["submissions"][folder.name] = family


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--copies", type=int, default=1, help="disguised copies of each kind per agent")
    args = parser.parse_args()
    manifest = write_corpus(args.out, args.seed, args.copies)
    print(f"{len(manifest['submissions'])} submissions written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
