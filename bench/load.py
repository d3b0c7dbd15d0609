"""Load and fault test of the app as `make serve` runs it (run by hand, never as a test).

Starts gunicorn (4 workers, 127.0.0.1, a free port) on a fresh database of its own (a
SQLite file in a temporary folder, or a new PostgreSQL database next to
``--postgresql-url``, dropped at the end), drives it over HTTP from threads (one per
table, each with its own cookies, CSRF tokens read from the pages, as a phone does),
and reports:

- ``closed``: 50 tables looping "GET board, POST hand" with no pause: hands saved per
  second, p50/p95/p99 of saving a hand (the POST and its redirect), errors by kind;
- ``pace``: 50 tables saving a hand every 60-120 s (``--pace 10`` runs ten times
  faster): p95 of a save (aim: under 50 ms at the real pace, ``--pace 1``);
- ``exactly-once`` (after every scenario that saves): from the database, every hand
  acknowledged to a client (its redirect and the board saying so, with the request id
  the client sent) is stored exactly once, and nothing is stored that was never sent;
- ``same-hand``: five phones saving the same hand at once (own forms: different
  request ids; one phone tapping five times: the same one): exactly one stored, the
  others told so, in words that are true for them;
- ``kill``: ``kill -9`` of one worker, then of the whole server, under load; after a
  restart: integrity check, every acknowledged hand present, each board's totals equal
  to the sum of its hands in the database;
- ``league`` (PostgreSQL): ten scorers finishing league games with shared players at
  once: no error page, and results, standings and ratings equal to a rebuild;
- ``soak``: ``--soak-seconds`` (default 300) of moderate load, each worker's RSS at
  start and end;
- ``confirm``: ``--tables`` tables whose games require the other side's confirmation
  (the phone says once per game which side writes on it), for ``--confirm-seconds``:
  each hand saved (its POST and its board) and then confirmed with one tap of
  "Confermiamo" as the board's script sends it (one JSON POST): requests per hand with
  and without the confirmation, every acknowledged hand stored exactly once and every
  acknowledged confirmation recorded exactly once;
- ``import``: the largest league file the import takes (4 MB, 10,000 hands), uploaded
  over HTTP while 50 tables save at ``--import-pace`` (30: a hand every 2-4 s each, so
  that saves meet an import of a few seconds): how soon the upload is answered, how long
  until the league is there, and the tables' saves meanwhile (from the upload on).

    .venv/bin/python bench/load.py                              # every scenario, both
    .venv/bin/python bench/load.py --database sqlite --scenarios closed,same-hand
    .venv/bin/python bench/load.py --scenarios pace --pace 10 --pace-seconds 120
    .venv/bin/python bench/load.py --json > load.json
    .venv/bin/python bench/load.py --app-root /tmp/before ...  # an earlier commit's app

``server_cpu_ms_per_hand`` is the CPU time of gunicorn's master and workers (from
/proc) while a scenario ran, divided by the hands saved: everything, the games started
included. ``worker_cpu_ms_per_save_with_board`` is the CPU the workers spent on the
saves and the boards alone, each request timed in its worker (bench/gunicorn_cpu.py),
over the hands saved; with ``--tables 1`` it is one table's, with no other load.

Every scenario is bounded (its duration or count, and a timeout on every request), so
a hung server never hangs the script. Only ever talks to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import partial
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, select, text  # noqa: E402
from sqlalchemy.engine import Engine  # noqa: E402

from bench.leagues import throwaway_database  # noqa: E402

BIN = Path(sys.executable).parent
HOST = "127.0.0.1"
POSTGRESQL_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
SCENARIOS = ("closed", "pace", "same-hand", "kill", "league", "soak", "import", "confirm")
REQUEST_TIMEOUT = 30.0
PASSWORD = "load-test-password"

#: Two hands that give each side 5 points in turn, so a game to 21 lasts 9 hands.
HANDS = (
    {"sides-0-cards": "22", "sides-0-denari": "6", "settebello": "0", "primiera": "0"},
    {"sides-0-cards": "18", "sides-0-denari": "4", "settebello": "1", "primiera": "1"},
)


# --------------------------------------------------------------------------- HTTP


class Failure(Exception):
    """A request that did not get the page it should have; ``kind`` says how."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


@dataclass
class Page:
    status: int
    location: str  # a redirect's target: its path and query (the board's ?saved=N)
    body: str


