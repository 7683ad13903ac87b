"""``grade``: a folder of submissions -> the tournament, its report, a page per student, copies found, grades.

One command for the teacher's loop (docs/tournament.md, "Grading a class"). Under ``--out`` it writes:
``results.jsonl`` (the tournament, resumable: a second run plays only what is missing), ``report/`` (the
tournament report), ``students/ID.html`` (a page per submission), ``similarity/`` (``similarity.html`` and
``pairs.csv``), ``gradebook.csv``, ``manifest.json``, and the caches ``checks.json`` and ``coach.json``.
What students see (their pages, the gradebook's feedback, the copy report) names files relative to their
submission, never by the grading machine's paths (``app.report.paths``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from app.analysis.mistakes import FindingKind, check_agent
from app.backends.host.layers import status as host_status
from app.backends.params import parse_agent_params
from app.backends.registry import resolve
from app.cli import SUMMARIES, Subcommand
from app.cli.bench import app_failed, check_options, course_config, open_results, play_batch
from app.cli.common import (
    APP_FAILED,
    add_agent_options,
    add_course_options,
    add_rules_options,
    profile_from_args,
    step_timeout,
)
from app.core import BattleshipError, gamelog
from app.core.fileio import atomic_write_text
from app.report import analyse, write_report
from app.report.coaching import coach_games, example_games, game_id, summarise
from app.report.gradebook import SCHEMES, Figures, GradeRow, Scheme, Threshold, gradebook_csv, read_scheme
from app.report.paths import PathScrubber, path_scrubber
from app.report.student import Identity, class_rank, file_name, page_data, write_pages
from app.similarity.behaviour import game_decisions
from app.similarity.compare import compare_class
from app.similarity.page import write_page
from app.similarity.pairs import FLAG_AT, Pair, pairs_csv, strongest_pairs
from app.similarity.sources import unchanged_starters
from app.similarity.units import SimilarityError
from app.solver.playable import load_game_map
from app.tournament import bench
from app.tournament import submissions as found_in
from app.tournament.bench.inputs import expand_maps
from app.tournament.bench.store import agent_files, digest_files, game_key, map_hash
from app.tournament.bench.version import app_build, versions

CHECK_MAPS = 1  # maps check-agent plays each submission on (twice each)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``grade``."""
    parser.add_argument("submissions", metavar="SUBMISSIONS",
                        help="a folder with one sub-folder per student (its load-order.txt, else its .clp files by "
                             "name, else its .py file defining AGENT) or single .clp/.py files")
    parser.add_argument("--maps", required=True, nargs="+", metavar="DIR|GLOB|FILE", help="the maps to play")
    parser.add_argument("--out", required=True, metavar="DIR", help="where everything goes (created; run again to "
                        "resume: only the missing games are played)")
    parser.add_argument("--roster", metavar="CSV", help="students: id,name,email (a submission is matched by its "
                        "folder or file name to the id or the e-mail's user)")
    parser.add_argument("--base", action="append", default=[], metavar="FILE",
                        help="a starter file you handed out: the similarity report does not count it (repeatable; "
                        "the game's MAIN/ENV, the shipped CLIPS library and the templates are never counted)")
    parser.add_argument("--count-shipped", action="store_true", help="count the game's MAIN/ENV, the shipped CLIPS "
                        "library and the templates in the similarity score too")
    parser.add_argument("--baseline", action="append", default=[], metavar="AGENT",
                        help="a shipped agent played too and compared with (repeatable; the first is the report's "
                        "baseline)")
    parser.add_argument("--scheme", "--thresholds", dest="scheme", metavar="NAME|FILE",
                        help=f"the grading scheme: {', '.join(SCHEMES)} (default: reference: the lower end of the "
                        "95%% interval of the mean score against shipped agents played on the same maps) or a TOML "
                        "file (--thresholds FILE is the same option; see docs/tournament.md)")
    parser.add_argument("--names", action="store_true", help="students' pages name their classmates (default: "
                        "anonymised)")
    add_rules_options(parser)
    add_course_options(parser)
    parser.add_argument("--seed", type=int, default=0, help="seed of every game (default 0)")
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (default: all cores)")
    parser.add_argument("--timeout-per-game", type=float, default=60.0, metavar="SEC",
                        help="a game running longer is killed and counted as a failure (default 60)")
    parser.add_argument("--replay-timeouts", action="store_true",
                        help="play again the games --timeout-per-game killed in an earlier run (default: kept, so "
                        "a hung agent costs its timeouts once)")
    parser.add_argument("--cluster", nargs="?", const="local", metavar="local|tcp://HOST:8786",
                        help="play on a Dask cluster (as bench --cluster)")
    parser.add_argument("--workers", type=int, default=0, metavar="N", help="with --cluster local: worker processes")
    parser.add_argument("--no-coach", action="store_true", help="no coach's advice on the students' pages (it grades "
                        "a few games per submission, about a second each)")
    parser.add_argument("--no-progress", action="store_true", help="no progress line on stderr")
    add_agent_options(parser, several=True)


