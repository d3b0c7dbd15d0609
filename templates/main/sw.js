/* Scorekeeper's service worker: the app shell and every board this phone opened work
   without signal. Plain JavaScript; main.service_worker serves it at /sw.js (scope "/")
   with the values below filled in.

   - The shell (every static file, at its versioned URL, the offline page and the
     scripts' words in each language) is fetched whole at install into a cache named after the shell's version;
     a file missing fails the install, and the version before stays in charge. Static
     files are then answered from that cache.
   - A new version takes over at once (skipWaiting, then clients.claim) and deletes the
     caches of the versions before. That is the sound choice for a server-rendered app:
     pages always come from the server, so the sooner the files match the server's pages,
     the better; and as every page names its files by digest (?v=), a page never meets
     files of another version (a URL not in the cache goes to the network). A page left
     open across the change says so and offers to reload (static/js/page.js).
   - Boards (/g/<token>, /v/<token>) are network first: each board the server sends is
     kept as the last copy of that board on this phone; without an answer within a few
     seconds the kept copy is shown, marked data-offline-since (when it was fetched), and
     the page says "Offline · last updated at HH:MM" (static/js/games.js, its live part). A board the
     server no longer shows (404, sent elsewhere to log in) is forgotten; nothing else
     is kept (no POST answer, no error page, no account or league page). Every new
     version of a board its page learns of by polling (/live) is fetched and kept too.
     The QR codes a kept board shows are kept with it (once: a link's code never
     changes), and forgotten with it.
   - A new version fetches again every board kept by a version before it (when online),
     so a kept board names this version's files; one it could not fetch is marked
     data-offline-older when shown, and its page says it is from an older version.
   - Kept boards and their QR codes belong to the account that kept them (or to nobody:
     anonymous play). Every page the server sends names its keeper (the keeper header,
     scorekeeper/keeper.py); the keeper of what is kept is stored with it. A navigation
     whose page names another keeper (the phone changed account: a log-in over another, a
     log-out, "log out everywhere" from another device) empties the kept boards before
     the page is handed over, so no page of the new account, and no page offline, meets
     the boards of the one before. A board fetched in the background (polling, a new
     version) is kept only when its keeper is the one stored. What was kept before
     keepers existed is adopted by the first keeper seen. Logging out also forgets every
     kept board at once.
   - Any other page that cannot be reached shows the offline page, which lists the kept
     boards (static/js/offline.js). */
"use strict";

var VERSION = {{ version | tojson }};
var SHELL = {{ shell | tojson }};
var OFFLINE = {{ offline | tojson }};
var DEFAULT_LANG = {{ default_lang | tojson }};
var BOARDS = {{ boards_cache | tojson }};
var FETCHED = {{ fetched_header | tojson }};
var LOGOUT = {{ logout | tojson }};
var KEEPER = {{ keeper_header | tojson }};  // the header that names a page's keeper
var KEPT_BY = "X-Scorekeeper-Version";  // the version of the app that kept a board

var SHELL_PREFIX = "sk-shell-";
var SHELL_CACHE = SHELL_PREFIX + VERSION;
var META = "sk-meta";
var LANG_KEY = "/sk-meta/lang";
var KEEPER_KEY = "/sk-meta/keeper";  // the keeper of the boards kept here
// Boards: a game's edit (/g/) and view (/v/) links, a side's own link (/c/: it opens
// offline too, to confirm a hand scanned from the other phone's QR), and a tournament
// pair's own link (/tournaments/side/: its confirmation kept offline, then sent).
var BOARD = /^\/(?:[gvc]|tournaments\/side)\/[^/]+$/;
var GAME_PAGE = /^(\/(?:[gvc]|tournaments\/side)\/[^/]+)(?:\/|$)/;  // a board, or any page under it
var LIVE = /^(\/[gv]\/[^/]+)\/live$/;
var QR = /^(\/[gv]\/[^/]+)\/qr(?:\/[a-z]+)?\.svg$/;
var BOARD_WAIT_MS = 4000;       // how long a board waits for the network before the kept copy
var TOUCH_EVERY_MS = 60000;     // how often "still current" (a 304) renews a copy's time
var touched = {};

