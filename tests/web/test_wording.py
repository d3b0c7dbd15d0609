"""Italian that reads right: every message about a side agrees with it (one player
singular, a pair or a team of three plural, the names joined with "e" / "and"), every
count takes its form, numbers and names take their prepositions, and numbers are written
in the page's language; in Italian and in English."""

from __future__ import annotations

import html as html_module
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import Flask, render_template_string
from flask.testing import FlaskClient
from markupsafe import Markup

from scorekeeper.grammar import Side, decimal, euros, gettext, ngettext, percent, side_gettext
from tests.helpers.games import hand_points, record, start_game

CATALOG = (
    Path(__file__).resolve().parents[2] / "scorekeeper/translations/it/LC_MESSAGES/messages.po"
)
LANGUAGES = ("it", "en")
#: A side of one player, a pair, a team of three.
SIDES = {1: ("Anna",), 2: ("Anna", "Carla"), 3: ("Anna", "Carla", "Elena")}
JOINED = {
    "it": {1: "Anna", 2: "Anna e Carla", 3: "Anna, Carla ed Elena"},
    "en": {1: "Anna", 2: "Anna and Carla", 3: "Anna, Carla, and Elena"},
}
#: Messages with a side in them whose words do not change with its number ("taken by").
NO_AGREEMENT = {
    "Entered as taken by %(side)s.",
    "For %(side)s, e.g. 7D 6C 1B 5S",
    "Give all remaining cards to %(side)s",
    "held by %(side)s",
    "Point: %(side)s",
    "side %(side)s",  # a side's letter on the new game's form: "parte A"
    # A tournament's result the other side confirms.
    "Awaiting confirmation by %(side)s.",
    "Disputed by %(side)s: locked until the organiser decides.",
    "Link of %(side)s",
    "QR code of the link of %(side)s",
    "%(side)s: enter or confirm the result",
    # A history's words (scorekeeper.audit.words): "dal link di Bruno e Dario",
    # "Anna e Carla: denari 6 → 7", "Anna e Carla: 5 punti".
    "through %(side)s's link",
    "%(side)s: %(field)s %(before)s → %(after)s",
    "%(side)s: %(field)s %(value)s",
    "%(side)s: %(points)s",
    # A tournament's history: "Ritiro di Bruno e Dario annullato da Anna alle 21:40".
    "Withdrawal of %(side)s undone %(by)s at %(time)s",
    # The scope tally's buttons, a hand's confirmation, a pair's withdrawal.
    "+1 scopa: %(side)s",
    "\u22121 scopa: %(side)s",
    "Link of %(side)s (to confirm the hands)",
    "confirmed by %(side)s",
    "disputed by %(side)s, who say it went so",
    "Withdraw %(side)s?",
    "Withdrawal of %(side)s recorded: the matches still to play are lost by forfeit.",
    "Withdrawal of %(side)s recorded: seated no more from the next round.",
    # A hand's QR for the other side's own phone (games.scanned).
    "QR code for the phone of %(side)s",
    # A claim refused (chiamarsi fuori): "la chiamata di Anna e Carla".
    "The claim of %(side)s came first in this hand: the first claim counts.",
}