def _say(text: str) -> None:
    print(f"grade: {text}", file=sys.stderr, flush=True)


def grade_command(args: argparse.Namespace) -> int:
    """Handle ``grade``: 0 when everything was written, 130 when Ctrl-C stopped the games (run again to resume)."""
    started = time.perf_counter()
    out = Path(args.out)
    scheme = read_scheme(args.scheme)  # a bad scheme is a one-line error before any game
    roster = found_in.read_roster(args.roster) if args.roster else None
    entries = found_in.find(args.submissions)
    students = found_in.identify(entries, roster)
    maps = expand_maps(args.maps)
    others = list(dict.fromkeys([*args.baseline, *scheme.references]))  # played beside the class, not graded
    for agent in others:
        resolve(agent)  # an unknown baseline or reference: a one-line error now
        if agent in students:
            raise BattleshipError(f"{args.submissions}: submission {agent} has the name of the shipped agent "
                                  f"{agent} the grades are compared with: rename its folder or file")
    not_played = {e.name: e.error for e in entries if not e.ok}
    scrubber = path_scrubber([e.path for e in entries], Path(args.submissions),
                             [out, *{Path(m).parent for m in maps}])
    for name, why in not_played.items():
        _say(f"not played: {name}: {why}")
    playable = [e for e in entries if e.ok]
    if not playable:
        raise BattleshipError(f"{args.submissions}: no submission can be played")
    names = {e.agent: e.name for e in playable}
    for agent in others:
        names.setdefault(agent, agent)
    out.mkdir(parents=True, exist_ok=True)
    records, planned, interrupted, played_seconds = _play(args, list(names), maps, out)
    if interrupted:
        _say(f"interrupted: the finished games are in {out / 'results.jsonl'}; run the same command again to resume")
        return 130
    for record in records:
        record["agent_text"], record["agent"] = record["agent"], names[record["agent"]]
    checks_started = time.perf_counter()
    findings = _checks(args, playable, maps, out)
    checks_seconds = time.perf_counter() - checks_started
    _say("writing the report")
    results = out / "results.jsonl"
    baseline = args.baseline[0] if args.baseline else None
    reports = analyse(records, baseline, results=results, log_dir=out / "report" / "replays", findings=findings,
                      not_played=not_played)
    _say(f"report: {write_report(records, out / 'report', results, baseline, reports=reports)}")
    report = reports[0]  # one rules profile and seed per grade
    shown = {name: student.name for name, student in students.items()}
    copies = _similarity(args, records, shown, scrubber, out)
    grades, steps = _grades(report, entries, scheme)
    coach_started = time.perf_counter()
    coach = {} if args.no_coach else _coach(args, report, playable, out)
    coach_seconds = time.perf_counter() - coach_started
    pages_started = time.perf_counter()
    written = _pages(args, report, playable, students, not_played, coach, (grades, scheme.explain(steps)),
                     scrubber, out)
    pages_seconds = time.perf_counter() - pages_started
    _say(f"{len(written)} students' pages in {pages_seconds:.1f} s ({pages_seconds / max(1, len(written)):.2f} s "
         f"a page): {out / 'students'}")
    rows = _gradebook(report, entries, students, not_played, grades, copies, scrubber, out)
    _manifest(args, out, entries, maps, records, scheme, steps, planned, {
        "games_played_now": played_seconds, "check_agent": checks_seconds, "coach": coach_seconds,
        "students_pages": pages_seconds, "total": time.perf_counter() - started})
    spread = ", ".join(f"{grade} {sum(r.grade == grade for r in rows)}" for grade in dict.fromkeys(
        [*(step.grade for step in steps), scheme.not_played]))
    _say(f"grades ({scheme.name} scheme): {spread}")
    _say(f"gradebook: {out / 'gradebook.csv'} ({len(rows)} students); manifest: {out / 'manifest.json'}; "
         f"{time.perf_counter() - started:.1f} s in all")
    return APP_FAILED if app_failed(records) else 0


