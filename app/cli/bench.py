"""``bench``: every agent on every map in a process pool, then one table per agent."""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
import time

from app.backends.params import parse_agent_params
from app.backends.registry import resolve
from app.cli import SUMMARIES, Subcommand
from app.cli.common import (
    APP_FAILED,
    add_agent_options,
    add_course_options,
    add_rules_options,
    course_from_args,
    profile_from_args,
    step_timeout,
)
from app.cli.progress import Progress, RateProgress
from app.cli.report import add_report_options, make_report
from app.cli.versus import add_versus_arguments, refuse_versus_options, versus_command
from app.core import BattleshipError
from app.tournament import bench, plots
from app.tournament.bench.results import BenchResults, is_tournament_file
from app.tournament.bench.store import STORE_SUFFIX, ResultStore

CHECKPOINT_SECONDS = 1.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``bench``."""
    parser.add_argument("--agents", required=True, metavar="A,B,...",
                        help="agent names or files, comma-separated (a multi-file CLIPS agent: its folder); "
                        "a folder of submissions stands for each .py, .clp and agent folder in it")
    parser.add_argument("--maps", required=True, nargs="+", metavar="DIR|GLOB|FILE",
                        help="map folders (their map files), glob patterns (quote them) or files")
    add_rules_options(parser)
    add_course_options(parser)
    parser.add_argument("--seed", type=int, default=0, help="seed for agents that draw at random (default 0), "
                        "the same for every game, as in run")
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (default: all cores)")
    parser.add_argument("--timeout-per-game", type=float, default=60.0, metavar="SEC",
                        help="a game running longer is killed and counted as a failure (default 60)")
    parser.add_argument("--out", metavar="RESULTS.csv|.json|.jsonl",
                        help="one row per (agent, map) with every statistic, the action count and the time "
                        "(written atomically; kept on Ctrl-C); .jsonl: a tournament file, each game appended "
                        "as it finishes, keyed by agent and map contents, rules and seed")
    parser.add_argument("--resume", action="store_true",
                        help="with --out RESULTS.jsonl: play only the games not in it yet, and again those not "
                        "scored (killed by --timeout-per-game, their worker died or was killed)")
    add_report_options(parser)
    parser.add_argument("--plot", metavar="SCORES.png", help="score box plot and mean %% of oracle per agent "
                        "(.png, .svg or .pdf)")
    add_agent_options(parser, several=True)
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--coach", action="store_true",
                        help="also grade every game with the coach (docs/coach.md): adds the mean luck-adjusted "
                             "score and the coach's seconds per game to the table (a few seconds more per game)")
    parser.add_argument("--cluster", nargs="?", const="local", metavar="local|tcp://HOST:8786",
                        help="play on a Dask cluster: 'local' (the default) starts one on this machine, an address "
                        "uses a running scheduler (needs pip install dask distributed; see docs/tournament.md)")
    parser.add_argument("--workers", type=int, default=0, metavar="N",
                        help="with --cluster local: worker processes (default: all cores)")
    parser.add_argument("--chunk-seconds", type=float, default=60.0, metavar="SEC",
                        help="with --cluster: the work in a chunk, from the measured time of each agent's games "
                        "(default 60; shorter near the end, so the workers finish together)")
    parser.add_argument("--chunk-games", type=int, default=0, metavar="N",
                        help="with --cluster: a fixed number of games per chunk instead of --chunk-seconds")
    parser.add_argument("--no-progress", action="store_true", help="no progress line on stderr")
    add_versus_arguments(parser)


@contextlib.contextmanager
def _sigterm_as_interrupt():
    """SIGTERM stops the bench like Ctrl-C does (finished games are kept)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def app_failed(rows) -> int:
    """How many of ``rows`` (GameRows or their dicts) the app failed to play (played twice: ``rows.after_retry``);
    said on stderr when there are some."""
    failed = sum((row.get("failure") if isinstance(row, dict) else row.failure) == bench.FailureKind.APP
                 for row in rows)
    if failed:
        print(f"error: {failed} game{'s' if failed != 1 else ''} could not be played for the app's reasons (tried "
              f"twice; the agents are not charged with them): exit code {APP_FAILED}", file=sys.stderr)
    return failed


