//! Every input and output path under the conditions a hostile or careless user creates, with
//! the real thing each time: a named pipe with a reader at its other end, signals sent to a
//! running build (paused at a known point, so that no test depends on timing), a child whose
//! address space or file size is limited before it starts (as `prlimit` does), a file truncated
//! while the binary has it mapped, a standard output closed at start, and table files forged in
//! the test with their checksums recomputed.
//!
//! Promised: nothing lost (outputs appear whole or not at all, existing ones are kept when a run
//! fails, temporary files go on SIGINT, SIGTERM and SIGHUP), memory bounded (streams, the Flash
//! reader, fallible allocation), and faults reported in words with exit code 1. The promises
//! are listed in docs/RELIABILITY.md. (That one-press or no-press answers are always proven
//! minimal is checked by `flip_sizes_cli::a_single_press_or_none_is_always_proven_minimal`; a
//! closed pipe ending quietly by `regression::json_output_into_a_closed_pipe_ends_quietly` and
//! the `a_closed_pipe_*` tests.)

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::process::{
    Ended, Supervised, TIME_LIMIT, command, default_signals, feed, feed_forever, ignore_signals,
    is_fifo, limit, mkfifo,
};
use crate::common::{flip_entries, flip_table};
use crate::common::{
    flipblox, flipblox_ok, is_uniform, parse_moves_line, project, read_bytes, read_dir_sorted,
    read_text, read_then_close_stdout, replay_rows, stderr, stdout, write_file,
};
use flipblox::table_file::{Format, Table, export};

/// A path as a command-line argument.
fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 test path")
}

/// The names in `dir`, sorted (temporary files included).
fn names(dir: &Path) -> Vec<String> {
    read_dir_sorted(dir)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

/// `base` followed by `more`, as one argument list.
fn with<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    [base, more].concat()
}

/// A path to the system file `system` (`/dev/full`, `/dev/stdout`...) for `-o`: the path itself
/// when the tests run as an ordinary user, a symbolic link to it in `dir` when they run as
/// root. A regression that replaced the path given would then replace the link, never the
/// system's device (the way through the link is the way through `/dev/stdout`, itself a link).
fn system_path(dir: &Path, system: &str) -> String {
    // SAFETY: geteuid(2) only reads the process's user id.
    if unsafe { libc::geteuid() } != 0 {
        return system.to_string();
    }
    let link = dir.join(format!("link-to-{}", system.rsplit('/').next().unwrap()));
    if std::fs::symlink_metadata(&link).is_err() {
        std::os::unix::fs::symlink(system, &link).unwrap();
    }
    arg(&link).to_string()
}

/// The POJ 3322 sample pack (one level, 10 moves), shipped with the repository.
fn sample_pack() -> String {
    arg(&project("data/bloxorz/poj-sample.txt")).to_string()
}

/// The commands that write an output file (`-o` is appended), with the pack they read.
fn writers(pack: &str) -> Vec<Vec<&str>> {
    vec![
        vec!["export", "flip", "--format", "csv"],
        vec!["table", "build", "--size", "3x3"],
        vec!["convert", "--input-format", "pack", pack],
        vec!["export", "bloxorz", pack, "--level", "1", "--format", "csv"],
    ]
}

/// The board of Flip Game `state` (bit `r * cols + c` = piece (r, c), 1 = black) as rows.
fn board_rows(state: usize, rows: usize, cols: usize) -> Vec<String> {
    (0..rows)
        .map(|r| {
            (0..cols).map(|c| if state >> (r * cols + c) & 1 == 1 { 'b' } else { 'w' }).collect()
        })
        .collect()
}

/// The table file (`table build`'s format) of `entries` labelled as an RxC board: header, both
/// CRC-32s and the histogram computed afresh by the library's writer.
fn table_file(rows: u32, cols: u32, entries: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::new();
    let table = flip_entries(rows as usize, cols as usize, entries);
    export(&Table::LightsOut(table), Format::Bincode, &mut bytes).expect("encoding a table");
    bytes
}

// ----------------------------------------------------------------------------------------------
// -o writes FIFOs and devices in place, follows symbolic links, and names what is wrong.

#[test]
fn a_fifo_output_is_written_in_place_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    let pack = sample_pack();
    for args in writers(&pack) {
        let expected = flipblox_ok(&with(&args, &["-o", "-"]), b"").stdout;
        assert!(!expected.is_empty(), "{args:?}");
        // `cat pipe > got &`: a reader waiting at the other end of the FIFO.
        let got = dir.path().join("got");
        let mut cat = Command::new("cat");
        cat.arg(&fifo).stdout(std::fs::File::create(&got).unwrap()).stderr(Stdio::piped());
        let reader = Supervised::spawn(cat, TIME_LIMIT);
        let writer = Supervised::flipblox(&with(&args, &["-o", arg(&fifo)])).wait();
        assert!(writer.status.success(), "{}", writer.describe());
        assert!(writer.stderr.is_empty(), "{}", writer.describe());
        let read = reader.wait();
        assert!(read.status.success(), "{}", read.describe());
        let got = read_bytes(&got);
        assert!(got == expected, "{args:?}: the reader got {} bytes", got.len());
        assert!(is_fifo(&fifo), "{args:?} replaced the FIFO");
        assert_eq!(names(dir.path()), ["got", "pipe"], "{args:?}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_device_is_reported_as_no_space_left_on_device() {
    let dir = tempfile::tempdir().unwrap();
    let full = system_path(dir.path(), "/dev/full");
    let pack = sample_pack();
    for args in writers(&pack) {
        let out = flipblox(&with(&args, &["-o", &full]), b"");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.starts_with(&format!("flipblox: {full}: cannot write: ")), "{args:?}: {err}");
        assert!(err.ends_with("No space left on device (os error 28)\n"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    }
    let dev = std::fs::metadata(&full).unwrap();
    assert!(dev.file_type().is_char_device(), "{full} is still the device");
}

/// `-o` naming our own standard output or error through a path (`/dev/stdout`,
/// `/proc/self/fd/1`, a link to them) writes to that stream, whether it is a pipe or a file.
#[cfg(target_os = "linux")]
#[test]
fn standard_streams_named_by_a_path_are_written_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["export", "flip", "--format", "csv"];
    let expected = flipblox_ok(&with(&args, &["-o", "-"]), b"").stdout;
    let link = dir.path().join("out-link");
    std::os::unix::fs::symlink("/dev/stdout", &link).unwrap();
    let dev_stdout = system_path(dir.path(), "/dev/stdout");
    for path in ["/proc/self/fd/1", arg(&link), &dev_stdout] {
        let out = flipblox_ok(&with(&args, &["-o", path]), b"");
        assert!(out.stdout == expected, "-o {path}: {} bytes", out.stdout.len());
        assert!(out.stderr.is_empty(), "-o {path}: {}", stderr(&out));
    }
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    let dev_stderr = system_path(dir.path(), "/dev/stderr");
    let out = flipblox_ok(&with(&args, &["-o", &dev_stderr]), b"");
    assert!(out.stderr == expected && out.stdout.is_empty(), "-o {dev_stderr}");

    // Standard output redirected to a regular file (`> captured`): written through the open
    // descriptor, not replaced by a new file.
    let captured = dir.path().join("captured.csv");
    let file = std::fs::File::create(&captured).unwrap();
    let inode = file.metadata().unwrap().ino();
    let mut run = command(&with(&args, &["-o", arg(&link)]));
    run.stdout(file);
    let ended = Supervised::spawn(run, TIME_LIMIT).wait();
    assert!(ended.status.success(), "{}", ended.describe());
    assert!(read_bytes(&captured) == expected);
    assert_eq!(std::fs::metadata(&captured).unwrap().ino(), inode, "the same file, not a new one");
    let left = names(dir.path());
    assert!(left.iter().all(|n| !n.starts_with(".flipblox-")), "{left:?}");
    assert!(left.contains(&"captured.csv".to_string()), "{left:?}");
}

#[test]
fn a_symbolic_link_output_replaces_its_target_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let (links, targets) = (dir.path().join("links"), dir.path().join("targets"));
    std::fs::create_dir_all(&links).unwrap();
    std::fs::create_dir_all(&targets).unwrap();
    let real = targets.join("table.csv");
    write_file(&real, "the old table\n");
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
    // links/table.csv -> ../targets/table.csv, and a link to that link.
    let link = links.join("table.csv");
    std::os::unix::fs::symlink("../targets/table.csv", &link).unwrap();
    let chain = links.join("chain.csv");
    std::os::unix::fs::symlink("table.csv", &chain).unwrap();
    let args = ["export", "flip", "--format", "csv"];
    let expected = flipblox_ok(&with(&args, &["-o", "-"]), b"").stdout;
    for path in [&link, &chain] {
        write_file(&real, "the old table\n");
        let out = flipblox_ok(&with(&args, &["-o", arg(path)]), b"");
        assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{}", stderr(&out));
        assert!(read_bytes(&real) == expected, "-o {}: the target holds the table", path.display());
        assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("../targets/table.csv"));
        assert_eq!(std::fs::read_link(&chain).unwrap(), Path::new("table.csv"));
        let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640, "the target keeps its permissions");
        assert_eq!(names(&links), ["chain.csv", "table.csv"]);
        assert_eq!(names(&targets), ["table.csv"]);
    }
    // A link to nothing is refused, and left as it was.
    let dangling = links.join("dangling.csv");
    std::os::unix::fs::symlink("missing.csv", &dangling).unwrap();
    let out = flipblox(&with(&args, &["-o", arg(&dangling)]), b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!(
            "flipblox: {}: cannot create: it is a symbolic link to missing.csv, which does not \
             exist\n",
            dangling.display()
        )
    );
    assert_eq!(names(&links), ["chain.csv", "dangling.csv", "table.csv"]);
}

