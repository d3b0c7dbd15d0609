"""The checkers: primiera, hand, capture and rules pages, with every refusal."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.scoring import PRIMIERA_VALUES

EN = {"Accept-Language": "en"}
IT = {"Accept-Language": "it"}


def get(client: FlaskClient, url: str, headers: dict[str, str] = EN) -> str:
    """GET `url` and return its HTML (status 200 required: a check is never an error page)."""
    response = client.get(url, headers=headers)
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def fieldset(html: str, name: str) -> str:
    """The markup of the grid fieldset of side `name` (``s0``...)."""
    match = re.search(rf'<fieldset[^>]*data-side="{name}".*?</fieldset>', html, re.S)
    assert match, f"no grid fieldset for {name}"
    return match.group(0)


def checked(html: str, name: str) -> set[str]:
    """The card codes checked in side `name`'s grid."""
    return set(re.findall(rf'name="{name}" value="(\w+)" checked', html))


def result(html: str) -> str:
    """The text of the result region, tags stripped."""
    match = re.search(r'<section id="\w+-result".*?</section>', html, re.S)
    assert match, "no result section"
    return " ".join(re.sub(r"<[^>]+>", " ", match.group(0)).split())


# --------------------------------------------------------------------------- primiera


def test_primiera_page_starts_with_two_empty_grids(client: FlaskClient) -> None:
    html = get(client, "/primiera")
    assert html.count('type="checkbox" name="s0"') == 40
    assert html.count('type="checkbox" name="s1"') == 40
    assert 'name="s2"' not in html
    assert "Tap some cards to see the primiera." in result(html)
    assert "js/cardgrid.js" in html and "<script>" not in html


def test_primiera_page_explains_the_table_from_the_scoring_package(client: FlaskClient) -> None:
    html = get(client, "/primiera")
    rows = re.findall(r"<tr><td>(\w+) \((\w+)\)</td><td>(\d+)</td></tr>", html)
    assert {int(points) for _it, _en, points in rows} == set(PRIMIERA_VALUES.values())
    assert ("sette", "seven", "21") in rows and ("re", "king", "10") in rows
    assert "Four sevens make the most, 84." in html


def test_primiera_compares_two_sides_with_the_margin(client: FlaskClient) -> None:
    html = get(client, "/primiera?sides=2&s0=7D,1D,6C,1B,5S&s1=7C&s1=7B&s1=7S&s1=2D")
    text = result(html)
    assert "B takes the primiera point, 5 ahead." in text
    assert "A: primiera 70" in text and "B: primiera 75" in text
    assert "21 + 18 + 16 + 15 = 70" in text
    # The best card of each suit is highlighted, with its value; the asso di denari is not.
    assert re.search(r'card-face suit-D card-sm is-best">\s*<span class="card-rank"[^>]*>7<', html)
    assert re.search(r'card-face suit-D card-sm">\s*<span class="card-rank"[^>]*>A<', html)
    # Both ways of sending cards are kept on the grid.
    assert checked(html, "s0") == {"7D", "1D", "6C", "1B", "5S"}
    assert checked(html, "s1") == {"7C", "7B", "7S", "2D"}


def test_primiera_in_italian(client: FlaskClient) -> None:
    text = result(get(client, "/primiera?sides=2&s0=7D,1D,6C,1B,5S&s1=7C,7B,7S,2D", IT))
    assert "B prende il punto della primiera, con 5 in più." in text
    assert "sette di denari" in text


def test_one_pile_missing_a_suit_names_it(client: FlaskClient) -> None:
    text = result(get(client, "/primiera?sides=1&s0=7D,7C,7B"))
    assert "A: no primiera" in text
    assert "Missing suit: spade." in text
    assert "does not count" in text
    assert "takes the primiera point" not in text


@pytest.mark.parametrize(
    ("query", "verdict"),
    [
        ("s0=7D,7C,6B,6S&s1=7B,7S,6D,6C", "Nobody takes the primiera point: the best primiere"),
        ("s0=7D,7C&s1=7B,7S", "Nobody takes the primiera point: no side has a card in every"),
        ("s0=7D,7C,7B,8S&s1=1D", "A takes the primiera point: the only side with all four"),
    ],
)
def test_primiera_says_why_nobody_or_only_one_scores(
    client: FlaskClient, query: str, verdict: str
) -> None:
    assert verdict in result(get(client, f"/primiera?sides=2&{query}"))


def test_primiera_with_four_sides_and_names(client: FlaskClient) -> None:
    html = get(client, "/primiera?sides=4&n0=Anna&n3=Dario&s0=7D,7C,7B,7S&s3=1D,1C,1B,1S")
    assert html.count('type="checkbox" name="s3"') == 40
    assert "<legend>Anna</legend>" in html and "<legend>Dario</legend>" in html
    assert "Anna takes the primiera point, 20 ahead." in result(html)
    assert 'name="n0" value="Anna"' in html


@pytest.mark.parametrize(
    ("query", "lang", "message"),
    [
        ("sides=5", EN, "Choose between 1 and 4 sides."),
        ("sides=0", IT, "Scegli da 1 a 4 parti."),
        ("sides=tre", EN, "Not a valid integer value."),
    ],
)
def test_primiera_refuses_a_bad_number_of_sides(
    client: FlaskClient, query: str, lang: dict[str, str], message: str
) -> None:
    html = get(client, f"/primiera?{query}&s0=7D", lang)
    typed = query.split("=")[1]
    field = re.search(r'<div class="field has-error">.*?</div>', html, re.S)
    assert field, "the sides field shows no error"
    assert message in field.group(0)
    assert f'value="{typed}"' in field.group(0)
    # The check still runs on the default two sides, keeping the cards.
    assert checked(html, "s0") == {"7D"}


@pytest.mark.parametrize(
    ("query", "side", "message"),
    [
        ("s0=7D,11D", "s0", "&#39;11D&#39; is not a card"),
        ("s0=7D&s1=zz", "s1", "&#39;zz&#39; is not a card"),
        ("s0=7D,1D&s1=7d", "s1", "7D is entered twice"),
    ],
)
def test_primiera_refuses_bad_or_repeated_cards_next_to_the_side(
    client: FlaskClient, query: str, side: str, message: str
) -> None:
    html = get(client, f"/primiera?sides=2&{query}")
    assert message in fieldset(html, side)
    assert "Tap some cards" in result(html)
    assert "7D" in checked(html, "s0")


def test_primiera_refusal_in_italian(client: FlaskClient) -> None:
    html = get(client, "/primiera?sides=2&s0=7D&s1=7D", IT)
    assert "7D è inserita due volte" in fieldset(html, "s1")
