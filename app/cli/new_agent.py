"""``new-agent``: a student's own agent folder, copied from a shipped agent or a template, that plays as it is.

The shipped CLIPS agents share ``agents/clips/lib/`` (their ``load-order.txt`` says ``../lib/knowledge.clp``),
so a copy of their folder alone cannot be played: the registry refuses a load order reaching outside the
agent's folder, as ``grade`` does for a submission. ``new-agent NAME --from incrocio`` copies every file the
agent loads, the library included, into ``NAME/`` with a ``load-order.txt`` of its own: a folder that runs,
checks and grades anywhere, and can be zipped and handed in as it is. The shipped folders stay as they are
(one library, not five copies to keep in step).
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

from app.backends.registry import AGENTS_DIR, LOAD_ORDER, discover
from app.cli import Subcommand
from app.core import BattleshipError

TEMPLATES = {"template": AGENTS_DIR / "templates" / "my_agent.clp",
             "python-template": AGENTS_DIR / "templates" / "my_agent.py"}
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``new-agent``."""
    parser.add_argument("name", metavar="NAME", help="the new agent's folder (letters, digits, - _ .)")
    parser.add_argument("--from", dest="source", default="template", metavar="AGENT",
                        help="a shipped agent to start from (incrocio, probabilistico, bdi, cross, ...), or "
                             "template (the CLIPS template, the default) or python-template")
    parser.add_argument("--into", default=".", metavar="DIR", help="where the folder is made (default: here)")


def shipped_sources() -> dict[str, tuple[Path, ...]]:
    """What a new agent can start from: the templates and every shipped agent, each with its files in load order."""
    sources = {name: (path,) for name, path in TEMPLATES.items()}
    for name, spec in discover().items():
        if all(AGENTS_DIR in path.resolve().parents for path in spec.paths):  # not the user's own agents
            sources[name] = spec.paths
    return sources


def make_agent(name: str, source: str, into: Path) -> Path:
    """Copy ``source``'s files into ``into/name`` (a CLIPS agent with a load order naming only its own files);
    the folder made. BattleshipError for a bad name, an unknown source or a folder that exists."""
    if not _NAME.fullmatch(name):
        raise BattleshipError(f"new-agent: {name!r}: a name of letters, digits, '-', '_' and '.' (a folder name "
                              "every system takes)")
    sources = shipped_sources()
    if source not in sources:
        raise BattleshipError(f"new-agent: --from {source}: no such shipped agent or template "
                              f"({', '.join(sources)})")
    folder = into / name
    if folder.exists():
        raise BattleshipError(f"new-agent: {folder} exists already: choose another name or --into")
    paths = sources[source]
    if len({p.name for p in paths}) != len(paths):
        raise BattleshipError(f"new-agent: {source}'s files share a name: {', '.join(str(p) for p in paths)}")
    try:
        folder.mkdir(parents=True)
        for path in paths:
            shutil.copy2(path, folder / path.name)
        if paths[0].suffix == ".clp":
            lines = [f"# {name}: started from {source} (python main.py new-agent); its files, loaded in this order",
                     *(p.name for p in paths)]
            (folder / LOAD_ORDER).write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError as exc:
        raise BattleshipError(f"new-agent: {folder}: cannot write ({exc.strerror or exc})") from None
    return folder


def new_agent_command(args: argparse.Namespace) -> int:
    """Handle ``new-agent``."""
    folder = make_agent(args.name, args.source, Path(args.into))
    files = sorted(p.name for p in folder.iterdir())
    print(f"{folder}: {', '.join(files)} (from {args.source})")
    agent = folder if (folder / LOAD_ORDER).is_file() else next(folder.glob("*.py"))
    print(f"play it: python main.py run --agent {agent} --map maps/four-known.map", file=sys.stderr)
    return 0


COMMAND = Subcommand("new-agent", "make your own agent's folder from a shipped agent or a template",
                     "Copy a shipped agent (or a template) into a folder of its own, with every file it loads "
                     "(the shipped CLIPS agents' shared library included) and a load-order.txt naming only "
                     "them: it plays, checks and grades as it is, and can be handed in as it is. See "
                     "docs/clips-agents.md.",
                     add_arguments, new_agent_command)
