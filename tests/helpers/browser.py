"""The browser the e2e tests and bench/pages.py drive: Debian's chromium, headless, cut off
from everything but 127.0.0.1, on an emulated phone (Playwright's own browser download
cannot work here)."""

from __future__ import annotations

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
PHONE = "Pixel 7"
