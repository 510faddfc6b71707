"""``python -m arf.serve`` is daphne on uvloop's event loop (what `make run` and the image start)."""

import subprocess
import sys

from django.conf import settings


def test_daphne_started_by_arf_serve_runs_on_uvloop():
    # daphne makes its event loop when daphne.server is imported: arf.serve must choose uvloop first.
    code = "import arf.serve, daphne.server; print(type(daphne.server.twisted_loop).__module__)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=settings.BASE_DIR, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip().startswith("uvloop")


def test_arf_serve_takes_daphnes_arguments():
    out = subprocess.run(
        [sys.executable, "-m", "arf.serve", "--help"], cwd=settings.BASE_DIR, capture_output=True, text=True
    )
    assert out.returncode == 0 and "--proxy-headers" in out.stdout
