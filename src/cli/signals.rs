//! Signals the command-line tool handles: temporary output files removed on SIGINT, SIGTERM and
//! SIGHUP ([`Temporary`]); and a message instead of a silent death when a memory-mapped input
//! shrinks under the reader (SIGBUS, [`MapWatch`]).
//!
//! # When an interrupt arrives
//!
//! The signal handler itself records the signal as it is delivered ([`arrived`]) and wakes a
//! thread that removes the temporary files and ends the process by that signal. Creating,
//! renaming and removing a temporary file all hold one lock, and all check the record under it:
//! once a signal has arrived, no temporary file is created and none is renamed over its target.
//! Whichever gets the lock first, the woken thread or the run at its next temporary file,
//! removes every temporary file and ends the process by the signal. This holds however late the
//! woken thread gets the processor (a signal that comes during the `fsync(2)` before a rename is
//! handled when the call returns, an instant before the rename). The rename is the commit point:
//! a signal that arrives after the last rename of a run finds the run finished, its output
//! whole, and the run ends either by the signal or, if it gets there first, with its own exit
//! status.
//!
//! SIGKILL cannot be caught: a killed run leaves its temporary file (`.flipblox-*.partial`
//! beside the output) behind. A signal ignored when the run started (`nohup`, a background
//! command of a shell) stays ignored.
//!
//! # Pauses for the tests
//!
//! Two environment variables, for the tests only, stop a run at a known point so that a test
//! can send a signal there without depending on timing. Each names a marker file: the run
//! creates it, then waits until a signal has arrived or the marker is removed.
//!
//! - `FLIPBLOX_TEST_PAUSE_AFTER_CREATE`: after each temporary file is created and registered
//!   (the lock is free: the removal thread can act at once).
//! - `FLIPBLOX_TEST_PAUSE_BEFORE_RENAME`: before each rename of a finished temporary file,
//!   with the lock held (the removal thread waits for it: the run itself must find the signal).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, Once, PoisonError};
use std::time::Duration;
use std::{io, ptr};

use tempfile::{NamedTempFile, TempPath};

/// The temporary files to remove if the run is interrupted.
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Starts the thread that removes the temporary files on SIGINT, SIGTERM or SIGHUP, once.
static CLEANUP: Once = Once::new();

/// The number of the SIGINT, SIGTERM or SIGHUP that arrived, stored by the signal handler
/// itself; 0 until one does.
static ARRIVED: AtomicUsize = AtomicUsize::new(0);

/// The signal that has arrived, if any (SIGINT, SIGTERM or SIGHUP).
fn arrived() -> Option<libc::c_int> {
    match ARRIVED.load(Ordering::SeqCst) {
        0 => None,
        // A signal number, as stored below: it fits.
        signal => libc::c_int::try_from(signal).ok(),
    }
}

fn temporaries() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARIES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A temporary file that is removed when dropped, and by a SIGINT, SIGTERM or SIGHUP that ends
/// the run, unless it has been renamed over its target ([`Temporary::persist`]).
pub struct Temporary {
    file: File,
    /// `None` once persisted.
    path: Option<TempPath>,
}

impl Temporary {
    /// Creates the file with `create` and registers it for removal, with the registry locked
    /// throughout, so that a signal cannot come between the two. If a signal has already arrived,
    /// nothing is created: the run ends by it (see the module docs).
    ///
    /// # Errors
    ///
    /// The error of `create`.
    pub fn create(create: impl FnOnce() -> io::Result<NamedTempFile>) -> io::Result<Temporary> {
        watch_interrupts();
        let temporary = {
            let mut list = temporaries();
            if let Some(signal) = arrived() {
                end_run(signal, list);
            }
            let (file, path) = create()?.into_parts();
            list.push(path.to_path_buf());
            Temporary { file, path: Some(path) }
        };
        pause_for_tests("FLIPBLOX_TEST_PAUSE_AFTER_CREATE");
        Ok(temporary)
    }

    /// The open file (written through directly, so that error messages name no temporary path).
    pub fn file_mut(&mut self) -> &mut File {
        &mut self.file
    }

