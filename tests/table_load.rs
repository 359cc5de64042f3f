//! The table-file loader refuses every kind of bad file with the right typed error, and never
//! panics on mutated files (a property-based byte fuzzer that runs in CI; `fuzz/` has the
//! coverage-guided libFuzzer target for longer runs).

use crate::common::{flip_entries, flip_table};
use bincode::config;
use flipblox::bloxorz::DistanceField;
use flipblox::lights_out::DistanceTable;
use flipblox::table_file::{
    Check, Format, Header, LoadError, Loaded, NpyFile, ShapeError, Table, TableFile, export, load,
};
use proptest::prelude::*;

use crate::common::table_checks::answer_from_header_checked_table;

fn exported(table: &Table<'_>, format: Format) -> Vec<u8> {
    let mut bytes = Vec::new();
    export(table, format, &mut bytes).unwrap();
    bytes
}

fn flip4() -> Table<'static> {
    Table::LightsOut(DistanceTable::embedded())
}

fn field() -> DistanceField<'static> {
    // 2x2 level, goal at (1, 0); -1 impossible, -2 illegal (sticking out of the level).
    DistanceField::new(2, 2, vec![-1, 2, -1, -1, -2, -1, 0, -1, -2, 3, -2, -2]).unwrap()
}

/// Rebuilds a table file around a modified header, following docs/FORMATS.md independently of
/// the writer: lead (magic, version, length, CRC-32), header, zero padding to 64, payload.
fn with_header(
    bytes: &[u8],
    edit: impl FnOnce(&mut Header),
    extra: &[u8],
    payload_edit: impl FnOnce(&mut Vec<u8>),
) -> Vec<u8> {
    let file = TableFile::parse(bytes, Check::Full).unwrap();
    let mut header = file.header().clone();
    let mut payload = file.payload().to_vec();
    payload_edit(&mut payload);
    header.payload_crc32 = crc32fast::hash(&payload);
    edit(&mut header);
    let cfg = config::standard().with_little_endian().with_fixed_int_encoding();
    let mut header_bytes = bincode::serde::encode_to_vec(&header, cfg).unwrap();
    header_bytes.extend_from_slice(extra);
    let mut out = b"FLIPBLOX".to_vec();
    out.extend(2u32.to_le_bytes());
    out.extend((header_bytes.len() as u32).to_le_bytes());
    out.extend(crc32fast::hash(&header_bytes).to_le_bytes());
    out.extend(&header_bytes);
    while !out.len().is_multiple_of(64) {
        out.push(0);
    }
    out.extend(payload);
    out
}

#[test]
fn the_rebuilt_file_of_an_unchanged_header_is_the_exported_file() {
    for table in [flip4(), Table::Bloxorz(field())] {
        let bytes = exported(&table, Format::Bincode);
        assert_eq!(with_header(&bytes, |_| {}, &[], |_| {}), bytes);
    }
}

#[test]
fn headers_that_contradict_themselves_are_refused_with_the_field() {
    let bytes = exported(&flip4(), Format::Bincode);
    let inconsistent = |edit: fn(&mut Header)| match TableFile::parse(
        &with_header(&bytes, edit, &[], |_| {}),
        Check::Header,
    ) {
        Err(LoadError::Inconsistent { field, .. }) => field,
        other => panic!("{other:?}"),
    };
    assert_eq!(inconsistent(|h| h.sentinel = 0), "sentinel");
    assert_eq!(inconsistent(|h| h.shape = vec![65_535]), "shape");
    assert_eq!(inconsistent(|h| h.element = flipblox::table_file::Element::I32Le), "element");
    assert_eq!(
        inconsistent(|h| h.state_layout = flipblox::table_file::StateLayout::BloxorzCellOrientation),
        "state_layout"
    );
    assert_eq!(inconsistent(|h| h.payload_len += 1), "payload_len");
    assert_eq!(inconsistent(|h| h.payload_offset += 64), "payload_offset");
    assert_eq!(inconsistent(|h| h.histogram.impossible += 1), "histogram total");
    let board = with_header(
        &bytes,
        |h| h.puzzle = flipblox::table_file::Puzzle::FlipGame { rows: 4, cols: 9 },
        &[],
        |_| {},
    );
    assert_eq!(
        TableFile::parse(&board, Check::Header).unwrap_err(),
        LoadError::Shape(ShapeError::BoardSize { rows: 4, cols: 9 })
    );
    let extra = with_header(&bytes, |_| {}, &[0], |_| {});
    assert_eq!(
        TableFile::parse(&extra, Check::Header).unwrap_err(),
        LoadError::HeaderDecode { message: "the header uses 144 of its 145 bytes".to_string() }
    );
}

