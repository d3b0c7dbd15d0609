"""The grammar of the app's messages (scorekeeper.grammar), without an app: Italian's
prepositions and articles before numbers and names, how Italian reads a number, lists of
names, a side's grammatical number."""

from __future__ import annotations

import pytest

from scorekeeper.grammar import Side, Sound, fit_word, fit_words, join_names, sound


@pytest.mark.parametrize(
    ("template", "value", "expected"),
    [
        # "to 21", "to 11": the plural article, gli before a vowel, and 1 is singular.
        ("ai %(n)s", 21, "ai 21"),
        ("ai %(n)s", 11, "agli 11"),
        ("ai %(n)s", 8, "agli 8"),
        ("ai %(n)s", 1, "all'1"),
        ("ai %(n)s", 18, "ai 18"),  # diciotto
        ("ai %(n)s", 80, "agli 80"),
        ("ai %(n)s", 81, "agli 81"),
        ("ai %(n)s", 100, "ai 100"),
        ("ai %(n)s", 800, "agli 800"),
        ("ai %(n)s", 1000, "ai 1000"),  # mille
        ("ai %(n)s", "1.000", "ai 1.000"),
        ("ai %(n)s", 8000, "agli 8000"),
        ("ai %(n)s", 11000, "agli 11000"),
        ("ai %(n)s", 1_000_000, "agli 1000000"),  # un milione
        ("ai %(n)s", 2_000_000, "ai 2000000"),
        ("ai %(n)s", 0, "agli 0"),  # zero
        ("agli %(n)s", 21, "ai 21"),  # the written form is a form, not the answer
        ("all'%(n)s", 21, "al 21"),  # ... but its number is the sentence's
        ("all\u2019%(n)s", 21, "al 21"),  # a typographic apostrophe
        ("all\u2019%(n)s", 11, "all\u201911"),
        ("ai %(n)s", "11", "agli 11"),
        # A card: the singular article.
        ("fino al %(n)s", 7, "fino al 7"),
        ("fino al %(n)s", 8, "fino all'8"),
        ("fino al %(n)s", 10, "fino al 10"),
        ("prima del %(n)s", 11, "prima dell'11"),
        ("prima del %(n)s", 3, "prima del 3"),
        ("il %(card)s resta", "asso di coppe", "l'asso di coppe resta"),
        ("Il %(card)s resta", "asso di coppe", "L'asso di coppe resta"),
        ("il %(card)s resta", "sette di denari", "il sette di denari resta"),
        ("dal %(n)s", "8 di spade", "dall'8 di spade"),
        ("nel %(n)s", "zaino", "nello zaino"),
        ("sul %(n)s", "Stefano", "sullo Stefano"),
        ("i %(n)s", "gnomi", "gli gnomi"),
        ("la %(n)s", "ora", "l'ora"),
        ("alle %(time)s", "8:05", "alle 8:05"),
        ("alle %(time)s", "1:05", "all'1:05"),  # all'una
        # "ad" only before an a, "ed" only before an e.
        ("a %(side)s", "Anna", "ad Anna"),
        ("a %(side)s", "Àlvaro", "ad Àlvaro"),
        ("a %(side)s", "anna", "ad anna"),
        ("a %(side)s", "Bruno", "a Bruno"),
        ("a %(side)s", "Elena", "a Elena"),
        ("a %(side)s", 8, "a 8"),
        ("ad %(side)s", "Bruno", "a Bruno"),
        ("A %(side)s", "Anna", "Ad Anna"),
        ("%(a)s e %(b)s", "Elena", "Anna ed Elena"),
        ("%(a)s e %(b)s", "Carla", "Anna e Carla"),
        # Words that are not a preposition or an article, or end another word.
        ("dia %(side)s", "Anna", "dia Anna"),
        ("numero %(n)s", 8, "numero 8"),
        ("da %(side)s", "Anna", "da Anna"),
        ("ai %(n)s e %(m)s", 11, "agli 11 e 3"),
    ],
)
def test_italian_words_before_a_value_fit_it(template: str, value: object, expected: str) -> None:
    names = [name for name in ("n", "card", "side", "time", "b") if f"%({name})s" in template]
    variables = {"a": "Anna", "m": 3, names[0]: value}
    fitted = fit_words(template, variables, "it")
    assert fitted % variables == expected


