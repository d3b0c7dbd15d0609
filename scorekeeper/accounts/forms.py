"""Account forms: sign up, log in, change password (CSRF through Flask-WTF)."""

from __future__ import annotations

from wtforms import BooleanField, HiddenField, PasswordField, StringField
from wtforms.validators import EqualTo, InputRequired, Length, Regexp

from scorekeeper.accounts.models import USERNAME_MAX
from scorekeeper.ui.forms import AppForm
from scorekeeper.ui.text import lazy_gettext as _l

PASSWORD_MIN = 8
PASSWORD_MAX = 128


def _new_password(label: str) -> PasswordField:
    return PasswordField(
        label,
        validators=[
            InputRequired(message=_l("Choose a password.")),
            Length(
                min=PASSWORD_MIN,
                max=PASSWORD_MAX,
                message=_l(
                    "Between %(min)d and %(max)d characters.", min=PASSWORD_MIN, max=PASSWORD_MAX
                ),
            ),
        ],
        render_kw={"autocomplete": "new-password"},
    )


def _confirm(field: str) -> PasswordField:
    return PasswordField(
        _l("Password again"),
        validators=[
            InputRequired(message=_l("Type the password again.")),
            EqualTo(field, message=_l("The two passwords are different.")),
        ],
        render_kw={"autocomplete": "new-password"},
    )


class SignupForm(AppForm):
    """A new account: a username and a password typed twice."""

    username = StringField(
        _l("Username"),
        validators=[
            InputRequired(message=_l("Choose a username.")),
            Length(min=3, max=USERNAME_MAX, message=_l("Between 3 and 40 characters.")),
            Regexp(
                r"^[\w.\-]+$",
                message=_l("Letters, digits, dots, dashes and underscores only."),
            ),
        ],
        render_kw={"autocomplete": "username", "autocapitalize": "none"},
    )
    password = _new_password(_l("Password"))
    confirm = _confirm("password")


class LoginForm(AppForm):
    """Username and password; `next` is where to go afterwards (checked by `safe_next`)."""

    username = StringField(
        _l("Username"),
        validators=[InputRequired(message=_l("Type your username.")), Length(max=USERNAME_MAX)],
        render_kw={"autocomplete": "username", "autocapitalize": "none"},
    )
    password = PasswordField(
        _l("Password"),
        validators=[InputRequired(message=_l("Type your password.")), Length(max=PASSWORD_MAX)],
        render_kw={"autocomplete": "current-password"},
    )
    remember = BooleanField(_l("Stay logged in on this device"))
    next = HiddenField()


class PasswordForm(AppForm):
    """Change the password: the current one, then the new one twice."""

    current = PasswordField(
        _l("Current password"),
        validators=[
            InputRequired(message=_l("Type your current password.")),
            Length(max=PASSWORD_MAX),
        ],
        render_kw={"autocomplete": "current-password"},
    )
    password = _new_password(_l("New password"))
    confirm = _confirm("password")
