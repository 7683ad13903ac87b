"""Answers about one agent's games: what changed between two games (``diff``), what a course agent commonly gets
wrong (``mistakes``, for ``check-agent``), whether the app's game is the course's (``crosscheck``) and the game at an
earlier firing (``rewind``, the window's step back).

Each plays or replays games through ``app.backends`` and may import ``app.backends``, ``app.solver`` and
``app.core``; it does not know batches (``app.tournament``) or the copy detector (``app.similarity``), and nothing
here imports Qt. The CLI and the GUI call it.
"""
