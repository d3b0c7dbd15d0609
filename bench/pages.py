"""The game and league pages as a phone user meets them: run by hand, never as a test.

    make measure                       (installs what it needs, then runs this)
    .venv/bin/python bench/pages.py [--runs 3] [--workers 3] [--no-lighthouse] [--locale it-IT]
    DATABASE_URL=postgresql://postgres@127.0.0.1/test .venv/bin/python bench/pages.py

Starts the app under gunicorn (several workers) on 127.0.0.1 with a throwaway SQLite
database (or the PostgreSQL database DATABASE_URL names: the script only adds rows to
it), fills it through the app's own forms with a realistic game (2 players, to 21, 6
hands) and a long one (40 hands), adds a public demo league (`flask seed-demo`, 24
players, 300 games) and a public tournament of 8 pairs (drawn and started by an organiser
who signs up), and reports for every page a player meets: home, log in, sign up, new
game, the read-only board, the board with the hand form, the correction form, the hand by
cards, a hand explained, the league's standings and a player's page, the primiera and
capture checkers, the rules, the leagues, and the tournament's page, rounds and screen:

- bytes transferred on a first load (empty cache): every response's size on the wire
  (headers and body, as served: whatever compression the app applies), summed from
  Chromium's own network log, and whether any response was compressed;
- Lighthouse mobile scores (performance, accessibility, best practices), the median of
  `--runs` runs, each in a fresh Chromium profile;
- axe-core violations, light and dark colour scheme;
- sideways scrolling at 360 px (yes/no);

and, once: the taps of the issue's reference hand (the flow the e2e test asserts, from
tests/helpers/flows.py), and server time (median, p95) of saving a hand and of rendering
the board of the 40-hand game, timed one request at a time from this script against
gunicorn over 127.0.0.1 (so it includes HTTP on the loopback, not the browser).

Only ever sends requests to 127.0.0.1. Figures move between runs and machines.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402
from tests.helpers.flows import REFERENCE_POINTS, reference_hand, start_game  # noqa: E402

BENCH = ROOT / "bench"
LIGHTHOUSE = BENCH / "node_modules" / ".bin" / "lighthouse"
AXE = BENCH / "node_modules" / "axe-core" / "axe.min.js"
BIN = Path(sys.executable).parent
NAMES = ("Anna", "Bruno")

#: The issue's aims.
AIM_PERFORMANCE = 98
AIM_ACCESSIBILITY = 100
AIM_BEST_PRACTICES = 95
AIM_BYTES = 50 * 1024
AIM_TAPS = 6
NARROW = 360
#: The emulated phone's language (--locale): the pages' language on a first load.
LOCALE = "en-GB"


# --------------------------------------------------------------------------- the server


def free_port() -> int:
    """A free TCP port on 127.0.0.1 (Chromium refuses a few: avoid them by retrying)."""
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        if port not in (5060, 5061, 6000) and not 6665 <= port <= 6669:
            return port


@contextmanager
def gunicorn(database_url: str, workers: int, port: int) -> Iterator[str]:
    """Migrate the database and serve the app with gunicorn; yields the base URL."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": "bench-" + uuid.uuid4().hex,
        "SCOREKEEPER_RATELIMIT_ENABLED": "false",
    }
    subprocess.run(
        [BIN / "flask", "--app", "scorekeeper", "db", "upgrade"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    command = [BIN / "gunicorn", "-w", str(workers), "-b", f"127.0.0.1:{port}"]
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [*command, "scorekeeper:create_app()"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            yield wait_until_up(f"http://127.0.0.1:{port}", process, log)
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)


def demo_league(database_url: str, client: Client) -> tuple[str, str]:
    """A public demo league in the database: paths of its standings and a player page."""
    done = subprocess.run(
        [BIN / "flask", "--app", "scorekeeper", "seed-demo", "--players", "24", "--games", "300"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "bench"},
        check=True,
        capture_output=True,
        text=True,
    )
    found = re.search(r"(/leagues/[\w-]+/)", done.stdout)
    if found is None:
        raise SystemExit(f"seed-demo said: {done.stdout}")
    standings = found.group(1)
    player = re.search(r'href="(/leagues/[\w-]+/players/\d+)"', client.request(standings)[1])
    if player is None:
        raise SystemExit("no player link on the demo league's standings")
    return standings, player.group(1)


def demo_tournament(client: Client) -> dict[str, str]:
    """A public tournament of 8 pairs, drawn and started by a new organiser: its pages."""
    form = {
        "csrf_token": client.csrf("/account/signup"),
        "username": "organiser",
        "password": "bench-password",
        "confirm": "bench-password",
    }
    status, _, _ = client.request("/account/signup", form)
    if status not in (302, 303):
        raise SystemExit(f"could not sign up ({status})")
    form = {
        "csrf_token": client.csrf("/tournaments/new"),
        "name": "Torneo di San Rocco",
        "held_on": "2026-08-16",
        "format": "2x2",
        "structure": "groups_knockout",
        "group_size": "4",
        "qualifiers": "2",
        "games": "1",
        "target": "11",
        "knockout_games": "1",
        "knockout_target": "11",
        "final_games": "3",
        "final_target": "21",
        "preset": "scopa-2x2",
        "entry_fee": "5",
        "is_public": "y",
    }
    status, _, location = client.request("/tournaments/new", form)
    if status not in (302, 303):
        raise SystemExit(f"could not create the tournament ({status})")
    base = "/tournaments/" + urllib.parse.urlsplit(location).path.split("/")[2]
    pairs = "\n".join(f"Player {2 * i} & Player {2 * i + 1} (Club {i % 3})" for i in range(8))
    steps = (("entries", {"entries": pairs}), ("draw", {"seed": "7"}), ("start", {}))
    for action, data in steps:
        token = client.csrf(f"{base}/entries")
        status, _, _ = client.request(f"{base}/{action}", {"csrf_token": token, **data})
        if status not in (302, 303):
            raise SystemExit(f"{base}/{action} gave {status}")
    return {"show": base, "rounds": f"{base}/rounds", "screen": f"{base}/screen"}


def wait_until_up(url: str, process: subprocess.Popen[bytes], log: IO[bytes]) -> str:
    """`url` once /healthz answers; the server's log if it dies or is slow."""
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=2):
                return url
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise SystemExit("gunicorn did not start:\n" + log.read().decode()) from None
            time.sleep(0.2)


# --------------------------------------------------------------------------- HTTP client

_CSRF = re.compile(
    r'name="csrf_token" type="hidden" value="([^"]+)"|'
    r'name="csrf_token" value="([^"]+)"'
)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: Any, **_kwargs: Any) -> None:
        return None


