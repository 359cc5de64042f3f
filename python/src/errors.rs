//! The package's exceptions and warning, and the conversions of the library's errors to them.
//!
//! Messages are the command-line tool's: `NAME:LINE:COLUMN: level N: ...` for a problem at a
//! place in an input, `NAME: ...` for a problem of the input as a whole.

use std::fmt::Display;
use std::io;

use pyo3::exceptions::{PyOSError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::{PyErr, create_exception};

create_exception!(
    flipblox,
    Error,
    PyValueError,
    "The base of flipblox's own exceptions (a ValueError: the input's value is wrong)."
);
create_exception!(
    flipblox,
    LevelError,
    Error,
    "A Bloxorz input that cannot be read as levels, or a level that cannot be read or answered; \
     the message is the command-line tool's: `NAME:LINE:COLUMN: level N: ...`."
);
create_exception!(
    flipblox,
    BoardError,
    Error,
    "A Lights Out board that cannot be read, or options that name no variant; the message is \
     the command-line tool's (`LINE:COLUMN: ...` for a board)."
);
create_exception!(
    flipblox,
    TableError,
    Error,
    "A distance table that cannot be built (too large) or a table file that fails its checks; \
     the message is the command-line tool's."
);
create_exception!(
    flipblox,
    InputWarning,
    PyUserWarning,
    "Something in an input that is read but may not mean what was meant (text after a pack's \
     `0 0` line, an input that looks like two formats, problems of the Flash game's file)."
);

/// Adds the exceptions and the warning to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("LevelError", py.get_type::<LevelError>())?;
    m.add("BoardError", py.get_type::<BoardError>())?;
    m.add("TableError", py.get_type::<TableError>())?;
    m.add("InputWarning", py.get_type::<InputWarning>())?;
    Ok(())
}

/// The `OSError` (the subclass its errno names: `FileNotFoundError`, `PermissionError`, ...) of a
/// file `name` that cannot be read: `cannot read: ...` as the command-line tool says, with the
/// errno and the file name.
pub fn unreadable(name: &str, error: &io::Error) -> PyErr {
    let message = format!("cannot read: {error}");
    match error.raw_os_error() {
        Some(errno) => PyOSError::new_err((errno, message, name.to_string())),
        None => PyOSError::new_err(format!("{name}: {message}")),
    }
}

/// A [`LevelError`] whose message is `NAME:MESSAGE` (`message` starts with `LINE:COLUMN:`) or
/// `NAME: MESSAGE` (`at_place` false: a problem of the input as a whole).
pub fn level_error(name: &str, message: impl Display, at_place: bool) -> PyErr {
    let separator = if at_place { "" } else { " " };
    LevelError::new_err(format!("{name}:{separator}{message}"))
}

/// A `ValueError` for an argument out of its range: `NAME: MESSAGE`.
pub fn argument(name: &str, message: impl Display) -> PyErr {
    PyValueError::new_err(format!("{name}: {message}"))
}

/// Emits `message` as an [`InputWarning`].
pub fn warn(py: Python<'_>, message: &str) -> PyResult<()> {
    let category = py.get_type::<InputWarning>();
    let message = std::ffi::CString::new(message.replace('\0', "\\0"))
        .expect("no NUL byte is left in the message");
    PyErr::warn(py, &category, &message, 1)
}
