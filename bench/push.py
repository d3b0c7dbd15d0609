"""Phones following one game: polling (an earlier checkout, "before") against live push
(this one, "after"), side by side in one run (by hand, never a test); or, with
``--screens``, venue screens following one tournament, polling (the 304 path)
against push, both this checkout:

    .venv/bin/python bench/push.py                          # main as "before"
    .venv/bin/python bench/push.py --phones 500 2000 --seconds 40
    .venv/bin/python bench/push.py --before-root /tmp/before --sides after
    .venv/bin/python bench/push.py --screens 50 200 --seconds 20

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

Screens (``--screens``): the sides are "polling" (this checkout without Redis:
each screen asks its page every 5 s with the version it shows, If-None-Match, as
js/tournament-screen.js does, answered 304 from one SQL statement while unchanged) and
"push" (with Redis and the push server: each screen holds
``/tournaments/<public_id>/screen/events``, polls once at its opening and every 60 s).
The followed tournament, made in this process on the side's database (32 pairs in groups
of four, public, started: 16 tables), gets a hand saved at one of its tables every
``--every`` seconds, by this process (the games' services, as a table's phone's save
runs them, committed and published as the app does); its arrival is the screen's version
after that save reaching each screen.

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
from collections.abc import Callable, Coroutine, Iterator
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
SCREEN_POLL_S = 5.0  # SCREEN_POLL_SECONDS
#: The followed tournament's pairs (groups of four: a table for two of them each round).
SCREEN_PAIRS = 32
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
        self.arrivals: dict[Any, list[float]] = {}
        #: Each follower's versions in the order it had them, and when.
        self.by_follower: dict[int, list[tuple[Any, float]]] = {}
        self.polls = 0
        self.errors: dict[str, int] = {}

    def have(self, version: Any, at: float, got: set[Any]) -> None:
        """Phone ``got`` (the versions it had) has ``version`` at ``at``: its first time."""
        if version not in got:
            got.add(version)
            self.arrivals.setdefault(version, []).append(at)
            self.by_follower.setdefault(id(got), []).append((version, at))

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
    seen = Seen()
    etag = ""
    deadline = time.monotonic() + 120  # the server may still be digging out of a step
    while not etag and time.monotonic() < deadline:
        with suppress(OSError, TimeoutError, ValueError, IndexError):
            _status, headers, _body = asyncio.run(
                http_get(app_port, f"/v/{token}/live", {"Accept-Language": "en"})
            )
            etag = headers.get("etag", "")

    def follow(stop: asyncio.Event) -> Coroutine[Any, Any, None]:
        if kind == "poll":
            return poller(app_port, token, etag, POLL_S, stop, seen)
        assert push_port is not None
        return follower(push_port, app_port, token, etag, stop, seen)

    thread, done = in_a_thread(count, follow, ramp=100)
    return seen, thread, done


def in_a_thread(
    count: int, follow: Callable[[asyncio.Event], Coroutine[Any, Any, None]], ramp: int
) -> tuple[threading.Thread, threading.Event]:
    """``count`` followers (``follow(stop)``: one's coroutine) in an event loop of their
    own thread, ``ramp`` at a time, until the event returned is set."""
    done = threading.Event()

    def main() -> None:
        async def followers() -> None:
            stop = asyncio.Event()
            tasks = []
            for i in range(count):
                tasks.append(asyncio.create_task(follow(stop)))
                if i % ramp == ramp - 1:
                    await asyncio.sleep(0.05)  # a ramp, not a storm of connections
            while not done.is_set():
                await asyncio.sleep(0.2)
            stop.set()
            await asyncio.wait(tasks, timeout=TIMEOUT + 5)

        asyncio.run(followers())

    thread = threading.Thread(target=main, daemon=True)
    thread.start()
    return thread, done


# --------------------------------------------------------------------------- screens


class FollowedTournament:
    """The tournament the screens follow, made in this process on the side's database
    (the app created here, publishing on ``redis_url`` as the served app does): a
    public one of `SCREEN_PAIRS` pairs in groups of four, started."""

    def __init__(self, url: str, redis_url: str | None) -> None:
        from scorekeeper import create_app
        from scorekeeper.tournaments import services
        from tests.helpers.tournaments import GROUPS_THEN_FINAL, drawn, user

        config = {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench", "REDIS_URL": redis_url}
        self.app = create_app(config)
        self.saved = 0
        entries = "\n".join(f"P{n}a & P{n}b" for n in range(1, SCREEN_PAIRS + 1))
        with self.app.test_request_context():
            from scorekeeper.tournaments.models import Structure

            t = drawn(
                user("bench-organiser"),
                entries,
                7,
                Structure.GROUPS_KNOCKOUT,
                GROUPS_THEN_FINAL,
                is_public=True,
            )
            services.start(t)
            self.id, self.path = t.id, f"/tournaments/{t.public_id}/screen"
            ((_stage, round_),) = services.rounds(t)
            self.games = [services.match_games(match)[0].id for match in services.matches(round_)]

    def close(self) -> None:
        from scorekeeper.extensions import db

        with self.app.app_context():
            db.engine.dispose()

    def version(self) -> str:
        """The screen's version now (an English screen without view or cycle asked)."""
        from scorekeeper.tournaments.venue.version import screen_version

        with self.app.app_context():
            return screen_version(self.id, "en||") or ""

    def save_hand(self) -> bool:
        """A hand at the next table still playing (its first side and then its second
        taking all four points, in turn): whether one was."""
        from scorekeeper.extensions import db
        from scorekeeper.games import services as games
        from scorekeeper.games.models import Game
        from tests.helpers.tournaments import sweep

        with self.app.test_request_context():
            for _ in range(len(self.games)):
                game = db.session.get(Game, self.games[self.saved % len(self.games)])
                self.saved += 1
                if game is None or game.winner_side is not None:
                    continue
                number = len(game.hands) + 1
                games.record_hand(game, number, f"bench-{self.saved}", sweep(number % 2, 0))
                return True
        return False


def tournament_saves(
    tournament: FollowedTournament,
    every: float,
    stop: threading.Event,
    sent: dict[Any, float],
    latencies: list[float],
) -> None:
    """Save a hand at one of the tournament's tables every ``every`` seconds; when each
    was sent, by the screen's version it makes."""
    while not stop.wait(every):
        started = time.monotonic()
        if not tournament.save_hand():
            return
        latencies.append(time.monotonic() - started)
        sent[tournament.version()] = started


async def screen_poll_once(
    port: int, path: str, version: str, seen: Seen, got: set[Any]
) -> tuple[str, bool]:
    """One poll of the screen's page: the version the screen then shows, and whether the
    server answered."""
    headers = {"Accept-Language": "en", "If-None-Match": f'"{version}"'}
    try:
        status, found, _body = await http_get(port, path, headers)
    except (OSError, TimeoutError, ValueError, IndexError) as error:
        seen.error(type(error).__name__)
        return version, False
    seen.polls += 1
    if status == 200 and found.get("etag"):
        version = found["etag"].removeprefix("W/").strip('"')
        seen.have(version, time.monotonic(), got)
    elif status != 304:
        seen.error(f"HTTP {status}")
        return version, False
    return version, True


async def screen_poller(
    port: int, path: str, version: str, stop: asyncio.Event, seen: Seen
) -> None:
    """A screen polling its page every `SCREEN_POLL_S` seconds (first at a random moment)."""
    got: set[Any] = set()
    with suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), random.uniform(0, SCREEN_POLL_S))
    while not stop.is_set():
        version, _answered = await screen_poll_once(port, path, version, seen, got)
        with suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), SCREEN_POLL_S)


