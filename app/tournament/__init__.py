"""Batches and tournaments: many games of many agents, and what their scores say.

It holds the batch (``bench``: every (agent, map) game in a pool of worker processes or on a Dask cluster, the
results file and its resumption), the A/B comparison of two agents on the same maps (``ab``), a class's submissions
as the teacher has them (``submissions``), the paired statistics they share (``stats``) and the bench's plots
(``plots``). It plays each game through ``app.backends`` (exactly as ``run`` does) and may import ``app.backends``,
``app.solver`` and ``app.core``; never the answers about agents (``app.analysis``, ``app.similarity``), the report,
the GUI or the CLI, which sit above it. No Qt here.
"""