#: Every message about a side, as each side reads it: (singular msgid, the values of its
#: other placeholders, {language: (one player, a pair, a team of three)}).
AGREEMENT = [
    # Chiamarsi fuori (scorekeeper.games.claim_words): in the present, no participle.
    (
        "%(side)s claims to be out in hand %(number)s with %(total)s: wins.",
        {"number": 6, "total": 21},
        {
            "it": (
                "Anna si chiama fuori alla mano 6 con 21: vince.",
                "Anna e Carla si chiamano fuori alla mano 6 con 21: vincono.",
                "Anna, Carla ed Elena si chiamano fuori alla mano 6 con 21: vincono.",
            ),
            "en": (
                "Anna claims to be out in hand 6 with 21: wins.",
                "Anna and Carla claim to be out in hand 6 with 21: win.",
                None,
            ),
        },
    ),
    (
        "%(side)s claims to be out in hand %(number)s with %(total)s of %(target)s:"
        " wrong, loses the game.",
        {"number": 6, "total": 19, "target": 21},
        {
            "it": (
                "Anna si chiama fuori alla mano 6 con 19 su 21: sbaglia, perde la partita.",
                "Anna e Carla si chiamano fuori alla mano 6 con 19 su 21: sbagliano, perdono"
                " la partita.",
                None,
            ),
            "en": (
                "Anna claims to be out in hand 6 with 19 of 21: wrong, loses the game.",
                "Anna and Carla claim to be out in hand 6 with 19 of 21: wrong, lose the game.",
                None,
            ),
        },
    ),
    (
        "%(side)s claims to be out in hand %(number)s with %(total)s of %(target)s:"
        " wrong, loses that hand's points.",
        {"number": 6, "total": 19, "target": 21},
        {
            "it": (
                "Anna si chiama fuori alla mano 6 con 19 su 21: sbaglia, perde i punti della mano.",
                "Anna e Carla si chiamano fuori alla mano 6 con 19 su 21: sbagliano, perdono i"
                " punti della mano.",
                None,
            ),
            "en": (
                "Anna claims to be out in hand 6 with 19 of 21: wrong, loses that hand's points.",
                "Anna and Carla claim to be out in hand 6 with 19 of 21: wrong, lose that"
                " hand's points.",
                None,
            ),
        },
    ),
    (
        "%(side)s claims to be out in hand %(number)s: decided at the count.",
        {"number": 6},
        {
            "it": (
                "Anna si chiama fuori alla mano 6: si decide al conteggio.",
                "Anna e Carla si chiamano fuori alla mano 6: si decide al conteggio.",
                None,
            ),
            "en": (
                "Anna claims to be out in hand 6: decided at the count.",
                "Anna and Carla claim to be out in hand 6: decided at the count.",
                None,
            ),
        },
    ),
    (
        "%(side)s claims to be out in hand %(number)s: kept on this phone, it goes with the hand.",
        {"number": 6},
        {
            "it": (
                "Anna si chiama fuori alla mano 6: la chiamata resta su questo telefono e parte"
                " con la mano.",
                "Anna e Carla si chiamano fuori alla mano 6: la chiamata resta su questo"
                " telefono e parte con la mano.",
                None,
            ),
            "en": (
                "Anna claims to be out in hand 6: kept on this phone, it goes with the hand.",
                "Anna and Carla claim to be out in hand 6: kept on this phone, it goes with"
                " the hand.",
                None,
            ),
        },
    ),
    (
        "%(side)s reaches %(total)s counting out in order (at %(category)s): wins.",
        {"total": 11, "category": "scope"},
        {
            "it": (
                "Anna arriva a 11 contando in ordine (alla voce scope): vince.",
                "Anna e Carla arrivano a 11 contando in ordine (alla voce scope): vincono.",
                None,
            ),
            "en": (
                "Anna reaches 11 counting out in order (at scope): wins.",
                "Anna and Carla reach 11 counting out in order (at scope): win.",
                None,
            ),
        },
    ),
    (
        "Winner: %(side)s",
        {},
        {
            "it": ("Vince Anna!", "Vincono Anna e Carla!", "Vincono Anna, Carla ed Elena!"),
            "en": ("Winner: Anna", "Winners: Anna and Carla", "Winners: Anna, Carla, and Elena"),
        },
    ),
    (
        "%(side)s withdrawn %(by)s at %(time)s",
        {"by": "by Anna", "time": "21:30"},
        {
            "it": (
                "Anna ritirato by Anna alle 21:30",
                "Anna e Carla ritirati by Anna alle 21:30",
                "Anna, Carla ed Elena ritirati by Anna alle 21:30",
            ),
            "en": (
                "Anna withdrawn by Anna at 21:30",
                "Anna and Carla withdrawn by Anna at 21:30",
                "Anna, Carla, and Elena withdrawn by Anna at 21:30",
            ),
        },
    ),
    (
        "Winner: %(side)s (not confirmed)",
        {},
        {
            "it": ("Vince Anna! (da confermare)", "Vincono Anna e Carla! (da confermare)", None),
            "en": ("Winner: Anna (not confirmed)", "Winners: Anna and Carla (not confirmed)", None),
        },
    ),
    (
        "%(side)s has the most (%(list)s), %(margin)s more than the next.",
        {"list": "…", "margin": 4},
        {
            "it": (
                "Anna ne ha di più (…), 4 più di chi segue.",
                "Anna e Carla ne hanno di più (…), 4 più di chi segue.",
                "Anna, Carla ed Elena ne hanno di più (…), 4 più di chi segue.",
            ),
            "en": (
                "Anna has the most (…), 4 more than the next.",
                "Anna and Carla have the most (…), 4 more than the next.",
                None,
            ),
        },
    ),
    (
        "%(side)s holds it.",
        {},
        {
            "it": ("Anna ce l'ha.", "Anna e Carla ce l'hanno.", "Anna, Carla ed Elena ce l'hanno."),
            "en": ("Anna holds it.", "Anna and Carla hold it.", "Anna, Carla, and Elena hold it."),
        },
    ),
    (
        "%(side)s has the denari from the asso up to %(run)s.",
        {"run": 8},
        {
            "it": (
                "Anna ha i denari in fila dall'asso fino all'8.",
                "Anna e Carla hanno i denari in fila dall'asso fino all'8.",
                None,
            ),
            "en": (
                "Anna has the denari from the asso up to 8.",
                "Anna and Carla have the denari from the asso up to 8.",
                None,
            ),
        },
    ),
    (
        "%(side)s is the only side with all four suits (%(list)s).",
        {"list": "…"},
        {
            "it": (
                "Solo Anna ha tutti e quattro i semi (…).",
                "Solo Anna e Carla hanno tutti e quattro i semi (…).",
                None,
            ),
            "en": (
                "Anna is the only side with all four suits (…).",
                "Anna and Carla are the only side with all four suits (…).",
                None,
            ),
        },
    ),
    (
        "%(side)s has the best primiera (%(list)s), %(margin)s more than the next.",
        {"list": "…", "margin": 5},
        {
            "it": (
                "Anna ha la primiera migliore (…), 5 più di chi segue.",
                "Anna e Carla hanno la primiera migliore (…), 5 più di chi segue.",
                None,
            ),
            "en": (
                "Anna has the best primiera (…), 5 more than the next.",
                "Anna and Carla have the best primiera (…), 5 more than the next.",
                None,
            ),
        },
    ),
    (
        "%(side)s took all ten denari: napoleone, the game is won at once.",
        {},
        {
            "it": (
                "Anna ha preso tutti e dieci i denari: napoleone, la partita è vinta subito.",
                "Anna e Carla hanno preso tutti e dieci i denari: napoleone, la partita è vinta"
                " subito.",
                None,
            ),
            "en": (
                "Anna took all ten denari: napoleone, the game is won at once.",
                "Anna and Carla took all ten denari: napoleone, the game is won at once.",
                None,
            ),
        },
    ),
    (
        "%(side)s takes the primiera point, %(margin)s ahead.",
        {"margin": 5},
        {
            "it": (
                "Anna prende il punto della primiera, con 5 in più.",
                "Anna e Carla prendono il punto della primiera, con 5 in più.",
                None,
            ),
            "en": (
                "Anna takes the primiera point, 5 ahead.",
                "Anna and Carla take the primiera point, 5 ahead.",
                None,
            ),
        },
    ),
    (
        "%(side)s takes the primiera point: the only side with all four suits.",
        {},
        {
            "it": (
                "Anna prende il punto della primiera: è l'unica parte con tutti e quattro i semi.",
                "Anna e Carla prendono il punto della primiera: sono l'unica parte con tutti e"
                " quattro i semi.",
                None,
            ),
            "en": (
                "Anna takes the primiera point: the only side with all four suits.",
                "Anna and Carla take the primiera point: the only side with all four suits.",
                None,
            ),
        },
    ),
    (
        "You are %(side)s.",
        {},
        {
            "it": ("Sei Anna.", "Siete Anna e Carla.", "Siete Anna, Carla ed Elena."),
            "en": ("You are Anna.", "You are Anna and Carla.", "You are Anna, Carla, and Elena."),
        },
    ),
    (
        "Entered by %(side)s.",
        {},
        {
            "it": ("Inserito da Anna.", "Inserito da Anna e Carla.", None),
            "en": ("Entered by Anna.", "Entered by Anna and Carla.", None),
        },
    ),
    (
        "Pass the phone to %(side)s: is this the result?",
        {},
        {
            "it": (
                "Passa il telefono ad Anna: è questo il risultato?",
                "Passa il telefono ad Anna e Carla: è questo il risultato?",
                None,
            ),
            "en": (
                "Pass the phone to Anna: is this the result?",
                "Pass the phone to Anna and Carla: is this the result?",
                None,
            ),
        },
    ),
    (
        "%(side)s confirms this result",
        {},
        {
            "it": ("Anna conferma", "Anna e Carla confermano", "Anna, Carla ed Elena confermano"),
            "en": ("Anna confirms this result", "Anna and Carla confirm this result", None),
        },
    ),
    (
        "%(side)s disputes this result",
        {},
        {
            "it": ("Anna contesta", "Anna e Carla contestano", None),
            "en": ("Anna disputes this result", "Anna and Carla dispute this result", None),
        },
    ),
    (
        "%(side)s closes the game with %(ways)s.",
        {"ways": "…"},
        {
            "it": ("Anna chiude con ….", "Anna e Carla chiudono con ….", None),
            "en": ("Anna closes the game with ….", "Anna and Carla close the game with ….", None),
        },
    ),
    # A hand the other side confirms (games.confirmation), a pair back in a tournament.
    (
        "This is the link of %(side)s: it confirms or disputes the hands of the other side.",
        {},
        {
            "en": (
                "This is the link of Anna: it confirms or disputes the hands of the other side.",
                "This is the link of Anna and Carla: it confirms or disputes the hands of the "
                "other side.",
                "This is the link of Anna, Carla, and Elena: it confirms or disputes the hands "
                "of the other side.",
            ),
            "it": (
                "Questo è il link di Anna: serve a confermare o contestare le mani dell\u2019altra "
                "parte.",
                "Questo è il link di Anna e Carla: serve a confermare o contestare le mani "
                "dell\u2019altra parte.",
                "Questo è il link di Anna, Carla ed Elena: serve a confermare o contestare le "
                "mani dell\u2019altra parte.",
            ),
        },
    ),
    (
        "%(side)s confirmed hand %(number)s.",
        {"number": 3},
        {
            "en": (
                "Anna confirmed hand 3.",
                "Anna and Carla confirmed hand 3.",
                "Anna, Carla, and Elena confirmed hand 3.",
            ),
            "it": (
                "Anna ha confermato la mano 3.",
                "Anna e Carla hanno confermato la mano 3.",
                "Anna, Carla ed Elena hanno confermato la mano 3.",
            ),
        },
    ),
    (
        "%(side)s confirmed hand %(number)s: it counts as soon as the hand reaches the server.",
        {"number": 3},
        {
            "en": (
                "Anna confirmed hand 3: it counts as soon as the hand reaches the server.",
                "Anna and Carla confirmed hand 3: it counts as soon as the hand reaches the"
                " server.",
                None,
            ),
            "it": (
                "Anna ha confermato la mano 3: conta appena la mano arriva al server.",
                "Anna e Carla hanno confermato la mano 3: conta appena la mano arriva al server.",
                "Anna, Carla ed Elena hanno confermato la mano 3: conta appena la mano arriva"
                " al server.",
            ),
        },
    ),
    (
        "%(side)s confirmed hand %(number)s: the confirmation goes with it.",
        {"number": 3},
        {
            "en": (
                "Anna confirmed hand 3: the confirmation goes with it.",
                "Anna and Carla confirmed hand 3: the confirmation goes with it.",
                "Anna, Carla, and Elena confirmed hand 3: the confirmation goes with it.",
            ),
            "it": (
                "Anna ha confermato la mano 3: la conferma parte insieme alla mano.",
                "Anna e Carla hanno confermato la mano 3: la conferma parte insieme alla mano.",
                "Anna, Carla ed Elena hanno confermato la mano 3: la conferma parte insieme "
                "alla mano.",
            ),
        },
    ),
    (
        "%(side)s disputed hand %(number)s: it is locked until the organiser resolves it.",
        {"number": 3},
        {
            "en": (
                "Anna disputed hand 3: it is locked until the organiser resolves it.",
                "Anna and Carla disputed hand 3: it is locked until the organiser resolves it.",
                "Anna, Carla, and Elena disputed hand 3: it is locked until the organiser "
                "resolves it.",
            ),
            "it": (
                "Anna ha contestato la mano 3: resta bloccata finché l\u2019organizzatore non la "
                "risolve.",
                "Anna e Carla hanno contestato la mano 3: resta bloccata finché "
                "l\u2019organizzatore "
                "non la risolve.",
                "Anna, Carla ed Elena hanno contestato la mano 3: resta bloccata finché "
                "l\u2019organizzatore non la risolve.",
            ),
        },
    ),
    (
        "Hand %(number)s is disputed by %(side)s: it stays locked until the organiser resolves it.",
        {"number": 3},
        {
            "en": (
                "Hand 3 is disputed by Anna: it stays locked until the organiser resolves it.",
                "Hand 3 is disputed by Anna and Carla: it stays locked until the organiser "
                "resolves it.",
                "Hand 3 is disputed by Anna, Carla, and Elena: it stays locked until the "
                "organiser resolves it.",
            ),
            "it": (
                "La mano 3 è contestata da Anna: resta bloccata finché l\u2019organizzatore non la "
                "risolve.",
                "La mano 3 è contestata da Anna e Carla: resta bloccata finché "
                "l\u2019organizzatore "
                "non la risolve.",
                "La mano 3 è contestata da Anna, Carla ed Elena: resta bloccata finché "
                "l\u2019organizzatore non la risolve.",
            ),
        },
    ),
    (
        "%(side)s, do you confirm hand %(number)s?",
        {"number": 3},
        {
            "en": (
                "Anna, do you confirm hand 3?",
                "Anna and Carla, do you confirm hand 3?",
                "Anna, Carla, and Elena, do you confirm hand 3?",
            ),
            "it": (
                "Anna, confermi la mano 3?",
                "Anna e Carla, confermate la mano 3?",
                "Anna, Carla ed Elena, confermate la mano 3?",
            ),
        },
    ),
    (
        "%(side)s, write the hand as it went for you: the organiser sees both versions and "
        "decides. Until then the hand is locked.",
        {},
        {
            "en": (
                "Anna, write the hand as it went for you: the organiser sees both versions and "
                "decides. Until then the hand is locked.",
                "Anna and Carla, write the hand as it went for you: the organiser sees both "
                "versions and decides. Until then the hand is locked.",
                "Anna, Carla, and Elena, write the hand as it went for you: the organiser sees "
                "both versions and decides. Until then the hand is locked.",
            ),
            "it": (
                "Anna, scrivi la mano com\u2019è andata per te: l\u2019organizzatore vede le due "
                "versioni "
                "e decide. Fino ad allora la mano resta bloccata.",
                "Anna e Carla, scrivete la mano com\u2019è andata per voi: l\u2019organizzatore "
                "vede le "
                "due versioni e decide. Fino ad allora la mano resta bloccata.",
                "Anna, Carla ed Elena, scrivete la mano com\u2019è andata per voi: "
                "l\u2019organizzatore "
                "vede le due versioni e decide. Fino ad allora la mano resta bloccata.",
            ),
        },
    ),
    (
        "%(side)s is back in the tournament.",
        {},
        {
            "en": (
                "Anna is back in the tournament.",
                "Anna and Carla are back in the tournament.",
                "Anna, Carla, and Elena are back in the tournament.",
            ),
            "it": (
                "Anna è di nuovo in gara.",
                "Anna e Carla sono di nuovo in gara.",
                "Anna, Carla ed Elena sono di nuovo in gara.",
            ),
        },
    ),
    (
        "As %(side)s says",
        {},
        {
            "en": ("As Anna says", "As Anna and Carla say", "As Anna, Carla, and Elena say"),
            "it": (
                "Come dice Anna",
                "Come dicono Anna e Carla",
                "Come dicono Anna, Carla ed Elena",
            ),
        },
    ),
]