class Client:
    """A browser-less player: one cookie jar, forms posted as the pages post them."""

    def __init__(self, base: str) -> None:
        self.base = base
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(jar), _NoRedirect()
        )

    def request(self, path: str, data: dict[str, str] | None = None) -> tuple[int, str, str]:
        """GET (or POST `data`); returns status, body and the Location header."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body, headers={"Accept-Language": "en"})
        try:
            with self.opener.open(req, timeout=30) as response:
                return response.status, response.read().decode(), ""
        except urllib.error.HTTPError as error:  # 3xx (not followed) and 4xx land here
            return error.code, error.read().decode(), error.headers.get("Location", "")

    def csrf(self, path: str) -> str:
        """The CSRF token of the form on `path`."""
        status, html, _ = self.request(path)
        match = _CSRF.search(html)
        if status != 200 or not match:
            raise SystemExit(f"no form on {path} ({status})")
        return match.group(1) or match.group(2)

    def new_game(self, target: int) -> tuple[str, str]:
        """Start a 2-player game; returns its edit path and view path."""
        form = {
            "csrf_token": self.csrf("/games/new"),
            "format": "2",
            "names-0": NAMES[0],
            "names-1": NAMES[1],
            "target": "other",
            "target_other": str(target),
            "first_dealer": "0",
        }
        status, _, location = self.request("/games/new", form)
        if status not in (302, 303):
            raise SystemExit(f"could not start a game ({status})")
        edit = urllib.parse.urlsplit(location).path
        _, html, _ = self.request(edit)
        view = re.search(r'id="view-link"[^>]*>([^<]+)<|href="([^"]*/v/[^"]+)"', html)
        if not view:
            raise SystemExit("no view link on the board")
        return edit, urllib.parse.urlsplit(view.group(1) or view.group(2)).path

    def save_hand(self, edit: str, token: str, number: int, hand: dict[str, str]) -> float:
        """POST one hand by counts; returns the milliseconds the save took."""
        form = {"csrf_token": token, "number": str(number), "request_id": str(uuid.uuid4())}
        form.update(hand)
        form["action"] = "save"
        start = time.perf_counter()
        status, html, _ = self.request(f"{edit}/hands", form)
        elapsed = (time.perf_counter() - start) * 1000
        if status not in (302, 303):
            errors = re.findall(r"<li>([^<]+)</li>", html)[:5]
            raise SystemExit(f"hand {number} refused ({status}): {errors}")
        return elapsed

    def timed_get(self, path: str) -> float:
        """Milliseconds of one GET (which must answer 200)."""
        start = time.perf_counter()
        status, _, _ = self.request(path)
        elapsed = (time.perf_counter() - start) * 1000
        if status != 200:
            raise SystemExit(f"GET {path} gave {status}")
        return elapsed


def random_hand(rng: random.Random) -> dict[str, str]:
    """A plausible two-player hand by counts (form field names)."""
    cards = rng.randint(14, 26)
    denari = rng.randint(2, 8)
    return {
        "sides-0-cards": str(cards),
        "sides-1-cards": str(40 - cards),
        "sides-0-denari": str(denari),
        "sides-1-denari": str(10 - denari),
        "sides-0-scope": str(rng.choice((0, 0, 0, 1, 1, 2))),
        "sides-1-scope": str(rng.choice((0, 0, 0, 1, 1, 2))),
        "settebello": rng.choice("01"),
        "primiera": rng.choice(("0", "1", "0", "1", "none")),
    }


# --------------------------------------------------------------------------- figures


@dataclass
class PageFigures:
    """What was measured on one page."""

    name: str
    path: str
    bytes: int = 0
    requests: int = 0
    compressed: list[str] = field(default_factory=list)
    uncompressed: list[str] = field(default_factory=list)
    scroll_360: bool | None = None
    axe: dict[str, list[str]] = field(default_factory=dict)
    lighthouse: dict[str, float] = field(default_factory=dict)
    lighthouse_runs: list[dict[str, float]] = field(default_factory=list)
    lighthouse_bytes: float | None = None
    lighthouse_notes: list[str] = field(default_factory=list)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def first_load(browser: Any, playwright: Any, base: str, page_figures: PageFigures) -> None:
    """Bytes on the wire of a first load, from Chromium's network log (CDP)."""
    context = browser.new_context(base_url=base, **device(playwright))
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    sizes: dict[str, float] = {}
    urls: dict[str, str] = {}
    encodings: dict[str, str] = {}

    def on_response(event: dict[str, Any]) -> None:
        urls[event["requestId"]] = event["response"]["url"]
        headers = {k.lower(): v for k, v in event["response"]["headers"].items()}
        encodings[event["requestId"]] = headers.get("content-encoding", "")

    cdp.on("Network.responseReceived", on_response)
    cdp.on(
        "Network.loadingFinished",
        lambda event: sizes.__setitem__(event["requestId"], event["encodedDataLength"]),
    )
    page.goto(page_figures.path, wait_until="load")
    page.wait_for_load_state("networkidle")
    context.close()
    page_figures.bytes = int(sum(sizes.values()))
    # An image inlined in the CSS (a data: URL) is no response on the wire.
    page_figures.requests = sum(1 for r in sizes if not urls.get(r, "").startswith("data:"))
    for request_id, size in sizes.items():
        if urls.get(request_id, "").startswith("data:"):
            continue  # an image inlined in the CSS: nothing on the wire
        short = urllib.parse.urlsplit(urls.get(request_id, "?")).path
        target = page_figures.compressed if encodings.get(request_id) else page_figures.uncompressed
        target.append(f"{short} {int(size)} B")