    /// Renames the file over `target`, with the registry locked, so that an interrupt either
    /// removes the file before the rename or comes after it. If a signal has arrived, nothing is
    /// renamed: the run ends by it, its temporary files removed (see the module docs).
    ///
    /// # Errors
    ///
    /// The rename failed; the temporary file is then removed.
    pub fn persist(mut self, target: &Path) -> io::Result<()> {
        let mut list = temporaries();
        pause_for_tests("FLIPBLOX_TEST_PAUSE_BEFORE_RENAME");
        if let Some(signal) = arrived() {
            end_run(signal, list);
        }
        let path = self.path.take().expect("persisted once");
        unregister(&mut list, &path);
        path.persist(target).map_err(|e| e.error)
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if let Some(path) = self.path.take() {
            let mut list = temporaries();
            if let Some(signal) = arrived() {
                end_run(signal, list);
            }
            unregister(&mut list, &path);
            // Removes the file.
            drop(path);
        }
    }
}

fn unregister(list: &mut Vec<PathBuf>, path: &Path) {
    if let Some(i) = list.iter().position(|p| p == path) {
        list.swap_remove(i);
    }
}

/// Removes the registered temporary files in `list` and ends the process by `signal`, as it
/// would have ended without the handler (exit code `128 + signal` if that fails). The registry
/// stays locked until the end: no file is created or renamed after the removal.
fn end_run(signal: libc::c_int, list: MutexGuard<'_, Vec<PathBuf>>) -> ! {
    for path in list.iter() {
        let _ = std::fs::remove_file(path);
    }
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    signal_hook::low_level::exit(128 + signal)
}

/// For the tests (module docs): when the environment variable `var` names a marker file,
/// creates it and waits until a signal has arrived or the marker is removed.
fn pause_for_tests(var: &str) {
    let Some(marker) = std::env::var_os(var).filter(|m| !m.is_empty()) else { return };
    let marker = PathBuf::from(marker);
    if File::create(&marker).is_err() {
        return;
    }
    while arrived().is_none() && std::fs::symlink_metadata(&marker).is_ok() {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Starts, once, the watch on SIGINT, SIGTERM and SIGHUP: the handler records the signal
/// ([`arrived`]), and a thread then removes the registered temporary files and ends the process
/// by that signal, as it would have ended without the handler. (If the handler cannot be
/// installed the signals keep their default action.) A signal ignored when the run started
/// stays ignored: `nohup` ignores SIGHUP, and a shell ignores SIGINT for a command it runs in
/// the background.
fn watch_interrupts() {
    CLEANUP.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let watched: Vec<_> =
            [SIGINT, SIGTERM, SIGHUP].into_iter().filter(|&s| !is_ignored(s)).collect();
        if watched.is_empty() {
            return;
        }
        let Ok(mut signals) = signal_hook::iterator::Signals::new(&watched) else {
            return;
        };
        for &signal in &watched {
            // Should this fail, the thread below still removes the files, as long as it gets
            // the processor before a rename.
            let number = usize::try_from(signal).expect("a signal number");
            let _ = signal_hook::flag::register_usize(signal, &ARRIVED, number);
        }
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                end_run(signal, temporaries());
            }
        });
    });
}

/// True when `signal` is ignored (`SIG_IGN`), as the process inherited it.
#[cfg(unix)]
fn is_ignored(signal: libc::c_int) -> bool {
    // SAFETY: sigaction(2) writes the current action through its third pointer and, given a
    // non-null second one, would install a new action. We pass a null new action, so nothing is
    // installed, and a pointer to `current`, a live, zeroed (valid) struct of the right type.
    unsafe {
        let mut current: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, ptr::null(), &mut current) == 0
            && current.sa_sigaction == libc::SIG_IGN
    }
}

#[cfg(not(unix))]
fn is_ignored(_signal: i32) -> bool {
    false
}

/// The message a SIGBUS gives when its address is in no watched map.
static UNKNOWN_MAP: &[u8] =
    b"flipblox: a memory-mapped file changed size while being read (--no-mmap reads without a map)\n";

/// One memory map that the SIGBUS handler knows about: its address range and its message.
struct Watched {
    start: AtomicUsize,
    end: AtomicUsize,
    message: AtomicPtr<u8>,
    len: AtomicUsize,
}

/// More maps than are ever open at once (`flip --table T FILE` has two).
const WATCHED_SLOTS: usize = 8;

