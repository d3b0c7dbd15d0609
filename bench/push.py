"""Phones following one game: polling (an earlier checkout, "before") against live push
(this one, "after"), side by side in one run (by hand, never a test):

    .venv/bin/python bench/push.py                          # main as "before"
    .venv/bin/python bench/push.py --phones 500 2000 --seconds 40
    .venv/bin/python bench/push.py --before-root /tmp/before --sides after

Each side serves its checkout as `make serve` does (gunicorn -w 4, a throwaway SQLite
file, bench/load.py's `Server`); "after" adds a Redis of its own (a free loopback port)
and the push server (``gunicorn -k gevent -w 1``, scorekeeper/push.py). On each side:

- 50 tables (``--tables``) save a hand every 60-120 s (``--pace`` divides that), as
  bench/load.py's ``pace`` scenario: a save is its POST and the board it lands on;
- one more table, the followed game, saves a hand every ``--every`` seconds;
- for each count of ``--phones``, that many phones follow the game for ``--seconds``:
  before, each polls its view link every 4 s with If-None-Match (js/games.js); after,
  each holds the push server's stream (``/v/<token>/events``) and polls every 60 s (the
  safety net), and at the stream's opening only when the stream's first event ("hello",
  the game's last version) names a board it does not show.

Reported per step: the saves' p50/p95 (the 50 tables' and the followed game's), how long
a saved hand took to reach the phones (from the moment its POST was sent to each phone
having the new board: p50/p95/max, and how many never got it within the step), polls
answered per second, errors, and the CPU seconds of the app's gunicorn, of the push
server, of Redis and of this script (client and servers share the machine's cores:
compare the two sides of one run, not runs on other machines). Every step is bounded
(its seconds, a timeout on every request); only ever talks to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import (  # noqa: E402
    BIN,
    HOST,
    Failure,
    Ledger,
    Phone,
    Server,
    Table,
    free_port,
    fresh_database,
    percentile,
    run_tables,
    save_hand,
)

POLL_S = 4.0  # LIVE_POLL_MS
PUSH_POLL_S = 60.0  # LIVE_PUSH_POLL_MS
TIMEOUT = 10.0
_ETAG = re.compile(r'"g\d+-v(\d+)-')


# --------------------------------------------------------------------------- processes


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        with suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    with suppress(OSError):
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    return []


@contextmanager
def process(command: list[str], log: Path, env: dict[str, str] | None = None) -> Iterator[int]:
    """``command`` running (its own session), ended at the end of the block."""
    with log.open("ab") as out:
        proc = subprocess.Popen(
            command, stdout=out, stderr=out, env=env, start_new_session=True, cwd=ROOT
        )
    try:
        yield proc.pid
    finally:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, 15)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait(timeout=20)


def wait_for(port: int, path: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with suppress(Failure):
            if Phone(port).request("GET", path).status == 200:
                return
        time.sleep(0.2)
    raise RuntimeError(f"nothing answers {path} on port {port}")


def before_checkout(ref: str, into: Path) -> Path:
    """``ref`` of this repository, exported (no worktree) with its catalogs compiled."""
    archive = subprocess.run(
        [shutil.which("git") or "git", "-C", str(ROOT), "archive", ref],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run([shutil.which("tar") or "tar", "-x", "-C", str(into)], input=archive, check=True)
    subprocess.run(
        [str(BIN / "pybabel"), "-q", "compile", "-d", str(into / "scorekeeper" / "translations")],
        check=True,
    )
    return into


# --------------------------------------------------------------------------- phones


class Seen:
    """When each phone first had each version of the followed game's board."""

    def __init__(self) -> None:
        self.arrivals: dict[int, list[float]] = {}
        self.polls = 0
        self.errors: dict[str, int] = {}

    def have(self, version: int, at: float, got: set[int]) -> None:
        """Phone ``got`` (the versions it had) has ``version`` at ``at``: its first time."""
        if version not in got:
            got.add(version)
            self.arrivals.setdefault(version, []).append(at)

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


