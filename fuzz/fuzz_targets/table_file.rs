//! Fuzzes the table-file loader (`flipblox inspect`): any bytes give a table or a `LoadError`,
//! never a panic; an accepted flipblox table file is canonical (exporting its table again
//! gives the same bytes), and an accepted `.npy` reads back the same after a re-export.
//!
//! A Flip Game table file that passes the header check (what `flipblox flip --table` asks) is
//! also answered from, on a spread of states: a payload that lies gives an error, not a panic.
//!
//! Each input is also tried with the header CRC in the lead repaired, so that mutations get
//! past the checksum to the header decoder and the consistency checks behind it.
#![no_main]

use flipblox::lights_out::{DistanceTable, Variant};
use flipblox::table_file::{
    Check, Format, Loaded, NpyFile, NpyTable, Table, TableFile, export, load,
};
use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/table_checks.rs"]
mod table_checks;

fn check(data: &[u8]) {
    let header_only = TableFile::parse(data, Check::Header);
    match load(data) {
        Ok(Loaded::TableFile(file)) => {
            assert!(header_only.is_ok(), "a full check passed where the header check failed");
            let mut again = Vec::new();
            export(file.table(), Format::Bincode, &mut again).unwrap();
            assert_eq!(again, data, "an accepted table file is not canonical");
            assert_eq!(file.table().histogram(), file.header().histogram);
        }
        Ok(Loaded::Npy(file)) => {
            // The `.npy` format records neither rows nor columns: read the entries as the
            // table of a one-row board of as many cells.
            let lights_out = |colours: u8, cells: u32, distances| {
                let variant = Variant::builder(1, cells as usize).colours(colours).build().unwrap();
                Table::LightsOut(DistanceTable::from_bytes(&variant, distances).unwrap())
            };
            let table = match file.table() {
                NpyTable::Flip { distances, cells } => lights_out(2, *cells, distances),
                NpyTable::LightsOut { colours, cells, distances } => {
                    lights_out(*colours, *cells, distances)
                }
                NpyTable::Bloxorz(field) => Table::Bloxorz(field.clone()),
            };
            let mut again = Vec::new();
            export(&table, Format::Npy, &mut again).unwrap();
            let reread = NpyFile::parse(&again).unwrap();
            assert_eq!(reread.table(), file.table());
            assert_eq!(reread.histogram(), file.histogram());
        }
        Err(_) => {}
    }
    table_checks::answer_from_header_checked_table(data);
}

fuzz_target!(|data: &[u8]| {
    check(data);
    if data.len() >= 20 && data.starts_with(b"FLIPBLOX") {
        let header_len = u32::from_le_bytes([data[12], data[13], data[14], data[15]]) as usize;
        if let Some(header) = data.get(20..20 + header_len) {
            let mut repaired = data.to_vec();
            repaired[16..20].copy_from_slice(&crc32fast::hash(header).to_le_bytes());
            check(&repaired);
        }
    }
});
