/* Chiamarsi fuori (loaded only on the boards of a game that has it: games/_scripts.html):
   "We're out" opens the question; a side's button is one request with the tap's own key, the answer in place of the question. Without signal the claim is
   kept on this phone (localStorage, by game and hand) and put into the hand's own form
   (claim_side), so it travels with the hand (through the outbox if need be) and is
   recorded with it, once; it is also sent by itself when the signal is back. Every board
   works without this (the form posts). */
(function () {
  "use strict";
  if (!window.fetch) return;
  var PREFIX = "scorekeeper-claim:";

  function storage() { try { return window.localStorage; } catch (e) { return null; } }
  function gameData() {
    var el = document.getElementById("game-data");
    try { return el ? JSON.parse(el.textContent) : null; } catch (e) { return null; }
  }
  function handForm() {
    var form = document.getElementById("hand-form");
    return form && form.dataset.draftGame ? form : null;
  }
  function keyOf(game, number) { return PREFIX + game + ":" + number; }
  function readKept(game, number) {
    var s = storage();
    try { return s ? JSON.parse(s.getItem(keyOf(game, number)) || "null") : null; } catch (e) { return null; }
  }
  function forget(game, number) { var s = storage(); if (s) s.removeItem(keyOf(game, number)); }

  function note(text, kind) {
    var p = document.createElement("p");
    p.className = "flash flash-" + kind + " claim-done";
    p.id = "claim-done";
    p.setAttribute("role", "status");
    p.tabIndex = -1;
    p.textContent = text;
    return p;
  }

  /* The kept claim of the hand in the form goes with it (claim_side), and is shown; a
     form for a hand without one sends none. */
  function carry() {
    var form = handForm(), data = gameData();
    if (!form || !data || !form.elements.number) return null;
    var s = storage(), stale = [];
    for (var k = 0; s && k < s.length; k++) {  // claims of hands the server has: sent with them
      var key = s.key(k), parts = key && key.indexOf(PREFIX + data.game + ":") === 0 ? key.split(":") : null;
      if (parts && Number(parts[parts.length - 1]) < data.next_hand) stale.push(key);
    }
    stale.forEach(function (key) { s.removeItem(key); });
    var kept = readKept(data.game, form.elements.number.value);
    var field = form.elements.claim_side;
    if (!kept) {
      if (field) field.remove();
      return null;
    }
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = "claim_side";
      form.appendChild(field);
    }
    field.value = String(kept.side);
    var panel = document.getElementById("claim");
    if (panel && !document.getElementById("claim-done")) panel.replaceWith(note(kept.text, "info"));
    return kept;
  }

  function post(url, fields, csrf) {
    var body = new FormData();
    Object.keys(fields).forEach(function (name) { body.append(name, fields[name]); });
    if (csrf) body.set("csrf_token", csrf);
    return fetch(url, {
      method: "POST", body: body, credentials: "same-origin", headers: { Accept: "application/json" },
    }).then(function (r) {
      var type = r.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") === -1) throw new Error("not json");
      return r.json();
    });
  }

  /* A kept claim, sent by itself once the signal is back (a fresh CSRF token first). */
  function sendKept() {
    var form = handForm(), data = gameData();
    if (!form || !data || !navigator.onLine) return;
    var number = form.elements.number.value, kept = readKept(data.game, number);
    if (!kept) return;
    fetch(form.dataset.csrfUrl, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (r) { return r.json(); })
      .then(function (token) { return post(kept.url, kept.fields, token.csrf_token); })
      .then(function (answer) {
        forget(data.game, number);  // recorded, or refused for good: the hand's field stays harmless
        var done = document.getElementById("claim-done");
        if (done) done.replaceWith(note(answer.message, answer.status === "claimed" ? "success" : "warning"));
      })
      .catch(function () {});
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches(".claim-form") || form.dataset.plain) return;
    var button = event.submitter;
    if (!button || button.name !== "side") return;
    event.preventDefault();
    var buttons = form.querySelectorAll("button");
    Array.prototype.forEach.call(buttons, function (b) { b.disabled = true; });
    button.setAttribute("aria-busy", "true");
    var fields = {};
    new FormData(form).forEach(function (value, name) { if (name !== "csrf_token") fields[name] = value; });
    fields.side = button.value;
    var panel = form.closest(".claim") || form;
    post(form.action, fields, form.elements.csrf_token.value).then(function (answer) {
      var done = note(answer.message, answer.status === "claimed" ? "success" : "warning");
      panel.replaceWith(done);
      done.focus({ preventScroll: true });
    }).catch(function () {
      var data = gameData(), s = storage();
      if (!data || !s || navigator.onLine && !handForm()) {
        form.dataset.plain = "1";
        var side = document.createElement("input");
        side.type = "hidden"; side.name = "side"; side.value = button.value;
        form.appendChild(side);
        form.submit();
        return;
      }
      var kept = { side: Number(button.value), fields: fields, url: form.action, text: button.dataset.kept };
      try { s.setItem(keyOf(data.game, fields.number), JSON.stringify(kept)); } catch (e) { /* full */ }
      carry();
      var done = document.getElementById("claim-done");
      if (done) done.focus({ preventScroll: true });
    });
  });

  // Before the outbox reads the hand's fields: the claim of that very hand, or none.
  document.addEventListener("submit", function (event) {
    if (event.target.id === "hand-form") carry();
  }, true);
  carry();
  sendKept();
  window.addEventListener("online", sendKept);
  // The live part redrawn (another phone changed the game): the kept claim shows again.
  var live = document.getElementById("live");
  if (live && window.MutationObserver) new MutationObserver(carry).observe(live, { childList: true });
})();