def _play(args: argparse.Namespace, agents: list[str], maps: list[str], out: Path):
    """The tournament (bench's store and --resume): the games of this run as records, the planned games, whether
    Ctrl-C stopped it, and the seconds the games took."""
    results_file = out / "results.jsonl"
    bench_args = argparse.Namespace(**{**vars(args), "out": str(results_file), "resume": results_file.exists(),
                                       "report": None, "plot": None, "chunk_games": 0, "chunk_seconds": 60.0,
                                       "keep_timeouts": not args.replay_timeouts})
    check_options(bench_args)
    profile = profile_from_args(args)
    config = bench.BenchConfig(rules=profile.name, fires=args.fires, guesses=args.guesses, max_steps=args.max_steps,
                               seed=args.seed, params=tuple(parse_agent_params(args.agent_param, agents).items()),
                               pick_first=args.pick_first, step_seconds=step_timeout(args), keep_log=True,
                               **course_config(args))
    results = open_results(bench_args, agents, maps, config)
    batch = bench.make_bench(agents, maps, config, jobs=args.jobs, timeout=args.timeout_per_game, skip=results.skip,
                             cluster=args.cluster, planned=results.planned, workers=args.workers)
    results.games = batch.games
    total = len(batch.games.tasks)
    _say(f"{len(agents)} agents x {len(maps)} maps = {total} games; {total - len(results.skip)} to play "
         f"({len(results.skip)} already in {results_file}); {batch.where}")
    _say(host_status())  # which layers hold on this system (docs/tournament.md: grade untrusted code on Linux)
    seconds, interrupted = play_batch(batch.player, results, bench_args)
    results.save(interrupted)
    by_key = {game_key(r): r for r in results.store.records()}
    # this run's games (an agent resubmitted since: its new files' only), each named by the agent that played
    # it: two submissions with the same files share their games' key, and each gets them
    records = [{**by_key[g.key], "agent": g.task.agent, "map_path": g.task.map_path} for g in results.planned
               if g.key in by_key]
    return records, results.planned, interrupted, seconds


def _checks(args: argparse.Namespace, playable: list, maps: list[str], out: Path) -> dict[str, list[str]]:
    """check-agent's findings per submission (on the first map, twice), remembered in checks.json by agent hash."""
    cache = out / "checks.json"
    known = json.loads(cache.read_text(encoding="utf-8")) if cache.is_file() else {}
    hashes = {e.name: digest_files(agent_files(e.agent)) for e in playable}
    todo = [e for e in playable if hashes[e.name] not in known]
    if todo:
        _say(f"check-agent on {len(todo)} submissions")
        check_maps = [load_game_map(m) for m in maps[:CHECK_MAPS]]
        profile = profile_from_args(args)

        def check(entry) -> list[str]:
            report = check_agent(resolve(entry.agent), check_maps, [profile], seed=args.seed,
                                 step_seconds=step_timeout(args))
            return [f.message for f in report.findings if f.kind != FindingKind.LOAD_ERROR]  # those: from the games

        with ThreadPoolExecutor(max_workers=max(1, args.jobs or 2)) as pool:
            for entry, found in zip(todo, pool.map(check, todo)):
                known[hashes[entry.name]] = found
        atomic_write_text(cache, json.dumps(known, indent=1))
    return {e.name: known[hashes[e.name]] for e in playable}


def _coach(args: argparse.Namespace, report, playable: list, out: Path) -> dict[str, list[tuple[dict, dict]]]:
    """Per submission, a few of its games with the coach's report of each (coach.json keeps the graded ones)."""
    examples = {e.name: example_games([report.table.records[m, e.name] for m in report.table.maps
                                       if (m, e.name) in report.table.records]) for e in playable}
    every = [r for games in examples.values() for r in games]
    _say(f"the coach grades {len(every)} example games")
    graded = coach_games(every, out / "coach.json", jobs=max(1, args.jobs or 2))
    return {name: [(r, graded[game_id(r)]) for r in games] for name, games in examples.items()}