def device(playwright: Any, **overrides: Any) -> dict[str, Any]:
    """The emulated phone the e2e tests use (Pixel 7: viewport, touch, user agent)."""
    settings = {k: v for k, v in playwright.devices[PHONE].items() if k != "default_browser_type"}
    settings["locale"] = LOCALE
    settings.update(overrides)
    return settings


def narrow_and_axe(browser: Any, playwright: Any, base: str, page_figures: PageFigures) -> None:
    """Sideways scroll at 360 px, and axe-core's violations in light and dark."""
    for scheme in ("light", "dark"):
        settings = device(playwright, color_scheme=scheme, bypass_csp=True)
        settings["viewport"] = {**settings["viewport"], "width": NARROW}
        settings["screen"] = {**settings["screen"], "width": NARROW}
        context = browser.new_context(base_url=base, **settings)
        page = context.new_page()
        page.goto(page_figures.path, wait_until="load")
        if scheme == "light":
            width = page.evaluate("document.documentElement.scrollWidth")
            page_figures.scroll_360 = width > NARROW
        page.add_script_tag(path=str(AXE))
        violations = page.evaluate(
            """async () => (await axe.run()).violations.map(v =>
                `${v.id} (${v.impact}, ${v.nodes.length}x): ${v.help} -- ` +
                v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))"""
        )
        page_figures.axe[scheme] = violations
        context.close()


