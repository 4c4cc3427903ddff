//! Scripts in a separate process. The app and `nonet-cli script run` start a worker (their own
//! program again, with `--script-worker`), one per run, and talk to it in JSON lines over its
//! standard input and output. The worker caps its own address space, closes every other file
//! descriptor, dies with its parent, and runs the script under the in-process limits of `mod.rs`.
//! Whatever a script does — allocate without end, abort, hang in one native call — ends only the
//! worker: the caller's watchdog and the worker's exit tell "used too much memory" from "stopped
//! responding", and the caller goes on.

use std::ffi::OsString;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::check::{check, Checked};
use super::run::{run_puzzle_reporting, Doing, PuzzleRun};
use super::{Grid, Limits, Script, ScriptError, ScriptStep, STACK_SIZE};
use crate::engine::grid::{Candidates, Digit, Position, CELLS};
use crate::engine::logic::Board;

/// The first argument that turns the app or the CLI into a script worker.
pub const WORKER_ARG: &str = "--script-worker";

/// The most of the worker's standard error kept to explain how it ended.
const MAX_STDERR: usize = 16 * 1024;

/// A board as the worker receives it: values, candidate masks and givens, 81 of each.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Snapshot {
    values: Vec<Digit>,
    candidates: Vec<u16>,
    givens: Vec<bool>,
}

impl Snapshot {
    pub fn of_grid(grid: &Grid) -> Snapshot {
        let board = grid.board();
        Snapshot {
            values: board.values().to_vec(),
            candidates: (0..CELLS).map(|c| board.candidates(c).mask()).collect(),
            givens: grid.given().to_vec(),
        }
    }

    pub fn of_position(position: &Position) -> Snapshot {
        Snapshot {
            values: position.values().to_vec(),
            candidates: position.all_candidates().iter().map(|c| c.mask()).collect(),
            givens: (0..CELLS).map(|c| position.is_given(c)).collect(),
        }
    }

    pub fn position(&self) -> Result<Position, String> {
        let values: [Digit; CELLS] = self.values.clone().try_into().map_err(|_| "not 81 values")?;
        let masks: [u16; CELLS] = self
            .candidates
            .clone()
            .try_into()
            .map_err(|_| "not 81 candidate masks")?;
        let given: [bool; CELLS] = self.givens.clone().try_into().map_err(|_| "not 81 givens")?;
        let givens: [Digit; CELLS] = std::array::from_fn(|c| if given[c] { values[c] } else { 0 });
        let candidates = masks.map(|m| Candidates::from_mask(m & Candidates::ALL.mask()));
        Ok(Position::from_givens_and_values(&givens, &values).with_candidates(&candidates))
    }

    fn grid(&self) -> Result<Grid, String> {
        let position = self.position()?;
        let given = std::array::from_fn(|c| position.is_given(c));
        Ok(Grid::new(Board::from_position(&position), given))
    }
}

fn solution_array(solution: &[Digit]) -> Result<[Digit; CELLS], String> {
    solution.try_into().map_err(|_| "a solution has 81 digits".to_string())
}

/// What the caller asks of the worker.
#[derive(Debug, Serialize, Deserialize)]
enum Request {
    Compile {
        name: String,
        source: String,
        limits: Limits,
    },
    FindStep {
        grid: Snapshot,
        solution: Vec<Digit>,
        number: usize,
    },
    RunPuzzle {
        puzzle: Snapshot,
        solution: Vec<Digit>,
        fallback: bool,
    },
}

/// A step the script returned, and what checking it against the board and solution found.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Found {
    pub step: ScriptStep,
    pub checked: Result<Checked, String>,
}

/// What one `find_step` call gave: the step (or none, or the script's error) and its output.
pub type Call = (Result<Option<Found>, ScriptError>, Vec<String>);

/// What the worker answers.
#[derive(Debug, Serialize, Deserialize)]
enum Reply {
    Compiled(Result<(), ScriptError>),
    Found(Result<Option<Found>, ScriptError>, Vec<String>),
    Doing(Doing),
    Ran(PuzzleRun),
    Refused(String),
}

