"""Loading an environment: MAIN, ENV and the map's facts built, the agent's files loaded (like the CLIPS console)."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import os
import re
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import clips
from clips._clips import ffi, lib

from app.backends.base import FactRow
from app.backends.clips.capi import STAT_SLOTS, LoadedEnv
from app.backends.clips.messages import CaptureRouter, ClipsMessage, parse_messages
from app.backends.clips.pool import destroy_quietly
from app.backends.clips.source import Form, Reading, read, read_file
from app.backends.clips.watchdog import Deadline
from app.core import SIZE, AgentError, Cell, Observation
from app.core.fileio import decode
from app.core.paths import RESOURCES as APP_RESOURCES

RESOURCES = APP_RESOURCES / "clips"
MAIN_FILE = RESOURCES / "main.clp"
ENV_FILE = RESOURCES / "env.clp"
ENV_TURN_FILE = RESOURCES / "env-turn.clp"
LOAD_TIME_LIMIT = 10.0  # loading an agent's files may take this long, or the step time cap if longer
_EXIT = {"ends": "the app"}  # what an agent's (exit) ends in this process (``exit_ends_only_the_agent``)


def exit_ends_only_the_agent() -> None:
    """Say that this process is the agent's own (the agent host's child): an agent's ``(exit)`` ends it, and the
    host reports the child's end. In the app's own process (``--no-sandbox``, crosscheck) CLIPS's ``(exit)``
    would end the app (clipspy offers no way to take the function out): loading refuses an agent that calls it."""
    _EXIT["ends"] = "the agent"


def exit_ends_the_app() -> bool:
    """True in the app's own process, where an agent's ``(exit)`` would end the app (``exit_ends_only_the_agent``)."""
    return _EXIT["ends"] == "the app"


def exit_call(path: Path) -> int | None:
    """The line of the first ``(exit ...)`` call in the agent file ``path``, or None (also when unreadable)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    if "exit" not in text:
        return None
    for form in read(text).forms:
        for inner in form.forms():
            if inner.head.lower() == "exit":
                return inner.line
    return None


def marker_templates() -> list[str]:
    """MAIN's ``board-marker`` and ``board-markers-wanted`` deftemplates as main.clp declares them (what an agent
    draws on the board, and whether the app shows it): the crosscheck adds them to the course's own MAIN, so that
    an agent that draws runs there too (it asserts no board-markers-wanted: nothing there shows markers)."""
    return [_main_construct("deftemplate", name) for name in ("board-marker", "board-markers-wanted")]


COMPATIBILITY_FUNCTIONS = ("length", "member", "subset", "nth", "str-explode", "str-implode")


def compatibility_functions() -> list[str]:
    """MAIN's deffunctions for the CLIPS 6.3 functions 6.4 dropped (``length``...), as main.clp declares them: the
    crosscheck adds them to the course's own MAIN, so that both sides run an old agent as ``run`` does."""
    return [_main_construct("deffunction", name) for name in COMPATIBILITY_FUNCTIONS]


def _main_construct(kind: str, name: str) -> str:
    """The text of main.clp's ``(kind name ...)`` construct, its name qualified with MAIN::."""
    text = MAIN_FILE.read_text(encoding="utf-8")
    start = re.search(rf"\({kind} {re.escape(name)}[\s)]", text).start()
    depth = 0
    for end in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[end], 0)
        if depth == 0:
            return text[start:end + 1].replace(f"({kind} {name}", f"({kind} MAIN::{name}", 1)
    raise ValueError(f"{MAIN_FILE}: the {name} {kind} does not end")


def fact_rows(env: clips.Environment) -> list[FactRow]:
    """Every fact of ``env``, MAIN's and ENV's too, with its module and index, in CLIPS's order."""
    rows = []
    with routers_off(env):  # printing a fact queries every router per character: Python's cost the most
        for fact in env.facts():
            template = lib.FactDeftemplate(fact._fact)
            rows.append(FactRow(module=ffi.string(lib.DeftemplateModule(template)).decode(), index=fact.index,
                                template=ffi.string(lib.DeftemplateName(template)).decode(), text=str(fact)))
    return rows


def env_files(profile) -> tuple[Path, ...]:
    """ENV's files for ``profile``: the module, the course's conditions of its edition, the environment's turn."""
    return ENV_FILE, RESOURCES / f"env-{profile.name}.clp", ENV_TURN_FILE


