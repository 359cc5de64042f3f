//! Rendering benchmark: a 500 x 500 level drawn as PNG and as SVG (`flipblox::render`), the
//! steps of the PNG apart (drawing the level; the drawing to a PNG file), and the pictures
//! of a contact sheet: 2,000 small levels (3 to 20 rows and columns, as in
//! `data/bloxorz/mixed-small.txt`) each as SVG with and without legend, and the page.
//!
//! The level is generated here: rigid ground with random holes (15 %), fragile tiles (10 %) and a
//! scattering of switches and bridge tiles, so that runs of equal tiles are short, as in a real
//! large level. The PNG uses the default options (2 pixels per unit, at most 4,096 pixels a side:
//! about 8 pixels per cell here).
//!
//! Run: `cargo bench --bench render`.

use criterion::{Criterion, criterion_group, criterion_main};
use flipblox::render::{ContactSheet, LevelOptions, LevelPicture, Outcome, PngOptions, SheetEntry};

/// SplitMix64 from a seed: numbers below 100.
fn percent(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % 100
    }
}

/// A `rows x cols` level of mixed tiles from a fixed seed: 15 % empty, 10 % fragile, 1 % each
/// soft switch, heavy switch, bridge and absent bridge, the rest rigid.
fn level(rows: usize, cols: usize, seed: u64) -> LevelPicture {
    let mut next = percent(seed);
    let mut letters: Vec<u8> = (0..rows * cols)
        .map(|_| match next() {
            0..15 => b'#',
            15..25 => b'E',
            25 => b'S',
            26 => b'H',
            27 => b'B',
            28 => b'-',
            _ => b'.',
        })
        .collect();
    letters[0] = b'X';
    letters[rows * cols - 1] = b'O';
    let lines: Vec<&str> =
        letters.chunks(cols).map(|row| std::str::from_utf8(row).unwrap()).collect();
    LevelPicture::from_rows(&lines).unwrap()
}

/// The width and height of a PNG file, from its header.
fn png_size(png: &[u8]) -> (u32, u32) {
    let field = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (field(16), field(20))
}

fn bench(c: &mut Criterion) {
    let picture = level(500, 500, 0x5EED);
    let options = LevelOptions::default();
    let png = PngOptions::default();
    let drawing = picture.draw(&options).unwrap();
    let file = drawing.to_png(&png).unwrap();
    let (width, height) = png_size(&file);
    eprintln!(
        "500 x 500 level: SVG {} bytes; PNG {width} x {height} pixels, {} bytes",
        drawing.to_svg().len(),
        file.len()
    );
    let mut group = c.benchmark_group("render 500x500");
    group.sample_size(10);
    group.bench_function("level to PNG", |b| {
        b.iter(|| picture.draw(&options).unwrap().to_png(&png).unwrap())
    });
    group.bench_function("draw the level", |b| b.iter(|| picture.draw(&options).unwrap()));
    group.bench_function("the drawing to PNG", |b| b.iter(|| drawing.to_png(&png).unwrap()));
    group.bench_function("level to SVG", |b| b.iter(|| picture.draw(&options).unwrap().to_svg()));
    group.finish();

    let mut size = percent(7);
    let small: Vec<LevelPicture> =
        (0..2000).map(|i| level(3 + size() as usize % 18, 3 + size() as usize % 18, i)).collect();
    let mut group = c.benchmark_group("contact sheet");
    group.sample_size(10);
    group.bench_function("2,000 small levels as SVG, with and without legend, and the page", |b| {
        b.iter(|| {
            let bare = LevelOptions { legend: false, ..options };
            let mut bytes = 0;
            let mut sheet = ContactSheet { title: "bench".to_owned(), entries: Vec::new() };
            for (i, level) in small.iter().enumerate() {
                bytes += level.draw(&options).unwrap().to_svg().len();
                bytes += level.draw(&bare).unwrap().to_svg().len();
                sheet.entries.push(SheetEntry {
                    level: i + 1,
                    rows: level.rows,
                    cols: level.cols,
                    outcome: Outcome::Moves(i as u64),
                    states_explored: Some(100),
                    image: Some(format!("level-{:04}.svg", i + 1)),
                    thumbnail: Some(format!("level-{:04}-thumb.svg", i + 1)),
                    links: Vec::new(),
                    title: None,
                });
            }
            bytes + sheet.html().unwrap().len()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
