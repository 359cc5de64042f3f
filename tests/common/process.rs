//! The `flipblox` binary run under real conditions (Unix only): an address-space or file-size
//! limit set in the child before it starts (`setrlimit`, as `prlimit` and `ulimit` do), signals
//! sent while it runs, and named pipes. A watchdog kills a child that runs longer than its time
//! limit, so that a test fails instead of hanging.
//!
//! Memory is bounded with an address-space limit rather than measured: a child's `ru_maxrss`
//! includes the test process's own pages at the fork (or, spawned with `vfork`, its whole
//! peak), so it says more about the other tests than about the child.

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use super::FLIPBLOX;

/// How long any child may run before the watchdog kills it: this only turns a hang into a
/// failure, so it is far above the slowest child on a loaded machine (`render` of a 2000x2000
/// level takes seconds alone and passed 60 s beside other builds and two busy loops).
pub const TIME_LIMIT: Duration = Duration::from_secs(600);

/// A command for the `flipblox` binary with `args`, its standard streams piped.
pub fn command(args: &[impl AsRef<OsStr>]) -> Command {
    let mut command = Command::new(FLIPBLOX);
    command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    command
}

/// A resource of `setrlimit(2)` (`libc::RLIMIT_AS`...), typed as the platform's C library has it.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub type Resource = libc::__rlimit_resource_t;
/// A resource of `setrlimit(2)` (`libc::RLIMIT_AS`...), typed as the platform's C library has it.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub type Resource = libc::c_int;

/// Sets resource `limit` (`libc::RLIMIT_AS`, `libc::RLIMIT_FSIZE`...) to `bytes` in the child
/// of `command` before it executes, as `prlimit --as=BYTES` would; the child also ignores
/// SIGXFSZ, so that a write past a file-size limit fails with `EFBIG` instead of killing it.
pub fn limit(command: &mut Command, resource: Resource, bytes: u64) {
    let value = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
    // SAFETY: between fork and exec the closure only calls setrlimit(2) and signal(2), which are
    // async-signal-safe, and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::setrlimit(resource, &value) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
}

/// Makes the child of `command` start with `signals` ignored, as `nohup` does for SIGHUP and a
/// shell for SIGINT of a command run in the background (`cmd &`).
pub fn ignore_signals(command: &mut Command, signals: &'static [libc::c_int]) {
    // SAFETY: between fork and exec the closure only calls signal(2), which is
    // async-signal-safe, and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            for &signal in signals {
                libc::signal(signal, libc::SIG_IGN);
            }
            Ok(())
        });
    }
}

/// Makes the child of `command` start with SIGINT, SIGTERM and SIGHUP at their default action, as
/// a command typed at an interactive shell does, whatever the test run inherited (a script's
/// background job starts with SIGINT ignored, `nohup` with SIGHUP ignored). A later
/// [`ignore_signals`] on the same command still applies.
pub fn default_signals(command: &mut Command) {
    // SAFETY: between fork and exec the closure only calls signal(2), which is
    // async-signal-safe, and allocates nothing.
    unsafe {
        command.pre_exec(|| {
            for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::signal(signal, libc::SIG_DFL);
            }
            Ok(())
        });
    }
}

