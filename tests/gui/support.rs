//! The harness the GUI tests share: the app launched on a private D-Bus session under the test's X
//! display, its state file read, input sent by xdotool, windows found by title, and screenshots and
//! their pixels read.

use super::*;

/// Skips (locally) or fails (in CI) when there is no display to test on.
/// GUI tests fail, never pass silently, without a display.
pub(crate) fn need_display() {
    assert!(
        std::env::var_os("DISPLAY").is_some(),
        "GUI tests need an X display: run them through scripts/test.sh (Xvfb), or skip this file"
    );
}

/// GUI tests share one display and its keyboard focus: they run one at a time.
pub(crate) static DISPLAY_LOCK: Mutex<()> = Mutex::new(());

/// A private session bus, so each test's app is its own GApplication primary instance.
pub(crate) struct Bus {
    pub(crate) daemon: Child,
    pub(crate) address: String,
}

impl Bus {
    pub(crate) fn start() -> Bus {
        let mut daemon = Command::new("dbus-daemon")
            .args(["--session", "--nofork", "--print-address=1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("dbus-daemon is installed");
        let mut address = String::new();
        BufReader::new(daemon.stdout.take().unwrap())
            .read_line(&mut address)
            .unwrap();
        Bus {
            daemon,
            address: address.trim().to_string(),
        }
    }
}

impl Drop for Bus {
    fn drop(&mut self) {
        let _ = self.daemon.kill();
        let _ = self.daemon.wait();
    }
}

/// The running app, its window, and the state it dumps after every change.
pub(crate) struct App {
    pub(crate) child: Child,
    pub(crate) window: String,
    pub(crate) state_file: PathBuf,
    pub(crate) bus: Bus,
    pub(crate) _dir: tempfile::TempDir,
    pub(crate) _lock: MutexGuard<'static, ()>,
}

impl Drop for App {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A classic easy puzzle (Wikipedia's example); its solution is checked by the `sudoku` crate.
pub(crate) const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// Another puzzle (magictour-top1465's first), to tell two apart.
pub(crate) const OTHER: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

pub(crate) fn solution_of(puzzle: &str) -> String {
    sudoku::Sudoku::from_str_line(puzzle)
        .unwrap()
        .solution()
        .unwrap()
        .to_str_line()
        .to_string()
}

impl App {
    /// Kills the app (SIGKILL: nothing more is saved) and waits for it to end.
    pub(crate) fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Opens a file in the running app as a second launch with it on the command line does.
    pub(crate) fn open_from_outside(&self, file: &Path) {
        let status = Command::new(env!("CARGO_BIN_EXE_nonet"))
            .arg(file)
            .env("DBUS_SESSION_BUS_ADDRESS", &self.bus.address)
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Launches the app, optionally on a puzzle file, with settings in memory.
    pub(crate) fn launch(puzzle: Option<&str>) -> App {
        App::launch_with(puzzle, &[])
    }

    pub(crate) fn launch_with(puzzle: Option<&str>, env: &[(&str, &Path)]) -> App {
        App::launch_asking(puzzle, env, None)
    }

    /// Launches the app as `launch_with` does; `at_once` is an action asked for as soon as the
    /// app answers on D-Bus, before its window has its first frame.
    pub(crate) fn launch_asking(puzzle: Option<&str>, env: &[(&str, &Path)], at_once: Option<&str>) -> App {
        let lock = DISPLAY_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let dir = tempfile::tempdir().unwrap();
        let state_file = dir.path().join("state.json");
        let bus = Bus::start();
        let mut command = Command::new(env!("CARGO_BIN_EXE_nonet"));
        // In the test's own directory: what the app writes by a relative path (GTK's Print to
        // File makes output.pdf in the working directory) stays out of the checkout.
        command
            .current_dir(dir.path())
            .env("NONET_STATE_FILE", &state_file)
            .env("DBUS_SESSION_BUS_ADDRESS", &bus.address)
            .env("GSETTINGS_BACKEND", "memory") // never the player's own settings
            .env("NONET_DB", dir.path().join("nonet.db")) // never the player's own history
            .env("XDG_CONFIG_HOME", dir.path().join("config")) // nor their print choices
            .envs(env.iter().map(|(k, v)| (*k, v.as_os_str())))
            .stderr(std::fs::File::create(dir.path().join("app.log")).unwrap());
        if let Some(puzzle) = puzzle {
            let file = dir.path().join("puzzle.txt");
            std::fs::write(&file, puzzle).unwrap();
            command.arg(&file);
        }
        // Each test starts with the pointer in the screen's far corner, out of the window's
        // way, wherever the last test left it: a pointer resting where a menu opens picks the
        // item under it, and keys then go on from there.
        xdotool(&["mousemove", "10000", "10000"]);
        let mut child = command.spawn().expect("the app starts");
        if let Some(action) = at_once {
            let took = || {
                gapplication_action(&bus.address, action, None)
                    .status
                    .success()
                    .then_some(())
            };
            poll(Duration::from_secs(30), Duration::from_millis(5), took)
                .unwrap_or_else(|| panic!("the app never took the action {action}"));
        }
        let window = wait_for_window(&mut child, &dir.path().join("app.log"));
        xdotool(&["windowfocus", "--sync", &window]);
        let app = App {
            child,
            window,
            state_file,
            bus,
            _dir: dir,
            _lock: lock,
        };
        if puzzle.is_some_and(|p| p.starts_with('{')) {
            // A JSON position (with pencil marks): loaded once the board tells where it is from.
            app.wait_until("the position is loaded", |s| {
                s["message"].as_str().unwrap_or("").starts_with("The puzzle in")
            });
        } else if let Some(puzzle) = puzzle {
            // The first line that is not a comment; a refused file says why.
            let first = puzzle.lines().find(|line| !line.starts_with('#')).unwrap_or("");
            let givens = first.trim().replace('0', ".");
            app.wait_until("the puzzle is loaded", |s| {
                s["givens"] == givens.as_str()
                    || s["message"].as_str().unwrap_or("").starts_with("Puzzle not loaded")
                    || s["refusal"].as_str().is_some_and(|r| !r.is_empty()) && s["givens"].is_string()
            });
        } else {
            app.wait_until("a puzzle is generated", |s| s["givens"].is_string());
        }
        // The board has its size (a state written before the first allocation has none).
        app.wait_until("the board is laid out", |s| {
            s["board"][2].as_f64().unwrap_or(0.0) > 10.0
        });
        app
    }

    /// The app's history database.
    pub(crate) fn db(&self) -> PathBuf {
        self._dir.path().join("nonet.db")
    }

    pub(crate) fn state(&self) -> Option<Value> {
        serde_json::from_str(&std::fs::read_to_string(&self.state_file).ok()?).ok()
    }

    /// Waits (up to 20 s) until the dumped state satisfies `test`, and returns it.
    pub(crate) fn wait_until(&self, what: &str, test: impl Fn(&Value) -> bool) -> Value {
        let mut last = None;
        let found = poll(Duration::from_secs(20), Duration::from_millis(50), || {
            let state = self.state()?;
            if test(&state) {
                return Some(state);
            }
            last = Some(state);
            None
        });
        found.unwrap_or_else(|| match last {
            Some(state) => {
                let shot = screenshot("root", "timeout.png");
                panic!(
                    "timed out waiting until {what} (screen: {}); last state: {state}",
                    shot.display()
                )
            }
            None => panic!("timed out waiting until {what}; no state"),
        })
    }

    /// Stops the Lab's run from outside; the state once it has ended, saying it was stopped.
    pub(crate) fn stop_script(&self) -> Value {
        self.action("script-stop", None);
        let stopped = self.wait_until("stopped", |s| s["lab"]["running"] == false);
        let last = stopped["lab"]["last"].as_str().unwrap_or("");
        assert!(last.starts_with("Run ended (stopped)"), "{}", stopped["lab"]);
        stopped
    }

    /// A connection of the test's own to the app's session bus.
    pub(crate) fn session_bus(&self) -> gtk::gio::DBusConnection {
        use gtk::gio;
        gio::DBusConnection::for_address_sync(
            &self.bus.address,
            gio::DBusConnectionFlags::AUTHENTICATION_CLIENT | gio::DBusConnectionFlags::MESSAGE_BUS_CONNECTION,
            None,
            gio::Cancellable::NONE,
        )
        .expect("the test's session bus answers")
    }

    /// Calls a D-Bus method on the app's object with `gdbus`.
    pub(crate) fn call(&self, method: &str, args: &[&str]) -> std::process::Output {
        Command::new("gdbus")
            .env("DBUS_SESSION_BUS_ADDRESS", &self.bus.address)
            .args(["call", "--session", "--dest", "io.github.nonet.Nonet"])
            .args(["--object-path", "/io/github/nonet/Nonet", "--method", method])
            .args(args)
            .output()
            .expect("gdbus is installed")
    }

    /// Whether the app's action `name` is enabled (its menu item shown, when hidden while
    /// disabled), as D-Bus describes it; `None` when there is no such action.
    pub(crate) fn action_enabled(&self, name: &str) -> Option<bool> {
        let output = self.call("org.gtk.Actions.Describe", &[name]);
        let answer = String::from_utf8_lossy(&output.stdout);
        // `((true, signature '', @av []),)`
        let enabled = answer.trim_start_matches("((").split(',').next()?;
        output.status.success().then(|| enabled == "true")
    }

    /// Runs an app action from outside, as `gapplication action` does.
    pub(crate) fn action(&self, name: &str, parameter: Option<&str>) {
        let output = gapplication_action(&self.bus.address, name, parameter);
        assert!(
            output.status.success(),
            "gapplication action {name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }

    /// Asks for several actions one right after another, over one D-Bus connection (a
    /// `gapplication` each would leave tens of milliseconds between them).
    pub(crate) fn actions_at_once(&self, actions: &[(&str, Option<Variant>)]) {
        self.try_actions_at_once(actions).unwrap_or_else(|e| panic!("{e}"));
    }

    /// [`Self::actions_at_once`], telling instead of panicking when an action was not taken
    /// (the app ended while asked, say).
    pub(crate) fn try_actions_at_once(&self, actions: &[(&str, Option<Variant>)]) -> Result<(), String> {
        let bus = self.session_bus();
        for (name, parameter) in actions {
            let parameters: Vec<Variant> = parameter.iter().cloned().collect();
            let platform = std::collections::HashMap::<String, Variant>::new();
            call_actions(&bus, "Activate", Some(&(*name, parameters, platform).to_variant()))
                .map_err(|e| format!("action {name}: {e}"))?;
        }
        Ok(())
    }

    /// Whether the app is still running (it has not ended, crashed or been killed).
    pub(crate) fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Sends the app SIGTERM, as a session ending does, and returns how it ended (up to 10 s).
    pub(crate) fn end_by_signal(&mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
        self.wait_for_exit("the app did not quit on SIGTERM")
    }

    /// Waits (up to 10 s) for the app to end, and returns how it ended; fails with `what`.
    pub(crate) fn wait_for_exit(&mut self, what: &str) -> std::process::ExitStatus {
        poll(Duration::from_secs(10), Duration::from_millis(50), || {
            self.child.try_wait().unwrap()
        })
        .unwrap_or_else(|| panic!("{what}"))
    }

    /// The app's accessibility tree as a screen reader reads it (tests/atspi/read_tree.py):
    /// the board, the buttons, the status line, the labels and the other widgets described.
    pub(crate) fn accessible_tree(&self) -> (Value, String) {
        self.read_tree(&[])
    }

    /// Presses the sensitive button or menu item named `name` (the newest window's) through
    /// AT-SPI, as a screen reader's user does, waiting up to 10 s for one: a menu's items are
    /// there before its popover opens but take a press only once it has (a press right after
    /// the menu button's once found none). Fails when there is none by then.
    pub(crate) fn press_button(&self, name: &str) {
        let mut last = (Value::Null, String::new());
        let pressed = poll(Duration::from_secs(10), Duration::from_millis(200), || {
            last = self.read_tree(&["--press", name]);
            (last.0["pressed"] == true).then_some(())
        });
        let (tree, errors) = last;
        assert!(pressed.is_some(), "no button {name} to press: {errors} {tree}");
    }

    pub(crate) fn read_tree(&self, args: &[&str]) -> (Value, String) {
        let output = Command::new("/usr/bin/python3")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/atspi/read_tree.py"))
            .args(args)
            .env("DBUS_SESSION_BUS_ADDRESS", &self.bus.address)
            .output()
            .expect("python3-pyatspi is installed (scripts/setup.sh)");
        let tree = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
        (tree, String::from_utf8_lossy(&output.stderr).into_owned())
    }

    /// Reads the labels of the app's windows (through AT-SPI) until `test` holds for them.
    pub(crate) fn wait_for_labels(&self, what: &str, test: impl Fn(&[String]) -> bool) -> Vec<String> {
        let labels = |tree: &Value| -> Vec<String> {
            tree["labels"]
                .as_array()
                .map(|l| l.iter().filter_map(|l| l.as_str().map(String::from)).collect())
                .unwrap_or_default()
        };
        labels(&self.wait_for_tree(&format!("{what} showed"), |tree| test(&labels(tree))))
    }

    /// Reads the app's accessible tree (through AT-SPI) until `test` holds for it (up to 20 s),
    /// and returns it.
    pub(crate) fn wait_for_tree(&self, what: &str, test: impl Fn(&Value) -> bool) -> Value {
        let mut last = (Value::Null, String::new());
        let found = poll(Duration::from_secs(20), Duration::from_millis(200), || {
            let (tree, errors) = self.accessible_tree();
            if test(&tree) {
                return Some(tree);
            }
            last = (tree, errors);
            None
        });
        found.unwrap_or_else(|| panic!("never {what}: {} {}", last.0, last.1))
    }

    pub(crate) fn keys(&self, keys: &[&str]) {
        xdotool(&["windowfocus", "--sync", &self.window]);
        for key in keys {
            xdotool(&["key", "--clearmodifiers", key]);
            std::thread::sleep(Duration::from_millis(60));
        }
    }

    /// Clicks at a point of the window, in window coordinates.
    pub(crate) fn click(&self, x: usize, y: usize, button: &str) {
        xdotool(&["mousemove", "--window", &self.window, &x.to_string(), &y.to_string()]);
        std::thread::sleep(Duration::from_millis(100));
        xdotool(&["click", button]);
    }

    /// Clicks until the state shows the click's effect (a click that lands while the window is
    /// still settling is lost, as it would be for a person).
    pub(crate) fn click_until(
        &self,
        x: usize,
        y: usize,
        button: &str,
        what: &str,
        test: impl Fn(&Value) -> bool,
    ) -> Value {
        self.act_until(what, Duration::from_secs(2), || self.click(x, y, button), test)
    }

    /// Acts (a click, a drop, a key) until the state passes `test`, up to three times, each
    /// given `within` to show, and returns that state: an input that lands while the app is
    /// still settling (a window opening or closing) is lost, and a person would try again. After
    /// the third, waits as `wait_until` does and fails with its report.
    pub(crate) fn act_until(
        &self,
        what: &str,
        within: Duration,
        act: impl Fn(),
        test: impl Fn(&Value) -> bool,
    ) -> Value {
        for attempt in 1..=3 {
            act();
            if let Some(state) = poll(within, Duration::from_millis(50), || self.state().filter(|s| test(s))) {
                return state;
            }
            eprintln!("{what}: not seen after attempt {attempt}");
        }
        self.wait_until(what, test)
    }

    /// The GLib criticals and warnings in the app's log so far: bugs (a widget misused, a signal
    /// to a freed object) even when the app lives on.
    pub(crate) fn log_complaints(&self) -> Vec<String> {
        let log = std::fs::read_to_string(self._dir.path().join("app.log")).unwrap_or_default();
        log.lines()
            .filter(|l| l.contains("-CRITICAL **") || l.contains("-WARNING **"))
            .map(String::from)
            .collect()
    }

    /// Selects a cell with the keyboard, from wherever the selection is.
    pub(crate) fn select(&self, cell: usize) {
        let from = self.selected();
        self.keys(&arrows(from, cell));
        self.wait_until("the cell is selected", |s| s["selected"] == cell);
    }

    /// Types `solution`'s digit into each of `cells` in turn, going there with the arrow keys,
    /// as a quick player would: the keys in one go (a cell at a time, each selection waited for,
    /// took a third of a second a cell); then waits until the board shows them all.
    pub(crate) fn fill_in(&self, cells: impl IntoIterator<Item = usize>, solution: &str) {
        let cells: Vec<usize> = cells.into_iter().collect();
        let mut from = self.selected();
        let mut keys = Vec::new();
        for &cell in &cells {
            keys.extend(arrows(from, cell));
            keys.push(&solution[cell..=cell]);
            from = cell;
        }
        xdotool(&["windowfocus", "--sync", &self.window]);
        let mut args = vec!["key", "--clearmodifiers", "--delay", "40"];
        args.extend(keys);
        xdotool(&args);
        self.wait_until("the digits typed", |s| {
            cells
                .iter()
                .all(|&c| at(s, "values", c) == solution.as_bytes()[c] as char)
        });
    }

    /// The cell selected on the board.
    fn selected(&self) -> usize {
        let state = self.wait_until("a state", |_| true);
        state["selected"].as_u64().unwrap_or(40) as usize
    }

    /// A screenshot, after the frame for the last change has been painted.
    /// Asks for a hint twice, to its second stage (the pattern shown), and returns that state.
    /// Opens History over a history of one game and that game's replay (a click on its row:
    /// with nothing to clear, Tab passes over Clear History); returns the replay's window.
    pub(crate) fn replay_the_only_game(&self) -> String {
        self.action("history", None);
        let history = wait_for_titled("History");
        self.wait_for_labels("the game listed", |labels| labels.iter().any(|l| l == "1 of 1 game"));
        std::thread::sleep(Duration::from_millis(300));
        xdotool(&["mousemove", "--window", &history, "250", "137"]);
        std::thread::sleep(Duration::from_millis(100));
        xdotool(&["click", "1"]);
        wait_for_titled("Replay")
    }

    pub(crate) fn hint_to_pattern(&self) -> Value {
        self.action("hint", None);
        self.wait_until("stage 1", |s| s["hint_stage"] == 1);
        self.action("hint", None);
        self.wait_until("stage 2", |s| s["hint_stage"] == 2)
    }

    pub(crate) fn shot(&self, name: &str) -> PathBuf {
        std::thread::sleep(Duration::from_millis(400));
        screenshot(&self.window, name)
    }
}

/// The arrow keys that move the selection from cell `from` to cell `to`.
fn arrows(from: usize, to: usize) -> Vec<&'static str> {
    let (dr, dc) = (to as i64 / 9 - from as i64 / 9, to as i64 % 9 - from as i64 % 9);
    let mut keys = vec![if dr > 0 { "Down" } else { "Up" }; dr.unsigned_abs() as usize];
    keys.extend(std::iter::repeat_n(
        if dc > 0 { "Right" } else { "Left" },
        dc.unsigned_abs() as usize,
    ));
    keys
}

pub(crate) fn xdotool(args: &[&str]) -> String {
    let output = xdotool_output(args);
    if !output.stderr.is_empty() {
        eprintln!("xdotool {args:?}: {}", String::from_utf8_lossy(&output.stderr).trim());
    }
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

/// What xdotool says, on stdout and stderr, and how it ended.
pub(crate) fn xdotool_output(args: &[&str]) -> std::process::Output {
    Command::new("xdotool")
        .args(args)
        .output()
        .expect("xdotool is installed")
}

/// Asks `probe` every `every` until it gives something, for at most `within`; `None` if it never
/// did. Every wait of these tests is one.
pub(crate) fn poll<T>(within: Duration, every: Duration, mut probe: impl FnMut() -> Option<T>) -> Option<T> {
    let deadline = Instant::now() + within;
    loop {
        if let Some(found) = probe() {
            return Some(found);
        }
        if Instant::now() >= deadline {
            return None;
        }
        std::thread::sleep(every);
    }
}

/// The visible window titled "Nonet" of a process.
pub(crate) fn wait_for_window(child: &mut Child, log: &Path) -> String {
    let pid = child.id();
    let found = poll(Duration::from_secs(60), Duration::from_millis(100), || {
        if let Some(status) = child.try_wait().unwrap() {
            panic!(
                "the app exited ({status}) before its window appeared: {}",
                std::fs::read_to_string(log).unwrap_or_default()
            );
        }
        let found = xdotool(&[
            "search",
            "--onlyvisible",
            "--pid",
            &pid.to_string(),
            "--name",
            "^Nonet$",
        ]);
        found.lines().next().map(String::from)
    });
    found.unwrap_or_else(|| {
        let windows = xdotool(&["search", "--name", "."]);
        let names: Vec<String> = windows.lines().map(|w| xdotool(&["getwindowname", w])).collect();
        panic!(
            "no window titled Nonet appeared for pid {pid}; windows: {names:?}; app log: {}",
            std::fs::read_to_string(log).unwrap_or_default()
        )
    })
}

/// Sends an app action over D-Bus with `gapplication`, as a desktop shell would.
pub(crate) fn gapplication_action(bus_address: &str, name: &str, parameter: Option<&str>) -> std::process::Output {
    let mut command = Command::new("gapplication");
    command
        .env("DBUS_SESSION_BUS_ADDRESS", bus_address)
        .args(["action", "io.github.nonet.Nonet", name]);
    if let Some(parameter) = parameter {
        command.arg(parameter);
    }
    command.output().expect("gapplication is installed")
}

/// Where a window is and its size, as xdotool tells them: `[x, y, width, height]`.
pub(crate) fn window_geometry(window: &str) -> [i64; 4] {
    let geometry = xdotool(&["getwindowgeometry", "--shell", window]);
    ["X=", "Y=", "WIDTH=", "HEIGHT="].map(|key| {
        geometry
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.trim().parse::<i64>().ok())
            .unwrap_or(0)
    })
}

/// A screenshot of the screen where the window is, popovers (separate X windows) included.
pub(crate) fn screen_shot(window: &str, name: &str) -> PathBuf {
    std::thread::sleep(Duration::from_millis(400));
    let [x, y, width, height] = window_geometry(window);
    let crop = format!("{width}x{height}+{x}+{y}");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../gui-shots");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let status = Command::new("import")
        .args(["-window", "root", "-crop", &crop, path.to_str().unwrap()])
        .status()
        .expect("imagemagick");
    assert!(status.success(), "screenshot failed");
    path
}

pub(crate) fn screenshot(window: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../gui-shots");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let status = Command::new("import")
        .args(["-window", window, path.to_str().unwrap()])
        .status()
        .expect("imagemagick");
    assert!(status.success(), "screenshot failed");
    path
}

/// A screenshot's pixels as RGB, row by row.
pub(crate) fn rgb_rows(path: &Path) -> Vec<Vec<[u8; 3]>> {
    let mut decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).unwrap();
    let channels = info.color_type.samples();
    buffer[..info.buffer_size()]
        .chunks(info.line_size)
        .map(|line| {
            line.chunks(channels)
                .map(|p| if channels >= 3 { [p[0], p[1], p[2]] } else { [p[0]; 3] })
                .collect()
        })
        .collect()
}

/// Grey levels of a screenshot, row by row.
pub(crate) fn grey_rows(path: &Path) -> Vec<Vec<u8>> {
    let grey = |p: &[u8; 3]| ((p[0] as u32 + p[1] as u32 + p[2] as u32) / 3) as u8;
    rgb_rows(path)
        .iter()
        .map(|row| row.iter().map(grey).collect())
        .collect()
}

/// Centres of the dark runs (thick lines) along a row of pixels.
pub(crate) fn dark_runs(row: &[u8]) -> Vec<usize> {
    let mut centres = Vec::new();
    let mut start = None;
    for (x, &grey) in row.iter().chain(std::iter::once(&255)).enumerate() {
        match (grey < 110, start) {
            (true, None) => start = Some(x),
            (false, Some(s)) => {
                centres.push((s + x - 1) / 2);
                start = None;
            }
            _ => {}
        }
    }
    centres
}

/// A screenshot's rows that cross a board's four thick vertical lines (the board's grid shows
/// there), as each row's line centres, and how many rows the screenshot has.
pub(crate) fn rows_across_a_grid(path: &Path) -> (Vec<Vec<usize>>, usize) {
    let rows = grey_rows(path);
    let crossing = rows
        .iter()
        .map(|r| dark_runs(r))
        .filter(|runs| runs.len() == 4)
        .collect();
    (crossing, rows.len())
}

/// The centre of a cell in window pixels, from the board geometry the app reports.
pub(crate) fn cell_centre(state: &Value, cell: usize) -> (usize, usize) {
    let board = &state["board"];
    let (left, top, size) = (
        board[0].as_f64().unwrap(),
        board[1].as_f64().unwrap(),
        board[2].as_f64().unwrap(),
    );
    let x = left + (cell % 9) as f64 * size + size / 2.0;
    let y = top + (cell / 9) as f64 * size + size / 2.0;
    (x as usize, y as usize)
}

pub(crate) fn at(state: &Value, key: &str, cell: usize) -> char {
    state[key].as_str().unwrap().chars().nth(cell).unwrap()
}

/// Fails unless every (role, name) wanted is among the controls read through AT-SPI.
pub(crate) fn assert_controls(controls: &[Value], wanted: &[(&str, &str)]) {
    for (role, name) in wanted {
        assert!(
            controls.iter().any(|c| c["role"] == *role && c["name"] == *name),
            "no {role} named {name}: {controls:?}"
        );
    }
}

/// The app on [`PUZZLE`], speaking `language`.
pub(crate) fn launch_speaking(language: &str) -> App {
    App::launch_with(Some(PUZZLE), &speaking(language))
}

/// The environment of an app speaking `language`: its `LANGUAGE`, in a UTF-8 C locale.
pub(crate) fn speaking(language: &str) -> [(&'static str, &Path); 3] {
    let locale = Path::new("C.UTF-8");
    [("LANGUAGE", Path::new(language)), ("LANG", locale), ("LC_ALL", locale)]
}

/// An sRGB colour in CIELAB (D65), where distances follow what the eye sees.
pub(crate) fn lab(rgb: [i32; 3]) -> [f64; 3] {
    let linear = |c: i32| {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let [r, g, b] = rgb.map(linear);
    let xyz = [
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    ];
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let [x, y, z] = xyz.map(f);
    [116.0 * y - 16.0, 500.0 * (x - y), 200.0 * (y - z)]
}

/// The darkest and the lightest pixel of a screenshot's rectangle `[x0, x1) × [y0, y1)`, and
/// their colour difference (ΔE, CIELAB): how well what is drawn there (a line, a pencil mark)
/// stands out from its paper.
pub(crate) fn ink_contrast(shot: &Path, x0: usize, x1: usize, y0: usize, y1: usize) -> f64 {
    let rows = rgb_rows(shot);
    let lightness = |p: [u8; 3]| lab(p.map(i32::from))[0];
    let points = (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y)));
    let pixels: Vec<[u8; 3]> = points.map(|(x, y)| rows[y][x]).collect();
    let by_lightness = |a: &&[u8; 3], b: &&[u8; 3]| lightness(**a).total_cmp(&lightness(**b));
    let darkest = lab(pixels.iter().min_by(by_lightness).unwrap().map(i32::from));
    let lightest = lab(pixels.iter().max_by(by_lightness).unwrap().map(i32::from));
    (0..3).map(|i| (darkest[i] - lightest[i]).powi(2)).sum::<f64>().sqrt()
}

/// The desktop's settings (and the app's) in a keyfile of a test's own, which `gsettings`
/// changes from outside as GNOME Settings would.
pub(crate) struct OwnDesktop {
    pub(crate) config: tempfile::TempDir,
}

impl OwnDesktop {
    pub(crate) fn new() -> OwnDesktop {
        OwnDesktop {
            config: tempfile::tempdir().unwrap(),
        }
    }

    /// What the app is launched with to read these settings.
    pub(crate) fn env(&self) -> [(&'static str, &Path); 2] {
        [
            ("GSETTINGS_BACKEND", Path::new("keyfile")),
            ("XDG_CONFIG_HOME", self.config.path()),
        ]
    }

    /// `gsettings set SCHEMA KEY VALUE` on these settings.
    pub(crate) fn set(&self, schema: &str, key: &str, value: &str) {
        let status = Command::new("gsettings")
            .args(["set", schema, key, value])
            .envs(self.env())
            .status()
            .expect("gsettings (libglib2.0-bin) is installed");
        assert!(status.success());
    }
}

/// How many pixels of a colour lie in the third of a cell where a pencil mark sits (3×3, 1 at
/// the top left).
pub(crate) fn mark_pixels(
    rows: &[Vec<[u8; 3]>],
    state: &Value,
    cell: usize,
    mark: usize,
    colour: fn([i32; 3]) -> bool,
) -> usize {
    let size = state["board"][2].as_f64().unwrap();
    let (cx, cy) = cell_centre(state, cell);
    let third = size / 3.0;
    let left = cx as f64 - size / 2.0 + ((mark - 1) % 3) as f64 * third;
    let top = cy as f64 - size / 2.0 + ((mark - 1) / 3) as f64 * third;
    let (x0, y0) = (left as usize + 1, top as usize + 1);
    let (x1, y1) = ((left + third) as usize - 1, (top + third) as usize - 1);
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| colour(rows[y][x].map(i32::from)))
        .count()
}

pub(crate) fn is_red([r, g, b]: [i32; 3]) -> bool {
    r > g + 80 && r > b + 80
}

pub(crate) fn is_blue([r, g, b]: [i32; 3]) -> bool {
    b > r + 40 && b > g + 40
}

/// An X-Chain puzzle, speaking `language` in the `scheme` style, its marks filled and hints
/// asked (unlimited) until one whose technique names `chain` (lower case) shows its second
/// stage, shot as `shot`: the help's and README's picture of a game. Returns the state then.
pub(crate) fn chain_hint_shot(language: &str, scheme: &str, chain: &str, shot: &str) -> Value {
    const X_CHAIN: &str = "3.4.2..8...6.......5..7.3.....68..2.....34....6.15.7...1.........9....6...8217..5";
    let settings = format!("color-scheme='{scheme}'\nhint-allowance=uint32 0");
    let (app, _config) = launch_configured(X_CHAIN, &settings, &speaking(language));
    xdotool(&["windowsize", &app.window, "640", "780"]);
    app.action("fill-candidates", None);
    app.wait_until("marks filled", |s| s["marks"][1] != "");
    for taken in 1..=20 {
        app.action("hint", None);
        let state = app.wait_until("stage 1", |s| s["hint_stage"] == 1 && s["hints_used"] == taken);
        app.action("hint", None);
        let state2 = app.wait_until("stage 2", |s| s["hint_stage"] == 2);
        if state["message"].as_str().unwrap().to_lowercase().contains(chain) {
            app.shot(shot);
            return state2;
        }
        app.action("hint", None);
        app.wait_until("applied", |s| s["hint_stage"].is_null());
    }
    panic!("no {chain} hint within twenty hints");
}

/// Presses keys in a window (a History window, a dialog), one by one, as a person types them.
pub(crate) fn press_in(window: &str, keys: &[&str]) {
    xdotool(&["windowfocus", "--sync", window]);
    for key in keys {
        std::thread::sleep(Duration::from_millis(150));
        xdotool(&["key", key]);
    }
}

/// The stops `key` (Tab or Ctrl+Tab) takes the focus through in `window`, once round, as a
/// screen reader reads them (AT-SPI): each its role, name and place. Fails if the focus stops
/// moving (a trap) or has not come round after 60 (History's Statistics page has a stop for each
/// figure of each level).
pub(crate) fn focus_stops(app: &App, window: &str, key: &str) -> Vec<Value> {
    let mut stops: Vec<Value> = Vec::new();
    for _ in 0..60 {
        press_in(window, &[key]);
        let moved = poll(Duration::from_secs(5), Duration::from_millis(200), || {
            let focused = app.accessible_tree().0["focused"].clone();
            (focused.is_object() && stops.last() != Some(&focused)).then_some(focused)
        });
        let stop = moved.unwrap_or_else(|| panic!("{key} goes no further: {stops:?}"));
        if stops.first() == Some(&stop) {
            return stops;
        }
        stops.push(stop);
    }
    panic!("{key} never came round: {stops:?}")
}

/// Fails on a stop of `stops` ([`focus_stops`]) that a screen reader cannot name.
pub(crate) fn assert_stops_named(stops: &[Value]) {
    let unnamed: Vec<_> = stops
        .iter()
        .filter(|s| s["name"].as_str().unwrap_or("").is_empty())
        .collect();
    assert!(
        unnamed.is_empty(),
        "stops a screen reader cannot name: {unnamed:?} of {stops:?}"
    );
}

/// The display's clipboard, one for every test running at once.
pub(crate) static CLIPBOARD: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The clipboard for this test alone while the guard lives: a test that copies or pastes holds
/// it for its run (fresh-clone CI on 257b36a read another test's steps where the Solution Path
/// had copied its own: random play, running beside it, may press Copy anywhere).
pub(crate) fn hold_clipboard() -> std::sync::MutexGuard<'static, ()> {
    CLIPBOARD.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Text on the display's clipboard, served by xclip until dropped.
pub(crate) struct Clipboard(pub(crate) Child);

impl Drop for Clipboard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub(crate) fn set_clipboard(text: &str) -> Clipboard {
    use std::io::Write;
    let mut xclip = Command::new("xclip")
        .args(["-selection", "clipboard", "-quiet"])
        .stdin(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("xclip is installed");
    xclip.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    // Until xclip holds the clipboard: on a busy machine a fixed moment was once too short (CI
    // on 7b0266d pasted "no text"). It serves every request until dropped.
    assert!(clipboard_becomes(text), "xclip holds the clipboard");
    Clipboard(xclip)
}

/// Whether the clipboard holds `expected` within ten seconds.
pub(crate) fn clipboard_becomes(expected: &str) -> bool {
    poll(Duration::from_secs(10), Duration::from_millis(50), || {
        (clipboard_text() == expected).then_some(())
    })
    .is_some()
}

/// What the clipboard holds, as text.
pub(crate) fn clipboard_text() -> String {
    let output = Command::new("xclip")
        .args(["-o", "-selection", "clipboard"])
        .output()
        .expect("xclip is installed");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What the digit pad should read for `values` (a line of 81): how many of each digit are left.
pub(crate) fn digits_left_in(values: &str) -> Value {
    let left: Vec<String> = (1..=9)
        .map(|d| (9 - values.matches(char::from(b'0' + d)).count()).to_string())
        .collect();
    serde_json::json!(left)
}

/// `nonet-cli history list --json` of a database, newest game first.
pub(crate) fn history_list(db: &Path) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_nonet-cli"))
        .args(["history", "list", "--json", "--db"])
        .arg(db)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice::<Value>(&out.stdout)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

/// Game `id` of the history at `db` with its moves, as `nonet-cli history show --json` gives it
/// (null while the game is not there yet).
pub(crate) fn history_game(db: &Path, id: i64) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_nonet-cli"))
        .args(["history", "show", &id.to_string(), "--json", "--db"])
        .arg(db)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_default()
}

/// The moves of game `id` in the history at `db` (none while the game is not there yet).
pub(crate) fn history_moves(db: &Path, id: i64) -> Vec<Value> {
    history_game(db, id)["moves"].as_array().cloned().unwrap_or_default()
}

/// A history of the test's own: its directory (removed when dropped) and its database's path.
pub(crate) fn own_history() -> (tempfile::TempDir, PathBuf) {
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    (home, db)
}

/// The app on [`PUZZLE`] over an empty history of the test's own ([`own_history`]), once the
/// game is on the board and the history open; with the history's directory and database.
pub(crate) fn launch_with_own_history() -> (App, tempfile::TempDir, PathBuf) {
    let (home, db) = own_history();
    launch_over_history(home, db)
}

/// The app as [`launch_with_own_history`] has it, over [`write_history`]'s 25 games.
pub(crate) fn launch_with_written_history() -> (App, tempfile::TempDir, PathBuf) {
    let (home, db) = own_history();
    write_history(&db);
    launch_over_history(home, db)
}

fn launch_over_history(home: tempfile::TempDir, db: PathBuf) -> (App, tempfile::TempDir, PathBuf) {
    let app = App::launch_with(Some(PUZZLE), &[("NONET_DB", db.as_path())]);
    app.wait_until("the game, the history open", |s| {
        s["history"] == "on" && s["givens"] == PUZZLE
    });
    (app, home, db)
}

/// Polls the history until `test` holds for its list (the recorder commits off the main thread).
pub(crate) fn wait_for_history(db: &Path, what: &str, test: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    let mut last = Vec::new();
    let found = poll(Duration::from_secs(10), Duration::from_millis(200), || {
        let list = history_list(db);
        if test(&list) {
            return Some(list);
        }
        last = list;
        None
    });
    found.unwrap_or_else(|| panic!("{what}: {last:?}"))
}

/// A window manager on the test display while alive (openbox), for what Xvfb alone cannot do.
pub(crate) struct WindowManager(pub(crate) Child);

impl WindowManager {
    pub(crate) fn start() -> WindowManager {
        // Once it manages the display, openbox runs its startup command: the file says so.
        let dir = tempfile::tempdir().unwrap();
        let ready = dir.path().join("ready");
        let child = Command::new("openbox")
            .arg("--startup")
            .arg(format!("touch {}", ready.display()))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("openbox is installed (make setup)");
        poll(Duration::from_secs(10), Duration::from_millis(100), || {
            ready.exists().then_some(())
        })
        .expect("openbox did not start");
        WindowManager(child)
    }
}

impl Drop for WindowManager {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A generated game of [`PUZZLE`] at `level`, started at `started_at` (ms since the epoch).
pub(crate) fn new_game(level: nonet::engine::logic::Level, started_at: i64) -> nonet::store::NewGame {
    let givens = *nonet::engine::format::parse_line(PUZZLE).unwrap().values();
    nonet::store::NewGame {
        puzzle: givens,
        solution: nonet::engine::validate::check_puzzle(&givens).unwrap(),
        level,
        score: None,
        source: nonet::store::Source::Generated,
        seed: None,
        practice: None,
        file: None,
        started_at,
    }
}

/// A history written through the library: solved games at each level, one by the computer, one
/// abandoned, and one with moves to replay.
pub(crate) fn write_history(path: &Path) {
    use nonet::engine::game::{Action, Game, Rules};
    use nonet::engine::logic::Level;
    use nonet::store::{GameStatus, Progress, Store};
    let mut store = Store::open(path).unwrap();
    let givens = *nonet::engine::format::parse_line(PUZZLE).unwrap().values();
    let solution = nonet::engine::validate::check_puzzle(&givens).unwrap();
    let new = |level, i: i64| new_game(level, 1_790_000_000_000 + i * 86_400_000);
    for i in 0..24i64 {
        let level = [Level::Easy, Level::Medium, Level::Hard][i as usize % 3];
        let id = store.start_game(&new(level, i)).unwrap();
        let minutes = [4, 9, 17][i as usize % 3] as u64 + (24 - i as u64) / 3;
        let status = match i {
            7 => GameStatus::Abandoned,
            12 => GameStatus::SolvedByComputer,
            _ => GameStatus::Solved,
        };
        let progress = Progress {
            elapsed_ms: minutes * 60_000 + 17_000,
            mistakes: (i % 3) as u32,
            hints: (i % 2) as u32,
        };
        store.finish_game(id, status, 0, progress).unwrap();
    }
    // The newest: a game with real moves, solved.
    let id = store.start_game(&new(Level::Easy, 30)).unwrap();
    let mut game = Game::new(givens, solution, Rules::default());
    game.apply(Action::Enter { cell: 2, digit: 1 }).unwrap();
    game.apply(Action::FillCandidates).unwrap();
    for cell in (0..81).filter(|&c| givens[c] == 0) {
        game.apply(Action::Enter {
            cell,
            digit: solution[cell],
        })
        .unwrap();
    }
    let moves: Vec<_> = game
        .journal()
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, m)| (i as u64 * 4_000, m))
        .collect();
    let progress = Progress {
        elapsed_ms: 210_000,
        mistakes: 1,
        hints: 0,
    };
    store.record_moves(id, 0, &moves, progress).unwrap();
    store.finish_game(id, GameStatus::Solved, 0, progress).unwrap();
}

pub(crate) fn wait_for_titled(title: &str) -> String {
    poll(Duration::from_secs(20), Duration::from_millis(100), || {
        visible_window(title)
    })
    .unwrap_or_else(|| panic!("no window titled {title} appeared"))
}

/// Waits until no visible window has the title.
pub(crate) fn wait_until_gone(title: &str) {
    assert!(
        closes_within(title, Duration::from_secs(10)),
        "the window titled {title} is still open"
    );
}

/// Whether no visible window has the title within `within`.
pub(crate) fn closes_within(title: &str, within: Duration) -> bool {
    poll(within, Duration::from_millis(100), || {
        visible_window(title).is_none().then_some(())
    })
    .is_some()
}

/// A visible window whose whole title `title` (a regular expression) matches, if one is open.
pub(crate) fn visible_window(title: &str) -> Option<String> {
    visible_windows(title).into_iter().next()
}

/// Every visible window whose whole title `title` (a regular expression) matches. A window
/// closing while xdotool walks the windows makes it fail (BadWindow) with nothing found, which
/// is not "none open": it asks again.
pub(crate) fn visible_windows(title: &str) -> Vec<String> {
    let pattern = format!("^{title}$");
    poll(Duration::from_secs(5), Duration::from_millis(50), || {
        let output = xdotool_output(&["search", "--onlyvisible", "--name", &pattern]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let failed = String::from_utf8_lossy(&output.stderr).contains("X Error");
        (!failed).then(|| stdout.lines().map(String::from).collect())
    })
    .unwrap_or_else(|| panic!("xdotool kept failing to list the windows titled {title}"))
}

/// What [`history_shots`] leaves: the app, its History window, the history's database (in
/// `_home`) and the two shots.
pub(crate) struct HistoryShots {
    pub(crate) app: App,
    pub(crate) window: String,
    pub(crate) db: PathBuf,
    pub(crate) list: PathBuf,
    pub(crate) statistics: PathBuf,
    pub(crate) _home: tempfile::TempDir,
}

/// Clicks the Statistics of the History window's view switcher. Its two buttons share the width
/// of the wider one, centred: the second is under x = 335 in each language.
pub(crate) fn show_statistics(history: &str) {
    xdotool(&["mousemove", "--window", history, "335", "30"]);
    std::thread::sleep(Duration::from_millis(100));
    xdotool(&["click", "1"]);
}

/// The History window over [`write_history`]'s games, speaking `language` (the window titled
/// `title`), in a zone two hours ahead of UTC (so that local times are seen to be local): the
/// games shot as `history{suffix}.png`, then the Statistics page, with the chart of solve times,
/// as `statistics{suffix}.png`.
pub(crate) fn history_shots(language: &str, title: &str, suffix: &str) -> HistoryShots {
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("nonet.db");
    write_history(&db);
    let mut env = vec![("NONET_DB", db.as_path()), ("TZ", Path::new("XYZ-2"))];
    env.extend(speaking(language));
    let app = App::launch_with(None, &env);
    app.action("history", None);
    let window = wait_for_titled(title);
    std::thread::sleep(Duration::from_millis(800));
    let list = screenshot(&window, &format!("history{suffix}.png"));
    show_statistics(&window);
    std::thread::sleep(Duration::from_millis(600));
    let statistics = screenshot(&window, &format!("statistics{suffix}.png"));
    HistoryShots {
        app,
        window,
        db,
        list,
        statistics,
        _home: home,
    }
}

/// Pixels of the accent blue (the player's digits) in a screenshot.
pub(crate) fn accent_pixels(path: &Path) -> usize {
    let [r, g, b] = [0, 1, 2];
    let rows = rgb_rows(path);
    let pixels = rows.iter().flatten().map(|p| p.map(i32::from));
    pixels.filter(|p| p[b] > p[r] + 80 && p[b] > p[g] + 30).count()
}

/// The Lab running its example on [`PUZZLE`] (no saved script: a new data directory, returned
/// with the app), speaking `language`, shot as `shot` once a few of its steps are applied: the
/// help's picture of the Lab. Returns the state then too.
pub(crate) fn lab_running_shot(language: &str, shot: &str) -> (App, Value, tempfile::TempDir) {
    let home = tempfile::tempdir().unwrap();
    let mut env = vec![("XDG_DATA_HOME", home.path())];
    env.extend(speaking(language));
    let app = App::launch_with(Some(PUZZLE), &env);
    app.action("script-run", None);
    let running = app.wait_until("steps applied", |s| {
        s["lab"]["running"] == true
            && s["values"].as_str().unwrap().matches('.').count() < PUZZLE.matches('.').count() - 2
    });
    app.shot(shot);
    (app, running, home)
}

/// Asks the app for its actions (`org.gtk.Actions.List`, answered by its main loop) every 100 ms
/// until told to stop, over one connection, so that only the app's answer is timed (a `gdbus`
/// process each time would add its own start, slow whenever the disk is); the slowest answer.
pub(crate) fn probe_responsiveness(app: &App, stop: &std::sync::atomic::AtomicBool) -> Duration {
    let bus = app.session_bus();
    let mut slowest = Duration::ZERO;
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        let asked = Instant::now();
        call_actions(&bus, "List", None).unwrap_or_else(|e| panic!("the app did not answer: {e}"));
        slowest = slowest.max(asked.elapsed());
        std::thread::sleep(Duration::from_millis(100));
    }
    slowest
}

/// Calls a method of the app's `org.gtk.Actions` over `bus` (within 5 s).
pub(crate) fn call_actions(
    bus: &gtk::gio::DBusConnection,
    method: &str,
    parameters: Option<&Variant>,
) -> Result<Variant, gtk::glib::Error> {
    use gtk::gio;
    bus.call_sync(
        Some("io.github.nonet.Nonet"),
        "/io/github/nonet/Nonet",
        "org.gtk.Actions",
        method,
        parameters,
        None,
        gio::DBusCallFlags::NONE,
        5000,
        gio::Cancellable::NONE,
    )
}

/// Settings kept in a keyfile under a private config directory, with the real schema: what a
/// restart must remember. Returns the directory (keep it alive) and the environment.
/// Launches on a puzzle with these settings (keyfile lines of Nonet's schema), kept in a
/// configuration directory that lives as long as the returned guard.
/// Launches the app on a position file of `tests/data` (values and pencil marks beyond the
/// givens), read as JSON too; returns the app, the file's JSON and the state once the position is
/// on the board.
pub(crate) fn launch_position(name: &str) -> (App, Value, Value) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    let json = std::fs::read_to_string(path).unwrap();
    let read: Value = serde_json::from_str(&json).unwrap();
    let app = App::launch(Some(&json));
    let state = app.wait_until("the position is on the board", |s| s["values"] == read["values"]);
    (app, read, state)
}

pub(crate) fn launch_with_settings(puzzle: &str, settings: &str) -> (App, tempfile::TempDir) {
    launch_configured(puzzle, settings, &[])
}

/// [`launch_with_settings`] with more of the environment (a history database, say).
pub(crate) fn launch_configured(puzzle: &str, settings: &str, more: &[(&str, &Path)]) -> (App, tempfile::TempDir) {
    let (config, env) = persistent_settings();
    let keyfile = config.path().join("glib-2.0/settings");
    std::fs::create_dir_all(&keyfile).unwrap();
    std::fs::write(
        keyfile.join("keyfile"),
        format!("[io/github/nonet/Nonet]\n{settings}\n"),
    )
    .unwrap();
    let mut env: Vec<(&str, &Path)> = env.iter().map(|(k, v)| (*k, v.as_path())).collect();
    env.extend_from_slice(more);
    (App::launch_with(Some(puzzle), &env), config)
}

pub(crate) fn persistent_settings() -> (tempfile::TempDir, Vec<(&'static str, PathBuf)>) {
    let config = tempfile::tempdir().unwrap();
    let schemas = config.path().join("schemas");
    std::fs::create_dir_all(&schemas).unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/data/io.github.nonet.Nonet.gschema.xml"),
        schemas.join("io.github.nonet.Nonet.gschema.xml"),
    )
    .unwrap();
    assert!(Command::new("glib-compile-schemas")
        .arg(&schemas)
        .status()
        .unwrap()
        .success());
    let env = vec![
        ("GSETTINGS_SCHEMA_DIR", schemas),
        ("XDG_CONFIG_HOME", config.path().to_path_buf()),
        ("GSETTINGS_BACKEND", PathBuf::from("keyfile")),
    ];
    (config, env)
}

/// Types text into a window (as keys, one at a time).
pub(crate) fn type_in(window: &str, text: &str) {
    xdotool(&["windowfocus", "--sync", window]);
    xdotool(&["type", "--delay", "30", text]);
}

/// Chooses `path` in GTK's file chooser titled `title`: `field` (Ctrl+L, the location; Ctrl+A,
/// a name to save under) selects where to type it, then Return until the chooser has closed.
/// (Under load the location's completion can take a Return that comes while it is showing;
/// a person would press Return again.)
pub(crate) fn choose_path(title: &str, field: &str, path: &Path) {
    let chooser = wait_for_titled(title);
    press_in(&chooser, &[field]);
    type_in(&chooser, path.to_str().unwrap());
    for _ in 0..3 {
        press_in(&chooser, &["Return"]);
        if closes_within(title, Duration::from_secs(3)) {
            return;
        }
    }
    panic!("the window titled {title} is still open after three Returns");
}
