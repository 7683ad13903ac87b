"""Statistics of paired game scores for the tournament report (``app.report``): a bootstrap interval of the mean and
Wilcoxon's signed-rank test. scipy is imported where used (a base dependency: requirements.txt; imported late, it
costs the app's start nothing). The A/B comparison has its own anytime-valid interval (``app.tournament.ab``)."""

from __future__ import annotations

import numpy as np

CONFIDENCE = 0.95
RESAMPLES = 2000
BOOTSTRAP_SEED = 20


def bootstrap_ci(values: np.ndarray) -> tuple[float | None, float | None]:
    """The 95% percentile bootstrap interval of the mean; the same resampled maps for every agent (paired)."""
    from scipy.stats import bootstrap

    if len(values) < 2:
        return None, None
    if np.all(values == values[0]):
        return float(values[0]), float(values[0])
    result = bootstrap((values,), np.mean, confidence_level=CONFIDENCE, n_resamples=RESAMPLES,
                       method="percentile", rng=np.random.default_rng(BOOTSTRAP_SEED))
    return float(result.confidence_interval.low), float(result.confidence_interval.high)


def paired_wilcoxon(differences: np.ndarray) -> tuple[float | None, float | None]:
    """Wilcoxon's signed-rank test of paired differences (``zero_method="pratt"``): statistic and p-value;
    (None, 1.0) when every difference is 0, (None, None) when there is none."""
    from scipy.stats import wilcoxon

    if not len(differences):
        return None, None
    if not np.any(differences != 0):
        return None, 1.0
    test = wilcoxon(differences, zero_method="pratt")
    return float(test.statistic), float(test.pvalue)