def bench_command(args: argparse.Namespace) -> int:
    """Handle ``bench``: exit 0 when every game was played (the agents' failures are counted, not fatal),
    ``APP_FAILED`` when some could not be played for the app's reasons, 130 on Ctrl-C."""
    if args.versus is not None:  # an A/B comparison: its own run (app/cli/versus.py)
        return versus_command(args)
    refuse_versus_options(args)
    agents = _agents(args.agents)
    maps = bench.expand_maps(args.maps)
    profile = profile_from_args(args)
    check_options(args)
    config = bench.BenchConfig(rules=profile.name, fires=args.fires, guesses=args.guesses,
                               max_steps=args.max_steps, seed=args.seed,
                               params=tuple(parse_agent_params(args.agent_param, agents).items()),
                               pick_first=args.pick_first, step_seconds=step_timeout(args), coach=args.coach,
                               **course_config(args))
    results = open_results(args, agents, maps, config)
    batch = bench.make_bench(agents, maps, config, jobs=args.jobs, timeout=args.timeout_per_game,
                             skip=results.skip, cluster=args.cluster, planned=results.planned,
                             workers=args.workers, chunk_games=args.chunk_games, chunk_seconds=args.chunk_seconds)
    results.games = batch.games
    total = len(batch.games.tasks)
    print(f"bench: {len(agents)} agents x {len(maps)} maps = {total} games; rules {profile.name}; "
          f"seed {args.seed}; {batch.where}; timeout {args.timeout_per_game:g} s per game", file=sys.stderr)
    if results.skip or results.again:
        replayed = f" ({results.again} not scored before: played again)" if results.again else ""
        print(f"resume: {len(results.skip)} games already in {args.out}, {total - len(results.skip)} to play"
              f"{replayed}", file=sys.stderr)
    elapsed, interrupted = play_batch(batch.player, results, args)
    for note in getattr(batch.player, "notes", ()):
        print(f"cluster: {note}", file=sys.stderr)
    results.save(interrupted)
    rows = results.ordered()
    print_summary(args, rows, results, elapsed, profile.name, interrupted)
    if interrupted:
        print(f"interrupted: kept the {len(rows)} finished games of {total}", file=sys.stderr)
        return 130
    return APP_FAILED if app_failed(rows) else 0


def course_config(args: argparse.Namespace) -> dict[str, str]:
    """The BenchConfig fields for --course-main and --course-env (none without them)."""
    course = course_from_args(args)
    return {} if course is None else {"course_main": str(course.main), "course_env": str(course.env)}


def _agents(text: str) -> list[str]:
    """The agents asked for, each resolved now: an unknown agent is a one-line error before any game starts.
    A submission of a folder of submissions that cannot be played is a one-line note and is left out: one
    student's broken load order does not stop the class."""
    refused: list = []
    agents = bench.expand_agents(text, refused)
    for submission in refused:
        print(f"not played: {submission.error}", file=sys.stderr)
    for agent in agents:
        resolve(agent)
    if not agents:
        raise BattleshipError(f"--agents {text}: no agent can be played")
    return agents


def _is_tournament(args: argparse.Namespace) -> bool:
    return is_tournament_file(args.out)


def check_options(args: argparse.Namespace) -> None:
    """BattleshipError for options that are out of range or do not go together (before any game starts)."""
    if args.workers < 0 or args.chunk_games < 0:
        raise BattleshipError("--workers and --chunk-games must be 0 (automatic) or more")
    if args.chunk_seconds <= 0:
        raise BattleshipError(f"--chunk-seconds must be more than 0, not {args.chunk_seconds:g}")
    if args.workers and args.cluster != "local":
        raise BattleshipError("--workers is for --cluster local (an existing scheduler has its own workers)")
    if args.jobs < 0:
        raise BattleshipError(f"--jobs must be 0 (all cores) or more, not {args.jobs}")
    if args.timeout_per_game <= 0:
        raise BattleshipError(f"--timeout-per-game must be more than 0, not {args.timeout_per_game:g}")
    tournament = _is_tournament(args)
    if args.report and not tournament:
        raise BattleshipError(f"--report needs --out RESULTS{STORE_SUFFIX} (the tournament file it reads)")
    if args.resume and not tournament:
        raise BattleshipError(f"--resume needs --out RESULTS{STORE_SUFFIX} (the tournament file to continue)")
    if args.out and not tournament:
        bench.results_format(args.out)
    if args.plot:
        plots.new_figure()  # matplotlib present, else a one-line error now rather than after the run
        if args.plot.lower().rsplit(".", 1)[-1] not in plots.PLOT_FORMATS:
            raise BattleshipError(f"{args.plot}: the plot file must end in .png, .svg or .pdf")


