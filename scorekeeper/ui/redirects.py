"""Where a ``next`` parameter may send the browser: a path on this site, nowhere else."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import url_for


def safe_next(target: str | None) -> str:
    """`target` if it is a path on this site, else the home page (no open redirects)."""
    fallback = url_for("main.index")
    if not target or not target.startswith("/") or target.startswith("//"):
        return fallback
    if "\\" in target or any(ord(ch) < 32 for ch in target):
        return fallback
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return fallback
    return target
