"""How an agent is played: one game, one driver at a time.

It holds the driver contract (``base``), the match runner that plays a driver against a game (``runner``, and
``games.play`` for names and files), the agent kinds and their registry (``kinds``, ``registry``), the CLIPS bridge
(``clips``), the Python runner (``python_runner``), the human player (``human``), the protocol checks of a played
step (``step_checks``), runner parameters (``params``), an agent's trace and its provenance as plain data for any
kind (``tracing``: what the Rules tab, the why tree and ``run --trace`` show) and the agent host that plays a game
in a confined process (``host``; ``drivers`` chooses between it and a kind's in-process driver). It may import ``app.solver`` and
``app.core`` only: batches (``app.tournament``), the answers about agents (``app.analysis``, ``app.similarity``),
the report, the GUI and the CLI are built on it. No Qt here; clipspy only in ``clips`` and the kinds that use it.
"""
