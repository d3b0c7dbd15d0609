"""Views of the `accounts` blueprint: sign up, log in, log out (here or everywhere),
the account page and the password change."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from datetime import timedelta

from flask import (
    Blueprint,
    Flask,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import format_timedelta
from flask_limiter import RouteLimit
from flask_limiter.util import get_remote_address
from flask_login import current_user, login_required, login_user, logout_user

from scorekeeper import ratelimit
from scorekeeper.accounts import services
from scorekeeper.accounts.forms import LoginForm, PasswordForm, SignupForm
from scorekeeper.accounts.models import User, username_key
from scorekeeper.extensions import limiter, login_manager
from scorekeeper.grammar import gettext as _
from scorekeeper.ui.forms import ButtonForm
from scorekeeper.ui.redirects import safe_next
from scorekeeper.ui.text import lazy_gettext as _l

bp = Blueprint("accounts", __name__, url_prefix="/account")

# Failed log-ins only count: a good one, or one refused for its limit, gives its hits back.
#: Failed log-ins from one address for one username.
LOGIN_LIMITS = "5 per minute;20 per hour"
#: Failed log-ins from one address whatever the usernames (password spraying).
LOGIN_ADDRESS_LIMITS = "20 per minute;100 per day"
#: Failed log-ins for one username from every address together: loose, so that an
#: attacker needs several addresses for hours to lock the owner out, yet a botnet
#: cannot guess at will.
LOGIN_USERNAME_LIMITS = "100 per hour;1000 per day"
#: Sign-ups from one address, whatever their outcome (each costs an scrypt hash), on every
#: form that creates an account together (`limit_sign_ups`).
SIGNUP_LIMITS = "20 per hour;50 per day"


def init_app(app: Flask) -> None:
    """Bind Flask-Login and Flask-Limiter, set the cookie defaults, register the blueprint."""
    # The session cookie's settings are in create_app; the remember-me cookie follows them
    # (SESSION_COOKIE_SECURE is the one switch for Secure).
    app.config.setdefault("REMEMBER_COOKIE_SAMESITE", app.config["SESSION_COOKIE_SAMESITE"])
    app.config.setdefault("REMEMBER_COOKIE_HTTPONLY", True)
    app.config["REMEMBER_COOKIE_SECURE"] = app.config["SESSION_COOKIE_SECURE"]
    app.config.setdefault("PASSWORD_HASH_METHOD", "scrypt")
    login_manager.init_app(app)
    login_manager.login_view = "accounts.login"
    login_manager.login_message = _l("Log in to see this page.")
    login_manager.login_message_category = "info"
    login_manager.session_protection = "basic"
    app.register_blueprint(bp)


@login_manager.user_loader
def load_user(user_id: str) -> User | None:
    """The logged-in account from the id Flask-Login keeps (see `User.get_id`).

    None, so logged out, for a session that was ended (log out, log out everywhere,
    a new password), has expired, or never was (anything malformed, older ids).
    """
    return services.user_for_session(user_id)


def _log_in(user: User, remember: bool = False) -> None:
    """Log ``user`` in, in place of whoever this browser was logged in as.

    The session it replaces ends on the server (its cookies, and every copy of them,
    log nobody in any more), and the session cookie starts afresh (no value set before
    the log-in, by this browser or fixed by another, survives it); a remember-me cookie
    of the replaced session is cleared unless this log-in sets a new one.
    """
    if current_user.is_authenticated:
        services.end_session(_current_user().session_token)
    had_remember_cookie = (
        current_app.config.get("REMEMBER_COOKIE_NAME", "remember_token") in request.cookies
    )
    session.clear()
    services.start_session(user, remember)
    login_user(user, remember=remember)
    if not remember and had_remember_cookie:
        session["_remember"] = "clear"  # Flask-Login deletes the cookie with the response


def _current_user() -> User:
    user: User = current_user._get_current_object()
    return user


def _address_key() -> str:
    """Rate-limit key: the client's address (behind a proxy, see TRUSTED_PROXIES)."""
    return f"address:{get_remote_address()}"


