/* The outbox's sending half: saving a hand, with or without signal, and sending what
   the outbox keeps. static/js/outbox.js loads it when first needed (the hand's form first
   changed, so that Save does not wait for it; Save itself; a hand waiting to be sent), as
   it loads outbox-kept.js: a page whose form is not touched never fetches it. The service
   worker keeps it in the app shell with every static file, so it loads offline too.

   Save sends the hand with fetch, asking for JSON (the save route's answers: see
   scorekeeper/games/sending.py), and says so while it is on its way ("Saving…",
   aria-busy, disabled: a second tap does nothing; outbox.js, at the tap). Saved: the
   board opens with its "Hand N saved", scrolled into view. Another phone was first: the
   board opens with the hand given back (outbox-kept.js). Refused by the checks, or
   anything else: the form is sent again the plain way, so the page explains as it does
   without a script.

   No signal (offline, or the request failed on the way, or the server did not answer):
   the hand goes into the outbox (outbox.js's store), with everything needed to send it
   later and to score it here, and shows at once in its place on the board.

   The outbox is sent in order, one hand at a time: on page load, when the phone comes
   back online, when the tab is visible again, and retrying with backoff. Each send first
   asks for a fresh CSRF token (GET /g/<token>/csrf): a token that expired offline does
   not refuse the hand. The request id makes a hand that reached the server before the
   connection dropped "already saved", never saved twice. A hand the server refuses comes
   back with the reason and three choices (outbox-kept.js); the hands after it wait. If
   the server's totals differ from the ones shown here, the board says so and shows the
   server's. `core` is what outbox.js shares with it. */
