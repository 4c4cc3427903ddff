//! Hostile scripts and inputs, each a reproduction of a crash or hang found in review (issue 11):
//! scripts run through `nonet-cli script run` under a 3 GiB address-space cap, so a regression
//! fails here instead of swapping; every one must end within 5 s with a message and exit status
//! 3, and the CLI itself must never abort.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const PUZZLE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// `nonet-cli ARGS` with its address space capped at 3 GiB.
fn capped(args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 3145728 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_nonet-cli"))
        .args(args)
        .output()
        .expect("sh runs")
}

fn run_script(dir: &Path, name: &str, body: &str) -> (Output, Duration) {
    let path = dir.join(format!("{name}.rhai"));
    std::fs::write(&path, body).unwrap();
    let started = Instant::now();
    let out = capped(&["script", "run", path.to_str().unwrap(), "--position", PUZZLE]);
    (out, started.elapsed())
}

#[test]
fn every_hostile_script_ends_within_five_seconds_with_a_message_and_status_3() {
    let cases: &[(&str, &str, &str)] = &[
        ("loop", "fn find_step(g) { loop {} }", "too many operations"),
        (
            "recursion",
            "fn f(x) { f(x + 1) } fn find_step(g) { f(0) }",
            "calls nested too deeply",
        ),
        (
            "deep-nesting",
            "fn find_step(g) { let a = []; for i in 0..100000 { a = [a]; } () }",
            // Rhai re-measures the whole nest at each step: quadratic, so the watchdog ends it,
            // or, on a fast run, the nest reaches the array size limit first (CI on 71f9192:
            // "Size of array/BLOB too large" after 2.99 s). Either is a clear message.
            "stopped responding|array/BLOB too large",
        ),
        (
            "array",
            "fn find_step(g) { let a = []; loop { a.push(a.len()); } }",
            "Size of array",
        ),
        (
            "string",
            "fn find_step(g) { let s = \"ab\"; loop { s += s; } }",
            "Length of string",
        ),
        ("blob", "fn find_step(g) { let b = blob(1000000000); () }", "too large"),
        (
            "blob-growth",
            "fn find_step(g) { let b = blob(1000); loop { b += b; } }",
            "too large",
        ),
        (
            "map-keys",
            "fn grow(d) { let m = #{}; let k = \"k\"; for i in 0..19 { k += k; } \
             for i in 0..1000 { m[k + i] = 1; } if d < 20 { m.inner = grow(d + 1); } m } \
             fn find_step(g) { let m = grow(0); () }",
            "too much memory",
        ),
        (
            "replace",
            "fn find_step(g) { let s = \"a\"; for i in 0..16 { s += s; } let t = s.replace(\"a\", s); () }",
            "replace would make a string of 4294967296 bytes",
        ),
        (
            "pad",
            "fn find_step(g) { let s = \"a\"; s.pad(4000000000, 'x'); () }",
            "too large",
        ),
        (
            "print-flood",
            "fn find_step(g) { let s = \"x\"; for i in 0..19 { s += s; } loop { print(s) } }",
            "too many operations",
        ),
        ("sleep", "fn find_step(g) { sleep(100000); () }", "scripts can't sleep"),
        (
            "huge-step",
            "fn find_step(g) { let s = step(\"huge\"); for i in 0..100000 { s.eliminate(i % 81, 1 + i % 9); } s }",
            "a step may have at most 729 eliminations",
        ),
        (
            "closures",
            "fn find_step(g) { let fs = []; loop { let n = fs.len(); fs.push(|x| x + n); } }",
            "Size of array",
        ),
        (
            "fn-pointer",
            "fn find_step(g) { let f = Fn(\"find_step\"); f.call(g) }",
            "calls nested too deeply",
        ),
        (
            "slow-native-calls",
            "fn find_step(g) { loop { builtin(\"forcing-net-verity\", g); } }",
            "stopped responding",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, body, expected) in cases {
        let (out, took) = run_script(dir.path(), name, body);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        eprintln!(
            "{name}: {took:?}, {:?}: {}",
            out.status.code(),
            stdout.lines().next().unwrap_or("")
        );
        assert_eq!(out.status.code(), Some(3), "{name}: {stdout}{stderr}");
        // (`a|b`: either message.)
        assert!(
            expected.split('|').any(|message| stdout.contains(message)),
            "{name}: expected '{expected}' in {stdout}{stderr}"
        );
        assert!(took < Duration::from_secs(5), "{name} took {took:?}");
        assert!(stdout.len() < 200_000, "{name}: {} bytes of output", stdout.len());
    }
}

#[test]
fn a_worker_that_runs_out_of_memory_costs_one_puzzle_not_the_run() {
    // Under a 128 MiB worker cap the map script dies before its own 256 MiB heap limit.
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("maps.rhai");
    std::fs::write(
        &script,
        "fn grow(d) { let m = #{}; let k = \"k\"; for i in 0..19 { k += k; } \
         for i in 0..1000 { m[k + i] = 1; } if d < 20 { m.inner = grow(d + 1); } m } \
         fn find_step(g) { if g.value(0) == 4 { grow(0); } () }",
    )
    .unwrap();
    let puzzles = dir.path().join("p.txt");
    let other = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    std::fs::write(&puzzles, format!("{PUZZLE}\n{other}\n")).unwrap();
    let out = capped(&[
        "script",
        "run",
        script.to_str().unwrap(),
        "--puzzles",
        puzzles.to_str().unwrap(),
        "--memory",
        "128",
        "--jobs",
        "1",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        "puzzle 1: stuck after 0 steps; step 1: the script used too much memory (more than 128 MiB)"
    );
    assert_eq!(lines[1], "puzzle 2: stuck after 0 steps", "{stdout}");
}

#[test]
fn print_output_is_capped_per_step_and_per_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _) = run_script(
        dir.path(),
        "talk",
        "fn find_step(g) { for i in 0..5000 { print(`line ${i}`); } () }",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let printed: Vec<&str> = stdout.lines().filter(|l| l.starts_with("  > ")).collect();
    assert_eq!(printed.len(), nonet::script::MAX_OUTPUT_LINES + 1, "{stdout}");
    assert_eq!(printed[0], "  > line 0");
    assert!(
        printed.last().unwrap().contains("output truncated: 4800 more lines"),
        "{stdout}"
    );
}

#[test]
fn the_cli_refuses_absurd_settings_and_says_why_with_status_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.rhai");
    std::fs::write(&path, "fn find_step(g) { () }").unwrap();
    let script = path.to_str().unwrap();
    for (flag, value) in [
        ("--max-operations", "0"),
        ("--jobs", "0"),
        ("--jobs", "100000"),
        ("--memory", "1"),
    ] {
        let out = capped(&["script", "run", script, "--position", PUZZLE, flag, value]);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(flag), "{flag} {value}");
    }
    // Many jobs on few puzzles: no panic, one clean run.
    let out = capped(&["script", "run", script, "--position", PUZZLE, "--jobs", "200"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn devices_and_oversized_streams_are_refused_not_read_forever() {
    let started = Instant::now();
    let out = capped(&["solve", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("/dev/zero is larger than 64 MiB"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("/dev/zero refused after {:?}", started.elapsed());
    let out = capped(&["script", "run", "/dev/zero", "--position", PUZZLE]);
    assert_eq!(out.status.code(), Some(2));
}

/// The worker holds its three pipes and nothing else, even when its parent has a descriptor
/// open without close-on-exec, and runs under its address-space cap.
#[test]
fn the_worker_inherits_no_descriptor_and_is_capped() {
    use nonet::script::sandbox::{Sandbox, Watchdog, WorkerCommand};
    let file = std::fs::File::open("/etc/hostname")
        .or_else(|_| std::fs::File::open("/dev/null"))
        .unwrap();
    // SAFETY: dup of a valid descriptor; the copy lacks close-on-exec, as a careless library's would.
    let leaked = unsafe { libc::dup(std::os::fd::AsRawFd::as_raw_fd(&file)) };
    assert!(leaked > 2);
    let command = WorkerCommand {
        program: env!("CARGO_BIN_EXE_nonet-cli").into(),
        args: vec![nonet::script::sandbox::WORKER_ARG.into()],
    };
    let watchdog = Watchdog {
        memory_mib: 512,
        ..Watchdog::default()
    };
    let mut sandbox = Sandbox::start(&command, watchdog).unwrap();
    // Once it answers, it has confined itself.
    assert_eq!(
        sandbox.compile("t", "fn find_step(g) { () }", nonet::script::Limits::default()),
        Ok(Ok(()))
    );
    let pid = sandbox.id();
    let mut open: Vec<i32> = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().parse().unwrap())
        .collect();
    open.sort_unstable();
    assert_eq!(open, vec![0, 1, 2], "the worker's descriptors");
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    let address = limits.lines().find(|l| l.starts_with("Max address space")).unwrap();
    assert!(address.contains(&(512u64 << 20).to_string()), "{address}");
    let core = limits.lines().find(|l| l.starts_with("Max core file size")).unwrap();
    assert!(core.split_whitespace().nth(4) == Some("0"), "{core}");
    // SAFETY: closing the descriptor this test made.
    unsafe { libc::close(leaked) };
}