#: Messages about a side whose number follows a count, not the side: (msgid, plural,
#: {language: {count: (one player, a pair)}}). "Ad Anna e Carla manca 1 punto": the
#: verb agrees with the points.
COUNTED = [
    (
        "%(side)s: %(num)s point to go",
        "%(side)s: %(num)s points to go",
        {
            "it": {
                1: ("Ad Anna manca 1 punto", "Ad Anna e Carla manca 1 punto"),
                4: ("Ad Anna mancano 4 punti", "Ad Anna e Carla mancano 4 punti"),
            },
            "en": {
                1: ("Anna: 1 point to go", "Anna and Carla: 1 point to go"),
                4: ("Anna: 4 points to go", "Anna and Carla: 4 points to go"),
            },
        },
    ),
]


@pytest.mark.parametrize(("msgid", "plural", "expected"), COUNTED, ids=lambda v: str(v)[:24])
def test_a_counted_message_about_a_side_agrees_with_its_count(
    app: Flask, msgid: str, plural: str, expected: dict[str, dict[int, tuple[str, str]]]
) -> None:
    for language, counts in expected.items():
        with app.test_request_context("/", headers={"Accept-Language": language}):
            for count, (single, pair) in counts.items():
                said = [
                    ngettext(msgid, plural, count, side=str(Side(players)))
                    for players in (SIDES[1], SIDES[2])
                ]
                assert said == [single, pair], (language, count)


