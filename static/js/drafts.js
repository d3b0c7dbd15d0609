/* Drafts: the hand being typed (counts on the board, the tapped cards on the card-by-card
   page) is kept on the phone as it is typed, in localStorage, under the game and the
   hand's number (and how it is entered), and comes back after a reload, Back, a killed tab
   or a closed browser, until it is saved or discarded ("Discard draft", shown where a
   draft came back). Only forms of a new hand carry data-draft-game (the game's view
   token); corrections of a past hand are not kept.

   Load it before cardgrid.js, so that the tapped cards are back before the grid is drawn.
   outbox.js uses window.ScopaDrafts: the hand it keeps or sends is no draft any more.
   Every page works without this file. */
(function () {
  "use strict";
  var PREFIX = "scorekeeper-draft:";
  //: What the server puts into the form and a draft must never overwrite.
  var SKIP = { csrf_token: 1, request_id: 1, number: 1, action: 1, mode: 1 };

  function storage() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  function texts() {
    var el = document.getElementById("offline-texts");
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
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
