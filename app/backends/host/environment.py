"""What an agent host process is started with: the few settings of the app's environment it keeps, and where it
finds the app's packages (the zygote, a spawned child and the tests' simulated OS read it)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from app.core.paths import ROOT

#: what the child keeps of the app's environment (the rest, e.g. PYTHONPATH naming a teacher's folders, stays out)
KEPT_ENVIRONMENT = ("LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TZ", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                    "MKL_NUM_THREADS", "SYSTEMROOT", "PATH")


#: a test hook: a folder put first on the children's path (tests/portable/sim simulates another OS in them too)
CHILD_SITE = "BATTLESHIP_LAB_CHILD_SITE"


def child_environment() -> dict[str, str]:
    """The child's environment: a few of the app's settings and its own; where the app's packages are found
    (``sys.path``'s site-packages and the app's root), nothing else, but the folder ``CHILD_SITE`` names, first."""
    environment = {key: os.environ[key] for key in KEPT_ENVIRONMENT if key in os.environ}
    packages = [entry for entry in sys.path if entry and "-packages" in Path(entry).name]
    site = [os.environ[CHILD_SITE]] if os.environ.get(CHILD_SITE) else []
    environment.update(PYTHONDONTWRITEBYTECODE="1", PYTHONUNBUFFERED="1", PYTHONNOUSERSITE="1",
                       PYTHONPATH=os.pathsep.join([*site, str(ROOT), *packages]))
    return environment