def _side_messages() -> tuple[set[str], set[str]]:
    """The catalog's messages with a side in them: those with a plural, those without."""
    with CATALOG.open("rb") as po:
        catalog = read_po(po, locale="it")
    plural, single = set(), set()
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if "%(side)s" in ids[0]:
            (plural if len(ids) > 1 else single).add(ids[0])
    return plural, single


def test_every_message_about_a_side_is_walked_here() -> None:
    """A message about a side says it in the side's number (side_gettext), or its words
    do not change with it; a new one joins AGREEMENT or NO_AGREEMENT."""
    plural, single = _side_messages()
    assert plural == {msgid for msgid, _, _ in AGREEMENT} | {msgid for msgid, _, _ in COUNTED}
    assert single == NO_AGREEMENT


@pytest.mark.parametrize(("msgid", "values", "expected"), AGREEMENT, ids=lambda v: str(v)[:24])
def test_each_message_agrees_with_one_player_a_pair_and_a_team_of_three(
    app: Flask, msgid: str, values: dict[str, object], expected: dict[str, tuple[str | None, ...]]
) -> None:
    plural = _plural_of(msgid)
    for language in LANGUAGES:
        with app.test_request_context("/", headers={"Accept-Language": language}):
            for size, players in SIDES.items():
                said = side_gettext(msgid, plural, Side(players), **values)
                # The same in a template, as the board says it.
                shown = render_template_string(
                    "{{ side_gettext(msgid, plural, side, **values) }}",
                    msgid=msgid,
                    plural=plural,
                    side=Side(players),
                    values=values,
                )
                assert html_module.unescape(shown) == said
                assert JOINED[language][size] in said
                assert "&" not in said
                want = expected[language][size - 1]
                if want is not None:
                    assert said == want, (language, size)


