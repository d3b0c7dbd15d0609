"""What the rate limiter costs an API request: run by hand, never as a test.

    .venv/bin/python bench/ratelimit.py                          # SQLite, this checkout
    .venv/bin/python bench/ratelimit.py --before /tmp/before     # and an earlier checkout's store
    .venv/bin/python bench/ratelimit.py --database postgresql --before /tmp/before

Serves the app as `make serve` does (gunicorn, ``scorekeeper:create_app()``, a sync
worker on 127.0.0.1, a fresh SQLite file or PostgreSQL database of its own), sends
``--requests`` API requests (``POST /api/v1/primiera``, one address, a limit high enough
never to refuse) one after another, and reports the CPU each request cost its worker
(``time.process_time`` from gunicorn's ``pre_request`` to ``post_request``:
bench/gunicorn_cpu.py), median and mean, and the CPU of the whole server (master and
worker, user and system, from /proc) per request. Measured, in turn, on the same machine
in the same run:

- ``limiter off``: ``SCOREKEEPER_RATELIMIT_ENABLED=false`` (this checkout);
- ``database store, before``: the checkout at ``--before``, counters in the database;
- ``database store, now``: this checkout, counters in the database (``database://``);
- ``redis``: this checkout with ``REDIS_URL`` (with ``--redis``).

``--hanging-redis`` measures instead how long a failed log-in takes (wall time, in
process) while Redis accepts connections and never answers: the first, and the next
(``--code DIR``: another checkout's app).

One worker, requests one at a time: what is measured is each request's own CPU, not
what a busy machine makes of it. Figures move between runs: compare the lines of one
run. Only ever talks to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BIN = Path(sys.executable).parent
HOST = "127.0.0.1"
BODY = json.dumps({"cards": ["7D", "6C", "1S", "7C"]}).encode()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def post(port: int) -> int:
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        connection.request("POST", "/api/v1/primiera", BODY, {"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        with suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def request_cpu(folder: Path) -> list[float]:
    return [
        float(line.split()[1])
        for path in folder.iterdir()
        for line in path.read_text().splitlines()
    ]


def measure(root: Path, url: str, settings: dict[str, str], requests: int) -> dict[str, float]:
    """Serve the app of ``root`` on ``url`` with ``settings``; CPU per API request."""
    with tempfile.TemporaryDirectory() as logs:
        cpu_dir = Path(logs) / "cpu"
        cpu_dir.mkdir()
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")},
            "DATABASE_URL": url,
            "SECRET_KEY": secrets.token_hex(16),
            "REDIS_URL": "",
            "SCOREKEEPER_API_RATE_LIMIT": "100000000/hour",
            "SCOREKEEPER_BENCH_CPU_DIR": str(cpu_dir),
            **settings,
        }
        subprocess.run(
            [str(BIN / "flask"), "--app", "scorekeeper", "db", "upgrade"],
            cwd=root,
            env=env,
            check=True,
            capture_output=True,
            timeout=120,
        )
        port = free_port()
        log = Path(logs) / "gunicorn.log"
        with log.open("wb") as out:
            server = subprocess.Popen(
                [
                    str(BIN / "gunicorn"),
                    "-c",
                    str(ROOT / "bench" / "gunicorn_cpu.py"),
                    "-w",
                    "1",
                    "-b",
                    f"{HOST}:{port}",
                    "scorekeeper:create_app()",
                ],
                cwd=root,
                env=env,
                stdout=out,
                stderr=out,
            )
        try:
            deadline = time.monotonic() + 60
            while True:
                with suppress(OSError):
                    if post(port) == 200:
                        break
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(log.read_text())
                time.sleep(0.2)
            for _ in range(200):  # warm up: first requests, caches, the pool
                post(port)
            children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text()
            pids = [server.pid, *map(int, children.split())]
            skip = len(request_cpu(cpu_dir))
            before = cpu_seconds(pids)
            statuses = [post(port) for _ in range(requests)]
            spent = cpu_seconds(pids) - before
            time.sleep(0.2)  # the last post_request line
            times = request_cpu(cpu_dir)[skip:]
        finally:
            server.terminate()
            server.wait(timeout=30)
    if set(statuses) != {200}:
        raise RuntimeError(f"unexpected answers: {sorted(set(statuses))}")
    return {
        "median": statistics.median(times),
        "mean": statistics.fmean(times),
        "server": spent * 1000 / requests,
    }


def hanging_redis(code: Path, logins: int) -> dict[str, float]:
    """Wall milliseconds of failed log-ins (in process, the test client, a SQLite file)
    while ``REDIS_URL`` points at a server that accepts and never answers: the first
    (which waits out ``REDIS_TIMEOUT``, then counts in the database) and the median of
    the next ``logins`` (Redis not tried again: the circuit breaker)."""
    import logging
    import threading

    import flask_migrate

    sys.path.insert(0, str(code))
    from scorekeeper import create_app

    logging.disable(logging.WARNING)
    silent = socket.create_server((HOST, 0))
    held: list[socket.socket] = []
    threading.Thread(target=lambda: held.append(silent.accept()[0]), daemon=True).start()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "SECRET_KEY": "bench",
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3",
                "REDIS_URL": f"redis://{HOST}:{silent.getsockname()[1]}/0",
                "RATELIMIT_ENABLED": True,
                "WTF_CSRF_ENABLED": False,
                "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
            }
        )
        with app.app_context():
            flask_migrate.upgrade()
        client = app.test_client()
        times = []
        for n in range(logins + 1):
            started = time.perf_counter()
            client.post("/account/login", data={"username": f"u{n}", "password": "x"})
            times.append((time.perf_counter() - started) * 1000)
    silent.close()
    return {"first": times[0], "next_median": statistics.median(times[1:])}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument(
        "--postgresql-url", default="postgresql+psycopg://postgres@127.0.0.1:5432/test"
    )
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=2, help="each configuration, in turn")
    parser.add_argument("--before", type=Path, help="an earlier checkout, measured too")
    parser.add_argument("--redis", help="a Redis URL: measure the Redis store too")
    parser.add_argument(
        "--hanging-redis",
        action="store_true",
        help="only: how long a log-in takes while Redis accepts and never answers",
    )
    parser.add_argument(
        "--code", type=Path, default=ROOT, help="with --hanging-redis: the checkout measured"
    )
    args = parser.parse_args()
    if args.hanging_redis:
        figures = hanging_redis(args.code.resolve(), 20)
        print(
            f"log-in with a hanging Redis: first {figures['first']:.0f} ms wall, "
            f"then median {figures['next_median']:.1f} ms"
        )
        return
    runs: list[tuple[str, Path, dict[str, str]]] = [
        ("limiter off", ROOT, {"SCOREKEEPER_RATELIMIT_ENABLED": "false"}),
    ]
    if args.before:
        runs.append(("database store, before", args.before.resolve(), {}))
    runs.append(("database store, now", ROOT, {}))
    if args.redis:
        runs.append(("redis", ROOT, {"REDIS_URL": args.redis}))
    from bench.leagues import throwaway_database  # imports this checkout's app

    found: dict[str, list[dict[str, float]]] = {name: [] for name, _, _ in runs}
    for _ in range(args.rounds):  # interleaved, so a busier minute hits every line alike
        for name, root, settings in runs:
            pg = args.postgresql_url if args.database == "postgresql" else None
            with throwaway_database(pg) as url:
                found[name].append(measure(root, url, settings, args.requests))
    load_now = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"{args.database}, {args.requests} API requests x {args.rounds} rounds, "
        f"one sync worker, load {load_now}"
    )
    print(f"{'ms CPU per API request':<28}{'median':>10}{'mean':>10}{'server':>10}")
    for name, rounds in found.items():
        figures = [statistics.median(r[k] for r in rounds) for k in ("median", "mean", "server")]
        print(f"{name:<28}" + "".join(f"{f:>10.3f}" for f in figures))


if __name__ == "__main__":
    main()
