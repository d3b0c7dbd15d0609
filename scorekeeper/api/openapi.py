"""The OpenAPI 3.1 description of the scoring API, served at ``/api/v1/openapi.json``.

Written by hand from API.md (the contract); ``tests/web/test_api.py`` checks that
its examples really are what the API answers.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.api.schema import MAX_CARDS, MAX_NAME_LENGTH, MAX_SIDES, MIN_SIDES, RULE_KEYS
from scorekeeper.scoring import RULE_SETS, Category

CARD = {
    "type": "string",
    "description": "Value 1..10 then the suit letter D, C, B or S: 7D is the settebello. "
    "Case-insensitive in, upper case out.",
    "examples": ["7D", "10S"],
}
CARD_LIST = {"type": "array", "items": CARD, "maxItems": MAX_CARDS}
BY_SUIT = {
    "type": "object",
    "propertyNames": {"enum": ["D", "C", "B", "S"]},
    "description": "Only the suits present, by suit letter.",
}
NUMBER = {"type": "integer", "minimum": 0}
NULLABLE_NUMBER = {"type": ["integer", "null"]}
RULE_SET = {
    "type": "string",
    "enum": list(RULE_SETS),
    "default": "scopa",
    "description": "Optional, scopa by default. The rule set (RULES.md section 8): its deal "
    "decides the scope limits; a rule set played in pairs only seats 2 sides as pairs.",
    "examples": ["scopa-d-assi"],
}
CATEGORIES = [category.value for category in Category]


def _cards(text: str) -> list[str]:
    return text.split()


EXAMPLE_HAND = {
    "rules": {"napola": True, "re_bello": True},
    "sides": [
        {
            "name": "Anna",
            "cards": _cards("1D 2D 3D 5D 6D 7D 1C 2C 3C 4C 5C 6C 1B 2B 3B 4B 5B 2S 3S 4S 5S 8S"),
            "scope": 2,
        },
        {
            "name": "Bruno",
            "cards": _cards("4D 8D 9D 10D 7C 8C 9C 10C 6B 7B 8B 9B 10B 1S 6S 7S 9S 10S"),
            "scope": 0,
        },
    ],
}
#: The same cards as a hand of Scopa d'assi between two pairs: a rule set is asked for by
#: its key (an asso's sweep being a scopa or not is the table's count of scope).
EXAMPLE_D_ASSI = {
    "rule_set": "scopa-d-assi",
    "sides": [
        {**EXAMPLE_HAND["sides"][0], "name": "Anna e Carla"},  # type: ignore[index]
        {**EXAMPLE_HAND["sides"][1], "name": "Bruno e Dario"},  # type: ignore[index]
    ],
}

SCHEMAS: dict[str, Any] = {
    "Errors": {
        "type": "object",
        "required": ["errors"],
        "properties": {
            "errors": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["field", "message"],
                    "properties": {
                        "field": {
                            "type": "string",
                            "description": 'Path of the field, e.g. "sides[1].cards[4]" '
                            '("" for the request as a whole).',
                        },
                        "message": {
                            "type": "string",
                            "description": "What is wrong, in the request's language "
                            "(Accept-Language: it or en).",
                        },
                        "code": {
                            "type": "string",
                            "description": "Optional: for a check of the hand, what it "
                            'refused, e.g. "scope_table_split" (the scope do not fit the '
                            "plays of a hand: 17 + 1 with two players) or "
                            '"missing_cards".',
                        },
                    },
                },
            }
        },
        "example": {"errors": [{"field": "sides[1].cards[4]", "message": "'11D' is not a card"}]},
    },
    "ScoreRequest": {
        "type": "object",
        "required": ["sides"],
        "additionalProperties": False,
        "properties": {
            "rules": {
                "type": "object",
                "additionalProperties": False,
                "properties": {key: {"type": "boolean", "default": False} for key in RULE_KEYS},
            },
            "rule_set": RULE_SET,
            "sides": {
                "type": "array",
                "minItems": MIN_SIDES,
                "maxItems": MAX_SIDES,
                "description": "Together the sides' cards hold each of the 40 cards exactly once.",
                "items": {
                    "type": "object",
                    "required": ["cards"],
                    "additionalProperties": False,
                    "properties": {
                        "name": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": MAX_NAME_LENGTH,
                            "description": 'Defaults to "A", "B", ...',
                        },
                        "cards": CARD_LIST,
                        "scope": {**NUMBER, "default": 0},
                    },
                },
            },
        },
        "example": EXAMPLE_HAND,
    },
    "ScoreResponse": {
        "type": "object",
        "required": ["sides"],
        "properties": {
            "sides": {
                "type": "array",
                "description": "In the order sent.",
                "items": {
                    "type": "object",
                    "required": ["name", "points", "total", "detail"],
                    "properties": {
                        "name": {"type": "string"},
                        "points": {
                            "type": "object",
                            "required": list(CATEGORIES),
                            "properties": {key: NUMBER for key in CATEGORIES},
                            "description": "All seven categories, in this order; "
                            "a category switched off scores 0.",
                        },
                        "total": NUMBER,
                        "detail": {
                            "type": "object",
                            "required": [
                                "cards",
                                "denari",
                                "primiera",
                                "primiera_cards",
                                "napola_run",
                            ],
                            "properties": {
                                "cards": NUMBER,
                                "denari": NUMBER,
                                "primiera": {
                                    **NULLABLE_NUMBER,
                                    "description": "null when a suit is missing.",
                                },
                                "primiera_cards": {**BY_SUIT, "additionalProperties": CARD},
                                "napola_run": NUMBER,
                                "settebello": {"type": "boolean"},
                                "re_bello": {"type": "boolean"},
                                "scope": NUMBER,
                            },
                        },
                    },
                },
            },
            "awards": {
                "type": "object",
                "description": "Who took each category (side index or null) and why: "
                "most, tie, holder, run, none, off, count, won, nobody_complete.",
                "additionalProperties": {
                    "type": "object",
                    "properties": {
                        "winner": NULLABLE_NUMBER,
                        "reason": {"type": "string"},
                        "margin": NULLABLE_NUMBER,
                    },
                },
            },
            "rules": {
                "type": "object",
                "properties": {key: {"type": "boolean"} for key in RULE_KEYS},
            },
            "rule_set": RULE_SET,
        },
    },
    "PrimieraRequest": {
        "type": "object",
        "required": ["cards"],
        "additionalProperties": False,
        "properties": {"cards": CARD_LIST, "rule_set": RULE_SET},
        "example": {"cards": ["7D", "7C", "6B", "1S", "3S"]},
    },
    "PrimieraResponse": {
        "type": "object",
        "required": ["primiera", "complete", "best", "values"],
        "properties": {
            "primiera": {**NULLABLE_NUMBER, "description": "null when a suit is missing."},
            "complete": {"type": "boolean"},
            "best": {**BY_SUIT, "additionalProperties": CARD},
            "values": {**BY_SUIT, "additionalProperties": NUMBER},
        },
        "example": {
            "primiera": 76,
            "complete": True,
            "best": {"D": "7D", "C": "7C", "B": "6B", "S": "1S"},
            "values": {"D": 21, "C": 21, "B": 18, "S": 16},
        },
    },
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _errors(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ref("Errors")}}}


def _operation(
    summary: str, request: str, response: str, examples: dict[str, Any] | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {"schema": _ref(request)}
    if examples:
        body["examples"] = examples
    return {
        "post": {
            "summary": summary,
            "parameters": [
                {
                    "name": "Accept-Language",
                    "in": "header",
                    "required": False,
                    "schema": {"type": "string", "examples": ["it", "en"]},
                    "description": "Language of the error messages (Italian by default).",
                }
            ],
            "requestBody": {
                "required": True,
                "content": {"application/json": body},
            },
            "responses": {
                "200": {
                    "description": "Scored.",
                    "content": {"application/json": {"schema": _ref(response)}},
                },
                "400": _errors("Not JSON, not a JSON object, or a wrong content type."),
                "405": _errors("Only POST is accepted."),
                "413": _errors("The body is too large."),
                "422": _errors("Something in the body is invalid; every problem is listed."),
            },
        }
    }


def openapi_document() -> dict[str, Any]:
    """The whole OpenAPI 3.1 document."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Scorekeeper scoring API",
            "version": "1",
            "description": "Stateless scoring of Scopa hands: JSON in, JSON out, nothing stored.",
        },
        "paths": {
            "/api/v1/score": _operation(
                "Score one finished hand entered as cards",
                "ScoreRequest",
                "ScoreResponse",
                {
                    "scopa": {"summary": "Scopa with napola and re bello", "value": EXAMPLE_HAND},
                    "scopa-d-assi": {
                        "summary": "Scopa d'assi, two pairs (rule_set)",
                        "value": EXAMPLE_D_ASSI,
                    },
                },
            ),
            "/api/v1/primiera": _operation(
                "Primiera of any set of cards", "PrimieraRequest", "PrimieraResponse"
            ),
        },
        "components": {"schemas": SCHEMAS},
    }