#[test]
fn a_wrong_histogram_or_bad_entries_behind_valid_checksums_are_caught_by_the_full_check() {
    let bytes = exported(&flip4(), Format::Bincode);
    let moved = with_header(
        &bytes,
        |h| {
            h.histogram.counts[1] += 1;
            h.histogram.counts[2] -= 1;
        },
        &[],
        |_| {},
    );
    assert!(TableFile::parse(&moved, Check::Header).is_ok());
    assert_eq!(
        TableFile::parse(&moved, Check::Full).unwrap_err(),
        LoadError::Histogram { at: "distance 1".to_string(), stored: 33, computed: 32 }
    );
    // A trailing empty bin: every count agrees, the length does not (found by review: the
    // message said "the header says 0, the payload has 0").
    let longer = with_header(&bytes, |h| h.histogram.counts.push(0), &[], |_| {});
    assert_eq!(
        TableFile::parse(&longer, Check::Full).unwrap_err(),
        LoadError::Histogram { at: "length".to_string(), stored: 8, computed: 7 }
    );
    let bytes = exported(&Table::Bloxorz(field()), Format::Bincode);
    let bad_entry =
        with_header(&bytes, |_| {}, &[], |p| p[4..8].copy_from_slice(&(-5i32).to_le_bytes()));
    assert_eq!(
        load(&bad_entry).unwrap_err(),
        LoadError::Shape(ShapeError::Entry { index: 1, value: -5, sentinel: -2 })
    );
    // Impossible and illegal are counted apart: moving one count between them is caught.
    let swapped = with_header(
        &bytes,
        |h| {
            h.histogram.impossible += 1;
            h.histogram.illegal -= 1;
        },
        &[],
        |_| {},
    );
    assert!(TableFile::parse(&swapped, Check::Header).is_ok());
    assert_eq!(
        TableFile::parse(&swapped, Check::Full).unwrap_err(),
        LoadError::Histogram { at: "impossible".to_string(), stored: 6, computed: 5 }
    );
}

#[test]
fn lead_errors_carry_their_numbers() {
    let bytes = exported(&flip4(), Format::Bincode);
    let mut v1 = bytes.clone();
    v1[8] = 1;
    assert_eq!(load(&v1).unwrap_err(), LoadError::UnsupportedVersion { found: 1, supported: 2 });
    let mut huge = bytes.clone();
    huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    assert_eq!(
        load(&huge).unwrap_err(),
        LoadError::HeaderTooLarge { len: u64::from(u32::MAX), max: 1 << 24 }
    );
    let mut long = bytes.clone();
    long.push(0);
    assert_eq!(
        load(&long).unwrap_err(),
        LoadError::TrailingBytes { expected: 65_728, len: 65_729 }
    );
    assert_eq!(
        load(&bytes[..3]).unwrap_err(),
        LoadError::Truncated { part: "lead", start: 0, end: 20, len: 3 }
    );
    assert_eq!(
        load(b"\x93NUM").unwrap_err(),
        LoadError::Truncated { part: "npy version", start: 6, end: 8, len: 4 }
    );
    assert_eq!(load(b"GIF89a").unwrap_err(), LoadError::Foreign { found: "GIF89a".to_string() });
    let mut payload_bit = bytes.clone();
    payload_bit[200] ^= 0x80;
    assert!(
        matches!(load(&payload_bit).unwrap_err(), LoadError::PayloadChecksum { stored, computed } if stored != computed)
    );
}

