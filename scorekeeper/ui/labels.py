"""The words the app uses for the scoring package's settings, categories and reasons.

The scoring package speaks in codes (``SumChoice.FREE``, ``Category.CARTE``,
an :class:`~scorekeeper.scoring.Award` reason ``AwardReason.TIE``); this is the one place
that names them in the reader's language, for the checkers, the rules page and
the game's hand breakdown alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from flask_babel import get_locale

from scorekeeper.grammar import Side, as_side, gettext, side_gettext
from scorekeeper.scoring import (
    FORMATS,
    RULE_SETS,
    AssoOnAsso,
    AssoSweep,
    Award,
    AwardReason,
    Category,
    Format,
    HandScore,
    Rules,
    RuleSet,
    SumChoice,
)
from scorekeeper.ui.choices import SelectChoice
from scorekeeper.ui.text import LazyText
from scorekeeper.ui.text import lazy_gettext as _l

#: How each capture setting is called.
SUM_CHOICE_LABELS = {
    SumChoice.FREE: _l("Free choice among all the sums"),
    SumChoice.FEWEST: _l("Only the sums with the fewest cards"),
}

#: Asso pigliatutto's house choices (Scopa d'assi).
ASSO_SWEEP_LABELS = {
    AssoSweep.NOT_SCOPA: _l("Not a scopa (championship rules)"),
    AssoSweep.SCOPA: _l("A scopa"),
}
ASSO_ON_ASSO_LABELS = {
    AssoOnAsso.TAKES_ASSO: _l("Takes only that asso"),
    AssoOnAsso.TAKES_ALL: _l("Takes everything"),
}


def rule_set_label(rule_set: RuleSet) -> str:
    """A rule set's description in the page's language (the scoring package keeps both):
    "Scopone scientifico: in pairs, ten cards each, none to the table"."""
    locale = get_locale()
    return rule_set.label(locale.language if locale else "en")


#: The categories counted at the end of a hand: Italian game terms in both languages.
CATEGORY_LABELS = {
    Category.SCOPE: _l("scope"),
    Category.CARTE: _l("carte"),
    Category.DENARI: _l("denari"),
    Category.SETTEBELLO: _l("settebello"),
    Category.PRIMIERA: _l("primiera"),
    Category.RE_BELLO: _l("re bello"),
    Category.NAPOLA: _l("napola"),
}


def category_label(category: Category) -> str:
    """The name of a category (Italian game terms in both languages)."""
    return str(CATEGORY_LABELS[category])


def any_of(size: int) -> str | None:
    """ "Any `size` of {categories}" (quanto manca: "due tra carte, denari, settebello e
    primiera"), for the sizes a board can show (of at most five one-point categories);
    None for another size (the list alone)."""
    words = {
        2: lambda: gettext("any two of %(categories)s", categories="{categories}"),
        3: lambda: gettext("any three of %(categories)s", categories="{categories}"),
        4: lambda: gettext("any four of %(categories)s", categories="{categories}"),
    }
    return words[size]() if size in words else None


def category_labels() -> dict[str, str]:
    """Every category's name by its code, for the phone's own preview of a hand's points."""
    return {category.value: category_label(category) for category in Category}


def format_label(fmt: Format) -> str:
    """How a seating is called, built from the format itself: "4 players in 2 teams of 2".

    The one name of a format, wherever the app shows one: the forms that choose it (a
    game's, the hand checker's, a league's, a tournament's: `format_choices`), the rules
    page, a league's and a tournament's pages.
    """
    if fmt.players_per_side == 1:
        if fmt.sides == 2:
            return gettext("2 players")
        return gettext("%(players)s players, each for themselves", players=fmt.players)
    return gettext(
        "%(players)s players in %(sides)s teams of %(each)s",
        players=fmt.players,
        sides=fmt.sides,
        each=fmt.players_per_side,
    )


def format_choices(keys: Iterable[str] = tuple(FORMATS)) -> list[SelectChoice]:
    """The options of a form's format field: the formats ``keys`` (every one the app knows,
    by default), each named by `format_label` in the language of the page it is shown on."""
    return [SelectChoice(key, LazyText(format_label, FORMATS[key])) for key in keys]


def rule_set_choices() -> list[SelectChoice]:
    """The options of a form's rule set field: every rule set, the default first, each
    described in the language of the page it is shown on (`rule_set_label`)."""
    return [SelectChoice(key, LazyText(rule_set_label, r)) for key, r in RULE_SETS.items()]


def rule_set_shapes() -> dict[str, dict[str, object]]:
    """What a form's script needs of each rule set (static/js/rulesets.js): its seatings,
    its default seating and target, whether the asso's house choices apply."""
    return {
        key: {
            "formats": list(r.formats),
            "format": r.default_format,
            "target": r.default_target,
            "pigliatutto": r.pigliatutto,
        }
        for key, r in RULE_SETS.items()
    }


def side_reasons(score: HandScore, names: Sequence[Side | str]) -> list[tuple[Category, str]]:
    """Why each category went where it did, one sentence per category the hand's rules
    play, in display order (re bello and napola only where they are played).

    Built from the :class:`~scorekeeper.scoring.Award` of each category (its winner,
    reason and margin) and the sides' counts; the same words for the checker and a game.
    A side is a `Side` (a pair's verbs are plural: "Anna e Carla ne hanno di più") or
    a name (singular).
    """
    named = [as_side(name) for name in names]
    return [
        (category, _reason(score, award, named))
        for category, award in score.awards.items()
        if award.reason is not AwardReason.OFF
    ]


def declared_primiera(score: HandScore, names: Sequence[Side | str]) -> str | None:
    """Who took the primiera, in words, when the hand was entered as "taken by a side"
    (it then has no best cards to show); ``None`` when it was decided from the cards."""
    award = score.awards[Category.PRIMIERA]
    if award.reason is not AwardReason.DECLARED:
        return None
    named = [as_side(name) for name in names]
    winner = named[award.winner] if award.winner is not None else Side(())
    return _primiera_reason(score, award, named, winner)


def napoleone_reason(score: HandScore, names: Sequence[Side | str]) -> str | None:
    """The sentence for a napoleone (all ten denari win the game at once), if there is one."""
    if score.napoleone is None:
        return None
    return side_gettext(
        "%(side)s took all ten denari: napoleone, the game is won at once.",
        "%(side)s took all ten denari: napoleone, the game is won at once.",
        names[score.napoleone],
    )


def _reason(score: HandScore, award: Award, names: Sequence[Side]) -> str:
    sides = score.sides
    winner = names[award.winner] if award.winner is not None else Side(())
    category = award.category
    if category is Category.SCOPE:
        return gettext(
            "Each side scores its own scope: %(list)s.", list=_each(names, [s.scope for s in sides])
        )
    if category in (Category.CARTE, Category.DENARI):
        counts = [s.cards if category is Category.CARTE else s.denari for s in sides]
        listed = _each(names, counts)
        if award.reason is AwardReason.TIE:
            return gettext("Level at the top (%(list)s): nobody scores.", list=listed)
        return side_gettext(
            "%(side)s has the most (%(list)s), %(margin)s more than the next.",
            "%(side)s have the most (%(list)s), %(margin)s more than the next.",
            winner,
            list=listed,
            margin=award.margin,
        )
    if category in (Category.SETTEBELLO, Category.RE_BELLO):
        if award.reason is AwardReason.HOLDER:
            return side_gettext("%(side)s holds it.", "%(side)s hold it.", winner)
        return gettext("Nobody holds it.")
    if category is Category.NAPOLA:
        if award.reason is AwardReason.RUN:
            run = sides[award.winner].napola_run if award.winner is not None else 0
            return side_gettext(
                "%(side)s has the denari from the asso up to %(run)s.",
                "%(side)s have the denari from the asso up to %(run)s.",
                winner,
                run=run,
            )
        return gettext("Nobody has the asso, 2 and 3 of denari.")
    return _primiera_reason(score, award, names, winner)


def _primiera_reason(score: HandScore, award: Award, names: Sequence[Side], winner: Side) -> str:
    if award.reason is AwardReason.DECLARED:
        if award.winner is None:
            return gettext("Entered as taken by nobody.")
        return gettext("Entered as taken by %(side)s.", side=str(winner))
    totals = _each(
        names,
        [
            gettext("none") if s.primiera is None or s.primiera.total is None else s.primiera.total
            for s in score.sides
        ],
    )
    if award.reason is AwardReason.TIE:
        return gettext("The best primiere are level (%(list)s): nobody scores.", list=totals)
    if award.reason is AwardReason.NOBODY_COMPLETE:
        return gettext("No side has a card in every suit: nobody scores.")
    if award.margin is None:
        return side_gettext(
            "%(side)s is the only side with all four suits (%(list)s).",
            "%(side)s are the only side with all four suits (%(list)s).",
            winner,
            list=totals,
        )
    return side_gettext(
        "%(side)s has the best primiera (%(list)s), %(margin)s more than the next.",
        "%(side)s have the best primiera (%(list)s), %(margin)s more than the next.",
        winner,
        list=totals,
        margin=award.margin,
    )


def _each(names: Sequence[Side], values: Sequence[object]) -> str:
    """Each side's name and value: "Anna 2, Bruno 1"; teams of three, whose names hold a
    comma themselves, apart by semicolons ("Anna, Bruno e Carla 2; Dario, ...")."""
    apart = "; " if any(name.number > 2 for name in names) else ", "
    return apart.join(f"{name} {value}" for name, value in zip(names, values, strict=True))


#: Every setting of :class:`~scorekeeper.scoring.Rules`: its name and what it does.
SETTING_LABELS = {
    "format": (_l("Players"), _l("How many play, and whether in teams; partners sit opposite.")),
    "target": (_l("Target"), _l("The points to reach; checked at the end of each hand.")),
    "napola": (
        _l("Napola"),
        _l("Asso, 2 and 3 of denari score the length of the run of denari from the asso."),
    ),
    "napoleone": (_l("Napoleone"), _l("All ten denari to one side win the game at once.")),
    "re_bello": (_l("Re bello"), _l("The re of denari scores one point.")),
    "sum_choice": (
        _l("Which sum may be taken"),
        _l("When a card can take several sums of table cards."),
    ),
    "chiamarsi_fuori": (
        _l("Chiamarsi fuori"),
        _l(
            "A side may claim during a hand to have reached the target: right, it wins the"
            " game; wrong, it loses it."
        ),
    ),
    "claim_loses_hand": (
        _l("A wrong claim"),
        _l("On: a wrong claim loses only that hand's points, not the game."),
    ),
    "count_in_order": (
        _l("Counting out in order"),
        _l(
            "The points are counted scope, carte, denari, settebello, primiera, re bello,"
            " napola: the first side to reach the target wins."
        ),
    ),
    "rule_set": (
        _l("Game played"),
        _l("The rule set: the deal, the captures, the end of the game."),
    ),
    "asso_sweep": (
        _l("An asso's sweep"),
        _l("In Scopa d'assi: whether an asso taking the whole table scores a scopa."),
    ),
    "asso_on_asso": (
        _l("An asso on an asso"),
        _l("In Scopa d'assi: what an asso takes when an asso lies on the table."),
    ),
}


#: How each variant (`~scorekeeper.scoring.rules.VARIANTS`, an on/off setting of
#: :class:`~scorekeeper.scoring.Rules`) is offered, in the order the forms show them:
#: its switch where a game's or a league's rules are chosen, and on the hand checker.
VARIANT_LABELS = {
    "napola": (_l("Napola"), _l("Napola (asso, 2 and 3 of denari and up)")),
    "re_bello": (_l("Re bello"), _l("Re bello (the re of denari scores 1)")),
    "napoleone": (
        _l("Napoleone (all ten denari win the game)"),
        _l("Napoleone (all ten denari win the game)"),
    ),
}


#: The variants of a whole game (chiamarsi fuori and how it counts out, RULES.md section
#: 8): a switch where a game's or a league's rules are chosen, none on the hand checker;
#: each with its label and its short name in the board's line of rules.
GAME_VARIANT_LABELS = {
    "chiamarsi_fuori": (
        _l("Chiamarsi fuori: a side may claim during a hand to have reached the target"),
        _l("chiamarsi fuori"),
    ),
    "claim_loses_hand": (
        _l("A wrong claim loses only that hand's points (not the game)"),
        _l("a wrong claim loses the hand"),
    ),
    "count_in_order": (
        _l(
            "Counting out in order: scope, carte, denari, settebello, primiera, then re bello"
            " and napola; the first to reach the target wins"
        ),
        _l("counting out in order"),
    ),
}


def variants_on(rules: Rules) -> list[str]:
    """The variants ``rules`` plays, by their name in the game (``"re bello"``), in form order."""
    names = [name.replace("_", " ") for name in VARIANT_LABELS if getattr(rules, name)]
    games = [
        str(short) for name, (_label, short) in GAME_VARIANT_LABELS.items() if getattr(rules, name)
    ]
    return names + games


def rules_summary(rules: Rules) -> list[str]:
    """A game's rules in one line's parts, as the board shows them: the rule set, the
    target, the variants on and the asso's house choices that are not the championship's
    ("Scopone scientifico", "ai 21", "napola": the tournaments' "to %(target)d", whose
    Italian the target fits, "agli 11")."""
    parts = [rules.rule_set.name, gettext("to %(target)d", target=rules.target)]
    parts += variants_on(rules)
    if rules.asso_sweep is not AssoSweep.NOT_SCOPA:
        parts.append(gettext("an asso's sweep is a scopa"))
    if rules.asso_on_asso is not AssoOnAsso.TAKES_ASSO:
        parts.append(gettext("an asso takes all on an asso"))
    return parts


def setting_value(value: object) -> str:
    """A setting's value in words: on/off, a format's name, a sum setting's name, a number."""
    if isinstance(value, bool):
        return gettext("on") if value else gettext("off")
    if isinstance(value, Format):
        return format_label(value)
    if isinstance(value, SumChoice):
        return str(SUM_CHOICE_LABELS[value])
    if isinstance(value, RuleSet):
        return value.name
    if isinstance(value, AssoSweep):
        return str(ASSO_SWEEP_LABELS[value])
    if isinstance(value, AssoOnAsso):
        return str(ASSO_ON_ASSO_LABELS[value])
    return str(value)
