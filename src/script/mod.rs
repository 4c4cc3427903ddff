//! The scripting lab's engine: players' solving steps written in Rhai, compiled once and run in
//! a sandbox (no modules, no `eval`, no `sleep`, limits on operations, call depth, expression
//! depth, string, array and map sizes, the heap a call may grow, the output it may print and the
//! size of a step, and a stop flag checked as the script runs). Free of GTK; the app and
//! `nonet-cli script` run scripts in a separate process (`sandbox.rs`) built on it. The script
//! contract is in `docs/scripting.md`.

pub mod api;
pub mod check;
pub mod reference;
pub mod run;
pub mod sandbox;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use rhai::{Dynamic, Engine, EvalAltResult, Scope, AST};
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use api::{Grid, ScriptStep};

/// A script's error, with where it happened when known.
#[derive(Clone, Debug, Error, PartialEq, Eq, Serialize, Deserialize)]
#[error("{}{message}", .line.map(|l| format!("line {l}, column {}: ", .column.unwrap_or(0))).unwrap_or_default())]
pub struct ScriptError {
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl ScriptError {
    fn at(message: impl Into<String>, position: rhai::Position) -> ScriptError {
        ScriptError {
            message: message.into(),
            line: position.line(),
            column: position.position(),
        }
    }

    fn from_eval(error: &EvalAltResult) -> ScriptError {
        let message = match error {
            EvalAltResult::ErrorTerminated(why, _) if why.is_string() => why.to_string(),
            EvalAltResult::ErrorTerminated(..) => "stopped".to_string(),
            EvalAltResult::ErrorTooManyOperations(..) => "too many operations (an endless loop?)".to_string(),
            EvalAltResult::ErrorStackOverflow(..) => "calls nested too deeply (endless recursion?)".to_string(),
            other => {
                let text = other.to_string();
                // Rhai appends " (line L, position P)"; the position is reported separately.
                text.rsplit_once(" (line ").map(|(m, _)| m.to_string()).unwrap_or(text)
            }
        };
        ScriptError::at(message, error.position())
    }
}

/// The sandbox's limits (the defaults suit ordinary scripts; a GUI setting raises operations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    pub operations: u64,
    pub call_levels: usize,
    pub expression_depth: usize,
    pub function_expression_depth: usize,
    pub string_size: usize,
    pub array_size: usize,
    pub map_size: usize,
    /// How much one call may grow the heap (strings, arrays, maps and their keys, closures…).
    pub heap_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            operations: 5_000_000,
            call_levels: 48,
            expression_depth: 64,
            function_expression_depth: 32,
            string_size: 1 << 20,
            array_size: 10_000,
            map_size: 1_000,
            heap_bytes: 256 << 20,
        }
    }
}

/// Threads that run scripts get this much stack: deep (limited) recursion must not overflow.
pub const STACK_SIZE: usize = 64 * 1024 * 1024;

/// What one `find_step` call may print: lines, bytes, and characters of one line.
pub const MAX_OUTPUT_LINES: usize = 200;
pub const MAX_OUTPUT_BYTES: usize = 64 * 1024;
pub const MAX_LINE_CHARS: usize = 1_000;

/// The heap is measured every this many operations (a cheap call, but not free).
const HEAP_CHECK_EVERY: u64 = 256;

/// Bytes the process's allocator holds now (glibc's count; 0 where unknown).
fn heap_in_use() -> usize {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallinfo2 only reads the allocator's counters.
        let info = unsafe { libc::mallinfo2() };
        info.uordblks + info.hblkhd
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        0
    }
}

/// What `print` and `debug` wrote during one call, capped.
#[derive(Default)]
struct Output {
    lines: Vec<String>,
    bytes: usize,
    dropped: usize,
}

impl Output {
    fn push(&mut self, text: &str) {
        if self.lines.len() >= MAX_OUTPUT_LINES || self.bytes >= MAX_OUTPUT_BYTES {
            self.dropped += 1;
            return;
        }
        let line = match text.char_indices().nth(MAX_LINE_CHARS) {
            Some((end, _)) => format!("{}… (line cut at {MAX_LINE_CHARS} characters)", &text[..end]),
            None => text.to_string(),
        };
        self.bytes += line.len();
        self.lines.push(line);
    }

    fn take(&mut self) -> Vec<String> {
        let mut lines = std::mem::take(&mut self.lines);
        if self.dropped > 0 {
            lines.push(format!(
                "… output truncated: {} more lines not shown (at most {MAX_OUTPUT_LINES} lines or {} KiB a step)",
                self.dropped,
                MAX_OUTPUT_BYTES / 1024
            ));
        }
        *self = Output::default();
        lines
    }
}