def open_results(args: argparse.Namespace, agents: list[str], maps: list[str], config) -> BenchResults:
    """Where this run's games go (``--out``; ``--resume`` continues a tournament file): a one-line error for a
    tournament file that holds results already without ``--resume``."""
    if _is_tournament(args) and ResultStore(args.out).exists() and not args.resume:
        raise BattleshipError(f"{args.out}: already holds results: add --resume to play only the missing "
                              "games, or choose another file")
    return BenchResults(args.out, agents, maps, config, resume=args.resume,
                        keep_timeouts=getattr(args, "keep_timeouts", False))


def play_batch(player, results: BenchResults, args: argparse.Namespace) -> tuple[float, bool]:
    """Play the games with a progress line, a note for each failure and a checkpoint every second; returns the
    seconds taken and whether Ctrl-C (or SIGTERM) stopped it."""
    progress = (RateProgress if args.cluster else Progress)(len(results.games.tasks) - len(results.skip),
                                                            enabled=not args.no_progress)
    started = last_save = time.perf_counter()
    interrupted = False
    load_noted: set[str] = set()
    try:
        with _sigterm_as_interrupt(), contextlib.closing(player.run()) as games:
            for index, row in games:
                results.add(index, row, getattr(player, "hosts", {}).get(index))
                progress.update(bool(row.failure))
                if row.status != bench.RowStatus.OK:
                    progress.note(f"{row.map_path}: {row.agent}: {row.failure}: {row.error}")
                elif row.load_errors and row.agent not in load_noted:  # once per agent: every row is marked
                    load_noted.add(row.agent)
                    progress.note(f"{row.agent}: agent loaded with {row.load_errors} error"
                                  f"{'s' if row.load_errors != 1 else ''}: its games are marked "
                                  f"{bench.FailureKind.LOAD_ERRORS} (check-agent {row.agent} lists them)")
                if args.out and time.perf_counter() - last_save >= CHECKPOINT_SECONDS:
                    results.save(False)  # a checkpoint: the finished games survive even a kill
                    last_save = time.perf_counter()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        progress.close()
    return time.perf_counter() - started, interrupted


def print_summary(args: argparse.Namespace, rows: list, results: BenchResults, elapsed: float, rules: str,
                  interrupted: bool) -> None:
    """The table (and the plot and the report asked for) of the finished games."""
    summaries = bench.summarize(rows, results.agents)
    total = len(results.games.tasks)
    print(f"{len(rows)} of {total} games ({len(results.finished)} played in {elapsed:.1f} s; rules {rules}, "
          f"seed {args.seed})")
    print(bench.format_table(summaries, markdown=args.markdown))
    if args.plot and rows:
        plots.save_plot(args.plot, summaries, f"{len(results.meta['maps'])} maps, rules {rules}")
    if args.out:
        print(f"results: {args.out}", file=sys.stderr)
    if args.report and rows and not interrupted:
        make_report(args.out, args.report, args.baseline, args.worst)


COMMAND = Subcommand("bench", SUMMARIES["bench"],
                     "Play every agent on every map in a pool of worker processes and print one line per agent: "
                     "games, mean/median/min/max score, mean % of oracle, fires and flags ok/ko, ships sunk, "
                     "precision, recall, seconds per game and failures. Ctrl-C stops and keeps the finished "
                     "games.",
                     add_arguments, bench_command)