def count_reference_taps(browser: Any, playwright: Any, base: str) -> tuple[int, list[str]]:
    """Taps of the reference hand, with the e2e test's own flow (in English, as it is)."""
    context = browser.new_context(base_url=base, **device(playwright, locale="en-GB"))
    page = context.new_page()
    start_game(page, NAMES)
    taps = reference_hand(page, NAMES)
    shown = [page.locator(f"#total-{i}").inner_text() for i in range(2)]
    context.close()
    if shown != [str(points) for points in REFERENCE_POINTS]:
        raise SystemExit(f"the reference hand gave {shown}, not {REFERENCE_POINTS}")
    return taps.count, taps.steps


def lighthouse(url: str, runs: int, page_figures: PageFigures) -> None:
    """Median Lighthouse mobile scores over `runs` runs."""
    flags = [
        arg
        if not arg.startswith("--host-resolver-rules=")
        else "--host-resolver-rules='" + arg.split("=", 1)[1] + "'"
        for arg in CHROMIUM_ARGS
    ] + [f"--lang={LOCALE}"]
    env = {**os.environ, "CHROME_PATH": str(CHROMIUM)}
    for _ in range(runs):
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            subprocess.run(
                [
                    LIGHTHOUSE,
                    url,
                    "--quiet",
                    "--form-factor=mobile",
                    "--only-categories=performance,accessibility,best-practices",
                    "--output=json",
                    f"--output-path={out.name}",
                    "--chrome-flags=" + " ".join(flags),
                ],
                env=env,
                check=True,
                timeout=180,
            )
            report = json.loads(Path(out.name).read_text())
        scores = {key: cat["score"] * 100 for key, cat in report["categories"].items()}
        page_figures.lighthouse_runs.append(scores)
        page_figures.lighthouse_bytes = report["audits"]["total-byte-weight"]["numericValue"]
        for category in report["categories"].values():
            for ref in category["auditRefs"]:
                audit = report["audits"][ref["id"]]
                if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                    note = f"{category['id']}: {ref['id']} ({audit['score']:.2f})"
                    if note not in page_figures.lighthouse_notes:
                        page_figures.lighthouse_notes.append(note)
    for key in page_figures.lighthouse_runs[0]:
        runs = page_figures.lighthouse_runs
        page_figures.lighthouse[key] = statistics.median(run[key] for run in runs)