/// A directory, a name ending in `/`, a missing directory or one where no file can be created
/// are named in words, with the output's name and never the temporary file's.
#[test]
fn a_bad_output_path_is_explained_with_the_name_given() {
    let dir = tempfile::tempdir().unwrap();
    let d = arg(dir.path());
    let cases = [
        (format!("{d}/"), format!("{d}/: cannot create: it is a directory")),
        (d.to_string(), format!("{d}: cannot create: it is a directory")),
        (format!("{d}/new/"), format!("{d}/new/: cannot create: a file name cannot end with '/'")),
        (
            format!("{d}/missing/t.csv"),
            format!("{d}/missing/t.csv: cannot create: No such file or directory (os error 2)"),
        ),
        (
            format!("{d}/a\nb/t.csv"),
            format!("{d}/a\\nb/t.csv: cannot create: No such file or directory (os error 2)"),
        ),
    ];
    for (path, message) in &cases {
        let out = flipblox(&["export", "flip", "--format", "csv", "-o", path], b"");
        assert_eq!(out.status.code(), Some(1), "{path}");
        assert_eq!(stderr(&out), format!("flipblox: {message}\n"), "{path:?}");
    }
    // /proc/version is a regular file in a directory where no file can be created.
    #[cfg(target_os = "linux")]
    {
        let out = flipblox(&["table", "build", "--size", "2x2", "-o", "/proc/version"], b"");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.starts_with("flipblox: /proc/version: cannot create: "), "{err}");
        assert!(!err.contains(".flipblox-") && !err.contains("partial"), "{err}");
    }
    assert!(names(dir.path()).is_empty());
}

// ----------------------------------------------------------------------------------------------
// Existing outputs are kept when a run fails, and temporary files go on SIGINT, SIGTERM, SIGHUP.

#[test]
fn convert_keeps_an_existing_output_when_an_input_fails() {
    let dir = tempfile::tempdir().unwrap();
    let precious = dir.path().join("precious.txt");
    let good = dir.path().join("good.txt");
    write_file(&good, "1 3\nXXO\n0 0\n");
    let bad = dir.path().join("bad.txt");
    write_file(&bad, "1 3\nXXO\n1 2\nXq\n0 0\n");
    let missing = dir.path().join("missing.txt");
    let p = arg(&precious);
    for inputs in [vec![&missing], vec![&bad], vec![&good, &missing]] {
        write_file(&precious, "1 3\nX.O\n");
        let mut args = vec!["convert", "--input-format", "pack"];
        args.extend(inputs.iter().map(|i| arg(i)));
        args.extend(["-o", p]);
        let out = flipblox(&args, b"");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            err.ends_with(&format!(
                "{p}: not written: some input could not be read (the file is left as it was)\n"
            )),
            "{err}"
        );
        assert_eq!(read_text(&precious), "1 3\nX.O\n", "{args:?}");
        assert_eq!(names(dir.path()), ["bad.txt", "good.txt", "precious.txt"]);
    }
    // When every input is read, the file is replaced.
    flipblox_ok(&["convert", "--input-format", "pack", arg(&good), "-o", p], b"");
    assert_eq!(read_text(&precious), "1 3\nXXO\n0 0\n");
}

/// Where a run pauses until a signal arrives (`src/cli/signals.rs`, "Pauses for the tests"):
/// the test sends its signal to a run known to be there, whatever the load on the machine.
#[derive(Clone, Copy, Debug)]
enum Pause {
    /// Once its temporary file is created: the run goes on working while the thread that the
    /// signal wakes removes the file.
    AfterCreate,
    /// Before the rename of its finished temporary file, holding the lock that the woken thread
    /// needs: the run itself must find the signal and not rename (as when that thread gets no
    /// processor in time, or the signal comes during the `fsync(2)` before the rename).
    BeforeRename,
}

impl Pause {
    const BOTH: [Pause; 2] = [Pause::AfterCreate, Pause::BeforeRename];

    /// The environment variable that names the marker file the run creates when it pauses.
    fn variable(self) -> &'static str {
        match self {
            Pause::AfterCreate => "FLIPBLOX_TEST_PAUSE_AFTER_CREATE",
            Pause::BeforeRename => "FLIPBLOX_TEST_PAUSE_BEFORE_RENAME",
        }
    }
}

/// Starts `run` to pause at `pause` and returns once it is there, with its marker file (in
/// `markers`; removing it lets the run go on).
fn start_paused(mut run: Command, pause: Pause, markers: &Path) -> (Supervised, PathBuf) {
    let marker = markers.join("paused");
    if marker.exists() {
        std::fs::remove_file(&marker).unwrap();
    }
    run.env(pause.variable(), &marker);
    let child = Supervised::spawn(run, TIME_LIMIT);
    let start = Instant::now();
    while !marker.exists() {
        if !child.is_running() {
            panic!("ended before its pause ({pause:?}): {}", child.wait().describe());
        }
        assert!(start.elapsed() < TIME_LIMIT, "no pause ({pause:?}) within the time limit");
        std::thread::sleep(Duration::from_millis(1));
    }
    (child, marker)
}

/// `table build` of the Flip Game on `size` into `target` (4x7: 256 MiB, seconds of work), with
/// the signals it handles at their default action when it starts.
fn table_build(size: &str, target: &Path) -> Command {
    let mut run =
        command(&["table", "build", "--size", size, "--max-table-cells", "28", "-o", arg(target)]);
    default_signals(&mut run);
    run
}

/// SIGINT, SIGTERM and SIGHUP during a build (paused once its temporary file exists) and at its
/// end (paused before the rename, the signal's thread locked out): the run ends by the signal,
/// the temporary file is gone, the old table stays (issue 42: a signal during the `fsync(2)`
/// before the rename was handled an instant before it, and the table was replaced).
#[test]
fn an_interrupted_table_build_removes_its_temporary_file_and_keeps_the_old_table() {
    let dir = tempfile::tempdir().unwrap();
    let markers = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.fbt");
    for pause in Pause::BOTH {
        // Paused at its end, the build is done whole: a small one.
        let size = if let Pause::AfterCreate = pause { "4x7" } else { "4x5" };
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            write_file(&target, "the old table");
            let (child, _) = start_paused(table_build(size, &target), pause, markers.path());
            child.signal(signal);
            let ended = child.wait();
            assert_eq!(ended.status.signal(), Some(signal), "{pause:?}: {}", ended.describe());
            assert_eq!(names(dir.path()), ["t.fbt"], "{pause:?}, signal {signal}");
            assert_eq!(read_text(&target), "the old table", "{pause:?}, signal {signal}");
        }
    }
    // SIGKILL cannot be caught: the temporary file stays, under the documented name
    // (docs/RELIABILITY.md), beside the old table.
    let (child, _) = start_paused(table_build("4x5", &target), Pause::BeforeRename, markers.path());
    child.signal(libc::SIGKILL);
    let ended = child.wait();
    assert_eq!(ended.status.signal(), Some(libc::SIGKILL));
    let left = names(dir.path());
    assert_eq!(left.len(), 2, "{left:?}");
    let partial = &left[0];
    assert!(partial.starts_with(".flipblox-") && partial.ends_with(".partial"), "{partial}");
    assert_eq!(partial.len(), ".flipblox-".len() + 6 + ".partial".len(), "{partial}");
    assert_eq!(read_text(&target), "the old table");
}

/// Ctrl-C leaves no partial output in any command that writes files (each file, or each file
/// of a directory, through a temporary file): interrupted while it works or before its first
/// rename, every one ends by SIGINT with its directory as it was, an old output untouched.
#[test]
fn ctrl_c_leaves_no_partial_output_in_any_command_that_writes_files() {
    let pack = sample_pack();
    let board = "bwwb/bbwb/bwwb/bwww";
    // (the command, its output option, the output's name: a name ending in `/` is a directory)
    let cases: [(&[&str], &str, &str); 14] = [
        (&["flip", "--board", board], "-o", "answers.txt"),
        (&["export", "flip", "--format", "csv"], "-o", "table.csv"),
        (&["export", "bloxorz", &pack, "--level", "1", "--format", "csv"], "-o", "field.csv"),
        (&["table", "build", "--size", "3x3"], "-o", "t.fbt"),
        (&["convert", "--input-format", "pack", &pack], "-o", "pack.txt"),
        (&["convert", "--to", "pddl", &pack], "-o", "pddl/"),
        (&["generate", "bloxorz", "--size", "6x6", "--iterations", "100"], "-o", "pack.txt"),
        (&["render", "bloxorz", &pack, "--level", "1"], "-o", "level.svg"),
        (&["render", "bloxorz", &pack, "--level", "1"], "-o", "level.png"),
        (&["render", "bloxorz", &pack], "-o", "levels/"),
        (&["render", "field", &pack, "--level", "1"], "-o", "field.svg"),
        (&["render", "flip", "--board", board], "-o", "board.svg"),
        (&["render", "stats"], "-o", "stats.svg"),
        (&["man"], "--dir", "pages/"),
    ];
    let markers = tempfile::tempdir().unwrap();
    for (args, option, name) in cases {
        for pause in Pause::BOTH {
            let dir = tempfile::tempdir().unwrap();
            let output = dir.path().join(name);
            let is_dir = name.ends_with('/');
            if !is_dir {
                write_file(&output, "the old output");
            }
            let output_arg = format!("{}{}", arg(&output), if is_dir { "/" } else { "" });
            let mut run = command(&with(args, &[option, &output_arg]));
            default_signals(&mut run);
            let (child, _) = start_paused(run, pause, markers.path());
            child.signal(libc::SIGINT);
            let ended = child.wait();
            let what = format!("{args:?} {option} {name}, {pause:?}");
            assert_eq!(ended.status.signal(), Some(libc::SIGINT), "{what}: {}", ended.describe());
            if is_dir {
                // The directory may have been made, and stays empty.
                let made = names(dir.path());
                assert!(
                    made.is_empty() || made == [name.trim_end_matches('/')],
                    "{what}: {made:?}"
                );
                if output.exists() {
                    assert_eq!(names(&output), Vec::<String>::new(), "{what}");
                }
            } else {
                assert_eq!(names(dir.path()), [name], "{what}");
                assert_eq!(read_text(&output), "the old output", "{what}");
            }
        }
    }
}

