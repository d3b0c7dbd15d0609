"""The digests that version the static files' URLs (``/static/css/app.css?v=3f2a...``:
see `scorekeeper.main.shell`), and what a memo of rendered markup that names static
files needs of them in its key (`static_digests`)."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

from flask import current_app

DIGEST_CHARS = 12
_EXTENSION = "scorekeeper.static_digests"


def static_digest(filename: str) -> str | None:
    """A short digest of the content of static file `filename`, or None if there is none.

    Read once per file and kept for as long as the app runs: a release replaces the files
    and restarts the workers, as it does for the templates and the code (every page names
    a dozen files, and a stat of each was a twentieth of a board). While templates reload
    (development), the file is looked at on every call and read again when its
    modification time or size changed.
    """
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    folder = app.static_folder
    if folder is None:
        return None
    # This app's memo: (folder, file) -> (mtime_ns, size, digest).
    memo: dict[tuple[str, str], tuple[int, int, str]] = app.extensions.setdefault(_EXTENSION, {})
    seen = memo.get((folder, filename))
    if seen is not None and not app.jinja_env.auto_reload:
        return seen[2]
    path = os.path.join(folder, filename)
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    if seen is not None and seen[:2] == (status.st_mtime_ns, status.st_size):
        return seen[2]
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:DIGEST_CHARS]
    memo[folder, filename] = (status.st_mtime_ns, status.st_size, digest)
    return digest


def static_digests(filenames: Iterable[str]) -> tuple[str | None, ...]:
    """The digests of `filenames` as a memo's key needs them: none while the app runs
    as released (they never change then), each file's while templates reload."""
    if not current_app.jinja_env.auto_reload:
        return ()
    return tuple(static_digest(name) for name in filenames)
