// The page's app shell, before PyScript starts: embed mode and storage guards, then the service worker
// and its "A new version is ready" notice. A classic script in <head>, so it runs before PyScript's module.
//
// Embed mode (the game inside an <iframe>, e.g. from web/embed.js with ?embed=1): progress lives in memory
// only, so that two embeds on one page are two independent games and never fight over one saved game;
// web/embedding.py says so to the player with a link to the full game. localStorage and indexedDB are then
// in-memory stand-ins. The same indexedDB stand-in is used wherever the browser denies storage (a cross-site
// frame, a browser set to block site data): PyScript 0.7.31 opens IndexedDB (an IDBMap that caches
// installed packages, which this page does not use) before it boots Pyodide, and a denied IndexedDB
// leaves it stalled at "Loading Storage".
(() => {
  "use strict";
  // scripts/site.py switches this on in the built site: "../sw.js", relative to this file.
  const SERVICE_WORKER = null;

  let framed = true;
  try {
    framed = window.top !== window.self;
  } catch (error) {
    // a cross-origin parent: framed
  }
  const embedded = new URLSearchParams(location.search).get("embed") === "1" || framed;
  let denied = false;
  try {
    window.localStorage.getItem("tripeaks:probe");
  } catch (error) {
    denied = true; // SecurityError: this document may not store anything
  }
  if (embedded) {
    document.documentElement.dataset.embed = "1";
    Object.defineProperty(window, "localStorage", { configurable: true, value: memoryStorage() });
  }
  if (embedded || denied) {
    Object.defineProperty(window, "indexedDB", { configurable: true, value: memoryIndexedDB() });
  }
  if (denied) document.documentElement.dataset.storage = "denied";
  if (embedded) fitToHost();

  // In a <tri-peaks> with no height, the game's content sets the box's height: the host says which
  // (`tripeaks:fit`), and the frame reports its content's height whenever it changes (`tripeaks:size`).
  function fitToHost() {
    const root = document.documentElement;
    root.dataset.fit = "content";
    let sent = 0;
    const report = () => {
      const app = document.getElementById("app");
      // Nothing goes to the host before the game is ready: its first message is tripeaks:ready.
      if (!app || root.dataset.fit !== "content" || window.parent === window || root.dataset.ready !== "1") return;
      const height = Math.ceil(app.getBoundingClientRect().height);
      if (height === sent) return;
      sent = height;
      window.parent.postMessage({ type: "tripeaks:size", detail: { height } }, "*");
    };
    window.addEventListener("message", (event) => {
      if (event.source !== window.parent || !event.data || event.data.type !== "tripeaks:fit") return;
      root.dataset.fit = event.data.fit === "box" ? "box" : "content";
      sent = 0;
      report();
    });
    document.addEventListener("DOMContentLoaded", () => {
      const app = document.getElementById("app");
      if (app && "ResizeObserver" in window) new ResizeObserver(report).observe(app);
      new MutationObserver(report).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
      report();
    });
  }

  function memoryStorage() {
    const items = new Map();
    return {
      get length() {
        return items.size;
      },
      key: (index) => [...items.keys()][index] ?? null,
      getItem: (key) => (items.has(String(key)) ? items.get(String(key)) : null),
      setItem: (key, value) => void items.set(String(key), String(value)),
      removeItem: (key) => void items.delete(String(key)),
      clear: () => items.clear(),
    };
  }

  // Just what an IDBMap needs: open, object stores with get/getKey/getAll/getAllKeys/put/delete/clear/count.
  function memoryIndexedDB() {
    const databases = new Map();
    const request = (work) => {
      const req = { result: undefined, error: null, readyState: "pending", onsuccess: null, onerror: null };
      setTimeout(() => {
        try {
          req.result = work();
          req.readyState = "done";
          if (req.onsuccess) req.onsuccess({ type: "success", target: req });
        } catch (error) {
          req.error = error;
          req.readyState = "done";
          if (req.onerror) req.onerror({ type: "error", target: req });
        }
      });
      return req;
    };
    const objectStore = (entries) => ({
      get: (key) => request(() => entries.get(key)),
      getKey: (key) => request(() => (entries.has(key) ? key : undefined)),
      getAll: () => request(() => [...entries.values()]),
      getAllKeys: () => request(() => [...entries.keys()]),
      put: (value, key) => request(() => (entries.set(key, value), key)),
      add: (value, key) => request(() => (entries.set(key, value), key)),
      delete: (key) => request(() => void entries.delete(key)),
      clear: () => request(() => void entries.clear()),
      count: () => request(() => entries.size),
    });
    const database = (name) => {
      const stores = new Map();
      const storeOf = (storeName) => {
        if (!stores.has(storeName)) stores.set(storeName, new Map());
        return stores.get(storeName);
      };
      return {
        name,
        version: 1,
        get objectStoreNames() {
          const names = [...stores.keys()];
          return Object.assign(names, { contains: (n) => stores.has(n) });
        },
        createObjectStore: (storeName) => objectStore(storeOf(storeName)),
        transaction: () => {
          const tx = { oncomplete: null, onerror: null, onabort: null, commit() {}, abort() {} };
          tx.objectStore = (storeName) => objectStore(storeOf(storeName));
          setTimeout(() => tx.oncomplete && tx.oncomplete({ type: "complete", target: tx }));
          return tx;
        },
        close() {},
      };
    };
    return {
      open: (name) =>
        request(() => {
          if (!databases.has(name)) databases.set(name, database(name));
          return databases.get(name);
        }),
      deleteDatabase: (name) => request(() => void databases.delete(name)),
      databases: () => Promise.resolve([...databases.keys()].map((name) => ({ name, version: 1 }))),
      cmp: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    };
  }

  if (!SERVICE_WORKER || embedded || denied || !("serviceWorker" in navigator)) return;
  const workerURL = new URL(SERVICE_WORKER, document.currentScript.src);
  let reloading = false;

  // After the game is ready, so the worker's precache revalidates what the page has just downloaded
  // (the HTTP cache answers) instead of downloading it a second time.
  const whenReady = (then) => {
    if (document.documentElement.dataset.ready === "1") return then();
    const observer = new MutationObserver(() => {
      if (document.documentElement.dataset.ready === "1") {
        observer.disconnect();
        then();
      }
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-ready"] });
  };

  function offer(registration) {
    if (document.getElementById("update-notice")) return;
    const box = document.createElement("div");
    box.id = "update-notice";
    box.setAttribute("role", "status");
    box.style.cssText =
      "position:fixed;left:50%;bottom:1rem;transform:translateX(-50%);z-index:1000;display:flex;gap:.75rem;" +
      "align-items:center;padding:.6rem .9rem;border-radius:.6rem;background:#10231a;color:#fff;" +
      "font:inherit;box-shadow:0 .3rem 1rem rgb(0 0 0 / .35)";
    const text = document.createElement("span");
    text.textContent = "A new version is ready";
    const button = document.createElement("button");
    button.type = "button";
    button.id = "update-reload";
    button.textContent = "Reload";
    button.addEventListener("click", () => {
      const waiting = registration && registration.waiting;
      if (waiting) {
        reloading = true; // reload once the new version controls this page
        waiting.postMessage("skip-waiting");
      } else {
        location.reload();
      }
    });
    box.append(text, button);
    document.body.append(box);
  }

  async function register() {
    const registration = await navigator.serviceWorker.register(workerURL);
    if (navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage("prune");
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(registration);
      });
    });
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      // This page keeps its own version's files (the worker serves each page from the cache it started
      // with), so another tab's update only needs the notice here.
      if (reloading) location.reload();
      else offer(registration);
    });
  }

  whenReady(() => {
    register().catch((error) => console.warn("TriPeaks: offline play is not available:", error));
  });
})();
