//! The scripting lab's engine: players' solving steps written in Rhai, compiled once and run in
//! a sandbox (no modules, no `eval`, limits on operations, call depth, expression depth, string,
//! array and map sizes, and a stop flag checked as the script runs). Free of GTK; the app and
//! `nonet-cli script` are built on it. The script contract is in `docs/scripting.md`.

pub mod api;
pub mod check;
pub mod run;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use rhai::{Dynamic, Engine, EvalAltResult, Scope, AST};
use thiserror::Error;

pub use api::{Grid, ScriptStep};

/// A script's error, with where it happened when known.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub operations: u64,
    pub call_levels: usize,
    pub expression_depth: usize,
    pub function_expression_depth: usize,
    pub string_size: usize,
    pub array_size: usize,
    pub map_size: usize,
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
        }
    }
}

/// Threads that run scripts get this much stack: deep (limited) recursion must not overflow.
pub const STACK_SIZE: usize = 64 * 1024 * 1024;

/// A compiled script, ready to run on any number of positions (and threads).
pub struct Script {
    engine: Engine,
    ast: AST,
    pub name: String,
    stop: Arc<AtomicBool>,
    output: Arc<Mutex<Vec<String>>>,
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
        let output = Arc::new(Mutex::new(Vec::new()));
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
        engine.on_progress(move |_| flag.load(Ordering::Relaxed).then_some(Dynamic::UNIT));
        let printed = output.clone();
        engine.on_print(move |text| {
            if let Ok(mut lines) = printed.lock() {
                lines.push(text.to_string());
            }
        });
        let debugged = output.clone();
        engine.on_debug(move |text, _, at| {
            if let Ok(mut lines) = debugged.lock() {
                lines.push(match at.line() {
                    Some(line) => format!("[line {line}] {text}"),
                    None => text.to_string(),
                });
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
        })
    }

    /// Calls `find_step(g)`: the step found, or `None` when the script returns `()`.
    pub fn find_step(&self, grid: &Grid) -> Result<Option<ScriptStep>, ScriptError> {
        let mut scope = Scope::new();
        let result: Dynamic = self
            .engine
            .call_fn(&mut scope, &self.ast, "find_step", (grid.clone(),))
            .map_err(|e| ScriptError::from_eval(&e))?;
        if result.is_unit() {
            return Ok(None);
        }
        let kind = result.type_name().to_string();
        result.try_cast::<ScriptStep>().map(Some).ok_or_else(|| ScriptError {
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
        self.output
            .lock()
            .map(|mut lines| std::mem::take(&mut *lines))
            .unwrap_or_default()
    }
}
