"""How many games go in a cluster's chunk: about a minute of work, from the measured time of each agent's games.

A chunk should be long enough that its start-up (a worker writes the files,
starts a game process) is a small part of it, and short enough that a lost
worker costs little and the workers finish together. Game counts cannot say
that: a shipped agent plays a game in 0.05 s, another in 6 s, a student's in
anything up to the timeout. ``ChunkSizer`` keeps a running mean of the seconds
of each agent's games, updated as chunks come back, and cuts the games left
(in task order) into chunks whose *estimated* time is about ``target``
seconds; towards the end chunks get shorter (at least ``CHUNKS_PER_WORKER``
chunks per worker thread are left), so no worker is left with a long chunk
while the others wait. An agent not measured yet counts at the mean of the
agents measured so far, or at ``prior`` seconds before any game came back.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field

from app.tournament.bench.plan import PlannedGame

CHUNK_SECONDS = 60.0  # the estimated work of one chunk
MIN_CHUNK_SECONDS = 5.0  # never less (a chunk's start-up is about a second)
PRIOR_SECONDS = 2.0  # a game before any game was measured: a short first chunk for fast agents, not too long for slow
CHUNKS_PER_WORKER = 4  # chunks left per worker thread at the end, for the workers to even out


@dataclass
class ChunkSizer:
    """Cuts the games left into chunks of about ``target`` seconds of estimated work (or of ``games`` games)."""

    target: float = CHUNK_SECONDS
    games: int = 0  # a fixed number of games per chunk instead (0: sized by time)
    prior: float = PRIOR_SECONDS
    minimum: float = MIN_CHUNK_SECONDS
    _seconds: dict[str, float] = field(default_factory=dict)  # agent -> seconds of its measured games
    _measured: Counter = field(default_factory=Counter)  # agent -> how many of its games were measured
    _left: Counter = field(default_factory=Counter)  # agent -> its games not yet in a chunk

    def plan(self, games: deque[PlannedGame]) -> None:
        """Count the games to be cut (call once with the queue ``take`` will cut)."""
        self._left = Counter(g.task.agent for g in games)

    def observe(self, agent: str, seconds: float) -> None:
        """One finished game of ``agent`` took ``seconds``."""
        self._seconds[agent] = self._seconds.get(agent, 0.0) + max(0.0, seconds)
        self._measured[agent] += 1

    def estimate(self, agent: str) -> float:
        """The expected seconds of one game of ``agent``."""
        if self._measured[agent]:
            return self._seconds[agent] / self._measured[agent]
        means = [self._seconds[a] / n for a, n in self._measured.items() if n]
        return sum(means) / len(means) if means else self.prior

    def work_left(self) -> float:
        """The estimated seconds of every game not yet in a chunk."""
        return sum(count * self.estimate(agent) for agent, count in self._left.items() if count)

    def budget(self, threads: int) -> float:
        """The estimated seconds of the next chunk."""
        spread = self.work_left() / (CHUNKS_PER_WORKER * max(1, threads))
        return max(self.minimum, min(self.target, spread))

    def take(self, left: deque[PlannedGame], threads: int) -> list[PlannedGame]:
        """The next chunk: games from the front of ``left`` (removed from it), at least one."""
        if self.games:
            count = min(self.games, len(left))
            return [self._pop(left) for _ in range(count)]
        budget = self.budget(threads)
        chunk: list[PlannedGame] = []
        work = 0.0
        while left and (not chunk or work + self.estimate(left[0].task.agent) <= budget):
            work += self.estimate(left[0].task.agent)
            chunk.append(self._pop(left))
        return chunk

    def _pop(self, left: deque[PlannedGame]) -> PlannedGame:
        game = left.popleft()
        self._left[game.task.agent] -= 1
        return game
