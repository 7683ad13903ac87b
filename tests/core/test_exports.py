"""``app.core`` and ``app.core.formats`` export their names lazily (PEP 562): same names, loaded on use."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import app.core
import app.core.formats
from tests.paths import ROOT


def test_every_name_of_all_resolves_to_its_module_object():
    for name in app.core.__all__:
        value = getattr(app.core, name)
        module = importlib.import_module(app.core._MODULE_OF[name])
        assert value is getattr(module, name)
    assert set(app.core.__all__) == set(app.core._MODULE_OF)
    assert set(app.core.__all__) <= set(dir(app.core))


def test_star_import_and_unknown_name():
    namespace: dict = {}
    exec("from app.core import *", namespace)
    assert {name for name in namespace if not name.startswith("__")} == set(app.core.__all__)
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        app.core.Nope  # noqa: B018
    with pytest.raises(ImportError):
        exec("from app.core import Nope", {})


def test_formats_submodules_and_names_still_reachable():
    from app.core.formats import GameMap, PuzzleSolver, clp, native  # noqa: F401
    from app.core.gamemap import GameMap as Model

    assert GameMap is Model
    assert app.core.formats.native is native and callable(clp.parse)
    with pytest.raises(AttributeError):
        app.core.formats.nope  # noqa: B018


def test_importing_the_packages_loads_no_engine_module():
    code = ("import sys, app.core, app.core.formats; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('app.'))))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert set(done.stdout.split()) == {"app.core", "app.core.errors", "app.core.formats",
                                        "app.core.formats.bimaru", "app.core.frozen", "app.core.grid"}
