"""HTML templates are sent without their indentation, and nothing else changes."""

from __future__ import annotations

from jinja2 import DictLoader, Environment

from scorekeeper.ui.templating import CompactIndentation

PAGE = """<ul>
  {%- for name in names %}
    <li>{{ name }}</li>
  {%- endfor %}
</ul>
<p>{{ _("one
    message") }}</p>
<pre>
  kept
    as written</pre>
  <textarea>
  typed</textarea>
<p>
  again</p>"""


def render(name: str) -> str:
    env = Environment(loader=DictLoader({name: PAGE}), extensions=[CompactIndentation])
    env.globals["_"] = lambda text: text
    return env.get_template(name).render(names=["Anna\n   Bruno"])


def test_html_loses_its_indentation_but_not_its_values_pre_or_textarea() -> None:
    assert render("page.html") == (
        "<ul>\n<li>Anna\n   Bruno</li>\n</ul>\n<p>one\n    message</p>\n"
        "<pre>\n  kept\n    as written</pre>\n<textarea>\n  typed</textarea>\n<p>\nagain</p>"
    )


def test_other_templates_stay_as_written() -> None:
    assert "\n    <li>" in render("sw.js")
