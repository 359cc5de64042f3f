//! Fuzzes the reader of `bloxorz --expect` files (issue 38), the command-line tool's own
//! `src/cli/expect/read.rs` over its line scanner `src/cli/lines.rs`: any bytes give answers or
//! one message, never a panic; the message is one line of at most a few hundred characters
//! whatever the bytes; the answers are the same whatever the reader's buffer size (a line split
//! anywhere between reads); and the answers written back as a run prints them read back the
//! same.
#![no_main]

#[allow(dead_code)]
#[path = "../../src/cli/lines.rs"]
pub mod lines;

#[allow(dead_code)]
#[path = "../../src/cli/expect/read.rs"]
mod read;

/// Where `read.rs` finds the scanner in the command-line tool.
mod cli {
    pub use crate::lines;
}

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use read::{Answers, Layout, read_answers};

/// The answers of `bytes` read through a buffer of `capacity` bytes, as comparable values.
fn answers(bytes: &[u8], capacity: usize) -> Result<(Option<Layout>, Vec<String>), String> {
    let read = read_answers(BufReader::with_capacity(capacity, bytes), 1000)?;
    let Answers { layout, entries } = read;
    Ok((layout, entries.iter().map(|e| format!("{:?}", e)).collect()))
}

fuzz_target!(|bytes: &[u8]| {
    let whole = answers(bytes, 1 << 16);
    for capacity in [1, 2, 7, 64] {
        assert_eq!(answers(bytes, capacity), whole, "buffer of {capacity} bytes");
    }
    match &whole {
        Err(message) => {
            assert!(!message.contains(['\n', '\r', '\u{1b}']), "{message:?}");
            assert!(message.chars().count() < 400, "{message:?}");
        }
        Ok(_) => {
            let read = read_answers(bytes, 1000).unwrap();
            let mut text = String::new();
            for e in &read.entries {
                match e.index {
                    Some(i) => text.push_str(&format!("{i}\t{}\n", e.answer)),
                    None => text.push_str(&format!("{}\n", e.answer)),
                }
            }
            let back = read_answers(text.as_bytes(), 1000).unwrap();
            let answers =
                |a: &Answers| a.entries.iter().map(|e| (e.index, e.answer)).collect::<Vec<_>>();
            assert_eq!(answers(&back), answers(&read));
        }
    }
});
