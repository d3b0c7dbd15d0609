"""Hostile values for every field and URL argument, and the forms a page shows (action,
method and each field's first value), for the tests that send them to every form."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urlsplit

from flask.testing import FlaskClient

HUGE = "9" * 25
NUL = "an\x00na"
LONG = "x" * 10_000
HOSTILE = ("-" + HUGE, NUL + "\u202e", LONG)
#: Forms left alone: logging out ends the test's session; the league import's input
#: belongs to the import's own tests.
SKIPPED_ACTIONS = ("/account/logout", "/leagues/import")


class _Forms(HTMLParser):
    """The forms of a page: action, method and each field's name and first value."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append(Form(attr.get("action", ""), attr.get("method", "get").upper()))
        elif not self.forms or ("name" not in attr and tag != "option"):
            return
        elif tag in ("input", "textarea"):
            if attr.get("type") in ("checkbox", "radio") and attr["name"] in self.forms[-1].data:
                return
            self.forms[-1].data[attr["name"]] = attr.get("value", "")
        elif tag == "select":
            self._select = attr["name"]
        elif tag == "option" and self._select is not None:
            self.forms[-1].data.setdefault(self._select, attr.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


@dataclass
class Form:
    action: str
    method: str
    data: dict[str, str] = field(default_factory=dict)


def page_forms(client: FlaskClient, url: str) -> Iterator[tuple[str, Form]]:
    """Each form on the page at ``url`` with where it is sent."""
    response = client.get(url)
    if response.status_code != 200 or response.mimetype != "text/html":
        return
    parser = _Forms()
    parser.feed(response.get_data(as_text=True))
    for form in parser.forms:
        action = urlsplit(form.action).path or urlsplit(url).path
        if not action.startswith(SKIPPED_ACTIONS):
            yield action, form
