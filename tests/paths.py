"""Where the tests find data: the repo's maps and the real-world files copied into tests/data/."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
COURSE_MAPS = DATA / "course-maps"
BIMARU_DIR = DATA / "bimaru"
MAPS_DIR = ROOT / "maps"
