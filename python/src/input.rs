//! What the functions that read levels or boards take: a path (any `os.PathLike`), the text as
//! `str`, or its bytes (`bytes`, `bytearray`, `memoryview`).

use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyMemoryView, PyString};

use crate::errors;

/// An input's bytes and its name in records and messages.
pub struct Input {
    /// The whole input.
    pub bytes: Vec<u8>,
    /// The path as given, or the name the caller chose for text and bytes (by default
    /// `<string>` and `<bytes>`, as Python names code that comes from no file).
    pub name: String,
}

/// The name of an input given as text when the caller names none.
pub const TEXT: &str = "<string>";

/// The name of an input given as bytes when the caller names none.
pub const BYTES: &str = "<bytes>";

impl Input {
    /// Reads `source`: a `str` is the text itself, `bytes`-like objects its bytes, and an
    /// `os.PathLike` (`pathlib.Path`) a file read whole, with the GIL released. `name` overrides
    /// the name (the path as given, [`TEXT`] or [`BYTES`]).
    ///
    /// # Errors
    ///
    /// `TypeError` for anything else (a `str` is never taken for a path: pass `pathlib.Path`);
    /// the `OSError` of a file that cannot be read ([`errors::unreadable`]).
    pub fn extract(source: &Bound<'_, PyAny>, name: Option<String>) -> PyResult<Input> {
        let py = source.py();
        if let Ok(text) = source.cast::<PyString>() {
            let bytes = text.to_cow()?.as_bytes().to_vec();
            return Ok(Input { bytes, name: name.unwrap_or_else(|| TEXT.to_string()) });
        }
        if let Ok(bytes) = source.cast::<PyBytes>() {
            let bytes = bytes.as_bytes().to_vec();
            return Ok(Input { bytes, name: name.unwrap_or_else(|| BYTES.to_string()) });
        }
        if let Ok(bytes) = source.cast::<PyByteArray>() {
            let bytes = bytes.to_vec();
            return Ok(Input { bytes, name: name.unwrap_or_else(|| BYTES.to_string()) });
        }
        if source.hasattr("__fspath__")? {
            let path: PathBuf = source.extract()?;
            let shown = name.unwrap_or_else(|| path.to_string_lossy().into_owned());
            let read = py.detach(|| std::fs::read(&path));
            return match read {
                Ok(bytes) => Ok(Input { bytes, name: shown }),
                Err(e) => Err(errors::unreadable(&shown, &e)),
            };
        }
        if source.is_instance_of::<PyMemoryView>()
            && let Ok(bytes) = source.call_method0("tobytes")?.cast::<PyBytes>()
        {
            let bytes = bytes.as_bytes().to_vec();
            return Ok(Input { bytes, name: name.unwrap_or_else(|| BYTES.to_string()) });
        }
        Err(PyTypeError::new_err(format!(
            "expected the text (str), its bytes, or a path (os.PathLike such as pathlib.Path), \
             not {}",
            source.get_type().name()?
        )))
    }
}