/// Runs the worker instead of the program when the first argument says so (call this first
/// thing in `main`, before any toolkit starts). `--script-worker MIB` caps its address space.
pub fn serve_if_worker() {
    let mut args = std::env::args_os().skip(1);
    if args.next().as_deref() != Some(std::ffi::OsStr::new(WORKER_ARG)) {
        return;
    }
    let memory_mib = args.next().and_then(|a| a.to_str()?.parse::<u64>().ok());
    confine(memory_mib);
    let served = std::thread::Builder::new()
        .name("nonet-script-worker".into())
        .stack_size(STACK_SIZE)
        .spawn(serve)
        .map(|thread| thread.join().is_ok());
    std::process::exit(if matches!(served, Ok(true)) { 0 } else { 101 });
}

/// The worker's own fences: an address-space cap, no core dumps, death with the parent, and no
/// file descriptor beyond standard input, output and error.
fn confine(memory_mib: Option<u64>) {
    #[cfg(target_os = "linux")]
    // SAFETY: plain system calls on this process with valid arguments.
    unsafe {
        if let Some(mib) = memory_mib {
            let bytes = mib.saturating_mul(1 << 20);
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            libc::setrlimit(libc::RLIMIT_AS, &limit);
        }
        let none = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        libc::setrlimit(libc::RLIMIT_CORE, &none);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        let open: Vec<i32> = std::fs::read_dir("/proc/self/fd")
            .map(|dir| {
                dir.filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok())
                    .filter(|&fd| fd > 2)
                    .collect()
            })
            .unwrap_or_default();
        for fd in open {
            libc::close(fd);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory_mib;
}

/// The worker's loop: one request a line in, one or more replies a line out.
fn serve() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut script: Option<Script> = None;
    let mut send = |reply: &Reply| -> bool {
        serde_json::to_string(reply)
            .map(|line| writeln!(out, "{line}").and_then(|_| out.flush()).is_ok())
            .unwrap_or(false)
    };
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let request: Request = match serde_json::from_str(&line) {
            Ok(request) => request,
            Err(error) => {
                send(&Reply::Refused(error.to_string()));
                continue;
            }
        };
        let sent = match request {
            Request::Compile { name, source, limits } => {
                let compiled = Script::compile(&name, &source, limits);
                let answer = compiled.as_ref().map(|_| ()).map_err(Clone::clone);
                script = compiled.ok();
                send(&Reply::Compiled(answer))
            }
            Request::FindStep { .. } | Request::RunPuzzle { .. } if script.is_none() => {
                send(&Reply::Refused("no script compiled".into()))
            }
            Request::FindStep { grid, solution, number } => {
                let script = script.as_ref().expect("checked above");
                match grid.grid().and_then(|g| Ok((g, solution_array(&solution)?))) {
                    Err(problem) => send(&Reply::Refused(problem)),
                    Ok((grid, solution)) => {
                        let found = script.find_step(&grid).map(|step| {
                            step.map(|step| Found {
                                checked: check(&step, number, grid.board(), &solution),
                                step,
                            })
                        });
                        send(&Reply::Found(found, script.take_output()))
                    }
                }
            }
            Request::RunPuzzle {
                puzzle,
                solution,
                fallback,
            } => {
                let script = script.as_ref().expect("checked above");
                match puzzle.position().and_then(|p| Ok((p, solution_array(&solution)?))) {
                    Err(problem) => send(&Reply::Refused(problem)),
                    Ok((position, solution)) => {
                        let mut alive = true;
                        let run = run_puzzle_reporting(script, &position, &solution, fallback, &mut |doing| {
                            alive &= send(&Reply::Doing(doing));
                        });
                        alive && send(&Reply::Ran(run))
                    }
                }
            }
        };
        if !sent {
            return;
        }
    }
}

/// How a worker is started: a program and its arguments.
#[derive(Clone, Debug)]
pub struct WorkerCommand {
    pub program: PathBuf,
    pub args: Vec<OsString>,
}

impl WorkerCommand {
    /// This very program, as a worker (both `nonet` and `nonet-cli` call [`serve_if_worker`]).
    /// On Linux that is the running program's own file through `/proc/self/exe`, which stays
    /// there when an upgrade has replaced or deleted the file on disk (its path then ends in
    /// " (deleted)" and can't be started), and is the same version as the program asking.
    pub fn this_program() -> std::io::Result<WorkerCommand> {
        let own = Path::new("/proc/self/exe");
        let program = match own.exists() {
            true => own.to_path_buf(),
            false => std::env::current_exe()?,
        };
        Ok(WorkerCommand {
            program,
            args: vec![WORKER_ARG.into()],
        })
    }
}