def _figures(line) -> Figures:
    """A standings line's figures (the lower end of the interval is the mean itself with a single map)."""
    return Figures(line.mean, line.mean if line.ci_low is None else line.ci_low, line.percent_of_oracle)


def _grades(report, entries: list, scheme: Scheme) -> tuple[dict[str, str], list[Threshold]]:
    """Each submission's grade by the scheme, and the scheme's thresholds on this class's maps."""
    standings = {s.agent: s for s in report.standings}
    class_means = [standings[e.name].mean for e in entries if e.name in standings]
    figures = {}
    for entry in entries:
        line = standings.get(entry.name)
        figures[entry.name] = None if line is None else Figures(
            line.mean, _figures(line).lower, line.percent_of_oracle, class_rank(line.mean, class_means))
    references = {agent: _figures(standings[agent]) for agent in scheme.references}
    return scheme.grade_class(figures, references)


def _pages(args, report, playable: list, students: dict, not_played: dict, coach: dict,
           graded: tuple[dict[str, str], str], scrubber: PathScrubber, out: Path) -> list[Path]:
    """Write a page per submission (those not played too: their page says why), each with its grade and the
    scheme that gave it."""
    shown = {e.name: students[e.name].name for e in playable}
    grades, scheme = graded
    pages = []
    for name, student in students.items():
        who = Identity(student.id, student.name, name)
        page = page_data(who, report, shown, args.names, not_played=not_played.get(name, ""), scrubber=scrubber)
        page.grade, page.scheme = grades[name], scheme
        if name in coach:
            games_by_map = {m["name"]: m["game"] for m in page.maps}
            graded_games = [(games_by_map.get(r.get("map")), c) for r, c in coach[name]]
            page.coach = summarise([(g, c) for g, c in graded_games if g is not None and "error" not in c])
        pages.append(page)
    return write_pages(pages, out / "students")


def _similarity(args: argparse.Namespace, records: list[dict], shown: dict[str, str], scrubber: PathScrubber,
                out: Path) -> tuple[dict[str, Pair], dict[str, str]]:
    """similarity.html and pairs.csv (students by their roster names): code (without the shipped files nor the
    --base files) and the decisions of the tournament's games. Each submission's strongest pair, and the
    submissions that are a starter unchanged."""
    played: dict[str, dict] = {}
    for record in records:
        if record.get("log"):
            try:
                events = gamelog.replay_text(record["log"]).game.events
            except Exception:  # a log the engine cannot replay adds no decisions
                continue
            taken = game_decisions(events)
            if taken or not record.get("load_errors"):  # played despite load errors: compared on what it did
                played.setdefault(record["agent"], {})[record["map_hash"]] = taken
    skipped: list[tuple[str, str]] = []
    try:
        submissions, pairs = compare_class(args.submissions, args.base, played=played, skipped=skipped,
                                           shipped=not args.count_shipped)
    except SimilarityError as error:
        _say(f"similarity: not written: {scrubber.text(str(error))}")
        return {}, {}
    starters = unchanged_starters(submissions)
    for name, why in skipped:
        _say(f"similarity: {name} left out: {why}")
    flagged = sum(p.flagged for p in pairs)
    base = ", ".join(Path(b).name for b in args.base)
    summary = (f"{len(submissions)} submissions; not counted: "
               + ("nothing shipped" if args.count_shipped else "the game's MAIN/ENV, the shipped CLIPS library and "
                  "the templates") + (f", and {base}" if base else "")
               + f"; flagged at code score {FLAG_AT:g}; behaviour from the tournament's {len(records)} games."
               + (f" Unchanged starters: {', '.join(f'{shown.get(n, n)} ({s})' for n, s in starters.items())}."
                  if starters else "")
               + (f" Left out: {', '.join(f'{n} ({w})' for n, w in skipped)}." if skipped else ""))
    page = write_page(pairs, out / "similarity", scrubber.text(summary), shown)
    atomic_write_text(out / "similarity" / "pairs.csv", pairs_csv(pairs, shown))
    _say(f"similarity: {page} ({len(pairs)} pairs, {flagged} flagged)")
    return strongest_pairs(pairs), starters


