"""The documentation says what the code does: formulas, examples and figures in docs/rules.md, and links."""

from __future__ import annotations

import re

import pytest

from app.core.formats import load_map
from app.core.oracle import oracle_score
from app.core.rules import PROFILES
from tests.paths import BIMARU_DIR, MAPS_DIR, ROOT

RULES = ROOT / "docs" / "rules.md"
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def code_blocks(text: str) -> list[str]:
    """The fenced code blocks of a Markdown text, without their fences."""
    return re.findall(r"^```[^\n]*\n(.*?)^```", text, flags=re.DOTALL | re.MULTILINE)


def anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading."""
    slug = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return slug.replace(" ", "-")


class TestRules:
    def test_every_profile_formula_is_the_code_s(self):
        text = RULES.read_text()
        for profile in PROFILES.values():
            assert f"| `{profile.name}`" in text
            assert f"`{profile.formula()}`" in text

    def test_the_bimaru_example_is_the_published_instance(self):
        blocks = code_blocks(RULES.read_text())
        assert (BIMARU_DIR / "instance01.txt").read_text() in blocks
        assert (BIMARU_DIR / "instance01.out").read_text() in blocks

    def test_the_native_example_is_the_shipped_map(self):
        assert (MAPS_DIR / "four-known.map").read_text() in code_blocks(RULES.read_text())

    def test_the_best_scores_quoted_are_the_oracle_s(self):
        text = RULES.read_text()
        open_sea, four_known = load_map(MAPS_DIR / "open-sea.map"), load_map(MAPS_DIR / "four-known.map")
        assert not open_sea.known and open_sea.is_valid()
        best = [oracle_score(open_sea, p) for p in PROFILES.values()]
        assert f"**{best[0]}** under\n`unito-2019`" in text and f"**{best[1]}** under `unito-2022`" in text
        known = [oracle_score(four_known, p) for p in PROFILES.values()]
        assert f"oracle of {known[0]} under `unito-2019` and {known[1]}\nunder `unito-2022`" in text


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_relative_links_resolve(page):
    """Every relative link of a page names a file of the repo, and an anchor names a heading there."""
    broken = []
    for target in _LINK.findall(page.read_text()):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, fragment = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(target)
        elif fragment and linked.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", linked.read_text(), flags=re.MULTILINE)
            if fragment not in {anchor(h) for h in headings}:
                broken.append(target)
    assert not broken, f"{page.name}: broken links {broken}"
