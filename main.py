#!/usr/bin/env python3
"""Battleship Lab: the one entry point. GUI by default; headless subcommands (see --help)."""

import os
import sys

if sys.version_info < (3, 11):  # noqa: UP036  (before any of the app's imports: they need 3.11)
    sys.exit("error: Battleship Lab needs Python 3.11 or later; this is Python %d.%d (docs/install.md)"  # noqa: UP031
             % sys.version_info[:2])

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))  # os.path, not pathlib: a lighter start

from app.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
