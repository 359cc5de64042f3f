//! CSV export with the `csv` crate: one record per state.
//!
//! - Lights Out: header `state,board,distance`; `state` in decimal; `board` the `rows*cols`
//!   cells row by row in the default alphabet of the colours (`b`/`w` for two: character
//!   `cols*row+col` is `b` when that bit of the state is set); `distance` empty when Impossible.
//! - Bloxorz: header `row,col,orientation,distance`, records in C order; `distance` is the
//!   field's entry as a number: -1 when the goal cannot be reached (impossible), -2 when the box
//!   may not rest there (illegal), so a numeric column keeps the two apart.

use std::fmt::Write as _;
use std::io::Write;

use super::error::ExportError;
use super::table::Table;
use crate::bloxorz::ORIENTATIONS;
use crate::lights_out::Alphabet;

fn csv_error(e: csv::Error) -> ExportError {
    match e.into_kind() {
        csv::ErrorKind::Io(io) => ExportError::Io(io),
        other => ExportError::Encode { format: "csv", message: format!("{other:?}") },
    }
}

/// Writes `table` as CSV (layout in the [module docs](self)).
///
/// # Errors
///
/// [`ExportError::Io`] when `out` fails.
pub(crate) fn write_csv(table: &Table<'_>, out: &mut dyn Write) -> Result<(), ExportError> {
    let mut w = csv::Writer::from_writer(out);
    // Reused buffers: the numbers of one record and the board.
    let mut fields: [String; 4] = Default::default();
    let mut board = Vec::new();
    match table {
        Table::LightsOut(t) => {
            w.write_record(["state", "board", "distance"]).map_err(csv_error)?;
            let k = u64::from(t.variant().colours());
            let alphabet = Alphabet::default_for(t.variant().colours());
            board.resize(t.variant().size().cells(), alphabet.symbol(0));
            for state in 0..t.as_bytes().len() {
                let mut rest = state as u64;
                for piece in board.iter_mut() {
                    *piece = alphabet.symbol((rest % k) as u8);
                    rest /= k;
                }
                write_number(&mut fields[0], Some(state));
                write_number(&mut fields[1], table.distance_at(state));
                let record = [fields[0].as_bytes(), &board, fields[1].as_bytes()];
                w.write_record(record).map_err(csv_error)?;
            }
        }
        Table::Bloxorz(f) => {
            w.write_record(["row", "col", "orientation", "distance"]).map_err(csv_error)?;
            let cols = f.cols() as usize;
            for i in 0..f.distances().len() {
                let cell = i / ORIENTATIONS;
                write_number(&mut fields[0], Some(cell / cols));
                write_number(&mut fields[1], Some(cell % cols));
                write_number(&mut fields[2], Some(i % ORIENTATIONS));
                write_number(&mut fields[3], Some(f.distances()[i]));
                w.write_record(&fields).map_err(csv_error)?;
            }
        }
    }
    w.flush()?;
    Ok(())
}

/// Sets `buf` to the decimal `n`, or empty for `None`.
fn write_number(buf: &mut String, n: Option<impl std::fmt::Display>) {
    buf.clear();
    if let Some(n) = n {
        // Writing to a String cannot fail.
        let _ = write!(buf, "{n}");
    }
}
