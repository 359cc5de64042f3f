//! The library's JSON records (serde types) as Python dicts: serialised as the command-line
//! tool prints them, and read by Python's `json`, so that a record is the dict `json.loads`
//! makes of the command-line tool's line (the same keys in the same order, the same numbers).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;

/// `json.loads`, looked up once.
fn loads(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    LOADS.import(py, "json", "loads")
}

/// The records of `lines`, JSON Lines (one object a line, each ended by a line break), as a list
/// of dicts: one call of `json.loads` for all of them.
pub fn from_json_lines<'py>(py: Python<'py>, lines: &[u8]) -> PyResult<Bound<'py, PyList>> {
    // A JSON text holds no raw line break inside a string: the breaks end the records.
    let mut array = Vec::with_capacity(lines.len() + 2);
    array.push(b'[');
    for (i, line) in lines.split(|&b| b == b'\n').filter(|l| !l.is_empty()).enumerate() {
        if i > 0 {
            array.push(b',');
        }
        array.extend_from_slice(line);
    }
    array.push(b']');
    let text = std::str::from_utf8(&array).expect("serde_json writes UTF-8");
    Ok(loads(py)?.call1((text,))?.cast_into::<PyList>()?)
}

/// One record (a serde type) as a dict.
pub fn to_dict<'py>(
    py: Python<'py>,
    record: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(record).expect("a record serialises");
    loads(py)?.call1((text,))
}
