"""Helpers for the games tests: start a game, fill in a hand, read the board."""

from __future__ import annotations

import json
import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

from flask.testing import FlaskClient

from tests.helpers import csrf_token

REFERENCE = {  # A: 22 cards, 6 denari, settebello, primiera, 1 scopa; B: nothing typed
    "sides-0-cards": "22",
    "sides-0-denari": "6",
    "settebello": "0",
    "primiera": "0",
    "sides-0-scope": "1",
}


def start_game(
    client: FlaskClient, names: tuple[str, ...] = ("Anna", "Bruno"), **fields: Any
) -> str:
    """Create a game through the form; return its edit URL (``/g/<token>``)."""
    data = {
        "csrf_token": csrf_token(client, "/games/new"),
        "format": "2",
        "target": "11",
        "first_dealer": "0",
    }
    data.update({f"names-{i}": name for i, name in enumerate(names)})
    data.update(fields)
    if data["target"] not in ("11", "21", "other"):
        data["target_other"], data["target"] = data["target"], "other"
    response = client.post("/games/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"]


def hidden(html: str, name: str) -> str:
    """The value of the hidden input ``name`` in ``html``."""
    match = re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', html)
    assert match, f"no hidden {name}"
    return match.group(1)


def page_texts(client: FlaskClient, html: str) -> dict[str, Any]:
    """The words the page's scripts read from its texts' script (ui/outbox.py), by part."""
    found = re.search(r'<script src="(/texts/[a-z]+\.js\?v=\w+)" defer></script>', html)
    assert found, "no texts' script on the page"
    response = client.get(found.group(1))
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert body.startswith("window.ScorekeeperTexts=")
    assert body.endswith(";\n")
    words: dict[str, Any] = json.loads(body.removeprefix("window.ScorekeeperTexts=")[:-2])
    return words


def form_keys(client: FlaskClient, url: str, sides: int = 2) -> dict[str, str]:
    """The board's hand form as a browser sends it untouched: CSRF token, request id,
    hand number, and every side's inputs (blank counts, 0 scope)."""
    html = client.get(url).get_data(as_text=True)
    data = {name: hidden(html, name) for name in ("csrf_token", "request_id", "number")}
    for i in range(sides):
        data |= {f"sides-{i}-cards": "", f"sides-{i}-denari": "", f"sides-{i}-scope": "0"}
    return data


def record(
    client: FlaskClient,
    url: str,
    action: str = "save",
    headers: dict[str, str] | None = None,
    **fields: str,
) -> Any:
    """Fill in the board's hand form with ``fields`` (REFERENCE by default) and send it
    (with ``headers``, say a language)."""
    data = form_keys(client, url)
    data.update(fields or REFERENCE)
    data["action"] = action
    return client.post(f"{url}/hands", data=data, headers=headers)


def rules_line(html: str) -> str:
    """The board's one line of rules as a player reads it ("Scopone scientifico · to 21 ·
    napola"), its parts' markup left out."""
    match = re.search(r'<p class="target muted">(.*?)</p>', html, re.S)
    assert match, "the board has no line of rules"
    return unescape(re.sub(r"<[^>]+>", "", match.group(1)))


def totals(html: str) -> list[int]:
    """The big totals on a board."""
    return [int(n) for n in re.findall(r'id="total-\d+">(\d+)<', html)]


def hand_points(a: int, b: int) -> dict[str, str]:
    """Counts of a two-side hand where A scores ``a`` and B ``4 - min(a, 4) + b``.

    A takes carte, denari, settebello and primiera in that order as far as ``a``
    goes (the rest go to B), then scope; B also makes ``b`` scope.
    """
    cards = "22" if a >= 1 else "18"
    denari = "6" if a >= 2 else "4"
    return {
        "sides-0-cards": cards,
        "sides-0-denari": denari,
        "settebello": "0" if a >= 3 else "1",
        "primiera": "0" if a >= 4 else "1",
        "sides-0-scope": str(max(a - 4, 0)),
        "sides-1-scope": str(b),
    }


class _Ancestry(HTMLParser):
    """Reads a page and keeps the elements that the one with ``element_id`` sits in."""

    #: Elements without an end tag (those a page of this app can hold).
    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"})

    def __init__(self, element_id: str) -> None:
        super().__init__()
        self.element_id = element_id
        self.open: list[tuple[str, dict[str, str | None]]] = []
        self.found: list[tuple[str, dict[str, str | None]]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = (tag, dict(attrs))
        if element[1].get("id") == self.element_id and self.found is None:
            self.found = list(self.open)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.open) - 1, -1, -1):
            if self.open[depth][0] == tag:
                del self.open[depth:]
                return


def ancestors(html: str, element_id: str) -> list[tuple[str, dict[str, str | None]]]:
    """The elements (tag, attributes) around the one with ``element_id`` in ``html``,
    outermost first; fails when there is no such element."""
    parser = _Ancestry(element_id)
    parser.feed(html)
    assert parser.found is not None, f"no element with id {element_id!r}"
    return parser.found
