//! What the functions that read levels or boards take: a path (any `os.PathLike`), the text as
//! `str`, or its bytes (`bytes`, `bytearray`, `memoryview`).

use std::path::PathBuf;

use flipblox::memory::{ReadError, read_bounded};
use pyo3::exceptions::{PyMemoryError, PyOSError, PyTypeError};
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

/// The most bytes of a file of boards or buttons read whole (2 GiB, as `max_memory`'s default).
pub const FILE_LIMIT: u64 = 1 << 31;

/// The name of an input given as text when the caller names none.
pub const TEXT: &str = "<string>";

/// The name of an input given as bytes when the caller names none.
pub const BYTES: &str = "<bytes>";

impl Input {
    /// Reads `source`: a `str` is the text itself, `bytes`-like objects its bytes, and an
    /// `os.PathLike` (`pathlib.Path`) a file read whole, with the GIL released, up to `limit`
    /// bytes (`limit_name`, say ` (max_memory=)`, follows the limit in the message). `name`
    /// overrides the name (the path as given, [`TEXT`] or [`BYTES`]).
    ///
    /// # Errors
    ///
    /// `TypeError` for anything else (a `str` is never taken for a path: pass `pathlib.Path`);
    /// the `OSError` of a file that cannot be read ([`errors::unreadable`]) or is longer than
    /// `limit`; `MemoryError` when the memory for it cannot be had.
    pub fn extract(
        source: &Bound<'_, PyAny>,
        name: Option<String>,
        limit: u64,
        limit_name: &str,
    ) -> PyResult<Input> {
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
            let read = py.detach(|| {
                let file = std::fs::File::open(&path).map_err(ReadError::Read)?;
                read_bounded(file, limit)
            });
            return match read {
                Ok(bytes) => Ok(Input { bytes, name: shown }),
                Err(ReadError::Read(e)) => Err(errors::unreadable(&shown, &e)),
                Err(ReadError::TooLong { limit }) => Err(PyOSError::new_err(format!(
                    "{shown}: cannot read: the input is longer than {limit} bytes{limit_name}"
                ))),
                Err(e) => Err(PyMemoryError::new_err(format!("{shown}: {e}"))),
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
