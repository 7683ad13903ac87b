"""A/B comparison of two agents (two versions of one) over a folder of maps, paired by map.

``sequential`` is the anytime-valid test (numpy only): ``judge(deltas)`` gives the verdict and its interval on scores
one already has (the class arena's version-against-previous verdict), ``SequentialTest`` takes them one map at a
time. ``paired`` words the verdict and its figures, ``versus`` plays the games in the bench's worker pool until the
test decides. Used by ``python main.py bench --versus`` and Compare ▸ A/B; docs/ab.md explains the test.
"""

from app.tournament.ab.paired import Comparison, PairedMap, compare
from app.tournament.ab.sequential import Design, Judgement, SequentialTest, Verdict, judge, run_decisions
from app.tournament.ab.versus import VersusBench, shuffled, stored_games

__all__ = ["Comparison", "Design", "Judgement", "PairedMap", "SequentialTest", "Verdict", "VersusBench", "compare",
           "judge", "run_decisions", "shuffled", "stored_games"]
