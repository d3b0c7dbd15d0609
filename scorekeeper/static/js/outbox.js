/* Saving a hand, with or without signal.

   Save sends the hand with fetch, asking for JSON (the save route's answers: see
   scorekeeper/games/sending.py), and says so while it is on its way ("Saving…",
   aria-busy, disabled: a second tap does nothing). Saved: the board opens with its
   "Hand N saved", scrolled into view. Another phone was first: the board opens with the
   hand given back (below). Refused by the checks, or anything else: the form is sent
   again the plain way, so the page explains as it does without this script.

   No signal (offline, or the request failed on the way, or the server did not answer):
   the hand goes into the OUTBOX, an IndexedDB store on the phone, with everything needed
   to send it later (its fields, its request id and expected number, the save and CSRF
   URLs) and to score it here (its entry as the scoring package's JSON, the rules). The
   board shows it at once in its place, "not sent yet", with its points and the new
   totals marked "not confirmed" (scored by window.ScopaScoring, static/js/scoring.js,
   when the page has it; without it the hand shows without points). More hands follow it,
   to the end of the game.

   The outbox is sent in order, one hand at a time: on page load, when the phone comes
   back online, when the tab is visible again, and retrying with backoff. Each send first
   asks for a fresh CSRF token (GET /g/<token>/csrf): a token that expired offline does
   not refuse the hand. The request id makes a hand that reached the server before the
   connection dropped "already saved", never saved twice. A hand the server refuses comes
   back with the reason and three choices: correct it, enter it as the next hand, or
   discard it; the hands after it wait. If the server's totals differ from the ones shown
   here, the board says so and shows the server's.

   Every page works without this file (the form posts as it always did). */