def initial_facts(fires: int, guesses: int, max_steps: int) -> str:
    """MAIN's initial facts in the course's order (docs/rules.md, "Working-memory order")."""
    zeros = " ".join(f"({slot} 0)" for slot in STAT_SLOTS)
    return (f"(deffacts MAIN::initial-facts (maxduration {max_steps}) (status (step 0) (currently running)) "
            f"(statistics {zeros}) (first-pass-to-env) (moves (fires {fires}) (guesses {guesses})))")


def map_facts(observation: Observation, fact_order: tuple[tuple[str, int | Cell], ...] | None) -> str:
    """The deffacts ENV::map-facts: k-cells, k-per-row, k-per-col in the map file's order.

    ``fact_order`` None means the canonical order (k-cells, rows 0..9, columns
    0..9). Otherwise exactly the facts the course file declares, as the course
    asserts them: counts it leaves out are not told (docs/rules.md).
    """
    return _map_facts(tuple(observation.start_known.items()), observation.row_counts, observation.col_counts,
                      fact_order)


@functools.lru_cache(maxsize=64)
def _map_facts(known_items: tuple, row_counts: tuple[int, ...], col_counts: tuple[int, ...],
               fact_order: tuple[tuple[str, int | Cell], ...] | None) -> str:
    known = dict(known_items)
    if fact_order is None:
        fact_order = tuple([("k-cell", c) for c in known] + [("k-per-row", x) for x in range(SIZE)]
                           + [("k-per-col", y) for y in range(SIZE)])
    facts = []
    for kind, key in fact_order:
        if kind == "k-cell" and key in known:
            facts.append(f"(k-cell (x {key[0]}) (y {key[1]}) (content {known[key].value}))")
        elif kind == "k-per-row":
            facts.append(f"(k-per-row (row {key}) (num {row_counts[key]}))")
        elif kind == "k-per-col":
            facts.append(f"(k-per-col (col {key}) (num {col_counts[key]}))")
    return "(deffacts ENV::map-facts " + " ".join(facts) + ")"


#: the Python routers of an environment (ours and clipspy's), as C names
PYTHON_ROUTERS = (CaptureRouter.NAME.encode(), b"python-error-router")


@contextlib.contextmanager
def routers_off(env: clips.Environment):
    """Python routers off for trusted builds and evals: CLIPS queries every router for every
    character it parses, and each query is a call back into Python."""

    names = PYTHON_ROUTERS
    for name in names:
        lib.DeactivateRouter(env._env, name)
    try:
        yield
    finally:
        for name in names:
            lib.ActivateRouter(env._env, name)


def describe(text: str, default_file: str | None, path: Path | None = None) -> list[str]:
    """CLIPS's error text as one line per message (file:line: text [CODE] (in construct)); with the file's
    ``path``, each message's line is the offending part's where CLIPS names it late (``pinpoint``)."""
    if not text.strip():
        return []
    messages = parse_messages(text)
    if path is not None and messages:
        messages = pinpoint(messages, read_file(path))
    return [m.describe(default_file) for m in messages] or [" ".join(text.split())]


_BAD_SLOT = re.compile(r"Invalid slot '(?P<slot>[^']+)' not defined in corresponding deftemplate '(?P<template>[^']+)'")


def pinpoint(messages: list[ClipsMessage], reading: Reading) -> list[ClipsMessage]:
    """The messages with a better line where CLIPS reports the end of a construct for a part inside it.

    CLIPS checks the slots of ``modify`` and ``duplicate`` once the whole rule is read, and names its last
    line: a slot typo on line 107 comes out at 113. The line becomes the first ``(slot ...)`` of that name
    inside the construct, at or before the reported line.
    """
    found = []
    for message in messages:
        bad = _BAD_SLOT.search(message.text)
        if bad and message.line is not None:
            construct = next((form for form in reading.forms if form.line <= message.line <= (form.end_line or 0)),
                             None)
            slot = _slot_form(construct, bad.group("slot"), bad.group("template"), message.line) if construct else None
            if slot is not None and slot.line != message.line:
                message = dataclasses.replace(message, line=slot.line)
        found.append(message)
    return found