#[test]
fn bloxorz_fields_round_trip_through_every_format() {
    let field = field();
    let table = Table::Bloxorz(field.clone());
    let bin = exported(&table, Format::Bincode);
    let Loaded::TableFile(file) = load(&bin).unwrap() else { panic!() };
    assert_eq!(file.table(), &table);
    assert_eq!(file.header().shape, vec![2, 2, 3]);
    assert_eq!(file.header().sentinel, -1);
    let npy_bytes = exported(&table, Format::Npy);
    let Loaded::Npy(npy) = load(&npy_bytes).unwrap() else { panic!() };
    assert_eq!(npy.table(), &flipblox::table_file::NpyTable::Bloxorz(field.clone()));
    let raw = exported(&table, Format::Raw);
    let ints: Vec<i32> = raw.chunks(4).map(|b| i32::from_le_bytes(b.try_into().unwrap())).collect();
    assert_eq!(ints, field.distances());
    let csv_bytes = exported(&table, Format::Csv);
    let mut reader = csv::Reader::from_reader(&csv_bytes[..]);
    assert_eq!(reader.headers().unwrap(), vec!["row", "col", "orientation", "distance"]);
    let mut seen = 0;
    for record in reader.records() {
        let r = record.unwrap();
        let (row, col, o): (u32, u32, usize) =
            (r[0].parse().unwrap(), r[1].parse().unwrap(), r[2].parse().unwrap());
        let expected = field.get(row, col, o).unwrap();
        assert_eq!(&r[3], expected.to_string());
        seen += 1;
    }
    assert_eq!(seen, 12);
    let json: serde_json::Value = serde_json::from_slice(&exported(&table, Format::Json)).unwrap();
    assert_eq!(json["puzzle"], "bloxorz");
    assert_eq!(json["goal"], serde_json::json!([1, 0]));
    assert_eq!(json["shape"], serde_json::json!([2, 2, 3]));
    assert_eq!(json["histogram"], serde_json::json!([1, 0, 1, 1]));
    assert_eq!((json["impossible"].as_u64(), json["illegal"].as_u64()), (Some(5), Some(4)));
    assert_eq!(
        (json["impossible_value"].as_i64(), json["illegal_value"].as_i64()),
        (Some(-1), Some(-2))
    );
    for row in 0..2u32 {
        for col in 0..2u32 {
            for o in 0..3 {
                let v = &json["distances"][row as usize][col as usize][o];
                assert_eq!(v.as_i64(), Some(i64::from(field.get(row, col, o).unwrap())));
            }
        }
    }
}

/// Valid files to mutate: small tables (fast) of both kinds, and the 4x4 table.
fn seeds() -> &'static [Vec<u8>] {
    static SEEDS: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    SEEDS.get_or_init(make_seeds)
}

fn make_seeds() -> Vec<Vec<u8>> {
    let t23 = flip_table(2, 3);
    let small = Table::LightsOut(flip_entries(2, 3, &t23));
    let mut seeds = Vec::new();
    for table in [small, Table::Bloxorz(field()), flip4()] {
        seeds.push(exported(&table, Format::Bincode));
        seeds.push(exported(&table, Format::Npy));
    }
    seeds
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    /// Flipped, overwritten, inserted or cut bytes: the loader answers with a table or an
    /// error, never a panic; an accepted table file is the canonical export of its table.
    #[test]
    fn mutated_files_never_panic_the_loader(
        seed in 0usize..6,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 0..6),
        cut in proptest::option::of(any::<prop::sample::Index>()),
    ) {
        let mut bytes = seeds()[seed].clone();
        for (at, byte, kind) in edits {
            // Most edits land in the first 256 bytes, where the headers are.
            let len = bytes.len().clamp(1, 256);
            let i = at.index(len);
            match kind {
                0 if i < bytes.len() => bytes[i] ^= byte | 1,
                1 if i < bytes.len() => bytes[i] = byte,
                _ => bytes.insert(i.min(bytes.len()), byte),
            }
        }
        if let Some(cut) = cut {
            let at = cut.index(bytes.len() + 1);
            bytes.truncate(at);
        }
        match load(&bytes) {
            Ok(Loaded::TableFile(file)) => {
                prop_assert_eq!(&exported(file.table(), Format::Bincode), &bytes);
            }
            Ok(Loaded::Npy(file)) => {
                prop_assert!(NpyFile::parse(&bytes).is_ok());
                prop_assert_eq!(file.histogram().total(), file.shape().iter().product::<u64>());
            }
            Err(e) => {
                prop_assert!(!e.to_string().is_empty());
            }
        }
        let _ = TableFile::parse(&bytes, Check::Header);
        answer_from_header_checked_table(&bytes);
    }
}

#[test]
fn asking_for_the_wrong_table_names_both() {
    let t22 = flip_table(2, 2);
    let small = Table::LightsOut(flip_entries(2, 2, &t22));
    let blox = Table::Bloxorz(field());
    let cases = [
        (exported(&small, Format::Bincode), "a Flip Game 2x2 table"),
        (exported(&small, Format::Npy), "a Flip Game table of 2^4 states"),
        (exported(&blox, Format::Bincode), "a Bloxorz 2x2 field"),
        (exported(&blox, Format::Npy), "a Bloxorz 2x2 field"),
    ];
    for (bytes, found) in cases {
        assert_eq!(
            load(&bytes).unwrap().flip_table(4, 4).unwrap_err(),
            ShapeError::WrongTable {
                expected: "a Flip Game 4x4 table".to_string(),
                found: found.to_string()
            }
        );
    }
    let four = exported(&flip4(), Format::Npy);
    assert!(
        load(&four).unwrap().flip_table(2, 8).is_ok(),
        "a .npy does not record rows and columns"
    );
}
