//! The native module of the Python package `flipblox` (`flipblox._native`): a thin layer over the
//! `flipblox` library. Every answer comes from the library; this crate converts inputs (paths,
//! `str`, `bytes`, NumPy arrays), outputs (dicts with the keys of the command-line tool's
//! `--json` records, NumPy arrays) and errors (Python exceptions carrying the command-line tool's
//! messages), and releases the GIL while the library works.
//!
//! The Python package (`python/flipblox/`) re-exports these functions and documents them in its
//! stubs (`__init__.pyi`); `python/tests/` tests them with pytest.

use pyo3::prelude::*;

mod bloxorz;
mod errors;
mod flip;
mod input;
mod lights_out;
mod records;

/// The module `flipblox._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    bloxorz::register(m)?;
    lights_out::register(m)?;
    flip::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
