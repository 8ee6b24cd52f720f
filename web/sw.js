// TriPeaks' service worker: keeps every file the game loads, so it starts and plays offline.
//
// scripts/site.py writes the built site's sw.js: this file with the precache manifest in place of the
// marker below, {version, files: {path: sha256}, unpack: [path]}; the version is a hash of that list, so a
// changed byte anywhere makes a new cache, and the same files the same version. The rules:
// - web/pwa.js registers the worker once the game is playable, so installing never competes with a first
//   visit's boot; install fetches the files in the manifest's order (revalidating the HTTP cache, so what
//   the page has just downloaded comes back as 304 Not Modified, and only the snapshot of Pyodide's
//   start-up, which a first visit does without, travels), checks each sha256 against the manifest and caches
//   it under "tripeaks-<version>"; a mismatch (a deploy caught half-way) fails the install, which the
//   browser retries later;
// - a file with the same sha256 in an older version's cache is copied from there, not downloaded: a deploy
//   that changes only the page leaves returning players the 5.2 MB snapshot they have;
// - each file is kept as it was fetched (under its URL, so Chromium keeps the code it compiles from a script
//   beside it), except the files listed in `unpack` (the snapshot, gzip): those are stored gunzipped, as a
//   copy with the file's sha256 in a header, so the page boots from them without unpacking 30 MB each time;
// - a new version waits: it takes over only when the player clicks "Reload" (message "skip-waiting");
// - each page is served from the cache of the version it started with, even after a newer worker takes
//   over (the page's client id is recorded at navigation), so no page ever mixes files of two versions;
//   a request with cache "only-if-cached" (web/interpreter.mjs asking for the snapshot) never goes to the
//   network: it gets 504 if that cache lacks the file;
// - caches that no open page uses any more are deleted on activation, after each navigation and when a
//   page starts (pwa.js asks), but never while a newer version is installing or waiting.
/* PRECACHE */

const PREFIX = "tripeaks-";
const CLIENTS = PREFIX + "clients"; // client id -> cache name of the version that page started with
const { version, files } = self.PRECACHE;
const CACHE = PREFIX + version;
const SCOPE = new URL("./", self.location).href;
const UNPACK = new Set(self.PRECACHE.unpack || []);
const PATHS = new Set(Object.keys(files));
const SHA256 = "X-TriPeaks-SHA256"; // each cached copy's header: the sha256 of the file it came from
const SCRIPT = /\.m?js$/;
const pinned = new Map(); // the same records as CLIENTS, for this worker's lifetime
// Pages this worker has pinned at their navigation and not yet seen among the clients: a page being
// navigated to is not listed until its document exists, and a prune running meanwhile (another page's
// start) must not take it for a page that has gone.
const arriving = new Set();

async function sha256(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The same file (by its sha256) in an older version's cache, or null. A file kept as it was fetched has no
// header of ours: it is hashed again. A script that an older worker kept as a copy (new Response(), under no
// URL) is fetched again instead, since Chromium keeps no compiled code beside such a copy (see precache).
async function kept(url, path, hash) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE || name === CLIENTS) continue;
    const hit = await (await caches.open(name)).match(url);
    if (!hit) continue;
    const marked = hit.headers.get(SHA256);
    if (marked === null ? (await sha256(await hit.clone().arrayBuffer())) === hash
                        : marked === hash && (hit.url === url || !SCRIPT.test(path))) return hit;
  }
  return null;
}

