"""The grade spread of a realistic class: ``grade`` with its default scheme on agents of very different strength.

The class (made in a temporary folder, or ``--class-dir``): each shipped agent as a student's copy made by
``new-agent --from NAME`` (bayes, probabilistico, incrocio, bdi, cross, random), and copies of incrocio with
rules removed, weaker step by step (``WEAKENED``): no finishing shots, no flags but the certain ones, no
deductions about rows and columns, and firing only at the strategy's crossing.

    python benchmarks/grade_spread.py [--maps 24] [--jobs 2] [--scheme reference] [--out DIR]

Prints each student's mean score, the lower end of its 95% interval, its grade, and the spread (how many of
each grade). ``tests/cli/test_grade_spread.py`` grades the same class on fewer maps.
"""

from __future__ import annotations

import argparse
import csv
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.backends.clips.source import read  # noqa: E402
from app.cli.new_agent import make_agent  # noqa: E402

SHIPPED = ("bayes", "probabilistico", "incrocio", "bdi", "cross", "random")
#: incrocio's copies, each without more of knowledge.clp's rules than the one before
WEAKENED = {
    "incrocio-no-finish": ("fire-to-finish-four", "fire-b-cell-near-f-cell"),
    "incrocio-certain-flags": ("fire-to-finish-four", "fire-b-cell-near-f-cell", "guess-by-strategy"),
    "incrocio-no-lines": ("fire-to-finish-four", "fire-b-cell-near-f-cell", "guess-by-strategy", "sweep-lines",
                          "water-on-diagonals"),
    "incrocio-fires-only": ("fire-to-finish-four", "fire-b-cell-near-f-cell", "guess-by-strategy",
                            "flag-certain-ship"),
}


def without_rules(text: str, names: tuple[str, ...]) -> str:
    """A CLIPS file's text without the rules ``names`` (read with the project's CLIPS reader)."""
    lines = text.splitlines()
    for form in sorted(read(text).forms, key=lambda f: -f.line):
        atoms = form.atoms()
        if form.head == "defrule" and len(atoms) > 1 and atoms[1] in names:
            del lines[form.line - 1:form.end_line]
    return "\n".join(lines) + "\n"


def make_class(folder: Path, shipped: tuple[str, ...] = SHIPPED) -> list[str]:
    """The class in ``folder`` (created): the shipped agents' copies and incrocio's weakened ones; their names."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in shipped:
        make_agent(f"student-{name}", name, folder)
    for name, rules in WEAKENED.items():
        agent = make_agent(name, "incrocio", folder)
        library = agent / "knowledge.clp"
        library.write_text(without_rules(library.read_text(encoding="utf-8"), rules), encoding="utf-8")
    return sorted(p.name for p in folder.iterdir())


def bench_maps(folder: Path, count: int) -> Path:
    """``count`` maps of maps/bench, as many of each level of cells known at start (0, 2, 4), copied into
    ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    levels = [sorted((ROOT / "maps" / "bench").glob(f"k{k}-*.map")) for k in (0, 2, 4)]
    for index in range(count):
        path = levels[index % 3][index // 3]
        shutil.copy(path, folder / path.name)
    return folder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", type=int, default=24, help="maps of maps/bench played (default 24)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scheme", default="reference", help="grade's --scheme (default: reference)")
    parser.add_argument("--out", help="the grade output folder (default: a temporary one)")
    parser.add_argument("--class-dir", help="where to make the class (default: a temporary one)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="grade-spread-"))
    class_dir = Path(args.class_dir) if args.class_dir else work / "class"
    out = Path(args.out) if args.out else work / "out"
    names = make_class(class_dir)
    maps = bench_maps(work / "maps", args.maps)
    print(f"class: {len(names)} submissions in {class_dir}; {args.maps} maps; out {out}")
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "grade", str(class_dir), "--maps", str(maps),
                           "--out", str(out), "--jobs", str(args.jobs), "--scheme", args.scheme, "--no-coach",
                           "--no-progress"], capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stderr[-3000:])
        return done.returncode
    rows = sorted(csv.DictReader((out / "gradebook.csv").open(encoding="utf-8")),
                  key=lambda r: -float(r["mean_score"]))
    print(f"{'student':<26} {'mean':>7} {'lower 95':>8}  grade")
    for row in rows:
        print(f"{row['name']:<26} {float(row['mean_score']):>7.1f} {float(row['score_lower_95']):>8.1f}  "
              f"{row['grade']}")
    for line in done.stderr.splitlines():
        if line.startswith("grade: grades"):
            print(line.removeprefix("grade: "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