/// Runs `flipblox ARGS` (`args` a shell command line after the program's name) on a
/// pseudo-terminal by util-linux's `script`: its exit code and everything the terminal showed
/// (standard output and standard error together).
pub fn on_terminal(args: &str) -> (Option<i32>, String) {
    let out = Command::new("script")
        .args(["-qec", &format!("{FLIPBLOX} {args}"), "/dev/null"])
        .output()
        .expect("util-linux's script, which runs a command on a pseudo-terminal");
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A new pseudo-terminal (`openpty(3)`): its master side, which the test reads (what the
/// terminal shows) and writes (what the user types), and its slave side, for the child.
pub fn openpty() -> (std::fs::File, std::os::fd::OwnedFd) {
    use std::os::fd::FromRawFd;
    let (mut master, mut slave) = (-1, -1);
    // SAFETY: openpty(3) writes the two descriptors it opens into the two integers; the name,
    // terminal settings and window size are null, which it takes as "none given".
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(opened, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened by openpty and are owned by nothing else.
    unsafe { (std::fs::File::from_raw_fd(master), std::os::fd::OwnedFd::from_raw_fd(slave)) }
}

/// Makes a named pipe (FIFO) at `path`, as `mkfifo` does.
#[track_caller]
pub fn mkfifo(path: &Path) {
    let name = std::ffi::CString::new(path.as_os_str().as_bytes()).expect("no NUL in the path");
    // SAFETY: a valid NUL-terminated path; mkfifo(3) only creates the file.
    let made = unsafe { libc::mkfifo(name.as_ptr(), 0o600) };
    assert_eq!(made, 0, "mkfifo {}: {}", path.display(), std::io::Error::last_os_error());
}

/// True when `path` names a FIFO (without following a final symbolic link).
pub fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

/// A running child process under a watchdog that kills it after its time limit (and killed
/// too if the test ends without waiting for it). The child is reaped, killed and signalled
/// only under one lock, through [`Child`], which remembers that it was reaped: no signal can
/// reach another process that reused its id.
pub struct Supervised {
    what: String,
    time_limit: Duration,
    child: Arc<Mutex<Child>>,
    stop: Option<mpsc::Sender<()>>,
    dog: Option<JoinHandle<bool>>,
    /// The child's standard input, if piped.
    pub stdin: Option<ChildStdin>,
    /// The child's standard output, if piped and not taken.
    pub stdout: Option<ChildStdout>,
    /// Standard error, read from the start (a child that writes many messages never waits for
    /// the test to read them).
    stderr: Option<JoinHandle<Vec<u8>>>,
}

/// How a supervised child ended.
pub struct Ended {
    /// Its exit status.
    pub status: ExitStatus,
    /// What it wrote to standard output (unless the test took the pipe).
    pub stdout: Vec<u8>,
    /// What it wrote to standard error, as text.
    pub stderr: String,
    /// How the child was run, for messages.
    pub what: String,
}

impl Ended {
    /// A panic message's description: the command, the status and standard error.
    pub fn describe(&self) -> String {
        format!("`{}` ended with {}; its stderr:\n{}", self.what, self.status, self.stderr)
    }

    /// Standard output as text.
    #[track_caller]
    pub fn stdout_text(&self) -> String {
        String::from_utf8(self.stdout.clone()).unwrap_or_else(|_| panic!("{}", self.describe()))
    }
}

/// Locks the shared child.
fn locked(child: &Mutex<Child>) -> MutexGuard<'_, Child> {
    child.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Kills `child` unless it has ended; true when it was killed.
fn kill_if_running(child: &Mutex<Child>) -> bool {
    let mut child = locked(child);
    matches!(child.try_wait(), Ok(None)) && child.kill().is_ok()
}

impl Supervised {
    /// Starts `command` under a watchdog of `time_limit`.
    #[track_caller]
    pub fn spawn(mut command: Command, time_limit: Duration) -> Supervised {
        let args: Vec<_> = command.get_args().map(|a| a.to_string_lossy().into_owned()).collect();
        let what = format!("{} {}", command.get_program().to_string_lossy(), args.join(" "));
        let mut child = command.spawn().unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
        let (stdin, stdout, stderr) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let child = Arc::new(Mutex::new(child));
        let (stop, stopped) = mpsc::channel::<()>();
        let dog = {
            let child = Arc::clone(&child);
            std::thread::spawn(move || match stopped.recv_timeout(time_limit) {
                Err(RecvTimeoutError::Timeout) => kill_if_running(&child),
                _ => false,
            })
        };
        Supervised {
            what,
            time_limit,
            child,
            stop: Some(stop),
            dog: Some(dog),
            stdin,
            stdout,
            stderr: stderr.map(drain),
        }
    }

    /// Runs the `flipblox` binary with `args` under the default watchdog ([`TIME_LIMIT`]).
    #[track_caller]
    pub fn flipblox(args: &[impl AsRef<OsStr>]) -> Supervised {
        Supervised::spawn(command(args), TIME_LIMIT)
    }

    /// True while the child has not ended.
    pub fn is_running(&self) -> bool {
        matches!(locked(&self.child).try_wait(), Ok(None))
    }

    /// Sends `signal` to the child, unless it has ended.
    pub fn signal(&self, signal: libc::c_int) {
        let mut child = locked(&self.child);
        if let Ok(None) = child.try_wait() {
            // SAFETY: the child has not been reaped (checked under the lock), so the id is ours.
            unsafe { libc::kill(child.id() as libc::pid_t, signal) };
        }
    }

    /// Closes standard input, reads standard output and error to their ends (those not taken),
    /// and waits for the child. A child the watchdog had to kill fails the test.
    #[track_caller]
    pub fn wait(mut self) -> Ended {
        drop(self.stdin.take());
        let out = self.stdout.take().map(drain);
        let err = self.stderr.take();
        let status = loop {
            let ended = locked(&self.child).try_wait();
            match ended {
                Ok(Some(status)) => break status,
                Ok(None) => std::thread::sleep(Duration::from_millis(2)),
                Err(e) => panic!("waiting for {}: {e}", self.what),
            }
        };
        drop(self.stop.take());
        let killed = self.dog.take().map(|dog| dog.join().expect("the watchdog thread"));
        let ended = Ended {
            status,
            stdout: out.map(|t| t.join().expect("reading stdout")).unwrap_or_default(),
            stderr: String::from_utf8_lossy(
                &err.map(|t| t.join().expect("reading stderr")).unwrap_or_default(),
            )
            .into_owned(),
            what: std::mem::take(&mut self.what),
        };
        let limit = self.time_limit.as_secs();
        assert!(
            killed != Some(true),
            "killed by the watchdog after {limit} s: {}",
            ended.describe()
        );
        ended
    }
}

impl Drop for Supervised {
    /// A test that ends (or fails) without waiting leaves no child running.
    fn drop(&mut self) {
        if kill_if_running(&self.child) {
            let _ = locked(&self.child).wait();
        }
    }
}

/// Reads `pipe` to its end on a thread.
fn drain(mut pipe: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

/// Writes `chunk` to `pipe` over and over on a thread, until the reader goes away (as `yes`
/// does); the thread returns how many bytes it wrote.
pub fn feed_forever(mut pipe: ChildStdin, chunk: Vec<u8>) -> JoinHandle<u64> {
    std::thread::spawn(move || {
        let mut written = 0;
        while pipe.write_all(&chunk).is_ok() {
            written += chunk.len() as u64;
        }
        written
    })
}

/// Writes each of `parts` to `pipe` in turn on a thread, `repeat` times for a part given as
/// `(bytes, repeat)`, then closes it; a reader that goes away early ends the writing.
pub fn feed(mut pipe: ChildStdin, parts: Vec<(Vec<u8>, usize)>) -> JoinHandle<()> {
    std::thread::spawn(move || {
        for (bytes, repeat) in &parts {
            for _ in 0..*repeat {
                if pipe.write_all(bytes).is_err() {
                    return;
                }
            }
        }
    })
}