function noop() {}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) {
    return Promise.all(SHELL.map(function (url) {
      // Past the HTTP cache, and without cookies: the shell is the same for everyone.
      return fetch(new Request(url, { cache: "reload", credentials: "omit" })).then(function (response) {
        if (!response.ok) throw new Error(url + " answered " + response.status);
        return cache.put(url, response);
      });
    }));
  }).then(function () {
    return self.skipWaiting();
  }, function (error) {
    return caches.delete(SHELL_CACHE).then(function () { throw error; });
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(SHELL_PREFIX) === 0 && name !== SHELL_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () {
    return self.registration.navigationPreload && self.registration.navigationPreload.enable();
  }).then(function () {
    return self.clients.claim();
  }).then(keepOpenBoards).then(refreshKeptBoards));
});
/* The boards kept by a version before this one name its files and speak its words:
   fetch each again (when online) so that the copy shown offline is this version's. One
   that cannot be fetched now stays (the last score beats none), marked as such when
   shown (keptCopy). */
function refreshKeptBoards() {
  return caches.open(BOARDS).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.map(function (request) {
        if (!BOARD.test(new URL(request.url).pathname)) return null;
        return cache.match(request).then(function (kept) {
          return kept && kept.headers.get(KEPT_BY) !== VERSION ? refetch(request.url) : null;
        });
      }));
    });
  }).catch(noop);
}

/* The boards open in a tab when this worker first takes over were not fetched through
   it: fetch and keep them now, so that they too open without signal; and so the board
   of any other page of a game open then (the card grid of the next hand, a hand's page):
   the game this phone is at. */
function keepOpenBoards() {
  return self.clients.matchAll({ type: "window" }).then(function (tabs) {
    return Promise.all(tabs.map(function (tab) {
      var key = boardOf(tab.url);
      return key ? refetch(key) : null;
    }));
  });
}

/* The board a page of a game belongs to (/g/<token>/hands/cards: /g/<token>), or null. */
function boardOf(address) {
  var url = new URL(address), found = GAME_PAGE.exec(url.pathname);
  return found ? url.origin + found[1] : null;
}

/* A page tells the worker its language (for the offline page) and, when the worker does
   not control it yet, asks to be taken over: claim() at activation misses a page whose
   navigation was under way then (a new game's board, opened while the worker installed),
   which would otherwise stay out of its care, and its board unkept, until the next load. */
self.addEventListener("message", function (event) {
  var data = event.data || {}, work = [];
  if (OFFLINE[data.lang]) {
    work.push(caches.open(META).then(function (cache) {
      return cache.put(LANG_KEY, new Response(data.lang));
    }));
  }
  if (data.claim) {
    work.push(self.clients.claim().then(function () {
      var key = event.source && event.source.url ? boardOf(event.source.url) : null;
      return key ? refetch(key) : null;
    }));
  }
  if (work.length) event.waitUntil(Promise.all(work));
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    if (request.method === "GET" && BOARD.test(url.pathname)) {
      event.respondWith(board(event, url.origin + url.pathname));
      return;
    }
    if (request.method === "POST" && LOGOUT.indexOf(url.pathname) >= 0) event.waitUntil(caches.delete(BOARDS));
    event.respondWith(fromNetwork(event).then(admitted).catch(offlinePage));
    return;
  }
  if (request.method !== "GET") return;
  var live = LIVE.exec(url.pathname);
  if (live) {
    event.respondWith(followLive(event, url.origin + live[1]));
  } else if (QR.test(url.pathname)) {
    event.respondWith(qrImage(request));
  } else if (url.pathname.indexOf("/static/") === 0 || url.pathname.indexOf("/texts/") === 0 ||
             url.pathname === "/favicon.ico") {
    event.respondWith(shellFile(request));
  }
});

/* Whose boards this phone keeps. `admit` reads the keeper a response names: the one
   stored, or none named: yes. Another: a navigation (`authoritative`: the phone is now
   that account's) empties the kept boards and stores the new keeper, before its page is
   handed over; a background fetch is not kept (no). Nothing stored yet: adopted. One
   admission at a time, so that emptying and keeping never interleave. */
