"""Two app servers behind HAProxy, sharing PostgreSQL through PgBouncer and Redis, on
loopback: the "many clubs" recipe of the README (issue 30, "two nodes"), started by this
one script and tested under load with a node killed (run by hand, never as a test).

It starts, each on a free port of 127.0.0.1:

- a new PostgreSQL database next to ``--postgresql-url`` (dropped at the end), migrated
  directly (migrations never go through PgBouncer);
- PgBouncer in front of it, from ``deploy/two-nodes/pgbouncer.ini`` (transaction pooling);
- two gunicorn app servers ("nodes", ``--workers`` each), both through PgBouncer, both on
  the same Redis (``--redis-url``) and ``SECRET_KEY``;
- HAProxy in front of both, from ``deploy/two-nodes/haproxy.cfg`` (health checks on
  /healthz, a request whose server died sent to the other one), sending the live
  streams' paths (a board's ``/v/<token>/events``, a venue screen's) to
- two push servers (``scorekeeper/push.py``, gunicorn's gevent worker, one a node as
  ``deploy/two-nodes/systemd/scorekeeper-push.service``), asking the app through the
  balancer.

Then, through the balancer, ``--tables`` tables play games (a hand every ``--pause``
seconds each; bench/load.py's phones: cookies, CSRF tokens read from the pages), while
``--followed`` of those games are followed by one viewer on each node directly (the view
link's live fragment, asked as the board's script asks it). After ``--seconds`` / 3,
node 1 is killed (``kill -9`` of its master and workers); its viewers move to the
balancer, as a phone's retry would; the load goes on to the end. It reports:

- ``exactly_once``: from the database, every hand acknowledged to a table (the board
  saying "Hand N saved.") stored exactly once, nothing stored that was never sent;
- ``after``: PostgreSQL's unvalidated constraints, hands without sides, and boards (read
  through the balancer) whose totals differ from the sum of their hands;
- ``followers``: for each node, how many acknowledged hands of the followed games its
  viewer saw (and missed: none may be), and the p50/p95/max of the delay from the
  acknowledgement to the viewer seeing the new totals;
- ``saves``: p50/p95 of a save through the balancer, before and after the kill, and the
  errors by kind (a save cut by the kill is retried by the table once, as a phone's
  outbox does);
- ``push``: before the load, a board's stream opened through the balancer (its status,
  and the seconds from a hand's save to its pushed board) and a screen's stream path
  answered by a push server (not by an app node).

    apt-get install haproxy pgbouncer          # Debian's packages (or: make two-nodes)
    .venv/bin/python bench/two_nodes.py
    .venv/bin/python bench/two_nodes.py --tables 50 --pause 1 --seconds 60 --json

Exits 1 when a check fails. Only ever talks to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from contextlib import ExitStack, suppress
from dataclasses import dataclass, field
from pathlib import Path
from string import Template
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from redis import Redis
from sqlalchemy.engine import make_url

from bench.leagues import throwaway_database
from bench.load import (
    BIN,
    HOST,
    POSTGRESQL_URL,
    REQUEST_TIMEOUT,
    Failure,
    Ledger,
    Phone,
    Server,
    Table,
    exactly_once,
    free_port,
    integrity,
    percentile,
    save_hand,
    until,
)
from scorekeeper import normalize_database_url
from scorekeeper.live import game_channel

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy" / "two-nodes"
NODES = ("node1", "node2")
TOTALS = re.compile(r'id="total-\d+">(\d+)<')
#: The settings an app server needs behind PgBouncer's transaction pooling.
ENGINE_OPTIONS = json.dumps({"connect_args": {"prepare_threshold": None}})


def need(program: str) -> str:
    found = shutil.which(program) or shutil.which(program, path="/usr/sbin:/sbin")
    if not found:
        raise SystemExit(f"{program} is not installed: apt-get install haproxy pgbouncer")
    return found


class Process:
    """A helper program started in its own session, stopped at the end."""

    def __init__(self, argv: list[str], log: Path, env: dict[str, str] | None = None) -> None:
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                argv, stdout=out, stderr=out, start_new_session=True, cwd=log.parent, env=env
            )
        self.log = log

    def stop(self) -> None:
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def wait_for_port(port: int, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with suppress(OSError):
            conn = http.client.HTTPConnection(HOST, port, timeout=1)
            conn.connect()
            conn.close()
            return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start on port {port}")


def start_pgbouncer(database_url: str, folder: Path) -> tuple[Process, str]:
    """PgBouncer for the database of ``database_url``; the URL that goes through it."""
    url = make_url(normalize_database_url(database_url))
    port = free_port()
    folder.mkdir()
    auth = folder / "userlist.txt"
    auth.write_text(f'"{url.username}" "{url.password or ""}"\n')
    config = Template((DEPLOY / "pgbouncer.ini").read_text()).substitute(
        DATABASE=url.database,
        PG_HOST=url.host or HOST,
        PG_PORT=url.port or 5432,
        PORT=port,
        AUTH_TYPE="trust" if not url.password else "plain",
        AUTH_FILE=auth,
        LOGFILE=folder / "pgbouncer.log",
        PIDFILE=folder / "pgbouncer.pid",
    )
    ini = folder / "pgbouncer.ini"
    ini.write_text(config)
    argv = [need("pgbouncer"), str(ini)]
    if os.geteuid() == 0:  # PgBouncer refuses to run as root unless told whom to be
        argv[1:1] = ["-u", "postgres"]
        shutil.chown(folder, "postgres")
        for path in (auth, ini):
            shutil.chown(path, "postgres")
    process = Process(argv, folder / "pgbouncer.out")
    wait_for_port(port, "PgBouncer")
    return process, url.set(host=HOST, port=port).render_as_string(hide_password=False)


def start_haproxy(nodes: list[Server], pushes: list[int], folder: Path) -> tuple[Process, int]:
    port = free_port()
    folder.mkdir()
    config = Template((DEPLOY / "haproxy.cfg").read_text()).substitute(
        BIND=f"{HOST}:{port}",
        NODE1=f"{HOST}:{nodes[0].port}",
        NODE2=f"{HOST}:{nodes[1].port}",
        PUSH1=f"{HOST}:{pushes[0]}",
        PUSH2=f"{HOST}:{pushes[1]}",
    )
    cfg = folder / "haproxy.cfg"
    cfg.write_text(config)
    check = subprocess.run(
        [need("haproxy"), "-c", "-f", str(cfg)], check=False, capture_output=True
    )
    if check.returncode:
        raise RuntimeError(check.stdout.decode() + check.stderr.decode())
    process = Process([need("haproxy"), "-db", "-f", str(cfg)], folder / "haproxy.log")
    wait_for_port(port, "HAProxy")
    until(lambda: _healthy(port), 10)
    return process, port


def _healthy(port: int) -> bool:
    with suppress(Failure):
        return Phone(port).request("GET", "/healthz").status == 200
    return False


@dataclass
class Followed:
    """A followed game: when each of its totals was acknowledged to its table."""

    table: Table
    acked_at: dict[tuple[int, ...], float] = field(default_factory=dict)
    #: node -> totals -> when that node's viewer first saw them.
    seen_at: dict[str, dict[tuple[int, ...], float]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def delays(self, node: str) -> list[float]:
        """The seconds from each acknowledged hand to ``node``'s viewer seeing its totals
        (0 when the viewer saw them before the table had its answer)."""
        seen = self.seen_at.get(node, {})
        return [max(0.0, seen[t] - at) for t, at in self.acked_at.items() if t in seen]

    def missed(self, node: str) -> int:
        return len(set(self.acked_at) - set(self.seen_at.get(node, {})))


def totals_of(html: str) -> tuple[int, ...]:
    return tuple(int(n) for n in TOTALS.findall(html))


def follow(followed: Followed, node: str, ports: dict[str, int], stop: threading.Event) -> None:
    """A viewer of ``followed`` on ``node``: asks the view link's live fragment with its
    entity tag every 100 ms, as a board's script does; when the node is gone it asks the
    balancer instead."""
    etag, last = "", ()
    phone = Phone(ports[node])
    token = followed.table.view_token
    while not stop.is_set():
        try:
            headers = {"If-None-Match": etag} if etag else {}
            status, body, tag = _get(phone, f"/v/{token}/live", headers)
        except (OSError, http.client.HTTPException, Failure):
            phone.close()
            phone = Phone(ports["balancer"])  # the node is gone: the phone asks again
            stop.wait(0.1)
            continue
        now = time.monotonic()
        if status == 200:
            etag = tag
            totals = totals_of(body)
            if totals != last:
                last = totals
                with followed.lock:
                    followed.seen_at.setdefault(node, {}).setdefault(totals, now)
        stop.wait(0.1)
    phone.close()


def _get(phone: Phone, path: str, headers: dict[str, str]) -> tuple[int, str, str]:
    """A GET with extra headers over the phone's own connection (bench/load.py's Phone
    sends none)."""
    if phone.conn is None:
        phone.conn = http.client.HTTPConnection(HOST, phone.port, timeout=REQUEST_TIMEOUT)
    phone.conn.request("GET", path, headers={"Accept-Language": "en", **headers})
    response = phone.conn.getresponse()
    body = response.read().decode()
    return response.status, body, response.getheader("ETag") or ""


def play(
    table: Table,
    ledger: Ledger,
    pause: float,
    stop: threading.Event,
    followed: Followed | None,
    rng: random.Random,
) -> None:
    """Save a hand every ``pause`` seconds (give or take a half) until ``stop``."""
    while not stop.wait(pause * rng.uniform(0.5, 1.5)):
        try:
            if table.finished():
                table.start()
            before = ledger.saves
            if not save_hand(table, ledger) and ledger.saves == before:
                continue
            if followed is not None:
                with followed.lock:
                    followed.acked_at.setdefault(totals_of(table.html), time.monotonic())
        except Failure as failure:
            ledger.error(failure.kind)


def figures(latencies: list[float]) -> dict[str, float]:
    ms = [s * 1000 for s in latencies]
    return {
        "count": len(ms),
        "p50_ms": round(percentile(ms, 0.5), 1),
        "p95_ms": round(percentile(ms, 0.95), 1),
    }


def start(args: argparse.Namespace, stack: ExitStack) -> tuple[str, list[Server], dict[str, int]]:
    """The database, PgBouncer, two nodes and HAProxy, each stopped by ``stack``; the
    database's direct URL, the nodes, and the ports of ``node1``, ``node2`` and the
    ``balancer``."""
    folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="two-nodes-")))
    os.chmod(folder, 0o711)  # noqa: S103 -- PgBouncer runs as postgres and reads its folder
    direct = stack.enter_context(throwaway_database(args.postgresql_url))
    bouncer, pooled = start_pgbouncer(direct, folder / "pgbouncer")
    stack.callback(bouncer.stop)
    secret = secrets.token_hex(32)
    nodes = []
    for number in (1, 2):
        logs = folder / f"node{number}"
        logs.mkdir()
        node = Server(pooled, logs, workers=args.workers)
        node.env |= {
            "SECRET_KEY": secret,
            "REDIS_URL": args.redis_url,
            "SCOREKEEPER_TRUSTED_PROXIES": "1",
            "SCOREKEEPER_SQLALCHEMY_ENGINE_OPTIONS": ENGINE_OPTIONS,
        }
        nodes.append(node)
    Server(direct, folder, workers=1).upgrade()
    for node in nodes:
        node.start()
        stack.callback(node.stop)
    pushes = [free_port(), free_port()]
    balancer, port = start_haproxy(nodes, pushes, folder / "haproxy")
    stack.callback(balancer.stop)
    for number, push_port in enumerate(pushes, start=1):
        push = Process(
            [
                str(BIN / "gunicorn"), "-k", "gevent", "-w", "1",
                "-b", f"{HOST}:{push_port}", "scorekeeper.push:create_push_app()",
            ],
            folder / f"push{number}.log",
            env={
                **os.environ,
                "PYTHONPATH": str(ROOT),
                "REDIS_URL": args.redis_url,
                "SCOREKEEPER_PUSH_APP_URL": f"http://{HOST}:{port}",
            },
        )  # fmt: skip
        stack.callback(push.stop)
        wait_for_port(push_port, f"push server {number}")
    until(lambda: _push_up(port), 10)  # the balancer's health checks found them
    return direct, nodes, {"node1": nodes[0].port, "node2": nodes[1].port, "balancer": port}


def _push_up(port: int) -> bool:
    """Whether the balancer sends the streams' paths to a push server (its plain 404)."""
    with suppress(Failure):
        answer = Phone(port).request("GET", "/tournaments/screen/no-such-link/events")
        return answer.status == 404 and answer.body == "not found"
    return False