/// Under `nohup` (SIGHUP ignored) and as a shell's background command (SIGINT ignored), those
/// signals stay ignored: the build, paused while they are sent, goes on and writes its table.
#[test]
fn signals_ignored_at_start_stay_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let markers = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.fbt");
    for pause in Pause::BOTH {
        write_file(&target, "the old table");
        let mut run = table_build("4x5", &target);
        ignore_signals(&mut run, &[libc::SIGHUP, libc::SIGINT]);
        let (child, marker) = start_paused(run, pause, markers.path());
        child.signal(libc::SIGHUP);
        child.signal(libc::SIGINT);
        // An ignored signal is discarded when it is sent: none can still arrive. Go on.
        std::fs::remove_file(&marker).unwrap();
        let ended = child.wait();
        assert!(ended.status.success(), "{pause:?}: {}", ended.describe());
        assert_eq!(names(dir.path()), ["t.fbt"], "{pause:?}");
        let built = read_bytes(&target);
        assert_eq!(built, table_file(4, 5, &flip_table(4, 5)), "{pause:?}");
    }
}

// ----------------------------------------------------------------------------------------------
// Pipes and devices are read as streams: answers as records arrive, memory bounded.

/// The address space the tests' stream readers run in: a few times what the binary needs to
/// start (about 16 MiB for the debug build), less than the streams they read.
const STREAM_ADDRESS_SPACE: u64 = 32 << 20;

/// Starts flipblox with `args` in an address space of `bytes`.
fn spawn_limited(args: &[&str], bytes: u64) -> Supervised {
    let mut run = command(args);
    limit(&mut run, libc::RLIMIT_AS, bytes);
    Supervised::spawn(run, TIME_LIMIT)
}

/// Reads the first line the child prints, closes its standard output (as `head -1` does) and
/// waits: the child must end quietly, with exit code 0.
fn first_line_then_close(mut child: Supervised) -> (String, Ended) {
    let mut first = String::new();
    let read = BufReader::new(child.stdout.take().unwrap()).read_line(&mut first);
    let ended = child.wait();
    assert!(read.is_ok(), "{}", ended.describe());
    (first, ended)
}

/// Answers appear while the pipe stays open (`yes bwwb | flipblox flip | head -1`), in a 32 MiB
/// address space (a reader that waited for the end would fill it and fail, not the machine).
#[test]
fn answers_stream_out_of_an_endless_pipe_and_a_closed_reader_ends_the_run() {
    // yes bwwb | flipblox flip | head -1
    let mut child = spawn_limited(&["flip"], STREAM_ADDRESS_SPACE);
    let yes = feed_forever(child.stdin.take().unwrap(), b"bwwb\n".to_vec());
    let (first, ended) = first_line_then_close(child);
    assert_eq!(first, "6\n", "{}", ended.describe());
    assert_eq!(ended.status.code(), Some(0), "{}", ended.describe());
    assert!(ended.stderr.is_empty(), "{}", ended.describe());
    assert!(yes.join().unwrap() > 0);

    // yes "1 1" | flipblox bloxorz | head -1: each level's row is too long, reported at once.
    for jobs in ["1", "2"] {
        let mut child = spawn_limited(&["bloxorz", "--jobs", jobs], STREAM_ADDRESS_SPACE);
        let yes = feed_forever(child.stdin.take().unwrap(), b"1 1\n".to_vec());
        let (first, ended) = first_line_then_close(child);
        assert_eq!(first, "Error\n", "--jobs {jobs}: {}", ended.describe());
        assert_eq!(ended.status.code(), Some(0), "{}", ended.describe());
        assert!(
            ended.stderr.starts_with(
                "<stdin>:2:1: level 1: expected 1 rows, found the next `R C` header after 0\n"
            ),
            "{}",
            ended.describe()
        );
        yes.join().unwrap();
    }

    // A level at a time, with two jobs too: each answer appears while the pipe stays open.
    for jobs in ["1", "2"] {
        let mut child = spawn_limited(&["bloxorz", "--jobs", jobs], STREAM_ADDRESS_SPACE);
        let yes = feed_forever(child.stdin.take().unwrap(), b"1 3\nXXO\n".to_vec());
        let (first, ended) = first_line_then_close(child);
        assert_eq!(first, "1\n", "--jobs {jobs}: {}", ended.describe());
        assert_eq!(ended.status.code(), Some(0), "{}", ended.describe());
        yes.join().unwrap();
    }
}

/// A writer that sends a level and the next level's header, then waits for the answer before it
/// sends more (as a program driving flipblox through pipes does): the answer comes with one job
/// and with two, while the pipe stays open and the second level is not at hand.
#[test]
fn a_level_is_answered_while_the_writer_waits_for_its_answer() {
    use std::io::Write;
    for jobs in ["1", "2"] {
        let mut child = Supervised::flipblox(&["bloxorz", "--jobs", jobs]);
        let mut input = child.stdin.take().unwrap();
        input.write_all(b"1 3\nXXO\n1 3\n").unwrap();
        input.flush().unwrap();
        let mut output = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        // Without the answer this read waits until the watchdog ends the child (no output).
        output.read_line(&mut first).unwrap();
        input.write_all(b"X.O\n0 0\n").unwrap();
        drop(input);
        let mut rest = String::new();
        output.read_to_string(&mut rest).unwrap();
        let ended = child.wait();
        assert_eq!(first, "1\n", "--jobs {jobs}: {}", ended.describe());
        assert_eq!(rest, "Impossible\n", "--jobs {jobs}: {}", ended.describe());
        assert_eq!(ended.status.code(), Some(0), "{}", ended.describe());
    }
}

/// A drawing piped in is told from its first line and read as a stream, as a pack is (issue 26,
/// item 3): `yes $'SooT\n' | flipblox bloxorz | head -2` answers at once in a 32 MiB address
/// space (it read the pipe whole before, 2 GB, to look for `levels`), and a writer that waits
/// for each answer gets it.
#[test]
fn a_piped_drawing_is_answered_as_it_comes() {
    use std::io::Write;
    for jobs in ["1", "2"] {
        let mut child = spawn_limited(&["bloxorz", "--jobs", jobs], STREAM_ADDRESS_SPACE);
        let yes = feed_forever(child.stdin.take().unwrap(), b"SooT\n\n".to_vec());
        let (first, ended) = first_line_then_close(child);
        assert_eq!(first, "2\n", "--jobs {jobs}: {}", ended.describe());
        assert_eq!(ended.status.code(), Some(0), "{}", ended.describe());
        assert!(ended.stderr.is_empty(), "{}", ended.describe());
        yes.join().unwrap();

        let mut child = Supervised::flipblox(&["bloxorz", "--jobs", jobs, "--verbose"]);
        let mut input = child.stdin.take().unwrap();
        input.write_all(b"; a drawing\nSooT\n\n").unwrap();
        input.flush().unwrap();
        let mut output = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        // Without the answer this read waits until the watchdog ends the child.
        output.read_line(&mut first).unwrap();
        input.write_all(b"SoT\n").unwrap();
        drop(input);
        let mut rest = String::new();
        output.read_to_string(&mut rest).unwrap();
        let ended = child.wait();
        assert_eq!(
            (first.as_str(), rest.as_str()),
            ("2\n", "Impossible\n"),
            "{}",
            ended.describe()
        );
        assert_eq!(
            ended.stderr,
            "flipblox: <stdin>: read as an S/T/o/- drawing (its first line holds only the cells S, \
             T, o and -)\n"
        );
    }
}

/// Stream input whose answer needs no more memory than one record: 64 MiB of blank lines in a
/// pipe, then one record, read whole in a 32 MiB address space.
#[test]
fn a_long_stream_is_read_in_bounded_memory() {
    const BLANKS: usize = 64 * 1024;
    let blank = [vec![b' '; 1023], vec![b'\n']].concat();
    for (args, record, answer) in [
        (&["flip"][..], &b"bwwb\nbbwb\nbwwb\nbwww\n"[..], "4\n"),
        (&["bloxorz", "--jobs", "2"], b"1 3\nXXO\n0 0\n", "1\n"),
    ] {
        let mut child = spawn_limited(args, STREAM_ADDRESS_SPACE);
        let parts = vec![(blank.clone(), BLANKS), (record.to_vec(), 1)];
        let writer = feed(child.stdin.take().unwrap(), parts);
        let ended = child.wait();
        writer.join().unwrap();
        assert!(ended.status.success(), "{}", ended.describe());
        assert_eq!(ended.stdout_text(), answer);
    }
}

/// An endless line (no line break ever comes) is cut off at the line limit with a positioned
/// error, and the run ends: from a pipe and from a device, in a 32 MiB address space.
#[test]
fn an_endless_line_is_cut_off_with_a_positioned_error() {
    // (arguments, input before the endless line, what the line repeats, answers, message)
    type Case<'a> = (&'a [&'a str], &'a [u8], &'a [u8], &'a str, &'a str);
    let cases: [Case; 2] = [
        (
            &["flip"],
            b"bwwb\nbbwb\nbwwb\nbwww\n\n",
            b"b",
            "4\nError\n",
            "<stdin>:6:1: board 2: expected at most 1024 rows of at most 1024 pieces, found more\n",
        ),
        (
            &["bloxorz", "--max-memory", "1MB"],
            b"1 3\nXXO\n1 3\n",
            b"X.",
            "1\nError\n",
            "<stdin>:4:4: level 2: expected a line of at most 78036 bytes, found a longer one \
             (--max-memory)\n",
        ),
    ];
    for (args, start, endless, answers, message) in cases {
        let mut child = spawn_limited(args, STREAM_ADDRESS_SPACE);
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, start).unwrap();
        let writer = feed_forever(stdin, endless.repeat(4096));
        let ended = child.wait();
        writer.join().unwrap();
        assert_eq!(ended.status.code(), Some(1), "{}", ended.describe());
        assert_eq!(ended.stdout_text(), answers, "{args:?}");
        assert_eq!(ended.stderr, message, "{args:?}");
    }
    // A header line that never ends, past the line limit of --max-memory.
    let mut child = spawn_limited(&["bloxorz", "--max-memory", "1MB"], STREAM_ADDRESS_SPACE);
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, b"1 3\nXXO\n").unwrap();
    let writer = feed_forever(stdin, b"1 ".repeat(4096));
    let ended = child.wait();
    writer.join().unwrap();
    assert_eq!(ended.status.code(), Some(1));
    assert_eq!(ended.stdout_text(), "1\nError\n");
    assert_eq!(
        ended.stderr,
        "<stdin>:3:78037: level 2: expected a line of at most 78036 bytes, found a longer one \
         (--max-memory)\n"
    );
    // /dev/zero: one endless line of NUL bytes.
    #[cfg(target_os = "linux")]
    for (args, message) in [
        (&["flip", "/dev/zero"][..], "/dev/zero:1:1: board 1: expected 'b' or 'w', found '\\0'\n"),
        (
            &["bloxorz", "--max-memory", "1MB", "/dev/zero"],
            "/dev/zero:1:78037: level 1: expected a line of at most 78036 bytes, found a longer \
             one (--max-memory)\n",
        ),
    ] {
        let ended = spawn_limited(args, STREAM_ADDRESS_SPACE).wait();
        assert_eq!(ended.status.code(), Some(1), "{}", ended.describe());
        assert_eq!(ended.stdout_text(), "Error\n");
        assert_eq!(ended.stderr, message);
    }
}