def test_other_languages_and_unknown_values_are_left_as_written() -> None:
    assert fit_words("ai %(n)s", {"n": 11}, "en") == "ai %(n)s"
    assert fit_words("ai %(n)s", {}, "it") == "ai %(n)s"  # no value: nothing to fit
    assert fit_words("to %(n)s", {"n": 11}, "it") == "to %(n)s"
    template = "Si gioca ai %(target)s punti"
    assert fit_words(template, {"target": 21}, "it") is template  # nothing changes


@pytest.mark.parametrize(
    ("number", "vowel"),
    [
        (1, True),
        (2, False),
        (8, True),
        (11, True),
        (12, False),
        (18, False),
        (21, False),
        (28, False),
        (80, True),
        (89, True),
        (90, False),
        (100, False),
        (108, False),
        (800, True),
        (899, True),
        (1000, False),
        (1800, False),
        (8000, True),
        (11000, True),
        (21000, False),
        (80000, True),
        (800000, True),
        (1_000_000, True),
        (8_000_000, True),
        (9_000_000, False),
        (1_000_000_000, True),
    ],
)
def test_a_number_is_heard_as_italian_says_it(number: int, vowel: bool) -> None:
    assert (sound(number) is Sound.VOWEL) == vowel
    assert (sound(str(number)) is Sound.VOWEL) == vowel


@pytest.mark.parametrize(
    ("word", "heard"),
    [
        ("Anna", Sound.VOWEL),
        ("uomo", Sound.VOWEL),
        ("hotel", Sound.VOWEL),
        ("Èrica", Sound.VOWEL),
        ("Bruno", Sound.CONSONANT),
        ("sette", Sound.CONSONANT),
        ("Stefano", Sound.S_IMPURA),
        ("zaino", Sound.S_IMPURA),
        ("gnomo", Sound.S_IMPURA),
        ("psicologo", Sound.S_IMPURA),
        ("ieri", Sound.S_IMPURA),
        ("xilofono", Sound.S_IMPURA),
        (0, Sound.S_IMPURA),
        (-8, Sound.CONSONANT),  # meno otto
        ("«Anna»", Sound.VOWEL),
    ],
)
def test_a_word_is_heard_by_its_first_letters(word: object, heard: Sound) -> None:
    assert sound(word) is heard


def test_fit_word_keeps_the_preposition_and_number_of_the_written_form() -> None:
    assert [fit_word(word, 11) for word in ("al", "ai", "del", "dei", "dal", "nei", "sui")] == [
        "all'",
        "agli",
        "dell'",
        "degli",
        "dall'",
        "negli",
        "sugli",
    ]
    assert [fit_word(word, 1) for word in ("ai", "dei", "i", "le", "alle")] == [
        "all'",
        "dell'",
        "l'",
        "l'",
        "all'",
    ]
    assert [fit_word(word, "Zeno") for word in ("il", "al", "i", "la")] == [
        "lo",
        "allo",
        "gli",
        "la",
    ]


@pytest.mark.parametrize(
    ("names", "italian", "english"),
    [
        ((), "", ""),
        (("Anna",), "Anna", "Anna"),
        (("Anna", "Carla"), "Anna e Carla", "Anna and Carla"),
        (("Anna", "Elena"), "Anna ed Elena", "Anna and Elena"),
        (("Anna", "Carla", "Elena"), "Anna, Carla ed Elena", "Anna, Carla, and Elena"),
        (("A & B", "%(x)s"), "A & B e %(x)s", "A & B and %(x)s"),
    ],
)
def test_names_are_joined_as_a_sentence_lists_them(
    names: tuple[str, ...], italian: str, english: str
) -> None:
    assert join_names(names, "it") == italian
    assert join_names(names, "en") == english


def test_a_side_is_singular_for_one_player_and_plural_for_more() -> None:
    assert [Side(("Anna",) * size).number for size in (1, 2, 3)] == [1, 2, 3]
    assert Side.named("A") == Side(("A",))
    # Outside a request the names are joined in the catalog's source language.
    assert str(Side(("Anna", "Carla"))) == "Anna and Carla"
    assert "&" not in str(Side(("Anna", "Carla", "Elena")))
