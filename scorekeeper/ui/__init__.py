"""What every page of the app shares, below the blueprints and the games that use it.

- `grid`: the card grid, drawn by ``templates/_cards.html`` and read back from a request;
- `labels`: the words for the scoring package's settings, categories and reasons;
- `messages`: the scoring package's input errors in the user's language;
- `forms`: the base of every form (domain errors onto fields) and the empty button form;
- `widgets`: WTForms widgets drawn faster (the best-card pickers' options);
- `chart`: the SVG line charts (a game's totals, a player's rating);
- `redirects`: where a ``next`` parameter may send the browser (no open redirects);
- `text`: translated text that is never markup, and what a text or number may hold;
- `scoring_js`: the scoring package's constants written for the phone's scorer;
- `converters`: the URL converters (database-sized ints, segments without control
  characters).

Nothing here imports a blueprint or a game's services; the scoring package is below.
"""

from __future__ import annotations

from flask import Flask

from scorekeeper.grammar import and_list, decimal, euros, percent
from scorekeeper.ui.converters import CONVERTERS
from scorekeeper.ui.grid import card_name, deck_by_suit
from scorekeeper.ui.labels import (
    category_label,
    category_labels,
    declared_primiera,
    format_label,
    napoleone_reason,
    rule_set_shapes,
    rules_summary,
    side_reasons,
    variants_on,
)
from scorekeeper.ui.outbox import preview_texts, script_json
from scorekeeper.ui.scoring_js import scoring_js_command


def init_app(app: Flask) -> None:
    """Give every URL rule the app's converters (call it before any blueprint is
    registered), and every template the card grid's deck, card names, the hand's reasons,
    a format's name, the variants a game plays and the words of the phone's own preview
    (category names, error templates); ``script_json`` (a script's JSON, compact: the
    board's game data); the filters that write numbers in the page's
    language (``decimal``, ``percent``, ``euros``) and lists names ("Anna e Carla":
    ``and_list``); and the ``scoring-js`` command (the
    phone scorer's constants)."""
    app.url_map.converters.update(CONVERTERS)
    app.add_template_global(deck_by_suit)
    app.add_template_filter(card_name)
    app.add_template_filter(decimal)
    app.add_template_filter(percent)
    app.add_template_filter(euros)
    app.add_template_filter(and_list)
    app.add_template_global(side_reasons, "hand_reasons")
    app.add_template_global(napoleone_reason)
    app.add_template_global(declared_primiera)
    app.add_template_global(category_label)
    app.add_template_global(category_labels)
    app.add_template_global(format_label)
    app.add_template_global(variants_on)
    app.add_template_global(rules_summary)
    app.add_template_global(rule_set_shapes)
    app.add_template_global(preview_texts)
    app.add_template_filter(script_json)
    app.cli.add_command(scoring_js_command)