async def http_get(
    port: int, path: str, headers: dict[str, str]
) -> tuple[int, dict[str, str], bytes]:
    """One GET on a new connection (gunicorn's sync workers close each one)."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), TIMEOUT)
    try:
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n{head}\r\n".encode()
        )
        raw = await asyncio.wait_for(reader.read(-1), TIMEOUT)
    finally:
        writer.close()
    top, _, body = raw.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    found = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        found[name.strip().lower()] = value.strip()
    return status, found, body


async def poll_once(
    port: int, token: str, etag: str | None, seen: Seen, got: set[int]
) -> tuple[str | None, bool]:
    """One poll: the tag the phone then has, and whether the server answered."""
    headers = {"Accept-Language": "en"}
    if etag:
        headers["If-None-Match"] = etag
    try:
        status, found, _body = await http_get(port, f"/v/{token}/live", headers)
    except (OSError, TimeoutError, ValueError, IndexError) as error:
        seen.error(type(error).__name__)
        return etag, False
    seen.polls += 1
    if status == 200 and (match := _ETAG.match(found.get("etag", ""))):
        seen.have(int(match.group(1)), time.monotonic(), got)
        return found["etag"], True
    if status not in (200, 304):
        seen.error(f"HTTP {status}")
        return etag, False
    return etag, True


async def poller(
    port: int, token: str, etag: str, period: float, stop: asyncio.Event, seen: Seen
) -> None:
    """A phone polling its view link every ``period`` seconds (first at a random moment)
    with the tag of the board it loaded (js/games.js: the page's data-etag)."""
    got: set[int] = set()
    failures = 0
    with suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), random.uniform(0, period))
    while not stop.is_set():
        etag, answered = await poll_once(port, token, etag, seen, got)
        # Without an answer the next try waits twice as long each time, up to a minute.
        failures = 0 if answered else failures + 1
        with suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), min(period * 2**failures, 60.0))


def shown(etag: str | None) -> int | None:
    """The version of the board a phone shows, from its tag (``"g1-v7-en-v"``)."""
    match = re.search(r"-v(\d+)-", etag or "")
    return int(match.group(1)) if match else None


async def follower(
    push_port: int, app_port: int, token: str, etag: str, stop: asyncio.Event, seen: Seen
) -> None:
    """A phone holding the push server's stream, polling every `PUSH_POLL_S` seconds and
    at the opening when the stream's "hello" names another version than the one shown,
    as js/games.js does with data-events-url."""
    got: set[int] = set()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, push_port), TIMEOUT)
    except (OSError, TimeoutError) as error:
        seen.error(f"stream {type(error).__name__}")
        return
    # HTTP/1.0: the stream comes as it is, not chunked, until the server closes it.
    writer.write(f"GET /v/{token}/events?lang=en HTTP/1.0\r\nHost: {HOST}\r\n\r\n".encode())

    async def safety_net() -> None:
        nonlocal etag
        while not stop.is_set():
            with suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), PUSH_POLL_S * random.uniform(0.5, 1.0))
            if not stop.is_set():
                etag, _answered = await poll_once(app_port, token, etag, seen, got)

    net = asyncio.create_task(safety_net())
    kind = b""
    try:
        while not stop.is_set():
            line = await reader.readline()
            if not line:
                seen.error("stream closed")
                return
            if line.startswith(b"event: "):
                kind = line[7:].strip()
            elif line.startswith(b"data: ") and kind == b"hello":
                last = json.loads(line[6:]).get("v")
                if last is None or last != shown(etag):
                    etag, _answered = await poll_once(app_port, token, etag, seen, got)
            elif line.startswith(b"data: "):
                news = json.loads(line[6:])
                if news.get("etag"):
                    etag = f'"{news["etag"]}"'  # the board it now shows (js/games.js)
                seen.have(int(news["v"]), time.monotonic(), got)
    except (OSError, ValueError) as error:
        seen.error(f"stream {type(error).__name__}")
    finally:
        net.cancel()
        writer.close()