/// Issue 38, item 2: `bloxorz --expect /dev/zero` and `flip --buttons /dev/zero` read the whole
/// file (they grew to gigabytes); each is now read a line at a time and ends with a positioned
/// error at once, in the address space of a stream reader.
#[test]
#[cfg(target_os = "linux")]
fn expect_and_buttons_files_from_dev_zero_end_with_an_error_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    write_file(&pack, "1 3\nXXO\n");
    let cases: [(&[&str], &str); 2] = [
        (
            &["bloxorz", "--expect", "/dev/zero", arg(&pack)],
            "/dev/zero:1:1: expected an answer (a number of moves, Impossible or Error) as \
             `flipblox bloxorz` prints it, found `\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0...` (at least 65 bytes)\n",
        ),
        (
            &["flip", "--buttons", "/dev/zero", "--board", "bwwb/bbwb/bwwb/bwww"],
            "/dev/zero:1:1: expected the cells of one button of the 4x4 board, at most 65856 \
             bytes, found a longer line\n",
        ),
    ];
    for (args, message) in cases {
        let ended = spawn_limited(args, STREAM_ADDRESS_SPACE).wait();
        assert_eq!(ended.status.code(), Some(1), "{args:?}: {}", ended.describe());
        assert_eq!(ended.stdout_text(), "", "{args:?}");
        assert_eq!(ended.stderr, format!("flipblox: {message}"), "{args:?}");
    }
}

/// Issue 38, item 2: a 3 MB bad line in an expect file gave a 6 MB message; the word shown is
/// cut after 40 characters and the message is one short line.
#[test]
fn a_long_bad_line_in_an_expect_file_gives_a_short_message() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    write_file(&pack, "1 3\nXXO\n");
    let expected = dir.path().join("pack.expected");
    let mut bad = "\u{1b}]0;title\u{7}".to_string();
    bad.push_str(&"x".repeat(3 << 20));
    write_file(&expected, format!("1\n{bad}\n"));
    let out = flipblox(&["bloxorz", "--expect", arg(&expected), arg(&pack)], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.len() < 300, "{} bytes: {}", err.len(), &err[..300.min(err.len())]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains('\u{1b}'), "{err}");
    assert!(
        err.ends_with(&format!(
            "{}:2:1: expected an answer (a number of moves, Impossible or Error) as `flipblox \
             bloxorz` prints it, found `\\u{{1b}}]0;title\\u{{7}}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...` \
             (at least 65 bytes)\n",
            arg(&expected)
        )),
        "{err}"
    );
    // A long line whose answer is good (a long path) is read, and its rest passed over.
    let path_line = format!("1 {}\n", "R".repeat(3 << 20));
    write_file(&expected, &path_line);
    let out = flipblox(&["bloxorz", "--expect", arg(&expected), arg(&pack)], b"");
    assert!(out.status.success(), "{}", stderr(&out));
}

// ----------------------------------------------------------------------------------------------
// Memory: the Flash reader, and allocations whose size comes from input or flags.

/// A Flash-style file of one long list (`x = [1,1,...]; levels = [""];`), as a file and as a
/// pipe: read in a small constant times its size (an address space of 16 MiB plus 4 bytes per
/// byte of input), and within --max-memory, or refused with a positioned error.
#[test]
fn a_flash_file_of_one_long_list_is_read_in_memory_proportional_to_its_size() {
    const ONES: usize = 2_000_000;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("list.js");
    let text = format!("x = [{}1]; levels = [\"\"];\n", "1,".repeat(ONES - 1));
    write_file(&path, &text);
    let size = text.len() as u64;
    for extra in [&[][..], &["--no-mmap"]] {
        let args = with(&["bloxorz", "--input-format", "flash", arg(&path)], extra);
        let ended = spawn_limited(&args, (16 << 20) + 4 * size).wait();
        assert!(ended.status.success(), "{}", ended.describe());
        assert!(ended.stdout.is_empty() && ended.stderr.is_empty(), "{}", ended.describe());
    }
    let out =
        flipblox(&["bloxorz", "--input-format", "flash", "--max-memory", "1MB", arg(&path)], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!(
            "{}:1:1: expected the file to read within the memory limit of 1000000 bytes, found \
             it needs more from here (--max-memory)\n",
            path.display()
        )
    );
    // From a pipe, the file is read whole, within the same address space and --max-memory.
    let args = ["bloxorz", "--input-format", "flash"];
    let mut child = spawn_limited(&args, (16 << 20) + 4 * size);
    let writer = feed(child.stdin.take().unwrap(), vec![(text.clone().into_bytes(), 1)]);
    let ended = child.wait();
    writer.join().unwrap();
    assert!(ended.status.success(), "{}", ended.describe());
    let mut child = Supervised::flipblox(&with(&args, &["--max-memory", "1MB"]));
    let writer = feed(child.stdin.take().unwrap(), vec![(text.into_bytes(), 1)]);
    let ended = child.wait();
    writer.join().unwrap();
    assert_eq!(ended.status.code(), Some(1));
    assert_eq!(
        ended.stderr,
        "flipblox: <stdin>: cannot read: the input is longer than 1000000 bytes (--max-memory)\n"
    );
}

/// Under an address-space limit (`prlimit --as`), an allocation the limit refuses is a message
/// and exit code 1, never an abort; the old output is kept and no temporary file is left.
#[test]
fn an_allocation_the_address_space_limit_refuses_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.fbt");
    write_file(&target, "the old table");
    let cases: [&[&str]; 2] = [
        &["table", "build", "--size", "4x8", "--max-table-cells", "32", "-o", arg(&target)],
        &[
            "flip",
            "--size",
            "4x8",
            "--max-table-cells",
            "32",
            "--method",
            "table",
            "--board",
            "bwwbbwwbbwwbbwwbbwwbbwwbbwwbbwwb",
        ],
    ];
    for args in cases {
        let ended = spawn_limited(args, 2_000_000_000).wait();
        assert_eq!(ended.status.code(), Some(1), "{}", ended.describe());
        assert_eq!(
            ended.stderr,
            "flipblox: cannot allocate 4294967296 bytes for the 4x8 distance table and its search\n"
        );
        assert_eq!(names(dir.path()), ["t.fbt"]);
        assert_eq!(read_text(&target), "the old table");
    }

    // A 3000x3000 level (9 MB of text) under 64 MiB: its search's memory is refused, reported
    // at the level, and the next level is answered.
    let pack = dir.path().join("large.txt");
    let mut text = String::from("3000 3000\nX");
    text += &".".repeat(2998);
    text += "O\n";
    text += &(".".repeat(3000) + "\n").repeat(2999);
    text += "1 3\nXXO\n";
    write_file(&pack, text);
    let ended = spawn_limited(&["bloxorz", "--jobs", "1", arg(&pack)], 64 << 20).wait();
    assert_eq!(ended.status.code(), Some(1), "{}", ended.describe());
    assert_eq!(ended.stdout_text(), "Error\n1\n");
    assert!(
        ended.stderr.starts_with(&format!("{}:1:1: level 1: cannot allocate ", pack.display())),
        "{}",
        ended.describe()
    );
}

/// The Lights Out builds and solvers take every buffer sized by the input or by flags through
/// the one fallible path (issue 26, item 2): the 16-colour 2x4 table (4 GiB) in a 2 GB address
/// space is a message and exit code 1 from `table build`, `stats flip`, `export flip` and
/// `flip --method table` (each aborted with `memory allocation of 4294967296 bytes failed`
/// and left a temporary file); the old output is kept and no temporary file is left.
#[test]
fn a_lights_out_table_the_address_space_limit_refuses_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let (table, npy) = (dir.path().join("t.fbt"), dir.path().join("e.npy"));
    write_file(&table, "the old table");
    write_file(&npy, "the old export");
    let variant = ["--size", "2x4", "--colours", "16", "--max-table-cells", "32"];
    let cases: [Vec<&str>; 4] = [
        with(&["table", "build"], &with(&variant, &["-o", arg(&table)])),
        with(&["stats", "flip"], &variant),
        with(&["export", "flip", "--format", "npy"], &with(&variant, &["-o", arg(&npy)])),
        with(&["flip", "--method", "table", "--board", "01234567"], &variant),
    ];
    for args in cases {
        let ended = spawn_limited(&args, 2_000_000_000).wait();
        assert_eq!(ended.status.code(), Some(1), "{args:?}: {}", ended.describe());
        assert_eq!(
            ended.stderr,
            "flipblox: cannot allocate 4294967296 bytes for the 2x4 distance table and its search\n",
            "{args:?}"
        );
        assert_eq!(names(dir.path()), ["e.npy", "t.fbt"], "{args:?}");
        assert_eq!(read_text(&table), "the old table");
        assert_eq!(read_text(&npy), "the old export");
    }
}

