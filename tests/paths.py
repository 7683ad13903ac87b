"""Where the tests find data: the repo's maps and the shared real-world files."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
COURSE_MAPS = SHARED / "data" / "course-maps"
BIMARU_DIR = SHARED / "data" / "bimaru"
MAPS_DIR = ROOT / "maps"
