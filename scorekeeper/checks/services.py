"""The checkers' use cases: read what the grid sent, ask the scoring package, report."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from typing import cast

from werkzeug.datastructures import MultiDict
from wtforms import Field

from scorekeeper.checks.forms import HandForm
from scorekeeper.grammar import Side, gettext
from scorekeeper.scoring import (
    COMMON_TARGETS,
    FORMATS,
    PRESETS,
    PRIMIERA_MAX,
    PRIMIERA_VALUES,
    RANK_NAMES,
    RULE_SETS,
    CaptureOptions,
    Card,
    CardsEntry,
    CountsEntry,
    ErrorCode,
    HandScore,
    InputError,
    InvalidHand,
    InvalidPlay,
    Pigliatutto,
    Primiera,
    PrimieraContest,
    Rules,
    SideCounts,
    SumChoice,
    captures,
    contest,
    parse_hand_cards,
    with_rest,
)
from scorekeeper.ui.grid import (
    GridSide,
    grid_sides,
    read_grid,
    side_labels,
    side_texts,
    upper_codes,
)
from scorekeeper.ui.labels import SETTING_LABELS, format_label, rule_set_label, setting_value
from scorekeeper.ui.messages import SidePath, error_message


@dataclass(frozen=True)
class PrimieraCheck:
    """What the primiera checker shows: the grid as sent and, when valid, each side's primiera.

    ``primiere`` is empty when the input was refused or no card was tapped;
    ``contest`` is set when two or more sides were compared.
    """

    grid: list[GridSide]
    labels: list[Side]
    piles: tuple[tuple[Card, ...], ...]
    primiere: tuple[Primiera, ...]
    contest: PrimieraContest | None


def side_names(count: int) -> list[str]:
    """The grid field of each side: ``s0``, ``s1``..."""
    return [f"s{i}" for i in range(count)]


def check_primiera(args: MultiDict[str, str], count: int) -> PrimieraCheck:
    """The primiera of each of ``count`` piles sent in ``args`` and who takes the point."""
    names = side_names(count)
    labels = side_labels(args, count)
    read = read_grid(args, names)
    grid = grid_sides(read, names, labels)
    if read.piles is None or read.empty:
        return PrimieraCheck(grid, labels, (), (), None)
    primiere = tuple(Primiera.of(pile) for pile in read.piles)
    result = contest(primiere) if count > 1 else None
    return PrimieraCheck(grid, labels, read.piles, primiere, result)


@dataclass(frozen=True)
class CaptureCheck:
    """What the capture checker shows: the grid as sent and, when valid, every legal capture.

    ``options`` is ``None`` until the table and exactly one played card are valid.
    """

    grid: list[GridSide]
    options: CaptureOptions | None
    played_missing: bool


TABLE, PLAYED = "table", "played"


def check_capture(
    args: MultiDict[str, str],
    sum_choice: SumChoice,
    last_play: bool,
    pigliatutto: Pigliatutto | None = None,
) -> CaptureCheck:
    """Every legal capture of the played card sent in ``args`` from the table sent with it,
    with asso pigliatutto when the rule set chosen plays it."""
    table_read, played_read = read_grid(args, [TABLE]), read_grid(args, [PLAYED])
    table_errors, played_errors = list(table_read.errors[0]), list(played_read.errors[0])
    options = None
    played = played_read.piles[0] if played_read.piles else ()
    if len(played) > 1:
        played_errors.append(gettext("Choose only one card played."))
    elif table_read.piles is not None and len(played) == 1:
        try:
            options = captures(
                table_read.piles[0],
                played[0],
                sum_choice,
                last_play=last_play,
                pigliatutto=pigliatutto,
            )
        except InvalidPlay as invalid:
            table_errors += [error_message(error) for error in invalid.errors]
    grid = [
        GridSide(TABLE, gettext("Table"), upper_codes(table_read.texts[0]), table_errors),
        GridSide(
            PLAYED,
            gettext("Played card"),
            upper_codes(played_read.texts[0]),
            played_errors,
            single=True,
        ),
    ]
    return CaptureCheck(grid, options, played_read.piles is not None and not played)


@dataclass
class HandCheck:
    """What the hand checker shows.

    ``score`` is the hand's :class:`HandScore` when every check passed; ``grid``
    the card grid (cards mode); ``errors`` the messages about a group of fields
    as a whole (``"cards"``, ``"denari"``, ``"settebello"``, ``"re_bello"``,
    ``"napola"``, ``"primiera"``, ``"grid"``); messages about one side's field
    are added to that form field's errors.
    """

    mode: str
    rules: Rules
    names: list[Side]
    grid: list[GridSide] = field(default_factory=list)
    errors: dict[str, list[str]] = field(default_factory=dict)
    score: HandScore | None = None
    started: bool = False

    def add(self, group: str, message: str) -> None:
        """Add a message about the group of fields ``group``."""
        self.errors.setdefault(group, []).append(message)


def check_hand(form: HandForm, args: MultiDict[str, str]) -> HandCheck:
    """Score the hand sent in ``args`` exactly as a game would, or say what is wrong with it."""
    for setting in (form.mode, form.format, *form.variant_fields()):
        setting.validate(form)
    rules = form.rules()
    mode = form.entry_mode
    check = HandCheck(mode, rules, side_labels(args, rules.sides))
    if mode == "cards":
        _check_by_cards(form, args, check)
    elif "cards0" in args:
        check.started = True
        _check_by_counts(form, check)
    return check


def _valid(form: HandForm, inputs: Iterable[Field]) -> bool:
    """Run the validators of ``inputs`` (each keeps its own messages)."""
    return all([field.validate(form) for field in inputs])


def _scope(form: HandForm, side: int) -> int:
    return form.side(side).scope.data or 0


def _check_by_cards(form: HandForm, args: MultiDict[str, str], check: HandCheck) -> None:
    """Read the grid (the last side may take "all the remaining cards") and score it."""
    fields = side_names(check.rules.sides)
    rest = args.get("rest") == "1"
    sent = fields[:-1] if rest else fields
    read = read_grid(args, sent)
    check.grid = grid_sides(read, sent, check.names[: len(sent)])
    piles = list(read.piles) if read.piles is not None else None
    if rest:
        last = upper_codes(side_texts(args, fields[-1]))
        if piles is not None:
            piles = with_rest(piles)
            last = frozenset(card.code for card in piles[-1])
        check.grid.append(GridSide(fields[-1], str(check.names[-1]), last))
    check.grid[-1] = replace(check.grid[-1], rest_name="rest", rest=rest)
    check.started = rest or not read.empty
    numbers_ok = _valid(form, [form.side(i).scope for i in range(check.rules.sides)])
    if piles is None or not numbers_ok or not check.started:
        return
    entry = CardsEntry.of(piles, [_scope(form, i) for i in range(len(piles))])
    try:
        check.score = entry.score(check.rules)
    except InvalidHand as invalid:
        _place_errors(form, check, invalid)


def _check_by_counts(form: HandForm, check: HandCheck) -> None:
    """Check each side's numbers, then score them (primiera from best cards or as entered)."""
    count = check.rules.sides
    sides = [form.side(i) for i in range(count)]
    numbers = [[side.cards, side.denari, side.scope] for side in sides]
    if check.rules.napola:
        numbers += [[side.napola_run] for side in sides]
    numbers_ok = _valid(form, [number for group in numbers for number in group])
    numbers_ok = all([side.require_counts() for side in sides]) and numbers_ok
    best = _best_cards(form, check)
    # Who took the primiera must be said (nobody is a choice), unless best cards decide it.
    no_winner = best is None and form.primiera.data not in [*map(str, range(count)), "none"]
    if no_winner:
        check.add("primiera", error_message(InputError(ErrorCode.PRIMIERA_WINNER, "primiera")))
    if not numbers_ok or best is False:
        return
    settebello = _holder(form.settebello.data)
    re_bello = _holder(form.re_bello_holder.data) if check.rules.re_bello else None
    counts = [
        SideCounts(
            cards=cast("int", side.cards.data),
            denari=cast("int", side.denari.data),
            settebello=settebello == i,
            re_bello=re_bello == i,
            napola_run=(side.napola_run.data or 0) if check.rules.napola else 0,
            scope=side.scope.data or 0,
            primiera_cards=best[i] if isinstance(best, list) else None,
        )
        for i, side in enumerate(sides)
    ]
    entry = CountsEntry(tuple(counts), None if best else _holder(form.primiera.data))
    try:
        check.score = entry.score(check.rules)
    except InvalidHand as invalid:
        _place_errors(form, check, invalid)
    if no_winner:
        check.score = None