async def screen_follower(
    push_port: int, app_port: int, path: str, version: str, stop: asyncio.Event, seen: Seen
) -> None:
    """A screen following its stream on the push server, as js/tournament-screen.js does
    with data-events-url: polling once at the stream's opening and every `PUSH_POLL_S`
    seconds while it is open; refused as it opens, polling every `SCREEN_POLL_S` seconds
    and opening it again after 30 s (twice as long each time, up to 10 min); cut, opening
    it again after 3 s."""
    got: set[Any] = set()
    shown = [version]
    wait = 30.0
    while not stop.is_set():
        if await hold_stream(push_port, app_port, path, shown, stop, seen, got):
            with suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 3.0)  # the stream's "retry: 3000"
            continue
        deadline = time.monotonic() + wait
        wait = min(wait * 2, 600.0)
        while not stop.is_set() and time.monotonic() < deadline:
            shown[0], _answered = await screen_poll_once(app_port, path, shown[0], seen, got)
            with suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), SCREEN_POLL_S)


async def hold_stream(
    push_port: int,
    app_port: int,
    path: str,
    shown: list[str],
    stop: asyncio.Event,
    seen: Seen,
    got: set[Any],
) -> bool:
    """Hold the screen's stream until it ends or ``stop``: whether it opened (``shown``:
    the version the screen shows, kept up to date)."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, push_port), TIMEOUT)
    except (OSError, TimeoutError) as error:
        seen.error(f"stream {type(error).__name__}")
        return False
    asked = f"GET {path}/events?lang=en&v={shown[0]} HTTP/1.0\r\nHost: {HOST}\r\n\r\n"
    writer.write(asked.encode())

    async def safety_net() -> None:
        shown[0], _answered = await screen_poll_once(app_port, path, shown[0], seen, got)
        while not stop.is_set():
            with suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), PUSH_POLL_S * random.uniform(0.5, 1.0))
            if not stop.is_set():
                shown[0], _answered = await screen_poll_once(app_port, path, shown[0], seen, got)

    net: asyncio.Task[None] | None = None
    ended = asyncio.create_task(stop.wait())
    try:
        status = await asyncio.wait_for(reader.readline(), TIMEOUT)
        if b" 200 " not in status:
            seen.error(f"stream {status.decode(errors='replace').strip()}")
            return False
        net = asyncio.create_task(safety_net())
        while not stop.is_set():
            reading = asyncio.create_task(reader.readline())
            await asyncio.wait({reading, ended}, return_when=asyncio.FIRST_COMPLETED)
            if not reading.done():
                reading.cancel()
                break
            line = reading.result()
            if not line:
                seen.error("stream closed")
                break
            if line.startswith(b"data: "):
                news = json.loads(line[6:])
                if news.get("html"):
                    shown[0] = news["version"]  # the screen it now shows
                    seen.have(shown[0], time.monotonic(), got)
    except (OSError, ValueError, TimeoutError) as error:
        seen.error(f"stream {type(error).__name__}")
    finally:
        ended.cancel()
        if net is not None:
            net.cancel()
        writer.close()
    return True


def run_screens(
    kind: str, count: int, tournament: FollowedTournament, app_port: int, push_port: int | None
) -> tuple[Seen, threading.Thread, threading.Event]:
    """``count`` screens in an event loop of their own thread, until the event is set;
    each has loaded the screen first (its version)."""
    seen = Seen()
    version = tournament.version()

    def follow(stop: asyncio.Event) -> Coroutine[Any, Any, None]:
        if kind == "poll":
            return screen_poller(app_port, tournament.path, version, stop, seen)
        assert push_port is not None
        return screen_follower(push_port, app_port, tournament.path, version, stop, seen)

    thread, done = in_a_thread(count, follow, ramp=50)
    return seen, thread, done


def screens_step(
    kind: str,
    count: int,
    args: argparse.Namespace,
    server: Server,
    push_pids: list[int],
    tournament: FollowedTournament,
    ledger: Ledger,
) -> dict[str, Any]:
    """``count`` screens following the tournament for ``--seconds`` while a hand is saved
    at one of its tables every ``--every`` seconds (and the 50 tables play on)."""
    seen, thread, done = run_screens(kind, count, tournament, server.port, args.push_port)
    time.sleep(min(15.0, 2 + count / 100))  # the screens connect
    pids = [server.process.pid, *server.worker_pids()] if server.process else []
    cpu_app, cpu_push = cpu_seconds(pids), cpu_seconds(push_pids)
    cpu_self = time.process_time()
    saves_before, polls_before = len(ledger.latencies), seen.polls
    sent: dict[Any, float] = {}
    followed: list[float] = []
    started = saving_for(
        args.seconds, lambda stop: tournament_saves(tournament, args.every, stop, sent, followed)
    )
    time.sleep(2 * SCREEN_POLL_S + 2)  # the last hand's way to the screens
    elapsed = time.monotonic() - started
    polls = seen.polls - polls_before
    done.set()
    thread.join(timeout=60)
    tables_ms = [s * 1000 for s in ledger.latencies[saves_before:]]
    return (
        {
            "screens": count,
            "cpu_s_app": round(cpu_seconds(pids) - cpu_app, 1),
            "cpu_s_push": round(cpu_seconds(push_pids) - cpu_push, 1),
            "cpu_s_this_script": round(time.process_time() - cpu_self, 1),
            "seconds": round(elapsed, 1),
            "polls_per_s": round(polls / elapsed, 1),
            "tables_saves": len(tables_ms),
            "tables_save_p50_ms": round(percentile(tables_ms, 0.5), 1),
            "tables_save_p95_ms": round(percentile(tables_ms, 0.95), 1),
            "tournament_save_p50_ms": round(percentile([s * 1000 for s in followed], 0.5), 1),
        }
        | covered_figures(sent, seen, count)
        | {"errors": seen.errors | dict(ledger.errors)}
    )


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


def saving_for(seconds: float, save: Callable[[threading.Event], None]) -> float:
    """``save(stop)`` in a thread of its own for ``seconds``, then stopped: when it began."""
    stop = threading.Event()
    saver = threading.Thread(target=save, args=(stop,), daemon=True)
    started = time.monotonic()
    saver.start()
    time.sleep(seconds)
    stop.set()
    saver.join(timeout=60)
    return started


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
    started = saving_for(
        args.seconds, lambda stop: followed_saves(table, args.every, stop, sent, followed)
    )
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
    figures |= {
        "saves": len(every_save),
        "save_p50_ms": round(percentile(every_save, 0.5), 1),
        "save_p95_ms": round(percentile(every_save, 0.95), 1),
        "tables_save_p95_ms": round(percentile(tables_ms, 0.95), 1),
    }
    figures |= reach_figures(sent, seen, count)
    figures["errors"] = seen.errors | dict(ledger.errors) | dict(followed.errors)
    return figures


def covered_figures(sent: dict[Any, float], seen: Seen, count: int) -> dict[str, Any]:
    """As `reach_figures`, but a hand reaches a screen when the screen shows its version
    or a later one (a screen polling every 5 s may skip a version: the one it shows has
    that hand too)."""
    ordered = sorted(sent.items(), key=_second)
    order = {version: k for k, (version, _at) in enumerate(ordered)}
    times = [at for _version, at in ordered]
    reached: list[list[float]] = [[] for _ in times]
    for log in seen.by_follower.values():
        done = -1  # the last hand this screen shows
        for version, at in log:
            k = order.get(version, -1)
            for hand in range(done + 1, k + 1):
                reached[hand].append(at - times[hand])
            done = max(done, k)
    reach = [delay for delays in reached for delay in delays]
    return {
        "followed_hands": len(times),
        "reach_p50_s": round(percentile(reach, 0.5), 2),
        "reach_p95_s": round(percentile(reach, 0.95), 2),
        "reach_max_s": round(max(reach), 2) if reach else None,
        "reach_missed": sum(max(0, count - len(delays)) for delays in reached),
        "reach_first_last_s_by_hand": [
            [round(min(delays), 2), round(max(delays), 2)] for delays in reached if delays
        ],
    }


def _second(item: tuple[Any, float]) -> float:
    return item[1]


def reach_figures(sent: dict[Any, float], seen: Seen, count: int) -> dict[str, Any]:
    """How long each hand sent (by the version it made, when its save was sent) took to
    reach the ``count`` followers: p50/p95/max over every arrival, the arrivals missing,
    and the first and last arrival of each hand."""
    reach: list[float] = []
    missed = 0
    by_hand = []
    for version, at in sorted(sent.items(), key=lambda item: item[1]):
        arrivals = seen.arrivals.get(version, [])
        reach += [a - at for a in arrivals]
        missed += max(0, count - len(arrivals))
        if arrivals:
            by_hand.append([round(min(arrivals) - at, 2), round(max(arrivals) - at, 2)])
    return {
        "followed_hands": len(sent),
        "reach_p50_s": round(percentile(reach, 0.5), 2),
        "reach_p95_s": round(percentile(reach, 0.95), 2),
        "reach_max_s": round(max(reach), 2) if reach else None,
        "reach_missed": missed,
        "reach_first_last_s_by_hand": by_hand,
    }


def start_redis(
    stack: ExitStack, server: Server, args: argparse.Namespace, log_dir: Path
) -> tuple[str, int]:
    """A Redis of the side's own (ended by ``stack``), named to ``server``'s app with the
    push server's address (``args.push_port``, chosen here): its URL and process id."""
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
    return redis_url, redis_pid


