"""A/B comparison of two agents (two versions of one) over a folder of maps, paired by map.

``sequential`` decides when to stop (numpy only), ``paired`` computes the figures and words the verdict,
``versus`` plays the games in the bench's worker pool. Used by ``python main.py bench --versus`` and meant for
the GUI's Compare window; docs/ab.md explains the figures.
"""

from app.tournament.ab.paired import Comparison, PairedMap, compare
from app.tournament.ab.sequential import Design, SequentialTest, Verdict, run_decisions
from app.tournament.ab.versus import VersusBench, shuffled, stored_games

__all__ = ["Comparison", "Design", "PairedMap", "SequentialTest", "Verdict", "VersusBench", "compare",
           "run_decisions", "shuffled", "stored_games"]
