//! flipblox in the browser: the functions the page's Web Worker (`web/static/worker.js`) calls.
//!
//! A thin layer over the `flipblox` library, as the Python package is: every answer, record,
//! message and picture comes from the library's own doors (`lights_out::Batch` and its
//! `BoardRecord`, `bloxorz::LevelInput`, `Runner` and `LevelRecord`, `render`'s pictures); this
//! crate only converts. Each function takes one request, a JSON object whose keys are the
//! command-line tool's long option names (`size`, `goal`, `alphabet`, `wrap`, `toggle`,
//! `colours`, `hole`, `buttons`, `tatham`, `input_format`, `max_memory`, ...), and returns one
//! JSON object: the records exactly as `flipblox flip --json` and `flipblox bloxorz --json`
//! print them, the warnings and messages the command-line tool prints (file, line and column),
//! and pictures as SVG text.

use wasm_bindgen::prelude::wasm_bindgen;

mod bloxorz;
mod flip;
mod reply;

/// `flipblox flip --json` over a request (see `web/src/flip.rs`): the records of every board,
/// the warnings, the error that stopped the batch, and the picture `render flip` draws of one
/// board.
#[wasm_bindgen]
pub fn flip(request: &str) -> String {
    reply::run(request, flip::flip)
}

/// One press on a board under the request's variant (its options as `flip`'s): the board
/// after the press, as text in the variant's alphabet, and its cells.
#[wasm_bindgen]
pub fn flip_press(request: &str) -> String {
    reply::run(request, flip::press)
}

/// `flipblox bloxorz --json` over a request (see `web/src/bloxorz.rs`): the records of every
/// level of a pack in any format the command-line tool reads, and the warnings.
#[wasm_bindgen]
pub fn bloxorz(request: &str) -> String {
    reply::run(request, bloxorz::pack)
}

/// One level of a pack: its record with path and analysis, and its pictures (the level, the
/// animation `render bloxorz --animate` draws, the distance field `render field` draws).
#[wasm_bindgen]
pub fn bloxorz_level(request: &str) -> String {
    reply::run(request, bloxorz::level)
}

/// The library's version (the crate's `CARGO_PKG_VERSION`, which the web crate shares).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
