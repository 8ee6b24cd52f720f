// web/sw.js run in Node with the few service-worker APIs it uses made in memory (caches, clients, events),
// for what a browser cannot be made to do on cue: two workers of two versions sharing one cache storage, and
// a page still being navigated to (not yet listed among the clients) while another page's start prunes.
//
//   node --test e2e/worker/           (`make test` runs it)

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../web/sw.js", import.meta.url), "utf8");
const SCOPE = "https://example.org/games/";
const FILES = ["index.html", "web/app.js"];

const key = (request) => String(request?.url ?? request);

class MemoryCache {
  entries = new Map();
  async match(request) {
    return this.entries.get(key(request))?.clone();
  }
  async put(request, response) {
    this.entries.set(key(request), response);
  }
  async delete(request) {
    return this.entries.delete(key(request));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

class MemoryCacheStorage {
  named = new Map();
  async open(name) {
    if (!this.named.has(name)) this.named.set(name, new MemoryCache());
    return this.named.get(name);
  }
  async keys() {
    return [...this.named.keys()];
  }
  async delete(name) {
    return this.named.delete(name);
  }
}

// A version's files as its install would leave them: each file's text names the version.
async function installed(caches, version) {
  const cache = await caches.open(`tripeaks-${version}`);
  for (const path of FILES) await cache.put(SCOPE + path, new Response(`${path} of ${version}`));
}

// One worker of one version: sw.js with its manifest, over `caches`; `open` lists the pages (client ids)
// the browser would list.
function worker(caches, version, open) {
  const listeners = new Map();
  const self = {
    PRECACHE: { version, files: Object.fromEntries(FILES.map((path) => [path, `sha256 of ${path}`])) },
    location: new URL("sw.js", SCOPE),
    addEventListener: (type, listener) => listeners.set(type, listener),
    clients: { matchAll: async () => open.map((id) => ({ id })) },
    registration: { installing: null, waiting: null },
    serviceWorker: {},
    skipWaiting() {},
  };
  const network = async (request) => new Response(`${key(request)} from the network`);
  vm.runInContext(SOURCE, vm.createContext({ self, caches, crypto, fetch: network, Response, Request, Headers, URL, Blob }));

  // Dispatches an event and waits for all it asked the browser to wait for; the answer to respondWith().
  async function dispatch(type, fields) {
    const pending = [];
    let answer;
    listeners.get(type)({
      ...fields,
      waitUntil: (promise) => pending.push(promise),
      respondWith: (promise) => (answer = promise),
    });
    await Promise.all(pending);
    return answer && (await answer);
  }
  return {
    navigate: (id) =>
      dispatch("fetch", { request: { method: "GET", mode: "navigate", url: SCOPE + "index.html" }, resultingClientId: id }),
    get: async (id, path) =>
      (await dispatch("fetch", { request: { method: "GET", mode: "cors", url: SCOPE + path }, clientId: id })).text(),
    message: (data) => dispatch("message", { data }),
    activate: () => dispatch("activate", {}),
  };
}

test("a page being opened while another page starts keeps the version it started with after an update", async () => {
  const caches = new MemoryCacheStorage();
  await installed(caches, "v1");
  const open = ["first"];
  const old = worker(caches, "v1", open);

  await old.navigate("second"); // its document does not exist yet: not listed among the clients
  await old.message("prune"); // meanwhile the first page has started and asks for a prune
  open.push("second");
  assert.equal(await old.get("second", "web/app.js"), "web/app.js of v1");

  // A deploy: the new version installs, and takes over when the first page's player clicks Reload.
  await installed(caches, "v2");
  const next = worker(caches, "v2", open);
  await next.activate();
  await next.navigate("first");
  assert.equal(await next.get("first", "web/app.js"), "web/app.js of v2");
  // The second page started with v1 and never mixes: its files still come from v1's cache.
  assert.equal(await next.get("second", "web/app.js"), "web/app.js of v1");
  assert.ok((await caches.keys()).includes("tripeaks-v1"));

  // Once that page has gone, nobody uses v1: its cache goes.
  open.splice(open.indexOf("second"), 1);
  await next.message("prune");
  assert.deepEqual((await caches.keys()).sort(), ["tripeaks-clients", "tripeaks-v2"]);
});

test("a page never seen among the clients is forgotten by the next worker", async () => {
  const caches = new MemoryCacheStorage();
  await installed(caches, "v1");
  const open = [];
  const old = worker(caches, "v1", open);
  await old.navigate("gone"); // a navigation that never became a page
  await old.message("prune");

  await installed(caches, "v2");
  const next = worker(caches, "v2", open);
  await next.activate();
  assert.deepEqual((await caches.keys()).sort(), ["tripeaks-clients", "tripeaks-v2"]);
  assert.deepEqual(await (await caches.open("tripeaks-clients")).keys(), []);
});
