"""The phone's scorer (``static/js/scoring.js``) agrees with the scoring package, case by case.

The cases (:mod:`tests.helpers.conformance`, seeded: the same every run) are written to
one JSON file, one ``node`` process scores them all with ``run_scorer.js``, and every
result must equal the package's: the points, totals and detail of ``HandScore.to_json()``,
or the same errors (field, code, params) in the same order; the state of a game after its
hands; the rules as read; quanto manca (``game_outlook``) at a game's totals. Without
``node`` the tests are skipped, except under CI=true, where that is a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskCliRunner

from scorekeeper.scoring import (
    FORMATS,
    MESSAGES,
    RULE_SETS,
    Claim,
    GameState,
    HandResult,
    HandScore,
    InvalidGame,
    InvalidHand,
    Rules,
    categories_in_play,
    game_outlook,
    read_entry,
)
from scorekeeper.ui.scoring_js import DATA_PATH, data, render
from tests.helpers.conformance import build

HERE = Path(__file__).resolve().parent
SCORER = DATA_PATH.parent / "scoring.js"
SEED = 11
HANDS, GAMES, RULES, OUTLOOKS = 20_000, 2_500, 600, 3_000
#: Codes no hand entry can raise: the stateless API's side count, the capture checker's.
NOT_FROM_ENTRIES = {"sides_count", "played_on_table"}
SHOWN = 5  # differences shown when the scorers disagree

Result = dict[str, Any]


def expected_hand(case: dict[str, Any]) -> Result:
    """What the package says of a hand case (as the runner's result)."""
    try:
        rules = Rules.from_json(case["rules"])
    except InvalidGame:
        return {"error": "invalid_game"}
    try:
        score = read_entry(case["mode"], case["entry"]).score(rules)
    except InvalidHand as error:
        errors = [
            {"field": e.field, "code": e.code, "params": dict(e.params)} for e in error.errors
        ]
        return {"ok": False, "errors": errors}
    return {"ok": True, **score.to_json()}


def expected_game(case: dict[str, Any]) -> Result:
    """What the package says of a game case: GameState.replay's state."""
    rules = Rules.from_json(case["rules"])
    hands: list[HandResult | HandScore]
    if "entries" in case:
        hands = [read_entry(e["mode"], e["entry"]).score(rules) for e in case["entries"]]
    else:
        hands = [
            HandResult(tuple(h))
            if isinstance(h, list)
            else HandResult(
                tuple(h["points"]),
                h["napoleone"],
                tuple(tuple(c) for c in h["byCategory"]) if "byCategory" in h else None,
            )
            for h in case["hands"]
        ]
    try:
        claims = [Claim.from_json(c) for c in case.get("claims", [])]
        state = GameState.replay(rules, case.get("firstDealer", 0), hands, claims)
    except InvalidGame:
        return {"error": "invalid_game"}
    return {
        "totals": list(state.totals),
        "running": [list(totals) for totals in state.running],
        "handsPlayed": state.hands_played,
        "finished": state.finished,
        "winner": state.winner,
        "decidedAfter": state.decided_after,
        "byNapoleone": state.by_napoleone,
        "spareggio": state.spareggio,
        "shortOfMargin": state.short_of_margin,
        "handsAfterEnd": state.hands_after_end,
        "nextHand": state.next_hand,
        "nextDealer": state.next_dealer,
        "nextFirstPlayer": state.next_first_player,
        "claims": [
            {**o.claim.to_json(), "total": o.total, "verdict": o.verdict.value}
            for o in state.claims
        ],
        "out": sorted(state.out),
        "pendingClaim": state.pending_claim.to_json() if state.pending_claim else None,
        "countedOut": None
        if state.counted_out is None
        else {
            "hand": state.counted_out.hand,
            "side": state.counted_out.side,
            "category": state.counted_out.category,
            "total": state.counted_out.total,
        },
    }


def expected_outlook(case: dict[str, Any]) -> list[Result]:
    """What the package says of quanto manca at a case's totals: each side's outlook,
    each closing set's categories in display order."""
    rules = Rules.from_json(case["rules"])
    played = categories_in_play(rules)
    return [
        {
            "side": outlook.side,
            "missing": outlook.missing,
            "closesWith": [[c.value for c in played if c in s] for s in outlook.closes_with],
        }
        for outlook in game_outlook(rules, case["totals"])
    ]


def expected_rules(case: object) -> Result:
    """What the package says of rules as JSON: all of them, or a refusal."""
    try:
        return Rules.from_json(case).to_json()
    except InvalidGame:
        return {"error": "invalid_game"}


@pytest.fixture(scope="module")
def node() -> str:
    """The node program: the tests are skipped without it, but fail under CI=true."""
    found = shutil.which("node")
    if found is None:
        reason = "node is not installed (the phone scorer's conformance test needs Node 20)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"cannot run under CI: {reason}", pytrace=False)
        pytest.skip(reason)
    return found


@pytest.fixture(scope="module")
def cases(corpus_share: int) -> dict[str, list[Any]]:
    """Every case, as the phone would hold it (through JSON, as the runner reads them);
    with ``--corpus quick`` a tenth as many, from the same seed."""
    sizes = (count // corpus_share for count in (HANDS, GAMES, RULES, OUTLOOKS))
    data: dict[str, list[Any]] = json.loads(json.dumps(build(SEED, *sizes)))
    return data


@pytest.fixture(scope="module")
def expected(cases: dict[str, list[Any]]) -> dict[str, list[Result]]:
    """The package's result for every case, through JSON."""
    results = {
        "hands": [expected_hand(c) for c in cases["hands"]],
        "games": [expected_game(c) for c in cases["games"]],
        "rules": [expected_rules(c) for c in cases["rules"]],
        "outlooks": [expected_outlook(c) for c in cases["outlooks"]],
    }
    data: dict[str, list[Result]] = json.loads(json.dumps(results))
    return data


@pytest.fixture(scope="module")
def scored(
    node: str, cases: dict[str, list[Any]], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, list[Result]]:
    """The phone scorer's result for every case: one node process for all of them."""
    folder = tmp_path_factory.mktemp("js-scorer")
    cases_path, results_path = folder / "cases.json", folder / "results.json"
    cases_path.write_text(json.dumps(cases), encoding="utf-8")
    command = [node, str(HERE / "run_scorer.js"), str(SCORER), str(cases_path), str(results_path)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"run_scorer.js failed:\n{done.stderr}"
    data: dict[str, list[Result]] = json.loads(results_path.read_text(encoding="utf-8"))
    return data


def _paths_differing(want: object, got: object, path: str = "") -> list[str]:
    """Where two JSON values differ: ``sides[0].detail.primiera: 81 != 80``."""
    if isinstance(want, dict) and isinstance(got, dict) and want.keys() == got.keys():
        return [d for key in want for d in _paths_differing(want[key], got[key], f"{path}.{key}")]
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        return [
            d
            for i, (w, g) in enumerate(zip(want, got, strict=True))
            for d in _paths_differing(w, g, f"{path}[{i}]")
        ]
    if want == got:
        return []
    return [
        f"{path.lstrip('.') or 'result'}: Python {json.dumps(want)}, JavaScript {json.dumps(got)}"
    ]


def _differences(kind: str, cases: list[Any], expected: list[Result], scored: list[Result]) -> str:
    """The first few cases where the scorers disagree, each with where they differ
    (``""`` when they agree on every case)."""
    assert len(scored) == len(expected), f"{kind}: {len(scored)} results for {len(expected)} cases"
    wrong = [i for i, (want, got) in enumerate(zip(expected, scored, strict=True)) if want != got]
    if not wrong:
        return ""
    shown = []
    for i in wrong[:SHOWN]:
        where = _paths_differing(expected[i], scored[i])
        shown.append(f"{kind}[{i}]: {json.dumps(cases[i])[:2000]}")
        shown += [f"    {line[:1000]}" for line in where[:SHOWN]]
    return f"{len(wrong)} of {len(expected)} {kind} differ; the first:\n" + "\n".join(shown)


@pytest.mark.usefixtures("node")  # first: without node, nothing is built for nothing
@pytest.mark.parametrize("kind", ["hands", "games", "rules", "outlooks"])
def test_the_phone_scores_as_the_package(
    kind: str,
    cases: dict[str, list[Any]],
    expected: dict[str, list[Result]],
    scored: dict[str, list[Result]],
    record_property: Callable[[str, object], None],
) -> None:
    """Every hand, game, rule set and outlook: the same result from JavaScript as from
    Python."""
    differences = _differences(kind, cases[kind], expected[kind], scored[kind])
    assert not differences, differences
    record_property("generated_cases", {f"conformance {kind}": len(cases[kind])})


def _has_forced_side(entry: dict[str, Any]) -> bool:
    """Whether a counts entry (as sent, maybe malformed) says nobody took the primiera,
    with three or four sides, one with denari and more than 20 cards outside them."""
    sides = entry.get("sides")
    if entry.get("primiera", 0) is not None or not isinstance(sides, list) or len(sides) < 3:
        return False
    try:
        return any(
            s["denari"] > 0 and s["cards"] - s["denari"] > 20 and s["primiera_cards"] is None
            for s in sides
        )
    except (TypeError, KeyError):
        return False


def test_the_cases_reach_every_check(
    cases: dict[str, list[Any]], expected: dict[str, list[Result]], corpus_share: int
) -> None:
    """The cases are worth their time: every error code an entry can raise, valid and
    invalid hands of every format in both modes and of every rule set, every variant,
    spareggi, napoleoni, outlooks that close the game in every way, won ones and ones
    nothing closes yet (as many of each in a tenth of the cases as a tenth of the full
    corpus's figures; every error code only in the full corpus)."""

    def at_least(count: int) -> int:
        return count // corpus_share

    codes = Counter(
        e["code"] for r in expected["hands"] if not r.get("ok", True) for e in r["errors"]
    )
    if corpus_share == 1:  # the rarest codes need the whole corpus
        assert set(MESSAGES) - NOT_FROM_ENTRIES - set(codes) == set()
    kinds = Counter(
        (c["rules"]["format"], c["mode"], r.get("ok"))
        for c, r in zip(cases["hands"], expected["hands"], strict=True)
    )
    for key in FORMATS:
        for mode in ("cards", "counts"):
            assert kinds[key, mode, True] >= at_least(200), (key, mode)
            assert kinds[key, mode, False] >= at_least(200), (key, mode)
    by_rule_set = Counter(
        (c["rules"].get("rule_set"), r.get("ok"))
        for c, r in zip(cases["hands"], expected["hands"], strict=True)
    )
    for key in RULE_SETS:  # every preset, valid hands and refused ones
        assert by_rule_set[key, True] >= at_least(200), key
        assert by_rule_set[key, False] >= at_least(200), key
    valid = [c for c, r in zip(cases["hands"], expected["hands"], strict=True) if r.get("ok")]
    for setting in ("napola", "napoleone", "re_bello"):
        assert sum(c["rules"][setting] for c in valid) >= at_least(1000), setting
    assert sum(r["napoleone"] is not None for r in expected["hands"] if r.get("ok")) >= at_least(50)
    scored_hands = [r for r in expected["hands"] if r.get("ok")]
    assert sum(any(s["points"]["napola"] for s in r["sides"]) for r in scored_hands) >= at_least(
        500
    )
    games = [
        (c["rules"]["target"], g)
        for c, g in zip(cases["games"], expected["games"], strict=True)
        if "error" not in g
    ]
    assert sum(g["spareggio"] for _, g in games) >= at_least(50)  # a game left level at the target
    spareggi = [  # a game that went through a spareggio before it ended
        g
        for target, g in games
        if any(max(t) >= target and t.count(max(t)) > 1 for t in g["running"])
    ]
    assert sum(g["finished"] for g in spareggi) >= at_least(200)
    games = [g for _, g in games]
    assert sum(g["finished"] and g["byNapoleone"] for g in games) >= at_least(20)
    assert sum(g["finished"] and g["handsAfterEnd"] > 0 for g in games) >= at_least(100)
    assert len(games) < len(expected["games"])
    # Nobody's primiera with three or four sides, one of them always holding four suits:
    # levelled at the top in some share-out (accepted), or in none (refused).
    forced = Counter(
        r.get("ok") or r["errors"][0]["code"]
        for c, r in zip(cases["hands"], expected["hands"], strict=True)
        if c["mode"] == "counts" and isinstance(c["entry"], dict) and _has_forced_side(c["entry"])
    )
    assert forced[True] >= at_least(100)
    assert forced["primiera_nobody"] >= at_least(100)
    judged = Counter(claim["verdict"] for g in games for claim in g["claims"])
    for verdict in ("wins", "loses_game", "loses_hand"):
        assert judged[verdict] >= at_least(100), verdict
    assert sum(g["countedOut"] is not None for g in games) >= at_least(50)
    assert sum(g["pendingClaim"] is not None for g in games) >= at_least(50)
    assert sum(bool(g["out"]) and not g["finished"] for g in games) >= at_least(10)
    # Two clear points: games left short of the margin, and games won after a stretch at
    # or over the target with a lead under it (15-14 before 17-14), by each end rule.
    with_margin = [
        (c, g)
        for c, g in zip(cases["games"], expected["games"], strict=True)
        if "error" not in g and c["rules"].get("margin", 1) > 1
    ]
    assert sum(g["shortOfMargin"] for _, g in with_margin) >= at_least(100)
    won_late = [
        (c, g)
        for c, g in with_margin
        if g["finished"]
        and any(
            max(t) >= c["rules"]["target"] and max(t) > sorted(t)[-2]
            for t in g["running"][: g["decidedAfter"] - 1]
        )
    ]
    assert len(won_late) >= at_least(60)
    assert sum(g["countedOut"] is not None for _, g in won_late) >= at_least(20)
    assert sum(
        claim["verdict"] != "wins" and claim["total"] >= c["rules"]["target"]
        for c, g in with_margin
        for claim in g["claims"]
    ) >= at_least(10)  # a claim at the target without the lead
    assert 0 < sum("error" in r for r in expected["rules"]) < len(expected["rules"])
    outlooks = list(zip(cases["outlooks"], expected["outlooks"], strict=True))
    closing = [
        (c, way) for c, r in outlooks for o in r for way in o["closesWith"]
    ]  # every kind of closing: by napola, under napoleone, with re bello, in threes
    assert sum("napola" in way for _, way in closing) >= at_least(100)
    assert sum("re_bello" in way for _, way in closing) >= at_least(100)
    assert sum(c["rules"]["napoleone"] for c, _ in closing) >= at_least(100)
    assert sum(c["rules"]["format"] != "2" for c, _ in closing) >= at_least(100)
    assert sum(not r for _, r in outlooks) >= at_least(50)  # won: no outlook
    assert sum(
        c["rules"]["margin"] > 1 and bool(r) and max(c["totals"]) >= c["rules"]["target"]
        for c, r in outlooks
    ) >= at_least(50)  # at the target, short of the margin: still an outlook
    assert sum(bool(r) and not any(o["closesWith"] for o in r) for _, r in outlooks) >= at_least(
        100
    )


def test_the_generated_constants_are_current() -> None:
    """scoring-data.js is what the generator writes from the package now (else run
    `flask --app scorekeeper scoring-js` and commit it)."""
    assert DATA_PATH.read_text(encoding="utf-8") == render()


def test_the_phone_has_the_error_templates_of_every_language() -> None:
    """The Italian templates come from the catalog (the phone loads them with the scorer,
    so no page carries them); those that read as the English ones are left out."""
    translated = data()["TRANSLATED_MESSAGES"]
    assert isinstance(translated, dict)
    assert translated["it"]["cards_total"] == "le carte sommano a %(total)s, non 40"
    assert set(translated["it"]) <= set(MESSAGES)


def test_the_command_checks_the_generated_file(runner: FlaskCliRunner) -> None:
    """`flask scoring-js --check` says the committed file is current."""
    result = runner.invoke(args=["scoring-js", "--check"])
    assert result.exit_code == 0, result.output
    assert "is current" in result.output
