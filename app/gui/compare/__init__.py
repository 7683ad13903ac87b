"""The Compare window: agents side by side on one map, and in batch over a folder of maps.

Side by side: 2 to 4 agents on one map, each in its own lane (board, score
panel, log) driven by its own ``GameSession``; a ``Lockstep`` controller asks
every lane for one step and waits for all of them before the next, so the
boards always show the same step. When every game is over a results table
compares them.

Batch: every chosen agent on every map of a folder, through the batch layer
(``app.tournament.bench.Bench``, the same process pool as ``main.py bench``, or
``ClusterBench`` on a Dask cluster, as ``bench --cluster``) on a worker thread; a progress bar, then sortable tables (per agent, per
game), the bench plots, and CSV export.

Here: ``window`` (``CompareWindow``), ``side_by_side`` with its ``lane`` and
``lockstep``, ``batch``, and what both tabs use: ``tables`` and ``controls``.
"""
