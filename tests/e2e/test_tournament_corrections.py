"""Two phones on one match: the organiser and a helper type different results for the
same table on pages opened at the same time; the second to save is told the result
changed meanwhile, sees the stored one, keeps what it typed, and saves it knowingly.
The table's board names the tournament, group, round and table at its top.

Waiting is Playwright's auto-waiting `expect`, never a sleep.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from scorekeeper.accounts import services as accounts
from scorekeeper.tournaments import services
from scorekeeper.tournaments.games import table_edit_token
from scorekeeper.tournaments.models import Role, Structure
from tests.helpers import LiveServer
from tests.helpers.flows import sign_up
from tests.helpers.tournaments import EIGHT_PAIRS, GROUPS_THEN_FINAL, drawn


def _type_result(page: Page, match_id: int, first: int, second: int) -> None:
    """Open the match's result form and type the first side winning ``first`` to
    ``second`` (or losing, when ``second`` is the larger)."""
    match = page.locator(f"#match-{match_id}")
    match.locator("summary").click()
    match.locator('input[name="wins_first"]').fill("1" if first > second else "0")
    match.locator('input[name="wins_second"]').fill("0" if first > second else "1")
    match.locator('input[name="points_first"]').fill(str(first))
    match.locator('input[name="points_second"]').fill(str(second))


def test_two_phones_typing_one_matchs_result_never_overwrite_each_other_silently(
    make_phone: Callable[..., Page], live_server: LiveServer
) -> None:
    organiser = make_phone(locale="en-GB")
    sign_up(organiser, "organiser")
    helper = make_phone(locale="en-GB")
    sign_up(helper, "helper")
    app = live_server.app
    with app.test_request_context():
        owner = accounts.find_user("organiser")
        assert owner is not None
        t = drawn(owner, EIGHT_PAIRS, 7, Structure.GROUPS_KNOCKOUT, GROUPS_THEN_FINAL)
        helper_user = accounts.find_user("helper")
        assert helper_user is not None
        services.set_member(t, helper_user, Role.HELPER)
        first_round = services.start(t)
        match = next(m for m in services.matches(first_round) if m.group_index == 1)
        match_id, table = match.id, match.table_number
        token = table_edit_token(services.match_games(match)[0])
        rounds = f"/tournaments/{t.public_id}/rounds"

    board = make_phone(locale="en-GB", width=360)  # the table's phone: the sheet's QR
    board.goto(f"/g/{token}")
    label = board.locator("#game-label")
    expect(label).to_have_text(f"Torneo di San Rocco · Group B · Round 1 · Table {table}")
    box = label.bounding_box()
    assert box is not None
    assert box["height"] < 30  # one line at 360 px (the name shortened, the table shown)
    assert board.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")

    organiser.goto(rounds)
    helper.goto(rounds)
    _type_result(organiser, match_id, 11, 4)
    _type_result(helper, match_id, 6, 11)
    organiser.get_by_role("button", name="Save the result").first.click()
    expect(organiser.locator(".flash-success")).to_contain_text(
        f"Result saved: Torneo di San Rocco · Group B · Round 1 · Table {table}."
    )
    helper.locator(f"#match-{match_id}").get_by_role("button", name="Save the result").click()
    refused = helper.locator(f"#match-{match_id}")
    expect(refused.locator(".field-errors, .errors, [id^=result-errors]")).to_contain_text(
        "Meanwhile a different result was saved for this match"
    )
    expect(refused).to_contain_text("partite won 1–0, points 11–4")
    expect(refused.locator(".final-score")).to_have_text("11–4")
    expect(refused.locator('input[name="points_first"]')).to_have_value("6")
    expect(refused.locator('input[name="points_second"]')).to_have_value("11")
    refused.get_by_role("button", name="Save the result").click()
    expect(helper.locator(".flash-success")).to_contain_text("Result saved")
    expect(helper.locator(f"#match-{match_id} .final-score")).to_have_text("6–11")
