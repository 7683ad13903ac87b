"""A tournament's figures: standings with bootstrap intervals, tests against a baseline, Friedman, difficulty.

Every statistic is over maps: one score per (agent, map) per rules profile.
A game that was not scored (timed out, could not be played) counts as the
lowest score any agent made on that map, so failing never ranks above playing.
scipy does the statistics (``bootstrap``, ``wilcoxon``, ``friedmanchisquare``),
statsmodels the Holm correction and scikit-posthocs the Nemenyi test of the
critical-difference diagram; all are imported here, lazily by the report.
"""

from __future__ import annotations

import re
import shlex
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from app.core.paths import ROOT
from app.tournament.stats import CONFIDENCE, RESAMPLES, bootstrap_ci, paired_wilcoxon  # noqa: F401  (the report's)


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """One rules profile's scores: ``scores[m, a]`` of agent ``a`` on map ``m`` (failures already replaced)."""

    rules: str
    agents: tuple[str, ...]
    maps: tuple[str, ...]  # map hashes
    scores: np.ndarray
    oracle: np.ndarray  # per map
    known: tuple[int | None, ...]  # per map: cells known at start
    records: dict[tuple[str, str], dict] = field(repr=False)  # (map hash, agent) -> the stored record

    def column(self, agent: str) -> np.ndarray:
        """The agent's score on every map."""
        return self.scores[:, self.agents.index(agent)]


@dataclass(frozen=True, slots=True)
class Standing:
    """One agent's line of the standings."""

    rank: int
    agent: str
    mean: float
    ci_low: float | None
    ci_high: float | None
    median: float
    percent_of_oracle: float | None
    games: int
    failures: int
    reasons: tuple[tuple[str, int], ...]  # failure kind -> count
    loaded_with_errors: int = 0  # games whose agent loaded with errors (whatever else went wrong in them)


@dataclass(frozen=True, slots=True)
class Comparison:
    """An agent against the baseline: Wilcoxon signed-rank on the per-map differences, Holm-corrected."""

    agent: str
    mean_difference: float
    wins: int
    ties: int
    losses: int
    statistic: float | None
    p_value: float | None
    p_holm: float | None


def current_records(records: Sequence[dict]) -> tuple[list[dict], int]:
    """Per agent, only the games of its latest files (a resubmitted agent's older games are left out), and
    how many were left out."""
    latest: dict[str, tuple[float, str]] = {}
    for record in records:
        stamp = record.get("finished") or 0.0
        if record["agent"] not in latest or stamp >= latest[record["agent"]][0]:
            latest[record["agent"]] = (stamp, record["agent_hash"])
    kept = [r for r in records if r["agent_hash"] == latest[r["agent"]][1]]
    return kept, len(records) - len(kept)


def score_tables(records: Sequence[dict]) -> list[ScoreTable]:
    """One table per rules key (and seed, when the games have several); a map is a row once every agent played it."""
    groups: dict[str, list[dict]] = defaultdict(list)
    several_seeds = len({r["seed"] for r in records}) > 1
    for record in current_records(records)[0]:
        label = f"{record['rules_key']}, seed {record['seed']}" if several_seeds else record["rules_key"]
        groups[label].append(record)
    return [_table(label, rows) for label, rows in groups.items()]


def _table(rules: str, records: list[dict]) -> ScoreTable:
    agents = tuple(dict.fromkeys(r["agent"] for r in records))
    cells = {(r["map_hash"], r["agent"]): r for r in records}
    maps = tuple(m for m in dict.fromkeys(r["map_hash"] for r in records)
                 if all((m, a) in cells for a in agents))  # a map some agent has not played yet is left out
    scores = np.zeros((len(maps), len(agents)))
    oracle = np.zeros(len(maps))
    known = []
    for i, map_key in enumerate(maps):
        row = [cells[map_key, a] for a in agents]
        played = [r["score"] for r in row if r.get("score") is not None and r.get("status") == "ok"]
        floor = min(played) if played else 0
        scores[i] = [r["score"] if r.get("score") is not None and r.get("status") == "ok" else floor for r in row]
        oracle[i] = next((r["oracle"] for r in row if r.get("oracle") is not None), np.nan)
        known.append(row[0].get("known"))
    return ScoreTable(rules, agents, maps, scores, oracle, tuple(known), cells)