/// A compiled script, ready to run on any number of positions (and threads).
pub struct Script {
    engine: Engine,
    ast: AST,
    pub name: String,
    stop: Arc<AtomicBool>,
    output: Arc<Mutex<Output>>,
    /// The heap's size when the running call started (its growth is limited).
    heap_at_start: Arc<std::sync::atomic::AtomicUsize>,
}

impl Script {
    /// Compiles a script; it must define `fn find_step(g)`.
    pub fn compile(name: &str, source: &str, limits: Limits) -> Result<Script, ScriptError> {
        Script::compile_stoppable(name, source, limits, Arc::new(AtomicBool::new(false)))
    }

    /// Like [`Script::compile`], stopped by the caller's flag: setting it interrupts a running
    /// call between operations.
    pub fn compile_stoppable(
        name: &str,
        source: &str,
        limits: Limits,
        stop: Arc<AtomicBool>,
    ) -> Result<Script, ScriptError> {
        let output = Arc::new(Mutex::new(Output::default()));
        let heap_at_start = Arc::new(std::sync::atomic::AtomicUsize::new(heap_in_use()));
        let mut engine = Engine::new();
        engine
            .set_max_operations(limits.operations)
            .set_max_call_levels(limits.call_levels)
            .set_max_expr_depths(limits.expression_depth, limits.function_expression_depth)
            .set_max_string_size(limits.string_size)
            .set_max_array_size(limits.array_size)
            .set_max_map_size(limits.map_size)
            .set_max_strings_interned(1024);
        engine.disable_symbol("eval");
        let flag = stop.clone();
        let heap_start = heap_at_start.clone();
        let heap_limit = limits.heap_bytes;
        engine.on_progress(move |operations| {
            if flag.load(Ordering::Relaxed) {
                return Some(Dynamic::UNIT);
            }
            let grown = if operations % HEAP_CHECK_EVERY == 0 {
                heap_in_use().saturating_sub(heap_start.load(Ordering::Relaxed))
            } else {
                0
            };
            (grown > heap_limit).then(|| {
                Dynamic::from(format!(
                    "the script used too much memory (more than {} MiB in one call)",
                    heap_limit >> 20
                ))
            })
        });
        let printed = output.clone();
        engine.on_print(move |text| {
            if let Ok(mut output) = printed.lock() {
                output.push(text);
            }
        });
        let debugged = output.clone();
        engine.on_debug(move |text, _, at| {
            if let Ok(mut output) = debugged.lock() {
                match at.line() {
                    Some(line) => output.push(&format!("[line {line}] {text}")),
                    None => output.push(text),
                }
            }
        });
        api::register(&mut engine);
        let ast = engine
            .compile(source)
            .map_err(|e| ScriptError::at(e.err_type().to_string(), e.position()))?;
        if !ast
            .iter_functions()
            .any(|f| f.name == "find_step" && f.params.len() == 1)
        {
            return Err(ScriptError {
                message: "the script must define fn find_step(g)".into(),
                line: None,
                column: None,
            });
        }
        Ok(Script {
            engine,
            ast,
            name: name.to_string(),
            stop,
            output,
            heap_at_start,
        })
    }

    /// Calls `find_step(g)`: the step found, or `None` when the script returns `()`.
    pub fn find_step(&self, grid: &Grid) -> Result<Option<ScriptStep>, ScriptError> {
        let mut scope = Scope::new();
        self.heap_at_start.store(heap_in_use(), Ordering::Relaxed);
        let result: Dynamic = self
            .engine
            .call_fn(&mut scope, &self.ast, "find_step", (grid.clone(),))
            .map_err(|e| ScriptError::from_eval(&e))?;
        if result.is_unit() {
            return Ok(None);
        }
        let kind = result.type_name().to_string();
        result
            .try_cast::<api::StepBuilder>()
            .map(|s| Some(s.take()))
            .ok_or_else(|| ScriptError {
                message: format!("find_step returned {kind}; expected a step or ()"),
                line: None,
                column: None,
            })
    }

    /// Asks a running call to stop (checked between operations).
    pub fn stopper(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// What `print` and `debug` wrote since the last call.
    pub fn take_output(&self) -> Vec<String> {
        self.output.lock().map(|mut output| output.take()).unwrap_or_default()
    }
}
