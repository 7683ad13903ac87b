#!/usr/bin/env python3
"""Battleship Lab: the one entry point. GUI by default; headless subcommands (see --help)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from app.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
