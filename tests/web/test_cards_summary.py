"""The card-by-card hand page's refused hand (issue 26): a summary on top of the form, as
on the board's form: announced, focused as the page opens (no script needed), each line
a link to where the problem is, in the page's language."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.scoring import DECK
from tests.helpers.games import hidden, start_game

ANNA = [card.code for card in DECK[:22]]
BRUNO = [card.code for card in DECK[22:]]


def send(client: FlaskClient, board: str, **fields: object) -> str:
    html = client.get(f"{board}/hands/cards").get_data(as_text=True)
    data: dict[str, object] = {n: hidden(html, n) for n in ("csrf_token", "request_id", "number")}
    data |= {"mode": "cards", "scope-0": "", "scope-1": "", "action": "save"} | fields
    response = client.post(f"{board}/hands/cards", data=data)
    assert response.status_code == 422
    return response.get_data(as_text=True)


def summary(html: str) -> tuple[str, list[tuple[str, str]]]:
    match = re.search(r'<div class="error-summary" id="errors"(.*?)</div>', html, re.S)
    assert match, "no summary of what is wrong"
    box = match.group(0)
    links = re.findall(r'<a href="#([^"]+)">(.*?)</a>', box, re.S)
    return box, [(target, re.sub(r"<[^>]+>", "", text)) for target, text in links]


@pytest.mark.parametrize(
    ("lang", "heading", "fields", "lines"),
    [
        (
            "en",
            "The hand was not saved:",
            {"s0": ANNA, "s1": [*BRUNO[:-1], "11D"]},
            [("hand-cards", "Bruno: &#39;11D&#39; is not a card")],
        ),
        (
            "en",
            "The hand was not saved:",
            {"s0": ANNA, "s1": BRUNO, "scope-0": "12"},
            [("scope-0", "Anna: ")],
        ),
        (
            "it",
            "La mano non è stata salvata:",
            {"s0": ANNA, "s1": BRUNO, "scope-1": "x"},
            [("scope-1", "Bruno: ")],
        ),
    ],
)
def test_a_refused_hand_by_cards_opens_on_a_summary(
    client: FlaskClient,
    lang: str,
    heading: str,
    fields: dict[str, object],
    lines: list[tuple[str, str]],
) -> None:
    client.get(f"/lang/{lang}")
    board = start_game(client)
    html = send(client, board, **fields)
    box, links = summary(html)
    opening = box[: box.index(">")]
    for attribute in ('role="alert"', 'tabindex="-1"', "autofocus"):
        assert attribute in opening
    assert heading in box
    assert len(links) == len(lines)
    for (target, text), (want_target, want_start) in zip(links, lines, strict=True):
        assert target == want_target
        assert text.startswith(want_start), text
        assert f'id="{target}"' in html
    # First thing in the form, before the grid.
    assert html.index('id="hand-form"') < html.index('id="errors"') < html.index('id="hand-cards"')


def test_a_hand_s_own_message_has_no_link(client: FlaskClient) -> None:
    client.get("/lang/en")
    board = start_game(client)
    html = send(client, board, s0=ANNA, s1=BRUNO[:-2])
    box, links = summary(html)
    assert "no side took" in box
    assert links == []