def _holder(value: str | None) -> int | None:
    """A side number sent by a radio group, or ``None`` (nobody, or nothing chosen)."""
    return int(value) if value is not None and value.isdigit() else None


def _best_cards(form: HandForm, check: HandCheck) -> list[tuple[Card, ...] | None] | bool | None:
    """The best cards typed for each side: ``None`` when none were, ``False`` when refused."""
    fields = [form.side(i).best for i in range(check.rules.sides)]
    for best in fields:
        best.validate(form)
    texts = [best.data or "" for best in fields]
    if not any(text.strip() for text in texts):
        return None
    try:
        piles = parse_hand_cards([text.replace(",", " ").split() for text in texts])
    except InvalidHand as invalid:
        _place_errors(form, check, invalid)
        return False
    return [pile if texts[i].strip() else None for i, pile in enumerate(piles)]


def _place_errors(form: HandForm, check: HandCheck, invalid: InvalidHand) -> None:
    """Put each of the scoring package's messages next to the field it is about
    (`HandForm.error_field`), a card on the grid into that side's grid, the rest into
    their group (``"cards"``, ``"settebello"``...)."""
    for group, messages in form.add_input_errors(invalid.errors).items():
        side = SidePath.parse(group)
        if side is None:
            check.errors.setdefault(group, []).extend(messages)
        else:
            grid_side = check.grid[side.side]
            check.grid[side.side] = replace(grid_side, errors=(*grid_side.errors, *messages))