def push_through_balancer(port: int, redis_url: str) -> dict[str, Any]:
    """A board's stream opened through the balancer, a hand saved: how long its pushed
    board took (from the save's POST); and a screen's stream path, answered by a push
    server (its plain "not found" for an unknown link, where an app node draws a page)."""
    table = Table(Phone(port))
    table.start(target=21)
    stream = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
    stream.request("GET", f"/v/{table.view_token}/events?lang=en")
    answer = stream.getresponse()
    found: dict[str, Any] = {"board_stream_status": answer.status}
    answer.readline()  # "retry: ...": the push server's first line, once it follows
    channel = game_channel(table.view_token)
    redis = Redis.from_url(redis_url)
    until(lambda: dict(redis.pubsub_numsub(channel)).get(channel.encode(), 0) > 0, 5)  # type: ignore[no-untyped-call]
    redis.close()
    started = time.monotonic()
    save_hand(table, Ledger())
    reached = None
    with suppress(OSError):
        while line := answer.readline():
            if line.startswith(b"event: board"):
                reached = round(time.monotonic() - started, 2)
                break
    stream.close()
    found["board_pushed_after_s"] = reached
    found["screen_stream_by_push_server"] = _push_up(port)
    return found


@dataclass
class Played:
    tables: list[Table]
    followed: list[Followed]
    ledger: Ledger
    before_kill: list[float]
    after_kill: list[float]


