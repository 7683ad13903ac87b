"""Agent host children started ahead of need, so a game does not wait for its process: a warm pool (``WARM``
started children no agent ran in; ``take_child``, ``prestart``) and, for an agent that comes back, a fresh child
made ready for its next game while this one plays (``prepare``, ``take_prepared``: its files loaded already).
Every child still serves one game (``process.Child``); all are started on ``process.SPAWNER``'s thread.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import threading
from concurrent.futures import Future

from app.backends.host.forkers import Template, TemplateRefused, zygote
from app.backends.host.process import SPAWNER, Child, ChildDied, unwatch, watch

WARM = 1  # idle children kept started, ahead of need
_WARM: list[Child] = []  # children started ahead of need, no agent loaded in them yet
_WARM_LOCK = threading.Lock()
PREPARED = 6  # fresh children made ready for the next game of an agent (one per agent key), most recent kept
_PREPARED: dict[tuple, Future] = {}  # agent key -> a child being (or made) ready for that agent's next game
_FORKED: set[tuple] = set()  # the keys of ``_PREPARED`` whose child is forked from the agent's template
_SEEN: dict[tuple, None] = {}  # the agent keys of the games started lately (oldest first)
TEMPLATES = 12  # loaded templates kept (one per agent key), most recent kept
_TEMPLATES: dict[tuple, Future] = {}  # agent key -> its loaded template (None: it could not be made)
#: "0" switches loaded templates off: every game of an agent loads it again in a fresh process (docs/sandbox.md,
#: "Templates")
TEMPLATE_VARIABLE = "BATTLESHIP_LAB_TEMPLATES"


def templates_on() -> bool:
    """True when games of an agent that comes back fork from its loaded template: unless ``BATTLESHIP_LAB_TEMPLATES``
    is 0; the zygote's host only (``spawn`` has no fork)."""
    return os.environ.get(TEMPLATE_VARIABLE, "").strip() != "0" and zygote() is not None


def _warm_child() -> Child:
    """A started child no agent ran in, from the warm pool or new (on the spawner thread)."""
    with _WARM_LOCK:
        child = next((c for c in _WARM if not c.process.exited()), None)
        stale = [c for c in _WARM if c is not child]
        _WARM.clear()
    for item in stale:
        item.close()
        item.take_files()
    return child if child is not None else Child()


def take_child() -> Child:
    """A started child that no agent ran in (from the warm pool when it has one); another is started in its
    place, so the next game's child gets ready while this game plays."""
    child = SPAWNER.submit(_warm_child).result()
    SPAWNER.submit(_refill)
    return child


def _refill() -> None:
    with _WARM_LOCK:
        missing = WARM - len(_WARM)
    for _ in range(missing):
        started = Child()
        with _WARM_LOCK:
            _WARM.append(started)


_REPORTED: Future | None = None  # what this process's children say they enforce (asked once)


def reported_layers(wait: bool = True) -> tuple[list[str], list[str]] | None:
    """What an agent process started here says it can enforce (its ready message): (in force, missing with
    why); None while it is not known yet and ``wait`` is False. A warm child is started for it if there is none
    (the next game takes it); asked once per process (again after a failure)."""
    global _REPORTED
    if _REPORTED is None:
        _REPORTED = SPAWNER.submit(_warm_layers)
    if not wait and not _REPORTED.done():
        return None
    try:
        return _REPORTED.result()
    except (ChildDied, TimeoutError, OSError) as exc:
        _REPORTED = None
        return [], [f"what the agent's process enforces is unknown: it did not start ({exc or 'no reply'})"]


def _warm_layers() -> tuple[list[str], list[str]]:
    with _WARM_LOCK:
        child = next((c for c in _WARM if not c.process.exited()), None)
    if child is None:
        child = Child()
        with _WARM_LOCK:
            _WARM.append(child)
    child.wait_ready(60.0)
    return child.layers


def prestart() -> None:
    """Start the zygote and fill the warm pool, on the spawner thread (the GUI and the bench workers call it at
    start: the caller does not wait for the zygote's imports; the first game waits for what is not ready yet)."""
    SPAWNER.submit(_refill)


def agent_key(spec, *more) -> tuple:
    """What a prepared child is made for: the agent's kind and files (and their versions), and ``more`` (its
    seed, step cap and limits)."""
    stamps = []
    for path in spec.paths:
        try:
            info = os.stat(path)
            stamps.append((str(path), info.st_mtime_ns, info.st_size))
        except OSError:
            stamps.append((str(path), None, None))  # an unreadable file: the child reports it
    return str(spec.kind), tuple(stamps), *more


def prepare(key: tuple, requests: list[tuple[str, tuple]], memory: int, ahead: bool = False) -> None:
    """Make a fresh child ready for the next game of the agent ``key`` names, in the background: a child no
    agent ran in is sent ``requests`` (create the agent, load its files), their replies read when the game
    takes it (``take_prepared``), its memory limit ``memory`` bytes. One per key; beyond ``PREPARED`` keys (``TEMPLATES``
    for children forked from a template: ``_past_bounds``) the oldest ends. Not on an agent's first game: one game of
    an agent (``run``, ``check-agent``) makes no child it would not use; nor when, last time, that many or more other
    agents played before the agent came back (it would be ended before its next game).
    ``ahead``: the agent's kind may be loaded ahead (``AgentKind.loads_ahead``): with ``templates_on``, a loaded
    template is made for it, once, and kept for its later games (``TEMPLATES`` at most); the child made ready
    is then forked from it."""
    templates = ahead and templates_on()
    with _WARM_LOCK:
        order = list(_SEEN)
        since = len(order) - 1 - order.index(key) if key in _SEEN else None  # other agents played since its last
        _SEEN.pop(key, None)
        _SEEN[key] = None  # the most recent last
        while len(_SEEN) > 4 * PREPARED:
            del _SEEN[next(iter(_SEEN))]
        if since is None or since >= (TEMPLATES if templates else PREPARED):
            # its first game, or its games come round after more other agents than children are kept (a bench
            # of many agents, maps outer): the child would be ended unused, its whole life's work wasted
            return
        if key in _PREPARED:
            return
        if templates and _template_for(key, requests, memory):  # its next game's process forked from it
            _PREPARED[key] = SPAWNER.submit(_from_template, key, memory)
            _FORKED.add(key)
        else:
            _PREPARED[key] = SPAWNER.submit(_prepared_child, requests, memory)
        spare = _past_bounds()
    for future in spare:
        future.add_done_callback(_discard)