def _username_key() -> str:
    """Rate-limit key: the username tried, any case (a digest: it is anything typed)."""
    typed = username_key(request.form.get("username", ""))
    return "username:" + hashlib.sha256(typed.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _address_and_username_key() -> str:
    """Rate-limit key: this address trying this username (so its owner elsewhere is free)."""
    return f"{_address_key()}|{_username_key()}"


def limit_sign_ups(exempt_when: Callable[[], bool] | None = None) -> RouteLimit:
    """The limit of `SIGNUP_LIMITS` on a view's POSTs: one budget per address for every form
    that creates an account (the sign-up page, an invitation opened logged out);
    ``exempt_when`` says when a POST creates none."""
    return limiter.shared_limit(
        SIGNUP_LIMITS,
        scope="signup",
        key_func=_address_key,
        methods=["POST"],
        exempt_when=exempt_when,
    )


def sign_up(form: SignupForm) -> User | None:
    """Create the account a valid sign-up form describes and log in with it; ``None``, with
    the reason on the username, when the name is taken (or looks like one that is)."""
    try:
        user = services.create_user(form.username.data or "", form.password.data or "")
    except services.UsernameLookalike:
        form.add_errors(
            {"username": [_("This username looks like an existing one. Choose another.")]}
        )
        return None
    except services.UsernameTaken:
        form.add_errors({"username": [_("This username is taken. Choose another.")]})
        return None
    _log_in(user)
    return user


@bp.route("/signup", methods=["GET", "POST"])
@limit_sign_ups()
def signup() -> ResponseReturnValue:
    """Create an account and log in with it."""
    form = SignupForm()
    if form.validate_on_submit():
        user = sign_up(form)
        if user is not None:
            flash(_("Welcome, %(name)s!", name=user.username), "success")
            return redirect(safe_next(request.args.get("next")))
    return render_template("accounts/signup.html", form=form), form.page_status


@bp.route("/login", methods=["GET", "POST"])
@limiter.limit(LOGIN_LIMITS, key_func=_address_and_username_key, methods=["POST"])
@limiter.limit(LOGIN_ADDRESS_LIMITS, key_func=_address_key, methods=["POST"])
@limiter.limit(LOGIN_USERNAME_LIMITS, key_func=_username_key, methods=["POST"])
def login() -> ResponseReturnValue:
    """Log in; failed attempts are rate-limited (see LOGIN_LIMITS and the two below it)."""
    form = LoginForm()
    if request.method == "GET":
        form.next.data = request.args.get("next", "")
    if form.validate_on_submit():
        user = services.authenticate(form.username.data or "", form.password.data or "")
        if user is not None:
            ratelimit.give_back()
            _log_in(user, remember=bool(form.remember.data))
            return redirect(safe_next(form.next.data))
        form.add_errors({"password": [_("Wrong username or password.")]})
    return render_template("accounts/login.html", form=form), form.page_status


def _wait() -> str:
    """How long until the limit that was hit lets this client try again, in words."""
    breached = limiter.current_limit
    seconds = breached.reset_at - time.time() if breached else 60
    return format_timedelta(timedelta(seconds=max(seconds, 1)), threshold=1.0)


@bp.errorhandler(429)
def too_many_attempts(_error: Exception) -> ResponseReturnValue:
    """A limit is hit: the form again, with the reason and the wait, not a bare error."""
    if request.endpoint == "accounts.signup":
        message = _("Too many new accounts from this address. Try again in %(wait)s.", wait=_wait())
        return render_template("accounts/signup.html", form=SignupForm(), blocked=message), 429
    ratelimit.give_back()  # a refused attempt tries no password, so it does not count
    form = LoginForm()
    form.password.data = ""
    message = _("Too many failed attempts. Try again in %(wait)s.", wait=_wait())
    return render_template("accounts/login.html", form=form, blocked=message), 429


@bp.post("/logout")
def logout() -> ResponseReturnValue:
    """Log out (a POST with CSRF token, so no other site can log you out).

    The session ends on the server: a copy of this browser's cookies no longer works.
    """
    form = ButtonForm()
    if form.validate_on_submit():
        if current_user.is_authenticated:
            services.end_session(_current_user().session_token)
        logout_user()
        flash(_("You are logged out."), "info")
    return redirect(url_for("main.index"))


@bp.get("/")
@login_required
def account() -> ResponseReturnValue:
    """The account page: who is logged in, on how many devices, and the ways out."""
    return render_template(
        "accounts/account.html", sessions=services.count_sessions(_current_user())
    )


@bp.post("/logout-everywhere")
@login_required
def logout_everywhere() -> ResponseReturnValue:
    """End every session and remember-me cookie of the account, this one included."""
    form = ButtonForm()
    if not form.validate_on_submit():
        return redirect(url_for("accounts.account"))
    services.end_every_session(_current_user())
    logout_user()
    flash(_("You are logged out on every device."), "info")
    return redirect(url_for("main.index"))


@bp.route("/password", methods=["GET", "POST"])
@login_required
def change_password() -> ResponseReturnValue:
    """Change the password of the logged-in account; its other sessions end."""
    form = PasswordForm()
    if form.validate_on_submit():
        user = _current_user()
        if services.change_password(user, form.current.data or "", form.password.data or ""):
            flash(_("Your password is changed."), "success")
            return redirect(url_for("main.index"))
        form.add_errors({"current": [_("This is not your current password.")]})
    return render_template("accounts/password.html", form=form), form.page_status