def run_phones(
    kind: str, count: int, token: str, app_port: int, push_port: int | None
) -> tuple[Seen, threading.Thread, threading.Event]:
    """``count`` phones in an event loop of their own thread, until the event is set; each
    has loaded the board first (its tag: one request here, for all of them)."""
    seen, done = Seen(), threading.Event()
    etag = ""
    deadline = time.monotonic() + 120  # the server may still be digging out of a step
    while not etag and time.monotonic() < deadline:
        with suppress(OSError, TimeoutError, ValueError, IndexError):
            _status, headers, _body = asyncio.run(
                http_get(app_port, f"/v/{token}/live", {"Accept-Language": "en"})
            )
            etag = headers.get("etag", "")

    def main() -> None:
        async def phones() -> None:
            stop = asyncio.Event()
            tasks = []
            for i in range(count):
                if kind == "poll":
                    tasks.append(
                        asyncio.create_task(poller(app_port, token, etag, POLL_S, stop, seen))
                    )
                else:
                    assert push_port is not None
                    tasks.append(
                        asyncio.create_task(follower(push_port, app_port, token, etag, stop, seen))
                    )
                if i % 100 == 99:
                    await asyncio.sleep(0.05)  # a ramp, not a storm of connections
            while not done.is_set():
                await asyncio.sleep(0.2)
            stop.set()
            await asyncio.wait(tasks, timeout=TIMEOUT + 5)

        asyncio.run(phones())

    thread = threading.Thread(target=main, daemon=True)
    thread.start()
    return seen, thread, done


# --------------------------------------------------------------------------- one side


def followed_saves(
    table: Table, every: float, stop: threading.Event, sent: dict[int, float], ledger: Ledger
) -> None:
    """Save a hand of the followed game every ``every`` seconds; when each was sent, by
    the version it makes (a new game once one is won is not followed: it stops)."""
    version = 1 + (table.number - 1)
    while not stop.wait(every):
        if table.finished():
            return
        started = time.monotonic()
        if save_hand(table, ledger):
            version += 1
            sent[version] = started


def step(
    kind: str,
    count: int,
    args: argparse.Namespace,
    server: Server,
    push_pids: list[int],
    table: Table,
    ledger: Ledger,
) -> dict[str, Any]:
    seen, thread, done = run_phones(kind, count, table.view_token, server.port, args.push_port)
    time.sleep(min(15.0, 2 + count / 400))  # the phones connect
    pids = [server.process.pid, *server.worker_pids()] if server.process else []
    cpu_app, cpu_push = cpu_seconds(pids), cpu_seconds(push_pids)
    cpu_self = time.process_time()
    saves_before, polls_before = len(ledger.latencies), seen.polls
    sent: dict[int, float] = {}
    followed = Ledger()
    stop = threading.Event()
    saver = threading.Thread(
        target=followed_saves, args=(table, args.every, stop, sent, followed), daemon=True
    )
    started = time.monotonic()
    saver.start()
    time.sleep(args.seconds)
    stop.set()
    saver.join(timeout=60)
    time.sleep(min(PUSH_POLL_S, 2 * POLL_S + 1))  # the last hand's way to the phones
    elapsed = time.monotonic() - started
    polls = seen.polls - polls_before
    done.set()
    thread.join(timeout=60)
    figures: dict[str, Any] = {
        "phones": count,
        "cpu_s_app": round(cpu_seconds(pids) - cpu_app, 1),
        "cpu_s_push": round(cpu_seconds(push_pids) - cpu_push, 1),
        "cpu_s_this_script": round(time.process_time() - cpu_self, 1),
        "seconds": round(elapsed, 1),
        "polls_per_s": round(polls / elapsed, 1),
    }
    tables_ms = [s * 1000 for s in ledger.latencies[saves_before:]]
    followed_ms = [s * 1000 for s in followed.latencies]
    every_save = tables_ms + followed_ms
    reach: list[float] = []
    missed = 0
    by_hand = []
    for version, at in sorted(sent.items()):
        arrivals = seen.arrivals.get(version, [])
        reach += [a - at for a in arrivals]
        missed += max(0, count - len(arrivals))
        if arrivals:
            by_hand.append([round(min(arrivals) - at, 2), round(max(arrivals) - at, 2)])
    figures |= {
        "saves": len(every_save),
        "save_p50_ms": round(percentile(every_save, 0.5), 1),
        "save_p95_ms": round(percentile(every_save, 0.95), 1),
        "tables_save_p95_ms": round(percentile(tables_ms, 0.95), 1),
        "followed_hands": len(sent),
        "reach_p50_s": round(percentile(reach, 0.5), 2),
        "reach_p95_s": round(percentile(reach, 0.95), 2),
        "reach_max_s": round(max(reach), 2) if reach else None,
        "reach_missed": missed,
        "reach_first_last_s_by_hand": by_hand,
        "errors": seen.errors | dict(ledger.errors) | dict(followed.errors),
    }
    return figures


