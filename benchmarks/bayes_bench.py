"""Benchmark: the bayes agent against the oracle and every other shipped agent.

    python benchmarks/bayes_bench.py [--maps maps/bench] [--rules unito-2019] [--limit N] [--agents a,b]
    python benchmarks/bayes_bench.py --redraw 10 [--limit N]
    python benchmarks/bayes_bench.py --sampling
    python benchmarks/bayes_bench.py --optimum 12

Prints, per group of maps with the same number of cells known at start, the
mean score as % of the oracle (targets: 80% with 0 known, 90% with 2, 95% with 4),
the share of maps where bayes scores at least as much as every other agent
(every shipped Python and CLIPS agent the registry finds, unless --agents
says otherwise), and the bayes decision times: median per decision (start
included as a decision) and worst whole game. Figures only: nothing is asserted.

``--redraw M`` instead measures bayes alone with less luck of the draw: for
each map it plays M more games on maps with the same counts and the same
cells known at start, whose hidden fleet is drawn uniformly (seeded) from
every layout consistent with them — the distribution the map generator and
the agent's posterior both assume. The mean over these is the agent's
expected % of the oracle given each map's start information, next to the
% on the maps themselves.

``--optimum N`` takes luck out altogether, on the maps whose start
information leaves at most N layouts: bayes's exact expected score (one game
on every consistent layout as the hidden fleet, each equally likely) next to
the best expected score any agent can reach there, found by the exact search
of every fire's outcomes (``FirePlanner`` in exact mode, all fires, no
shortlist; over its work budget a map is left out). The difference is how far
the policy is from optimal; the optimum, as % of the oracle, is the most any
agent can expect from those maps.

``--sampling`` instead measures the sampling fallback: for the maps given,
the posterior built with a layout cap below the true count against the exact
one (mean and worst absolute error of P(ship) per cell, and the time).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agents.bayes_agent import BayesAgent  # noqa: E402
from app.backends.games import play  # noqa: E402
from app.backends.params import parse_agent_params  # noqa: E402
from app.backends.python_runner import PythonDriver  # noqa: E402
from app.backends.registry import discover  # noqa: E402
from app.backends.runner import Match  # noqa: E402
from app.cli import run_command  # noqa: E402
from app.core import PROFILES, AgentError, BattleshipError, Game  # noqa: E402
from app.core.formats import load_map  # noqa: E402
from app.tournament.bench import expand_maps, split_agents  # noqa: E402

TARGETS = {0: 80.0, 2: 90.0, 4: 95.0}
#: bands of "layouts at start" in the ``--redraw`` breakdown (21: the most ``--optimum`` can search)
LAYOUT_BANDS = ((1, 21), (22, 64), (65, 200), (201, 600), (601, 10 ** 9))


class TimedBayes(BayesAgent):
    """The bayes agent, recording how long each start/act call takes."""

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.times: list[float] = []
        self.fire_times: list[float] = []

    def start(self, observation):
        began = time.perf_counter()
        super().start(observation)
        self.times.append(time.perf_counter() - began)

    def act(self, observation):
        weighing = not self._done_firing and observation.fires_left > 0  # a lookahead over fires runs
        began = time.perf_counter()
        action = super().act(observation)
        self.times.append(time.perf_counter() - began)
        if weighing:
            self.fire_times.append(self.times[-1])
        return action


#: bayes's settings for every game of the run (``--agent-param``)
PARAMS: dict[str, str] = {}


def play_bayes(game_map, profile) -> tuple[Game, TimedBayes]:
    """One game of bayes (no step time cap: the point is to measure it); the agent holds the times."""
    agent = TimedBayes()
    agent.set_params(PARAMS)
    game = Game(game_map, profile, agent="bayes")
    match = Match(game, PythonDriver(agent, step_seconds=None))
    try:
        match.run()
    finally:
        match.close()
    return game, agent


def other_agents(requested: str | None) -> list[str]:
    """The agents to compare with: the given ones, or every shipped agent but bayes."""
    if requested:
        return split_agents(requested)
    return [name for name in sorted(discover()) if name != "bayes"]


def map_paths(spec: str) -> list[Path]:
    """The maps ``--maps`` names: a folder's map files, a glob pattern's or one file (as ``main.py bench``)."""
    return [Path(name) for name in expand_maps([spec])]


def bench(args: argparse.Namespace) -> None:
    paths = map_paths(args.maps)
    profile = PROFILES[args.rules]
    others = other_agents(args.agents)
    by_group: dict[int, list] = defaultdict(list)
    for path in paths:
        game_map = load_map(path)
        if args.limit and len(by_group[len(game_map.known)]) >= args.limit:
            continue
        by_group[len(game_map.known)].append((path, game_map))
    unavailable: dict[str, str] = {}
    percents: dict[int, list[float]] = defaultdict(list)
    beats: dict[int, list[bool]] = defaultdict(list)
    decisions: list[float] = []
    weighing: list[float] = []
    games: list[float] = []
    worst_game = ("", 0.0)
    losses: list[str] = []
    for known in sorted(by_group):
        for path, game_map in by_group[known]:
            game, agent = play_bayes(game_map, profile)
            times = agent.times
            result = game.result()
            decisions.extend(times)
            weighing.extend(agent.fire_times)
            games.append(sum(times))
            if sum(times) > worst_game[1]:
                worst_game = (path.name, sum(times))
            percents[known].append(100.0 * result.score / result.oracle if result.oracle > 0 else 100.0)
            best_other, best_name = None, ""
            for name in others:
                if name in unavailable:
                    continue
                try:
                    other = play(name, game_map, profile, seed=0, step_seconds=args.step_timeout).result()
                except AgentError as exc:
                    unavailable[name] = str(exc)
                    continue
                if best_other is None or other.score > best_other:
                    best_other, best_name = other.score, name
            ok = best_other is None or result.score >= best_other
            beats[known].append(ok)
            if not ok:
                losses.append(f"{path.name}: bayes {result.score} < {best_name} {best_other}")
            if args.verbose:
                print(f"{path.name}: bayes {result.score}/{result.oracle} in {sum(times):.2f} s; "
                      f"best other {best_name} {best_other}", flush=True)
    compared = [name for name in others if name not in unavailable]
    print(f"bayes on {sum(len(v) for v in by_group.values())} maps from {args.maps} under {profile.name}; "
          f"compared with: {', '.join(compared) or 'nothing'}")
    for name, reason in unavailable.items():
        print(f"  (skipped {name}: {reason})")
    print(f"{'known':>5}  {'maps':>4}  {'mean % of oracle':>16}  {'target':>6}  {'min %':>6}  {'>= every other':>14}")
    for known in sorted(percents):
        values = percents[known]
        target = TARGETS.get(known)
        verdict = "" if target is None else ("met" if statistics.mean(values) >= target else
                                             f"missed by {target - statistics.mean(values):.1f}")
        print(f"{known:>5}  {len(values):>4}  {statistics.mean(values):>16.1f}  "
              f"{(f'{target:.0f}%' if target else '-'):>6}  {min(values):>6.1f}  "
              f"{100.0 * sum(beats[known]) / len(beats[known]):>13.0f}%  {verdict}")
    every = [b for values in beats.values() for b in values]
    print(f"bayes >= every other agent on {sum(every)}/{len(every)} maps ({100.0 * sum(every) / len(every):.0f}%; "
          f"target 90%)")
    print(f"decision time: median {statistics.median(decisions):.3f} s over all {len(decisions)} decisions "
          f"(start included; target < 0.5 s), median {statistics.median(weighing):.3f} s over the "
          f"{len(weighing)} that weighed fires, worst decision {max(decisions):.2f} s")
    print(f"whole game: median {statistics.median(games):.2f} s, worst {worst_game[1]:.2f} s on {worst_game[0]} "
          f"(target < 5 s)")
    for line in losses[: args.show_losses]:
        print(f"  lost: {line}")


def sampling(args: argparse.Namespace) -> None:
    """How good the sampling fallback is, on maps small enough to enumerate exactly."""
    import numpy as np

    from app.solver.bayes.posterior import build_posterior
    from app.solver.fast import Constraints

    paths = map_paths(args.maps)
    print(f"{'map':<24} {'layouts':>7} {'cap':>6} {'sampled':>7} {'eff.':>6} {'mean |dP|':>9} {'max |dP|':>8} "
          f"{'exact s':>7} {'sample s':>8}")
    for path in paths[: args.limit or 6]:
        game_map = load_map(path)
        constraints = Constraints.from_map(game_map)
        began = time.perf_counter()
        exact, report = build_posterior(constraints, cap=10**7)
        exact_time = time.perf_counter() - began
        for cap in (exact.size // 10, exact.size // 3):
            if cap < 20:
                continue
            began = time.perf_counter()
            sampled, _ = build_posterior(constraints, cap=cap)
            sample_time = time.perf_counter() - began
            error = np.abs(sampled.marginals() - exact.marginals())
            print(f"{path.name:<24} {exact.size:>7} {cap:>6} {sampled.size:>7} {sampled.effective_size():>6.0f} "
                  f"{error.mean():>9.3f} {error.max():>8.3f} {exact_time:>7.2f} {sample_time:>8.2f}")


def redraw(args: argparse.Namespace) -> None:
    """bayes on M redrawn hidden fleets per map: its expected % of the oracle given the start information."""
    import random

    from app.solver.fast import Constraints, iter_solutions

    paths = map_paths(args.maps)
    profile = PROFILES[args.rules]
    own: dict[int, list[float]] = defaultdict(list)
    drawn: dict[int, list[float]] = defaultdict(list)
    sizes: dict[int, list[int]] = defaultdict(list)  # layouts at start, per map, in the order of ``drawn``
    for path in paths:
        game_map = load_map(path)
        known = len(game_map.known)
        if args.limit and len(own[known]) >= args.limit:
            continue
        game, _ = play_bayes(game_map, profile)
        own[known].append(game.result().percent_of_oracle or 0.0)
        constraints = Constraints.from_map(game_map)
        layouts = list(iter_solutions(constraints, limit=args.redraw_cap + 1))
        if len(layouts) > args.redraw_cap:
            print(f"  (skipped {path.name}: more than {args.redraw_cap} layouts)")
            own[known].pop()
            continue
        rng = random.Random(f"{path.name}:{args.seed}")
        values = []
        for index in range(args.redraw):
            other = rng.choice(layouts).to_map(constraints, name=f"{game_map.name}-redraw{index}")
            game, _ = play_bayes(other, profile)
            values.append(game.result().percent_of_oracle or 0.0)
        drawn[known].append(statistics.mean(values))
        sizes[known].append(len(layouts))
        if args.verbose:
            print(f"{path.name}: own {own[known][-1]:.1f}%, over {args.redraw} redrawn fleets "
                  f"{drawn[known][-1]:.1f}% ({len(layouts)} layouts)", flush=True)
    print(f"bayes on {sum(len(v) for v in own.values())} maps from {args.maps} under {profile.name}, "
          f"{args.redraw} redrawn hidden fleets per map (seed {args.seed})")
    print(f"{'known':>5}  {'maps':>4}  {'% of oracle, the maps':>21}  {'expected %, redrawn':>19}  {'sd':>5}  "
          f"{'target':>6}")
    for known in sorted(own):
        values = drawn[known]
        target = TARGETS.get(known)
        print(f"{known:>5}  {len(values):>4}  {statistics.mean(own[known]):>21.1f}  {statistics.mean(values):>19.1f}  "
              f"{statistics.stdev(values) if len(values) > 1 else 0.0:>5.1f}  "
              f"{(f'{target:.0f}%' if target else '-'):>6}")
    print("by the number of layouts the start information leaves (the fewer, the less there is to find out):")
    print(f"{'known':>5}  {'layouts':>9}  {'maps':>4}  {'% of oracle, the maps':>21}  {'expected %, redrawn':>19}")
    for known in sorted(own):
        for low, high in LAYOUT_BANDS:
            band = [i for i, size in enumerate(sizes[known]) if low <= size <= high]
            if band:
                print(f"{known:>5}  {f'{low}-{high}' if high < 10 ** 9 else f'{low}+':>9}  {len(band):>4}  "
                      f"{statistics.mean(own[known][i] for i in band):>21.1f}  "
                      f"{statistics.mean(drawn[known][i] for i in band):>19.1f}")


def optimum(args: argparse.Namespace) -> None:
    """bayes's exact expected score against the best possible one, on maps with at most N layouts."""
    import numpy as np

    from app.solver.bayes.decisions import ScoreModel, Situation
    from app.solver.bayes.planner import FirePlanner, OutOfBudget
    from app.solver.bayes.posterior import Posterior
    from app.solver.fast import Constraints, iter_solutions

    paths = map_paths(args.maps)
    profile = PROFILES[args.rules]
    model = ScoreModel(profile.weights)
    rows: dict[int, list[tuple[float, float, float]]] = defaultdict(list)  # known -> (bayes, best, oracle)
    skipped = defaultdict(int)
    for path in paths:
        game_map = load_map(path)
        known = len(game_map.known)
        constraints = Constraints.from_map(game_map)
        layouts = list(iter_solutions(constraints, limit=args.optimum + 1))
        if len(layouts) > args.optimum or (args.limit and len(rows[known]) >= args.limit):
            skipped[known] += 1
            continue
        posterior = Posterior.from_solutions(layouts)  # every layout, equally likely: the exact posterior
        planner = FirePlanner(posterior, model, budget=args.optimum_budget, last_shortlist=None)
        began = time.perf_counter()
        try:
            start = Game(game_map, profile).observation()
            best = planner.choose(np.ones(posterior.size, dtype=bool), Situation.from_observation(start), 0).value
        except OutOfBudget:
            print(f"  (left out {path.name}: the exact search needs more than {args.optimum_budget} flag "
                  f"optimisations)")
            skipped[known] += 1
            continue
        search_time = time.perf_counter() - began
        results = [play_bayes(layout.to_map(constraints, name=f"{game_map.name}-{index}"), profile)[0].result()
                   for index, layout in enumerate(layouts)]
        oracle = statistics.mean(r.oracle for r in results)  # the same for every layout under both profiles
        expected = statistics.mean(r.score for r in results)
        rows[known].append((expected, best, oracle))
        if args.verbose:
            print(f"{path.name}: {len(layouts)} layouts, bayes expects {expected:.2f}, the best policy {best:.2f}, "
                  f"oracle {oracle:g} (search {search_time:.1f} s, {planner.evaluations} flag optimisations)",
                  flush=True)
    print(f"bayes against the best possible policy on the maps of {args.maps} with at most {args.optimum} "
          f"layouts, under {profile.name} (expected scores: every layout played, each equally likely)")
    print(f"{'known':>5}  {'maps':>4}  {'left out':>8}  {'bayes, expected %':>17}  {'best policy, expected %':>23}  "
          f"{'maps where bayes < best':>23}")
    for known in sorted(set(rows) | set(skipped)):
        group = rows[known]
        if not group:
            print(f"{known:>5}  {0:>4}  {skipped[known]:>8}")
            continue
        oracle = sum(o for _, _, o in group)
        behind = sum(best - expected > 1e-6 for expected, best, _ in group)
        print(f"{known:>5}  {len(group):>4}  {skipped[known]:>8}  "
              f"{100 * sum(e for e, _, _ in group) / oracle:>17.2f}  {100 * sum(b for _, b, _ in group) / oracle:>23.2f}  "
              f"{behind:>23}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default=str(ROOT / "maps" / "bench"), help="a folder of map files, a glob pattern or one map")
    parser.add_argument("--rules", default="unito-2019", choices=sorted(PROFILES))
    parser.add_argument("--limit", type=int, default=0, help="at most this many maps per known-cell group")
    parser.add_argument("--agent-param", action="append", metavar="KEY=VALUE",
                        help="a bayes setting for every game (repeatable), e.g. plan_layouts=20")
    parser.add_argument("--agents", help="agents to compare with, comma-separated (default: every other one)")
    parser.add_argument("--step-timeout", type=float, default=10.0, help="step time cap of the other agents")
    parser.add_argument("--show-losses", type=int, default=10, help="list this many maps bayes did not win")
    parser.add_argument("--verbose", action="store_true", help="one line per map")
    parser.add_argument("--sampling", action="store_true", help="measure the sampling fallback instead")
    parser.add_argument("--redraw", type=int, default=0, metavar="M",
                        help="measure bayes alone on M redrawn hidden fleets per map instead")
    parser.add_argument("--redraw-cap", type=int, default=20_000, help="skip maps with more layouts than this")
    parser.add_argument("--seed", type=int, default=0, help="seed of the redrawn fleets")
    parser.add_argument("--optimum", type=int, default=0, metavar="N",
                        help="on maps with at most N layouts, bayes's expected score against the best possible")
    parser.add_argument("--optimum-budget", type=int, default=20_000,
                        help="flag optimisations the exact search may make per map (more: the map is left out)")
    args = parser.parse_args()
    try:
        PARAMS.update(parse_agent_params(args.agent_param))
        TimedBayes().set_params(PARAMS)
    except BattleshipError as error:
        parser.error(str(error))
    if args.sampling:
        sampling(args)
    elif args.redraw:
        redraw(args)
    elif args.optimum:
        optimum(args)
    else:
        bench(args)


if __name__ == "__main__":
    sys.exit(run_command(main))