def standings(table: ScoreTable) -> list[Standing]:
    """Agents by mean score over the maps (best first), with interval, median, % of oracle and failures."""
    lines = []
    for a, agent in enumerate(table.agents):
        values = table.scores[:, a]
        low, high = bootstrap_ci(values)
        positive = table.oracle > 0
        percent = float(np.mean(100.0 * values[positive] / table.oracle[positive])) if positive.any() else None
        kinds = Counter(table.records[m, agent].get("failure") or "" for m in table.maps)
        reasons = tuple(sorted((k, n) for k, n in kinds.items() if k))
        with_errors = sum(bool(table.records[m, agent].get("load_errors")) for m in table.maps)
        lines.append((agent, float(np.mean(values)), low, high, float(np.median(values)), percent,
                      len(table.maps), sum(n for _, n in reasons), reasons, with_errors))
    lines.sort(key=lambda line: -line[1])
    return [Standing(rank, *line) for rank, line in zip(_ranks([line[1] for line in lines]), lines)]


def _ranks(means: list[float]) -> list[int]:
    """Competition ranks of values sorted best first (equal means share a rank)."""
    ranks = []
    for i, value in enumerate(means):
        ranks.append(ranks[-1] if i and value == means[i - 1] else i + 1)
    return ranks


def versus_baseline(table: ScoreTable, baseline: str) -> list[Comparison]:
    """Each other agent against ``baseline``: Wilcoxon signed-rank (``zero_method="pratt"``), Holm-corrected."""
    from statsmodels.stats.multitest import multipletests

    base = table.column(baseline)
    found = []
    for agent in table.agents:
        if agent == baseline:
            continue
        differences = table.column(agent) - base
        statistic, p_value = paired_wilcoxon(differences)
        found.append([agent, float(np.mean(differences)) if len(differences) else 0.0,
                      int(np.sum(differences > 0)), int(np.sum(differences == 0)), int(np.sum(differences < 0)),
                      statistic, p_value, None])
    tested = [line for line in found if line[6] is not None]
    if tested:
        corrected = multipletests([line[6] for line in tested], method="holm")[1]
        for line, p_holm in zip(tested, corrected):
            line[7] = float(p_holm)
    return [Comparison(*line) for line in found]


@dataclass(frozen=True, slots=True)
class Friedman:
    """All agents together: the Friedman test, mean ranks (1 best) and Nemenyi p-values between pairs."""

    statistic: float
    p_value: float
    mean_ranks: dict[str, float]
    nemenyi: object  # a pandas DataFrame of p-values, agents x agents


def friedman(table: ScoreTable) -> Friedman | None:
    """The Friedman test over the maps (None with fewer than 3 agents or 2 maps)."""
    import scikit_posthocs
    from scipy.stats import friedmanchisquare, rankdata

    if len(table.agents) < 3 or len(table.maps) < 2:
        return None
    test = friedmanchisquare(*(table.scores[:, a] for a in range(len(table.agents))))
    ranks = rankdata(-table.scores, axis=1).mean(axis=0)
    nemenyi = scikit_posthocs.posthoc_nemenyi_friedman(table.scores)
    nemenyi.index = nemenyi.columns = list(table.agents)
    return Friedman(float(test.statistic), float(test.pvalue), dict(zip(table.agents, map(float, ranks))), nemenyi)