/// What the caller allows a worker: memory, and time before it counts as not responding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watchdog {
    pub memory_mib: u64,
    /// One `find_step` call (or compiling the script).
    pub script: Duration,
    /// One step of the engine's own techniques (the fallback).
    pub builtin: Duration,
}

impl Default for Watchdog {
    fn default() -> Watchdog {
        Watchdog {
            memory_mib: 1024,
            script: Duration::from_secs(3),
            builtin: Duration::from_secs(120),
        }
    }
}

/// How a worker failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It ran out of its address space.
    Memory(u64),
    /// It gave no answer in time and was ended.
    Unresponsive(Duration),
    /// It ended otherwise (a signal, a panic), with what it said.
    Crashed(String),
    /// It could not be started.
    Start(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Memory(mib) => write!(f, "the script used too much memory (more than {mib} MiB)"),
            Failure::Unresponsive(after) => write!(
                f,
                "the script stopped responding (no answer in {:.0} s)",
                after.as_secs_f64()
            ),
            Failure::Crashed(how) => write!(f, "the script's worker ended unexpectedly: {how}"),
            Failure::Start(why) => write!(f, "can't start a script worker: {why}"),
        }
    }
}

/// Ends a worker from another thread (the Lab's Stop).
#[derive(Clone)]
pub struct Killer(Arc<Mutex<Child>>);

impl Killer {
    pub fn kill(&self) {
        if let Ok(mut child) = self.0.lock() {
            let _ = child.kill();
        }
    }
}

/// A running worker.
pub struct Sandbox {
    child: Arc<Mutex<Child>>,
    stdin: Option<ChildStdin>,
    replies: Receiver<Reply>,
    stderr: Arc<Mutex<String>>,
    /// The thread draining the worker's standard error (it ends when the worker does).
    drain: Option<std::thread::JoinHandle<()>>,
    watchdog: Watchdog,
}

