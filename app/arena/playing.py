"""``ArenaPlayer``: the thread in the server's process that plays the queued games, never in it.

It loops: claim a few games fairly (``queue.claim``), write their versions' files and maps to a cache folder
(rebuilt from the database whenever it is missing), and play them as ``bench`` plays its games:
``Bench.for_tasks`` in worker processes (each game in the agent host: confined exactly as in ``bench``), or on a
Dask cluster through ``batch_player``. Each row is recorded as its game ends, with the cache's folders cut off
the paths it quotes (``app.report.paths``), so a student reads ``rules.clp:12``. Games claimed but not played when
the player stops go back to the queue; a server killed outright leaves them ``playing``, and the next start's
``queue.recover`` requeues them: a restart loses no game and counts none twice."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import threading
import traceback
from pathlib import Path

from sqlalchemy import select

from app.arena import queue
from app.arena.files import AGENT_FOLDER, write_files
from app.arena.schema import ArenaMap, Version, VersionFile
from app.report.coaching import coach_games, example_games, game_id
from app.report.paths import path_scrubber
from app.tournament.bench import Bench, BenchConfig, BenchTask, GameRow
from app.tournament.bench.plan import PlannedGame
from app.tournament.bench.player import ClusterChoice, batch_player
from app.tournament.bench.store import GameKey, rules_key
from app.tournament.submissions import find

QUOTING = ("error", "stop_reason", "load_messages", "refusals", "log")  # a row's fields that may quote paths
IDLE_SECONDS = 1.0  # how long the player sleeps when the queue is empty
#: the coach's reports of a version's example games, a file per version in the cache folder (a coaching the server's
#: stop cut short is not done again); one file for the whole arena would be read and rewritten whole for every version
COACH_FOLDER = "coach"
CLUSTER_BATCH = 64  # games claimed at once for a cluster (each batch connects to it once)


class ArenaPlayer(threading.Thread):
    """Plays the arena's queue until ``stop()``. ``arena``: what it plays for (its ``sessions``, ``limits`` and
    ``cache``: an ``Arena``); ``jobs``: worker processes, each fed by a lane of its own that claims ``batch``
    games (default 1) as soon as its last ones are played, so no worker waits for another's long game;
    ``cluster``: ``local`` or a Dask scheduler's address instead, played in batches of ``CLUSTER_BATCH``."""

    def __init__(self, arena, jobs: int = 1, cluster: str | None = None, batch: int = 0,
                 idle: float = IDLE_SECONDS):
        super().__init__(name="arena-player", daemon=True)
        self.arena, self.jobs, self.cluster, self.idle = arena, max(1, jobs), cluster, idle
        self.batch = batch or (CLUSTER_BATCH if cluster else 1)
        self.played = 0  # games recorded since the start
        self.error = ""  # the last failure of a batch (the player goes on with the next)
        self._halt = threading.Event()
        self._runners: dict[int, object] = {}  # what plays each lane's batch now, by id (stopped by ``stop``)
        self._claiming = threading.Lock()  # one lane claims at a time: no game is handed to two
        self._counting = threading.Lock()
        self._agents: dict[str, str] = {}  # version digest -> the agent text its cached folder plays as

    def stop(self) -> None:
        """Ask the thread to end: the batches playing are stopped, their unplayed games go back to the queue."""
        self._halt.set()
        for runner in list(self._runners.values()):
            runner.stop()

    def run(self) -> None:
        """Requeue what a stopped server left playing, then play in ``jobs`` lanes (one on a cluster) until
        stopped."""
        with self.arena.sessions.begin() as session:
            queue.recover(session)
        lanes = [threading.Thread(target=self._lane, name=f"arena-lane-{i}", daemon=True)
                 for i in range(1 if self.cluster else self.jobs)]
        for lane in lanes:
            lane.start()
        for lane in lanes:
            lane.join()

    def _lane(self) -> None:
        while not self._halt.is_set():
            try:
                played = self.play_batch()
            except Exception as error:  # a broken batch must not end the arena's player: say it, go on
                self.error = f"{type(error).__name__}: {error}"
                traceback.print_exc(file=sys.stderr)
                played = 0
            if not played:
                self._halt.wait(self.idle)

    def play_batch(self) -> int:
        """Claim and play one batch (in one worker process, or on the cluster); how many games were claimed
        (0: the queue is empty)."""
        with self._claiming, self.arena.sessions.begin() as session:
            claimed = queue.claim(session, self.batch)
            tasks = [self._task(session, c) for c in claimed]
        if not claimed:
            return 0
        limits = self.arena.limits
        config = BenchConfig(rules=limits.rules, seed=limits.seed, keep_log=True)
        bench = Bench.for_tasks([task for task, _ in tasks], config, jobs=1 if not self.cluster else self.jobs,
                                timeout=limits.timeout)
        bench.keep_workers = True  # the next batch reuses the idle game process
        runner = bench
        if self.cluster:
            planned = [PlannedGame(i, task, GameKey(digest, map_digest, rules_key(config), config.seed), None)
                       for i, (task, (digest, map_digest)) in enumerate(tasks)]
            runner = batch_player(bench, ClusterChoice(self.cluster), planned)
        recorded: set[int] = set()
        self._runners[id(runner)] = runner
        try:
            if self._halt.is_set():
                return len(claimed)
            for index, row in runner.run():
                with self.arena.sessions.begin() as session:
                    queue.record(session, claimed[index].game, self._scrub(row, tasks[index]))
                recorded.add(index)
                with self._counting:
                    self.played += 1
        finally:
            self._runners.pop(id(runner), None)
            with self.arena.sessions.begin() as session:
                queue.release(session, [c.game for i, c in enumerate(claimed) if i not in recorded])
        if not self._halt.is_set():
            self._coach({c.version for c in claimed}, limits)
        return len(claimed)

    def _coach(self, version_ids: set[int], limits) -> None:
        """The coach's reports of a few example games (``app.report.coaching``) of each version done playing, kept
        with the version for its page's advice (a report per map name)."""
        with self.arena.sessions.begin() as session:
            map_set = queue.current_set(session)
            for version_id in sorted(version_ids):
                version = session.get(Version, version_id)
                if version.done is None or version.coach is not None or version.load_error is not None:
                    continue
                found = queue.records(queue.version_games(session, version, map_set), version, "agent", limits.rules,
                                      limits.seed)
                examples = example_games(found)
                reports = self.arena.cache / COACH_FOLDER / f"{version.id}.json"
                reports.parent.mkdir(parents=True, exist_ok=True)
                graded = coach_games(examples, reports) if examples else {}
                version.coach = json.dumps([(r["map"], graded[game_id(r)]) for r in examples])

    def _task(self, session, claimed: queue.Claimed) -> tuple[BenchTask, tuple[str, str]]:
        """The bench task of a claimed game (its files and map written to the cache) and its key's digests."""
        version = session.get(Version, claimed.version)
        game_map = session.get(ArenaMap, claimed.map_id)
        map_path = self.arena.cache / "maps" / str(game_map.id) / Path(game_map.name).name
        if not map_path.is_file():
            _write_once(map_path.parent, lambda folder: (folder / map_path.name).write_bytes(game_map.data))
        return BenchTask(self._agent(session, version), str(map_path), f"v{version.id}"), (version.digest,
                                                                                          game_map.digest)

    def _agent(self, session, version: Version) -> str:
        """The agent text of a version's cached folder (written from the database when missing)."""
        folder = self.arena.cache / "versions" / version.digest
        if not (folder / AGENT_FOLDER).is_dir():
            files = [(f.name, f.data) for f in session.scalars(
                select(VersionFile).where(VersionFile.version_id == version.id).order_by(VersionFile.position))]
            _write_once(folder, lambda target: write_files(target / AGENT_FOLDER, files))
            self._agents.pop(version.digest, None)
        if version.digest not in self._agents:
            found = find(folder)[0]
            self._agents[version.digest] = found.agent or str(folder / AGENT_FOLDER)
        return self._agents[version.digest]

    def _scrub(self, row: GameRow, task: tuple[BenchTask, tuple[str, str]]) -> GameRow:
        """``row`` with the machine's folders cut off the paths its messages and log quote, so a student reads
        their own file names (``rules.clp:12``): the cache's folders here, and any folder before one of the
        version's file names (a Dask worker plays a copy in a temporary folder of its own)."""
        (bench_task, (digest, _)) = task
        agent = self.arena.cache / "versions" / digest / AGENT_FOLDER
        folders = path_scrubber([agent], self.arena.cache, [Path(bench_task.map_path).parent])
        names = sorted((p.relative_to(agent).as_posix() for p in agent.rglob("*") if p.is_file()), key=len,
                       reverse=True)
        before = re.compile(r"(?:[A-Za-z]:)?[^\s:'\"(),]*[/\\](" + "|".join(map(re.escape, names)) + r")\b")

        def scrub(value):
            if isinstance(value, list):
                return [scrub(item) for item in value]
            return before.sub(r"\1", folders.text(value)) if isinstance(value, str) and names else value

        return GameRow.from_dict({key: scrub(value) if key in QUOTING else value
                                  for key, value in row.to_dict().items()})


def _write_once(folder: Path, write) -> None:
    """Fill ``folder`` through ``write(temporary)`` in a sibling and rename it in place: a reader sees no folder
    or a whole one (two players writing the same version: the first rename wins)."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    temporary = folder.with_name(f".{folder.name}.{os.getpid()}.{threading.get_ident()}")
    shutil.rmtree(temporary, ignore_errors=True)
    temporary.mkdir()
    write(temporary)
    try:
        temporary.rename(folder)
    except OSError:
        shutil.rmtree(temporary, ignore_errors=True)

