/* Every page, before the other scripts (the first deferred one): the hands this phone
   keeps (drafts: static/js/drafts.js; the outbox and its notes: static/js/outbox.js)
   belong to the account that kept them. The page names its keeper (<meta
   name="sk-keeper">, scorekeeper/keeper.py); when it is not the one that kept what is
   here (the phone changed account: a log-in over another, a log-out, "log out
   everywhere" from another device), everything kept is emptied before any script shows
   it. The service worker does the same for the boards and QR codes it keeps
   (templates/main/sw.js). A page without a keeper (the offline page) or shown from a
   kept copy without signal empties nothing. What was kept before keepers existed is
   adopted by the first keeper seen. The page works the same without this file. */
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="sk-keeper"]');
  if (!meta || document.documentElement.hasAttribute("data-offline-since")) return;
  var KEY = "scorekeeper-keeper", KEPT = ["scorekeeper-draft:", "scorekeeper-outbox-notice:"];
  var OUTBOX_DB = "scorekeeper";
  var store = null;
  try { store = window.localStorage; } catch (e) { /* storage off: nothing kept */ }
  if (!store) return;
  var keeper = meta.content, stored = store.getItem(KEY);
  if (stored === keeper) return;
  if (stored !== null) {
    for (var i = store.length - 1; i >= 0; i--) {
      var key = store.key(i) || "";
      if (KEPT.some(function (prefix) { return key.indexOf(prefix) === 0; })) store.removeItem(key);
    }
    // Opened later by outbox.js, the database waits for its deletion to finish.
    if (window.indexedDB) window.indexedDB.deleteDatabase(OUTBOX_DB);
  }
  try { store.setItem(KEY, keeper); } catch (e) { /* full: asked again next page */ }
})();