var admitting = Promise.resolve();
function admit(response, authoritative) {
  var keeper = response.headers.get(KEEPER);
  if (!keeper) return Promise.resolve(true);
  var turn = admitting.then(function () {
    return caches.open(META).then(function (meta) {
      return meta.match(KEEPER_KEY).then(function (kept) {
        return kept ? kept.text() : null;
      }).then(function (stored) {
        if (stored === keeper) return true;
        if (stored !== null && !authoritative) return false;
        var emptied = stored === null ? Promise.resolve() : caches.delete(BOARDS);
        return emptied.then(function () {
          return meta.put(KEEPER_KEY, new Response(keeper));
        }).then(function () { return true; });
      });
    });
  });
  admitting = turn.catch(noop);
  return turn;
}

/* A navigation's page, handed over once its keeper is admitted. */
function admitted(response) {
  return admit(response, true).then(function () { return response; }, function () { return response; });
}

/* A navigation's answer from the server (the preloaded one when the browser has it). */
function fromNetwork(event) {
  var preload = event.request.method === "GET" && event.preloadResponse;
  return Promise.resolve(preload).then(function (response) {
    return response || fetch(event.request);
  });
}

function board(event, key) {
  var storing = Promise.resolve();
  var network = fromNetwork(event).then(admitted).then(function (response) {
    storing = keep(key, response, true);
    return response;
  });
  event.waitUntil(network.then(function () { return storing; }, noop));
  var waited = new Promise(function (resolve) { setTimeout(resolve, BOARD_WAIT_MS, null); });
  return Promise.race([network, waited]).then(function (response) {
    // The network is slow: the kept copy now, else keep waiting for the network.
    return response || keptCopy(key).then(function (copy) {
      return copy || network.catch(offlinePage);
    });
  }, function () {
    return keptCopy(key).then(function (copy) { return copy || offlinePage(); });
  });
}

/* Keep a board as sent by the server (a copy of it: the page reads the original), or
   forget the kept copy when the server no longer shows that board here. A board fetched
   in the background (not `admitted`: not a navigation) is kept only for the keeper of
   the boards kept here. */
function keep(key, response, admittedAlready) {
  var type = response.headers.get("Content-Type") || "";
  if (response.status === 200 && response.type === "basic" && !response.redirected &&
      type.indexOf("text/html") === 0) {
    var copy = response.clone(), page = response.clone();  // now: the page may read it next
    return (admittedAlready ? Promise.resolve(true) : admit(response, false)).then(function (mine) {
      return mine ? keepCopy(key, copy, page) : null;
    });
  }
  if (response.status === 404 || response.status === 410 || response.type === "opaqueredirect" ||
      response.redirected) {
    return forget(key);
  }
  return Promise.resolve();
}

function keepCopy(key, response, page) {
  return stamped(response, Date.now()).then(function (copy) {
    return caches.open(BOARDS).then(function (cache) { return cache.put(key, copy); });
  }).then(function () { return keepQrs(key, page); });
}

function forget(key) {
  return caches.open(BOARDS).then(function (cache) {
    return cache.delete(key).then(function () { return cache.keys(); }).then(function (requests) {
      return Promise.all(requests.filter(function (r) { return qrOf(r.url) === key; })
        .map(function (r) { return cache.delete(r); }));
    });
  });
}
/* The QR codes a board shows (its links', <img class="qr">) are kept with it, once: the
   same link always draws the same code. Offline, the kept board shows them. */
function keepQrs(key, page) {
  return page.text().then(function (html) {
    var urls = [], found, pattern = /<img class="qr" src="([^"]+)"/g;
    while ((found = pattern.exec(html))) urls.push(new URL(found[1].replace(/&amp;/g, "&"), key).href);
    return caches.open(BOARDS).then(function (cache) {
      return Promise.all(urls.filter(function (url) { return qrOf(url); }).map(function (url) {
        return cache.match(url).then(function (hit) {
          if (hit) return null;
          return fetch(url, { credentials: "same-origin" }).then(function (response) {
            return response.ok ? cache.put(url, response) : null;
          }, noop);
        });
      }));
    });
  }).catch(noop);
}
/* The board a QR code's URL belongs to (/g/<token>/qr/<kind>.svg, /v/<token>/qr.svg). */
function qrOf(url) {
  var u = new URL(url), found = QR.exec(u.pathname);
  return found ? u.origin + found[1] : null;
}
/* A QR code: from the network, else the copy kept with its board. */
function qrImage(request) {
  return fetch(request).catch(function (error) {
    return caches.open(BOARDS).then(function (cache) { return cache.match(request.url); }).then(function (kept) {
      if (kept) return kept;
      throw error;
    });
  });
}

