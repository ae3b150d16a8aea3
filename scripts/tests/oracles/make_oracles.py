"""Reference outputs of the statistics the project writes by hand, computed once with scipy and statsmodels.

No Java library this build has offers these, so each is checked against a Python library instead: the tests read the
JSON fixtures written here (CI needs no scipy), and this script is what made them.

- Theil-Sen slope and Sen's 95 % interval (results-format SoakTrend): scipy.stats.theilslopes.
- The monotone share and its crossing (sweep IsotonicShare): the blocks of scipy.optimize.isotonic_regression (pool
  adjacent violators, weights: requests), and the crossing read between the two blocks that straddle the allowance,
  linearly in (ln rate, ln share), as IsotonicShare documents it; without equal shares at two rates, which scipy
  pools and IsotonicShare does not.
- The local logistic line (sweep ShareFit): the maximum of statsmodels' binomial GLM log-likelihood (endog the share,
  var_weights the kernel weight times the requests) plus ShareFit's normal prior on the slope, found by scipy.optimize.
- The Kolmogorov-Smirnov distance of gaps to the exponential of their own mean, and their coefficient of variation
  (lab ExponentialFit): scipy.stats.kstest and numpy.
- The bootstrap's percentile interval (sweep CapacityEstimator.quantile): numpy.quantile (method "linear", Hyndman
  and Fan's type 7) of fixed sets of replicates.

Rerun (from the repository root; any recent scipy/statsmodels, in a throwaway environment):
  python3 -m venv /tmp/oracles && /tmp/oracles/bin/pip install scipy statsmodels
  /tmp/oracles/bin/python scripts/tests/oracles/make_oracles.py
The inputs are drawn from fixed seeds, so a rerun writes the same inputs; the outputs may differ from the stored ones
in the last digits with other library versions (the tests' tolerances are far wider).
"""

import json
from pathlib import Path

import numpy as np
import scipy
import statsmodels
import statsmodels.api as sm
from scipy import optimize, stats

REPO = Path(__file__).resolve().parents[3]
RESULTS_FORMAT = REPO / "results-format/src/test/resources/oracles"
SWEEP = REPO / "sweep/src/test/resources/oracles"
LAB = REPO / "lab/src/test/resources/oracles"

# ShareFit's prior on the slope: centre and standard deviation (ShareFit.SLOPE_PRIOR, SLOPE_PRIOR_SD).
SLOPE_PRIOR = 10.0
SLOPE_PRIOR_SD = 40.0
ALLOWANCE = 0.01


def versions():
    return {"numpy": np.__version__, "scipy": scipy.__version__, "statsmodels": statsmodels.__version__}


