"""Exact posterior over fleet placements and expected-score decisions (the ``bayes`` agent's machinery).

Shared by the ``bayes`` agent (``agents/bayes_agent.py``) and the coach (``app.solver.coach``).
Pure Python + numpy; layouts come from the project's enumerator, ``app.solver.fast``.
"""
