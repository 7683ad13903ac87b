"""The similarity report as HTML: the ranked pairs, and for each flagged pair its matched units side by side.

Self-contained (inline style, no script, no network): it opens from a USB stick. ``pair_section`` is the
fragment of one pair and ``pairs_table`` the ranking, for a larger report to embed; ``write_page`` writes
them as ``similarity.html``. Only the standard library: the page can move with the rest of the presentation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path

from app.similarity.pairs import Pair, UnitMatch

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.flagged td { background: #fff1f0; }
table.side { width: 100%; table-layout: fixed; margin-bottom: 1.2em; }
table.side td { width: 50%; }
pre { margin: 0; white-space: pre-wrap; font-size: 12px; line-height: 1.35; }
.where { color: #666; font-size: 12px; }
.strong { color: #a8071a; font-weight: bold; }
section.pair { border-top: 2px solid #888; margin-top: 2em; }
"""
SHOWN_UNFLAGGED = 20  # pairs below the threshold listed after the flagged ones


def _score(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def _who(name: str, names: Mapping[str, str]) -> str:
    """A submission as the page shows it: the roster's name, and the submission's when it differs."""
    shown = names.get(name, name)
    return shown if shown == name else f"{shown} ({name})"


def pairs_table(pairs: Sequence[Pair], anchors: bool = True, names: Mapping[str, str] | None = None) -> str:
    """The ranking: every flagged pair, then the next ``SHOWN_UNFLAGGED`` (a link to each flagged pair's view);
    ``names``: submission -> the roster's name."""
    names = names or {}
    flagged = [p for p in pairs if p.flagged]
    shown = flagged + [p for p in pairs if not p.flagged][:SHOWN_UNFLAGGED]
    rows = []
    for rank, pair in enumerate(shown, start=1):
        both = f"{escape(_who(pair.left, names))} — {escape(_who(pair.right, names))}"
        if pair.flagged and anchors:
            both = f'<a href="#pair-{rank}">{both}</a>'
        rows.append(f'<tr class="{"flagged" if pair.flagged else ""}"><td class="num">{rank}</td><td>{both}</td>'
                    f'<td class="num">{_score(pair.code)}</td><td class="num">{_score(pair.behaviour)}</td>'
                    f'<td>{"yes" if pair.flagged else "no"}</td></tr>')
    return ("<table><tr><th>#</th><th>pair</th><th>code</th><th>behaviour</th><th>flagged</th></tr>"
            + "".join(rows) + "</table>")


def pair_section(pair: Pair, rank: int, names: Mapping[str, str] | None = None) -> str:
    """One pair's side-by-side view: each matched unit of the left submission beside its match, strongest marked."""
    names = names or {}
    left, right = escape(_who(pair.left, names)), escape(_who(pair.right, names))
    rows = "".join(_match_rows(match) for match in pair.matches)
    return (f'<section class="pair" id="pair-{rank}"><h2>{rank}. {left} — {right}</h2>'
            f"<p>code score {_score(pair.code)}, behaviour score {_score(pair.behaviour)}; "
            f"{len(pair.matches)} matched units (names, order, comments and saliences are ignored when matching, "
            f"so they may differ below).</p>"
            f'<table class="side"><tr><th>{left}</th><th>{right}</th></tr>{rows}</table>'
            f"</section>")


def _match_rows(match: UnitMatch) -> str:
    mark = "strong" if match.similarity >= 0.8 else ""
    head = (f'<tr><td colspan="2" class="where"><span class="{mark}">{match.similarity:.0%} alike</span> '
            f"({match.shared} shared fingerprints)</td></tr>")
    cells = "".join(f'<td><div class="where">{escape(unit.where)} · {escape(unit.label)}</div>'
                    f"<pre>{escape(unit.text)}</pre></td>" for unit in (match.left, match.right))
    return head + f"<tr>{cells}</tr>"


def write_page(pairs: Sequence[Pair], out_dir: str | Path, summary: str = "",
               names: Mapping[str, str] | None = None) -> Path:
    """Write ``similarity.html`` into ``out_dir`` (created): the ranking and every flagged pair; returns its path.
    ``names``: submission -> the roster's name (shown beside the submission's)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    flagged = [p for p in pairs if p.flagged]
    sections = "".join(pair_section(pair, rank, names) for rank, pair in enumerate(flagged, start=1))
    page = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Copies found</title>'
            f"<style>{STYLE}</style></head><body><h1>Copies found</h1><p>{escape(summary)}</p>"
            f"<p>{len(flagged)} of {len(pairs)} pairs flagged.</p>{pairs_table(pairs, names=names)}{sections}</body></html>\n")
    path = out / "similarity.html"
    path.write_text(page, encoding="utf-8")
    return path