class Phone:
    """One browser: its own cookies and keep-alive connection, English pages."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.conn: http.client.HTTPConnection | None = None
        #: Requests sent (a retried GET counts once).
        self.requests = 0

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        upload: tuple[str, bytes] | None = None,
        accept: str | None = None,
    ) -> Page:
        """One request; ``form`` is sent URL-encoded, or with ``upload`` (the file
        field's name and content) as multipart/form-data; ``accept``: the answer asked
        for (a script's JSON)."""
        self.requests += 1
        headers = {"Accept-Language": "en", "Connection": "keep-alive"}
        if accept:
            headers["Accept"] = accept
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body: str | bytes | None = None
        if upload is not None:
            body, headers["Content-Type"] = multipart(form or {}, *upload)
        elif form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (0, 1):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT)
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                data = response.read().decode("utf-8", "replace")
            except (ConnectionError, http.client.HTTPException) as error:
                self.close()
                # A kept-alive connection the server closed meanwhile, or an answer cut
                # off by a killed worker (IncompleteRead): retry a GET once (never a
                # POST: that is the client's choice, see `save_hand`).
                if attempt == 0 and method == "GET":
                    continue
                raise Failure(f"connection: {type(error).__name__}") from error
            except TimeoutError as error:
                self.close()
                raise Failure("timeout") from error
            except OSError as error:
                self.close()
                raise Failure(f"connection: {type(error).__name__}") from error
            for header in response.headers.get_all("Set-Cookie") or []:
                jar: SimpleCookie = SimpleCookie()
                jar.load(header)
                for name, morsel in jar.items():
                    self.cookies[name] = morsel.value
            target = urllib.parse.urlsplit(response.headers.get("Location", ""))
            location = f"{target.path}?{target.query}" if target.query else target.path
            return Page(response.status, location, data)
        raise AssertionError("unreachable")

    def get(self, path: str) -> Page:
        page = self.request("GET", path)
        if page.status != 200:
            raise Failure(f"HTTP {page.status} {error_kind(page.body)}".strip())
        return page

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def multipart(form: dict[str, str], name: str, content: bytes) -> tuple[bytes, str]:
    """``form`` and the file ``content`` (as field ``name``) as multipart/form-data."""
    boundary = secrets.token_hex(16)
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        for key, value in form.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="league.json"'
        "\r\nContent-Type: application/json\r\n\r\n".encode()
        + content
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def hidden(html: str, name: str) -> str:
    """The value of the form input ``name`` in ``html``."""
    match = re.search(rf'name="{name}"[^>]*value="([^"]*)"', html)
    if match is None:
        raise Failure(f"page without {name}")
    return match.group(1)


def error_kind(html: str) -> str:
    """What kind of error page ``html`` is (its title), if one."""
    match = re.search(r"<title>([^<]*)</title>", html)
    return match.group(1).split("·")[0].strip() if match else ""


def flash(html: str) -> tuple[str, str]:
    """The first flash message of a page: (category, text)."""
    match = re.search(r'class="flash flash-(\w+)">([^<]*)<', html)
    return (match.group(1), match.group(2)) if match else ("", "")


@dataclass
class Table:
    """A game at one table: its phone, board, view token and the form on its board."""

    phone: Phone
    board: str = ""
    view_token: str = ""
    html: str = ""
    number: int = 1
    #: Games that require the other side's confirmation (the ``confirm`` scenario).
    confirm: bool = False

    def start(self, target: int = 21) -> None:
        html = self.phone.get("/games/new").body
        form = {
            "csrf_token": hidden(html, "csrf_token"),
            "format": "2",
            "target": "other",
            "target_other": str(target),
            "first_dealer": "0",
            "names-0": "Anna",
            "names-1": "Bruno",
        }
        if self.confirm:
            form["requires_confirmation"] = "y"
        page = self.phone.request("POST", "/games/new", form)
        if page.status != 302:
            raise Failure(f"HTTP {page.status} new game")
        self.board = page.location
        if self.confirm:  # Anna writes on this phone: her hands await Bruno alone
            html = self.phone.get(self.board).body
            side = {"csrf_token": hidden(html, "csrf_token"), "side": "0"}
            if self.phone.request("POST", f"{self.board}/side", side).status != 302:
                raise Failure("side not chosen")
        self.load()

    def load(self) -> None:
        self.html = self.phone.get(self.board).body
        self.view_token = re.search(r'href="[^"]*/v/([^"/]+)"', self.html).group(1)  # type: ignore[union-attr]
        self.number = int(hidden(self.html, "number"))

    def finished(self) -> bool:
        return 'id="rematch"' in self.html


@dataclass
class Ledger:
    """Every hand sent, acknowledged, and how each save went (thread-safe)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    sent: set[tuple[str, str]] = field(default_factory=set)
    acked: set[tuple[str, str]] = field(default_factory=set)
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    saves: int = 0

    def error(self, kind: str) -> None:
        with self.lock:
            self.errors[kind] += 1


def hand_form(html: str, first_side_wins: bool) -> dict[str, str]:
    """The board's hand form in ``html`` filled in as a hand one side wins 5-0."""
    form = {name: hidden(html, name) for name in ("csrf_token", "request_id", "number")}
    form |= {"sides-1-cards": "", "sides-1-denari": "", "action": "save"}
    form |= {
        "sides-0-scope": str(int(first_side_wins)),
        "sides-1-scope": str(int(not first_side_wins)),
    }
    return form | HANDS[0 if first_side_wins else 1]


def save_hand(table: Table, ledger: Ledger, first_side_only: bool = False) -> bool:
    """POST the next hand of ``table`` from its board's form and follow the redirect, as
    a phone does; True when the board says it was saved. The board it lands on is the
    table's next form."""
    number = table.number
    # Sides win a hand in turn (a game to 21 lasts 9 hands), or the first side every
    # hand (three win a game to 11).
    form = hand_form(table.html, first_side_only or number % 2 == 1)
    key = (table.view_token, form["request_id"])
    with ledger.lock:
        ledger.sent.add(key)
    started = time.perf_counter()
    try:
        page = table.phone.request("POST", f"{table.board}/hands", form)
        if page.status != 302:
            raise Failure(f"HTTP {page.status} {error_kind(page.body)}".strip())
        board = table.phone.get(page.location)
    except Failure as failure:
        ledger.error(failure.kind)
        with suppress(Failure):
            table.load()
        return False
    elapsed = time.perf_counter() - started
    category, message = flash(board.body)
    table.html, table.number = board.body, int(hidden(board.body, "number"))
    if category == "success" and f"Hand {number} saved." in message:
        with ledger.lock:
            ledger.acked.add(key)
            ledger.latencies.append(elapsed)
            ledger.saves += 1
        return True
    ledger.error(f"not saved: {category} {message[:60]}")
    return False


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def latency_figures(
    ledger: Ledger,
    seconds: float,
    cpu: float | None = None,
    requests: dict[str, list[float]] | None = None,
) -> dict[str, Any]:
    """Saves per second, latency percentiles and errors; with ``cpu`` (the server's CPU
    seconds meanwhile), the server's CPU per hand saved (its POST, its board and the new
    games' pages shared out); with ``requests`` (each request's CPU in its worker, by
    kind), the CPU of a save with its board alone: the saves' and boards' CPU over the
    hands saved (a board loaded when a game starts is in it too), and each one's median."""
    ms = [s * 1000 for s in ledger.latencies]
    per_hand = round(cpu * 1000 / ledger.saves, 1) if cpu is not None and ledger.saves else None
    figures: dict[str, Any] = {}
    if requests is not None and ledger.saves:
        saves, boards = requests.get("save", []), requests.get("board", [])
        figures = {
            "worker_cpu_ms_per_save_with_board": round(
                (sum(saves) + sum(boards)) / ledger.saves, 1
            ),
            "worker_cpu_ms_median_save": round(percentile(saves, 0.5), 1),
            "worker_cpu_ms_median_board": round(percentile(boards, 0.5), 1),
            "worker_cpu_ms_median_new_game": round(percentile(requests.get("new", []), 0.5), 1),
        }
    return {
        "hands_saved": ledger.saves,
        "server_cpu_ms_per_hand": per_hand,
        **figures,
        "hands_per_second": round(ledger.saves / seconds, 1) if seconds else None,
        "p50_ms": round(percentile(ms, 0.50), 1),
        "p95_ms": round(percentile(ms, 0.95), 1),
        "p99_ms": round(percentile(ms, 0.99), 1),
        "errors": dict(ledger.errors),
    }


# --------------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


@contextmanager
def fresh_database(kind: str, postgresql_url: str) -> Iterator[str]:
    """A new empty database URL of ``kind`` (deleted or dropped afterwards)."""
    with throwaway_database(postgresql_url if kind == "postgresql" else None) as url:
        yield url


class Server:
    """`make serve` on ``url``: ``flask db upgrade``, then gunicorn with 4 workers."""

    def __init__(self, url: str, log_dir: Path, workers: int = 4, root: Path = ROOT) -> None:
        self.url, self.workers, self.port, self.root = url, workers, free_port(), root
        self.log = log_dir / "gunicorn.log"
        self.cpu_dir = log_dir / "request-cpu"  # see bench/gunicorn_cpu.py
        self.cpu_dir.mkdir(exist_ok=True)
        self.env = {
            **os.environ,
            "DATABASE_URL": url,
            "SECRET_KEY": secrets.token_hex(16),
            "SCOREKEEPER_RATELIMIT_ENABLED": "false",  # many logins from one address
            "REDIS_URL": "",
            "SCOREKEEPER_BENCH_CPU_DIR": str(self.cpu_dir),
        }
        self.env.pop("SCOREKEEPER_RATELIMIT_STORAGE_URI", None)
        self.process: subprocess.Popen[bytes] | None = None
        #: The job consumer (league imports) that `make serve` starts beside gunicorn.
        self.consumer: subprocess.Popen[bytes] | None = None

    def upgrade(self) -> None:
        subprocess.run(
            [str(BIN / "flask"), "--app", "scorekeeper", "db", "upgrade"],
            cwd=self.root,
            env=self.env,
            check=True,
            capture_output=True,
            timeout=120,
        )

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [
                    str(BIN / "gunicorn"),
                    "-c",
                    str(ROOT / "bench" / "gunicorn_cpu.py"),
                    "-w",
                    str(self.workers),
                    "-b",
                    f"{HOST}:{self.port}",
                    "scorekeeper:create_app()",
                ],
                cwd=self.root,
                env=self.env,
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        with (self.log.parent / "consumer.log").open("ab") as log:
            self.consumer = subprocess.Popen(
                [str(BIN / "flask"), "--app", "scorekeeper", "jobs", "consume"],
                cwd=self.root,
                env=self.env,
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with suppress(Failure):
                up = Phone(self.port).request("GET", "/healthz").status == 200
                if up and len(self.worker_pids()) == self.workers:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not start: see {self.log}")

    def worker_pids(self) -> list[int]:
        if self.process is None:
            return []
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        with suppress(OSError):
            return [int(pid) for pid in children.read_text().split()]
        return []

    def cpu_seconds(self) -> float:
        """CPU time (user and system) used so far by the master and its live workers."""
        total = 0
        for pid in [self.process.pid, *self.worker_pids()] if self.process else []:
            with suppress(OSError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
        return total / os.sysconf("SC_CLK_TCK")

    def request_cpu(self) -> dict[str, list[float]]:
        """The CPU (ms) of each request the workers served since `forget_request_cpu`, by
        kind (``save``, ``board``, ``new``, ``other``: see bench/gunicorn_cpu.py)."""
        found: dict[str, list[float]] = {}
        for path in self.cpu_dir.iterdir():
            for line in path.read_text().splitlines():
                kind, _, ms = line.partition(" ")
                with suppress(ValueError):
                    found.setdefault(kind, []).append(float(ms))
        return found

    def forget_request_cpu(self) -> None:
        for path in self.cpu_dir.iterdir():
            path.write_text("")  # the workers append: their next line starts the file

    def kill_all(self) -> None:
        """``kill -9`` of the master, every worker and the job consumer at once."""
        _end(self.consumer, signal.SIGKILL)
        _end(self.process, signal.SIGKILL)
        self.consumer = self.process = None

    def stop(self) -> None:
        """SIGTERM to the job consumer and to gunicorn (``kill -9`` after 30 s)."""
        _end(self.consumer, signal.SIGTERM)
        _end(self.process, signal.SIGTERM)
        self.consumer = self.process = None

    def log_errors(self) -> Counter[str]:
        """Error lines of the server's log, by their first words."""
        found: Counter[str] = Counter()
        for line in self.log.read_text(errors="replace").splitlines():
            if "[ERROR]" in line or "Traceback" in line or "Error:" in line:
                found[re.sub(r"^\[[^]]*\] \[\d+\] ", "", line)[:90]] += 1
        return found


def _end(process: subprocess.Popen[bytes] | None, sig: signal.Signals) -> None:
    """Send `sig` to the process group of `process` (if any) and wait for it to end;
    ``kill -9`` if it has not after 30 s."""
    if process is None:
        return
    with suppress(ProcessLookupError):
        os.killpg(process.pid, sig)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)


def rss_kib(pid: int) -> int | None:
    with suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


# --------------------------------------------------------------------------- checks


def engine_of(url: str) -> Engine:
    from scorekeeper import normalize_database_url

    return create_engine(normalize_database_url(url))


def query(url: str, sql: str, **params: Any) -> list[Any]:
    """The rows of one query on the database at ``url`` (its own connection)."""
    engine = engine_of(url)
    with engine.connect() as conn:
        rows = conn.execute(text(sql), params).all()
    engine.dispose()
    return list(rows)


def exactly_once(url: str, ledger: Ledger) -> dict[str, Any]:
    """Every acknowledged hand stored exactly once; nothing stored that was never sent."""
    rows = query(
        url,
        "SELECT game.view_token, hand.request_id, count(*) FROM hand"
        " JOIN game ON game.id = hand.game_id GROUP BY game.view_token, hand.request_id",
    )
    stored = Counter({(token, request): n for token, request, n in rows})
    games = {token for token, _request in ledger.sent}
    ours = Counter({key: n for key, n in stored.items() if key[0] in games})
    return {
        "acknowledged": len(ledger.acked),
        "stored": sum(ours.values()),
        "acknowledged_missing": len([k for k in ledger.acked if ours[k] == 0]),
        "stored_twice": len([k for k, n in ours.items() if n > 1]),
        "stored_never_sent": len([k for k in ours if k not in ledger.sent]),
        "sent_unacknowledged_stored": len([k for k in ours if k not in ledger.acked]),
        "ok": all(ours[k] == 1 for k in ledger.acked)
        and all(n == 1 and k in ledger.sent for k, n in ours.items()),
    }


def integrity(url: str) -> dict[str, Any]:
    """The database's own checks, and each hand side's total the sum of its points."""
    engine = engine_of(url)
    result: dict[str, Any] = {}
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            result["integrity_check"] = conn.execute(text("PRAGMA integrity_check")).scalar()
            result["foreign_key_violations"] = len(
                conn.execute(text("PRAGMA foreign_key_check")).all()
            )
        else:
            # Constraints are enforced on every write; check none is left unvalidated.
            result["unvalidated_constraints"] = conn.execute(
                text("SELECT count(*) FROM pg_constraint WHERE NOT convalidated")
            ).scalar()
        result["hands_without_sides"] = conn.execute(
            text(
                "SELECT count(*) FROM hand WHERE NOT EXISTS"
                " (SELECT 1 FROM hand_side WHERE hand_side.hand_id = hand.id)"
            )
        ).scalar()
        totals = conn.execute(
            text(
                "SELECT game.view_token, hand_side.side, sum(hand_side.total) FROM hand_side"
                " JOIN hand ON hand.id = hand_side.hand_id JOIN game ON game.id = hand.game_id"
                " GROUP BY game.view_token, hand_side.side"
            )
        ).all()
    engine.dispose()
    result["sums"] = {(token, side): int(total) for token, side, total in totals}
    return result


def boards_match_sums(port: int, tokens: set[str], sums: dict[tuple[str, int], int]) -> int:
    """How many boards (view links) show totals other than the sums of their stored hands."""
    phone, wrong = Phone(port), 0
    for token in tokens:
        html = phone.get(f"/v/{token}").body
        shown = [int(n) for n in re.findall(r'id="total-\d+">(\d+)<', html)]
        if shown != [sums.get((token, side), 0) for side in range(len(shown))]:
            wrong += 1
    phone.close()
    return wrong


# --------------------------------------------------------------------------- scenarios


def run_tables(
    port: int,
    tables: int,
    seconds: float,
    ledger: Ledger,
    pause: Callable[[random.Random], float] = lambda _rng: 0.0,
    stop: threading.Event | None = None,
) -> float:
    """``tables`` threads, each playing games (a new one when one is won) and saving a
    hand after ``pause`` seconds, for ``seconds``; returns the seconds it ran."""
    stop = stop or threading.Event()
    deadline = time.monotonic() + seconds

    def play(seed: int) -> None:
        rng = random.Random(seed)
        table = Table(Phone(port))
        while not stop.is_set() and time.monotonic() < deadline:
            try:
                if not table.board or table.finished():
                    table.start()
                wait = pause(rng)
                if wait and stop.wait(min(wait, max(0.0, deadline - time.monotonic()))):
                    break
                if time.monotonic() >= deadline:
                    break
                save_hand(table, ledger)
            except Failure as failure:
                ledger.error(failure.kind)
                stop.wait(0.2)
        table.phone.close()

    started = time.monotonic()
    threads = [threading.Thread(target=play, args=(i,), daemon=True) for i in range(tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 2 * REQUEST_TIMEOUT + 10)
    return time.monotonic() - started


def closed_loop(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    ledger = Ledger()
    server.forget_request_cpu()
    cpu = server.cpu_seconds()
    seconds = run_tables(server.port, args.tables, args.closed_seconds, ledger)
    cpu = server.cpu_seconds() - cpu
    figures = latency_figures(ledger, seconds, cpu, server.request_cpu())
    return figures | {"exactly_once": exactly_once(server.url, ledger)}


def real_pace(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    ledger = Ledger()
    low, high = 60 / args.pace, 120 / args.pace

    def pause(rng: random.Random) -> float:
        return rng.uniform(low, high)

    server.forget_request_cpu()
    cpu = server.cpu_seconds()
    seconds = run_tables(server.port, args.tables, args.pace_seconds, ledger, pause)
    cpu = server.cpu_seconds() - cpu
    figures = latency_figures(ledger, seconds, cpu, server.request_cpu())
    figures["pace"] = f"a hand every {low:.0f}-{high:.0f} s per table"
    return figures | {"exactly_once": exactly_once(server.url, ledger)}


CONFIRM_FORM = re.compile(
    r'<form method="post" action="([^"]+/hands/(\d+)/confirm)" class="confirm-form">(.*?)</form>',
    re.S,
)


def confirm_hand(table: Table, ledger: Ledger, confirmed: set[tuple[str, int]]) -> bool:
    """Tap "Confermiamo" on the board as its script does: one JSON POST."""
    match = CONFIRM_FORM.search(table.html)
    if match is None:
        ledger.error("no Confermiamo on the board")
        return False
    action, number, fields = match.group(1), int(match.group(2)), match.group(3)
    form = dict(re.findall(r'name="(csrf_token|request_id|side)" value="([^"]*)"', fields))
    page = table.phone.request("POST", action, form, accept="application/json")
    if page.status != 200 or '"status":"confirmed"' not in page.body.replace(" ", ""):
        ledger.error(f"confirm: HTTP {page.status}")
        return False
    with ledger.lock:
        confirmed.add((table.view_token, number))
    return True


def confirmations(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """Games that require confirmation: each hand saved, then confirmed with one request."""
    ledger, confirmed = Ledger(), set[tuple[str, int]]()
    stop, deadline = threading.Event(), time.monotonic() + args.confirm_seconds
    counts = Counter[str]()

    def play() -> None:
        table = Table(Phone(server.port), confirm=True)
        while not stop.is_set() and time.monotonic() < deadline:
            try:
                if not table.board or table.finished():
                    table.start()
                before = table.phone.requests
                if not save_hand(table, ledger):
                    continue
                saved = table.phone.requests
                if confirm_hand(table, ledger, confirmed):
                    with ledger.lock:
                        counts["hands"] += 1
                        counts["save_requests"] += saved - before
                        counts["confirm_requests"] += table.phone.requests - saved
            except Failure as failure:
                ledger.error(failure.kind)
                stop.wait(0.2)
        table.phone.close()

    threads = [threading.Thread(target=play, daemon=True) for _ in range(args.tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=args.confirm_seconds + 2 * REQUEST_TIMEOUT + 10)
    rows = query(
        server.url,
        "SELECT game.view_token, hand.number, hand.status, count(hand_revision.id) FROM hand"
        " JOIN game ON game.id = hand.game_id LEFT JOIN hand_revision"
        " ON hand_revision.hand_id = hand.id AND hand_revision.action = 'confirm'"
        " WHERE game.requires_confirmation GROUP BY game.view_token, hand.number, hand.status",
    )
    recorded = {(token, number): (status, n) for token, number, status, n in rows}
    hands = max(counts["hands"], 1)
    return {
        "hands_confirmed": counts["hands"],
        "requests_per_hand_saved": round(counts["save_requests"] / hands, 2),
        "extra_requests_per_confirmation": round(counts["confirm_requests"] / hands, 2),
        "errors": dict(ledger.errors.most_common(5)),
        "confirmations_missing": len(
            [k for k in confirmed if recorded.get(k, ("", 0)) != ("confirmed", 1)]
        ),
        "confirmations_twice": len([k for k, (_s, n) in recorded.items() if n > 1]),
        "exactly_once": exactly_once(server.url, ledger),
    }


def same_hand(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """Five phones (or one phone five times) saving one hand at the same instant."""
    outcome: dict[str, Any] = {}
    for variant in ("different request ids", "same request id"):
        wrong, rounds, answers = 0, args.same_hand_rounds, Counter[str]()
        for _ in range(rounds):
            table = Table(Phone(server.port))
            table.start()
            if variant == "different request ids":  # five phones, each with its own form
                phones = [Phone(server.port) for _ in range(5)]
                forms = [phone.get(table.board).body for phone in phones]
            else:  # one phone's form sent five times (a quintuple tap)
                phones = [Phone(server.port) for _ in range(5)]
                for phone in phones:
                    phone.cookies = dict(table.phone.cookies)
                forms = [table.html] * 5
            said = at_once(
                [
                    partial(tap, phone, table.board, html)
                    for phone, html in zip(phones, forms, strict=True)
                ]
            )
            for phone in phones:
                phone.close()
            saved = sum(1 for s in said if s == "success: Hand 1 saved.")
            if variant == "different request ids":
                told = sum(1 for s in said if "already saved from another phone" in s)
            else:
                told = sum(1 for s in said if s == "info: Hand 1 was already saved.")
            stored = stored_hands(server.url, table.view_token)
            answers.update(said)
            if not (saved == 1 and told == 4 and stored == 1):
                wrong += 1
            table.phone.close()
        outcome[variant] = {"rounds": rounds, "wrong_rounds": wrong, "answers": dict(answers)}
    return outcome


def at_once(calls: Sequence[Callable[[], object]]) -> list[str]:
    """Run every call in its own thread, all released at the same instant; what each
    returned (or how it failed)."""
    barrier = threading.Barrier(len(calls), timeout=REQUEST_TIMEOUT)
    said = [""] * len(calls)

    def call(i: int) -> None:
        try:
            barrier.wait()
            said[i] = str(calls[i]())
        except (Failure, threading.BrokenBarrierError) as failure:
            said[i] = f"failure: {failure!r}"

    threads = [threading.Thread(target=call, args=(i,), daemon=True) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=3 * REQUEST_TIMEOUT)
    return said


def tap(phone: Phone, board: str, html: str) -> str:
    """Save hand 1 (the first side wins it) from the form in ``html``; what the phone is told."""
    page = phone.request("POST", f"{board}/hands", hand_form(html, first_side_wins=True))
    if page.status != 302:
        return f"HTTP {page.status} {error_kind(page.body)}"
    category, message = flash(phone.get(page.location).body)
    return f"{category}: {message}"


def stored_hands(url: str, view_token: str) -> int:
    """How many hands the game of ``view_token`` has in the database."""
    sql = "SELECT count(*) FROM hand JOIN game ON game.id = hand.game_id WHERE view_token = :t"
    return int(query(url, sql, t=view_token)[0][0])


def kill(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """Closed-loop load; ``kill -9`` of one worker after a third of the time, of the whole
    server after two thirds; restart; check what was acknowledged."""
    ledger, stop = Ledger(), threading.Event()
    seconds = args.kill_seconds
    runner = threading.Thread(
        target=run_tables,
        args=(server.port, args.tables, seconds, ledger),
        kwargs={"stop": stop},
        daemon=True,
    )
    runner.start()
    # Each kill comes once the load has had some hands acknowledged (at most a third
    # of the time each), so that there is something to lose.
    until(lambda: ledger.saves >= args.tables // 2, seconds / 3)
    victim = server.worker_pids()[0]
    os.kill(victim, signal.SIGKILL)
    acknowledged_at_worker_kill = ledger.saves
    until(lambda: ledger.saves >= acknowledged_at_worker_kill + args.tables // 2, seconds / 3)
    server.kill_all()
    stop.set()
    runner.join(timeout=seconds + 3 * REQUEST_TIMEOUT)
    server.start()
    checks = integrity(server.url)
    sums = checks.pop("sums")
    tokens = {token for token, _request in ledger.sent}
    return {
        "killed_worker": victim,
        "acknowledged_before_worker_kill": acknowledged_at_worker_kill,
        "acknowledged_before_server_kill": ledger.saves,
        "errors": dict(ledger.errors),
        "after_restart": checks
        | {"boards_not_equal_to_their_hands": boards_match_sums(server.port, tokens, sums)},
        "exactly_once": exactly_once(server.url, ledger),
    }


def until(condition: Callable[[], bool], seconds: float) -> None:
    """Wait until ``condition`` holds, for at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.1)


def soak(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """Moderate load (10 tables, a hand a second each) for ``--soak-seconds``."""
    before = {pid: rss_kib(pid) for pid in server.worker_pids()}
    ledger = Ledger()
    cpu = server.cpu_seconds()
    seconds = run_tables(
        server.port, 10, args.soak_seconds, ledger, lambda rng: rng.uniform(0.5, 1.5)
    )
    after = {pid: rss_kib(pid) for pid in server.worker_pids()}
    return latency_figures(ledger, seconds, server.cpu_seconds() - cpu) | {
        "rss_kib": {
            str(pid): {"start": before.get(pid), "end": after.get(pid)}
            for pid in sorted(set(before) | set(after))
        },
        "exactly_once": exactly_once(server.url, ledger),
    }


def league(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """Ten scorers finishing league games with shared players at once, for some rounds."""
    public_id = seed_league_owner(server)
    answers: Counter[str] = Counter()
    for _round in range(args.league_rounds):
        scorers = []
        for _ in range(10):
            phone = Phone(server.port)
            login(phone)
            scorers.append(phone)
        tables = [start_league_game(phone, public_id, i) for i, phone in enumerate(scorers)]
        ledger = Ledger()
        for table in tables:  # two of the three hands that win it, one table at a time
            for _ in range(2):
                save_hand(table, ledger, first_side_only=True)
        calls = [partial(save_hand, table, ledger, True) for table in tables]
        # --league-one-at-a-time is the control: the same games finished in turn.
        said = [str(call()) for call in calls] if args.league_one_at_a_time else at_once(calls)
        answers.update("saved" if ok == "True" else "not saved" for ok in said)
        answers.update(f"error: {kind}" for kind, n in ledger.errors.items() for _ in range(n))
        for phone in scorers:
            phone.close()
    return {"answers": dict(answers), "versus_rebuild": compare_with_rebuild(server, public_id)}


def seed_league_owner(server: Server) -> str:
    """An owner account and a league of 6 players (in the database, before the load)."""
    from scorekeeper import create_app
    from scorekeeper.accounts.models import User
    from scorekeeper.accounts.services import create_user
    from scorekeeper.extensions import db
    from scorekeeper.leagues.demo import seed_league

    app = create_app({"SQLALCHEMY_DATABASE_URI": server.url, "SECRET_KEY": "seed"})
    with app.app_context():
        # The league scenario made it already when the import runs after it.
        known = db.session.scalars(select(User).where(User.username == "loadowner")).first()
        owner = known or create_user("loadowner", PASSWORD)
        public_id = seed_league(owner, "Load", 6, 0, seed=3).public_id
        db.session.commit()
        db.engine.dispose()
    return str(public_id)


def login(phone: Phone) -> None:
    html = phone.get("/account/login").body
    form = {"csrf_token": hidden(html, "csrf_token"), "username": "loadowner"}
    page = phone.request("POST", "/account/login", form | {"password": PASSWORD})
    if page.status != 302:
        raise Failure(f"HTTP {page.status} login")


def start_league_game(phone: Phone, public_id: str, i: int) -> Table:
    html = phone.get(f"/leagues/{public_id}/games/new").body
    options = re.findall(r'<option value="(\d+)">', html.split('name="players-0"', 1)[1])
    ids = [o for o in dict.fromkeys(options) if o != "0"][:6]
    a, b = ids[i % len(ids)], ids[(i + 1 + i // len(ids)) % len(ids)]
    form = {
        "csrf_token": hidden(html, "csrf_token"),
        "players-0": a,
        "players-1": b,
        "new_names-0": "",
        "new_names-1": "",
        "first_dealer": "0",
    }
    page = phone.request("POST", f"/leagues/{public_id}/games/new", form)
    if page.status != 302:
        raise Failure(f"HTTP {page.status} {error_kind(page.body)} league game")
    table = Table(phone, board=page.location)
    table.load()
    return table


def compare_with_rebuild(server: Server, public_id: str) -> dict[str, Any]:
    """Results, standings and ratings as the server left them, against a rebuild.

    HOOK: the rebuild is ``flask leagues rebuild <public id>`` when that command exists
    (another part of issue #10); until then it is `standings.rows.rebuild` run here, on
    the same database after a snapshot (ratings in order and standing rows, from the
    stored results).
    """
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    def snapshot() -> dict[str, list[tuple[Any, ...]]]:
        with engine_of(server.url).connect() as conn:
            return {
                "results": [
                    tuple(round(v, 6) if isinstance(v, float) else v for v in row)
                    for row in conn.execute(
                        text(
                            "SELECT game_id, player_id, side, won, mu, sigma FROM league_result"
                            " ORDER BY game_id, player_id"
                        )
                    )
                ],
                "standings": [
                    tuple(row)
                    for row in conn.execute(text("SELECT * FROM league_standing ORDER BY 1")).all()
                ],
                "ratings": [
                    tuple(round(v, 6) if isinstance(v, float) else v for v in row)
                    for row in conn.execute(
                        text("SELECT id, mu, sigma FROM league_player ORDER BY id")
                    )
                ],
            }

    served = snapshot()
    env = server.env
    command = subprocess.run(
        [str(BIN / "flask"), "--app", "scorekeeper", "leagues", "rebuild", public_id],
        cwd=server.root,
        env=env,
        capture_output=True,
        timeout=300,
        check=False,
    )
    how = "flask leagues rebuild"
    if command.returncode != 0:
        how = "standings.rows.rebuild (no `flask leagues rebuild` yet)"
        from scorekeeper.leagues.models import League
        from scorekeeper.leagues.standings.rows import rebuild

        app = create_app({"SQLALCHEMY_DATABASE_URI": server.url, "SECRET_KEY": "check"})
        with app.app_context():
            league_id = db.session.execute(
                db.select(League.id).where(League.public_id == public_id)
            ).scalar_one()
            rebuild(league_id)
            db.session.commit()
            db.engine.dispose()
    rebuilt = snapshot()
    # Standing rows are deleted and inserted again: compare them without their ids.
    served["standings"] = sorted((row[1:] for row in served["standings"]), key=repr)
    rebuilt["standings"] = sorted((row[1:] for row in rebuilt["standings"]), key=repr)
    differ = {
        name: len(set(served[name]) ^ set(rebuilt[name])) // 2 or int(served[name] != rebuilt[name])
        for name in served
    }
    return {"rebuild": how, "rows_differing": differ, "ok": not any(differ.values())}


# --------------------------------------------------------------------------- main


def league_import(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """The largest league file the import takes, uploaded over HTTP while 50 tables save
    hands at ``--pace``: the upload's answer, the time until the league is there, and the
    tables' saves meanwhile (exactly once, their latency)."""
    import flask_migrate

    from bench.imports import largest_file
    from scorekeeper import create_app
    from scorekeeper.extensions import db
    from scorekeeper.leagues.views import IMPORT_MAX_BYTES

    with throwaway_database(None) as seed_url:  # the file is made in a database of its own
        seeder = create_app({"SQLALCHEMY_DATABASE_URI": seed_url, "SECRET_KEY": "seed"})
        with seeder.app_context():
            flask_migrate.upgrade()
        body, games, hands = largest_file(seeder, args.import_seed_games, IMPORT_MAX_BYTES)
        with seeder.app_context():
            db.engine.dispose()
    seed_league_owner(server)
    phone = Phone(server.port)
    login(phone)
    ledger, stop = Ledger(), threading.Event()
    low, high = 60 / args.import_pace, 120 / args.import_pace
    tables = threading.Thread(
        target=run_tables,
        args=(server.port, args.tables, args.import_seconds, ledger),
        kwargs={"pause": lambda rng: rng.uniform(low, high), "stop": stop},
        daemon=True,
    )
    tables.start()
    time.sleep(min(10.0, args.import_seconds / 4))  # the tables under way first
    html = phone.get("/leagues/import").body
    with ledger.lock:
        before = Ledger(saves=ledger.saves, latencies=list(ledger.latencies))
    started = time.perf_counter()
    page = phone.request(
        "POST", "/leagues/import", {"csrf_token": hidden(html, "csrf_token")}, ("file", body)
    )
    answered = time.perf_counter() - started
    outcome, progress = "no answer", page.location
    if page.status != 302 or "/leagues/imports/" not in progress:
        outcome = f"HTTP {page.status} {error_kind(page.body)}".strip()
    else:
        deadline = time.monotonic() + args.import_seconds
        while time.monotonic() < deadline:
            done = phone.request("GET", progress)
            if done.status == 302:
                outcome = "imported" if "/leagues/import" not in done.location else "refused"
                break
            time.sleep(0.5)
        else:
            outcome = "still running at the deadline"
    imported = time.perf_counter() - started
    stop.set()
    tables.join(timeout=2 * REQUEST_TIMEOUT + 10)
    stored = query(
        server.url,
        "SELECT count(*) FROM game JOIN league ON league.id = game.league_id"
        " WHERE league.name = :name AND NOT league.importing",
        name=json.loads(body)["league"]["name"],
    )[0][0]
    phone.close()
    meanwhile = Ledger(
        saves=ledger.saves - before.saves,
        latencies=ledger.latencies[len(before.latencies) :],
        errors=ledger.errors,
    )
    return {
        "file": f"{len(body) / 1e6:.2f} MB, {games} games, {hands} hands",
        "outcome": outcome,
        "upload_answered_s": round(answered, 2),
        "league_there_after_s": round(imported, 1),
        "games_stored": stored,
        "tables_pace": f"a hand every {low:.0f}-{high:.0f} s per table",
        "saves_meanwhile": latency_figures(meanwhile, imported),
        "exactly_once": exactly_once(server.url, ledger),
    }


RUNNERS: dict[str, Callable[[Server, argparse.Namespace], dict[str, Any]]] = {
    "closed": closed_loop,
    "pace": real_pace,
    "same-hand": same_hand,
    "kill": kill,
    "league": league,
    "soak": soak,
    "import": league_import,
    "confirm": confirmations,
}


def run(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    report: dict[str, Any] = {}
    with fresh_database(kind, args.postgresql_url) as url, tempfile.TemporaryDirectory() as logs:
        server = Server(url, Path(logs), root=args.app_root.resolve())
        server.upgrade()
        server.start()
        try:
            for name in args.scenarios:
                if name == "league" and kind != "postgresql" and not args.league_on_sqlite:
                    continue
                print(f"[{kind}] {name} ...", file=sys.stderr, flush=True)
                started = time.monotonic()
                try:
                    report[name] = RUNNERS[name](server, args)
                except Exception as error:
                    report[name] = {"crashed": repr(error)}
                report[name]["seconds"] = round(time.monotonic() - started)
                if server.process is None or server.process.poll() is not None:
                    server.start()
        finally:
            server.stop()
            report["server_log_errors"] = dict(server.log_errors().most_common(10))
    return report


def print_table(results: dict[str, dict[str, Any]]) -> None:
    for kind, report in results.items():
        print(f"\n== {kind}")
        for name, figures in report.items():
            print(f"-- {name}")
            for key, value in figures.items() if isinstance(figures, dict) else []:
                print(f"   {key:32} {json.dumps(value, default=str)}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--postgresql-url", default=POSTGRESQL_URL)
    parser.add_argument("--scenarios", default=",".join(SCENARIOS), help="comma-separated")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--closed-seconds", type=float, default=30)
    parser.add_argument("--pace", type=float, default=1.0, help="speed-up of the real pace")
    parser.add_argument("--pace-seconds", type=float, default=300)
    parser.add_argument("--same-hand-rounds", type=int, default=20)
    parser.add_argument("--kill-seconds", type=float, default=60)
    parser.add_argument("--league-rounds", type=int, default=3)
    parser.add_argument("--league-on-sqlite", action="store_true")
    parser.add_argument("--league-one-at-a-time", action="store_true", help="the control run")
    parser.add_argument("--soak-seconds", type=float, default=300)
    parser.add_argument("--confirm-seconds", type=float, default=30)
    parser.add_argument("--import-seconds", type=float, default=180, help="the import's bound")
    parser.add_argument("--import-seed-games", type=int, default=1000)
    parser.add_argument(
        "--import-pace", type=float, default=30.0, help="the tables' speed-up meanwhile"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--app-root",
        type=Path,
        default=ROOT,
        help="serve the app of another checkout (an earlier commit, to compare in one run)",
    )
    args = parser.parse_args()
    args.scenarios = [s.strip() for s in args.scenarios.split(",") if s.strip()]
    unknown = set(args.scenarios) - set(SCENARIOS)
    if unknown:
        parser.error(f"unknown scenarios: {', '.join(sorted(unknown))}")
    kinds = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    results = {kind: run(kind, args) for kind in kinds}
    if args.json:
        print(json.dumps(results, indent=2, default=str))
    else:
        print_table(results)


if __name__ == "__main__":
    main()