def side(name: str, root: Path, args: argparse.Namespace, workdir: Path) -> list[dict[str, Any]]:
    """Serve ``root`` (with push for "after"), then every step of ``--phones``."""
    log_dir = workdir / name
    log_dir.mkdir()
    results = []
    with fresh_database("sqlite", "") as url:
        server = Server(url, log_dir, workers=4, root=root)
        push_pids: list[int] = []
        with ExitStack() as stack:
            if name == "after":
                redis_port, args.push_port = free_port(), free_port()
                redis_url = f"redis://{HOST}:{redis_port}/0"
                redis_pid = stack.enter_context(
                    process(
                        [
                            shutil.which("redis-server") or "redis-server",
                            "--port", str(redis_port), "--bind", HOST,
                            "--save", "", "--appendonly", "no",
                        ],
                        log_dir / "redis.log",
                    )
                )  # fmt: skip
                server.env |= {
                    "REDIS_URL": redis_url,
                    "SCOREKEEPER_LIVE_PUSH_URL": f"http://{HOST}:{args.push_port}",
                }
            server.upgrade()
            server.start()
            stack.callback(server.stop)
            if name == "after":
                push = stack.enter_context(
                    process(
                        [
                            str(BIN / "gunicorn"), "-k", "gevent", "-w", "1",
                            "--worker-connections", "20000",
                            "-b", f"{HOST}:{args.push_port}",
                            "scorekeeper.push:create_push_app()",
                        ],
                        log_dir / "push.log",
                        env={
                            **os.environ,
                            "REDIS_URL": redis_url,
                            "SCOREKEEPER_PUSH_APP_URL": f"http://{HOST}:{server.port}",
                        },
                    )
                )  # fmt: skip
                wait_for(args.push_port, "/healthz")
                push_pids = [push, *children(push), redis_pid]
            table = Table(Phone(server.port))
            table.start(target=500)  # long enough for every step
            ledger, stop = Ledger(), threading.Event()
            low, high = 60 / args.pace, 120 / args.pace

            started: set[int] = set()

            def pace(rng: random.Random) -> float:
                """A hand every 60-120 s; the first one at any moment of that (the
                tables are at every stage of their hands, as in a room)."""
                if id(rng) not in started:
                    started.add(id(rng))
                    return rng.uniform(0, high)
                return rng.uniform(low, high)

            total = len(args.phones) * (args.seconds + 40)
            tables = threading.Thread(
                target=run_tables,
                args=(
                    server.port,
                    args.tables,
                    total,
                    ledger,
                    lambda r: r.uniform(low, high),
                    stop,
                ),
                daemon=True,
            )
            tables.start()
            stack.callback(stop.set)
            time.sleep(5)  # the tables start their games
            for count in args.phones:
                kind = "poll" if name == "before" else "push"
                figures = step(kind, count, args, server, push_pids, table, ledger)
                print(json.dumps({"side": name, **figures}), flush=True)
                results.append(figures)
            stop.set()
            tables.join(timeout=60)
            results.append({"server_log_errors": dict(server.log_errors())})
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, nargs="+", default=[1000, 3000])
    parser.add_argument("--seconds", type=float, default=40.0, help="each step's window")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--pace", type=float, default=1.0, help="1: a hand every 60-120 s")
    parser.add_argument("--every", type=float, default=8.0, help="the followed game's pace")
    parser.add_argument("--before", default="main", help="the git ref served as 'before'")
    parser.add_argument("--before-root", type=Path, help="a checkout to serve as 'before'")
    parser.add_argument("--sides", default="before,after")
    args = parser.parse_args()
    args.push_port = None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # servers inherit it too
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-push-"))
    try:
        results: dict[str, Any] = {}
        for name in args.sides.split(","):
            root = ROOT
            if name == "before":
                if args.before_root is None:
                    (workdir / "before-root").mkdir()
                root = args.before_root or before_checkout(args.before, workdir / "before-root")
            results[name] = side(name, root, args, workdir)
        print(json.dumps(results, indent=1))
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
