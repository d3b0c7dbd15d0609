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


def test_primiera_refusal_in_italian(client: FlaskClient) -> None:
    html = get(client, "/primiera?sides=2&s0=7D&s1=7D", IT)
    assert "7D è inserita due volte" in fieldset(html, "s1")


# --------------------------------------------------------------------------- card refusals


@pytest.mark.parametrize(
    ("url", "side", "message"),
    [
        ("/primiera?sides=2&s0=3C,11D", "s0", "&#39;11D&#39; is not a card"),
        ("/primiera?sides=2&s0=3C&s1=zz", "s1", "&#39;zz&#39; is not a card"),
        ("/primiera?sides=2&s0=3C,1D&s1=3c", "s1", "3C is entered twice"),
        ("/check/capture?table=3C,4X&played=7B", "table", "&#39;4X&#39; is not a card"),
        ("/check/capture?table=3C,3c&played=7B", "table", "3C is entered twice"),
        ("/check/capture?table=3C,7B&played=7B", "table", "7B is the card played, so it"),
        ("/check/capture?table=3C&played=7B,6B", "played", "Choose only one card played."),
        ("/check/capture?table=3C&played=77", "played", "&#39;77&#39; is not a card"),
    ],
)
def test_bad_or_repeated_cards_are_refused_next_to_their_side(
    client: FlaskClient, url: str, side: str, message: str
) -> None:
    html = get(client, url)
    assert message in fieldset(html, side)
    # No result from a refused input, and the good cards stay tapped.
    assert "side-result" not in html and "capture-list" not in html
    assert "3C" in checked(html, "s0" if url.startswith("/primiera") else "table")


# --------------------------------------------------------------------------- capture


def captures_listed(html: str) -> list[str]:
    """Each listed capture as its sum line, or the card codes of an equal-card capture."""
    items = re.findall(r'<ol class="capture-list">(.*?)</ol>', html, re.S)
    if not items:
        return []
    listed = []
    pattern = r"<li class=\"card-panel\">(.*?)</li>\s*(?=<li class|$)"
    for item in re.findall(pattern, items[0], re.S):
        listed.append(" ".join(re.findall(r'aria-hidden="true">(\w+)<', item)))
    return listed


def test_capture_page_starts_with_the_table_and_played_grids(client: FlaskClient) -> None:
    html = get(client, "/check/capture")
    assert html.count('type="checkbox" name="table"') == 40
    assert html.count('type="radio" name="played"') == 40
    assert re.search(r'<input checked id="sum_choice-0" name="sum_choice" [^>]*value="free"', html)
    assert "Tap the cards on the table, then the card played." in result(html)


@pytest.mark.parametrize(
    ("query", "verdict", "listed"),
    [
        # Seed 001: table 3, 5, fante; a fante played takes only the fante.
        ("table=3C,5B,8S&played=8D", "A card of the same value is on the table", ["F"]),
        ("table=1D,3B,4C,5S&played=9C", "choosing freely among these sums", ["4 5", "A 3 5"]),
        (
            "table=1D,3B,4C,5S&played=9C&sum_choice=fewest",
            "choosing among the sums with the fewest cards",
            ["4 5"],
        ),
        ("table=7C,7S&played=7B", "A card of the same value", ["7", "7"]),
        ("table=8D,9C&played=5S", "Nothing can be taken: the five of spade stays", []),
    ],
)
def test_capture_lists_every_legal_capture(
    client: FlaskClient, query: str, verdict: str, listed: list[str]
) -> None:
    html = get(client, f"/check/capture?{query}")
    assert verdict in result(html)
    assert captures_listed(html) == listed


def test_capture_says_when_it_is_a_scopa(client: FlaskClient) -> None:
    html = get(client, "/check/capture?table=3C,4D&played=7B")
    assert "Scopa! It takes the whole table." in result(html)
    html = get(client, "/check/capture?table=3C,4D&played=7B&last_play=y")
    text = result(html)
    assert "Scopa!" not in text
    assert "on the last play of the hand that is not a scopa" in text
    assert re.search(r'<input [^>]*checked[^>]*name="last_play"', html)


def test_capture_in_italian(client: FlaskClient) -> None:
    text = result(get(client, "/check/capture?table=3C,4D&played=7B", IT))
    assert "Scopa! Prende tutto il tavolo." in text
    html = get(client, "/check/capture?table=8D&played=5S", IT)
    assert "il cinque di spade resta in tavola" in result(html)


def test_capture_refuses_an_unknown_sum_setting(client: FlaskClient) -> None:
    html = get(client, "/check/capture?table=1D,3B,4C,5S&played=9C&sum_choice=most", IT)
    assert "Non è una opzione valida" in html
    # The check still runs, with the default setting.
    assert captures_listed(html) == ["4 5", "A 3 5"]


def test_a_huge_table_lists_the_first_captures_and_counts_the_rest(client: FlaskClient) -> None:
    table = ",".join(f"{v}{s}" for s in "DCBS" for v in range(1, 10))
    html = get(client, f"/check/capture?played=10D&table={table}")
    assert len(captures_listed(html)) == 40
    assert re.search(r"…and \d+ more\.", result(html))
