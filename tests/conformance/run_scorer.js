/* Scores every case of tests/conformance/test_js_scorer.py with the phone's scorer.
   Usage: node run_scorer.js SCORING_JS CASES_JSON RESULTS_JSON. Writes one result per
   case, in the cases' order: {hands, games, rules, outlooks}. */
"use strict";
const fs = require("fs");
const path = require("path");

const [scorerPath, casesPath, resultsPath] = process.argv.slice(2);
const S = require(path.resolve(scorerPath));
const cases = JSON.parse(fs.readFileSync(casesPath, "utf8"));

function guarded(fn) {
  try {
    return fn();
  } catch (e) {
    if (e instanceof S.InvalidGame) return { error: "invalid_game" };
    return { crash: String(e && e.stack || e) };
  }
}

const results = {
  hands: cases.hands.map((c) => guarded(() => S.scoreEntry(c.rules, c.mode, c.entry))),
  games: cases.games.map((c) => guarded(() => {
    // A game given as hand entries is scored here, hand by hand, and then added up.
    const hands = c.entries ? c.entries.map((e) => S.scoreEntry(c.rules, e.mode, e.entry)) : c.hands;
    const options = c.firstDealer === undefined ? undefined : { firstDealer: c.firstDealer };
    if (c.claims !== undefined) return S.gameState(c.rules, hands, Object.assign(options || {}, { claims: c.claims }));
    return S.gameState(c.rules, hands, options);
  })),
  rules: cases.rules.map((c) => guarded(() => S.readRules(c))),
  outlooks: (cases.outlooks || []).map((c) => guarded(() => S.gameOutlook(c.rules, c.totals))),
};
fs.writeFileSync(resultsPath, JSON.stringify(results));