async function gunzip(body) {
  const bytes = new Uint8Array(body);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return body; // a web server sent it unpacked already
  const stream = new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

async function precache() {
  const cache = await caches.open(CACHE);
  for (const [path, hash] of Object.entries(files)) {
    const url = new URL(path, SCOPE).href;
    if (await cache.match(url)) continue; // an install retried after a failure keeps what it had
    const old = await kept(url, path, hash);
    if (old) {
      await cache.put(url, old);
      continue;
    }
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(`precache: ${path} answered ${response.status}`);
    const body = await response.clone().arrayBuffer();
    const got = await sha256(body);
    if (got !== hash) throw new Error(`precache: ${path} is not the file of version ${version}`);
    const unpack = UNPACK.has(path) && typeof DecompressionStream === "function";
    if (!unpack && !/(^|,)\s*\*\s*(,|$)/.test(response.headers.get("Vary") || "")) {
      // The response as fetched, whose URL is the file's: Chromium keeps the code it compiles from a script
      // (V8's code cache) beside such a cached response, and so starts it compiled on the next visit; it
      // keeps none for a copy made with new Response().
      await cache.put(url, response);
      continue;
    }
    const headers = new Headers({ [SHA256]: hash });
    headers.set("Content-Type", response.headers.get("Content-Type") || "application/octet-stream");
    await cache.put(url, new Response(unpack ? await gunzip(body) : body, { status: 200, headers }));
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache()); // no skipWaiting: a new version waits for the player's click
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "prune") event.waitUntil(prune()); // a page has started: older pages may be gone
  if (event.data === "version" && event.source) event.source.postMessage({ type: "tripeaks:sw", version });
});

// Delete every tripeaks cache that neither this version nor an open (or arriving) page uses.
async function prune() {
  // A newer version installing or waiting has its own cache, which this older one cannot tell from an
  // unused one: leave all pruning to the newer version's activation.
  const { installing, waiting } = self.registration;
  if ([installing, waiting].some((worker) => worker && worker !== self.serviceWorker)) return;
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" })).map((c) => c.id));
  const records = await caches.open(CLIENTS);
  const keep = new Set([CACHE, CLIENTS]);
  for (const request of await records.keys()) {
    const id = new URL(request.url).searchParams.get("id");
    if (open.has(id)) arriving.delete(id);
    if (open.has(id) || arriving.has(id)) {
      keep.add(await (await records.match(request)).text());
    } else {
      pinned.delete(id);
      await records.delete(request);
    }
  }
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(prune());
});

function recordKey(id) {
  return new URL(`./__client__?id=${encodeURIComponent(id)}`, SCOPE).href;
}

async function pin(id, name) {
  pinned.set(id, name);
  const records = await caches.open(CLIENTS);
  await records.put(recordKey(id), new Response(name));
}

// The cache a page started with: recorded at its navigation, by this worker or an older one.
async function cacheFor(id) {
  if (!id) return CACHE;
  if (pinned.has(id)) return pinned.get(id);
  const record = await (await caches.open(CLIENTS)).match(recordKey(id));
  const name = record ? await record.text() : CACHE;
  pinned.set(id, name);
  return name;
}

// The site path of a URL this worker serves, or null (other origins, other paths, the page's address).
function sitePath(url) {
  if (!url.href.startsWith(SCOPE)) return null;
  const path = decodeURIComponent(url.pathname.slice(new URL(SCOPE).pathname.length));
  return PATHS.has(path) ? path : null;
}

async function fromCache(name, path, request) {
  const cache = await caches.open(name);
  const hit = await cache.match(new URL(path, SCOPE).href);
  if (hit) return hit;
  if (request.cache === "only-if-cached") return new Response(null, { status: 504, statusText: "Not cached" });
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (request.mode === "navigate") {
    // The page itself, at the scope's folder or as index.html, whatever the query (?deal=..&rules=..).
    const path = url.href.split(/[?#]/)[0] === SCOPE ? "index.html" : sitePath(url);
    if (path !== "index.html") return;
    const id = event.resultingClientId;
    if (id) {
      arriving.add(id);
      event.waitUntil(pin(id, CACHE).then(prune)); // pin() records in memory at once
    }
    event.respondWith(fromCache(CACHE, path, request));
    return;
  }
  const path = sitePath(url);
  if (path === null) return;
  event.respondWith((async () => fromCache(await cacheFor(event.clientId), path, request))());
});
