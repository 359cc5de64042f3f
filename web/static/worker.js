// The solver's thread: the library in WebAssembly (pkg/, made by wasm-bindgen). The page posts
// {id, kind, request}, kind one of the module's functions (flip, flip_press, bloxorz,
// bloxorz_level), request a JSON object; the worker answers {id, reply, ms}: the function's reply
// parsed, and the milliseconds it took. The page ends the worker to cancel long work.
import init, * as solver from "./pkg/flipblox_web.js";

const KINDS = new Set(["flip", "flip_press", "bloxorz", "bloxorz_level", "version"]);
const ready = init({ module_or_path: new URL("./pkg/flipblox_web_bg.wasm", import.meta.url) });

self.onmessage = async (event) => {
  const { id, kind, request } = event.data;
  try {
    await ready;
    if (!KINDS.has(kind)) throw new Error(`no such function: ${kind}`);
    const start = performance.now();
    const text = solver[kind](JSON.stringify(request ?? {}));
    const ms = performance.now() - start;
    self.postMessage({ id, reply: JSON.parse(text), ms });
  } catch (e) {
    // A trap (out of memory) leaves the module unusable: the page starts a new worker.
    self.postMessage({ id, failed: String(e && e.message ? e.message : e) });
  }
};
self.postMessage({ hello: true });