@dataclass(frozen=True)
class RulesPage:
    """What the rules page lists, all taken from the scoring package's own data.

    ``settings`` has one row per field of :class:`Rules` (name, what it does,
    default in words); ``cards`` one row per capture value (Italian and English
    rank names, capture value, primiera value); ``formats`` and ``presets`` every
    seating and named rule set; ``sum_choices`` every capture setting, and
    whether it is the default.
    """

    settings: list[tuple[str, str, str]]
    cards: list[tuple[str, str, int, int]]
    formats: list[tuple[str, int]]
    presets: list[tuple[str, str]]
    #: Every rule set (RULES.md section 8): its name and what it changes, in the page's
    #: language, and the most scope a hand of it holds at its first seating.
    rule_sets: list[tuple[str, str, int]]
    targets: tuple[int, ...]
    default_target: int
    primiera_max: int
    sum_choices: list[tuple[str, bool]]


def rules_page() -> RulesPage:
    """Gather the rules page from the scoring package (so page and code cannot drift apart)."""
    defaults = Rules()
    settings = []
    for setting in fields(Rules):
        name, description = SETTING_LABELS[setting.name]
        settings.append(
            (str(name), str(description), setting_value(getattr(defaults, setting.name)))
        )
    cards = [
        (italian, english, value, PRIMIERA_VALUES[value])
        for value, (italian, english) in sorted(RANK_NAMES.items())
    ]
    formats = [(format_label(fmt), fmt.cards_played_per_side) for fmt in FORMATS.values()]
    presets = [
        (preset.name, "; ".join(_preset_settings(preset.rules, defaults)))
        for preset in PRESETS.values()
    ]
    return RulesPage(
        settings=settings,
        cards=cards,
        formats=formats,
        presets=presets,
        rule_sets=[
            (
                chosen.name,
                rule_set_label(chosen),
                Rules(rule_set=chosen, format=FORMATS[chosen.default_format]).deal.scope_per_hand,
            )
            for chosen in RULE_SETS.values()
        ],
        targets=COMMON_TARGETS,
        default_target=defaults.target,
        primiera_max=PRIMIERA_MAX,
        sum_choices=[
            (setting_value(choice), choice is defaults.sum_choice) for choice in SumChoice
        ],
    )


def _preset_settings(rules: Rules, defaults: Rules) -> list[str]:
    """The settings of a preset, each as "name: value", the format first."""
    shown = []
    for setting in fields(Rules):
        value = getattr(rules, setting.name)
        if setting.name == "format" or value != getattr(defaults, setting.name):
            shown.append(f"{SETTING_LABELS[setting.name][0]}: {setting_value(value)}")
    return shown
