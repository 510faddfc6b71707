"""Which of CI's two passes runs a browser test.

What the browser draws (the layout at each size, the content security policy, the replay's words,
the sounds and alerts of the page) does not depend on the database nor on the channel layer: the
first pass (SQLite, the in-memory layer) runs those tests, and the PostgreSQL and Redis pass keeps
its time, within the suite's 15 minutes, for the browser tests of what those services carry (tables
playing, the evening, the session run by the organizer).
"""

import os

import pytest

drawing_only = pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="a test of the page's drawing: it runs in the SQLite pass",
)