def server_times(client: Client, hands: int, reads: int, rng: random.Random) -> dict[str, Any]:
    """Save `hands` hands in a long game, then time its board; milliseconds."""
    edit, view = client.new_game(target=999)
    token = client.csrf(edit)
    saves = [client.save_hand(edit, token, n, random_hand(rng)) for n in range(1, hands + 1)]
    for _ in range(10):  # warm up every worker's caches
        client.timed_get(edit)
    boards = [client.timed_get(edit) for _ in range(reads)]
    views = [client.timed_get(view) for _ in range(reads)]
    load = os.getloadavg()[0]
    return {
        "edit": edit,
        "view": view,
        "saves": saves,
        "boards": boards,
        "views": views,
        "load": load,
    }


# --------------------------------------------------------------------------- report


def yes_no(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def report(
    pages: list[PageFigures],
    taps: tuple[int, list[str]],
    times: dict[str, Any],
    setup: str,
    long_board: PageFigures,
) -> None:
    """Print every figure, and each aim met or missed."""
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\n== Pages ({setup}; load average {load} on {os.cpu_count()} CPUs)\n")
    head = f"{'page':<24} {'bytes':>7} {'req':>3} {'perf':>5} {'a11y':>5} {'bp':>5} "
    print(head + f"{'axe light/dark':>15} {'scroll@360':>10}")
    for p in pages:
        lh = p.lighthouse
        scores = [
            f"{lh[k]:>5.0f}" if k in lh else f"{'-':>5}"
            for k in ("performance", "accessibility", "best-practices")
        ]
        axe = f"{len(p.axe.get('light', []))}/{len(p.axe.get('dark', []))}"
        print(
            f"{p.name:<24} {p.bytes:>7} {p.requests:>3} {' '.join(scores)} {axe:>15} "
            f"{'yes' if p.scroll_360 else 'no':>10}"
        )
    print(f"{long_board.name:<24} {long_board.bytes:>7} {long_board.requests:>3}")
    print("\nbytes: sum of Chromium's encodedDataLength (headers + body on the wire), first load")
    compressed = sorted({c for p in pages for c in p.compressed})
    print(f"compressed responses: {', '.join(compressed) if compressed else 'none'}")
    for p in pages:
        print(f"  {p.name}: {'; '.join(p.uncompressed + p.compressed)}")
        if p.lighthouse_bytes is not None:
            print(
                f"    Lighthouse total-byte-weight: {p.lighthouse_bytes:.0f} B;"
                f" runs: {p.lighthouse_runs}"
            )
        for note in p.lighthouse_notes:
            print(f"    lighthouse below 1: {note}")
        for scheme, violations in p.axe.items():
            for violation in violations:
                print(f"    axe ({scheme}): {violation}")

    count, steps = taps
    print(f"\n== Reference hand by counts: {count} taps/typed numbers (aim <= {AIM_TAPS})")
    for step in steps:
        print(f"  {step}")

    print(
        "\n== Server time (ms; one request at a time from this script to gunicorn on "
        f"127.0.0.1, wall time; load average {times['load']:.1f} right after)"
    )
    for label, key in (
        (f"save a hand (POST, {len(times['saves'])} hands)", "saves"),
        ("board of the 40-hand game, edit link (GET)", "boards"),
        ("board of the 40-hand game, view link (GET)", "views"),
    ):
        values = times[key]
        print(
            f"  {label:<46} median {statistics.median(values):6.1f}   "
            f"p95 {percentile(values, 0.95):6.1f}   (n={len(values)})"
        )

    print("\n== Aims")
    for p in pages:
        lh = p.lighthouse
        checks = [
            f"bytes {p.bytes} < {AIM_BYTES}: {yes_no(p.bytes < AIM_BYTES)}",
            f"axe: {yes_no(not any(p.axe.values()))}",
            f"no sideways scroll: {yes_no(p.scroll_360 is False)}",
        ]
        if lh:
            checks += [
                f"perf {lh['performance']:.0f}: {yes_no(lh['performance'] >= AIM_PERFORMANCE)}",
                f"a11y {lh['accessibility']:.0f}: "
                f"{yes_no(lh['accessibility'] >= AIM_ACCESSIBILITY)}",
                f"bp {lh['best-practices']:.0f}: "
                f"{yes_no(lh['best-practices'] >= AIM_BEST_PRACTICES)}",
            ]
        print(f"  {p.name}: " + "; ".join(checks))
    print(f"  reference hand {count} taps: {yes_no(count <= AIM_TAPS)}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers")
    parser.add_argument("--hands", type=int, default=40, help="hands in the long game")
    parser.add_argument("--reads", type=int, default=200, help="timed GETs of its board")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--only", nargs="+", default=None, help="only pages whose name has one")
    parser.add_argument("--locale", default="en-GB", help="the phone's language (it-IT)")
    args = parser.parse_args(argv)
    global LOCALE  # noqa: PLW0603 (the phone every function emulates)
    LOCALE = args.locale

    missing = [str(p) for p in (CHROMIUM, AXE) if not p.exists()]
    if not args.no_lighthouse and not LIGHTHOUSE.exists():
        missing.append(str(LIGHTHOUSE))
    if missing:
        raise SystemExit(f"missing: {', '.join(missing)} (make measure installs them)")

    rng = random.Random(args.seed)
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    database_url = os.environ.get("DATABASE_URL") or f"sqlite:///{workdir / 'bench.sqlite3'}"
    setup = (
        f"gunicorn -w {args.workers}, "
        f"{'PostgreSQL' if database_url.startswith('postgres') else 'SQLite'}, Pixel 7 emulation"
    )
    try:
        with gunicorn(database_url, args.workers, free_port()) as base:
            client = Client(base)
            times = server_times(client, args.hands, args.reads, rng)
            edit, view = client.new_game(target=21)
            token = client.csrf(edit)
            for number in range(1, 7):
                client.save_hand(edit, token, number, random_hand(rng))
            standings, player = demo_league(database_url, client)
            view_hand = f"{view}/hands/3"
            tournament = demo_tournament(Client(base))
            pages = [
                PageFigures("home", "/"),
                PageFigures("log in", "/account/login"),
                PageFigures("sign up", "/account/signup"),
                PageFigures("new game", "/games/new"),
                PageFigures("board (view link)", view),
                PageFigures("board + hand form", edit),
                PageFigures("table view", f"{edit}/table"),
                PageFigures("correction form", f"{edit}/hands/3/edit"),
                PageFigures("hand by cards", f"{edit}/hands/cards"),
                PageFigures("league standings", standings),
                PageFigures("league player page", player),
                PageFigures("a hand explained (view link)", view_hand),
                PageFigures("primiera checker", "/primiera"),
                PageFigures("capture checker", "/check/capture"),
                PageFigures("rules", "/rules"),
                PageFigures("tournament", tournament["show"]),
                PageFigures("tournament rounds", tournament["rounds"]),
                PageFigures("tournament screen", tournament["screen"]),
            ]
            long_board = PageFigures("board, 40 hands (edit)", times["edit"])
            if args.only:
                pages = [p for p in pages if any(word in p.name for word in args.only)]

            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
                )
                for page_figures in [*pages, long_board]:
                    first_load(browser, playwright, base, page_figures)
                for page_figures in pages:
                    narrow_and_axe(browser, playwright, base, page_figures)
                taps = count_reference_taps(browser, playwright, base)
                browser.close()
            if not args.no_lighthouse:
                for page_figures in pages:
                    print(f"lighthouse x{args.runs}: {page_figures.name}", file=sys.stderr)
                    lighthouse(base + page_figures.path, args.runs, page_figures)
            report(pages, taps, times, setup, long_board)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