def load_and_kill(args: argparse.Namespace, nodes: list[Server], ports: dict[str, int]) -> Played:
    """The tables and viewers; node 1 killed after a third of the time."""
    ledger, stop, watching = Ledger(), threading.Event(), threading.Event()
    tables = []
    for i in range(args.tables):
        table = Table(Phone(ports["balancer"]))
        # The followed games are long (to 999), so that they are followed to the end.
        table.start(target=999 if i < args.followed else 21)
        tables.append(table)
    followed = [Followed(table) for table in tables[: args.followed]]
    players = [
        threading.Thread(
            target=play,
            args=(table, ledger, args.pause, stop, followed[i] if i < args.followed else None),
            kwargs={"rng": random.Random(i)},
            daemon=True,
        )
        for i, table in enumerate(tables)
    ]
    viewers = [
        threading.Thread(target=follow, args=(f, node, ports, watching), daemon=True)
        for f in followed
        for node in NODES
    ]
    for thread in [*players, *viewers]:
        thread.start()
    time.sleep(args.seconds / 3)
    before_kill = list(ledger.latencies)
    nodes[0].kill_all()
    killed_at = len(ledger.latencies)
    time.sleep(args.seconds * 2 / 3)
    stop.set()
    for thread in players:
        thread.join(timeout=2 * REQUEST_TIMEOUT)
    # The viewers catch up with the last hands (for at most 10 s), then stop.
    until(lambda: not any(f.missed(node) for f in followed for node in NODES), 10)
    watching.set()
    for thread in viewers:
        thread.join(timeout=2 * REQUEST_TIMEOUT)
    return Played(tables, followed, ledger, before_kill, ledger.latencies[killed_at:])