impl Sandbox {
    pub fn start(command: &WorkerCommand, watchdog: Watchdog) -> Result<Sandbox, Failure> {
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .arg(watchdog.memory_mib.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Failure::Start(format!("{}: {e}", command.program.display())))?;
        let missing = || Failure::Start("no pipe to the worker".into());
        let stdin = child.stdin.take().ok_or_else(missing)?;
        let stdout = child.stdout.take().ok_or_else(missing)?;
        let mut error_pipe = child.stderr.take().ok_or_else(missing)?;
        let (sender, replies) = mpsc::channel();
        let spawn = |name: &str, work: Box<dyn FnOnce() + Send>| {
            std::thread::Builder::new()
                .name(name.into())
                .spawn(work)
                .map_err(|e| Failure::Start(e.to_string()))
        };
        let read = spawn(
            "nonet-script-replies",
            Box::new(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    let Ok(reply) = serde_json::from_str::<Reply>(&line) else {
                        break;
                    };
                    if sender.send(reply).is_err() {
                        break;
                    }
                }
            }),
        );
        let stderr = Arc::new(Mutex::new(String::new()));
        let kept = stderr.clone();
        let drained = spawn(
            "nonet-script-stderr",
            Box::new(move || {
                let mut buffer = [0u8; 4096];
                while let Ok(n @ 1..) = error_pipe.read(&mut buffer) {
                    if let Ok(mut text) = kept.lock() {
                        if text.len() < MAX_STDERR {
                            text.push_str(&String::from_utf8_lossy(&buffer[..n]));
                        }
                    }
                }
            }),
        );
        let mut sandbox = Sandbox {
            child: Arc::new(Mutex::new(child)),
            stdin: Some(stdin),
            replies,
            stderr,
            drain: None,
            watchdog,
        };
        read?;
        sandbox.drain = Some(drained?);
        Ok(sandbox)
    }

    /// The worker's process id.
    pub fn id(&self) -> u32 {
        self.child.lock().map(|c| c.id()).unwrap_or(0)
    }

    pub fn killer(&self) -> Killer {
        Killer(self.child.clone())
    }

    fn send(&mut self, request: &Request) -> Result<(), Failure> {
        let line = serde_json::to_string(request).map_err(|e| Failure::Crashed(e.to_string()))?;
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|_| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        match written {
            Ok(()) => Ok(()),
            Err(_) => Err(self.ended()),
        }
    }

    fn receive(&mut self, within: Duration) -> Result<Reply, Failure> {
        match self.replies.recv_timeout(within) {
            Ok(Reply::Refused(why)) => Err(Failure::Crashed(format!("the worker refused a request: {why}"))),
            Ok(reply) => Ok(reply),
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Err(Failure::Unresponsive(within))
            }
            Err(RecvTimeoutError::Disconnected) => Err(self.ended()),
        }
    }

    fn kill(&mut self) {
        self.stdin = None;
        if let Ok(mut child) = self.child.lock() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Why the worker's output ended: waits (briefly) for it to exit and reads what it said.
    fn ended(&mut self) -> Failure {
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(2);
        let status = loop {
            let polled = match self.child.lock() {
                Ok(mut child) => child.try_wait().ok(),
                Err(_) => None,
            };
            match polled {
                Some(Some(status)) => break Some(status),
                Some(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
                _ => {
                    self.kill();
                    break None;
                }
            }
        };
        // The worker has exited (or been killed): its last words are read once its stderr closes.
        if let Some(drain) = self.drain.take() {
            let _ = drain.join();
        }
        let said = self.stderr.lock().map(|s| s.clone()).unwrap_or_default();
        if said.contains("memory allocation of") || said.contains("out of memory") || said.contains("Cannot allocate") {
            return Failure::Memory(self.watchdog.memory_mib);
        }
        let last = said.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
        let how = match status {
            Some(status) => {
                use std::os::unix::process::ExitStatusExt;
                match status.signal() {
                    Some(signal) => format!("signal {signal}"),
                    None => format!("exit status {}", status.code().unwrap_or(-1)),
                }
            }
            None => "it closed its output".into(),
        };
        Failure::Crashed(match last.is_empty() {
            true => how,
            false => format!("{how}: {}", last.chars().take(300).collect::<String>()),
        })
    }

    /// Compiles the script in the worker (its error, or the worker's failure).
    pub fn compile(&mut self, name: &str, source: &str, limits: Limits) -> Result<Result<(), ScriptError>, Failure> {
        self.send(&Request::Compile {
            name: name.into(),
            source: source.into(),
            limits,
        })?;
        match self.receive(self.watchdog.script)? {
            Reply::Compiled(result) => Ok(result),
            other => Err(Failure::Crashed(format!("unexpected answer {other:?}"))),
        }
    }

    /// Calls `find_step` on the grid; the step comes back checked against the solution.
    pub fn find_step(&mut self, grid: &Grid, solution: &[Digit; CELLS], number: usize) -> Result<Call, Failure> {
        self.send(&Request::FindStep {
            grid: Snapshot::of_grid(grid),
            solution: solution.to_vec(),
            number,
        })?;
        match self.receive(self.watchdog.script)? {
            Reply::Found(found, output) => Ok((found, output)),
            other => Err(Failure::Crashed(format!("unexpected answer {other:?}"))),
        }
    }

    /// Runs the script on a puzzle to the end (see `run.rs`); on failure, also the step it was
    /// on.
    pub fn run_puzzle(
        &mut self,
        puzzle: &Position,
        solution: &[Digit; CELLS],
        fallback: bool,
    ) -> Result<PuzzleRun, (Failure, Option<Doing>)> {
        self.send(&Request::RunPuzzle {
            puzzle: Snapshot::of_position(puzzle),
            solution: solution.to_vec(),
            fallback,
        })
        .map_err(|f| (f, None))?;
        let mut doing = None;
        loop {
            let within = match doing {
                Some(Doing::Builtin(_)) => self.watchdog.builtin,
                _ => self.watchdog.script,
            };
            match self.receive(within) {
                Ok(Reply::Doing(now)) => doing = Some(now),
                Ok(Reply::Ran(run)) => return Ok(run),
                Ok(other) => return Err((Failure::Crashed(format!("unexpected answer {other:?}")), doing)),
                Err(failure) => return Err((failure, doing)),
            }
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        self.kill();
    }
}
