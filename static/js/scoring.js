/* The phone's scorer: points and totals without signal. A copy of the Python package
   scorekeeper/scoring, which stays the one authority (the server re-scores every hand it
   receives): ScopaScoring.scoreEntry(rules, mode, entry) scores a hand entry as
   read_entry(mode, entry).score(rules) does, giving HandScore.to_json() or the same
   errors (field, code, params); ScopaScoring.gameState(rules, hands, options) adds hands
   up as GameState.replay does; ScopaScoring.gameOutlook(rules, totals) says quanto manca
   as game_outlook does. Its constants come from scoring-data.js, generated from
   the Python package (load it first in a page; Node requires it). Kept in step by
   tests/conformance/test_js_scorer.py. No dependencies, no build step. */
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) {
    module.exports = factory(require("./scoring-data.js"));
  } else {
    root.ScopaScoring = factory(root.ScopaScoringData);
  }
}(typeof self !== "undefined" ? self : this, function (DATA) {
  "use strict";

  const N = DATA.CARDS_PER_SUIT;
  const DECK = DATA.DECK;
  const SUITS = DATA.SUITS;
  const FORMATS = DATA.FORMATS;
  const R = DATA.REASONS;
  const KEYS = DATA.ENTRY_KEYS;
  const ALL_SUIT = (1 << N) - 1;
  const INDEX = {};
  DECK.forEach(function (code, i) { INDEX[code] = i; });
  const SEVEN = INDEX[DATA.SETTEBELLO];
  const RE = INDEX[DATA.RE_BELLO];
  const SEVEN_VALUE = SEVEN % N + 1;

  // ------------------------------------------------------------------ cards and primiera

  function valueOf(index) { return index % N + 1; }
  function suitOf(index) { return Math.floor(index / N); }
  function pv(value) { return DATA.PRIMIERA_VALUES[String(value)]; }

  function popcount(slice) {
    let count = 0;
    for (; slice; slice &= slice - 1) count++;
    return count;
  }

  // For each 10-bit suit slice: the capture value of the card that counts (0: empty),
  // its primiera value (-256 when empty, so a sum of four is negative when a suit is
  // missing), and the napola run it makes (the unbroken run from the asso, if 3 or more).
  const SLICE_BEST = [];
  const SLICE_PRIMIERA = [];
  const NAPOLA_RUNS = [];
  for (let slice = 0; slice <= ALL_SUIT; slice++) {
    let best = 0;
    for (const value of DATA.PRIMIERA_ORDER) {
      if (slice >> (value - 1) & 1) { best = value; break; }
    }
    SLICE_BEST.push(best);
    SLICE_PRIMIERA.push(best ? pv(best) : -256);
    let run = 0;
    while (slice >> run & 1) run++;
    NAPOLA_RUNS.push(run >= DATA.NAPOLA_MIN ? run : 0);
  }
  // For each capture value: the slice of the cards of a suit worth no more in the primiera.
  const WORTH_AT_MOST = [0];
  for (let value = 1; value <= N; value++) {
    let slice = 0;
    for (let other = 1; other <= N; other++) if (pv(other) <= pv(value)) slice |= 1 << (other - 1);
    WORTH_AT_MOST.push(slice);
  }

  function charClass(chars) {
    let out = "";
    for (const c of chars) out += "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
    return "[" + out + "]";
  }
  const SPACE = charClass(DATA.NOTATION_SPACE) + "*";
  const LETTERS = SUITS.map(function (s) { return s.letter; }).join("");
  const NOTATION = new RegExp(
    "^" + SPACE + "(10|[1-9])" + SPACE + "(" +
    charClass(LETTERS + LETTERS.toLowerCase() + Object.keys(DATA.NOTATION_FOLDS).join("")) +
    ")" + SPACE + "$");

  /** The index (0..39 in DATA.DECK) of the card a text names ("7D", " 10s "), or null. */
  function parseCard(text) {
    if (typeof text !== "string") return null;
    const match = NOTATION.exec(text);
    if (match === null) return null;
    const letter = DATA.NOTATION_FOLDS[match[2]] || match[2].toUpperCase();
    return INDEX[match[1] + letter];
  }

  function codes(slice) {  // the denari of a slice, as a message lists them: "2D, 8D"
    const out = [];
    for (let i = 0; i < N; i++) if (slice >> i & 1) out.push(DECK[i]);
    return out.join(", ");
  }

  // ------------------------------------------------------------------ errors

  function InvalidHand(errors) { this.errors = errors; }

  class InvalidGame extends Error {
    constructor(message) { super(message); this.name = "InvalidGame"; }
  }

  function error(code, field, params) {
    return { field: field, code: code, params: params || {} };
  }

  function fail(errors) { if (errors.length) throw new InvalidHand(errors); }

  /** The English message of an error, or its message in `templates` (code -> template);
      a message that says a count (DATA.PLURALS) takes for any count but 1 its other form,
      from `plurals` (code -> template) or the English one. */
  function message(err, templates, plurals) {
    const counted = (DATA.PLURALS || {})[err.code];
    let template = (templates || DATA.MESSAGES)[err.code];
    if (counted && Number(err.params[counted[0]]) !== 1) template = (plurals || {})[err.code] || counted[1];
    return template.replace(/%\((\w+)\)s/g, function (_, name) { return String(err.params[name]); });
  }

  // Values quoted in messages as Python quotes them (json.dumps, str), so that the phone
  // and the server say the same.
  function pyString(text) {
    let out = "\"";
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const short = { 34: "\\\"", 92: "\\\\", 8: "\\b", 12: "\\f", 10: "\\n", 13: "\\r", 9: "\\t" }[c];
      if (short) out += short;
      else if (c < 0x20 || c > 0x7e) out += "\\u" + c.toString(16).padStart(4, "0");
      else out += text[i];
    }
    return out + "\"";
  }

  function pyNumber(number) {
    if (Number.isInteger(number)) return String(number);
    const [mantissa, exponent] = number.toExponential().split("e");
    const e = Number(exponent);
    if (e < -4 || e >= 16) return mantissa + "e" + (e < 0 ? "-" : "+") + String(Math.abs(e)).padStart(2, "0");
    return String(number);
  }

  function pyJson(value) {
    if (value === null || value === undefined) return "null";
    if (typeof value === "boolean") return value ? "true" : "false";
    if (typeof value === "number") return pyNumber(value);
    if (typeof value === "string") return pyString(value);
    if (Array.isArray(value)) return "[" + value.map(pyJson).join(", ") + "]";
    return "{" + Object.keys(value).map(function (k) {
      return pyString(k) + ": " + pyJson(value[k]);
    }).join(", ") + "}";
  }

  function pyText(value) { return typeof value === "string" ? value : pyJson(value); }

  function pyStr(value) {
    if (value === null || value === undefined) return "None";
    if (typeof value === "boolean") return value ? "True" : "False";
    if (typeof value === "number") return pyNumber(value);
    return typeof value === "string" ? value : pyJson(value);
  }

  // ------------------------------------------------------------------ rules

  function own(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  function isObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }
  function isWhole(value) { return typeof value === "number" && Number.isInteger(value); }

  const SETTING_CHECKS = {
    format: function (v) { return typeof v === "string" && own(FORMATS, v); },
    target: isWhole,
    margin: function (v) { return isWhole(v) && v >= DATA.MARGIN_RANGE[0] && v <= DATA.MARGIN_RANGE[1]; },
    sum_choice: function (v) { return DATA.SUM_CHOICES.indexOf(v) >= 0; },
    rule_set: function (v) { return typeof v === "string" && own(DATA.RULE_SETS, v); },
    asso_sweep: function (v) { return DATA.ASSO_SWEEPS.indexOf(v) >= 0; },
    asso_on_asso: function (v) { return DATA.ASSO_ON_ASSO.indexOf(v) >= 0; },
  };
  DATA.VARIANTS.forEach(function (name) {
    SETTING_CHECKS[name] = function (v) { return typeof v === "boolean"; };
  });

  /** Rules.from_json: the rules' JSON with every setting (defaults filled in); throws
      InvalidGame for an unknown key, format or sum choice, a wrong type, a target out of
      range. */
  function readRules(json) {
    if (!isObject(json)) throw new InvalidGame("rules must be a JSON object");
    const unknown = Object.keys(json).filter(function (k) { return !own(DATA.DEFAULT_RULES, k); });
    if (unknown.length) throw new InvalidGame("unknown rules " + unknown.sort().join(", "));
    const rules = {};
    for (const name of Object.keys(DATA.DEFAULT_RULES)) {
      const value = own(json, name) ? json[name] : DATA.DEFAULT_RULES[name];
      const check = SETTING_CHECKS[name] || function () { return true; };
      if (!check(value)) throw new InvalidGame(name + ": " + pyJson(value) + " is not allowed");
      rules[name] = value;
    }
    // A rule set's own defaults for what is left out: its seating and its target.
    const ruleSet = DATA.RULE_SETS[rules.rule_set];
    if (!own(json, "format")) rules.format = ruleSet.default_format;
    if (!own(json, "target")) rules.target = ruleSet.default_target;
    if (rules.target < DATA.TARGET_RANGE[0] || rules.target > DATA.TARGET_RANGE[1]) {
      throw new InvalidGame(rules.target + " is not a target in range");
    }
    if (ruleSet.formats.indexOf(rules.format) < 0) {
      throw new InvalidGame(ruleSet.name + " is not played by format " + pyJson(rules.format));
    }
    if (ruleSet.capture !== "asso-pigliatutto" &&
        (rules.asso_sweep !== DATA.DEFAULT_RULES.asso_sweep ||
         rules.asso_on_asso !== DATA.DEFAULT_RULES.asso_on_asso)) {
      throw new InvalidGame(ruleSet.name + " has no asso pigliatutto");
    }
    return rules;
  }

  /** The seating of `rules` (FORMATS: Scopa's deal) with its rule set's deal there when
      it deals otherwise: the plays of a hand, the cards a side plays, the scope limits
      (Rules.deal). */
  function seating(rules) {
    return Object.assign({}, FORMATS[rules.format], DATA.RULE_SETS[rules.rule_set].deals[rules.format] || {});
  }

  // ------------------------------------------------------------------ reading an entry

  class Reader {
    constructor() { this.errors = []; }

    isObject(value, where, keys, optional) {
      if (!isObject(value)) {
        this.errors.push(error("not_an_object", where));
        return false;
      }
      const prefix = where ? where + "." : "";
      for (const key of Object.keys(value)) {
        if (keys.indexOf(key) < 0) this.errors.push(error("unknown_field", prefix + key, { name: key }));
      }
      for (const key of keys) {  // sorted
        if (optional.indexOf(key) < 0 && !own(value, key)) this.errors.push(error("required", prefix + key));
      }
      return true;
    }

    sides(data) {
      if (Array.isArray(data.sides)) return data.sides;
      if (own(data, "sides")) this.errors.push(error("not_a_side_list", "sides"));
      return [];
    }

    wholeNumber(value, where) {
      if (isWhole(value)) return value;
      this.errors.push(error("not_whole_number", where, { text: pyText(value) }));
      return 0;
    }

    flag(value, where) {
      if (typeof value === "boolean") return value;
      this.errors.push(error("not_true_false", where));
      return false;
    }

    cardList(value, where) {
      if (Array.isArray(value)) return value;
      this.errors.push(error("not_a_card_list", where));
      return [];
    }
  }

  function parsePiles(texts) {  // each side's cards (indices), and every bad or repeated card
    const errors = [];
    const taken = [];
    const piles = texts.map(function (pile, i) {
      const cards = [];
      pile.forEach(function (text, j) {
        const where = "sides[" + i + "].cards[" + j + "]";
        const card = parseCard(text);
        if (card === null) {
          errors.push(error("not_a_card", where, { text: pyText(text) }));
        } else if (taken[card]) {
          errors.push(error("duplicate_card", where, { card: DECK[card] }));
        } else {
          taken[card] = true;
          cards.push(card);
        }
      });
      return cards;
    });
    return { piles: piles, errors: errors };
  }

  function readCards(data) {
    const reader = new Reader();
    if (!reader.isObject(data, "", KEYS.cards, [])) fail(reader.errors);
    const texts = [];
    const scopes = [];
    reader.sides(data).forEach(function (side, i) {
      const where = "sides[" + i + "]";
      let pile = [];
      let scope = 0;
      if (reader.isObject(side, where, KEYS.cards_side, [])) {
        if (own(side, "cards")) pile = reader.cardList(side.cards, where + ".cards");
        if (own(side, "scope")) scope = reader.wholeNumber(side.scope, where + ".scope");
      }
      texts.push(pile);
      scopes.push(scope);
    });
    const parsed = parsePiles(texts);
    fail(reader.errors.concat(parsed.errors));
    return parsed.piles.map(function (cards, i) { return { cards: cards, scope: scopes[i] }; });
  }

  function readCounts(data) {
    const reader = new Reader();
    if (!reader.isObject(data, "", KEYS.counts, KEYS.optional)) fail(reader.errors);
    const sides = reader.sides(data).map(function (side, i) { return readSideCounts(reader, i, side); });
    let winner = own(data, "primiera") ? data.primiera : null;
    if (winner !== null && !isWhole(winner)) {
      reader.errors.push(error("primiera_winner", "primiera"));
      winner = null;
    }
    fail(reader.errors);
    return { sides: sides, primiera: winner };
  }

  function readSideCounts(reader, i, side) {
    const where = "sides[" + i + "]";
    const counts = {
      cards: 0, denari: 0, settebello: false, re_bello: false, napola_run: 0, scope: 0,
      primiera_cards: null,
    };
    if (!reader.isObject(side, where, KEYS.counts_side, KEYS.optional)) return counts;
    for (const name of ["cards", "denari", "napola_run", "scope"]) {
      if (own(side, name)) counts[name] = reader.wholeNumber(side[name], where + "." + name);
    }
    for (const name of ["settebello", "re_bello"]) {
      if (own(side, name)) counts[name] = reader.flag(side[name], where + "." + name);
    }
    const texts = own(side, "primiera_cards") ? side.primiera_cards : null;
    if (texts !== null) {
      counts.primiera_cards = [];
      reader.cardList(texts, where + ".primiera_cards").forEach(function (text, j) {
        const card = parseCard(text);
        if (card === null) {
          reader.errors.push(error("not_a_card", where + ".primiera_cards[" + j + "]", { text: pyText(text) }));
        } else {
          counts.primiera_cards.push(card);
        }
      });
    }
    return counts;
  }

  // ------------------------------------------------------------------ checks (RULES.md 6)

  function sideCountErrors(format, sides) {
    if (sides.length === format.sides) return [];
    return [error("sides_mismatch", "sides", { expected: format.sides, count: sides.length })];
  }

  function sideScopeMaximum(format, cards) {
    return Math.min(format.cards_played_per_side, Math.floor(cards / 2));
  }

  function scopeErrors(format, i, scope, cards) {
    const where = "sides[" + i + "].scope";
    if (!isWhole(scope)) return [error("not_whole_number", where, { text: pyStr(scope) })];
    const maximum = sideScopeMaximum(format, cards);
    if (scope >= 0 && scope <= maximum) return [];
    if (scope < 0) return [error("negative", where)];
    return [error("scope_too_many", where, { maximum: maximum })];
  }

  // The scope of the whole table (scoring/validate.py table_scope_errors): at most
  // scope_per_hand in all, and nowhere above one of the format's scope_limits, the
  // maximal scope the plays of a hand hold (scoring/deal.py): 17 + 1 is not a hand.
  function below(scopes, limit) {
    return scopes.every(function (n, i) { return n <= limit[i]; });
  }

  function tableScopeErrors(format, scopes) {
    const total = scopes.reduce(function (t, n) { return t + n; }, 0);
    const maximum = format.scope_per_hand;
    if (total > maximum) return [error("scope_table_too_many", "scope", { total: total, maximum: maximum })];
    if (format.scope_limits.some(function (limit) { return below(scopes, limit); })) return [];
    let most = 0;
    for (const limit of format.scope_limits) {
      most = Math.max(most, scopes.reduce(function (t, n, i) { return t + Math.min(n, limit[i]); }, 0));
    }
    return [error("scope_table_split", "scope", { total: total, maximum: most })];
  }

  function validateCards(format, sides) {
    fail(sideCountErrors(format, sides));
    // The parsed entry holds no card twice; its scope and the deck remain.
    let errors = [];
    let valid = true;
    sides.forEach(function (side, i) {
      const found = scopeErrors(format, i, side.scope, side.cards.length);
      if (found.length) valid = false;
      errors = errors.concat(found);
    });
    if (valid) errors = errors.concat(tableScopeErrors(format, sides.map(function (side) { return side.scope; })));
    const taken = [];
    sides.forEach(function (side) { side.cards.forEach(function (card) { taken[card] = true; }); });
    const missing = DECK.filter(function (code, index) { return !taken[index]; });
    if (missing.length) {
      errors.push(error("missing_cards", "sides", { count: missing.length, cards: missing.join(", ") }));
    }
    fail(errors);
    fail(sweepErrors(format, sides.map(function (s) { return s.scope; }), sides.map(function (s) { return s.cards.length; })));
  }

  /** validate.sweep_errors: a side that made a scopa on every one of its plays leaves the
      next side in seat order no cards at all; every side that took cards had a play on
      which it could (captureErrors). */
  function sweepErrors(format, scope, cards) {
    const plays = format.cards_played_per_side, n = scope.length, errors = [];
    for (let i = 0; i < n; i++) {
      if (scope[i] === plays && cards[(i + 1) % n] > 0) {
        errors.push(error("scope_every_play", "sides[" + (i + 1) % n + "].cards", { plays: plays }));
      }
    }
    return errors.length ? errors : captureErrors(format, scope, cards);
  }

  /** validate.capture_errors: the sides that took cards with no play to take them on. */
  function captureErrors(format, scope, cards) {
    let takers = 0;
    cards.forEach(function (count, i) { if (count) takers |= 1 << i; });
    const fit = function (mask) { return capturesFit(format.plays, format.table_cards, scope, mask); };
    if (fit(takers)) return [];
    const plain = [];
    cards.forEach(function (count, i) { if (count && !scope[i]) plain.push(i); });
    let culprits = plain.filter(function (i) { return fit(takers & ~(1 << i)); });
    if (!culprits.length) culprits = plain;
    return culprits.map(function (i) { return error("cards_no_capture", "sides[" + i + "].cards", {}); });
  }

  /** deal.captures_fit: the plays hold the scope with exactly the sides of `takers` taking
      cards; the table read as empty (0), one card (1) or more (2). */
  const CAPTURES_FIT = new Map();
  function capturesFit(plays, tableCards, scope, takers) {
    const key = [plays, tableCards, scope.join(","), takers].join("|");
    if (!CAPTURES_FIT.has(key)) {
      let found = false;
      for (let first = 0; first < scope.length && !found; first++) {
        found = capturesWalk(plays, tableCards ? 2 : 0, scope, takers, first);
      }
      CAPTURES_FIT.set(key, found);
    }
    return CAPTURES_FIT.get(key);
  }

  function capturesWalk(plays, start, scope, takers, first) {
    const sides = scope.length, failed = new Set();
    const left = [scope.map(function () { return 0; })];  // left[j]: scopa plays of each side from plays - j on
    for (let k = plays - 1; k >= 0; k--) {
      const row = left[0].slice();
      if (k <= plays - 2) row[(first + k) % sides]++;
      left.unshift(row);
    }
    function walk(k, table, done, took) {
      if (k === plays) return took === takers && done.every(function (d, i) { return d === scope[i]; });
      if (scope.some(function (s, i) { return s - done[i] > left[k][i]; })) return false;
      const key = k + "|" + table + "|" + done.join(",") + "|" + took;
      if (failed.has(key)) return false;
      const side = (first + k) % sides, me = took | 1 << side, moves = [];
      if (takers >> side & 1 && table && k === plays - 1) {
        moves.push([0, done, me]);
      } else if (takers >> side & 1 && table) {
        if (done[side] < scope[side]) {
          const more = done.slice();
          more[side]++;
          moves.push([0, more, me]);
        }
        if (table === 2) moves.push([1, done, me], [2, done, me]);
      }
      moves.push([Math.min(table + 1, 2), done, took]);
      for (const move of moves) if (walk(k + 1, move[0], move[1], move[2])) return true;
      failed.add(key);
      return false;
    }
    return walk(0, start, scope.map(function () { return 0; }), 0);
  }

  function checkCountsSweeps(rules, format, sides) {  // a side took one card: none or two at least
    const lone = [];
    sides.forEach(function (s, i) { if (s.cards === 1) lone.push(error("cards_one", "sides[" + i + "].cards", {})); });
    if (lone.length) return lone;
    return sweepErrors(format, sides.map(function (s) { return s.scope; }), sides.map(function (s) { return s.cards; }));
  }

  /** validate.check_primiera_winner_suits: the side said to take the primiera can hold all
      four suits (a denaro and three other cards). */
  function checkPrimieraWinnerSuits(rules, format, sides, winner) {
    if (winner === null || winner === undefined) return [];
    if (sides.some(function (side) { return side.primiera_cards !== null; })) return [];
    const side = sides[winner];
    if (side.denari >= 1 && side.cards - side.denari >= SUITS.length - 1) return [];
    return [error("primiera_winner_suits", "primiera", {})];
  }

  function denariHeld(rules, side) {  // the denari (a slice) a side is known to hold
    let mask = (1 << side.napola_run) - 1;
    if (side.settebello) mask |= 1 << SEVEN;
    if (rules.re_bello && side.re_bello) mask |= 1 << RE;
    return mask;
  }

  function bestDenaro(side) {
    for (const card of side.primiera_cards || []) if (card < N) return card;
    return null;
  }

  function checkCountNumbers(rules, format, sides) {
    const errors = [];
    sides.forEach(function (side, i) {
      for (const [name, top, code] of [["cards", DATA.DECK_SIZE, "cards_range"], ["denari", DATA.DENARI_IN_DECK, "denari_range"]]) {
        const where = "sides[" + i + "]." + name;
        const value = side[name];
        if (!isWhole(value)) errors.push(error("not_whole_number", where, { text: pyStr(value) }));
        else if (value < 0 || value > top) errors.push(error(code, where));
      }
    });
    return errors;
  }

  function checkTotals(rules, format, sides) {
    const errors = [];
    const cards = sides.reduce(function (t, s) { return t + s.cards; }, 0);
    if (cards !== DATA.DECK_SIZE) errors.push(error("cards_total", "cards", { total: cards }));
    const denari = sides.reduce(function (t, s) { return t + s.denari; }, 0);
    if (denari !== DATA.DENARI_IN_DECK) errors.push(error("denari_total", "denari", { total: denari }));
    return errors;
  }

  function checkEachSide(rules, format, sides) {
    let errors = [];
    sides.forEach(function (side, i) {
      if (side.denari > side.cards) {
        errors.push(error("denari_exceed_cards", "sides[" + i + "].denari", { denari: side.denari, cards: side.cards }));
      }
      errors = errors.concat(scopeErrors(format, i, side.scope, side.cards));
    });
    return errors;
  }

  function checkTableScope(rules, format, sides) {
    for (const side of sides) {
      if (!isWhole(side.scope) || side.scope < 0 || side.scope > sideScopeMaximum(format, side.cards)) return [];
    }
    return tableScopeErrors(format, sides.map(function (side) { return side.scope; }));
  }

  function holdersOf(sides, name) {
    const holders = [];
    sides.forEach(function (side, i) { if (side[name]) holders.push(i); });
    return holders;
  }

  function checkSettebello(rules, format, sides) {
    const holders = holdersOf(sides, "settebello");
    if (holders.length !== 1) return [error("settebello_count", "settebello", { count: holders.length })];
    if (sides[holders[0]].denari < 1) return [error("settebello_without_denari", "sides[" + holders[0] + "].settebello")];
    return [];
  }

  function checkReBello(rules, format, sides) {
    const holders = holdersOf(sides, "re_bello");
    if (!rules.re_bello) return holders.map(function (i) { return error("re_bello_off", "sides[" + i + "].re_bello"); });
    if (holders.length !== 1) return [error("re_bello_count", "re_bello", { count: holders.length })];
    const holder = sides[holders[0]];
    const minimum = holder.settebello ? 2 : 1;
    if (holder.denari < minimum) {
      return [error("re_bello_without_denari", "sides[" + holders[0] + "].re_bello", { minimum: minimum })];
    }
    return [];
  }

  function checkNapola(rules, format, sides) {
    const errors = [];
    const scorers = [];
    sides.forEach(function (side, i) {
      const run = side.napola_run;
      const where = "sides[" + i + "].napola_run";
      if (!isWhole(run)) {
        errors.push(error("not_whole_number", where, { text: pyStr(run) }));
        return;
      }
      if (run === 0) {
        if (rules.napola && side.denari === DATA.DENARI_IN_DECK) errors.push(allDenari(where));
        return;
      }
      if (!rules.napola) {
        errors.push(error("napola_off", where));
        return;
      }
      scorers.push(i);
      const found = napolaRunError(rules, side, where);
      if (found !== null) errors.push(found);
    });
    if (scorers.length > 1) errors.push(error("napola_sides", "napola"));
    return errors;
  }

  function allDenari(where) {  // all ten denari, a run other than 10: its napola is 10
    return error("napola_all_denari", where, { run: DATA.DENARI_IN_DECK });
  }

  // Every napola ([side, run], or null for none) a share-out of the ten denari gives, with
  // denari[i] to side i and the denari of the slice held[i] to it (scoring/deal.py
  // napola_outcomes): the denari are given out from the asso up, keeping the run.
  function napolaOutcomes(denari, held) {
    const holder = {};
    held.forEach(function (slice, i) {
      for (let value = 0; value < N; value++) if (slice >> value & 1) holder[value] = i;
    });
    const memo = new Map();
    function share(value, left, owner, run) {
      const key = value + "|" + left.join(",") + "|" + owner + "|" + run;
      if (memo.has(key)) return memo.get(key);
      const found = new Map();  // by "side:run", the outcome
      if (value === N) {
        if (!left.some(function (n) { return n > 0; })) {
          const outcome = run >= DATA.NAPOLA_MIN ? [owner, run] : null;
          found.set(String(outcome), outcome);
        }
      } else {
        const takers = own(holder, value) ? [holder[value]] : left.map(function (n, i) { return i; });
        for (const i of takers) {
          if (left[i] === 0) continue;
          const rest = left.slice();
          rest[i]--;
          const next = value === 0 ? share(1, rest, i, 1)
            : share(value + 1, rest, owner, run + (run === value && i === owner ? 1 : 0));
          next.forEach(function (outcome, k) { found.set(k, outcome); });
        }
      }
      memo.set(key, found);
      return found;
    }
    return share(0, denari, -1, 0);
  }

  // With napola on, some share-out of the denari gives every side its run exactly
  // (scoring/validate.py check_napola_share); if not, the counts force one napola: say it.
  function checkNapolaShare(rules, format, sides) {
    if (!rules.napola) return [];
    const held = sides.map(function (side) {
      return (side.settebello ? 1 << SEVEN : 0) | (rules.re_bello && side.re_bello ? 1 << RE : 0);
    });
    const outcomes = napolaOutcomes(sides.map(function (side) { return side.denari; }), held);
    let entered = null;
    sides.forEach(function (side, i) { if (entered === null && side.napola_run) entered = [i, side.napola_run]; });
    if (outcomes.has(String(entered))) return [];
    const forced = outcomes.values().next().value;
    const i = forced[0];
    const code = sides[i].settebello ? "napola_forced_no_re_bello" : "napola_forced_no_settebello";
    return [error(code, "sides[" + i + "].napola_run", { denari: sides[i].denari, run: forced[1] })];
  }

  function napolaRunError(rules, side, where) {
    const run = side.napola_run;
    const all = DATA.DENARI_IN_DECK;
    if (run < DATA.NAPOLA_MIN || run > all) return error("napola_range", where, { run: run });
    const held = denariHeld(rules, side);
    if (run > side.denari) return error("napola_exceeds_denari", where, { run: run });
    if (run >= SEVEN_VALUE && !side.settebello) return error("napola_needs_settebello", where, { run: run });
    if (run === all && rules.re_bello && !side.re_bello) return error("napola_needs_re_bello", where, { run: run });
    if (run < all && side.denari === all) return allDenari(where);
    if (run < all && held >> run & 1) return error("napola_run_longer", where, { run: run, card: DECK[run] });
    if (popcount(held) > side.denari) {
      return error("napola_denari_held", where, { cards: codes(held), count: popcount(held), denari: side.denari });
    }
    return null;
  }

  function checkPrimieraEntry(rules, format, sides, winner) {
    if (!sides.some(function (side) { return side.primiera_cards !== null; })) {
      if (winner !== null && !(winner >= 0 && winner < sides.length)) return [error("primiera_winner", "primiera")];
      return [];
    }
    let errors = [];
    const owner = {};
    sides.forEach(function (side, i) {
      const where = "sides[" + i + "].primiera_cards";
      const bySuit = new Map();
      for (const card of side.primiera_cards || []) {
        const suit = suitOf(card);
        if (!bySuit.has(suit)) bySuit.set(suit, []);
        bySuit.get(suit).push(card);
        if (own(owner, card)) errors.push(error("primiera_card_twice", where, { card: DECK[card] }));
        owner[card] = i;
      }
      errors = errors.concat(bestCardsBySuitErrors(side, bySuit, where));
    });
    return errors;
  }

  function bestCardsBySuitErrors(side, bySuit, where) {
    const errors = [];
    bySuit.forEach(function (cards, suit) {
      if (cards.length > 1) {
        const shown = cards.map(function (c) { return DECK[c]; }).join(", ");
        errors.push(error("primiera_suit_twice", where, { suit: SUITS[suit].name, cards: shown }));
      }
    });
    const denaro = bySuit.has(0) ? bySuit.get(0)[0] : null;
    if (denaro !== null && side.denari === 0) errors.push(error("primiera_no_denari", where, { card: DECK[denaro] }));
    if (side.settebello && side.primiera_cards !== null && denaro !== SEVEN) errors.push(error("primiera_settebello", where));
    else if (denaro === null && side.denari > 0) errors.push(error("primiera_denaro_unshown", where, { denari: side.denari }));
    if (!side.settebello && denaro === SEVEN) errors.push(error("primiera_not_settebello", where));
    return errors;
  }

  function checkBestCardsFit(rules, format, sides) {
    if (!sides.some(function (side) { return side.primiera_cards !== null; })) return [];
    const errors = [];
    sides.forEach(function (side, i) {
      const best = side.primiera_cards || [];
      const where = "sides[" + i + "].primiera_cards";
      if (!best.some(function (card) { return card >= N; }) && side.cards > side.denari) {
        errors.push(error("primiera_suits_unshown", where, { other: side.cards - side.denari }));
        return;
      }
      if (!best.length) return;
      if (best.length > side.cards) {
        errors.push(error("primiera_exceeds_cards", where, { count: best.length, cards: side.cards }));
        return;
      }
      const others = best.filter(function (card) { return card >= N; });
      const outside = side.cards - side.denari;
      if (others.length <= outside) return;
      if (outside === 0) errors.push(error("primiera_only_denari", where, { card: DECK[others[0]] }));
      else errors.push(error("primiera_other_suits", where, { count: others.length, other: outside }));
    });
    return errors;
  }

  function checkBestDenariHeld(rules, format, sides) {
    const errors = [];
    const runs = sides.map(function (side) { return (1 << side.napola_run) - 1; });
    sides.forEach(function (side, i) {
      const denaro = bestDenaro(side);
      if (denaro === null) return;
      const where = "sides[" + i + "].primiera_cards";
      if (rules.re_bello && denaro === RE && !side.re_bello) errors.push(error("primiera_not_re_bello", where));
      runs.forEach(function (run, j) {
        if (j !== i && run >> denaro & 1) {
          errors.push(error("primiera_in_napola", where, { card: DECK[denaro], last: DECK[sides[j].napola_run - 1] }));
        }
      });
      const run = runs[i];
      const length = side.napola_run;
      if (!run || side.settebello) return;
      const top = SLICE_BEST[run] - 1;
      if (pv(valueOf(denaro)) < pv(valueOf(top))) {
        errors.push(error("primiera_napola_low", where, { run: length, top: DECK[top] }));
      } else if (denaro === length) {
        errors.push(error("primiera_napola_next", where, { run: length, card: DECK[denaro] }));
      }
    });
    return errors;
  }

  function checkBestSevens(rules, format, sides) {
    if (!sides.some(function (side) { return side.primiera_cards !== null; })) return [];
    const errors = [];
    for (let suit = 1; suit < SUITS.length; suit++) {
      const seven = suit * N + SEVEN_VALUE - 1;
      const shown = [];
      sides.forEach(function (side) {
        (side.primiera_cards || []).forEach(function (card) { if (suitOf(card) === suit) shown.push(card); });
      });
      if (shown.indexOf(seven) >= 0) continue;
      const code = shown.length === sides.length ? "primiera_no_seven" : "primiera_seven_unshown";
      errors.push(error(code, "primiera", { suit: SUITS[suit].name, card: DECK[seven] }));
    }
    return errors;
  }

  function checkDenariBelowBest(rules, format, sides) {
    const best = sides.map(bestDenaro);
    const held = sides.map(function (side, j) {
      return denariHeld(rules, side) | (best[j] === null ? 0 : 1 << best[j]);
    });
    const errors = [];
    sides.forEach(function (side, i) {
      const denaro = best[i];
      if (denaro === null) return;
      let others = 0;
      held.forEach(function (mask, j) { if (j !== i) others |= mask; });
      const room = WORTH_AT_MOST[valueOf(denaro)] & ~others;
      if (side.denari > popcount(room)) {
        errors.push(error("primiera_denari_above", "sides[" + i + "].primiera_cards",
          { card: DECK[denaro], cards: codes(room), denari: side.denari }));
      }
    });
    return errors;
  }

  function checkSuitsBelowBest(rules, format, sides) {
    const shown = sides.map(function (side) { return slicesOf(side.primiera_cards || []); });
    const errors = [];
    sides.forEach(function (side, i) {
      const best = (side.primiera_cards || []).filter(function (card) { return card >= N; });
      if (!best.length) return;
      const room = [0, 0, 0, 0];  // a suit left blank: none of it
      for (const card of best) room[suitOf(card)] = WORTH_AT_MOST[valueOf(card)];
      shown.forEach(function (mask, j) {
        if (j !== i) for (let s = 1; s < SUITS.length; s++) room[s] &= ~mask[s];
      });
      const maximum = room.reduce(function (t, slice) { return t + popcount(slice); }, 0);
      const outside = side.cards - side.denari;
      if (outside > maximum) {
        const code = best.length === SUITS.length - 1 ? "primiera_suits_above" : "primiera_suits_blank";
        errors.push(error(code, "sides[" + i + "].primiera_cards", {
          cards: best.map(function (c) { return DECK[c]; }).join(", "), maximum: maximum, other: outside,
        }));
      }
    });
    return errors;
  }

  function checkDenariWithBest(rules, format, sides) {
    const errors = [];
    sides.forEach(function (side, i) {
      const denaro = bestDenaro(side);
      if (denaro === null) return;
      const held = denariHeld(rules, side) | 1 << denaro;
      if (popcount(held) > side.denari) {
        errors.push(error("primiera_denari_below", "sides[" + i + "].primiera_cards",
          { cards: codes(held), count: popcount(held), denari: side.denari }));
      }
    });
    return errors;
  }

  // ------------------------------------------------------------------ one share-out of the cards
  // scoring/shareout.py: some share-out of the 40 cards gives every count at once. The
  // denari go out in primiera order, each to a side that may hold it (best denari read
  // from the search); the other 30 cards by Hall's condition on the sets of sides (with best
  // cards shown, a side holds nothing of a suit it leaves blank, denari too); who
  // took the primiera from the settebello side's room (the winner holds the other sevens);
  // "nobody" with two sides: both lack a suit, or both complete and level.

  const ORDER = DATA.PRIMIERA_ORDER;
  const FACES = ORDER.indexOf(8);
  const SEVEN_PV = pv(SEVEN_VALUE);

  function denariOwners(rules, sides) {  // per denaro (by value): the sides that may hold it
    let owners = new Array(N).fill((1 << sides.length) - 1);
    const shown = sides.some(function (s) { return s.primiera_cards !== null; });
    sides.forEach(function (side, i) {
      const me = 1 << i;
      if (shown && bestDenaro(side) === null) {  // shows no best denaro: holds none
        owners = owners.map(function (mask) { return mask & ~me; });
      }
      if (side.settebello) owners[SEVEN] &= me;
      if (rules.re_bello && side.re_bello) owners[RE] &= me;
      const run = rules.napola ? side.napola_run : 0;
      for (let v = 0; v < run; v++) owners[v] &= me;
      if (run && run < N) owners[run] &= ~me;
      for (const card of side.primiera_cards || []) {
        if (card >= N) continue;
        owners[card] &= me;
        for (let v = 1; v <= N; v++) if (pv(v) > pv(card + 1)) owners[v - 1] &= ~me;
      }
    });
    return owners;
  }

  // Every best denari vector (the watched sides' best denaro's primiera value, 0 for the rest).
  function bestDenari(owners, denari, napola, watched) {
    const n = denari.length;
    const room = [new Array(n).fill(0)];
    for (let pos = N - 1; pos >= 0; pos--) {
      room.unshift(room[0].map(function (r, i) { return r + (owners[ORDER[pos] - 1] >> i & 1); }));
    }
    const memo = new Map();
    function share(pos, left, started, mark) {
      if (pos === N) return [new Array(n).fill(0)];
      const key = pos + "|" + left.join(",") + "|" + started + "|" + mark;
      if (memo.has(key)) return memo.get(key);
      const value = ORDER[pos];
      const found = new Map();
      for (let i = 0; i < n; i++) {
        if (!(owners[value - 1] >> i & 1) || !left[i]) continue;
        if (value === 2 && napola !== null && mark === i && i !== napola) continue;  // asso, 2, 3
        const rest = left.slice();
        rest[i]--;
        if (rest.some(function (r, j) { return r > room[pos + 1][j]; })) continue;
        const after = value === 1 ? i : value === 3 ? (mark === i ? i : -1) : value === 2 ? -1 : mark;
        const mine = !(started >> i & 1) && (watched >> i & 1);
        for (const t of share(pos + 1, rest, (started | 1 << i) & watched, after)) {
          const u = mine ? t.slice() : t;
          if (mine) u[i] = pv(value);
          found.set(u.join(","), u);
        }
      }
      const result = Array.from(found.values());
      memo.set(key, result);
      return result;
    }
    if (denari.some(function (d, i) { return d > room[0][i]; })) return [];
    return share(0, denari, 0, -1);
  }

  // Per card outside denari: the sides that may hold it. A best card shown is its side's
  // alone; a side holds nothing of a suit worth more than its best card there, and nothing
  // of a suit it leaves blank (nothing at all with no best cards).
  function outsideOwners(sides) {
    const owners = [];
    for (let card = N; card < DECK.length; card++) {
      let mask = 0;
      let shower = -1;
      sides.forEach(function (side, i) {
        for (const best of side.primiera_cards || []) {
          if (best === card) shower = i;
          else if (suitOf(best) === suitOf(card) && pv(valueOf(card)) <= pv(valueOf(best))) mask |= 1 << i;
        }
      });
      owners.push(shower >= 0 ? 1 << shower : mask);
    }
    return owners;
  }

  function fits(owners, counts) {  // Hall: no set of sides left more cards only it may hold
    const n = counts.length;
    const byMask = new Array(1 << n).fill(0);
    for (const mask of owners) byMask[mask]++;
    if (byMask[0]) return false;
    for (let group = 1; group < 1 << n; group++) {
      let took = 0, only = 0;
      for (let i = 0; i < n; i++) if (group >> i & 1) took += counts[i];
      for (let mask = 1; mask < 1 << n; mask++) if (!(mask & ~group)) only += byMask[mask];
      if (only > took) return false;
    }
    return true;
  }

  function eachTops(visit) {  // the settebello side's best cards in the other suits
    const options = [null];
    for (let top = 1; top <= FACES; top++) options.push(top);
    for (const a of options) for (const b of options) for (const c of options) {
      const tops = [a, b, c].filter(function (t) { return t !== null; });
      const most = tops.reduce(function (t, top) { return t + N - top; }, 0);
      const value = tops.length < 3 ? -1 : tops.reduce(function (t, top) { return t + pv(ORDER[top]); }, 0);
      visit(most, value);
    }
  }

  function settebelloRoom(best) {  // shareout.settebello_room
    let room = 0;
    eachTops(function (most, value) {
      if (value < 0 || SEVEN_PV + value < best + 3 * SEVEN_PV) room = Math.max(room, most);
    });
    return room;
  }

  let TIES = null;
  function tieTable() {  // shareout._tie_table: per difference, side 0's counts outside denari
    if (TIES) return TIES;
    const perSuit = [];
    for (const holder of [0, 1]) {
      for (let top = 1; top <= FACES; top++) {
        const gap = SEVEN_PV - pv(ORDER[top]);
        perSuit.push(holder === 0 ? [gap, top, N - 1] : [-gap, 1, N - top]);
      }
    }
    TIES = new Map();
    for (let a = 0; a < perSuit.length; a++) {
      for (let b = a; b < perSuit.length; b++) {
        for (let c = b; c < perSuit.length; c++) {
          const s = [perSuit[a], perSuit[b], perSuit[c]];
          const gap = s[0][0] + s[1][0] + s[2][0];
          if (!TIES.has(gap)) TIES.set(gap, []);
          TIES.get(gap).push([s[0][1] + s[1][1] + s[2][1], s[0][2] + s[1][2] + s[2][2]]);
        }
      }
    }
    return TIES;
  }

  function bothLackASuit(denari, outside) {
    if (denari[0] === 0) return outside[0] >= N;
    if (denari[1] === 0) return outside[1] >= N;
    return outside[0] >= N && outside[0] <= 2 * N;
  }

  // shareout.forced_side: with three or four sides, the side with denari and more than 20
  // cards outside them always holds four suits; -1 when there is none.
  function forcedSide(denari, outside) {
    if (denari.length === 2) return -1;
    return denari.findIndex(function (d, i) { return d && outside[i] > 2 * N; });
  }

  function replaced(list, j, value) { const copy = list.slice(); copy[j] = value; return copy; }

  // shareout.suit_outcomes, without the shares: per count vector of the other sides, the
  // gaps (best card's value less the forced side's, null without the suit) of the followed.
  const SUIT_OUTCOMES = new Map();
  function suitOutcomes(caps, followed) {
    const key = caps.join(",") + "|" + followed.join(",");
    if (SUIT_OUTCOMES.has(key)) return SUIT_OUTCOMES.get(key);
    const zeros = caps.map(function () { return 0; });
    let layer = new Map([["", { forced: 0, best: zeros, took: zeros }]]);
    for (let pos = 0; pos < N; pos++) {
      const value = pv(ORDER[pos]);
      const after = new Map();
      const put = function (forced, best, took) {
        const k = forced + "|" + best.join(",") + "|" + took.join(",");
        if (!after.has(k)) after.set(k, { forced: forced, best: best, took: took });
      };
      for (const state of layer.values()) {
        put(state.forced || value, state.best, state.took);
        for (let j = 0; j < caps.length; j++) {
          if (state.took[j] === caps[j]) continue;
          const best = followed[j] && !state.best[j] ? replaced(state.best, j, value) : state.best;
          put(state.forced, best, replaced(state.took, j, state.took[j] + 1));
        }
      }
      layer = after;
    }
    const table = new Map();
    for (const state of layer.values()) {
      if (!state.forced) continue;
      const gaps = [];
      state.best.forEach(function (b, j) { if (followed[j]) gaps.push(b ? b - state.forced : null); });
      const k = state.took.join(",");
      if (!table.has(k)) table.set(k, { took: state.took, gaps: new Map() });
      table.get(k).gaps.set(gaps.join(","), gaps);
    }
    table.forEach(function (entry) { entry.gaps = Array.from(entry.gaps.values()); });
    SUIT_OUTCOMES.set(key, table);
    return table;
  }

  function levelAtTop(gaps) {  // the forced side at 0, the others (complete) at their gaps
    const totals = [0].concat(gaps.filter(function (g) { return g !== null; }));
    const top = Math.max.apply(null, totals);
    return totals.filter(function (t) { return t === top; }).length >= 2;
  }

  // shareout._nobody_forced: another side levels the forced one at the top, or two level above.
  function nobodyForced(forced, denari, outside, bests) {
    const others = denari.map(function (d, i) { return i; }).filter(function (i) { return i !== forced; });
    const caps = others.map(function (i) { return outside[i]; });
    const followed = others.map(function (i) { return Boolean(denari[i]) && outside[i] >= SUITS.length - 1; });
    if (!followed.some(Boolean)) return false;
    const table = suitOutcomes(caps, followed);
    const watched = others.filter(function (i, j) { return followed[j]; });
    const tried = new Set();
    for (const target of bests) {
      const start = watched.map(function (i) { return target[i] - target[forced]; });
      if (tried.has(start.join(","))) continue;
      tried.add(start.join(","));
      if (levelShares(table, caps, start)) return true;
    }
    return false;
  }

  function levelShares(table, caps, start) {  // shareout._level_shares, yes or no
    const failed = new Set();
    const suits = SUITS.length - 1;
    function search(suit, took, gaps) {
      if (suit === suits) return levelAtTop(gaps);
      const key = suit + "|" + took.join(",") + "|" + gaps.join(",");
      if (failed.has(key)) return false;
      let entries = table.values();
      if (suit === suits - 1) {  // the last suit takes what is left
        const need = caps.map(function (c, j) { return c - took[j]; }).join(",");
        entries = table.has(need) ? [table.get(need)] : [];
      }
      for (const entry of entries) {
        const more = took.map(function (t, j) { return t + entry.took[j]; });
        if (more.some(function (t, j) { return t > caps[j]; })) continue;
        for (const step of entry.gaps) {
          const after = gaps.map(function (g, j) { return g === null || step[j] === null ? null : g + step[j]; });
          if (search(suit + 1, more, after)) return true;
        }
      }
      failed.add(key);
      return false;
    }
    return search(0, caps.map(function () { return 0; }), start);
  }

  function checkShareOut(rules, format, sides, winner) {
    const n = sides.length;
    const denari = sides.map(function (s) { return s.denari; });
    const outside = sides.map(function (s) { return s.cards - s.denari; });
    const owners = denariOwners(rules, sides);
    let napola = null;
    if (rules.napola) napola = sides.findIndex(function (s) { return s.napola_run; });
    const shown = sides.some(function (s) { return s.primiera_cards !== null; });
    const someone = winner !== null && winner !== undefined;
    const unread = shown || (!someone && n !== 2 && forcedSide(denari, outside) < 0);
    const watched = unread ? 0 : someone ? 1 << winner : (1 << n) - 1;
    const bests = bestDenari(owners, denari, napola, watched);
    if (!bests.length) return [error("denari_share_out", "denari", {})];
    const seven = sides.findIndex(function (s) { return s.settebello; });
    if (shown) return fits(outsideOwners(sides), outside) ? [] : [error("best_cards_share_out", "primiera", {})];
    if (someone && winner !== seven) {
      const best = Math.max.apply(null, bests.map(function (t) { return t[winner]; }));
      if (outside[seven] <= settebelloRoom(best)) return [];
      const value = ORDER.find(function (v) { return pv(v) === best && owners[v - 1] >> winner & 1; });
      return [error("primiera_winner_beaten", "primiera", { card: DECK[value - 1], other: outside[seven] })];
    }
    if (someone) return [];
    if (n !== 2) {  // every side can lack a suit, unless one always holds four
      const forced = forcedSide(denari, outside);
      if (forced < 0 || nobodyForced(forced, denari, outside, bests)) return [];
      return [error("primiera_nobody", "primiera", {})];
    }
    if (bothLackASuit(denari, outside)) return [];
    if (denari[0] && denari[1]) {
      for (const t of bests) {
        for (const [low, high] of tieTable().get(t[1] - t[0]) || []) {
          if (low <= outside[0] && outside[0] <= high) return [];
        }
      }
    }
    return [error("primiera_nobody", "primiera", {})];
  }

  // The stages of scoring/validate.py's COUNTS_CHECKS: a stage that finds anything stops.
  const COUNTS_CHECKS = [
    [function (rules, format, sides) { return sideCountErrors(format, sides); }],
    [checkCountNumbers],
    [checkTotals, checkEachSide, checkTableScope, checkSettebello, checkReBello, checkNapola, checkPrimieraEntry],
    [checkNapolaShare, checkCountsSweeps, checkPrimieraWinnerSuits],
    [checkBestCardsFit, checkBestDenariHeld, checkBestSevens],
    [checkDenariBelowBest, checkSuitsBelowBest, checkDenariWithBest],
    [checkShareOut],
  ];

  function validateCounts(rules, format, sides, winner) {
    for (const stage of COUNTS_CHECKS) {
      let errors = [];
      for (const check of stage) errors = errors.concat(check(rules, format, sides, winner));
      fail(errors);
    }
  }

  // ------------------------------------------------------------------ scoring

  function slicesOf(cards) {  // a set of cards as four 10-bit suit slices
    const slices = [0, 0, 0, 0];
    for (const card of cards) slices[suitOf(card)] |= 1 << (card % N);
    return slices;
  }

  function primieraTotal(slices) {
    const total = slices.reduce(function (t, slice) { return t + SLICE_PRIMIERA[slice]; }, 0);
    return total >= 0 ? total : null;
  }

  function bestCodes(slices) {  // the card that counts in each suit present: {"D": "7D", ...}
    const best = {};
    slices.forEach(function (slice, suit) {
      if (SLICE_BEST[slice]) best[SUITS[suit].letter] = DECK[suit * N + SLICE_BEST[slice] - 1];
    });
    return best;
  }

  function contest(totals) {  // primiera: [winner, reason, margin]
    let top = -1;
    let runnerUp = -1;
    let winner = null;
    totals.forEach(function (total, i) {
      if (total === null) return;
      if (total > top) { runnerUp = top; top = total; winner = i; } else if (total > runnerUp) runnerUp = total;
    });
    if (winner === null) return [null, R.NOBODY_COMPLETE, null];
    if (top === runnerUp) return [null, R.TIE, 0];
    return [winner, R.WON, runnerUp >= 0 ? top - runnerUp : null];
  }

  function lead(values) {  // carte, denari: the strict leader and its lead, or a tie
    let top = -1;
    let runnerUp = -1;
    let leader = 0;
    values.forEach(function (value, i) {
      if (value > top) { runnerUp = top; top = value; leader = i; } else if (value > runnerUp) runnerUp = value;
    });
    if (top === runnerUp) return [null, R.TIE, 0];
    return [leader, R.MOST, top - runnerUp];
  }

  function held(holder, reason) { return holder === null ? [null, R.NONE, null] : [holder, reason, null]; }

  // HandScore.to_json, from the facts of a checked hand.
  function handScore(rules, facts) {
    const cards = facts.cards;
    const denari = facts.denari;
    const carte = lead(cards);
    const denariAward = lead(denari);
    const primiera = facts.primiera;
    const napoleone = rules.napoleone && denari.indexOf(DATA.DENARI_IN_DECK) >= 0 ?
      denari.indexOf(DATA.DENARI_IN_DECK) : null;
    const sides = cards.map(function (count, i) {
      const points = {
        scope: facts.scope[i],
        carte: carte[0] === i ? 1 : 0,
        denari: denariAward[0] === i ? 1 : 0,
        settebello: facts.settebello === i ? 1 : 0,
        primiera: primiera[0] === i ? 1 : 0,
        re_bello: facts.re_bello === i ? 1 : 0,
        napola: facts.napola === i ? facts.run : 0,
      };
      let total = 0;
      for (const name of DATA.CATEGORIES) total += points[name];
      return {
        points: points,
        total: total,
        detail: {
          cards: count,
          denari: denari[i],
          primiera: facts.primieraTotals === null ? null : facts.primieraTotals[i],
          primiera_cards: facts.primieraSlices === null ? null : bestCodes(facts.primieraSlices[i]),
          napola_run: facts.napola === i ? facts.run : 0,
          settebello: facts.settebello === i,
          re_bello: facts.re_bello === i,
          scope: facts.scope[i],
        },
      };
    });
    const outcomes = {
      scope: [null, R.COUNT, null],
      carte: carte,
      denari: denariAward,
      settebello: held(facts.settebello, R.HOLDER),
      primiera: primiera,
      re_bello: rules.re_bello ? held(facts.re_bello, R.HOLDER) : [null, R.OFF, null],
      napola: rules.napola ? held(facts.napola, R.RUN) : [null, R.OFF, null],
    };
    const awards = {};
    for (const name of DATA.CATEGORIES) {
      awards[name] = { winner: outcomes[name][0], reason: outcomes[name][1], margin: outcomes[name][2] };
    }
    return { ok: true, sides: sides, awards: awards, napoleone: napoleone };
  }

  function scoreCards(rules, format, sides) {
    validateCards(format, sides);
    const facts = {
      cards: [], denari: [], scope: [], primieraTotals: [], primieraSlices: [],
      settebello: null, re_bello: null, napola: null, run: 0,
    };
    sides.forEach(function (side, i) {
      const slices = slicesOf(side.cards);
      const denari = slices[0];
      facts.cards.push(side.cards.length);
      facts.denari.push(popcount(denari));
      facts.scope.push(side.scope);
      facts.primieraTotals.push(primieraTotal(slices));
      facts.primieraSlices.push(slices);
      if (denari >> SEVEN & 1) facts.settebello = i;
      if (denari >> RE & 1) facts.re_bello = i;
      if (NAPOLA_RUNS[denari]) { facts.napola = i; facts.run = NAPOLA_RUNS[denari]; }
    });
    if (!rules.re_bello) facts.re_bello = null;
    if (!rules.napola) { facts.napola = null; facts.run = 0; }
    facts.primiera = contest(facts.primieraTotals);
    return handScore(rules, facts);
  }

  function scoreCounts(rules, format, entry) {
    const sides = entry.sides;
    validateCounts(rules, format, sides, entry.primiera);
    const facts = {
      cards: sides.map(function (s) { return s.cards; }),
      denari: sides.map(function (s) { return s.denari; }),
      scope: sides.map(function (s) { return s.scope; }),
      primieraTotals: null, primieraSlices: null,
      settebello: holdersOf(sides, "settebello")[0],
      re_bello: holdersOf(sides, "re_bello").length ? holdersOf(sides, "re_bello")[0] : null,
      napola: null, run: 0,
    };
    if (sides.some(function (side) { return side.primiera_cards !== null; })) {
      facts.primieraSlices = sides.map(function (side) { return slicesOf(side.primiera_cards || []); });
      facts.primieraTotals = facts.primieraSlices.map(primieraTotal);
      facts.primiera = contest(facts.primieraTotals);
    } else {
      facts.primiera = [entry.primiera, R.DECLARED, null];
    }
    const runs = sides.map(function (s) { return s.napola_run; });
    if (rules.napola && runs.some(function (run) { return run; })) {
      facts.napola = runs.indexOf(Math.max.apply(null, runs));
      facts.run = runs[facts.napola];
    }
    return handScore(rules, facts);
  }

  /** read_entry(mode, entry).score(rules) as JSON: {ok: true, sides, awards, napoleone}
      (HandScore.to_json), or {ok: false, errors: [{field, code, params}]} as InvalidHand
      carries them. `rules` is Rules.to_json() (readRules throws InvalidGame for bad rules). */
  function scoreEntry(rules, mode, entry) {
    rules = readRules(rules);
    const format = seating(rules);
    try {
      if (mode === "cards") return scoreCards(rules, format, readCards(entry));
      if (mode === "counts") return scoreCounts(rules, format, readCounts(entry));
      throw new InvalidHand([error("entry_mode", "mode", { mode: pyStr(mode) })]);
    } catch (e) {
      if (e instanceof InvalidHand) return { ok: false, errors: e.errors };
      throw e;
    }
  }

  // ------------------------------------------------------------------ a game

  /** The winner given end-of-hand totals: once anyone reached target, the leader ahead
      of every other side by at least margin (1, left out: the strict leader). */
  function leaderAtTarget(totals, target, margin) {
    return leaderAmong(totals, target, {}, margin);
  }

  /** claims.leader_at_target: once anyone reached target, the leader ahead of every other
      side by at least margin (1 when left out), the sides out (lost by a wrong claim)
      left aside. */
  function leaderAmong(totals, target, out, margin) {
    const need = margin === undefined ? 1 : margin;
    const playing = totals.filter(function (t, i) { return !out[i]; }).sort(function (a, b) { return b - a; });
    if (!playing.length) return null;
    const top = playing[0];
    if (top < target || (playing.length > 1 && top - playing[1] < need)) return null;
    for (let i = 0; i < totals.length; i++) if (!out[i] && totals[i] === top) return i;
    return null;
  }

  /** claims.count_out: the hand's points added category by category (CATEGORIES order);
      the first time a side is at the target ahead by margin, [side, category, total]. */
  function countOut(target, before, byCategory, out, margin) {
    let totals = before.slice();
    for (let k = 0; k < byCategory.length; k++) {
      const points = byCategory[k];
      totals = totals.map(function (t, i) { return t + points[i]; });
      if (points.some(function (p) { return p !== 0; })) {
        const winner = leaderAmong(totals, target, out, margin);
        if (winner !== null) return [winner, k, totals[winner]];
      }
    }
    return null;
  }

  function readClaims(rules, sides, claims) {  // Claim(hand, side), the first of each hand
    const byHand = {};
    (claims || []).forEach(function (c) {
      if (!isObject(c) || !isWhole(c.hand) || c.hand < 1 || !isWhole(c.side) || c.side < 0) {
        throw new InvalidGame(pyJson(c) + " is not a claim");
      }
      if (!rules.chiamarsi_fuori) return;
      if (c.side >= sides) throw new InvalidGame("side " + c.side + " is not at this table");
      if (!own(byHand, c.hand)) byHand[c.hand] = { hand: c.hand, side: c.side };
    });
    return byHand;
  }

  /** GameState.replay(rules, first_dealer, hands, claims): each hand is its points by side
      ([3, 1]), {points, napoleone, byCategory}, or a scoreEntry result. options.firstDealer
      is the seat that dealt the first hand (0 when left out); options.claims the claims
      ([{hand, side}], chiamarsi fuori). Throws InvalidGame for a dealer not at the table, a
      hand with the wrong number of sides, a claim that is none or of a side not at the
      table. */
  function gameState(rules, hands, options) {
    rules = readRules(rules);
    const format = FORMATS[rules.format];
    const firstDealer = options && options.firstDealer !== undefined ? options.firstDealer : 0;
    if (!isWhole(firstDealer) || firstDealer < 0 || firstDealer >= format.players) {
      throw new InvalidGame("seat " + pyJson(firstDealer) + " is not at this table");
    }
    const claimed = readClaims(rules, format.sides, options && options.claims);
    let totals = new Array(format.sides).fill(0);
    const running = [];
    let winner = null;
    let decidedAfter = null;
    let byNapoleone = false;
    const judged = [];
    const out = {};
    let countedOut = null;
    hands.forEach(function (hand, k) {
      const number = k + 1;
      let points = hand;
      let napoleone = null;
      let byCategory = null;
      if (!Array.isArray(hand)) {
        points = hand.sides ? hand.sides.map(function (s) { return s.total; }) : hand.points;
        napoleone = hand.napoleone === undefined ? null : hand.napoleone;
        if (hand.sides) {
          byCategory = DATA.CATEGORIES.map(function (c) { return hand.sides.map(function (s) { return s.points[c]; }); });
        } else if (hand.byCategory) {
          byCategory = hand.byCategory;
        }
      }
      if (points.length !== format.sides) {
        throw new InvalidGame("hand " + number + " has " + points.length + " sides, not " + format.sides);
      }
      const before = totals;
      totals = totals.map(function (t, i) { return t + points[i]; });
      if (decidedAfter === null) {
        settle();
      }
      running.push(totals);

      function settle() {
        if (napoleone !== null) {
          winner = napoleone;
          decidedAfter = number;
          byNapoleone = true;
          return;
        }
        const claim = own(claimed, number) ? claimed[number] : null;
        if (claim !== null && !out[claim.side]) {
          const side = claim.side, total = totals[side];
          // judge: with a margin of 2 or more a right claim also leads every other side
          // still playing by it.
          const lead = rules.margin <= 1 || totals.every(function (t, i) {
            return i === side || out[i] || total - t >= rules.margin;
          });
          const verdict = total >= rules.target && lead ? "wins" : rules.claim_loses_hand ? "loses_hand" : "loses_game";
          judged.push({ hand: number, side: side, total: total, verdict: verdict });
          if (verdict === "wins") { winner = side; decidedAfter = number; return; }
          if (verdict === "loses_hand") {
            totals = totals.slice();
            totals[side] = before[side];
            if (rules.count_in_order && byCategory !== null) {
              byCategory = byCategory.map(function (c) { return c.map(function (p, i) { return i === side ? 0 : p; }); });
            }
          } else {
            out[side] = true;
          }
        }
        const playing = [];
        for (let i = 0; i < format.sides; i++) if (!out[i]) playing.push(i);
        if (playing.length === 1) {
          winner = playing[0];
        } else if (rules.count_in_order && byCategory !== null) {
          const found = countOut(rules.target, before, byCategory, out, rules.margin);
          winner = null;
          if (found !== null) {
            winner = found[0];
            countedOut = { hand: number, side: found[0], category: found[1], total: found[2] };
          }
        } else {
          winner = leaderAmong(totals, rules.target, out, rules.margin);
        }
        decidedAfter = winner !== null ? number : null;
      }
    });
    const handsPlayed = running.length;
    const players = format.players;
    const dealer = function (n) { return (firstDealer + n - 1) % players; };
    const finished = winner !== null;
    let pending = decidedAfter === null && own(claimed, handsPlayed + 1) ? claimed[handsPlayed + 1] : null;
    if (pending !== null && out[pending.side]) pending = null;
    const playingTotals = totals.filter(function (t, i) { return !out[i]; });
    const spareggio = !finished && Math.max.apply(null, playingTotals) >= rules.target;
    return {
      totals: totals,
      running: running,
      handsPlayed: handsPlayed,
      finished: finished,
      winner: winner,
      decidedAfter: decidedAfter,
      byNapoleone: byNapoleone,
      spareggio: spareggio,
      shortOfMargin: rules.margin > 1 && spareggio,
      handsAfterEnd: decidedAfter === null ? 0 : handsPlayed - decidedAfter,
      nextHand: handsPlayed + 1,
      nextDealer: dealer(handsPlayed + 1),
      nextFirstPlayer: (dealer(handsPlayed + 1) + 1) % players,
      claims: judged,
      out: Object.keys(out).map(Number).sort(function (a, b) { return a - b; }),
      pendingClaim: pending,
      countedOut: countedOut,
    };
  }

  // ------------------------------------------------------------------ quanto manca

  /** The categories a side may take to close the game, in display order
      (categories_in_play). */
  function categoriesInPlay(rules) {
    const played = ["carte", "denari", "settebello", "primiera"];
    if (rules.re_bello) played.push("re_bello");
    if (rules.napola) played.push("napola");
    return played;
  }

  /** game_outlook(rules, totals) of scoring/outlook.py: every side's {side, missing,
      closesWith} at `totals` (none once the game is won). closesWith lists the smallest
      sets of categories (each in display order) that win the game in the next hand
      whatever the others take, scope aside: smallest first, then in the order of
      itertools.combinations over the categories in play. */
  function gameOutlook(rules, totals) {
    rules = readRules(rules);
    if (totals.length !== FORMATS[rules.format].sides) {
      throw new InvalidGame(totals.length + " totals for " + FORMATS[rules.format].sides + " sides");
    }
    if (leaderAtTarget(totals, rules.target, rules.margin) !== null) return [];
    const played = categoriesInPlay(rules);
    const sets = [];
    for (let size = 1; size <= played.length; size++) combinations(played, size, sets);
    return totals.map(function (total, side) {
      const others = totals.filter(function (t, k) { return k !== side; });
      const closing = sets.filter(function (taken) { return closes(rules, total, others, taken, played); });
      const minimal = closing.filter(function (taken) {
        return !closing.some(function (other) { return other.length < taken.length && other.every(function (c) { return taken.indexOf(c) >= 0; }); });
      });
      return { side: side, missing: Math.max(0, rules.target - total), closesWith: minimal };
    });
  }

  function combinations(items, size, into) {  // in itertools.combinations' order
    (function pick(start, chosen) {
      if (chosen.length === size) { into.push(chosen); return; }
      for (let i = start; i < items.length; i++) pick(i + 1, chosen.concat([items[i]]));
    }(0, []));
  }

  function closes(rules, total, others, taken, played) {  // _closes
    const has = function (c) { return taken.indexOf(c) >= 0; };
    const mine = total + taken.reduce(function (sum, c) { return sum + (c === "napola" ? DATA.NAPOLA_MIN : 1); }, 0);
    if (mine < rules.target) return false;
    if (rules.napoleone && !["denari", "settebello", "primiera", "re_bello", "napola"].some(has)) return false;
    const rest = played.filter(function (c) { return !has(c) && c !== "napola"; }).length;
    let run = 0;  // the longest napola another side can make (_their_napola)
    if (rules.napola && !has("napola")) {
      run = DATA.DENARI_IN_DECK;
      if (has("denari")) run = Math.min(run, Math.floor((DATA.DENARI_IN_DECK - 1) / 2));
      if (has("settebello")) run = Math.min(run, 6);
      if (has("re_bello") || has("primiera")) run = Math.min(run, 9);
    }
    return others.every(function (other) { return mine - (other + rest + run) >= rules.margin; });
  }

  return {
    DATA: DATA,
    scoreEntry: scoreEntry,
    readRules: readRules,
    gameState: gameState,
    gameOutlook: gameOutlook,
    leaderAtTarget: leaderAtTarget,
    parseCard: parseCard,
    message: message,
    InvalidGame: InvalidGame,
  };
}));
