"""Gunicorn settings for `bench/load.py`: each request's CPU, as its worker spent it.

A sync worker serves one request at a time, so the worker's CPU time
(``time.process_time``) from ``pre_request`` to ``post_request`` is that request's:
the app and the writing of its answer (not the reading of the request from the
socket, before ``pre_request``). Each worker appends one line per request to its own
file in ``SCOREKEEPER_BENCH_CPU_DIR``: ``<kind> <ms>``, where the kind is ``save``
(POST of a hand by counts), ``board`` (GET of a board by its edit link), ``new`` (the
new-game page and its POST) or ``other``. The load script reads them to tell the CPU of
a save with its board from the rest (games started, pages of the other scenarios).

Used only by the load script (``gunicorn -c bench/gunicorn_cpu.py``); never in
production.
"""

from __future__ import annotations

import os
import re
import time
from typing import IO, Any

_BOARD = re.compile(r"/g/[^/]+")
_SAVE = re.compile(r"/g/[^/]+/hands")
_files: dict[int, IO[str]] = {}


def _kind(method: str, path: str) -> str:
    if method == "POST" and _SAVE.fullmatch(path):
        return "save"
    if method == "GET" and _BOARD.fullmatch(path):
        return "board"
    if path == "/games/new":
        return "new"
    return "other"


def pre_request(worker: Any, _req: Any) -> None:
    worker.bench_cpu_started = time.process_time()


def post_request(worker: Any, req: Any, _environ: Any, _resp: Any) -> None:
    spent = (time.process_time() - worker.bench_cpu_started) * 1000
    pid = os.getpid()
    out = _files.get(pid)
    if out is None:
        folder = os.environ["SCOREKEEPER_BENCH_CPU_DIR"]
        out = _files[pid] = open(os.path.join(folder, str(pid)), "a", buffering=1)  # noqa: SIM115
    out.write(f"{_kind(req.method, req.path)} {spent:.3f}\n")
