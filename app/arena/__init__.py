"""The class arena (issue 40): students submit agents during the term and see where they stand on hidden maps.

The store (this branch's modules, lowest first): ``schema`` (the tables), ``database`` (the engine from a URL and
the Alembic migrations in ``migrations/``), ``accounts`` (roster and tokens: who a token is), ``queue`` (the games
to play, claimed fairly, recorded, requeued, recovered after a restart), ``intake`` (a submission: its checks, its
version and its games), ``standings`` (the leaderboard, a version's verdict against the previous one, similarity
flags, the gradebook), ``playing`` (``ArenaPlayer``: the thread that plays queued games in worker processes or on
a Dask cluster) and ``service`` (``Arena``: the one facade the web layer and the command line call).
The web layer (``web``, ``pages``, ``serving``) sits above ``service``; the client (``client``) knows none of these.
SQLAlchemy and Alembic are optional dependencies (requirements-arena.txt): only these modules import them.
"""