/// The `Z_K` solver's set-up (two planes of the board's cells per generator of its solutions:
/// 256x256 with 16 colours, about 30 MB) in a 32 MiB address space is a message and exit code
/// 1 before any board is read (`flip --size 1024x1024 --colours 16` aborted with `memory
/// allocation of 508559360 bytes failed` in a 2 GB one); with room, the same run answers.
#[test]
fn a_linear_algebra_set_up_the_address_space_limit_refuses_is_reported() {
    let args = ["flip", "--size", "256x256", "--colours", "16"];
    let ended = spawn_limited(&args, 32 << 20).wait();
    assert_eq!(ended.status.code(), Some(1), "{}", ended.describe());
    assert!(
        ended.stderr.starts_with("flipblox: cannot allocate ")
            && ended.stderr.ends_with(" bytes for the Z_K solver's generators\n")
            && ended.stderr.lines().count() == 1,
        "{}",
        ended.describe()
    );
    let board = "0".repeat(256 * 256);
    let out = flipblox_ok(&with(&args, &["--board", &board]), b"");
    assert_eq!(stdout(&out), "0\n");
}

// ----------------------------------------------------------------------------------------------
// Pictures: written as they are drawn, their memory bounded and fallible (issue 26, items 2, 4).

/// A pack of one `size x size` level: the start top left, the target bottom right, rigid
/// ground between.
fn square_level(size: usize) -> String {
    let mut text = format!("{size} {size}\nX{}\n", ".".repeat(size - 1));
    text += &(".".repeat(size) + "\n").repeat(size - 2);
    text + &".".repeat(size - 1) + "O\n"
}

/// `render bloxorz` of a 2000 x 2000 level, as SVG (338 MB) and as PNG, in a 200 MB address
/// space: the SVG is written as it is drawn (it was one string: 803 MB at peak, then an abort
/// under the limit) and the PNG holds only its raster (259 MB at peak before).
#[test]
fn a_large_level_is_drawn_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("large.txt");
    write_file(&pack, square_level(2000));
    let png = dir.path().join("large.png");
    for output in ["-", arg(&png)] {
        let mut run = command(&["render", "bloxorz", arg(&pack), "--level", "1", "-o", output]);
        limit(&mut run, libc::RLIMIT_AS, 200 << 20);
        run.stdout(Stdio::null());
        let ended = Supervised::spawn(run, TIME_LIMIT).wait();
        assert!(ended.status.success(), "-o {output}: {}", ended.describe());
    }
    let bytes = read_bytes(&png);
    assert!(bytes.starts_with(b"\x89PNG"), "{} bytes", bytes.len());
    assert_eq!(names(dir.path()), ["large.png", "large.txt"]);
}

/// The system refusing memory for a picture (`prlimit --as`) is a message and exit code 1: the
/// raster of a PNG of 16384 pixels a side in a 256 MiB address space (it aborted before); the
/// old picture is kept and no temporary file is left. Drawing a pack into a directory in an
/// address space too small for its large level marks that level and draws the others.
#[test]
fn a_picture_the_address_space_limit_refuses_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    write_file(&pack, square_level(300) + "1 3\nXXO\n");
    let picture = dir.path().join("level.png");
    write_file(&picture, "the old picture");
    let args = [
        "render",
        "bloxorz",
        arg(&pack),
        "--level",
        "1",
        "--scale",
        "64",
        "--max-side",
        "16384",
        "-o",
        arg(&picture),
    ];
    let mut run = command(&args);
    limit(&mut run, libc::RLIMIT_AS, 256 << 20);
    let ended = Supervised::spawn(run, TIME_LIMIT).wait();
    assert_eq!(ended.status.code(), Some(1), "{}", ended.describe());
    assert!(
        ended.stderr.starts_with("flipblox: cannot allocate ")
            && ended.stderr.ends_with(" bytes for the picture's pixels\n")
            && ended.stderr.lines().count() == 1,
        "{}",
        ended.describe()
    );
    assert_eq!(read_text(&picture), "the old picture");
    assert_eq!(names(dir.path()), ["level.png", "pack.txt"]);
}

/// `--max-memory` bounds what a picture holds besides what it writes as it goes: a level whose
/// switches change 9,000 bridge tiles (a link each) is refused before it is drawn, with the
/// figure, alone (`--level`) and among others (`-o DIR/`, where the next level is drawn).
#[test]
fn a_picture_over_max_memory_is_refused_before_it_is_drawn() {
    const SWITCHES: usize = 9;
    const TILES: usize = 1000;
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("links.txt");
    let width = 1 + SWITCHES + SWITCHES * TILES + 2;
    let mut text =
        format!("1 {width}\nX{}{}.O\n", "S".repeat(SWITCHES), "B".repeat(SWITCHES * TILES));
    for k in 0..SWITCHES {
        let first = 2 + SWITCHES + k * TILES;
        let actions: Vec<String> =
            (first..first + TILES).map(|c| format!("toggle 1 {c}")).collect();
        text += &format!("switch 1 {}: {}\n", k + 2, actions.join(", "));
    }
    write_file(&pack, text + "1 3\nXXO\n");
    let p = arg(&pack);
    let out =
        flipblox(&["render", "bloxorz", p, "--level", "1", "--max-memory", "4MB", "-o", "-"], b"");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(out.stdout.is_empty());
    let prefix = format!("{p}:1:1: level 1: its picture needs about ");
    assert!(
        err.starts_with(&prefix)
            && err
                .ends_with(" bytes, more than the memory limit of 4000000 bytes (--max-memory)\n"),
        "{err}"
    );
    let needed: u64 = err[prefix.len()..].split(' ').next().unwrap().parse().unwrap();
    assert!(needed > 9_000_000, "{needed}");
    let pictures = dir.path().join("pictures");
    let target = format!("{}/", arg(&pictures));
    let out = flipblox(&["render", "bloxorz", p, "--max-memory", "4MB", "-o", &target], b"");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).starts_with(&prefix), "{}", stderr(&out));
    let drawn = names(&pictures);
    assert_eq!(drawn, ["index.html", "level-0002-thumb.svg", "level-0002.svg"]);
}

/// `render -o DIR/` replaces the entries of DIR it writes, whatever they are: a symbolic link
/// there is replaced, not followed (it overwrote the file it points to), and a FIFO is
/// replaced, not opened (the run hung on it) (issue 26, item 5).
#[test]
fn render_into_a_directory_replaces_its_entries_without_following_or_opening_them() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    write_file(&pack, "1 3\nXXO\n1 5\nX..O.\n");
    let victim = dir.path().join("victim.txt");
    write_file(&victim, "precious");
    let pictures = dir.path().join("pictures");
    std::fs::create_dir(&pictures).unwrap();
    std::os::unix::fs::symlink("../victim.txt", pictures.join("level-0001.svg")).unwrap();
    std::os::unix::fs::symlink("../victim.txt", pictures.join("index.html")).unwrap();
    mkfifo(&pictures.join("level-0001-thumb.svg"));
    mkfifo(&pictures.join("level-0002.svg"));
    let target = format!("{}/", arg(&pictures));
    let ended = Supervised::flipblox(&["render", "bloxorz", arg(&pack), "-o", &target]).wait();
    assert!(ended.status.success(), "{}", ended.describe());
    assert_eq!(read_text(&victim), "precious");
    let written = names(&pictures);
    assert_eq!(
        written,
        [
            "index.html",
            "level-0001-thumb.svg",
            "level-0001.svg",
            "level-0002-thumb.svg",
            "level-0002.svg"
        ]
    );
    for name in &written {
        let meta = std::fs::symlink_metadata(pictures.join(name)).unwrap();
        assert!(meta.file_type().is_file(), "{name} is a regular file now");
    }
    assert!(read_text(pictures.join("level-0001.svg")).starts_with("<svg"));
    assert!(read_text(pictures.join("index.html")).contains("level-0002.svg"));
    // An output named as a directory that is a file is refused in words.
    let out =
        flipblox(&["render", "bloxorz", arg(&pack), "-o", &format!("{}/", arg(&victim))], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!(
            "flipblox: {}/: cannot create the directory: a file of that name exists\n",
            arg(&victim)
        )
    );
}

// ----------------------------------------------------------------------------------------------
// A file truncated while mapped: a message naming it, exit code 1; --no-mmap reads without a map.

#[test]
fn a_table_file_truncated_while_mapped_is_named_in_the_message() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("4x5.fbt");
    let original = table_file(4, 5, &flip_table(4, 5));
    let board = |state: usize| board_rows(state, 4, 5).join("\n") + "\n\n";
    for map in [true, false] {
        write_file(&table, &original);
        let mut args = vec!["flip", "--size", "4x5", "--table", arg(&table)];
        if !map {
            args.push("--no-mmap");
        }
        let mut child = Supervised::flipblox(&args);
        let mut stdin = child.stdin.take().unwrap();
        let mut answers = BufReader::new(child.stdout.take().unwrap());
        // The first board is answered from the table while the input stays open...
        std::io::Write::write_all(&mut stdin, board(1).as_bytes()).unwrap();
        let mut first = String::new();
        answers.read_line(&mut first).unwrap();
        // ... then the table file is cut to nothing, and a board far into it is asked for.
        std::fs::OpenOptions::new().write(true).open(&table).unwrap().set_len(0).unwrap();
        let _ = std::io::Write::write_all(&mut stdin, board(0xF_FFFE).as_bytes());
        drop(stdin);
        let mut rest = String::new();
        let _ = answers.read_to_string(&mut rest);
        let ended = child.wait();
        let want = flipblox_ok(&["flip", "--size", "4x5"], board(1).as_bytes());
        assert_eq!(first, stdout(&want), "{}", ended.describe());
        if map {
            assert_eq!(ended.status.code(), Some(1), "{}", ended.describe());
            assert_eq!(rest, "");
            assert_eq!(
                ended.stderr,
                format!(
                    "flipblox: {}: the file changed size while being read (it is memory-mapped; \
                     answers not yet written are lost; --no-mmap reads it without a map)\n",
                    table.display()
                )
            );
        } else {
            // Read into memory at the start: the second board is answered from that copy.
            assert!(ended.status.success(), "{}", ended.describe());
            let want = flipblox_ok(&["flip", "--size", "4x5"], board(0xF_FFFE).as_bytes());
            assert_eq!(rest, stdout(&want));
        }
    }
}

