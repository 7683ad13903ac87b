"""Where the tests find data: the repo's maps and the real-world files copied into tests/data/."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
COURSE_MAPS = DATA / "course-maps"
BIMARU_DIR = DATA / "bimaru"
MAPS_DIR = ROOT / "maps"
COURSE_CASES = DATA / "course-cases"
COURSE_ENV = ROOT.parent / "shared" / "course-env"  # the course's own MAIN/ENV files: not ours, not in the repo