(function () {
  "use strict";
  window.ScopaOutboxSend = function (core) {
    var T = core.T, say = core.say, el = core.el, drafts = core.drafts, kept = core.kept;
    var allItems = core.allItems, putItem = core.putItem, deleteItem = core.deleteItem;
    var everything = core.everything, render = core.render, openBoard = core.openBoard;
    var busy = core.busy, fallback = core.fallback;
    var loadScorer = core.loadScorer, loadKept = core.loadKept, dropNotes = core.dropNotes;
    var writeNotice = core.writeNotice, keepHere = core.keepHere;
    var TIMEOUT_MS = 15000, RETRY_MIN_MS = 2000, RETRY_MAX_MS = 60000;
    var retryMs = RETRY_MIN_MS, retryTimer = null, sending = false, again = false;

    function timed(url, options) {
      var controller = window.AbortController ? new AbortController() : null;
      var timer = controller ? setTimeout(function () { controller.abort(); }, TIMEOUT_MS) : null;
      if (controller) options.signal = controller.signal;
      return fetch(url, options).then(function (r) { clearTimeout(timer); return r; }, function (e) { clearTimeout(timer); throw e; });
    }

    function body(fields, token, item) {
      var data = new FormData();
      fields.forEach(function (p) {
        if (p[0] === "number" || p[0] === "request_id") return;
        data.append(p[0], p[1]);
      });
      data.append("csrf_token", token);
      data.append("number", String(item.number));
      data.append("request_id", item.requestId);
      data.append("action", "save");
      return data;
    }

    /* Into the outbox, shown at once; the form is ready for the next hand. Without the
       other half (not kept by the worker yet), the hand is kept all the same, unscored. */
    function keep(form, item) {
      return Promise.all([loadScorer().catch(function () { return null; }), loadKept().catch(function () { return null; })])
        .then(function () {
          var half = kept();
          if (!half) return item;
          item.entry = half.entryOf(form, item.fields, item.rules);
          return half.withExpectation(item);
        }).then(function (it) { return store(form, it); });
    }

    function store(form, item) {
      var half = kept();
      if (half && half.invalid(form, item)) {
        busy(form, false);
        return Promise.resolve();
      }
      return keepHere(form, item, half ? half.confirmHere(item) : null).then(function () {
        scheduleRetry(0);
      });
    }

    /* Save tapped (outbox.js has set the form busy and made `item`): sent at once with
       signal, else kept; the promise fails on anything unforeseen (the form is then sent
       the plain way). */
    function save(form, item) {
      return allItems().then(function (items) {
        var queued = items.some(function (i) { return i.game === item.game && i.state !== "sent"; });
        if (!navigator.onLine || queued) return keep(form, item);  // after the hands waiting
        return send(item, true, form.elements.csrf_token.value).then(function (answer) {
          if (answer.kind === "saved") {
            if (drafts()) drafts().clear(form);
            openBoard(item.boardUrl, answer.answer.status === "saved" ? answer.answer.number : null);
          } else if (answer.kind === "network") {
            return keep(form, item);
          } else if (answer.kind === "refused" && answer.answer.reason === "conflict") {
            // Another phone was first: the board as it is now, and this hand back with the
            // three choices, rather than lost.
            refuse(item, answer);
            return putItem(item).then(function () {
              if (drafts()) drafts().clear(form);
              openBoard(item.boardUrl);
            });
          } else {
            fallback(form);
          }
        });
      });
    }

    /* Send one hand; the answer's kind: saved, network (try later), refused (with the
       server's reason), or gone (the link opens nothing here). A hand from the outbox asks
       for a fresh CSRF token first; Save on the page uses the page's, and a fresh one only
       if the server refuses it (the page was open for hours). */
    function send(item, foreground, pageToken) {
      if (pageToken) return post(item, pageToken, foreground, true);
      return timed(item.csrfUrl, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
        .then(function (r) {
          if (r.status === 404) return { kind: "gone" };
          if (!r.ok) return { kind: "network" };
          return r.json().then(function (token) { return post(item, token.csrf_token, foreground, false); });
        }, function () { return { kind: "network" }; });
    }

    function post(item, token, foreground, mayRetry) {
      var headers = { Accept: "application/json" };
      if (foreground) headers["X-Scorekeeper-Flash"] = "1";
      // Who sent it (the history names the phone) and how: at once, or later from the outbox.
      headers["X-Scorekeeper-Via"] = foreground ? "live" : "outbox";
      if (window.scorekeeperDevice && window.scorekeeperDevice()) headers["X-Scorekeeper-Device"] = window.scorekeeperDevice();
      return timed(item.recordUrl, { method: "POST", body: body(item.fields, token, item), credentials: "same-origin", headers: headers })
        .then(function (r) {
          if (r.status === 404) return { kind: "gone" };
          if (r.status >= 500) return { kind: "network" };
          var type = r.headers.get("Content-Type") || "";
          if (type.indexOf("application/json") === -1) {
            // A CSRF refusal (the token expired): once more, with a fresh token.
            if (r.status === 400 && mayRetry) return send(item, foreground);
            return { kind: "refused", answer: { reason: "form", message: T.unreadable } };
          }
          return r.json().then(function (answer) {
            if (answer.status === "saved" || answer.status === "already_saved" || answer.status === "confirmed") return { kind: "saved", answer: answer };
            return { kind: "refused", answer: answer };
          });
        }, function () { return { kind: "network" }; });
    }

    /* The hand comes back to the user, with the server's reason. */
    function refuse(item, result) {
      item.state = "refused";
      if (result.kind === "gone") {
        item.gone = true;  // nothing to correct or enter it with: its numbers to copy
        item.message = T.gone;
        item.errors = [];
      } else {
        item.message = result.answer.message || T.unreadable;
        item.errors = result.answer.errors || [];
        item.serverNext = result.answer.next_hand;
      }
    }

    // ------------------------------------------------------------------ sending the outbox

    function scheduleRetry(ms) {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(flush, ms === undefined ? retryMs : ms);
    }

    function flush() {
      if (!navigator.onLine) return Promise.resolve();
      var run = function () { return drain(); };
      if (navigator.locks && navigator.locks.request) {
        return navigator.locks.request("scorekeeper-outbox", run).catch(function () {});
      }
      return run();
    }

    function drain() {
      if (sending) { again = true; return Promise.resolve(); }
      sending = true;
      var changed = false, sentNow = 0, confirmedNow = [];
      function next() {
        return everything().then(function (items) {
          var blocked = {}, item = null;
          for (var i = 0; i < items.length; i++) {
            var it = items[i];
            if (it.state === "refused") blocked[it.game] = true;
            else if (it.state === "waiting" && !blocked[it.game]) { item = it; break; }
          }
          if (!item) return "done";
          return send(item, false).then(function (result) {
            if (result.kind === "network") return "later";
            changed = true;
            if (item.kind === "confirm") {
              // Recorded (or already: its request id), or nothing left to confirm (another
              // phone was first, the hand is gone): either way it leaves the outbox.
              if (result.kind === "saved") confirmedNow.push({ number: item.number, message: item.scanned ? result.answer.message : null });
              else if (item.scanned && result.answer) confirmedNow.push({ number: item.number, message: result.answer.message, refused: true });
              return deleteItem(item.id).then(next);
            }
            if (result.kind === "saved") {
              var a = result.answer;
              var expected = item.expectTotals;
              if (expected && a.totals && expected.join() !== a.totals.join()) {
                writeNotice(item.game, { number: a.number, totals: a.totals });
              }
              item.state = "sent";
              sentNow += 1;
              item.number = a.number;
              item.serverTotals = a.totals;
              return putItem(item).then(next);
            }
            refuse(item, result);
            return putItem(item).then(next);
          });
        });
      }
      return next().then(function (how) {
        sending = false;
        if (how === "later") {
          scheduleRetry();
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        } else {
          retryMs = RETRY_MIN_MS;
        }
        if (sentNow) saySent(sentNow);
        if (confirmedNow.length) loadKept().then(function (half) { half.sayConfirmed(confirmedNow); }, function () {});
        if (changed) {
          render();
          document.dispatchEvent(new CustomEvent("scorekeeper:board-stale"));
        }
        if (again) { again = false; return drain(); }
      }, function () { sending = false; scheduleRetry(); });
    }

    /* After the outbox has sent hands: how many, where "Hand N saved" stood. */
    function saySent(count) {
      if (!document.getElementById("live")) return;
      dropNotes(true);
      var main = document.querySelector("main");
      if (!main) return;
      var box = el("div", "flashes");
      box.setAttribute("role", "status");
      main.insertBefore(box, main.firstChild);
      // The form a count takes (ui/outbox.py): in Italian and English, 1 the first, the rest the other.
      var forms = T.handsSent || {};
      var note = el("p", "flash flash-success outbox-note", say(forms[count === 1 ? "one" : "other"], { count: count }));
      note.id = "outbox-sent";
      box.appendChild(note);  // into the live region once it is on the page: announced
    }

    /* Back online: the next try at once, then backing off from the start again. */
    function online() { retryMs = RETRY_MIN_MS; return flush(); }

    return { save: save, flush: flush, scheduleRetry: scheduleRetry, online: online };
  };
})();