def _slot_form(construct: Form, slot: str, template: str, before: int) -> Form | None:
    """The ``(slot ...)`` form CLIPS complains of: in a pattern or ``assert`` of ``template``, else in a
    ``modify``/``duplicate``, else any, at or before line ``before``."""
    places: list[tuple[int, int, Form]] = []
    stack = [construct]
    while stack:
        parent = stack.pop()
        for child in parent.items:
            if isinstance(child, Form):
                stack.append(child)
                if child.head == slot and child.line <= before:
                    rank = 0 if parent.head == template.split("::")[-1] else 1 if parent.head in (
                        "modify", "duplicate") else 2
                    places.append((rank, child.line, child))
    return min(places, key=lambda place: place[:2])[2] if places else None


MARKERS_WANTED = "board-markers-wanted"  # MAIN's fact saying something shows the agent's markers


def _names(path: Path, word: str) -> bool:
    """True when the agent file ``path`` has ``word`` in it (an unreadable file: the load reports it)."""
    try:
        return word in Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False


_AHEAD: dict[tuple, tuple] = {}  # MAIN and ENV loaded ahead (``protocols_ahead``), by ``_protocol_key``


def _protocol_key(profile) -> tuple:
    return profile.name, profile.fires, profile.guesses, profile.max_steps, tuple(map(str, env_files(profile)))


def _protocol(profile) -> tuple:
    """A new environment with MAIN (the profile's limits) and ENV loaded, and its router; AgentError if the
    protocol modules do not load."""
    env = clips.Environment()
    router = CaptureRouter()
    env.add_router(router)
    try:
        with clips_readable(MAIN_FILE) as source:
            env.load(source)
        env.build(initial_facts(profile.fires, profile.guesses, profile.max_steps))
        for path in env_files(profile):
            with clips_readable(path) as source:
                env.load(source)
    except clips.CLIPSError:
        problems = "; ".join(m.describe() for m in parse_messages(router.take_errors()))
        destroy_quietly([env])
        raise AgentError(f"{RESOURCES}: the protocol modules do not load: {problems}") from None
    return env, router


def protocols_ahead(profiles) -> None:
    """Load MAIN and ENV now, once for each of ``profiles``, for the next ``load_environment`` of each to take
    (once). The agent host's zygote does it before it forks: each game's process then starts with them loaded
    (copy-on-write) and loads only its agent, after confining itself; no agent code runs in the zygote. Creating
    the environment and loading the protocol took 3-3.5 ms, more than loading a course-sized agent."""
    for profile in profiles:
        with contextlib.suppress(AgentError):
            _AHEAD[_protocol_key(profile)] = _protocol(profile)


def load_environment(key: tuple, profile, paths: Sequence[Path], agent: str, time_limit: float) -> LoadedEnv:
    """A new environment with MAIN (the profile's limits), ENV and the agent's files; AgentError if unusable."""
    ahead = _AHEAD.pop(_protocol_key(profile), None) if _AHEAD else None
    if exit_ends_the_app():
        refuse_exit(paths)
    env, router = ahead if ahead is not None else _protocol(profile)
    loaded = LoadedEnv(env, router, key)
    loaded.asks_for_markers = any(_names(path, MARKERS_WANTED) for path in paths)
    try:
        loaded.load_messages = load_agent(env, router, paths, agent, time_limit)
    except AgentError:
        holder = [env]
        del env, loaded
        destroy_quietly(holder)
        raise
    return loaded


def refuse_exit(paths: Sequence[Path]) -> None:
    """AgentError naming the file and line of an ``(exit)`` call in the agent's files, if one has one: in the
    app's own process it would end the app (see ``exit_ends_only_the_agent``)."""
    for path in paths:
        line = exit_call(Path(path))
        if line is not None:
            raise AgentError(f"{path}:{line}: the agent calls (exit), which would end the app itself when the agent "
                             f"runs in the app's process (--no-sandbox): play it in the agent host (the default), "
                             f"or take the call out")


def construct_count(env: clips.Environment) -> int:
    """How many constructs exist, in every module."""
    lists = ("(get-defmodule-list)", "(get-deftemplate-list *)", "(get-defrule-list *)",
             "(get-deffacts-list *)", "(get-deffunction-list *)", "(get-defglobal-list *)",
             "(get-defgeneric-list *)", "(get-defclass-list *)")
    return sum(len(env.eval(query)) for query in lists)