(function () {
  "use strict";
  if (!window.fetch || !window.indexedDB || !window.JSON) return;

  var DB_NAME = "scorekeeper", STORE = "outbox", NOTICE = "scorekeeper-outbox-notice:";
  var TIMEOUT_MS = 15000, RETRY_MIN_MS = 2000, RETRY_MAX_MS = 60000;
  var T = readJson("offline-texts") || {};
  var retryMs = RETRY_MIN_MS, retryTimer = null, sending = false, again = false;

  // ------------------------------------------------------------------ small helpers

  function readJson(id) {
    var el = document.getElementById(id);
    if (!el) return null;
    try { return JSON.parse(el.textContent); } catch (e) { return null; }
  }

  function say(template, values) {
    return String(template || "").replace(/%\((\w+)\)s/g, function (_, name) {
      return values && values[name] !== undefined ? values[name] : "";
    });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(text, onClick, className) {
    var b = el("button", className || "btn", text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function newRequestId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    (window.crypto || { getRandomValues: function (a) { for (var i = 0; i < a.length; i++) a[i] = Math.random() * 256; return a; } }).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function scorer() { return window.ScopaScoring || null; }

  function drafts() { return window.ScopaDrafts || null; }

  function handForm() {
    var form = document.getElementById("hand-form");
    return form && form.dataset.draftGame ? form : null;
  }

  // ------------------------------------------------------------------ the store

  var dbPromise = null;
  function db() {
    if (!dbPromise) {
      dbPromise = new Promise(function (resolve, reject) {
        var open = indexedDB.open(DB_NAME, 1);
        open.onupgradeneeded = function () {
          open.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
        };
        open.onsuccess = function () { resolve(open.result); };
        open.onerror = function () { reject(open.error); };
      });
    }
    return dbPromise;
  }

  function tx(mode, work) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var t = d.transaction(STORE, mode), result;
        var request = work(t.objectStore(STORE));
        if (request) request.onsuccess = function () { result = request.result; };
        t.oncomplete = function () { resolve(result); };
        t.onerror = t.onabort = function () { reject(t.error); };
      });
    });
  }

  function allItems() {
    return tx("readonly", function (s) { return s.getAll(); }).then(function (items) {
      return (items || []).sort(function (a, b) { return a.id - b.id; });
    });
  }
  function putItem(item) { return tx("readwrite", function (s) { return s.put(item); }); }
  function deleteItem(id) { return tx("readwrite", function (s) { return s.delete(id); }); }

  function askPersistence() {
    if (navigator.storage && navigator.storage.persist) {
      navigator.storage.persist().catch(function () {});
    }
  }

  // ------------------------------------------------------------------ the hand as entered

  function pairs(form) {
    var out = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrf_token" && name !== "action" && typeof value === "string") out.push([name, value]);
    });
    return out;
  }

  function value(fields, name) {
    for (var i = 0; i < fields.length; i++) if (fields[i][0] === name) return fields[i][1];
    return null;
  }

  function values(fields, name) {
    return fields.filter(function (p) { return p[0] === name; }).map(function (p) { return p[1]; });
  }

  function whole(text) {
    if (text === null || text === undefined || String(text).trim() === "") return null;
    var t = String(text).trim();
    return /^\d+$/.test(t) ? Number(t) : t;  // a text that is no number: the scorer refuses it
  }

  /* The hand as the scoring package's counts entry (as CountsForm.to_entry makes it). */
  function countsEntry(fields, sides, rules, deck) {
    var out = [], choice = value(fields, "primiera"), fromCards = choice === "cards";
    for (var i = 0; i < sides; i++) {
      var p = "sides-" + i + "-";
      var best = ["D", "C", "B", "S"].map(function (suit) { return value(fields, p + "best_" + suit); })
        .filter(function (code) { return code; });
      out.push({
        cards: whole(value(fields, p + "cards")),
        denari: whole(value(fields, p + "denari")),
        settebello: value(fields, "settebello") === String(i),
        re_bello: Boolean(rules && rules.re_bello) && value(fields, "re_bello") === String(i),
        napola_run: whole(value(fields, p + "napola_run")) || 0,
        scope: whole(value(fields, p + "scope")) || 0,
        primiera_cards: fromCards ? best : null,
      });
    }
    if (sides === 2) {
      ["cards", "denari"].forEach(function (name) {
        var a = out[0][name], b = out[1][name], total = deck[name];
        if (total === undefined) return;
        if (a === null && typeof b === "number") out[0][name] = total - b;
        else if (b === null && typeof a === "number") out[1][name] = total - a;
      });
    }
    var primiera = -1;
    if (choice === "none" || fromCards) primiera = null;
    else if (choice !== null && /^\d+$/.test(choice)) primiera = Number(choice);
    return { sides: out, primiera: primiera };
  }

  /* The hand as the scoring package's cards entry (as CardsForm.read/to_entry make it). */
  function cardsEntry(fields, sides, allCodes) {
    var piles = [];
    for (var i = 0; i < sides; i++) piles.push(values(fields, "s" + i));
    if (value(fields, "rest")) {
      var taken = {};
      piles.slice(0, -1).forEach(function (pile) { pile.forEach(function (c) { taken[c] = 1; }); });
      piles[sides - 1] = allCodes.filter(function (c) { return !taken[c]; });
    }
    return {
      sides: piles.map(function (pile, k) {
        return { cards: pile, scope: whole(value(fields, "scope-" + k)) || 0 };
      }),
    };
  }

  function entryOf(form, fields, rules) {
    var sides = Number(form.dataset.sides || 2);
    if (form.elements.mode && form.elements.mode.value === "cards") {
      var codes = [];
      form.querySelectorAll('input[name="s0"]').forEach(function (i) { codes.push(i.value); });
      return cardsEntry(fields, sides, codes);
    }
    var deck = {};
    try { deck = JSON.parse(form.dataset.whole || "{}"); } catch (e) { /* two sides only */ }
    return countsEntry(fields, sides, rules, deck);
  }

  function score(item) {
    var s = scorer();
    if (!s || !item.rules || !item.entry) return null;
    try {
      var result = s.scoreEntry(item.rules, item.mode, item.entry);
      return result && result.ok ? result : null;
    } catch (e) { return null; }
  }

  // ------------------------------------------------------------------ the page's game

  function pageGame() {
    var form = handForm();
    if (form) return form.dataset.draftGame;
    var data = readJson("game-data");
    return data ? data.game : null;
  }

  /* The number the server drew the form for (kept across renumbering). */
  function serverNumber(form) {
    if (!form.dataset.serverNumber) form.dataset.serverNumber = form.elements.number.value;
    return Number(form.dataset.serverNumber);
  }

  /* This game's hands waiting (or sent but not yet on this page) after the server's
     hands, in number order; refused ones apart. */
  function inPlay(items, game, base) {
    return items.filter(function (i) {
      return i.game === game && i.state !== "refused" && (i.state === "waiting" || i.number >= base);
    }).sort(function (a, b) { return a.number - b.number || a.id - b.id; });
  }

  function nextNumber(items, game, base) {
    var n = base;
    inPlay(items, game, base).forEach(function (i) { if (i.number >= n) n = i.number + 1; });
    return n;
  }

  // ------------------------------------------------------------------ showing it

  var rendering = null;
  function render() {
    rendering = allItems().then(function (items) {
      var game = pageGame();
      if (!game) return;
      var form = handForm();
      var data = readJson("game-data");
      var base = data ? data.next_hand : (form ? serverNumber(form) : 1);
      // Hands the server has (this page shows them) are no longer the outbox's.
      items.filter(function (i) { return i.game === game && i.state === "sent" && i.number < base; })
        .forEach(function (i) { deleteItem(i.id); });
      items = items.filter(function (i) { return !(i.game === game && i.state === "sent" && i.number < base); });
      var shown = inPlay(items, game, base);
      renderPanel(items.filter(function (i) { return i.game === game; }), shown);
      if (data) renderBoard(data, shown);
      if (form) renumber(form, nextNumber(items, game, form ? serverNumber(form) : base));
    }).catch(function () {});
    return rendering;
  }

  function setText(id, text) {
    var node = document.getElementById(id);
    if (node && text) node.textContent = text;
  }

  /* The form is for the hand after the last one kept here. */
  function renumber(form, number) {
    var field = form.elements.number;
    if (String(field.value) === String(number)) return;
    field.value = String(number);
    form.elements.request_id.value = newRequestId();
    if (!form.dataset.sending) {
      form.reset();
      field.value = String(number);
      delete form.dataset.dirty;
      var preview = form.querySelector("#hand-preview");
      if (preview) preview.innerHTML = "";
      var note = form.querySelector(".draft-note");
      if (note) note.remove();
      if (drafts()) drafts().restore(form);
    }
    setText("record-heading", say(T.recordHand, { number: number }));
    if (form.elements.mode) {
      var h1 = document.querySelector("main h1");
      if (h1) h1.textContent = say(T.recordHandCards, { number: number });
    }
    var save = form.querySelector("#save-hand");
    if (save && !form.dataset.sending) save.textContent = say(T.saveHand, { number: number });
    form.dataset.saveLabel = say(T.saveHand, { number: number });
  }

  function renderBoard(data, shown) {
    var live = document.getElementById("live");
    if (!live) return;
    live.querySelectorAll(".pending-hand, #provisional-note").forEach(function (n) { n.remove(); });
    live.querySelectorAll(".big-number.provisional").forEach(function (n) { n.classList.remove("provisional"); });
    if (!shown.length) return;
    var list = live.querySelector("#history .hand-list");
    if (!list) {
      var empty = live.querySelector("#history > p.muted");
      list = el("ol", "hand-list");
      list.setAttribute("reversed", "");
      if (empty) empty.replaceWith(list);
      else if (live.querySelector("#history")) live.querySelector("#history").appendChild(list);
    }
    // Each hand as ScopaScoring.gameState reads it: its points by side and who declared
    // napoleone (null: nobody).
    var hands = data.hands.map(function (points, k) { return { points: points, napoleone: data.napoleone[k] }; });
    var scoredAll = true;
    var running = data.totals.slice();
    shown.forEach(function (item) {
      var result = score(item);
      var li = el("li", "hand-row pending-hand");
      li.id = "pending-" + item.number;
      li.appendChild(el("span", "hand-title", say(T.handTitle, { number: item.number })));
      li.appendChild(document.createTextNode(" "));
      var badge = el("span", "badge badge-pending", item.state === "sent" ? T.sent : T.notSent);
      li.appendChild(badge);
      if (result && scoredAll && item.number === hands.length + 1) {
        var points = result.sides.map(function (side) { return side.total; });
        hands.push({ points: points, napoleone: result.napoleone === undefined ? null : result.napoleone });
        running = running.map(function (t, k) { return t + points[k]; });
        li.appendChild(el("span", "hand-running", " " + running.join("–")));
        points.forEach(function (p, k) {
          li.appendChild(document.createTextNode(" "));
          li.appendChild(el("b", "hand-side", data.names[k] + " +" + p));
        });
      } else {
        scoredAll = false;
      }
      list.insertBefore(li, list.firstChild);
    });
    var note = el("p", "status status-provisional");
    note.id = "provisional-note";
    note.setAttribute("role", "status");
    var waiting = shown.filter(function (i) { return i.state !== "sent"; }).length;
    var state = null;
    if (scoredAll && scorer()) {
      try {
        state = scorer().gameState(data.rules, hands, { firstDealer: data.first_dealer });
      } catch (e) { state = null; }
    }
    if (state) {
      state.totals.forEach(function (t, k) {
        var big = document.getElementById("total-" + k);
        if (big) { big.textContent = String(t); big.classList.add("provisional"); }
      });
      var lines = [say(waiting ? T.notConfirmed : T.sentNotShown, { count: shown.length })];
      if (state.winner !== null && state.winner !== undefined) lines.push(say(T.winsProvisional, { name: data.names[state.winner] }));
      else if (state.spareggio) lines.push(T.spareggioProvisional);
      note.textContent = lines.join(" ");
      var next = document.getElementById("next-hand");
      if (next && data.seats && state.nextDealer !== undefined) {
        var seats = { number: state.nextHand, dealer: data.seats[state.nextDealer], first: data.seats[state.nextFirstPlayer] };
        next.textContent = say(state.winner === null ? T.nextHand : T.nextDeal, seats);
      }
    } else {
      note.textContent = say(waiting ? T.notScored : T.sentNotShown, { count: shown.length });
    }
    var totals = live.querySelector(".totals");
    if (totals) totals.parentNode.insertBefore(note, totals.nextSibling);
  }

  function reasonText(item) {
    var text = item.message || T.unreadable;
    if (item.errors && item.errors.length) {
      text += " " + item.errors.map(function (e) { return e.message; }).filter(Boolean).join(" ");
    }
    return text;
  }

  /* The outbox's own line at the top: what is waiting, what came back, what changed. */
  function renderPanel(items, shown) {
    var panel = document.getElementById("outbox");
    if (!panel) return;
    panel.innerHTML = "";
    var notice = readNotice(pageGame());
    if (notice) {
      var p = el("p", "flash flash-warning outbox-mismatch", say(T.mismatch, { number: notice.number, totals: notice.totals.join("–") }) + " ");
      p.setAttribute("role", "alert");
      p.appendChild(button(T.ok, function () { clearNotice(pageGame()); render(); }));
      panel.appendChild(p);
    }
    var waiting = items.filter(function (i) { return i.state === "waiting"; });
    if (waiting.length && !document.getElementById("game-data")) {
      panel.appendChild(el("p", "flash flash-info outbox-waiting", say(T.keptHere, { count: waiting.length })));
    }
    items.filter(function (i) { return i.state === "refused"; }).forEach(function (item) {
      var box = el("div", "flash flash-warning outbox-refused stack");
      box.id = "refused-" + item.id;
      box.setAttribute("role", "alert");
      box.appendChild(el("p", "", say(T.refused, { number: item.number, reason: reasonText(item) })));
      var actions = el("div", "form-actions");
      actions.appendChild(button(T.correct, function () { correct(item); }, "btn btn-primary"));
      actions.appendChild(button(T.reenter, function () { reenter(item); }));
      actions.appendChild(button(T.discard, function () { deleteItem(item.id).then(render).then(flush); }));
      box.appendChild(actions);
      panel.appendChild(box);
    });
  }

  function readNotice(game) {
    try { return JSON.parse(localStorage.getItem(NOTICE + game) || "null"); } catch (e) { return null; }
  }
  function clearNotice(game) { try { localStorage.removeItem(NOTICE + game); } catch (e) { /* off */ } }
  function writeNotice(game, notice) { try { localStorage.setItem(NOTICE + game, JSON.stringify(notice)); } catch (e) { /* off */ } }

  // ------------------------------------------------------------------ the user's word on a refused hand

  /* Correct it: back into the form (as the draft of the next hand), out of the outbox. */
  function correct(item) {
    allItems().then(function (items) {
      var form = handForm();
      var onPage = form && (form.elements.mode ? "cards" : "counts") === item.mode;
      var base = form ? serverNumber(form) : item.number;
      var number = nextNumber(items.filter(function (i) { return i.id !== item.id; }), item.game, base);
      if (drafts()) drafts().put(item.game, number, item.mode, item.fields);
      return deleteItem(item.id).then(function () {
        if (onPage) {
          form.elements.number.value = "";  // renumber() brings the draft back
          return render().then(function () { form.scrollIntoView({ block: "start" }); });
        }
        location.assign(item.mode === "cards" ? item.cardsUrl || item.recordUrl : item.boardUrl + "#record");
      });
    }).then(flush);  // the hands after it go on
  }

  /* Enter it as the next hand: the same hand, the next number, sent again. */
  function reenter(item) {
    allItems().then(function (items) {
      var form = handForm(), base = item.serverNext || item.number;
      if (form) base = Math.max(base, serverNumber(form));
      item.number = nextNumber(items.filter(function (i) { return i.id !== item.id; }), item.game, base);
      item.fields = item.fields.map(function (p) { return p[0] === "number" ? ["number", String(item.number)] : p; });
      item.state = "waiting";
      delete item.message;
      delete item.errors;
      return putItem(item);
    }).then(render).then(flush);
  }

  // ------------------------------------------------------------------ saving

  function busy(form, on) {
    var save = form.querySelector("#save-hand");
    if (on) {
      form.dataset.sending = "1";
      form.setAttribute("aria-busy", "true");
      if (save) {
        form.dataset.saveLabel = form.dataset.saveLabel || save.textContent;
        save.textContent = T.saving || "…";
        save.disabled = true;
        save.setAttribute("aria-busy", "true");
      }
    } else {
      delete form.dataset.sending;
      form.removeAttribute("aria-busy");
      if (save) {
        save.disabled = false;
        save.removeAttribute("aria-busy");
        if (form.dataset.saveLabel) save.textContent = form.dataset.saveLabel;
      }
    }
  }

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

  function itemOf(form) {
    var fields = pairs(form), data = readJson("game-data");
    var rules = data ? data.rules : readJson("game-rules");
    return {
      game: form.dataset.draftGame,
      mode: form.elements.mode ? form.elements.mode.value : "counts",
      number: Number(form.elements.number.value),
      requestId: form.elements.request_id.value,
      fields: fields,
      entry: entryOf(form, fields, rules),
      rules: rules,
      // (form.action is the Save button: its name is "action")
      recordUrl: new URL(form.getAttribute("action"), location.href).href,
      csrfUrl: form.dataset.csrfUrl,
      boardUrl: form.dataset.boardUrl,
      cardsUrl: form.dataset.cardsUrl,
      state: "waiting",
      queuedAt: Date.now(),
    };
  }

  /* Into the outbox, shown at once; the form is ready for the next hand. */
  function keep(form, item) {
    return withExpectation(item).then(function (it) { return store(form, it); });
  }

  function store(form, item) {
    if (scorer() && item.rules) {
      var result = null;
      try { result = scorer().scoreEntry(item.rules, item.mode, item.entry); } catch (e) { result = null; }
      if (result && !result.ok) {
        busy(form, false);
        var preview = form.querySelector("#hand-preview");
        if (preview) {
          preview.innerHTML = "";
          var p = el("p", "preview preview-errors", T.invalidHere);
          p.setAttribute("role", "alert");
          preview.appendChild(p);
        }
        return Promise.resolve();
      }
    }
    askPersistence();
    return putItem(item).then(function () {
      if (drafts()) drafts().clear(form);
      busy(form, false);
      var kept = el("p", "flash flash-info outbox-kept", say(T.kept, { number: item.number }));
      kept.id = "outbox-kept";
      kept.setAttribute("role", "status");
      kept.tabIndex = -1;
      var old = document.getElementById("outbox-kept");
      if (old) old.remove();
      var panel = document.getElementById("outbox");
      return render().then(function () {
        if (panel) { panel.insertBefore(kept, panel.firstChild); showMessage(kept); }
        scheduleRetry(0);
      });
    });
  }

  /* Send the form the plain way (the page then explains a refusal as without this
     file); Save stays disabled: a disabled button sends no "action", which saves. */
  function fallback(form) {
    form.dataset.plain = "1";
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
  }

  /* The board, loaded again (from the board itself too: only its hash would change), at
     the top: "Hand N saved" over the totals. */
  function openBoard(url) {
    var target = new URL(url, location.href);
    if (target.pathname === location.pathname && target.search === location.search) {
      if ("scrollRestoration" in history) history.scrollRestoration = "manual";
      location.reload();
    } else {
      location.assign(target.href);
    }
  }

  function onSubmit(event) {
    var form = event.target;
    if (!form.matches || !form.matches("#hand-form[data-draft-game]")) return;
    if (form.dataset.plain) { delete form.dataset.plain; return; }
    if (event.submitter && event.submitter.value === "preview") return;
    event.preventDefault();
    if (form.dataset.sending) return;  // one tap saves once
    busy(form, true);
    var item = itemOf(form);
    allItems().then(function (items) {
      var queued = items.some(function (i) { return i.game === item.game && i.state !== "sent"; });
      if (!navigator.onLine || queued) return keep(form, item);  // after the hands waiting
      return send(item, true, form.elements.csrf_token.value).then(function (answer) {
        if (answer.kind === "saved") {
          if (drafts()) drafts().clear(form);
          openBoard(item.boardUrl);
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
    }).catch(function (error) { if (window.console) console.error(error); fallback(form); });
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
          if (answer.status === "saved" || answer.status === "already_saved") return { kind: "saved", answer: answer };
          return { kind: "refused", answer: answer };
        });
      }, function () { return { kind: "network" }; });
  }

  /* The hand comes back to the user, with the server's reason. */
  function refuse(item, result) {
    item.state = "refused";
    if (result.kind === "gone") {
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
    var changed = false;
    function next() {
      return allItems().then(function (items) {
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
          if (result.kind === "saved") {
            var a = result.answer;
            var expected = item.expectTotals;
            if (expected && a.totals && expected.join() !== a.totals.join()) {
              writeNotice(item.game, { number: a.number, totals: a.totals });
            }
            item.state = "sent";
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
      if (changed) {
        render();
        document.dispatchEvent(new CustomEvent("scorekeeper:board-stale"));
      }
      if (again) { again = false; return drain(); }
    }, function () { sending = false; scheduleRetry(); });
  }

  // ------------------------------------------------------------------ the provisional totals each kept hand expects

  /* Before a hand goes in, what the totals will be after it (for the mismatch check). */
  function withExpectation(item) {
    var data = readJson("game-data");
    var s = scorer();
    if (!data || !s) return Promise.resolve(item);
    return allItems().then(function (items) {
      var totals = data.totals.slice(), ok = true;
      inPlay(items, item.game, data.next_hand).concat([item]).forEach(function (i) {
        var r = score(i);
        if (!r) { ok = false; return; }
        totals = totals.map(function (t, k) { return t + r.sides[k].total; });
      });
      if (ok) item.expectTotals = totals;
      return item;
    });
  }

  // ------------------------------------------------------------------ the "saved" message, in view

  function showMessage(node) {
    if (!node) return;
    if (!node.hasAttribute("tabindex")) node.tabIndex = -1;
    node.focus({ preventScroll: true });
    node.scrollIntoView({ block: "start" });
  }

  function showFlash() {
    var flash = document.querySelector("main .flashes");
    if (flash && document.getElementById("live")) showMessage(flash);
  }

  // ------------------------------------------------------------------ wiring

  document.addEventListener("submit", onSubmit);
  window.addEventListener("online", function () { retryMs = RETRY_MIN_MS; flush(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { render(); flush(); }
  });
  window.addEventListener("pageshow", function (event) {
    var form = handForm();
    if (event.persisted && form) busy(form, false);  // back from the board: the form works again
  });
  // The board swapped in by live.js: its hands kept here go back in their place.
  var live = document.getElementById("live");
  if (live && window.MutationObserver) {
    // Only live.js replaces #live's children (this file changes what is inside them).
    new MutationObserver(function () { render(); }).observe(live, { childList: true });
  }
  showFlash();
  window.addEventListener("load", function () { setTimeout(showFlash, 0); });

  window.ScopaOutbox = { flush: flush, render: render, items: allItems };
  render().then(function () { return allItems(); }).then(function (items) {
    if (items.length) askPersistence();
    flush();
  });
})();