def _plural_of(msgid: str) -> str:
    with CATALOG.open("rb") as po:
        catalog = read_po(po, locale="it")
    for message in catalog:
        if isinstance(message.id, tuple) and message.id[0] == msgid:
            return str(message.id[1])
    raise AssertionError(msgid)


@pytest.mark.parametrize(
    ("names", "fmt", "italian", "english"),
    [
        (("Anna", "Bruno"), "2", "Vince Anna!", "Winner: Anna"),
        (
            ("Anna", "Bruno", "Carla", "Dario"),
            "2x2",
            "Vincono Anna e Carla!",
            "Winners: Anna and Carla",
        ),
        (
            ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"),
            "2x3",
            "Vincono Anna, Carla ed Elena!",
            "Winners: Anna, Carla, and Elena",
        ),
    ],
)
def test_the_board_and_the_hand_say_the_side_in_its_number(
    client: FlaskClient, names: tuple[str, ...], fmt: str, italian: str, english: str
) -> None:
    url = start_game(client, names, format=fmt, target="5")
    record(client, url, **hand_points(5, 0))  # the first side: carte, denari, settebello...
    pages = {
        language: {
            page: html_module.unescape(
                client.get(page_url, headers={"Accept-Language": language}).get_data(True)
            )
            for page, page_url in (("board", url), ("hand", f"{url}/hands/1"))
        }
        for language in LANGUAGES
    }
    assert italian in pages["it"]["board"]
    assert english in pages["en"]["board"]
    side = italian.removeprefix("Vince ").removeprefix("Vincono ").removesuffix("!")
    pair = len(names) > 2
    verb = ("ne hanno di più", "ce l'hanno") if pair else ("ne ha di più", "ce l'ha")
    assert f"{side} {verb[0]} (" in pages["it"]["hand"]
    assert f"{side} {verb[1]}." in pages["it"]["hand"]
    side = english.removeprefix("Winner: ").removeprefix("Winners: ")
    verb = ("have the most", "hold it") if pair else ("has the most", "holds it")
    assert f"{side} {verb[0]} (" in pages["en"]["hand"]
    assert f"{side} {verb[1]}." in pages["en"]["hand"]
    for text in (*pages["it"].values(), *pages["en"].values()):
        assert " & " not in text
    # The hand checker opened from the hand keeps the pair a pair.
    link = re.search(
        r'id="open-in-checker" href="([^"]+)"|href="([^"]+)" id="open-in-checker"',
        pages["it"]["hand"],
    )
    assert link is not None
    checker = client.get(link.group(1) or link.group(2), headers={"Accept-Language": "it"})
    assert f"{JOINED['it'][len(names) // 2]} {'ne hanno' if pair else 'ne ha'} di più" in (
        html_module.unescape(checker.get_data(as_text=True))
    )