def by_difficulty(table: ScoreTable) -> tuple[list[int | None], dict[str, list[float | None]]]:
    """Mean score per number of cells known at start, per agent."""
    levels = sorted({k for k in table.known}, key=lambda k: (k is None, k or 0))
    means: dict[str, list[float | None]] = {}
    for a, agent in enumerate(table.agents):
        means[agent] = []
        for level in levels:
            rows = [i for i, k in enumerate(table.known) if k == level]
            means[agent].append(float(np.mean(table.scores[rows, a])) if rows else None)
    return levels, means


@dataclass(frozen=True, slots=True)
class WorstMap:
    """One of an agent's worst maps and the command that replays it."""

    map_name: str
    map_path: str
    score: float
    oracle: float
    failure: str
    command: str


def worst_maps(table: ScoreTable, agent: str, count: int = 3, log_dir: str | Path = ".") -> list[WorstMap]:
    """The agent's ``count`` maps furthest below the oracle, with the ``run ... --log`` command to replay each."""
    a = table.agents.index(agent)
    gaps = table.oracle - table.scores[:, a]
    order = sorted(range(len(table.maps)), key=lambda i: (-np.nan_to_num(gaps[i], nan=-np.inf), i))[:count]
    found = []
    for i in order:
        record = table.records[table.maps[i], agent]
        found.append(WorstMap(record.get("map", ""), record.get("map_path", ""), float(table.scores[i, a]),
                              float(table.oracle[i]), record.get("failure") or "", replay_command(record, log_dir)))
    return found


def replay_command(record: dict, log_dir: str | Path = ".") -> str:
    """``python main.py run`` with the agent, map, rules and seed of a stored game, saving its log into
    ``log_dir``: absolute paths (this Python, main.py, the agent's and the map's files, the log), so it runs
    from any folder;
    ``--allow-load-errors`` for a game played with load errors (as the bench played it)."""
    agent = record.get("agent_text") or record["agent"]
    agent = ",".join(absolute_path(part) for part in agent.split(","))
    parts = [sys.executable, str(ROOT / "main.py"),
             "run", "--agent", agent, "--map", absolute_path(record.get("map_path", "")), "--rules", record.get("rules", "")]
    parts += rules_options(record)
    if record.get("load_errors"):
        parts.append("--allow-load-errors")
    log = Path(log_dir).resolve() / f"{Path(agent.split(',')[0]).stem}-{record.get('map', 'map')}.jsonl"
    parts += ["--seed", str(record.get("seed", 0)), "--log", str(log)]
    return shell_command(parts)


#: an argument PowerShell passes on as it is written (no space, quote, comma, ``$``, ``;``, ``&``, brackets)
_PLAIN_ARGUMENT = re.compile(r"[\w\-.:\\/=+@]+")


def shell_command(parts: Sequence[str], windows: bool | None = None) -> str:
    """``parts`` as a line to paste into the user's terminal: quoted for a POSIX shell, or on Windows for
    PowerShell, its default terminal (single quotes with ``''`` inside, and ``&`` before a quoted program, which
    PowerShell would otherwise take for a string): ``C:\\Users\\Niccolò Rossi\\...`` arrives whole."""
    if not (sys.platform == "win32" if windows is None else windows):
        return shlex.join(parts)
    quoted = [part if _PLAIN_ARGUMENT.fullmatch(part) else "'" + part.replace("'", "''") + "'" for part in parts]
    return ("& " if quoted and quoted[0].startswith("'") else "") + " ".join(quoted)


def rules_options(record: dict, params: bool = True) -> list[str]:
    """The command-line options that give a stored game's limits (its rules key), and its agent parameters."""
    options = []
    for option in record.get("rules_key", "").split(";")[1:]:
        name, _, value = option.partition("=")
        if name in ("fires", "guesses", "max_steps"):
            options += [f"--{name.replace('_', '-')}", value]
        elif name == "pick-first":
            options.append("--pick-first")
        elif value and params:
            options += ["--agent-param", f"{name}={value}"]
    return options


def absolute_path(path: str) -> str:
    """``path`` made absolute when it names a file or folder from here (a shipped agent's name stays a name)."""
    return str(Path(path).resolve()) if path and Path(path).exists() else path
