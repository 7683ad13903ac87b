"""The ``bayes`` agent's machinery: the posterior over fleet placements and expected-score decisions.

Pure Python + numpy; layouts come from the project's enumerator, ``app.solver.fast``.
"""
