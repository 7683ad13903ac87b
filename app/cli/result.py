"""A game's result as ``run`` and ``replay`` print it: the summary line, the score table, the JSON line."""

from __future__ import annotations

import json
import sys


def score_table(result) -> str:
    """The score table of a result."""
    s = result.statistics
    percent = f"{result.percent_of_oracle:.1f}%" if result.percent_of_oracle is not None else "-"
    heads = ["fok", "fko", "gok", "gko", "safe", "sink", "fires left", "flags left", "score", "oracle", "% of oracle"]
    values = [s.fok, s.fko, s.gok, s.gko, s.safe, s.sink, s.fires_left, s.guesses_left, result.score,
              result.oracle, percent]
    widths = [max(len(h), len(str(v))) for h, v in zip(heads, values)]
    line1 = "  ".join(h.rjust(w) for h, w in zip(heads, widths))
    line2 = "  ".join(str(v).rjust(w) for v, w in zip(values, widths))
    return f"{line1}\n{line2}"


def print_result(result, as_json: bool, out=None) -> None:
    """The summary lines, the table and (with --json) the JSON line (to ``out``, default stdout)."""
    out = out if out is not None else sys.stdout  # looked up per call: callers may redirect stdout
    print(f"result: {result.agent} on {result.map_name} under {result.rules}: score {result.score} "
          f"(oracle {result.oracle}) after {result.steps} steps; {result.stop_reason}"
          + (f"; {result.load_note}" if result.load_errors else ""), file=out)
    print(score_table(result), file=out)
    if as_json:
        print(json.dumps(result.to_dict()), file=out)