static WATCHED: [Watched; WATCHED_SLOTS] = [const {
    Watched {
        start: AtomicUsize::new(0),
        end: AtomicUsize::new(0),
        message: AtomicPtr::new(ptr::null_mut()),
        len: AtomicUsize::new(0),
    }
}; WATCHED_SLOTS];

/// Installs the SIGBUS handler, once.
static BUS_HANDLER: Once = Once::new();

/// A memory map the SIGBUS handler watches while this lives: reading a page of it that the file
/// no longer has (another process truncated it) prints `flipblox: NAME: the file changed size
/// while being read ...` and ends the run with exit code 1, instead of a silent SIGBUS death.
pub struct MapWatch {
    slot: Option<usize>,
    /// The message the slot points at (freed after the slot is cleared).
    _message: Box<[u8]>,
}

impl MapWatch {
    /// Watches the map `bytes` of the input named `name`.
    pub fn new(bytes: &[u8], name: &str) -> MapWatch {
        install_bus_handler();
        let message = format!(
            "flipblox: {name}: the file changed size while being read (it is memory-mapped; \
             answers not yet written are lost; --no-mmap reads it without a map)\n"
        )
        .into_bytes()
        .into_boxed_slice();
        let start = bytes.as_ptr() as usize;
        let slot = WATCHED.iter().position(|w| {
            w.end.compare_exchange(0, usize::MAX, Ordering::AcqRel, Ordering::Acquire).is_ok()
        });
        if let Some(i) = slot {
            let w = &WATCHED[i];
            w.message.store(message.as_ptr().cast_mut(), Ordering::Release);
            w.len.store(message.len(), Ordering::Release);
            w.start.store(start, Ordering::Release);
            w.end.store(start + bytes.len(), Ordering::Release);
        }
        MapWatch { slot, _message: message }
    }
}

impl Drop for MapWatch {
    fn drop(&mut self) {
        if let Some(i) = self.slot {
            let w = &WATCHED[i];
            w.start.store(0, Ordering::Release);
            w.message.store(ptr::null_mut(), Ordering::Release);
            w.len.store(0, Ordering::Release);
            w.end.store(0, Ordering::Release);
        }
    }
}

#[cfg(unix)]
fn install_bus_handler() {
    BUS_HANDLER.call_once(|| {
        // SAFETY: the action only loads atomics, calls write(2) and _exit(2), which are
        // async-signal-safe, and never returns (a returning SIGBUS handler would fault again).
        // It reads a message through a pointer and length published with Release stores by
        // `MapWatch::new` before the map is read, and withdrawn by `Drop` before the message is
        // freed; a fault comes from the thread reading the map, which holds the watch.
        let installed = unsafe {
            signal_hook_registry::register_sigaction(libc::SIGBUS, |info: &libc::siginfo_t| {
                let address = fault_address(info);
                let mut message = UNKNOWN_MAP;
                for w in &WATCHED {
                    let (start, end) =
                        (w.start.load(Ordering::Acquire), w.end.load(Ordering::Acquire));
                    let text = w.message.load(Ordering::Acquire);
                    let len = w.len.load(Ordering::Acquire);
                    if start <= address && address < end && !text.is_null() {
                        // SAFETY: see above: the watch keeps `len` bytes at `text` alive.
                        message = std::slice::from_raw_parts(text, len);
                        break;
                    }
                }
                libc::write(libc::STDERR_FILENO, message.as_ptr().cast(), message.len());
                libc::_exit(1);
            })
        };
        // Without the handler a SIGBUS keeps its default action: the process dies of it.
        let _ = installed;
    });
}

#[cfg(not(unix))]
fn install_bus_handler() {}

/// The address whose access raised the SIGBUS.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn fault_address(info: &libc::siginfo_t) -> usize {
    // SAFETY: `si_addr` reads one field of a union: a field the kernel did not fill would be
    // meaningless bytes. For SIGBUS the kernel fills the fault fields, the only signal this
    // handler is installed for.
    unsafe { info.si_addr() as usize }
}

/// The address whose access raised the SIGBUS.
#[cfg(all(unix, not(any(target_os = "linux", target_os = "android"))))]
fn fault_address(info: &libc::siginfo_t) -> usize {
    info.si_addr as usize
}