/* `response` (a board's page) with the time it was fetched in its headers. */
function stamped(response, time) {
  return response.blob().then(function (body) {
    var headers = new Headers(response.headers);
    headers.set(FETCHED, String(time));
    headers.set(KEPT_BY, VERSION);
    headers.delete("Vary");
    headers.delete("Content-Length");
    return new Response(body, { status: 200, statusText: "OK", headers: headers });
  });
}

/* The kept copy of a board, marked on its <html> with the time it was fetched. */
function keptCopy(key) {
  return caches.open(BOARDS).then(function (cache) {
    return cache.match(key, { ignoreVary: true });
  }).then(function (kept) {
    if (!kept) return null;
    var time = Number(kept.headers.get(FETCHED)) || 0;
    // Kept by another version (not fetched again since): its page says so (games.js, its live part).
    var older = kept.headers.get(KEPT_BY) !== VERSION ? " data-offline-older" : "";
    return kept.text().then(function (html) {
      var headers = new Headers(kept.headers);
      ["Content-Length", "Content-Encoding", FETCHED, KEPT_BY].forEach(function (name) { headers.delete(name); });
      headers.set("Cache-Control", "no-store");
      return new Response(html.replace(/<html\b/i, '<html data-offline-since="' + time + '"' + older), {
        status: 200, statusText: "OK", headers: headers
      });
    });
  });
}

/* Fetch a board again and keep it (if it answers). */
function refetch(key) {
  return fetch(key, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
    return keep(key, response);
  }, noop);
}

/* The board's poll: a new version of the board (200) is fetched whole and kept, when this
   phone keeps a copy; "unchanged" (304) renews the kept copy's time, once a minute. */
function followLive(event, key) {
  return fetch(event.request).then(function (response) {
    if (response.status === 200) {
      event.waitUntil(caches.open(BOARDS).then(function (cache) {
        return cache.match(key);
      }).then(function (kept) { return kept ? refetch(key) : null; }));
    } else if (response.status === 304 && Date.now() - (touched[key] || 0) >= TOUCH_EVERY_MS) {
      touched[key] = Date.now();
      event.waitUntil(caches.open(BOARDS).then(function (cache) {
        return cache.match(key).then(function (kept) {
          return kept && stamped(kept, Date.now()).then(function (copy) { return cache.put(key, copy); });
        });
      }));
    } else if (response.status === 404) {
      event.waitUntil(forget(key));
    }
    return response;
  });
}

/* A static file from this version's cache; one not in it from the network; without a
   network, the file by its path alone (a kept board of an older version names its files
   by their old digests). */
function shellFile(request) {
  // caches.match, not caches.open: a worker outlived by a newer one must not create
  // again the cache the newer one deleted.
  var inShell = { cacheName: SHELL_CACHE, ignoreVary: true };
  return caches.match(request, inShell).then(function (hit) {
    return hit || fetch(request).catch(function (error) {
      return caches.match(request, { cacheName: SHELL_CACHE, ignoreVary: true, ignoreSearch: true })
        .then(function (near) {
          if (near) return near;
          throw error;
        });
    });
  });
}

/* The offline page, in the language of the last page this phone showed. */
function offlinePage() {
  return caches.open(META).then(function (cache) {
    return cache.match(LANG_KEY);
  }).then(function (kept) {
    return kept ? kept.text() : (self.navigator.language || "").slice(0, 2);
  }).then(function (lang) {
    return caches.match(OFFLINE[lang] || OFFLINE[DEFAULT_LANG], { cacheName: SHELL_CACHE, ignoreVary: true });
  }).then(function (page) {
    return page || Response.error();
  });
}