def start_push_server(
    stack: ExitStack, server: Server, args: argparse.Namespace, log_dir: Path, redis_url: str
) -> int:
    """The push server (gunicorn's gevent worker) asking ``server``, ended by ``stack``:
    its master's process id, once it answers."""
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
    return push


def side(name: str, root: Path, args: argparse.Namespace, workdir: Path) -> list[dict[str, Any]]:
    """Serve ``root`` (with push for "after"), then every step of ``--phones``."""
    log_dir = workdir / name
    log_dir.mkdir()
    results = []
    with fresh_database("sqlite", "") as url:
        server = Server(url, log_dir, workers=4, root=root)
        push_pids: list[int] = []
        pushing = name in ("after", "push")
        redis_url: str | None = None
        redis_pid = 0
        with ExitStack() as stack:
            if pushing:
                redis_url, redis_pid = start_redis(stack, server, args, log_dir)
            server.upgrade()
            server.start()
            stack.callback(server.stop)
            if pushing:
                assert redis_url is not None
                push = start_push_server(stack, server, args, log_dir, redis_url)
                push_pids = [push, *children(push), redis_pid]
            screens = None
            if args.follow == "screens":
                screens = FollowedTournament(url, redis_url)
                stack.callback(screens.close)
            else:
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
                    pace,
                    stop,
                ),
                daemon=True,
            )
            tables.start()
            stack.callback(stop.set)
            time.sleep(5)  # the tables start their games
            for count in args.phones:
                kind = "push" if pushing else "poll"
                if screens is not None:
                    figures = screens_step(kind, count, args, server, push_pids, screens, ledger)
                else:
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
    parser.add_argument("--sides", help="default: before,after (screens: polling,push)")
    parser.add_argument(
        "--screens", type=int, nargs="+", help="screens following a tournament, not phones"
    )
    args = parser.parse_args()
    args.follow = "screens" if args.screens else "phones"
    if args.screens:
        args.phones = args.screens
    if args.sides is None:
        args.sides = "polling,push" if args.follow == "screens" else "before,after"
    args.push_port = None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # servers inherit it too
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-push-"))
    try:
        results: dict[str, Any] = {}
        for name in args.sides.split(","):
            root = ROOT
            if name == "before" and args.follow == "phones":
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
