//! Lights Out and the Flip Game from Python (bound after the Lights Out redesign lands).

use pyo3::prelude::*;

/// Adds the Lights Out functions to the module.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
