// The service worker of potshot's pages (docs/offline.md), served as /sw.js (scope /) by
// potshot.web.pwa, which fills in VERSION and SHELL. It keeps the app shell (every page, module,
// style sheet, icon and catalogue, GET /api/games and the manifest) in a cache named after the
// version, so the mark page opens and marks with the network cut:
//
// - the shell: from the cache, else the network (and kept);
// - a page (a navigation): the network first; without it the shell's page of that route
//   (/mark/{id} is static/mark.html for every match; no page is kept per address);
// - the public API reads (GET /api/games, GET /api/matches/{id}): the network first, the last
//   answer kept; without a network, the kept one. Reads with credentials are never kept;
// - the live channel (.../live) and every write pass by untouched: a write without a network
//   fails, and the page queues it (mark.js).
//
// A new version installs at once and drops the caches of the old ones.

const VERSION = "__VERSION__";
const SHELL = ["__SHELL__"];
const SHELL_CACHE = `potshot-shell-${VERSION}`;
const API_CACHE = "potshot-api";
const PAGE_FILES = {
  "": "index.html",
  mark: "mark.html",
  play: "play.html",
  watch: "watch.html",
  overlay: "overlay.html",
  tournaments: "tournament.html",
  players: "player.html",
  admin: "admin.html",
};
const KEPT_API = /^\/api\/(games|matches\/[^/]+)$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("potshot-shell-") && k !== SHELL_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** The network's answer, kept in `cacheName` when it is a success; the kept one without a network. */
async function networkFirst(request, cacheName) {
  try {
    const answer = await fetch(request);
    if (answer.ok) {
      const cache = await caches.open(cacheName);
      await cache.put(request, answer.clone());
    }
    return answer;
  } catch (e) {
    const kept = await caches.match(request);
    if (kept) return kept;
    throw e;
  }
}

async function cacheFirst(request) {
  const kept = await caches.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) (await caches.open(SHELL_CACHE)).put(request, answer.clone());
  return answer;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.endsWith("/live")) return; // the live channel: a stream, never kept
  if (request.mode === "navigate") {
    // the page's HTML is the same for every match: the shell's copy stands in, none is kept per address
    const page = PAGE_FILES[url.pathname.split("/")[1] ?? ""];
    event.respondWith(
      fetch(request).catch(async (e) => (page && (await caches.match(`/static/${page}`))) || Promise.reject(e)),
    );
    return;
  }
  if (url.pathname.startsWith("/api/")) {
    const credentials = request.headers.has("Authorization") || request.headers.has("X-Potshot-Admin");
    if (!credentials && KEPT_API.test(url.pathname) && !url.search) event.respondWith(networkFirst(request, API_CACHE));
    return;
  }
  if (url.pathname.startsWith("/static/") || url.pathname === "/manifest.webmanifest") {
    event.respondWith(url.pathname === "/manifest.webmanifest" ? networkFirst(request, SHELL_CACHE) : cacheFirst(request));
  }
});
