//! The integration tests, built into one test binary (`cargo test --test integration`): each file
//! beside this one is a module, and the helpers in `common/` compile once for all of them.
//!
//! They read only the repository's own files (`data/` and `tests/data/`). Four groups of checks
//! need something the repository cannot ship; each runs only when its environment variable is
//! set (to a non-empty value) when the tests are built, and is listed as ignored, with the
//! reason, otherwise (`build.rs` turns each variable into a `cfg`):
//!
//! - `FLIPBLOX_ORIGINAL_LEVELS`: the path of the original Flash game's level file
//!   (`bloxorzlevels.txt`, not redistributable), `cfg(flipblox_original_levels)`;
//! - `FLIPBLOX_PYTHON`: a Python interpreter that has NumPy, `cfg(flipblox_numpy)`;
//! - `FLIPBLOX_CHROMIUM`: a Chromium binary, which opens the contact sheet of `flipblox render`,
//!   `cfg(flipblox_chromium)`;
//! - `FLIPBLOX_JQ`: `jq`, which merges the JSON Lines of `--shard` parts as docs/SCALE.md shows,
//!   `cfg(flipblox_jq)`.
//!
//! `.ci/run` sets all four.

mod common;

mod bloxorz_cli;
mod bloxorz_designer;
mod bloxorz_field;
mod bloxorz_formats;
mod bloxorz_fuzz;
mod bloxorz_mechanics;
mod bloxorz_original;
mod bloxorz_pddl;
mod bloxorz_reference;
mod ci;
mod docker;
mod docs;
mod errors;
mod flash_javascript;
mod flip_buttons_cli;
mod flip_cli;
mod flip_family_cli;
mod flip_fast;
mod flip_input_cli;
mod flip_sizes_cli;
#[cfg(unix)]
mod hardening;
mod json;
mod layout;
mod regression;
#[cfg(feature = "render")]
mod render;
#[cfg(feature = "render")]
mod render_cli;
#[cfg(feature = "render")]
mod render_designer;
mod shell;
mod table_export;
mod table_files;
mod table_load;
mod table_variants;
