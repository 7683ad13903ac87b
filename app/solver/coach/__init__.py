"""The coach: a finished game's decisions graded against ``bayes``'s play with the agent's own information.

``coach_game(game)`` returns a ``CoachReport``; ``format_report`` prints it. See ``docs/coach.md``.
"""

from app.solver.coach.review import CoachReport, Decision, DecisionKind, coach_game, losses_by_cell

__all__ = ["CoachReport", "Decision", "DecisionKind", "coach_game", "losses_by_cell"]
