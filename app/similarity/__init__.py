"""Copies found: which submissions of a class share code (and decisions), however disguised.

``find_submissions(folder)`` reads a class (``submissions``); each submission's files are cut into units with
canonical tokens (``clips_units``, ``python_units``); ``rank_pairs(submissions, base)`` scores every pair
(``pairs``); ``behaviour`` adds how alike two agents play the same maps; ``page`` writes the side-by-side
HTML of the flagged pairs. ``python main.py similar`` (``app/cli/similar.py``) runs it; docs/tournament.md
explains the scores.
"""
