import os

import pytest
from hypothesis import HealthCheck, settings

from browser.lab import BROWSER_FILES, chromium, course_lab  # noqa: F401 - session fixtures
from helpers import DEEP

# Seeded profiles, so a run is repeatable: "ci" (the default) keeps the quick run inside its time
# budget on 2 cores; DURAK_DEEP=1 (the deep run, what .ci/run runs) uses "deep"; "dev" and "long"
# dig deeper still, by hand:
#   python -m pytest tests --hypothesis-profile=long
settings.register_profile("ci", max_examples=25, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", max_examples=100, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=300, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
# no progress bars: their timings would make stored notebook outputs differ (notebook kernels
# started by nbval inherit this)
os.environ["DURAK_EDU_PROGRESS"] = "0"

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "deep" if DEEP else "ci")
settings.load_profile(PROFILE)


def pytest_configure(config):
    config.addinivalue_line("markers", "deep: repeats what the quick run samples (more seeds, "
                            "every preset); runs only with DURAK_DEEP=1")


def pytest_collection_modifyitems(config, items):
    if DEEP:
        return
    skip = pytest.mark.skip(reason="the deep run's: DURAK_DEEP=1 python -m pytest")
    for item in items:
        if "deep" in item.keywords:
            item.add_marker(skip)


def pytest_report_header(config):
    return (f"deep run (DURAK_DEEP=1): every seed and preset, hypothesis profile {PROFILE!r}"
            if DEEP else f"quick run: a sample of seeds and presets, hypothesis profile "
            f"{PROFILE!r} (DURAK_DEEP=1 runs them all)")


@pytest.fixture
def sent(monkeypatch):
    """Every comm message the widgets send (no kernel here: the comms are ``DummyComm``)."""
    import comm
    log: list = []

    def publish(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        log.append((msg_type, data, buffers))

    monkeypatch.setattr(comm.DummyComm, "publish_msg", publish)
    return log


def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile``, except that the browser test files are one unit: they share one
    JupyterLab and one Chromium (``tests/browser/lab.py``), started once on the worker that
    runs them instead of once a file."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling  # type: ignore[import-untyped]

    class BrowserTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "the browser tests" if BROWSER_FILES.search(path) else path

    return BrowserTogether(config, log)
