import os

import pytest
from hypothesis import HealthCheck, settings

# Seeded profiles, so a run is repeatable: "ci" (the default) keeps the suite inside its time
# budget on 2 cores; "dev" and "long" dig deeper, by hand:
#   python -m pytest tests --hypothesis-profile=long
settings.register_profile("ci", max_examples=25, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=300, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
# no progress bars: their timings would make stored notebook outputs differ (notebook kernels
# started by nbval inherit this)
os.environ["DURAK_EDU_PROGRESS"] = "0"

settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def sent(monkeypatch):
    """Every comm message the widgets send (no kernel here: the comms are ``DummyComm``)."""
    import comm
    log: list = []

    def publish(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        log.append((msg_type, data, buffers))

    monkeypatch.setattr(comm.DummyComm, "publish_msg", publish)
    return log
