from pnp.sim.stats import quantile, wilson


def test_wilson_known_values():
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    assert wilson(0, 10)[0] == 0.0 and abs(wilson(10, 10)[1] - 1.0) < 1e-12
    assert wilson(0, 0) == (0.0, 1.0)


def test_quantile_interpolates():
    assert quantile([1, 2, 3, 4], 0.5) == 2.5
    assert quantile([], 0.5) == 0.0
    assert quantile([5], 0.9) == 5
