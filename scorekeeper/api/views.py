"""The stateless scoring API (API.md): JSON in, JSON out, nothing stored.

Every view reads the body with :func:`json_body`, checks it with
:mod:`scorekeeper.api.schema` and answers with :mod:`scorekeeper.api.services`.
Refusals are raised as :class:`ApiError` (or the scoring package's
``InvalidHand``) and turned into ``{"errors": [{"field", "message"}]}`` here.
The API uses no cookies or sessions for authorization, so it is exempt from CSRF.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from flask import Blueprint, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import BadRequest

from scorekeeper.api import services
from scorekeeper.api.openapi import EXAMPLE_HAND, openapi_document
from scorekeeper.api.schema import (
    ApiError,
    field_errors,
    parse_primiera_request,
    parse_score_request,
)
from scorekeeper.extensions import csrf, limiter
from scorekeeper.grammar import gettext as _
from scorekeeper.scoring import RULE_SETS, InvalidHand

bp = Blueprint("api", __name__, url_prefix="/api")
csrf.exempt(bp)
# Scoring is cheap, but a script in a loop should not starve the players' phones.
limiter.limit(lambda: str(current_app.config.get("API_RATE_LIMIT", "120/minute")))(bp)


@bp.errorhandler(ApiError)
def api_error(error: ApiError) -> ResponseReturnValue:
    """Answer a refused request with its field errors."""
    return jsonify({"errors": [e.as_json() for e in error.errors]}), error.status


@bp.errorhandler(InvalidHand)
def invalid_hand(error: InvalidHand) -> ResponseReturnValue:
    """A hand the scoring package refused (unknown, repeated or missing cards, scope): 422."""
    return api_error(ApiError(422, field_errors(error.errors)))


def json_body() -> Mapping[str, object]:
    """The request's JSON object; a 400 when it is not JSON or not an object."""
    if not request.is_json:
        message = _("send JSON, with the header Content-Type: application/json")
        raise ApiError.whole_request(400, message)
    try:
        body = request.get_json()
    except BadRequest:
        raise ApiError.whole_request(400, _("the request body is not valid JSON")) from None
    if not isinstance(body, dict):
        raise ApiError.whole_request(400, _("the request body must be a JSON object"))
    return body


@bp.post("/v1/score")
def score() -> ResponseReturnValue:
    """Score one finished hand entered as cards."""
    return jsonify(services.score_hand(parse_score_request(json_body())))


@bp.post("/v1/primiera")
def primiera() -> ResponseReturnValue:
    """The primiera of any set of cards."""
    return jsonify(services.primiera_of(parse_primiera_request(json_body())))


@bp.get("/v1/openapi.json")
def openapi() -> ResponseReturnValue:
    """The OpenAPI 3.1 description of the API."""
    return jsonify(openapi_document())


@bp.get("")
def docs() -> ResponseReturnValue:
    """The API's documentation for people, with curl examples."""
    return render_template(
        "api/docs.html", score_example=json.dumps(EXAMPLE_HAND), rule_set_keys=list(RULE_SETS)
    )