#[test]
fn a_pack_truncated_while_mapped_is_named_in_the_message() {
    const LEVELS: usize = 1_000_000;
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    for jobs in ["1", "2"] {
        write_file(&pack, "1 3\nXXO\n".repeat(LEVELS));
        let mut child = Supervised::flipblox(&["bloxorz", "--jobs", jobs, arg(&pack)]);
        let mut answers = child.stdout.take().unwrap();
        // The first answers arrive: the run is under way, and cannot get further ahead than
        // the pipe and its output buffer hold (far less than its 2 MB of answers)...
        let mut first = [0u8; 2];
        answers.read_exact(&mut first).unwrap();
        // ... when the pack is cut to its first level.
        std::fs::OpenOptions::new().write(true).open(&pack).unwrap().set_len(8).unwrap();
        let mut rest = Vec::new();
        answers.read_to_end(&mut rest).unwrap();
        let ended = child.wait();
        assert_eq!(&first, b"1\n");
        assert_eq!(ended.status.code(), Some(1), "--jobs {jobs}: {}", ended.describe());
        assert_eq!(
            ended.stderr,
            format!(
                "flipblox: {}: the file changed size while being read (it is memory-mapped; \
                 answers not yet written are lost; --no-mmap reads it without a map)\n",
                pack.display()
            )
        );
        let answered = 1 + rest.iter().filter(|&&b| b == b'\n').count();
        assert!(answered < LEVELS / 2, "--jobs {jobs}: {answered} answers");
    }
}

// ----------------------------------------------------------------------------------------------
// A closed standard output is an error.

/// Runs flipblox with `args` and its standard output closed from the start (`>&-`).
fn run_with_stdout_closed(args: &[&str]) -> Ended {
    let mut run = command(args);
    // SAFETY: close(2) is async-signal-safe; the child starts without descriptor 1.
    unsafe {
        run.pre_exec(|| {
            libc::close(1);
            Ok(())
        });
    }
    Supervised::spawn(run, TIME_LIMIT).wait()
}

#[test]
fn a_closed_standard_output_is_an_error_and_a_closed_pipe_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("2x2.fbt");
    flipblox_ok(&["table", "build", "--size", "2x2", "-o", arg(&table)], b"");
    let pack = sample_pack();
    let flip_sample = project("data/flip/poj-sample.txt");
    let dev_stdout = system_path(dir.path(), "/dev/stdout");
    let cases: [&[&str]; 10] = [
        &["flip", arg(&flip_sample)],
        &["flip", "--json", "--board", "bwwb/bbwb/bwwb/bwww"],
        &["bloxorz", &pack],
        &["bloxorz", "--jobs", "1", "--path", &pack],
        &["export", "flip", "--format", "csv"],
        &["export", "flip", "--format", "csv", "-o", &dev_stdout],
        &["table", "build", "--size", "3x3", "-o", "-"],
        &["convert", "--input-format", "pack", &pack],
        &["stats", "flip", "--size", "3x3"],
        &["inspect", arg(&table)],
    ];
    for args in cases {
        let ended = run_with_stdout_closed(args);
        assert_eq!(ended.status.code(), Some(1), "{args:?}: {}", ended.describe());
        assert!(
            ended.stderr.starts_with("flipblox: ")
                && ended.stderr.ends_with("standard output is closed\n"),
            "{args:?}: {}",
            ended.describe()
        );
    }
    // A reader that goes away (EPIPE) ends the run quietly, with exit code 0.
    let big_pack = dir.path().join("pack.txt");
    write_file(&big_pack, "1 3\nXXO\n".repeat(100_000));
    let cases: [&[&str]; 3] = [
        &["export", "flip", "--format", "csv"],
        &["table", "build", "--size", "4x5", "-o", "-"],
        &["convert", "--input-format", "pack", arg(&big_pack)],
    ];
    for args in cases {
        let (_, code, err) = read_then_close_stdout(args, 1);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
    }
}

// ----------------------------------------------------------------------------------------------
// Table files forged with their checksums recomputed, and header errors in words.

#[test]
fn forged_table_files_are_refused_by_the_full_check() {
    let dir = tempfile::tempdir().unwrap();
    let built = dir.path().join("4x4.fbt");
    flipblox_ok(&["table", "build", "--size", "4x4", "-o", arg(&built)], b"");
    let genuine = read_bytes(&built);
    let payload_at = genuine.len() - (1 << 16);
    let entries = genuine[payload_at..].to_vec();
    assert_eq!(table_file(4, 4, &entries), genuine, "the test's writer is the binary's");

    // Two entries swapped: a state 2 presses away and one 5 away.
    let (near, far) = (
        entries.iter().position(|&d| d == 2).unwrap(),
        entries.iter().position(|&d| d == 5).unwrap(),
    );
    let mut swapped = entries.clone();
    swapped.swap(near, far);
    let swapped_path = dir.path().join("swapped.fbt");
    write_file(&swapped_path, table_file(4, 4, &swapped));
    // The 4x4 payload relabelled as a 1x16 board (a valid header, its CRC repaired).
    let relabelled_path = dir.path().join("relabelled.fbt");
    let relabelled = table_file(1, 16, &entries);
    assert_eq!(relabelled[relabelled.len() - (1 << 16)..], entries[..], "only the header differs");
    write_file(&relabelled_path, &relabelled);
    // A reversed payload is no forgery: complementing every piece keeps a board's distance, so
    // the reversed table is the table itself.
    let reversed: Vec<u8> = entries.iter().rev().copied().collect();
    assert_eq!(reversed, entries);

    for (path, size, (r, c)) in
        [(&swapped_path, "4x4", (4, 4)), (&relabelled_path, "1x16", (1, 16))]
    {
        let p = arg(path);
        let rows = board_rows(near, r, c);
        let board = rows.join("/");
        // The header check alone (a lookup) trusts the file...
        let out = flipblox(&["flip", "--size", size, "--table", p, "--board", &board], b"");
        assert!(out.status.success(), "{p}: {}", stderr(&out));
        // ... the full check proves it is not the distance table of its board.
        for args in [
            vec!["flip", "--size", size, "--table", p, "--verify-table", "--board", &board],
            vec!["inspect", p],
            vec!["stats", "flip", "--table", p],
        ] {
            let out = flipblox(&args, b"");
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
            assert!(
                err.contains(&format!(
                    "the payload is not the distance table of a Flip Game {size} table: state "
                )),
                "{args:?}: {err}"
            );
        }
        let out = flipblox(&["verify", "flip", p], b"");
        assert_eq!(out.status.code(), Some(1), "verify flip {p}");
        assert!(stdout(&out).contains("FAILED"), "verify flip {p}: {}", stdout(&out));
        // Presses printed from the forged table still solve the board, or none are printed.
        let out =
            flipblox(&["flip", "--path", "--size", size, "--table", p, "--board", &board], b"");
        if out.status.success() {
            let (n, presses) = parse_moves_line(stdout(&out).trim_end());
            let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
            assert!(is_uniform(&replay_rows(&refs, &presses)), "{p}: {}", stdout(&out));
            assert_eq!(n, presses.len());
        } else {
            assert_eq!(out.status.code(), Some(1));
            assert!(stderr(&out).contains("the table is inconsistent"), "{}", stderr(&out));
        }
    }
    // The genuine file passes everything.
    for args in [vec!["inspect", arg(&built)], vec!["verify", "flip", arg(&built)]] {
        flipblox_ok(&args, b"");
    }
}

/// `verify flip` checks tables of any size: built by BFS (`--size`) or read from a file, by the
/// brute force up to 25 pieces and by the distance-table proof beyond.
#[test]
fn verify_flip_checks_tables_of_every_size() {
    let dir = tempfile::tempdir().unwrap();
    for size in ["1x1", "2x3", "1x7", "3x5"] {
        let out = flipblox_ok(&["verify", "flip", "--size", size], b"");
        assert!(stdout(&out).starts_with("OK: "), "{size}: {}", stdout(&out));
    }
    let path = dir.path().join("3x4.fbt");
    flipblox_ok(&["table", "build", "--size", "3x4", "-o", arg(&path)], b"");
    let out = flipblox_ok(&["verify", "flip", arg(&path)], b"");
    assert!(stdout(&out).starts_with("OK: "), "{}", stdout(&out));
    // A 3x4 table with one entry off by one, behind valid checksums.
    let mut entries = flip_table(3, 4);
    let i = entries.iter().position(|&d| d == 3).unwrap();
    entries[i] = 4;
    let forged = dir.path().join("forged.fbt");
    write_file(&forged, table_file(3, 4, &entries));
    let out = flipblox(&["verify", "flip", arg(&forged)], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("FAILED"), "{}", stdout(&out));
}

#[test]
fn a_header_that_cannot_be_decoded_is_explained_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let built = dir.path().join("3x3.fbt");
    flipblox_ok(&["table", "build", "--size", "3x3", "-o", arg(&built)], b"");
    let genuine = read_bytes(&built);
    let header_len = u32::from_le_bytes(genuine[12..16].try_into().unwrap()) as usize;
    // Rewrites the lead's header length and CRC-32 for the header bytes `header`.
    let reseal = |mut bytes: Vec<u8>, len: usize| {
        let crc = crc32fast::hash(&bytes[20..20 + len]);
        bytes[12..16].copy_from_slice(&(len as u32).to_le_bytes());
        bytes[16..20].copy_from_slice(&crc.to_le_bytes());
        bytes
    };
    // The header cut 4 bytes short, and the puzzle's variant index set to 7.
    let short = reseal(genuine.clone(), header_len - 4);
    let mut variant = genuine.clone();
    variant[20..24].copy_from_slice(&7u32.to_le_bytes());
    let variant = reseal(variant, header_len);
    for (name, bytes, words) in [
        ("short.fbt", short, "the header cannot be decoded: it ends 4 bytes before its last field"),
        (
            "variant.fbt",
            variant,
            "the header cannot be decoded: invalid value: integer `7`, expected variant index",
        ),
    ] {
        let path = dir.path().join(name);
        write_file(&path, bytes);
        for args in [
            vec!["inspect", arg(&path)],
            vec!["flip", "--table", arg(&path), "--board", "bbw/bww/www"],
        ] {
            let out = flipblox(&args, b"");
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
            assert!(err.contains(words), "{args:?}: {err}");
            for debug in ["{", "UnexpectedEnd", "OtherString", "additional"] {
                assert!(!err.contains(debug), "{args:?}: {err}");
            }
        }
    }
}

