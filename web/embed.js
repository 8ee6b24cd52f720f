// <tri-peaks>: the game in any page with one script tag and one element.
//
//   <script src="https://example.org/games/tripeaks/web/embed.js" defer></script>
//   <tri-peaks rules="standard" deal="123" height="600"></tri-peaks>
//
// The element holds, in its shadow root, an <iframe> of the index.html that sits next to this script's
// folder (?game=..&deal=..&rules=..&embed=1): the host page's CSS and scripts cannot reach the game, nor the
// game the host. Width is 100% of the element; height is the `height` attribute (CSS pixels, a finite
// number above 0), or else the height of the game's own content, which the frame reports as it changes
// (`tripeaks:size`), so that no control is ever cut off. The game's events (`tripeaks:move`,
// `tripeaks:won`, `tripeaks:lost`, `tripeaks:ready`), posted by the frame, come back as CustomEvents on the
// element, `detail` holding the data; they bubble and cross shadow roots.
(() => {
  "use strict";
  const script = document.currentScript;
  if (!script || customElements.get("tri-peaks")) return;
  const GAME = new URL("../index.html", script.src);
  const EVENTS = new Set(["tripeaks:move", "tripeaks:won", "tripeaks:lost", "tripeaks:ready"]);
  const frames = new Map(); // iframe window -> its element, so each embed hears only its own game
  const MAX_HEIGHT = 10000; // CSS pixels: a larger `height` attribute is not a height anyone means

  window.addEventListener("message", (event) => {
    const element = frames.get(event.source);
    const data = event.data;
    if (!element || event.origin !== GAME.origin || !data) return;
    // Nothing from a game reaches the host before its first tripeaks:ready.
    if (data.type === "tripeaks:ready") element.ready = true;
    else if (!element.ready) return;
    if (data.type === "tripeaks:size") {
      element.contentHeight(Number(data.detail?.height));
      return;
    }
    if (!EVENTS.has(data.type)) return;
    element.dispatchEvent(new CustomEvent(data.type, { detail: data.detail ?? {}, bubbles: true, composed: true }));
  });

  class TriPeaks extends HTMLElement {
    static observedAttributes = ["game", "deal", "rules", "daily", "code", "height"];
    #frame;
    #source = null;
    #content = 0; // the game's content height, as its frame last reported it
    ready = false; // the game in the frame has said it is ready (set again at each load)

    constructor() {
      super();
      const root = this.attachShadow({ mode: "open" });
      const style = document.createElement("style");
      style.textContent =
        ":host{display:block;width:100%;contain:content}" +
        ":host([hidden]){display:none}" +
        "iframe{display:block;box-sizing:border-box;width:100%;height:100%;aspect-ratio:auto;border:0;margin:0;" +
        "padding:0;background:#0f5132;color-scheme:light}";
      this.#frame = document.createElement("iframe");
      this.#frame.title = "TriPeaks solitaire";
      this.#frame.allow = "fullscreen";
      this.#frame.setAttribute("referrerpolicy", "no-referrer");
      this.#frame.addEventListener("load", () => this.#tellFit());
      root.append(style, this.#frame);
    }

    connectedCallback() {
      this.#size();
      this.#load();
      frames.set(this.#frame.contentWindow, this);
    }

    disconnectedCallback() {
      frames.delete(this.#source);
      frames.delete(this.#frame.contentWindow);
    }

    attributeChangedCallback(name) {
      if (!this.isConnected) return;
      if (name === "height") this.#size();
      else this.#load();
    }

    /** The address of the game this element shows. */
    get src() {
      const url = new URL(GAME);
      for (const name of ["game", "deal", "daily", "code", "rules"]) {
        const value = this.getAttribute(name);
        if (value !== null && value !== "") url.searchParams.set(name, value);
      }
      url.searchParams.set("embed", "1");
      return url.href;
    }

    /** The `height` attribute when it is a usable height in CSS pixels, else null (fit the content). */
    get #fixedHeight() {
      const height = Number.parseFloat(this.getAttribute("height") ?? "");
      return Number.isFinite(height) && height > 0 && height <= MAX_HEIGHT ? height : null;
    }

    #size() {
      const height = this.#fixedHeight;
      if (height !== null) {
        this.style.height = `${height}px`;
        this.style.aspectRatio = "";
      } else if (this.#content > 0) {
        this.style.height = `${this.#content}px`;
        this.style.aspectRatio = "";
      } else {
        this.style.height = "";
        this.style.aspectRatio = "4 / 3"; // until the game reports its height
      }
      this.#tellFit();
    }

    /** Tell the game whether it fits a box of fixed height or sets the height itself. */
    #tellFit() {
      const target = this.#frame.contentWindow;
      if (!target) return;
      const fit = this.#fixedHeight === null ? "content" : "box";
      target.postMessage({ type: "tripeaks:fit", fit }, GAME.origin);
    }

    /** The frame reported the height of its content (CSS pixels). */
    contentHeight(height) {
      if (!Number.isFinite(height) || height <= 0 || height > MAX_HEIGHT) return;
      this.#content = Math.ceil(height);
      if (this.#fixedHeight === null) this.#size();
    }

    #load() {
      const src = this.src;
      if (this.#frame.getAttribute("src") === src) return;
      this.ready = false;
      this.#frame.src = src;
      frames.delete(this.#source);
      this.#source = this.#frame.contentWindow;
      frames.set(this.#source, this);
    }
  }

  customElements.define("tri-peaks", TriPeaks);
})();
