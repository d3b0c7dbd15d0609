/* A hand's form, on the board and on a hand's own pages (by cards, a correction), in
   three parts: quick entry, the drafts, the outbox (one file: each response costs its
   headers). Every page works without this file. Quick entry:
   - once every side but one has its cards (or denari), the one left fills in as you type
     (the rest of the deck: the form's data-whole);
   - the points are asked of the server as you type; without an answer, a new hand's are
     computed on the phone (ScopaOutbox.previewHere) until the server answers again;
   - "decide from the best cards" opens the best-card pickers; no count shows a leading 0;
   - a refused hand: its summary (#errors) has the focus, the first wrong field is in
     view, each line's link puts the focus in its field;
   - a napola the counts force is offered under its box ([data-napola-offer]).
   The board's own parts are games.js's. */
(function () {
  "use strict";
  var timer = null;

  function handForm(el) { return el && el.closest ? el.closest("#hand-form") : null; }

  /* What the sides' counts add up to, as the server says ({cards: .., denari: ..}). */
  function whole(form) { return JSON.parse(form.dataset.whole || "{}"); }

  /* Each side's box of one count ("cards" or "denari"), in side order. */
  function countBoxes(form, name) {
    var boxes = [];
    for (var i = 0; i < Number(form.dataset.sides || 0); i++) {
      var box = form.querySelector("#sides-" + i + "-" + name);
      if (!box) return [];
      boxes.push(box);
    }
    return boxes;
  }

  /* What the boxes add up to, or null while one of them holds no whole number. */
  function typedSum(boxes) {
    var sum = 0;
    for (var i = 0; i < boxes.length; i++) {
      var text = boxes[i].value.trim();
      if (!/^\d+$/.test(text)) return null;
      sum += Number(text);
    }
    return sum;
  }

  /* Once every side but one has its count, the one left is the rest of the deck, filled
     in and marked data-auto (as the server's form fills in a count left blank on one side
     alone); a box filled in so follows the others, and empties once it is not the only
     one left. */
  function fillTheRest(form, name) {
    var boxes = countBoxes(form, name), total = whole(form)[name];
    if (boxes.length < 2 || total === undefined) return;
    var open = boxes.filter(function (b) { return b.value === "" || b.dataset.auto === "1"; });
    var sum = typedSum(boxes.filter(function (b) { return open.indexOf(b) < 0; }));
    open.forEach(function (b) {
      b.value = open.length === 1 && sum !== null ? String(total - sum) : b.dataset.auto === "1" ? "" : b.value;
    });
    if (open.length === 1) open[0].dataset.auto = "1";
  }

  /* Counts that already add up to the deck (filled in by the server after a refused
     entry, a draft put back, a stored hand being corrected) keep following: the last
     side's is the rest (with two sides, either is the other's), so it moves as the others
     change. */
  function markComplements(form) {
    var totals = whole(form);
    Object.keys(totals).forEach(function (name) {
      var boxes = countBoxes(form, name);
      if (boxes.length < 2 || typedSum(boxes) !== totals[name]) return;
      boxes[boxes.length - 1].dataset.auto = "1";
      if (boxes.length === 2) boxes[0].dataset.auto = "1";
    });
  }
  document.querySelectorAll("#hand-form").forEach(markComplements);
  // A draft put back by outbox.js's drafts follows the same way.
  document.addEventListener("scorekeeper:draft-restored", function (event) {
    var form = handForm(event.target);
    if (form) markComplements(form);
    if (form && navigator.onLine === false) preview(form);  // its points, offline too
  });

  function preview(form) {
    var url = form.dataset.previewUrl, target = form.querySelector("#hand-preview");
    if (!url || !target || !window.fetch) return;
    clearTimeout(timer);
    // While the points are on their way the form says so (data-previewing), so that
    // whatever waits for the page to settle (the browser tests) can tell.
    form.dataset.previewing = "1";
    timer = setTimeout(function () {
      var asked = navigator.onLine === false ? Promise.reject(new Error("offline")) :
        fetch(url, { method: "POST", body: new FormData(form), credentials: "same-origin" });
      asked
        .then(function (r) { if (r.status >= 500) throw new Error(r.status); return r.ok ? r.text() : null; })
        .then(function (html) {
          if (html !== null) target.innerHTML = html;
          showOffers(target);
          delete form.dataset.previewHere;
        }, function () { return previewHere(form, target); })
        .catch(function () {})
        .then(function () { if (!timer) delete form.dataset.previewing; });
      timer = null;
    }, 350);
  }

  /* No answer: the points computed on the phone, until the server's come. */
  function previewHere(form, target) {
    var outbox = window.ScopaOutbox;
    if (!outbox || !outbox.previewHere || !form.dataset.draftGame) return null;  // a new hand's
    return outbox.previewHere(form).then(function (node) {
      if (!node) return;
      target.innerHTML = "";
      target.appendChild(node);
      showOffers(target);
      form.dataset.previewHere = "1";
    });
  }
  // Back online: the server's points replace the phone's.
  window.addEventListener("online", function () {
    document.querySelectorAll("#hand-form[data-preview-here]").forEach(preview);
  });

  function noLeadingZero(input) {
    if (input.getAttribute("inputmode") !== "numeric") return;
    var trimmed = input.value.replace(/^0+(?=\d)/, "");
    if (trimmed !== input.value) input.value = trimmed;
  }

  document.addEventListener("input", function (event) {
    var form = handForm(event.target);
    if (!form) return;
    form.dataset.dirty = "1";
    delete event.target.dataset.auto;
    noLeadingZero(event.target);
    var count = /^sides-\d+-(cards|denari)$/.exec(event.target.id);
    if (count) fillTheRest(form, count[1]);
    preview(form);
  });

  document.addEventListener("change", function (event) {
    var form = handForm(event.target);
    if (!form) return;
    form.dataset.dirty = "1";
    if (event.target.name === "primiera" && event.target.value === "cards") {
      var picker = form.querySelector("#primiera-cards");
      if (picker) picker.open = true;
    }
    preview(form);
  });

  /* A refused hand: the summary has the focus (the page's autofocus gave it where the
     browser does), and it and the first wrong field are in view above Save: as the page
     opened if they are, else with the summary at the top of the screen, else (the field
     too far below it) with the field in the middle. */
  function showErrors() {
    var summary = document.getElementById("errors");
    if (!summary) return;
    var field = target(summary.querySelector("a[href^='#']")), form = handForm(summary);
    var bar = form && form.querySelector(".form-actions");
    function fits(el) {
      var box = el.getBoundingClientRect(), limit = bar ? bar.getBoundingClientRect().top : window.innerHeight;
      return box.top >= 0 && box.bottom <= limit;
    }
    summary.focus({ preventScroll: true });
    if (fits(summary) && (!field || fits(field))) return;
    summary.scrollIntoView({ block: "start" });
    if (field && !fits(field)) field.scrollIntoView({ block: "center" });
  }
  showErrors();

  function target(link) {
    var id = link && link.getAttribute("href").slice(1);
    return id ? document.getElementById(id) : null;
  }

  // A line of the summary: the field itself, ready to be corrected (out of its fold).
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("#errors a[href^='#']") : null, to = target(link);
    if (!to) return;
    var fold = to.closest("details:not([open])");
    if (fold) fold.open = true;
    event.preventDefault();
    to.focus({ preventScroll: true });
    to.scrollIntoView({ block: "center" });
  });

  /* The napola the counts force, offered under the side's box: shown with this script,
     one tap fills the box in (as if typed: the preview follows) and the offer goes. */
  function showOffers(root) {
    root.querySelectorAll("[data-napola-offer]").forEach(function (offer) { offer.hidden = false; });
  }
  showOffers(document);
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-napola-offer] [data-fill]") : null;
    var box = button && document.getElementById(button.dataset.fill);
    if (!box) return;
    box.value = button.dataset.run;
    box.dispatchEvent(new Event("input", { bubbles: true }));
    box.dispatchEvent(new Event("change", { bubbles: true }));
    button.closest("[data-napola-offer]").hidden = true;
    box.focus();
  });

  // The points follow the form as it is filled in: the button doing it by hand can go
  // (app.css hides it under .js-preview, also in boards swapped in by games.js's live part).
  if (window.fetch) document.documentElement.classList.add("js-preview");
})();