def test_a_hand_s_counts_take_their_form(client: FlaskClient) -> None:
    url = start_game(client)
    # Anna: 38 cards and nine denari; Bruno: two cards, one denaro (a side takes two
    # cards at least, the one it plays and one from the table).
    fields = {"sides-0-cards": "38", "sides-0-denari": "9", "settebello": "0", "primiera": "0"}
    record(client, url, **fields)
    italian = client.get(url, headers={"Accept-Language": "it"}).get_data(as_text=True)
    english = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Anna: 38 carte, 9 denari" in italian
    assert "Bruno: 2 carte, 1 denaro" in italian
    assert "Bruno: 2 cards, 1 denaro" in english


@pytest.mark.parametrize(
    ("num", "italian", "english"),
    [
        (1, "Manca ancora 1 carta da assegnare.", "1 card still to give."),
        (2, "Mancano ancora 2 carte da assegnare.", "2 cards still to give."),
    ],
)
def test_counts_take_the_form_of_their_number(
    app: Flask, num: int, italian: str, english: str
) -> None:
    for language, expected in (("it", italian), ("en", english)):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            message = ngettext(
                "%(count)s card still to give.", "%(count)s cards still to give.", num, count=num
            )
            assert message == expected
    with app.test_request_context("/", headers={"Accept-Language": "it"}):
        won = ngettext("%(num)s won", "%(num)s won", num)
        lost = ngettext("%(num)s lost", "%(num)s lost", num)
        assert (won, lost) == (("1 vinta", "1 persa") if num == 1 else ("2 vinte", "2 perse"))