// ----------------------------------------------------------------------------------------------
// Names in messages: escaped losslessly, one line each; a failed write names the output.

/// Runs flipblox with `args` in the working directory `dir`.
fn flipblox_in(dir: &Path, args: &[&OsStr]) -> Ended {
    let mut run = command(args);
    run.current_dir(dir);
    Supervised::spawn(run, TIME_LIMIT).wait()
}

#[test]
fn paths_are_escaped_losslessly_in_messages_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let bad_board = "bwwb\nbbwb\nbwwb\nbwwq\n";
    let cases: [(&[u8], &str); 4] = [
        (b"a\nb.txt", "a\\nb.txt"),
        (b"caf\xE9.txt", "caf\\xE9.txt"),
        (b"caf\\xE9.txt", "caf\\\\xE9.txt"),
        ("café.txt".as_bytes(), "café.txt"),
    ];
    for (name, shown) in cases {
        let path = dir.path().join(OsStr::from_bytes(name));
        write_file(&path, bad_board);
        // Named relative to the working directory, as a user types it.
        let name = OsStr::from_bytes(name);
        let ended = flipblox_in(dir.path(), &[OsStr::new("flip"), name]);
        assert_eq!(ended.status.code(), Some(1));
        assert_eq!(ended.stderr, format!("{shown}:4:4: board 1: expected 'b' or 'w', found 'q'\n"));
        let ended = flipblox_in(dir.path(), &[OsStr::new("flip"), OsStr::new("--json"), name]);
        let record: serde_json::Value = serde_json::from_slice(&ended.stdout).unwrap();
        assert_eq!(record["file"], shown, "{}", ended.describe());
    }
    // Each name is its own: the four files give four different names.
    let shown: std::collections::BTreeSet<_> = cases.iter().map(|c| c.1).collect();
    assert_eq!(shown.len(), cases.len());
}

/// A table file of a 2x2 Lights Out variant whose toggle pattern is `toggle`, forged: header
/// length, payload offset and CRC-32 recomputed, as a forger would.
fn forged_toggle(dir: &Path, toggle: &[u8]) -> Vec<u8> {
    let genuine = dir.join("genuine.fbt");
    flipblox_ok(
        &["table", "build", "--size", "2x2", "--toggle", "x.x/.x./x.x", "-o", arg(&genuine)],
        b"",
    );
    let bytes = read_bytes(&genuine);
    let header_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let header = &bytes[20..20 + header_len];
    let old = b"x.x/.x./x.x";
    let at = header.windows(old.len()).position(|w| w == old).unwrap();
    let old_offset = (20 + header_len).div_ceil(64) * 64;
    let mut forged = header[..at - 8].to_vec();
    forged.extend((toggle.len() as u64).to_le_bytes());
    forged.extend(toggle);
    forged.extend(&header[at + old.len()..]);
    let offset = (20 + forged.len()).div_ceil(64) * 64;
    let field = (old_offset as u64).to_le_bytes();
    let f = forged.windows(8).rposition(|w| w == field).unwrap();
    forged[f..f + 8].copy_from_slice(&(offset as u64).to_le_bytes());
    let mut file = bytes[..12].to_vec();
    file.extend((forged.len() as u32).to_le_bytes());
    file.extend(crc32fast::hash(&forged).to_le_bytes());
    file.extend(&forged);
    file.resize(offset, 0);
    file.extend(&bytes[old_offset..]);
    file
}

/// File content in a message is escaped and cut (issue 26, item 6): a forged table's toggle
/// pattern holding a terminal's title sequence and a fake "OK" line, or 100,001 characters;
/// a Flash file's 100,000-character name and a switch's action holding a terminal's escape (as
/// JavaScript's `\x1b`) and a line break; a pack's misspelt
/// keyword of 100,000 letters; a `.npy` dtype of 10,000 characters. Each message is one line
/// of printable text of at most a few hundred characters.
#[test]
fn file_content_in_messages_is_escaped_and_cut() {
    let dir = tempfile::tempdir().unwrap();
    let mut cases: Vec<(Vec<String>, usize)> = Vec::new();
    for (name, toggle) in [
        ("evil.fbt", b"\x1b]0;PWNED\x07\nflipblox: evil.fbt: OK\n".to_vec()),
        ("long.fbt", vec![b'x'; 100_001]),
    ] {
        let path = dir.path().join(name);
        write_file(&path, forged_toggle(dir.path(), &toggle));
        let p = arg(&path).to_owned();
        for args in [
            vec!["inspect".to_owned(), p.clone()],
            vec!["stats".into(), "flip".into(), "--table".into(), p.clone()],
            vec!["verify".into(), "flip".into(), p.clone()],
            vec!["flip".into(), "--table".into(), p.clone(), "--board".into(), "bw/wb".into()],
        ] {
            cases.push((args, 1));
        }
    }
    let flash = dir.path().join("names.js");
    let name = "n".repeat(100_000);
    write_file(
        &flash,
        format!(
            "var a = [\"bsbe\", [0, 0], {{swatch10: [[2, 0, \"\\x1b]0;x\\x07\\n{}\"]]}}];\n\
             var levels = [\"\", a, {name}];\n",
            "z".repeat(100)
        ),
    );
    cases.push((vec!["bloxorz".into(), arg(&flash).into()], 2));
    let pack = dir.path().join("pack.txt");
    write_file(&pack, format!("1 3\nXSO\nSwitch{} 1 2: on 1 3\n", "h".repeat(100_000)));
    cases.push((vec!["bloxorz".into(), arg(&pack).into()], 1));
    let npy = dir.path().join("t.npy");
    let header = format!(
        "{{'descr': '<{}', 'fortran_order': False, 'shape': (4,), }}\n",
        "f".repeat(10_000)
    );
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend((header.len() as u16).to_le_bytes());
    bytes.extend(header.as_bytes());
    write_file(&npy, bytes);
    cases.push((vec!["inspect".into(), arg(&npy).into()], 1));
    for (args, lines) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = flipblox(&args, b"");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), lines, "{args:?}: {err}");
        for line in err.lines() {
            assert!(line.len() < 600, "{args:?}: a line of {} bytes: {}", line.len(), &line[..600]);
            assert!(!line.chars().any(char::is_control), "{args:?}: {line:?}");
        }
        assert!(!stdout(&out).chars().any(|c| c.is_control() && c != '\n'), "{args:?}");
    }
}

/// A `.npy` of `entries` (dtype `|u1`, one dimension), as `numpy.save` writes it.
fn npy_u8(entries: &[u8]) -> Vec<u8> {
    let mut header =
        format!("{{'descr': '|u1', 'fortran_order': False, 'shape': ({},), }}", entries.len());
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend((header.len() as u16).to_le_bytes());
    bytes.extend(header.as_bytes());
    bytes.extend(entries);
    bytes
}

/// `inspect` of a `.npy` Lights Out table runs the checks every distance table passes (issue
/// 26, item 8): 65,536 entries all 7 (no uniform board at 0) were accepted with exit code 0; so
/// were a table whose only non-goal distance is 2 (1 missing) and one with a non-uniform state
/// at 0. A true table is proved on the board whose plus toggle pattern gives its distances, and
/// one that passes the checks but no plus gives is said not to be proved.
#[test]
fn inspect_checks_that_a_npy_can_be_a_distance_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| arg(&dir.path().join(name)).to_string();
    let mut gap = vec![2u8; 1 << 16];
    (gap[0], gap[0xffff]) = (0, 0);
    let mut stray = flip_table(4, 4);
    stray[5] = 0;
    let cases: [(&str, Vec<u8>, &str); 3] = [
        ("sevens.npy", vec![7u8; 1 << 16], "no uniform board is at 0 (the nearest is at 7)"),
        ("gap.npy", gap, "65534 states are at 2 but none at 1"),
        ("stray.npy", stray, "state 0x5 is at 0 but is not a goal (a uniform board)"),
    ];
    for (name, entries, fault) in cases {
        write_file(dir.path().join(name), npy_u8(&entries));
        let out = flipblox(&["inspect", &path(name)], b"");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(
            err.starts_with(&format!(
                "flipblox: {}: the payload is not the distance table of a Flip Game board of 16 \
                 pieces: {fault}",
                path(name)
            )),
            "{name}: {err}"
        );
        assert_eq!(stdout(&out), "", "{name}");
    }
    // The 4x4 Flip Game's table, proved on 4x4 only; a 2x8 table's on 2x8 only.
    write_file(dir.path().join("flip.npy"), npy_u8(&flip_table(4, 4)));
    let text = stdout(&flipblox_ok(&["inspect", &path("flip.npy")], b""));
    assert!(
        text.contains(
            "distances: proved to be the distance table of the plus toggle pattern, without \
             wrap-around, on 4x4, 2 colours, goal any uniform board\n"
        ),
        "{text}"
    );
    let wide = dir.path().join("wide.npy");
    flipblox_ok(&["export", "flip", "--size", "2x8", "--format", "npy", "-o", arg(&wide)], b"");
    let text = stdout(&flipblox_ok(&["inspect", arg(&wide)], b""));
    assert!(text.contains("wrap-around, on 2x8, 2 colours, goal any uniform board\n"), "{text}");
    // A table of the torus passes the checks but is not the plus's: said, not proved.
    let torus = dir.path().join("torus.npy");
    let args = ["export", "flip", "--size", "4x4", "--wrap", "--format", "npy", "-o", arg(&torus)];
    flipblox_ok(&args, b"");
    let text = stdout(&flipblox_ok(&["inspect", arg(&torus)], b""));
    assert!(
        text.contains(
            "distances: checked that a uniform board is at 0 and no other state, and that no \
             distance is missing below the largest; not proved to be distances"
        ),
        "{text}"
    );
}