def report(
    args: argparse.Namespace, direct: str, nodes: list[Server], port: int, played: Played
) -> dict[str, Any]:
    once = exactly_once(direct, played.ledger)
    after = integrity(direct)
    sums = after.pop("sums")
    wrong = 0
    phone = Phone(port)
    for table in played.tables:
        shown = totals_of(phone.get(f"/v/{table.view_token}").body)
        if list(shown) != [sums.get((table.view_token, s), 0) for s in range(len(shown))]:
            wrong += 1
    phone.close()
    followers = {}
    for node in NODES:
        delays = [d for f in played.followed for d in f.delays(node)]
        followers[node] = {
            "acknowledged_hands": sum(len(f.acked_at) for f in played.followed),
            "seen": len(delays),
            "missed": sum(f.missed(node) for f in played.followed),
            "p50_s": round(percentile(delays, 0.5), 2),
            "p95_s": round(percentile(delays, 0.95), 2),
            "max_s": round(max(delays, default=float("nan")), 2),
        }
    node_errors = Counter[str]()
    for node_server in nodes:
        node_errors.update(node_server.log_errors())
    return {
        "setup": {
            "tables": args.tables,
            "followed": args.followed,
            "pause_s": args.pause,
            "seconds": args.seconds,
            "workers_per_node": args.workers,
            "haproxy": version(need("haproxy"), "-v"),
            "pgbouncer": version(need("pgbouncer"), "--version"),
        },
        "saves": {
            "before_kill": figures(played.before_kill),
            "after_kill": figures(played.after_kill),
            "errors": dict(played.ledger.errors),
        },
        "exactly_once": once,
        "after": after | {"boards_not_equal_to_their_hands": wrong},
        "followers": followers,
        "server_log_errors": dict(node_errors.most_common(5)),
    }


def version(program: str, flag: str) -> str:
    found = subprocess.run([program, flag], check=False, capture_output=True, text=True)
    return found.stdout.split("\n")[0]


def run(args: argparse.Namespace) -> dict[str, Any]:
    with ExitStack() as stack:
        direct, nodes, ports = start(args, stack)
        push = push_through_balancer(ports["balancer"], args.redis_url)
        played = load_and_kill(args, nodes, ports)
        return report(args, direct, nodes, ports["balancer"], played) | {"push": push}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgresql-url", default=POSTGRESQL_URL)
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--followed", type=int, default=5)
    parser.add_argument("--pause", type=float, default=1.0, help="seconds between hands")
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per node")
    parser.add_argument("--json", action="store_true", help="on one line")
    args = parser.parse_args()
    result = run(args)
    print(json.dumps(result, indent=None if args.json else 2, default=str))
    followers_ok = all(f["missed"] == 0 for f in result["followers"].values())
    push = result["push"]
    ok = (
        push["board_pushed_after_s"] is not None
        and push["screen_stream_by_push_server"]
        and result["exactly_once"]["ok"]
        and result["after"]["boards_not_equal_to_their_hands"] == 0
        and result["after"]["hands_without_sides"] == 0
        and followers_ok
    )
    if not ok:
        print("FAILED", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
