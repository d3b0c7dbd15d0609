"""Messages that say a count read right with 1 and with 2, in both languages (issue 26):
"at most 1 scopa", "more denari (1) than cards (0)", "the structure has 1 stage"; the
phone's scorer (static/js/scoring-data.js) carries the same forms."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper.leagues.transfer import ImportRefused, failure_message
from scorekeeper.scoring import PLURALS, ErrorCode, InputError
from scorekeeper.scoring.errors import N_plural
from scorekeeper.ui.messages import error_message
from scorekeeper.ui.scoring_js import data

#: Each message that says a count, its parameters with a count of 1 and of 2, and what it
#: reads with each, in English and in Italian.
COUNTED = [
    (
        ErrorCode.DENARI_EXCEED_CARDS,
        [{"denari": 1, "cards": 0}, {"denari": 2, "cards": 1}],
        ["more denari (1) than cards (0)", "more denari (2) than cards (1)"],
        ["più denari (1) che carte (0)", "più denari (2) che carte (1)"],
    ),
    (
        ErrorCode.RE_BELLO_WITHOUT_DENARI,
        [{"minimum": 1}, {"minimum": 2}],
        [
            "the side with the re bello has at least 1 denaro",
            "the side with the re bello has at least 2 denari",
        ],
        ["chi ha il re bello ha almeno 1 denaro", "chi ha il re bello ha almeno 2 denari"],
    ),
    (
        ErrorCode.SCOPE_TOO_MANY,
        [{"maximum": 1}, {"maximum": 2}],
        [
            "at most 1 scopa for this side in one hand",
            "at most 2 scope for this side in one hand",
        ],
        [
            "al massimo 1 scopa per questa parte in una mano",
            "al massimo 2 scope per questa parte in una mano",
        ],
    ),
    (
        ErrorCode.PRIMIERA_EXCEEDS_CARDS,
        [{"count": 1, "cards": 0}, {"count": 2, "cards": 1}],
        [
            "more best cards (1) than cards this side took (0)",
            "more best cards (2) than cards this side took (1)",
        ],
        [
            "più carte migliori (1) che carte prese da questa parte (0)",
            "più carte migliori (2) che carte prese da questa parte (1)",
        ],
    ),
    (
        ErrorCode.PRIMIERA_OTHER_SUITS,
        [{"count": 1, "other": 0}, {"count": 2, "other": 1}],
        [
            "more best cards outside denari (1) than cards this side took that are not denari (0)",
            "more best cards outside denari (2) than cards this side took that are not denari (1)",
        ],
        [
            "più carte migliori fuori dai denari (1) che carte non di denari prese da questa"
            " parte (0)",
            "più carte migliori fuori dai denari (2) che carte non di denari prese da questa"
            " parte (1)",
        ],
    ),
    (
        ErrorCode.PRIMIERA_SUITS_ABOVE,
        [
            {"cards": "7C, 7B, 7S", "maximum": 1, "other": 2},
            {"cards": "7C", "maximum": 2, "other": 3},
        ],
        [
            "with 7C, 7B, 7S as its best cards outside denari this side can hold at most 1 card"
            " that is not a denaro, not 2",
            "with 7C as its best cards outside denari this side can hold at most 2 cards that"
            " are not denari, not 3",
        ],
        [
            "con 7C, 7B, 7S come carte migliori fuori dai denari, le carte non di denari di"
            " questa parte non possono essere 2 (al massimo 1)",
            "con 7C come carte migliori fuori dai denari, le carte non di denari di questa"
            " parte non possono essere 3 (al massimo 2)",
        ],
    ),
    (
        ErrorCode.PRIMIERA_DENARO_UNSHOWN,
        [{"denari": 1}, {"denari": 2}],
        [
            "this side took 1 denaro: mark its best denaro",
            "this side took 2 denari: mark its best denaro",
        ],
        [
            "questa parte ha preso 1 denaro: segna il suo denaro migliore",
            "questa parte ha preso 2 denari: segna il suo denaro migliore",
        ],
    ),
    (
        ErrorCode.PRIMIERA_SUITS_UNSHOWN,
        [{"other": 1}, {"other": 2}],
        [
            "this side took 1 card that is not a denaro: mark it among its best cards",
            "this side took 2 cards that are not denari: mark its best card in every suit it took",
        ],
        [
            "questa parte ha preso 1 carta che non è un denaro: segnala tra le sue carte migliori",
            "questa parte ha preso 2 carte che non sono denari: segna la sua carta migliore in"
            " ogni seme che ha preso",
        ],
    ),
    (
        ErrorCode.PRIMIERA_SUITS_BLANK,
        [
            {"cards": "7C", "maximum": 1, "other": 2},
            {"cards": "7C, 8S", "maximum": 2, "other": 3},
        ],
        [
            "with only 7C as its best cards outside denari this side can hold at most 1 card"
            " that is not a denaro, not 2: mark its best card in every suit it took",
            "with only 7C, 8S as its best cards outside denari this side can hold at most 2"
            " cards that are not denari, not 3: mark its best card in every suit it took",
        ],
        [
            "con solo 7C come carte migliori fuori dai denari, le carte non di denari di questa"
            " parte non possono essere 2 (al massimo 1): segna la sua carta migliore in ogni"
            " seme che ha preso",
            "con solo 7C, 8S come carte migliori fuori dai denari, le carte non di denari di"
            " questa parte non possono essere 3 (al massimo 2): segna la sua carta migliore in"
            " ogni seme che ha preso",
        ],
    ),
]


@pytest.mark.parametrize(
    ("code", "params", "english", "italian"), COUNTED, ids=lambda v: str(v)[:20]
)
def test_a_count_of_one_and_of_two(
    app: Flask,
    code: ErrorCode,
    params: list[dict[str, object]],
    english: list[str],
    italian: list[str],
) -> None:
    for values, en, it in zip(params, english, italian, strict=True):
        error = InputError(code, "", values)
        assert error.message == en
        for language, want in (("en", en), ("it", it)):
            with app.test_request_context("/", headers={"Accept-Language": language}):
                assert error_message(error) == want, language


def test_every_counted_message_is_walked_here() -> None:
    assert set(PLURALS) <= {code for code, *_ in COUNTED}


def test_the_phone_carries_both_forms() -> None:
    scorer = data()
    plurals, translated = scorer["PLURALS"], scorer["TRANSLATED_PLURALS"]
    assert isinstance(plurals, dict)
    assert isinstance(translated, dict)
    assert plurals["scope_too_many"] == [
        "maximum",
        "at most %(maximum)s scope for this side in one hand",
    ]
    assert (
        translated["it"]["scope_too_many"]
        == "al massimo %(maximum)s scope per questa parte in una mano"
    )
    messages = scorer["TRANSLATED_MESSAGES"]
    assert isinstance(messages, dict)
    assert (
        messages["it"]["scope_too_many"]
        == "al massimo %(maximum)s scopa per questa parte in una mano"
    )


@pytest.mark.parametrize(
    ("count", "english", "italian"),
    [
        (1, "the structure has 1 stage", "la formula ha 1 fase"),
        (2, "the structure has 2 stages", "la formula ha 2 fasi"),
    ],
)
def test_a_tournament_file_s_stages(app: Flask, count: int, english: str, italian: str) -> None:
    stages = N_plural("the structure has %(count)s stage", "the structure has %(count)s stages")
    refused = ImportRefused("tournaments[0].stages", stages, count=count)
    assert refused.reason == english
    for language, want in (("en", english), ("it", italian)):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            assert refused.message().endswith(want), language
            # As a failed import keeps it (a job row) and says it later.
            assert failure_message(refused.as_reason()).endswith(want)