/* Drafts: the hand being typed (counts, or the tapped cards) is kept in localStorage under
   the game, the hand's number and how it is entered, and comes back after a reload, Back,
   a killed tab or a closed browser, until it is saved or discarded ("Discard draft").
   Only a new hand's form carries data-draft-game (the game's view token): corrections
   are not kept. Before cardgrid.js: the tapped cards are back before the grid is drawn.
   The outbox (below) clears a hand's draft once it keeps or sends it (ScopaDrafts). */
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

/* The outbox: a hand saved without signal is kept on the phone (IndexedDB), shown at once
   in its place on the board, "not sent yet", and sent once the signal is back. Here is
   what a page needs as it opens: the store, the kept hands' place (drawn by
   outbox-kept.js, fetched only once something is kept, with the scorer: loadScorer),
   the board's notes and Save's first moment. Saving and sending are outbox-send.js's
   (data-send), fetched as the form is first changed, at Save, or when a hand waits.
   previewHere(form): the points of the form's hand computed here (outbox-kept.js). */
(function () {
  "use strict";
  if (!window.fetch || !window.indexedDB || !window.JSON) return;

  var DB_NAME = "scorekeeper", STORE = "outbox", NOTICE = "scorekeeper-outbox-notice:";
  var T = readJson("offline-texts") || {};
  var TAG = document.currentScript ? document.currentScript.dataset : {};
  var SCORER = (TAG.scorer || "").split(" ").filter(Boolean), KEPT = (TAG.kept || "").split(" ").filter(Boolean);
  var SEND = (TAG.send || "").split(" ").filter(Boolean);

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

  function scorer() { return window.ScopaScoring || null; }

  /* Scripts fetched once, when first needed, in order (`srcs`), until `ready()` gives
     what they define; the service worker keeps them for offline use. The scorer (its
     constants, then itself: the outbox.js tag's data-scorer), and this file's other
     halves (data-kept: static/js/outbox-kept.js; data-send: static/js/outbox-send.js). */
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

  var sendHalf = null;
  function sender() {
    if (!sendHalf && window.ScopaOutboxSend) sendHalf = window.ScopaOutboxSend(core);
    return sendHalf;
  }
  function loadSend() { return load("send", SEND, sender); }

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

  /* Save tapped: the form busy at once, then sent or kept by the sending half (fetched
     now if the form's first change did not); should anything fail, the plain way. */
  function onSubmit(event) {
    var form = event.target;
    if (!form.matches || !form.matches("#hand-form[data-draft-game]")) return;
    if (form.dataset.plain) { delete form.dataset.plain; return; }
    if (event.submitter && event.submitter.value === "preview") return;
    event.preventDefault();
    if (form.dataset.sending) return;  // one tap saves once
    busy(form, true);
    var item = itemOf(form);
    loadSend().then(function (half) { return half.save(form, item); }, function (error) {
      // No signal, and the sending half not kept yet (a first visit, before the service
      // worker has the files): the hand is kept here all the same, unscored, and sent by
      // that half once it comes (the signal back, or the board opened again).
      if (navigator.onLine) throw error;
      return keepHere(form, item, null);
    }).catch(function (error) { if (window.console) console.error(error); fallback(form); });
  }

  /* A hand into the outbox, said at once over the board's outbox ("hand N is kept on this
     phone", with `ask`: the other side's confirmation here, when asked); the form is
     ready for the next hand. */
  function keepHere(form, item, ask) {
    askPersistence();
    return putItem(item).then(function (id) {
      item.id = id;
      if (drafts()) drafts().clear(form);
      busy(form, false);
      dropNotes(true);  // the board has changed: "Hand N saved" is old news
      var note = el("p", "flash flash-info outbox-kept", say(T.kept, { number: item.number }));
      note.id = "outbox-kept";
      note.setAttribute("role", "status");
      note.tabIndex = -1;
      var old = document.getElementById("outbox-kept");
      if (old) old.remove();
      var panel = document.getElementById("outbox");
      if (ask) note.appendChild(ask);
      if (!kept()) renumber(form, item.number + 1);  // else the other half does, as it shows the outbox
      return render().then(function () {
        if (panel) { panel.insertBefore(note, panel.firstChild); showMessage(note); }
      });
    });
  }

  function newRequestId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    (window.crypto || { getRandomValues: function (a) { for (var i = 0; i < a.length; i++) a[i] = Math.random() * 256; return a; } }).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  /* The form is for hand `number`, the one after the last kept here: its number, a
     request id of its own (the server takes a second hand with the first one's id for
     that hand, sent twice), its heading and Save. */
  function renumber(form, number) {
    var field = form.elements.number;
    if (String(field.value) === String(number)) return;
    field.value = String(number);
    form.elements.request_id.value = newRequestId();
    if (!form.dataset.sending) {
      form.reset();
      field.value = String(number);
      delete form.dataset.dirty;  // nothing typed: the board may catch up (games.js)
      var preview = form.querySelector("#hand-preview");
      if (preview) preview.innerHTML = "";
      var note = form.querySelector(".draft-note");
      if (note) note.remove();
      if (drafts()) drafts().restore(form);
    }
    var heading = document.getElementById("record-heading");
    if (heading) heading.textContent = say(T.recordHand, { number: number });
    if (form.elements.mode) {
      var h1 = document.querySelector("main h1");
      if (h1) h1.textContent = say(T.recordHandCards, { number: number });
    }
    var save = form.querySelector("#save-hand");
    if (save && !form.dataset.sending) save.textContent = say(T.saveHand, { number: number });
    form.dataset.saveLabel = say(T.saveHand, { number: number });
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

  // ------------------------------------------------------------------ sending the outbox

  /* Send what waits, in order (the sending half; fetched only when something waits). */
  function flush() {
    if (!navigator.onLine) return Promise.resolve();
    if (sender()) return sender().flush();
    return everything().then(function (items) {
      if (!items.some(function (i) { return i.state === "waiting"; })) return null;
      return loadSend().then(function (half) { return half.flush(); });
    }).catch(function () {});
  }

  function scheduleRetry(ms) {
    loadSend().then(function (half) { half.scheduleRetry(ms); }, function () {});
  }

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
  window.addEventListener("online", function () { return sender() ? sender().online() : flush(); });
  // The form's first change: the sending half comes now, so that Save does not wait for it.
  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = handForm();
      if (!sendHalf && form && form.contains(event.target)) loadSend().catch(function () {});
    });
  });
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
    T: T, say: say, el: el, readJson: readJson,
    scorer: scorer, loadScorer: loadScorer, drafts: drafts, handForm: handForm, pairs: pairs,
    allItems: allItems, putItem: putItem, deleteItem: deleteItem, pageGame: pageGame,
    serverNumber: serverNumber, pageRules: pageRules,
    render: render, flush: flush, readNotice: readNotice, clearNotice: clearNotice,
    everything: everything, openBoard: openBoard, askPersistence: askPersistence,
    scheduleRetry: scheduleRetry, kept: kept, loadKept: loadKept, busy: busy, fallback: fallback,
    dropNotes: dropNotes, showMessage: showMessage, writeNotice: writeNotice, keepHere: keepHere,
    renumber: renumber, newRequestId: newRequestId,
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
