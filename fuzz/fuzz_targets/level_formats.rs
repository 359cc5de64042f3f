//! Fuzzes the readers issue 14 added and the choice between them: any bytes give levels or
//! positioned errors, never a panic; the S/T/o/- drawing and the pack read the same levels from a
//! slice and from a stream (byte-order marks and old Mac line endings included); a drawing
//! written back reads as the same level; `--input-format auto`'s decision on a stream's
//! start never differs from its decision on the whole input; and a JavaScript port made from the
//! bytes (`tests/common/javascript.rs`) is told to be the Flash game's file and gives the stages
//! JavaScript's values make.
#![no_main]

#[allow(dead_code)]
#[path = "../../tests/common/javascript.rs"]
mod javascript;

use flipblox::bloxorz::{InputFormat, Level, LevelError, PackReader};
use flipblox::fuzzing::{
    detect_format, detect_from_head, drawing, drawing_from_reader, pack_from_reader, write_drawing,
};
use libfuzzer_sys::fuzz_target;

/// Every level as its text or its error.
fn levels(reader: impl Iterator<Item = Result<Level, LevelError>>) -> Vec<Result<String, String>> {
    reader.take(64).map(|r| r.map(|l| l.to_string()).map_err(|e| e.to_string())).collect()
}

fuzz_target!(|bytes: &[u8]| {
    const MEMORY: u64 = 1 << 20;
    let drawn = levels(drawing(bytes, MEMORY));
    let streamed = levels(drawing_from_reader(bytes, MEMORY));
    assert_eq!(drawn, streamed);
    for level in drawing(bytes, MEMORY).take(64).flatten() {
        let mut drawn = String::new();
        if write_drawing(&level, &mut drawn).is_ok() {
            let back = drawing(drawn.as_bytes(), MEMORY).next().unwrap().unwrap();
            assert_eq!(back.to_string(), level.to_string());
        }
    }
    let packed = levels(PackReader::new(bytes).max_memory(MEMORY));
    assert_eq!(packed, levels(pack_from_reader(bytes, MEMORY)));
    let (program, play_order) = javascript::program(bytes);
    assert_eq!(detect_format(program.as_bytes()), InputFormat::Flash);
    javascript::check_stages(&program, &play_order, MEMORY);
    let whole = detect_format(bytes);
    if !bytes.contains(&b'\r') {
        for end in [0, 1, 2, 7, 64, bytes.len() / 2] {
            let head = &bytes[..end.min(bytes.len())];
            if let Some(early) = detect_from_head(head, false) {
                assert_eq!(early, whole, "{:?}", head.escape_ascii().to_string());
            }
        }
    }
});