@pytest.mark.parametrize(
    ("target", "italian"),
    [(21, "ai 21"), (11, "agli 11"), (8, "agli 8"), (1, "all'1"), (100, "ai 100")],
)
def test_a_target_takes_its_article(app: Flask, target: int, italian: str) -> None:
    for language, expected in (("it", italian), ("en", f"to {target}")):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            assert gettext("to %(target)d", target=target) == expected
            shown = render_template_string('{{ _("to %(target)d", target=t) }}', t=target)
            assert html_module.unescape(shown) == expected


def test_a_name_after_a_takes_ad(client: FlaskClient) -> None:
    page = client.get(
        "/check/hand?mode=cards&format=2&n0=Bruno&n1=Anna", headers={"Accept-Language": "it"}
    ).get_data(as_text=True)
    assert 'data-rest-label="Dai tutte le carte rimaste ad Anna"' in page
    assert 'data-rest-label="Dai tutte le carte rimaste a Bruno"' in page


def test_numbers_are_written_in_the_page_s_language(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "it"}):
        assert (decimal(5 / 3), percent(0.5), euros(500)) == ("1,67", "50%", "5,00\xa0€")
        assert render_template_string("{{ x | decimal }}", x=1234.5) == "1.234,50"
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert (decimal(5 / 3), percent(0.5), euros(500)) == ("1.67", "50%", "€5.00")


def test_names_are_listed_with_and_escaped_unless_markup(app: Flask) -> None:
    source = '{{ names | and_list }} · {{ [link, "Elena"] | and_list }}'
    link = Markup('<a href="/p/1">Anna</a>')
    with app.test_request_context("/", headers={"Accept-Language": "it"}):
        shown = render_template_string(source, names=["<b>", "Carla", "Elena"], link=link)
        assert shown == '&lt;b&gt;, Carla ed Elena · <a href="/p/1">Anna</a> ed Elena'
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        shown = render_template_string(source, names=["Anna", "Carla"], link=link)
        assert shown == 'Anna and Carla · <a href="/p/1">Anna</a> and Elena'