def _gradebook(report, entries: list, students: dict, not_played: dict, grades: dict[str, str],
               copies: tuple[dict[str, Pair], dict[str, str]], scrubber: PathScrubber, out: Path) -> list:
    """gradebook.csv: a row per submission, graded by the scheme, with its strongest pair by roster name."""
    standings = {s.agent: s for s in report.standings}
    class_means = [standings[e.name].mean for e in entries if e.name in standings]
    strongest, starters = copies
    rows = []
    for entry in entries:
        student, line = students[entry.name], standings.get(entry.name)
        notes = report.notes.get(entry.name)
        rank = class_rank(line.mean, class_means) if line else None
        if line:
            comment = (f"rank {rank} of {len(class_means)}, mean score {line.mean:.1f}"
                       + (f" ({line.percent_of_oracle:.0f}% of the oracle)" if line.percent_of_oracle is not None
                          else ""))
        else:
            comment = f"not played: {not_played.get(entry.name, 'no games')}"
        if notes and notes.games_with_load_errors:
            comment += f"; {notes.games_with_load_errors} games played with load errors"
        if notes and notes.findings:
            comment += f"; {len(notes.findings)} check-agent findings"
        if entry.name in starters:
            comment += f"; unchanged starter: {starters[entry.name]}"
        pair = strongest.get(entry.name)
        partner = "" if pair is None else pair.right if pair.left == entry.name else pair.left
        closest = "" if pair is None else (f"{students[partner].name} ({pair.code:.2f}"
                                           + (", flagged)" if pair.flagged else ")"))
        rows.append(GradeRow(student.id, student.name, student.email, grades[entry.name], rank,
                             line.mean if line else None, _figures(line).lower if line else None,
                             line.percent_of_oracle if line else None, closest, scrubber.text(comment + "."),
                             f"students/{file_name(student.id)}"))
    atomic_write_text(out / "gradebook.csv", gradebook_csv(rows))
    return rows


def _manifest(args, out: Path, entries: list, maps: list[str], records: list[dict], scheme: Scheme,
              steps: list[Threshold], planned: list, seconds: dict) -> None:
    """manifest.json: what was run (build, versions, files' hashes, maps' hashes, rules, seeds, scheme and its
    thresholds on these maps, times)."""
    def sha(path: Path) -> str:
        return hashlib.sha256(path.read_bytes()).hexdigest()

    keys = {g.task.agent: g.key for g in planned}
    agents = {}
    for entry in entries:
        agents[entry.name] = {"files": {str(p): sha(p) for p in entry.paths}, "agent": entry.agent or None,
                              "agent_hash": keys[entry.agent].agent_hash if entry.agent in keys else None,
                              "error": entry.error or None}
    for baseline in args.baseline:
        agents[baseline] = {"baseline": True, "agent_hash": keys[baseline].agent_hash}
    for reference in scheme.references:
        agents.setdefault(reference, {"agent_hash": keys[reference].agent_hash})["reference"] = True
    manifest = {
        "command": sys.argv,
        "app_build": app_build(), "versions": versions(),
        "rules": sorted({g.key.rules_key for g in planned}), "seeds": sorted({g.key.seed for g in planned}),
        "timeout_per_game": args.timeout_per_game, "maps": {m: map_hash(m) for m in maps},
        "agents": agents, "games": len(records), "games_planned": len(planned),
        "scheme": {"name": scheme.name, "by": scheme.by, "explained": scheme.explain(steps),
                   "thresholds": [{"grade": t.grade, "from": None if t.anchor is None else t.anchor.describe(scheme.by),
                                   "value": t.value} for t in steps],
                   "text": scheme.text},
        "seconds": {k: round(v, 2) for k, v in seconds.items()},
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    atomic_write_text(out / "manifest.json", json.dumps(manifest, indent=1) + "\n")


COMMAND = Subcommand("grade", SUMMARIES["grade"],
                     "Play every submission on the maps (resumable), then write under --out the tournament report, "
                     "a self-contained page per student (standing, grade and the scheme that gave it, results per "
                     "map, load errors, check-agent findings, the coach's advice, an in-page replay of every game), "
                     "the similarity report, the gradebook CSV and a manifest of what was run. See "
                     "docs/tournament.md.",
                     add_arguments, grade_command)
