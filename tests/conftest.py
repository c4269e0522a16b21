import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

# Hypothesis by default fails a test whose example takes more than 200 ms (the deadline) and warns of slow data
# generation: on a machine whose cores other jobs share, a loaded minute makes examples slow that are not, and the
# run fails for nothing (tests/test_mcr_tables.py did so under load). The suite's profile keeps every test's own
# example counts and drops those two timing checks; speed is measured by the benchmarks, never by a test's clock.
# HYPOTHESIS_PROFILE=default brings Hypothesis' own settings back.
settings.register_profile("suanfan", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suanfan"))
