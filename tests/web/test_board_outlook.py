"""Quanto manca on the board (issue 26): under the totals, what each side still needs and,
once the next hand can close the game, with which categories; server-rendered, in the
page's language ("ad Anna", a pair is plural). The numbers: tests/unit/test_outlook.py."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.helpers.games import hand_points, record, start_game


def outlook(html: str) -> list[str]:
    """The board's quanto manca lines, as text."""
    match = re.search(r'<div class="outlook" id="outlook">(.*?)</div>', html, re.S)
    if match is None:
        return []
    items = re.findall(r"<li[^>]*>(.*?)</li>|<p[^>]*>(.*?)</p>", match.group(1), re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", a or b)).strip() for a, b in items]


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "it",
            [
                "Ad Anna mancano 11 punti",
                "A Bruno manca 1 punto Bruno chiude con carte, denari, settebello o primiera.",
                "Senza contare le scope di questa mano.",
            ],
        ),
        (
            "en",
            [
                "Anna: 11 points to go",
                "Bruno: 1 point to go Bruno closes the game with carte, denari, settebello,"
                " or primiera.",
                "Not counting this hand's scope.",
            ],
        ),
    ],
)
def test_under_the_totals_what_each_side_needs(
    client: FlaskClient, lang: str, lines: list[str]
) -> None:
    client.get(f"/lang/{lang}")
    board = start_game(client)
    html = client.get(board).get_data(as_text=True)
    first = (
        ["Ad Anna mancano 11 punti", "A Bruno mancano 11 punti"]
        if lang == "it"
        else [
            "Anna: 11 points to go",
            "Bruno: 11 points to go",
        ]
    )
    assert outlook(html) == first  # nobody closes from 0-0: no note about scope
    assert html.index('id="total-1"') < html.index('id="outlook"') < html.index('id="next-hand"')
    assert record(client, board, **hand_points(0, 6)).status_code == 302  # 0-10
    assert outlook(client.get(board).get_data(as_text=True)) == lines


def test_a_pair_is_plural(client: FlaskClient) -> None:
    client.get("/lang/it")
    board = start_game(client, ("Anna", "Bruno", "Carla", "Dario"), format="2x2")
    record(client, board, **hand_points(4, 3))  # 4-3
    record(client, board, **hand_points(4, 0))  # 8-3
    record(client, board, **hand_points(1, 0))  # 9-6
    lines = outlook(client.get(board).get_data(as_text=True))
    assert lines == [
        "Ad Anna e Carla mancano 2 punti Anna e Carla chiudono con due tra carte, denari,"
        " settebello e primiera.",
        "A Bruno e Dario mancano 5 punti",
        "Senza contare le scope di questa mano.",
    ]


def test_a_won_game_says_nothing_of_what_is_missing(client: FlaskClient) -> None:
    board = start_game(client)
    record(client, board, **hand_points(11, 0))
    html = client.get(board).get_data(as_text=True)
    assert 'id="game-status"' in html
    assert outlook(html) == []