def _past_bounds() -> list[Future]:
    """Take out the oldest prepared children past their bound (under ``_WARM_LOCK``): ``PREPARED`` fresh ones (each
    loaded its agent in a process of its own), and as many forked from a template as templates are kept
    (``TEMPLATES``: each shares its template's memory but for what its own start wrote). With one bound for both,
    a class of more agents than ``PREPARED`` forked each game's process ahead and ended it unused."""
    spare = []
    for forked, bound in ((False, PREPARED), (True, TEMPLATES)):
        keys = [key for key in _PREPARED if (key in _FORKED) == forked]
        for key in keys[:max(0, len(keys) - bound)]:
            spare.append(_PREPARED.pop(key))
            _FORKED.discard(key)
    return spare


def _template_for(key: tuple, requests: list[tuple[str, tuple]], memory: int) -> bool:
    """Have the agent ``key`` names loaded in a template (under ``_WARM_LOCK``); False when it could not be
    (its games then take prepared children, and report a load error as ever)."""
    future = _TEMPLATES.get(key)
    if future is not None:
        return not future.done() or future.result() is not None
    _TEMPLATES[key] = SPAWNER.submit(_template, requests)
    spare = []
    while len(_TEMPLATES) > TEMPLATES:
        spare.append(_TEMPLATES.pop(next(iter(_TEMPLATES))))
    for old in spare:
        old.add_done_callback(_close_template)
    return True


def _template(requests: list[tuple[str, tuple]]) -> Template | None:
    forks = zygote()
    if forks is None:
        return None
    try:
        return Template(forks, requests, 60.0)
    except (TemplateRefused, OSError):
        return None


def _close_template(future: Future) -> None:
    with contextlib.suppress(Exception):
        template = future.result()
        if template is not None:
            template.close()


def _from_template(key: tuple, memory: int) -> Child | None:
    """A game's process forked from the agent's loaded template, sent the requests the template loaded with
    (their replies are read by the game: the same agent, its files for the same rules), or None when it has
    none."""
    with _WARM_LOCK:
        future = _TEMPLATES.get(key)
    if future is None:
        return None
    try:
        template = future.result()
    except Exception:  # noqa: BLE001  (no template could be made: the game starts a child the usual way)
        return None
    if template is None or not template.alive():
        return None
    child = Child(template)
    if child.process is None or getattr(child.process, "_zygote", None) is not template:
        child.close()
        child.take_files()
        return None
    for name, data in template.files.items():  # what the load wrote, as a game's own load would have
        target = child.scratch / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    child.limit_memory(memory)
    watch(child)
    try:
        for kind, args in template.requests:
            child.send(kind, args, 60.0)
    except (ChildDied, TimeoutError):
        pass  # the game reads how it ended
    return child


def _prepared_child(requests: list[tuple[str, tuple]], memory: int) -> Child:
    child = _warm_child()
    child.limit_memory(memory)
    watch(child)  # loading runs the agent's code: its folder's quota holds already
    try:
        for kind, args in requests:
            child.send(kind, args, 60.0)
    except (ChildDied, TimeoutError):
        pass  # the game that takes it reads how it ended
    _refill()
    return child


def _discard(future: Future) -> None:
    """End a prepared child no game took."""
    with contextlib.suppress(Exception):
        child = future.result()
        unwatch(child)
        child.close()
        child.take_files()


def take_prepared(key: tuple, memory: int = 1 << 30) -> Child | None:
    """The child prepared for ``key`` (waiting for it if it is being made ready), or forked from its loaded
    template (its memory limit ``memory`` bytes), or None; its replies to the requests are still to be read."""
    with _WARM_LOCK:
        future = _PREPARED.pop(key, None)
        _FORKED.discard(key)
    if future is not None:
        try:
            prepared = future.result()
        except Exception:  # noqa: BLE001  (no child could be started: the game starts one the usual way)
            prepared = None
        if prepared is not None:
            return prepared
    return _from_template(key, memory)


@atexit.register
def _empty_warm_pool() -> None:
    with _WARM_LOCK:
        idle = list(_WARM)
        _WARM.clear()
        prepared = list(_PREPARED.values())
        _PREPARED.clear()
        _FORKED.clear()
        templates = list(_TEMPLATES.values())
        _TEMPLATES.clear()
    for future in templates:
        with contextlib.suppress(Exception):
            template = future.result(timeout=5.0)
            if template is not None:
                template.end()
    for future in prepared:
        with contextlib.suppress(Exception):
            idle.append(future.result(timeout=5.0))
    for child in filter(None, idle):  # None: a game's process its template could no longer fork (ended above)
        child.kill("the app is closing")
        child.close()
        child.take_files()