@contextlib.contextmanager
def clips_readable(path: Path) -> Iterator[str]:
    """What to hand CLIPS's ``load`` for the file ``path``: its path, or a UTF-8 copy's while it is loaded.

    CLIPS reads bytes and copes with a byte order mark and CRLF line ends itself. Two things it does not:
    text in the Windows code page (``"già colpita"`` saved by Notepad), whose strings and symbols reach
    Python as bytes that are not UTF-8, where clipspy fails; and, on Windows, a path that is not ASCII
    (``C:\\Users\\Niccolò``), which its C library may not open. Such a file is loaded from a UTF-8 copy with
    the same lines and an ASCII name, given by a path relative to the working folder where that is ASCII:
    messages keep the lines, and the caller puts the user's path back in them. The copy is made in a private
    temporary folder: in the system's, or in the working folder when that is inside it (an agent's confined
    process may write in its scratch folder, its working folder, and nowhere else); it goes with the load.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise AgentError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    if str(path).isascii() and _is_utf8(data):
        yield str(path)
        return
    try:
        text = decode(data)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise AgentError(f"{path}:{line}: not UTF-8 nor Windows text (byte 0x{data[exc.start]:02x}): save it "
                         "as UTF-8") from None
    system_temp = Path(tempfile.gettempdir()).resolve()
    base = Path.cwd() if Path.cwd().resolve().is_relative_to(system_temp) else system_temp
    with tempfile.TemporaryDirectory(prefix=".clips-", dir=base) as folder:
        copy = Path(folder) / (path.name if path.name.isascii() else "agent.clp")
        copy.write_bytes(text.encode("utf-8"))
        yield _ascii_path(copy)


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _ascii_path(path: Path) -> str:
    """``path`` relative to the working folder when that way it is ASCII (and the absolute one is not)."""
    if str(path).isascii():
        return str(path)
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return str(path)
    return relative if relative.isascii() else str(path)


_overrun_reporter: Callable[[str], None] | None = None


def report_load_overruns(reporter: Callable[[str], None] | None) -> None:
    """Have ``reporter`` told, from a thread, the one-line error of a file whose load runs over its limit.

    Nothing in a process can stop CLIPS inside one definition (an endless defglobal's value), and the load of
    the app's own process waits for it; the agent host's child, a process of the agent's own, reports it
    from the thread and ends itself, at the limit (``child.py``), not at the host's start allowance."""
    global _overrun_reporter
    _overrun_reporter = reporter


def _overrun(path: Path, limit: float) -> str:
    return (f"{path}: loading ran over the time limit of {limit:g} s: stopped (a defglobal's or a default's "
            f"value that never ends?)")


@contextlib.contextmanager
def _reported_overrun(path: Path, limit: float) -> Iterator[None]:
    """While a file loads: its overrun told to the reporter at ``limit`` (once, and never after the load)."""
    reporter = _overrun_reporter
    if reporter is None:
        yield
        return
    lock, done = threading.Lock(), []

    def report() -> None:
        with lock:
            if not done:
                reporter(_overrun(path, limit))

    timer = threading.Timer(limit, report)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            done.append(True)
        timer.cancel()


def load_agent(env: clips.Environment, router: CaptureRouter, paths: Sequence[Path], agent: str,
               time_limit: float) -> list[str]:
    """Load the agent's files in order; the load messages (file:line: text)."""
    messages: list[str] = []
    before = construct_count(env)
    limit = max(time_limit, LOAD_TIME_LIMIT)
    deadline = Deadline()  # a definition may run code (a defglobal's value): a slow one is reported
    try:
        for path in paths:
            with clips_readable(path) as source:
                deadline.arm(limit)
                try:
                    with _reported_overrun(path, limit):
                        env.load(source)
                except clips.CLIPSError:
                    pass  # like the CLIPS console: the rest of the file is loaded; errors reported below
                finally:
                    deadline.disarm()
            if deadline.expired:
                raise AgentError(_overrun(path, limit))
            found = describe(router.take_errors().replace(source, str(path)), str(path), path)
            if found:  # CLIPS notices a missing `)` late: say first which form was left open, and where
                found = [problem.describe(path) for problem in read_file(path).problems] + found
            messages += found
    finally:
        deadline.close()
    if construct_count(env) - before <= 0:
        detail = "; ".join(messages) or "the files define no constructs"
        raise AgentError(f"agent {agent}: nothing loaded: {detail}")
    try:
        env.find_module("AGENT")
    except LookupError:
        files = ", ".join(str(p) for p in paths)
        raise AgentError(f"{files}: no AGENT module: a course agent starts with "
                         "(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))") from None
    return messages
