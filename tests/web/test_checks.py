"""The checkers: primiera, hand, capture and rules pages, with every refusal."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.scoring import PRIMIERA_VALUES
from tests.helpers import EN, IT


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
    assert "js/cardgrid.js" in html
    assert "<script>" not in html


def test_primiera_page_explains_the_table_from_the_scoring_package(client: FlaskClient) -> None:
    html = get(client, "/primiera")
    rows = re.findall(r"<tr><td>(\w+) \((\w+)\)</td><td>(\d+)</td></tr>", html)
    assert {int(points) for _it, _en, points in rows} == set(PRIMIERA_VALUES.values())
    assert ("sette", "seven", "21") in rows
    assert ("re", "king", "10") in rows
    assert "Four sevens make the most, 84." in html


def test_primiera_compares_two_sides_with_the_margin(client: FlaskClient) -> None:
    html = get(client, "/primiera?sides=2&s0=7D,1D,6C,1B,5S&s1=7C&s1=7B&s1=7S&s1=2D")
    text = result(html)
    assert "B takes the primiera point, 5 ahead." in text
    assert "A: primiera 70" in text
    assert "B: primiera 75" in text
    assert "21 + 18 + 16 + 15 = 70" in text
    # The best card of each suit is highlighted, with its value; the asso di denari is not.
    assert 'class="card-face card-sm is-best" data-card="7D"><i>seven of denari</i>' in html
    assert 'class="card-face card-sm" data-card="1D"><i>ace of denari</i>' in html
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
    assert "<legend>Anna</legend>" in html
    assert "<legend>Dario</legend>" in html
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
    assert "side-result" not in html
    assert "capture-list" not in html
    assert "3C" in checked(html, "s0" if url.startswith("/primiera") else "table")


# --------------------------------------------------------------------------- capture


RANKS = ("A", "2", "3", "4", "5", "6", "7", "F", "C", "R")


def captures_listed(html: str) -> list[str]:
    """Each listed capture as its sum line, or the card codes of an equal-card capture."""
    items = re.findall(r'<ol class="capture-list">(.*?)</ol>', html, re.S)
    if not items:
        return []
    listed = []
    pattern = r"<li class=\"card-panel\">(.*?)</li>\s*(?=<li class|$)"
    for item in re.findall(pattern, items[0], re.S):
        codes = re.findall(r'data-card="(\d+)[DCBS]"', item)  # cards.css draws the rank
        listed.append(" ".join(RANKS[int(value) - 1] for value in codes))
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


# --------------------------------------------------------------------------- hand

#: A whole hand by cards, as a game's "open in the checker" link sends it: Anna holds
#: asso to 4 of denari, the settebello and re bello and a good primiera; Bruno the rest.
ANNA = "1D,2D,3D,4D,7D,10D,7C,6B,1S,5S"
HAND_BY_CARDS = f"/check/hand?mode=cards&sides=2&n0=Anna&n1=Bruno&s0={ANNA}&rest=1&scope0=2"


def breakdown(html: str) -> dict[str, list[str]]:
    """Each category row of the breakdown table: its points per side, then the reason."""
    rows: dict[str, list[str]] = {}
    pattern = (
        r'<tr class="points">\s*<th scope="row">([^<]+)</th>(.*?)</tr>\s*'
        r'<tr class="reason"><td[^>]*>([^<]*)</td></tr>'
    )
    for name, cells, reason in re.findall(pattern, html, re.S):
        rows[name] = [*re.findall(r"<td[^>]*>(\d+)</td>", cells), unescape(reason)]
    return rows


def test_hand_page_starts_by_cards_with_two_grids(client: FlaskClient) -> None:
    html = get(client, "/check/hand")
    assert html.count('type="checkbox" name="s0"') == 40
    assert html.count('type="checkbox" name="s1"') == 40
    assert 'name="rest" value="1"' in html
    assert "Tap who took each card, or switch to counts." in result(html)


def test_hand_by_cards_scores_like_a_game_with_reasons(client: FlaskClient) -> None:
    html = get(client, HAND_BY_CARDS + "&napola=1&re_bello=1")
    rows = breakdown(html)
    assert rows["scope"] == ["2", "0", "Each side scores its own scope: Anna 2, Bruno 0."]
    assert rows["carte"][:2] == ["0", "1"]
    assert "Bruno has the most (Anna 10, Bruno 30), 20 more than the next." in rows["carte"]
    assert rows["denari"][:2] == ["1", "0"]
    assert rows["settebello"] == ["1", "0", "Anna holds it."]
    assert rows["re bello"] == ["1", "0", "Anna holds it."]
    assert rows["napola"] == ["4", "0", "Anna has the denari from the asso up to 4."]
    assert rows["primiera"][:2] == ["0", "1"]
    assert "<tfoot>" in html
    assert re.search(r"<th scope=\"row\">Total</th><td>9</td><td>2</td>", html)
    # "All the remaining cards" shows Bruno's 30 cards ticked.
    assert len(checked(html, "s1")) == 30


def test_hand_settings_off_show_no_rows(client: FlaskClient) -> None:
    rows = breakdown(get(client, HAND_BY_CARDS))
    assert "napola" not in rows
    assert "re bello" not in rows
    assert list(rows) == ["scope", "carte", "denari", "settebello", "primiera"]


def test_hand_by_cards_in_italian(client: FlaskClient) -> None:
    rows = breakdown(get(client, HAND_BY_CARDS, IT))
    assert rows["settebello"][2] == "Anna ce l'ha."
    assert rows["scope"][2] == "Ogni parte segna le sue scope: Anna 2, Bruno 0."


def test_hand_by_cards_with_every_card_listed(client: FlaskClient) -> None:
    from scorekeeper.scoring import DECK

    anna = set(ANNA.split(","))
    bruno = ",".join(card.code for card in DECK if card.code not in anna)
    html = get(client, f"/check/hand?mode=cards&format=2&s0={ANNA}&s1={bruno}")
    assert breakdown(html)["settebello"][:2] == ["1", "0"]


@pytest.mark.parametrize(
    ("query", "where", "message"),
    [
        ("s0=1D,2D&s1=3D", "grid", "no side took 4D, 5D, 6D"),
        ("s0=1D,2D&s1=2d&rest=0", "s1", "2D is entered twice"),
        ("s0=1D,99D&rest=1", "s0", "&#39;99D&#39; is not a card"),
        (f"s0={ANNA}&rest=1&scope0=-1", "scope0", "cannot be negative"),
        (f"s0={ANNA}&rest=1&scope0=due", "scope0", "&#39;due&#39; is not a whole number"),
        (f"s0={ANNA}&rest=1&scope0=9", "scope0", "at most 5 scope for this side in one hand"),
    ],
)
def test_hand_by_cards_refusals_next_to_their_field(
    client: FlaskClient, query: str, where: str, message: str
) -> None:
    html = get(client, f"/check/hand?mode=cards&format=2&{query}")
    assert "breakdown-table" not in html
    assert "This hand cannot be scored yet" in result(html)
    if where == "grid":
        box = re.search(r'<ul class="error" id="grid-group-errors">.*?</ul>', html, re.S)
    elif where.startswith("s") and not where.startswith("scope"):
        box = re.search(r".*", fieldset(html, where), re.S)
    else:
        box = re.search(
            rf'<div class="side-input has-error">.*?id="{where}-errors".*?</ul>', html, re.S
        )
    assert box, html[:0]
    assert message in box.group(0), html[:0]
    if where.startswith("scope"):
        typed = query.rsplit("=", 1)[1]
        assert f'value="{typed}"' in box.group(0)


COUNTS = (
    "/check/hand?mode=counts&format=2&cards0=22&cards1=18&denari0=6&denari1=4"
    "&settebello=0&scope0=1&scope1=0"
)


def counts_url(changes: str) -> str:
    """COUNTS (with primiera=0) where each ``name=value`` of `changes` replaces that field."""
    params = dict(pair.split("=", 1) for pair in (COUNTS.split("?")[1] + "&primiera=0").split("&"))
    params.update(pair.split("=", 1) for pair in changes.split("&"))
    return "/check/hand?" + urlencode(params)


def test_hand_by_counts_with_the_primiera_entered(client: FlaskClient) -> None:
    rows = breakdown(get(client, COUNTS + "&primiera=1"))
    assert rows["carte"][:2] == ["1", "0"]
    assert rows["denari"][:2] == ["1", "0"]
    assert rows["primiera"] == ["0", "1", "Entered as taken by B."]
    rows = breakdown(get(client, COUNTS + "&primiera=none"))
    assert rows["primiera"] == ["0", "0", "Entered as taken by nobody."]


def test_hand_by_counts_with_best_cards_computes_the_primiera(client: FlaskClient) -> None:
    rows = breakdown(get(client, COUNTS + "&best0=7D,6C,1B,5S&best1=7C,7B,7S,2D"))
    assert rows["primiera"][:2] == ["0", "1"]
    assert "B has the best primiera (A 70, B 75), 5 more than the next." in rows["primiera"]


def test_hand_by_counts_napola_and_re_bello(client: FlaskClient) -> None:
    query = COUNTS + "&primiera=0&napola=1&re_bello=1&re_bello_holder=0&napola_run0=3"
    rows = breakdown(get(client, query))
    assert rows["napola"] == ["3", "0", "A has the denari from the asso up to 3."]
    assert rows["re bello"][:2] == ["1", "0"]


@pytest.mark.parametrize(
    ("query", "lang", "where", "message"),
    [
        ("cards0=22&cards1=17", EN, "cards-group", "the cards add up to 39, not 40"),
        ("cards0=22&cards1=17", IT, "cards-group", "le carte sommano a 39"),
        ("denari0=6&denari1=5", EN, "denari-group", "the denari add up to 11, not 10"),
        ("cards0=22&cards1=ventidue", EN, "cards1", "&#39;ventidue&#39; is not a whole number"),
        ("cards0=22&cards1=", IT, "cards1", "Scrivi un numero"),
        ("denari0=6&denari1=4&cards1=3", EN, "denari1", "more denari (4) than cards (3)"),
        ("settebello=", EN, "settebello-group", "exactly one side holds the settebello, not 0"),
        ("primiera=", EN, "primiera-group", "choose who took the primiera, or nobody"),
        ("primiera=7", EN, "primiera-group", "choose who took the primiera, or nobody"),
        ("scope0=30", EN, "scope0", "at most 11 scope for this side in one hand"),
        ("best0=7D,6C&best1=7D", EN, "best1", "7D is entered twice"),
        ("best0=7X", EN, "best0", "&#39;7X&#39; is not a card"),
        # A suit left blank is one the side holds none of: B took 4 denari.
        (
            "best0=7D,7C,7B,7S&best1=6C,6B,6S",
            IT,
            "best1",
            "questa parte ha preso 4 denari: segna il suo denaro migliore",
        ),
    ],
)
def test_hand_by_counts_refusals_next_to_their_field(
    client: FlaskClient, query: str, lang: dict[str, str], where: str, message: str
) -> None:
    html = get(client, counts_url(query), lang)
    assert "breakdown-table" not in html
    # The messages' list has the id the field (or group) points at with aria-describedby.
    box = re.search(rf'<ul class="error" id="{where}-errors">.*?</ul>', html, re.S)
    assert box, f"no messages next to {where}"
    if not where.endswith("-group"):
        assert re.search(rf'<input aria-describedby="[^"]*{where}-errors"[^>]*id="{where}"', html)
    assert message in box.group(0)
    typed = query.rsplit("=", maxsplit=1)[-1]
    if not where.endswith("-group") and typed:
        assert f'value="{typed}"' in html


def test_hand_with_three_and_four_sides(client: FlaskClient) -> None:
    html = get(client, "/check/hand?format=3")
    assert 'name="s2"' in html
    assert 'name="s3"' not in html
    html = get(client, "/check/hand?mode=counts&format=2x2")
    assert 'name="cards1"' in html
    assert 'name="cards2"' not in html
    html = get(client, "/check/hand?mode=counts&sides=4")
    assert 'name="cards3"' in html
    assert '<option selected value="4">4 players, each for themselves</option>' in html


def test_hand_unknown_format_is_refused_and_falls_back_to_two(client: FlaskClient) -> None:
    html = get(client, "/check/hand?format=9")
    assert "Not a valid choice" in html
    assert 'name="s1"' in html
    assert 'name="s2"' not in html


#: Anna takes all ten denari and nothing else, Bruno the other 30 cards, no scope. By
#: hand: carte to Bruno (30 to 10), denari and settebello to Anna; neither has all four
#: suits, so nobody takes the primiera: Anna 2, Bruno 1.
ALL_DENARI = (
    "/check/hand?mode=cards&format=2&n0=Anna&n1=Bruno&s0=1D,2D,3D,4D,5D,6D,7D,8D,9D,10D&rest=1"
)
NAPOLEONE_LINE = "Anna took all ten denari: napoleone, the game is won at once."


def test_hand_napoleone_is_off_by_default(client: FlaskClient) -> None:
    html = get(client, ALL_DENARI)
    assert re.search(r'<input id="napoleone" name="napoleone" type="checkbox"', html)
    assert breakdown(html)["denari"][:2] == ["1", "0"]
    assert "napoleone" not in result(html)


def test_hand_napoleone_on_says_who_wins_the_game_at_once(client: FlaskClient) -> None:
    html = get(client, ALL_DENARI + "&napoleone=y")
    assert re.search(r'<input checked id="napoleone" name="napoleone" type="checkbox"', html)
    rows = breakdown(html)
    assert rows["carte"][:2] == ["0", "1"]
    assert rows["denari"][:2] == ["1", "0"]
    assert rows["settebello"][:2] == ["1", "0"]
    assert rows["primiera"][:2] == ["0", "0"]
    assert re.search(r"<th scope=\"row\">Total</th><td>2</td><td>1</td>", html)
    assert result(html).count("napoleone") == 1
    assert NAPOLEONE_LINE in result(html)
    italian = result(get(client, ALL_DENARI + "&napoleone=y", IT))
    assert "Anna ha preso tutti e dieci i denari" in italian


@pytest.mark.parametrize(("denari", "line"), [("10", True), ("9", False)])
def test_hand_napoleone_by_counts_needs_all_ten_denari(
    client: FlaskClient, denari: str, line: bool
) -> None:
    query = counts_url(f"denari0={denari}&denari1={10 - int(denari)}&napoleone=y")
    assert ("A took all ten denari: napoleone" in result(get(client, query))) is line


# --------------------------------------------------------------------------- rules and links


def test_rules_page_lists_every_setting_with_its_default(client: FlaskClient) -> None:
    from dataclasses import fields

    from scorekeeper.scoring import COMMON_TARGETS, PRESETS, Rules

    html = get(client, "/rules")
    rows = re.findall(r"<tr><td><strong>([^<]+)</strong><br>.*?</td><td>([^<]+)</td></tr>", html)
    assert len(rows) == len(fields(Rules))
    assert ("Target", str(Rules().target)) in rows
    assert ("Napola", "off") in rows
    assert ("Re bello", "off") in rows
    assert ("Which sum may be taken", "Free choice among all the sums") in rows
    assert ("Players", "2 players") in rows
    for preset in PRESETS.values():
        assert f"<strong>{preset.name}</strong>" in html
    assert "Usual targets: " + ", ".join(map(str, COMMON_TARGETS)) in html
    assert "4 players in 2 teams of 2 · each side plays 18 cards in a hand" in html
    assert "<li>Free choice among all the sums (default)</li>" in html
    assert "<li>Only the sums with the fewest cards</li>" in html


def test_rules_page_tables_come_from_the_scoring_package(client: FlaskClient) -> None:
    from scorekeeper.scoring import RANK_NAMES

    html = get(client, "/rules")
    rows = re.findall(r"<tr><td>(\w+) \((\w+)\)</td><td>(\d+)</td><td>(\d+)</td></tr>", html)
    assert rows == [
        (it, en, str(value), str(PRIMIERA_VALUES[value]))
        for value, (it, en) in sorted(RANK_NAMES.items())
    ]


def test_rules_page_in_italian(client: FlaskClient) -> None:
    html = get(client, "/rules", IT)
    assert "Le regole che l'app applica" in unescape(html)
    assert "<tr><td>sette</td><td>7</td><td>21</td></tr>" in html
    assert "Libera scelta fra tutte le somme" in html
    assert "2 giocatori" in html


@pytest.mark.parametrize("url", ["/", "/rules", "/primiera"])
def test_every_checker_is_linked_from_home_and_nav(client: FlaskClient, url: str) -> None:
    html = get(client, url)
    for path in ("/primiera", "/check/hand", "/check/capture", "/rules"):
        assert f'href="{path}"' in html


@pytest.mark.parametrize("url", ["/primiera", "/check/hand", "/check/capture", "/rules"])
def test_checkers_need_no_account_and_no_inline_script(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<script>" not in html
    assert " style=" not in html
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]


def test_the_breakdown_partial_renders_any_hand_score_on_its_own(app: Flask) -> None:
    """The game's scoreboard imports the macro without context: it must need nothing else."""
    from scorekeeper.scoring import Rules, SideCounts, score_counts

    score = score_counts(
        Rules(),
        [SideCounts(22, 6, settebello=True, scope=1), SideCounts(18, 4)],
        primiera_winner=None,
    )
    template = app.jinja_env.from_string(
        '{% from "_hand_breakdown.html" import hand_breakdown %}'
        '{{ hand_breakdown(score, ["Anna", "Bruno"], caption="Smazzata 3") }}'
    )
    with app.test_request_context(headers=EN):
        html = template.render(score=score)
    rows = breakdown(html)
    assert "<caption>Smazzata 3</caption>" in html
    assert rows["carte"][:2] == ["1", "0"]
    assert rows["carte"][2] == "Anna has the most (Anna 22, Bruno 18), 4 more than the next."
    assert rows["primiera"] == ["0", "0", "Entered as taken by nobody."]
    assert re.search(r"<th scope=\"row\">Total</th><td>4</td><td>0</td>", html)


def test_wtforms_own_messages_follow_each_request_s_language(client: FlaskClient) -> None:
    """WTForms' catalog is read once per language and each request gets its own."""
    url = "/check/capture?table=1D,3B,4C,5S&played=9C&sum_choice=most"
    for headers, message in (
        (IT, "Non è una opzione valida"),
        (EN, "Not a valid choice"),
        (IT, "Non è una opzione valida"),
    ):
        assert message in get(client, url, headers)
