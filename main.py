#!/usr/bin/env python3
"""Battleship Lab: the one entry point. GUI by default; headless subcommands (see --help)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))  # os.path, not pathlib: a lighter start

from app.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