def write(folder, name, what, cases):
    folder.mkdir(parents=True, exist_ok=True)
    head = {"generated_by": "scripts/tests/oracles/make_oracles.py", "what": what, "versions": versions()}
    # One case a line: a rerun's diff shows which case moved.
    lines = [json.dumps(c, allow_nan=False) for c in cases]
    (folder / name).write_text(json.dumps(head)[:-1] + ',\n "cases": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n")


def theil_sen(rng):
    """Per-minute series around 1000 with noise, a trend, sometimes a stall and minutes without a value."""
    cases = []
    for minutes, pct_per_hour, noise, stall, gaps in [
        (10, 10, 0.01, None, 0),
        (17, -20, 0.02, None, 0),
        (30, 10, 0.01, None, 0),
        (30, 0, 0.01, 14, 0),
        (30, 5, 0.03, 29, 3),
        (45, 0, 0.005, None, 5),
        (60, 8, 0.02, 0, 0),
        (60, -3, 0.01, None, 10),
    ]:
        level = 1000 * (1 + pct_per_hour / 100 * np.arange(minutes) / 60)
        values = [float(v) for v in level * (1 + noise * rng.standard_normal(minutes))]
        if stall is not None:
            values[stall] = 30.0
        for m in rng.choice(minutes, size=gaps, replace=False):
            values[m] = None
        x = np.array([i for i, v in enumerate(values) if v is not None], dtype=float)
        y = np.array([v for v in values if v is not None])
        r = stats.theilslopes(y, x, alpha=0.95)
        cases.append(
            {
                "values": values,
                "slope": float(r.slope),
                "low_slope": float(r.low_slope),
                "high_slope": float(r.high_slope),
                "median": float(np.median(y)),
            }
        )
    return cases


def isotonic_crossing(rates, n, k, allowance):
    """The crossing from scipy's blocks: the first block over the allowance and the one before it."""
    present = n > 0
    share = k[present] / n[present]
    blocks = optimize.isotonic_regression(share, weights=n[present]).blocks
    ln_rate = np.log(rates[present])
    bn, bk, bx = [], [], []
    for lo, hi in zip(blocks[:-1], blocks[1:], strict=True):
        w = n[present][lo:hi]
        bn.append(w.sum())
        bk.append(k[present][lo:hi].sum())
        bx.append((ln_rate[lo:hi] * w).sum() / w.sum())
    first = next(j for j in range(len(bn)) if bk[j] / bn[j] > allowance)
    assert first > 0, "a case must cross inside the rates"
    f0 = min(max(bk[first - 1], 0.5) / bn[first - 1], allowance)
    f1 = bk[first] / bn[first]
    t = (np.log(allowance) - np.log(f0)) / (np.log(f1) - np.log(f0))
    return float(np.exp(bx[first - 1] + t * (bx[first] - bx[first - 1]))), len(bn)


def isotonic(rng):
    """Shares rising with the rate through the allowance, noisy enough that neighbours violate the order."""
    cases = []
    while len(cases) < 20:
        m = int(rng.integers(3, 13))
        rates = np.sort(rng.uniform(1000, 8000, m))
        capacity = rng.uniform(2000, 6000)
        p = 1 / (1 + np.exp(-(np.log(ALLOWANCE / (1 - ALLOWANCE)) + 12 * np.log(rates / capacity))))
        n = rng.integers(200, 5000, m).astype(float)
        n[rng.random(m) < 0.1] = 0
        k = rng.binomial(n.astype(int), np.clip(p * rng.lognormal(0, 0.6, m), 0, 1)).astype(float)
        share = np.divide(k, n, out=np.zeros(m), where=n > 0)
        over = share[n > 0] > ALLOWANCE
        # Equal shares at two rates (none over at both, mostly) are one level to scipy, pooled, where IsotonicShare
        # pools only violators and keeps the nearer rate apart: the crossing differs by convention, so none here.
        if not over.any() or over[0] or len(set(share[n > 0])) < (n > 0).sum():
            continue
        crossing, blocks = isotonic_crossing(rates, n, k, ALLOWANCE)
        cases.append(
            {"rates": rates.tolist(), "n": n.tolist(), "k": k.tolist(), "crossing": crossing, "blocks": blocks}
        )
    return cases


def logistic_fit(x, n, k, w):
    """ShareFit's objective: the weighted binomial log-likelihood (statsmodels) plus the slope's normal prior."""
    used = (w > 0) & (n > 0)
    glm = sm.GLM(
        k[used] / n[used],
        sm.add_constant(x[used], has_constant="add"),
        family=sm.families.Binomial(),
        var_weights=w[used] * n[used],
    )

    def objective(ab):
        return -glm.loglike(ab) + (ab[1] - SLOPE_PRIOR) ** 2 / (2 * SLOPE_PRIOR_SD**2)

    def gradient(ab):
        return -glm.score(ab) + np.array([0, (ab[1] - SLOPE_PRIOR) / SLOPE_PRIOR_SD**2])

    start = np.array([np.log(ALLOWANCE / (1 - ALLOWANCE)), SLOPE_PRIOR])
    r = optimize.minimize(objective, start, jac=gradient, method="BFGS", options={"gtol": 1e-9, "maxiter": 10000})
    # Polished on the score equations, then checked against a derivative-free search of the same objective.
    ab = optimize.root(gradient, r.x, tol=1e-14).x
    nm = optimize.minimize(objective, r.x, method="Nelder-Mead", options={"xatol": 1e-10, "fatol": 1e-13})
    assert np.allclose(ab, nm.x, atol=1e-5), (ab, nm.x)
    return float(ab[0]), float(ab[1])


def share_fit(rng):
    """Blocks around a centre: shares from a logistic line with extra noise, tricube-like weights, some zero."""
    cases = []
    for i in range(12):
        m = int(rng.integers(4, 20))
        x = np.sort(rng.uniform(-0.5, 0.5, m))
        n = rng.integers(300, 20000, m).astype(float)
        a, b = np.log(ALLOWANCE / (1 - ALLOWANCE)) + rng.normal(0, 0.5), rng.uniform(3, 30)
        p = 1 / (1 + np.exp(-(a + b * x)))
        k = rng.binomial(n.astype(int), np.clip(p * rng.lognormal(0, 0.3, m), 0, 1)).astype(float)
        w = (1 - np.abs(x / 0.6) ** 3) ** 3 * rng.integers(0, 3, m)
        if i == 0:
            # Separated perfectly: every block below the centre clean, every one above all over; the prior decides.
            k = np.where(x < 0, 0.0, n)
            w = np.ones(m)
        fa, fb = logistic_fit(x, n, k, w)
        cases.append({"x": x.tolist(), "n": n.tolist(), "k": k.tolist(), "w": w.tolist(), "a": fa, "b": fb})
    return cases


def bootstrap_quantile(rng):
    """Sorted sets of replicate capacities (positive, finite) and their quantiles at the levels the search reads."""
    levels = [0.025, 0.05, 0.25, 0.5, 0.75, 0.95, 0.975]
    cases = []
    for size in [20, 21, 100, 199, 200, 999]:
        reps = np.sort(5000 * rng.lognormal(0, 0.1, size))
        quantiles = [float(np.quantile(reps, q, method="linear")) for q in levels]
        cases.append({"replicates": reps.tolist(), "levels": levels, "quantiles": quantiles})
    return cases


def exponential_fit(rng):
    """Gaps between arrivals, nanoseconds: exponential (a Poisson process), periodic with jitter, and bursty."""
    cases = []
    for size, draw in [
        (2, lambda n: rng.exponential(1e6, n)),
        (3, lambda n: rng.exponential(1e6, n)),
        (50, lambda n: rng.exponential(2.5e5, n)),
        (1000, lambda n: rng.exponential(1e6, n)),
        (1000, lambda n: 1e6 + rng.normal(0, 2e4, n)),
        (500, lambda n: rng.gamma(0.3, 3e6, n)),
    ]:
        gaps = np.rint(draw(size)).astype(np.int64)
        x = gaps.astype(float)
        d = stats.kstest(x, "expon", args=(0, x.mean())).statistic
        cases.append({"gaps_ns": gaps.tolist(), "ks_d": float(d), "cv": float(x.std(ddof=1) / x.mean())})
    return cases


def main():
    rng = np.random.default_rng(20261206)
    write(RESULTS_FORMAT, "theil-sen.json", "scipy.stats.theilslopes(y, x, alpha=0.95), x the minute", theil_sen(rng))
    write(SWEEP, "isotonic-share.json", "crossing from scipy.optimize.isotonic_regression's blocks", isotonic(rng))
    write(SWEEP, "share-fit.json", "statsmodels binomial GLM log-likelihood + slope prior, maximised", share_fit(rng))
    write(SWEEP, "bootstrap-quantile.json", "numpy.quantile(method='linear')", bootstrap_quantile(rng))
    write(LAB, "exponential-fit.json", "scipy.stats.kstest(gaps, 'expon', args=(0, mean))", exponential_fit(rng))


if __name__ == "__main__":
    main()
