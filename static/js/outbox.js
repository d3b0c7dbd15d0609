/* Hands kept on the phone, in two parts: the drafts, then the outbox (one file: both
   come on every page with a new hand's form, and each response costs its headers). */

/* Drafts: the hand being typed (counts on the board, the tapped cards on the card-by-card
   page) is kept on the phone as it is typed, in localStorage, under the game and the
   hand's number (and how it is entered), and comes back after a reload, Back, a killed tab
   or a closed browser, until it is saved or discarded ("Discard draft", shown where a
   draft came back). Only forms of a new hand carry data-draft-game (the game's view
   token); corrections of a past hand are not kept.

   Load it before cardgrid.js, so that the tapped cards are back before the grid is drawn.
   The outbox (below) uses window.ScopaDrafts: the hand it keeps or sends is no draft any
   more. Every page works without this file. */
(function () {
  "use strict";
  var PREFIX = "scorekeeper-draft:";
  //: What the server puts into the form and a draft must never overwrite.
  var SKIP = { csrf_token: 1, request_id: 1, number: 1, action: 1, mode: 1 };

  function storage() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  function texts() {
    return (window.ScorekeeperTexts || {})["offline-texts"] || {};
  }

  function say(template, values) {
    return String(template || "").replace(/%\((\w+)\)s/g, function (_, name) {
      return values && values[name] !== undefined ? values[name] : "";
    });
  }

  function modeOf(form) {
    return form.elements.mode ? form.elements.mode.value : "counts";
  }

  function keyFor(game, number, mode) {
    return PREFIX + game + ":" + number + ":" + mode;
  }

  function keyOf(form) {
    var game = form.dataset.draftGame, number = form.elements.number;
    if (!game || !number || !number.value) return null;
    return keyFor(game, number.value, modeOf(form));
  }

  /* The form's fields as [name, value] pairs, as it would send them (minus what the
     server owns); null when nothing differs from the form as the server drew it. */
  function fieldsOf(form) {
    var pairs = [], changed = false;
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || SKIP[el.name] || el.disabled || el.type === "submit" || el.type === "button") return;
      if (el.type === "checkbox" || el.type === "radio") {
        if (el.checked) pairs.push([el.name, el.value]);
        if (el.checked !== el.defaultChecked) changed = true;
      } else if (el.tagName === "SELECT") {
        pairs.push([el.name, el.value]);
        var option = el.options[el.selectedIndex];
        if (option && !option.defaultSelected && el.selectedIndex !== 0) changed = true;
      } else {
        pairs.push([el.name, el.value]);
        if (el.value !== el.defaultValue) changed = true;
      }
    });
    return changed ? pairs : null;
  }

  function save(form) {
    var store = storage(), key = keyOf(form);
    if (!store || !key) return;
    var fields = fieldsOf(form);
    try {
      if (fields) store.setItem(key, JSON.stringify({ fields: fields, at: Date.now() }));
      else store.removeItem(key);
    } catch (e) { /* storage full or off: the form still works */ }
  }

  function read(key) {
    var store = storage();
    if (!store || !key) return null;
    try {
      var draft = JSON.parse(store.getItem(key) || "null");
      return draft && Array.isArray(draft.fields) ? draft : null;
    } catch (e) { return null; }
  }

  /* Put `fields` ([name, value] pairs) into the form: every field not named is blank
     (a box unticked, a choice unchosen), as when the draft was kept. */
  function apply(form, fields) {
    var values = {};
    fields.forEach(function (pair) { (values[pair[0]] = values[pair[0]] || []).push(String(pair[1])); });
    var first = null;
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || SKIP[el.name] || el.type === "submit" || el.type === "button") return;
      var sent = values[el.name] || [];
      if (el.type === "checkbox" || el.type === "radio") {
        el.checked = sent.indexOf(el.value) !== -1;
      } else if (el.tagName === "SELECT") {
        el.value = sent.length ? sent[0] : (el.options[0] ? el.options[0].value : "");
      } else {
        el.value = sent.length ? sent[0] : "";
        delete el.dataset.auto;
      }
      first = first || el;
    });
    form.dataset.dirty = "1";
    // The points follow (games.js asks for them on a change), once every script is there.
    if (first) {
      whenLoaded(function () {
        first.dispatchEvent(new CustomEvent("scorekeeper:draft-restored", { bubbles: true }));
        first.dispatchEvent(new Event("change", { bubbles: true }));
      });
    }
  }

  var waiting = [];
  function whenLoaded(fn) { if (waiting) waiting.push(fn); else fn(); }
  document.addEventListener("DOMContentLoaded", function () {
    var queued = waiting;
    waiting = null;
    queued.forEach(function (fn) { fn(); });
  });

  function note(form) { return form.querySelector(".draft-note"); }

  function showRestored(form) {
    if (note(form)) return;
    var t = texts(), p = document.createElement("p");
    p.className = "draft-note flash flash-info";
    p.setAttribute("role", "status");
    var span = document.createElement("span");
    span.textContent = say(t.draftRestored, { number: form.elements.number.value }) + " ";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "btn";
    button.id = "discard-draft";
    button.textContent = t.discardDraft || "Discard draft";
    button.addEventListener("click", function () { discard(form); });
    p.append(span, button);
    form.insertBefore(p, form.firstChild);
  }

  function clearPreview(form) {
    var preview = form.querySelector("#hand-preview");
    if (preview) preview.innerHTML = "";
  }

  /* Throw the draft away and give the form back as the server drew it. */
  function discard(form) {
    clear(form);
    var n = note(form);
    if (n) n.remove();
    form.reset();
    delete form.dataset.dirty;
    clearPreview(form);
  }

  function clear(form) {
    var store = storage(), key = keyOf(form);
    if (store && key) store.removeItem(key);
  }

  /* The form as the server sent it back (refused, or its points shown): what it holds is
     what was sent, newer than any draft, and becomes the draft. */
  function sentBack(form) {
    return form.querySelector(".error, .preview, [aria-invalid=true]") !== null;
  }

  /* Bring back the draft of the form's hand, if this phone kept one. */
  function restore(form) {
    if (sentBack(form)) { save(form); return false; }
    var draft = read(keyOf(form));
    if (!draft) return false;
    apply(form, draft.fields);
    showRestored(form);
    return true;
  }

  /* Keep `fields` as the draft of hand `number` (outbox.js: a hand to correct). */
  function put(game, number, mode, fields) {
    var store = storage();
    if (!store) return;
    try { store.setItem(keyFor(game, number, mode), JSON.stringify({ fields: fields, at: Date.now() })); } catch (e) { /* full */ }
  }

  /* Drafts of hands the board already has (saved by a page without this script) go. */
  function prune() {
    var store = storage(), el = document.getElementById("game-data");
    if (!store || !el) return;
    var data;
    try { data = JSON.parse(el.textContent); } catch (e) { return; }
    var mine = PREFIX + data.game + ":";
    for (var i = store.length - 1; i >= 0; i--) {
      var key = store.key(i);
      if (key && key.indexOf(mine) === 0 && Number(key.slice(mine.length).split(":")[0]) < data.next_hand) {
        store.removeItem(key);
      }
    }
  }

  function draftForm(el) {
    var form = el && el.closest ? el.closest("#hand-form") : null;
    return form && form.dataset.draftGame ? form : null;
  }

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = draftForm(event.target);
      if (form && !form.dataset.sending) save(form);
    });
  });

  window.ScopaDrafts = { save: save, clear: clear, restore: restore, put: put, discard: discard, fieldsOf: fieldsOf };

  prune();
  document.querySelectorAll("#hand-form[data-draft-game]").forEach(restore);
})();

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
   loaded by loadScorer() only when needed: a hand kept, the preview without signal;
   without it the hand shows without points). More hands follow it, to the end of the
   game.

   The PREVIEW without signal: games.js asks previewHere(form) for the points of the
   hand in the form computed here (or what is wrong with it), in the look of the
   server's fragment (templates/games/_preview.html), marked as computed on this phone.

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
  var TAG = document.currentScript ? document.currentScript.dataset : {};
  var SCORER = (TAG.scorer || "").split(" ").filter(Boolean), KEPT = (TAG.kept || "").split(" ").filter(Boolean);
  var retryMs = RETRY_MIN_MS, retryTimer = null, sending = false, again = false;

  // ------------------------------------------------------------------ small helpers

  /* The JSON a page carries for its scripts in <script id=`id`>, over the words every
     page shares under that id (the texts' script: window.ScorekeeperTexts, ui/outbox.py). */
  function readJson(id) {
    var el = document.getElementById(id), shared = (window.ScorekeeperTexts || {})[id], own = null;
    if (el) {
      try { own = JSON.parse(el.textContent); } catch (e) { own = null; }
    }
    if (!shared) return own;
    var both = {};
    [shared, own || {}].forEach(function (part) {
      Object.keys(part).forEach(function (key) { both[key] = part[key]; });
    });
    return both;
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

  /* Scripts fetched once, when first needed, in order (`srcs`), until `ready()` gives
     what they define; the service worker keeps them for offline use. The scorer (its
     constants, then itself: the outbox.js tag's data-scorer), and this file's other
     half (data-kept: static/js/outbox-kept.js). */
  var loading = {};
  function load(name, srcs, ready) {
    if (ready()) return Promise.resolve(ready());
    if (!loading[name]) {
      loading[name] = new Promise(function (resolve, reject) {
        if (!srcs.length) { reject(new Error("no " + name)); return; }
        srcs.forEach(function (src, k) {
          var tag = document.createElement("script");
          tag.src = src;
          tag.async = false;  // in order: the constants first
          tag.onerror = function () { tag.remove(); reject(new Error(src)); };
          if (k === srcs.length - 1) tag.onload = function () { return ready() ? resolve(ready()) : reject(new Error(src)); };
          document.head.appendChild(tag);
        });
      });
      loading[name].catch(function () { loading[name] = null; });  // tried again next time
    }
    return loading[name];
  }
  function loadScorer() { return load("scorer", SCORER, scorer); }

  var keptHalf = null;
  function kept() {
    if (!keptHalf && window.ScopaOutboxKept) keptHalf = window.ScopaOutboxKept(core);
    return keptHalf;
  }
  function loadKept() { return load("kept", KEPT, kept); }

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
        open.onsuccess = function () {
          // Another page empties the store for another account (page.js): let it.
          open.result.onversionchange = function () { open.result.close(); dbPromise = null; };
          resolve(open.result);
        };
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

  /* Everything kept, in the order it was kept: hands, and confirmations of hands the
     server already has (kind "confirm": sent in the same queue, never shown as hands). */
  function everything() {
    return tx("readonly", function (s) { return s.getAll(); }).then(function (items) {
      return (items || []).sort(function (a, b) { return a.id - b.id; });
    });
  }
  /* The hands kept. */
  function allItems() {
    return everything().then(function (items) { return items.filter(function (i) { return !i.kind; }); });
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

  /* The kept hands in their place, the outbox's line, the form's number: drawn by the
     other half, fetched only once this game has something kept (or shown before). */
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
      var mine = items.some(function (i) { return i.game === game; });
      if (!mine && !kept() && !readNotice(game)) return;  // nothing here to show
      return loadKept().then(function (half) { half.show(items, game, base, form, data); });
    }).catch(function () {});
    return rendering;
  }

  function readNotice(game) {
    try { return JSON.parse(localStorage.getItem(NOTICE + game) || "null"); } catch (e) { return null; }
  }
  function clearNotice(game) { try { localStorage.removeItem(NOTICE + game); } catch (e) { /* off */ } }
  function writeNotice(game, notice) { try { localStorage.setItem(NOTICE + game, JSON.stringify(notice)); } catch (e) { /* off */ } }

  // ------------------------------------------------------------------ the user's word on a refused hand

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

  function pageRules() {
    var data = readJson("game-data");
    return data ? data.rules : readJson("game-rules");
  }

  function itemOf(form) {
    var fields = pairs(form), rules = pageRules();
    return {
      game: form.dataset.draftGame,
      mode: form.elements.mode ? form.elements.mode.value : "counts",
      number: Number(form.elements.number.value),
      requestId: form.elements.request_id.value,
      fields: fields,
      entry: null,  // by keep(), when the hand stays here
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
    askPersistence();
    return putItem(item).then(function (id) {
      item.id = id;
      if (drafts()) drafts().clear(form);
      busy(form, false);
      dropNotes(true);  // the board has changed: "Hand N saved" is old news
      var kept = el("p", "flash flash-info outbox-kept", say(T.kept, { number: item.number }));
      kept.id = "outbox-kept";
      kept.setAttribute("role", "status");
      kept.tabIndex = -1;
      var old = document.getElementById("outbox-kept");
      if (old) old.remove();
      var panel = document.getElementById("outbox");
      var ask = half ? half.confirmHere(item) : null;
      if (ask) kept.appendChild(ask);
      return render().then(function () {
        if (panel) { panel.insertBefore(kept, panel.firstChild); showMessage(kept); }
        scheduleRetry(0);
      });
    });
  }

  function fallback(form) {
    form.dataset.plain = "1";
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
  }

  /* The board, loaded again, at the top; after hand `saved` was saved, with "Hand N
     saved" over the totals (the board says it when opened as ?saved=N). From the board
     itself it takes the board's place in the history (Back leaves the game, as after a
     save without this file). */
  function openBoard(url, saved) {
    var target = new URL(url, location.href);
    if (saved) target.searchParams.set("saved", saved);
    if (target.pathname !== location.pathname) {
      location.assign(target.href);
    } else if (target.search !== location.search) {
      location.replace(target.href);
    } else {
      if ("scrollRestoration" in history) history.scrollRestoration = "manual";
      location.reload();
    }
  }

  /* The board opened as ?saved=N keeps its plain address: reloaded, bookmarked or shared
     it says nothing of a save. */
  function forgetSaved() {
    var url = new URL(location.href);
    if (!url.searchParams.has("saved") || !history.replaceState) return;
    url.searchParams.delete("saved");
    history.replaceState(history.state, "", url.href);
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

  // ------------------------------------------------------------------ the provisional totals each kept hand expects

  // ------------------------------------------------------------------ the board's notes

  /* The notes over the board ("Hand N saved", base.html's .flashes) speak of the board as
     it was opened: once it changes (a hand kept here, the board swapped in by games.js's live part, a
     copy the service worker kept) they go. `all`: this file's own too ("2 hands sent"). */
  function dropNotes(all) {
    document.querySelectorAll("main > .flashes").forEach(function (box) {
      box.querySelectorAll(all ? ".flash" : ".flash:not(.outbox-note)").forEach(function (n) { n.remove(); });
      if (!box.querySelector(".flash")) box.remove();
    });
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

  // ------------------------------------------------------------------ a confirmation kept without signal

  /* "Confermiamo" kept without signal: the other half does it (outbox-kept.js), loaded
     when first needed as for a hand (the service worker keeps it offline). */
  function keepConfirmation(form) {
    return loadKept().then(function (half) { return half.keepConfirmation(form); });
  }

  /* A tournament pair's page without signal (templates/tournaments/side.html): "We
     confirm this result" is kept in the outbox and sent once the signal is back. */
  function onResultConfirm(event) {
    var form = event.target;
    if (!form.getAttribute || navigator.onLine) return;
    var path = new URL(form.getAttribute("action") || "", location.href).pathname;
    if (!/^\/tournaments\/side\/[^/]+\/confirm$/.test(path)) return;
    event.preventDefault();
    var b = form.querySelector("button[type=submit]");
    if (b) { if (b.disabled) return; b.disabled = true; }
    loadKept().then(function (half) { return half.resultKept(form); }).catch(function () { form.submit(); });
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
  document.addEventListener("submit", onResultConfirm);
  window.addEventListener("online", function () { retryMs = RETRY_MIN_MS; flush(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { render(); flush(); }
  });
  window.addEventListener("pageshow", function (event) {
    var form = handForm();
    if (event.persisted && form) busy(form, false);  // back from the board: the form works again
  });
  // The board swapped in by the live part of games.js: its hands kept here go back in their place.
  var live = document.getElementById("live");
  if (live && window.MutationObserver) {
    // Only games.js (its live part) replaces #live's children (this file changes what is inside them).
    new MutationObserver(function () { dropNotes(false); render(); }).observe(live, { childList: true });
  }
  // A copy of the board the service worker kept: its notes are those of the day it was kept.
  if (document.documentElement.dataset.offlineSince) dropNotes(true);
  forgetSaved();
  showFlash();
  window.addEventListener("load", function () { setTimeout(showFlash, 0); });

  // ------------------------------------------------------------------ the preview without signal

  /* The points of the hand in `form` computed here (outbox-kept.js). */
  function previewHere(form) {
    return loadKept().then(function (half) { return half.previewHere(form); });
  }

  var core = {
    T: T, say: say, el: el, button: button, readJson: readJson, newRequestId: newRequestId,
    scorer: scorer, loadScorer: loadScorer, drafts: drafts, handForm: handForm, pairs: pairs,
    allItems: allItems, putItem: putItem, deleteItem: deleteItem, pageGame: pageGame,
    serverNumber: serverNumber, inPlay: inPlay, nextNumber: nextNumber, pageRules: pageRules,
    render: render, flush: flush, readNotice: readNotice, clearNotice: clearNotice,
    everything: everything, openBoard: openBoard, askPersistence: askPersistence,
    scheduleRetry: scheduleRetry,
  };
  window.ScopaOutbox = {
    flush: flush, render: render, items: allItems, loadScorer: loadScorer, previewHere: previewHere,
    keepConfirmation: keepConfirmation, everything: everything, texts: T,
  };
  render().then(function () { return allItems(); }).then(function (items) {
    if (items.length) askPersistence();
    flush();
  });
})();