/// A PNG whose write fails half-way (past a file-size limit) is reported as every other output's
/// write is, naming the output and keeping the old file: the PNG's I/O errors reach the command
/// line as I/O errors, apart from the picture's own errors.
#[cfg(feature = "render")]
#[test]
fn a_png_that_cannot_be_written_names_the_output_and_keeps_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("level.png");
    write_file(&output, "the old file");
    let pack = project("data/bloxorz/mechanics.txt");
    let mut run = command(&["render", "bloxorz", arg(&pack), "--level", "1", "-o", arg(&output)]);
    limit(&mut run, libc::RLIMIT_FSIZE, 1000);
    let ended = Supervised::spawn(run, TIME_LIMIT).wait();
    assert_eq!(ended.status.code(), Some(1), "{}", ended.describe());
    assert_eq!(
        ended.stderr,
        format!("flipblox: {}: cannot write: File too large (os error 27)\n", output.display()),
        "{}",
        ended.describe()
    );
    assert_eq!(read_text(&output), "the old file");
    assert_eq!(names(dir.path()), ["level.png"]);
}

/// A write that fails half-way (`convert` past a file-size limit: EFBIG, as a full disk gives
/// ENOSPC) names the output, never the temporary file, and keeps the old output.
#[test]
fn a_failed_write_names_the_output_and_keeps_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    write_file(&pack, "1 3\nXXO\n".repeat(100_000));
    let output = dir.path().join("out.txt");
    let table = dir.path().join("t.fbt");
    for (args, target) in [
        (vec!["convert", "--input-format", "pack", arg(&pack), "-o", arg(&output)], &output),
        (vec!["table", "build", "--size", "4x5", "-o", arg(&table)], &table),
        (vec!["export", "flip", "--format", "csv", "-o", arg(&output)], &output),
    ] {
        write_file(target, "the old file");
        let mut run = command(&args);
        limit(&mut run, libc::RLIMIT_FSIZE, 100_000);
        let ended = Supervised::spawn(run, TIME_LIMIT).wait();
        assert_eq!(ended.status.code(), Some(1), "{}", ended.describe());
        assert!(
            ended.stderr.starts_with(&format!("flipblox: {}: cannot write: ", target.display()))
                && ended.stderr.ends_with("File too large (os error 27)\n"),
            "{}",
            ended.describe()
        );
        assert!(!ended.stderr.contains(".flipblox-"), "{}", ended.describe());
        assert_eq!(read_text(target), "the old file");
        assert!(!names(dir.path()).iter().any(|n| n.starts_with(".flipblox-")));
    }
}

/// `convert --to pddl -o DIR` and `man --dir DIR` wrote through a symbolic link in DIR to the
/// file outside it, and blocked on a FIFO there: every command that writes files it names
/// itself into a directory replaces the entries, as `render -o DIR/` does (issue 38, item 5).
#[test]
fn every_command_writing_into_a_directory_replaces_links_and_fifos_there() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    write_file(&pack, "1 3\nXXO\n1 5\nX..O.\n");
    let victim = dir.path().join("victim.txt");
    write_file(&victim, "precious");
    let cases: [(&str, Vec<&str>, [&str; 2]); 3] = [
        (
            "pddl",
            vec!["convert", "--to", "pddl", arg(&pack), "-o"],
            ["level-1.pddl", "domain.pddl"],
        ),
        ("man", vec!["man", "--dir"], ["flipblox.1", "flipblox-flip.1"]),
        ("pictures", vec!["render", "bloxorz", arg(&pack), "-o"], ["level-0001.svg", "index.html"]),
    ];
    for (name, args, [linked, fifo]) in cases {
        let out = dir.path().join(name);
        std::fs::create_dir(&out).unwrap();
        std::os::unix::fs::symlink("../victim.txt", out.join(linked)).unwrap();
        mkfifo(&out.join(fifo));
        let target = format!("{}/", arg(&out));
        let ended = Supervised::flipblox(&with(&args, &[&target])).wait();
        assert!(ended.status.success(), "{}", ended.describe());
        assert_eq!(read_text(&victim), "precious", "{name}");
        for entry in names(&out) {
            let meta = std::fs::symlink_metadata(out.join(&entry)).unwrap();
            assert!(meta.file_type().is_file(), "{name}/{entry} is a regular file now");
            assert!(!entry.ends_with(".partial"), "{name}/{entry}");
        }
        assert!(std::fs::metadata(out.join(linked)).unwrap().len() > 100, "{name}/{linked}");
        assert!(std::fs::metadata(out.join(fifo)).unwrap().len() > 100, "{name}/{fifo}");
    }
}

/// `domain.pddl` is written only when every level was: a level file that cannot be written
/// (a directory has its name) leaves no domain, and the run says so.
#[test]
fn convert_to_pddl_writes_the_domain_only_when_every_level_was_written() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    write_file(&pack, "1 3\nXXO\n1 5\nX..O.\n");
    let out = dir.path().join("pddl");
    std::fs::create_dir_all(out.join("level-2.pddl")).unwrap();
    let ended =
        Supervised::flipblox(&["convert", "--to", "pddl", arg(&pack), "-o", arg(&out)]).wait();
    assert_eq!(ended.status.code(), Some(1), "{}", ended.describe());
    assert!(ended.stderr.contains("level-2.pddl: cannot write"), "{}", ended.describe());
    assert_eq!(names(&out), ["level-1.pddl", "level-2.pddl"]);
    // A file where the directory should be is refused in words.
    let ended =
        Supervised::flipblox(&["convert", "--to", "pddl", arg(&pack), "-o", arg(&pack)]).wait();
    assert_eq!(ended.status.code(), Some(1), "{}", ended.describe());
    assert!(
        ended.stderr.contains("cannot create the directory: a file of that name exists"),
        "{}",
        ended.describe()
    );
}

// ----------------------------------------------------------------------------------------------
// Every command that takes a file, with the files RELIABILITY.md names (issue 38).

/// Every command that reads a file, given `/dev/zero`, a FIFO and a symbolic link in its place
/// (docs/RELIABILITY.md, "Inputs"): `/dev/zero` ends in a clear message naming it, exit code
/// 1, within an address space of 3 GiB (no run buffers an endless input, none hangs: the
/// watchdog); a FIFO is read as a stream, and a link as the file it names, with the answers
/// the file gives. Writing into a directory is checked for every command that does by
/// `every_command_writing_into_a_directory_replaces_links_and_fifos_there`, `-o FILE` by the
/// tests above.
#[test]
fn every_command_that_reads_a_file_keeps_the_promises_on_zero_fifo_and_link() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.fbt");
    let out = flipblox(&["export", "flip", "--format", "bincode", "-o", arg(&table)], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let boards = project("data/flip/poj-sample.txt");
    let pack = project("data/bloxorz/poj-sample.txt");
    let expected = project("data/bloxorz/poj-sample.expected");
    let buttons = dir.path().join("buttons.txt");
    write_file(&buttons, "1,1 1,2\n1,2\n2,1\n2,2 2,1\n");
    let svg = dir.path().join("x.svg");
    let npy = dir.path().join("x.npy");
    let (svg, npy) = (arg(&svg), arg(&npy));
    let board = "bwbw/wwbb/bbww/wbwb";
    // (command with `@` for the file, a good file for it).
    let cases: Vec<(Vec<&str>, &Path)> = vec![
        (vec!["flip", "@"], &boards),
        (vec!["flip", "--table", "@", "--board", board], &table),
        (vec!["flip", "--size", "2x2", "--buttons", "@", "--board", "bw/wb"], &buttons),
        (vec!["bloxorz", "@"], &pack),
        (vec!["bloxorz", "--expect", "@", arg(&pack)], &expected),
        (vec!["stats", "flip", "--table", "@"], &table),
        (vec!["inspect", "@"], &table),
        (vec!["verify", "flip", "@"], &table),
        (vec!["convert", "@"], &pack),
        (vec!["export", "bloxorz", "--level", "1", "@", "-o", npy], &pack),
        (vec!["render", "bloxorz", "--level", "1", "@", "-o", svg, "--max-memory", "64MiB"], &pack),
        (vec!["render", "field", "--level", "1", "@", "-o", svg, "--max-memory", "64MiB"], &pack),
        (vec!["render", "flip", "@", "-o", svg], &boards),
        (vec!["render", "stats", "--table", "@", "-o", svg], &table),
    ];
    let fifo = dir.path().join("fifo");
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(dir.path().join("missing"), &link).unwrap();
    for (args, good) in cases {
        let with_file = |file: &str| -> Vec<String> {
            args.iter()
                .map(|a| if *a == "@" { file.to_string() } else { (*a).to_string() })
                .collect()
        };
        let direct = Supervised::flipblox(&with_file(arg(good))).wait();
        assert!(direct.status.success(), "{}", direct.describe());
        let mut run = command(&with_file("/dev/zero"));
        limit(&mut run, libc::RLIMIT_AS, 3 << 30);
        let ended = Supervised::spawn(run, TIME_LIMIT).wait();
        assert_eq!(ended.status.code(), Some(1), "{}", ended.describe());
        assert!(ended.stderr.contains("/dev/zero"), "{}", ended.describe());
        assert!(!ended.stderr.contains("panicked"), "{}", ended.describe());
        assert!(ended.stderr.lines().count() <= 2, "{}", ended.describe());
        // A link: read as the file it names.
        std::fs::remove_file(&link).unwrap();
        std::os::unix::fs::symlink(good, &link).unwrap();
        let linked = Supervised::flipblox(&with_file(arg(&link))).wait();
        assert!(linked.status.success(), "{}", linked.describe());
        // The same answers, under the name given.
        let named = |ended: &Ended, name: &Path| {
            String::from_utf8_lossy(&ended.stdout).replace(arg(name), arg(good))
        };
        assert_eq!(named(&linked, &link), named(&direct, good), "{}", linked.describe());
        // A FIFO: read as a stream, the file written into it by another process.
        mkfifo(&fifo);
        let contents = read_bytes(good);
        let path = fifo.clone();
        let writer = std::thread::spawn(move || {
            let mut pipe = std::fs::OpenOptions::new().write(true).open(path).unwrap();
            let _ = std::io::Write::write_all(&mut pipe, &contents);
        });
        let piped = Supervised::flipblox(&with_file(arg(&fifo))).wait();
        writer.join().unwrap();
        std::fs::remove_file(&fifo).unwrap();
        assert!(piped.status.success(), "{}", piped.describe());
        assert_eq!(named(&piped, &fifo), named(&direct, good), "{}", piped.describe());
    }
}
