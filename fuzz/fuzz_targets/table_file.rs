//! Fuzzes the table-file loader (`flipblox inspect`): any bytes give a table or a `LoadError`,
//! never a panic; an accepted flipblox table file is canonical (exporting its table again
//! gives the same bytes), and an accepted `.npy` reads back the same after a re-export.
#![no_main]

use flipblox::table_file::{Check, Format, Loaded, NpyFile, Table, TableFile, export, load};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
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
            let table = match file.table() {
                flipblox::table_file::NpyTable::Flip { distances, .. } => {
                    let n = distances.len().trailing_zeros();
                    Table::Flip(flipblox::table_file::FlipTable::new(1, n, distances).unwrap())
                }
                flipblox::table_file::NpyTable::Bloxorz(field) => Table::Bloxorz(field.clone()),
            };
            let mut again = Vec::new();
            export(&table, Format::Npy, &mut again).unwrap();
            let reread = NpyFile::parse(&again).unwrap();
            assert_eq!(reread.table(), file.table());
            assert_eq!(reread.histogram(), file.histogram());
        }
        Err(_) => {}
    }
});
