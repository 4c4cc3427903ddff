//! The main window and its controller: builds the window from `ui/window.ui`, turns clicks, keys
//! and actions into changes of the play state, and redraws. Puzzle generation runs off the main
//! thread; the clock and the solver animation run on glib timeouts.

use std::cell::{Cell as StdCell, RefCell};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use adw::prelude::*;
use gtk::{gdk, gio, glib};

use super::board::{self, Layout};
use super::import::{self, Source};
use super::picker::Picker;
use super::play::{HintProgress, Play, Tick};
use super::recorder::{self, Recorder};
use super::settings::Settings;
use super::timing::Timing;
use super::RESOURCE_PREFIX;
use crate::engine::game::{format_duration, Action, Clock, Game, Outcome, Refusal, Status};
use crate::engine::generator::{self, Options};
use crate::engine::grid::Digit;
use crate::engine::logic::{self, rating, Level};
use crate::engine::validate;
use crate::store::{self, GameStatus, NewGame, Progress, Store};

/// How long the window may be in the background before the clock stops (with the option on).
const AWAY_GRACE: Duration = Duration::from_secs(60);

/// What a click on the board does.
enum Click {
    Select,
    Mark(Digit),
    Picker { marks: bool },
}

pub struct Controller {
    pub window: adw::ApplicationWindow,
    area: gtk::DrawingArea,
    title: adw::WindowTitle,
    mistakes: gtk::Label,
    hints: gtk::Label,
    message: gtk::Label,
    toasts: adw::ToastOverlay,
    play: RefCell<Option<Play>>,
    pub settings: Rc<Settings>,
    level: StdCell<Level>,
    origin: Instant,
    /// Counts requested games, so a late result of an older request is dropped.
    generation: StdCell<u64>,
    /// Set to stop the puzzle search that is running (a new request replaces it).
    cancel_search: RefCell<Arc<AtomicBool>>,
    animation: RefCell<Option<glib::SourceId>>,
    picker: RefCell<Option<Picker>>,
    /// Whether the picker toggles pencil marks rather than entering digits.
    picker_marks: StdCell<bool>,
    /// The timeout that pauses the clock after the window has been away for a while.
    away: RefCell<Option<glib::SourceId>>,
    /// Whether the current pause was made by being away (and ends when the player is back).
    paused_by_away: StdCell<bool>,
    pub timing: RefCell<Timing>,
    /// Saves every move; `None` when history is off.
    recorder: RefCell<Option<Recorder>>,
    /// How many journal entries of the current game have been sent to the recorder.
    saved_moves: StdCell<usize>,
    /// A game started before the history opened, recorded once it does.
    unrecorded: RefCell<Option<NewGame>>,
    /// Whether the end of the current game has been recorded.
    end_saved: StdCell<bool>,
    /// "on", or why history is off (shown once in a toast, and in the state file).
    history: RefCell<String>,
    /// The Scripting Lab, once opened.
    lab: RefCell<Option<Rc<super::lab::Lab>>>,
}

fn object<T: IsA<glib::Object>>(builder: &gtk::Builder, id: &str) -> T {
    builder.object(id).unwrap_or_else(|| panic!("window.ui defines {id}"))
}

impl Controller {
    pub fn build(app: &adw::Application, settings: Rc<Settings>) -> Rc<Controller> {
        let builder = gtk::Builder::from_resource(&format!("{RESOURCE_PREFIX}/ui/window.ui"));
        let window: adw::ApplicationWindow = object(&builder, "window");
        window.set_application(Some(app));
        window.set_default_size(
            settings.int("window-width").max(360),
            settings.int("window-height").max(420),
        );
        if settings.boolean("window-maximized") {
            window.maximize();
        }
        let controller = Rc::new(Controller {
            window,
            area: object(&builder, "board"),
            title: object(&builder, "title"),
            mistakes: object(&builder, "mistakes"),
            hints: object(&builder, "hints"),
            message: object(&builder, "message"),
            toasts: object(&builder, "toasts"),
            play: RefCell::new(None),
            level: StdCell::new(settings.level()),
            settings,
            origin: Instant::now(),
            generation: StdCell::new(0),
            cancel_search: RefCell::new(Arc::new(AtomicBool::new(false))),
            animation: RefCell::new(None),
            picker: RefCell::new(None),
            picker_marks: StdCell::new(false),
            away: RefCell::new(None),
            paused_by_away: StdCell::new(false),
            timing: RefCell::new(Timing::default()),
            recorder: RefCell::new(None),
            saved_moves: StdCell::new(0),
            unrecorded: RefCell::new(None),
            end_saved: StdCell::new(false),
            history: RefCell::new("opening".into()),
            lab: RefCell::new(None),
        });
        controller.connect_board();
        controller.connect_picker();
        controller.connect_settings();
        controller.connect_window_state();
        controller.start_clock();
        controller.open_history();
        controller
    }

    /// Opens the database off the main thread, then resumes the unfinished game or starts a new
    /// one. A damaged database is moved aside (and the player told); one that can't be opened
    /// leaves history off and the game goes on.
    fn open_history(self: &Rc<Self>) {
        let path = recorder::database_path();
        let handle = gio::spawn_blocking(move || {
            let opened = Store::open_or_recover(&path);
            let resume = match &opened {
                Ok((store, _)) => store.unfinished(),
                Err(_) => Ok(None),
            };
            (opened, resume)
        });
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let Ok((opened, resume)) = handle.await else { return };
            let Some(this) = this.upgrade() else { return };
            match opened {
                Ok((store, aside)) => {
                    this.recorder.replace(Some(Recorder::spawn(store)));
                    this.history.replace("on".into());
                    if let Some(aside) = aside {
                        let body = format!(
                            "Nonet's history file could not be read, so a new one was started. The damaged file is kept as {}.",
                            aside.display()
                        );
                        let dialog =
                            adw::MessageDialog::new(Some(&this.window), Some("History Was Damaged"), Some(&body));
                        dialog.add_response("close", "Close");
                        dialog.present();
                    }
                }
                Err(error) => this.history_off(&error.to_string()),
            }
            // A game already on the board (a file given at start, opened while the history was
            // still opening) wins over resuming: it is recorded now, and nothing replaces it.
            if this.play.borrow().is_some() {
                if let (Some(new), Some(recorder)) = (this.unrecorded.take(), this.recorder.borrow().as_ref()) {
                    recorder.start(new);
                    this.saved_moves.set(0);
                }
                if let Some(play) = this.play.borrow().as_ref() {
                    this.save_progress(&play.game, this.now_ms());
                }
                return;
            }
            match resume {
                Ok(Some((record, moves))) => this.resume(record, moves),
                Ok(None) => this.new_game(),
                Err(error) => {
                    this.new_game();
                    this.say(&format!(
                        "The unfinished game could not be read ({error}); here is a new one."
                    ));
                }
            }
        });
    }

    /// Puts a saved unfinished game back on the board exactly as it was.
    fn resume(self: &Rc<Self>, record: store::GameRecord, moves: Vec<store::SavedMove>) {
        let (Some(givens), Some(solution)) = (record.givens(), record.solution_grid()) else {
            return self.new_game();
        };
        let entries: Vec<_> = moves.into_iter().map(|m| m.entry).collect();
        match Game::replay(givens, solution, self.settings.rules(), &entries) {
            Ok(mut game) => {
                game.clock = Clock::with_elapsed(record.elapsed_ms);
                game.clock.start(self.now_ms());
                self.stop_animation();
                self.play
                    .replace(Some(Play::new(game, record.level, self.settings.prefs())));
                self.saved_moves.set(entries.len());
                self.end_saved.set(false);
                if let Some(recorder) = self.recorder.borrow().as_ref() {
                    recorder.resume(record.id);
                }
                self.say(&format!(
                    "Welcome back: your {} game is as you left it.",
                    record.level.name().to_lowercase()
                ));
                self.refresh();
            }
            Err(error) => {
                self.new_game();
                self.say(&format!(
                    "The unfinished game could not be restored ({error}); here is a new one."
                ));
            }
        }
    }

    /// Applies changed settings to the game on the board and to the look.
    fn connect_settings(self: &Rc<Self>) {
        adw::StyleManager::default().set_color_scheme(self.settings.color_scheme());
        let this = Rc::downgrade(self);
        self.settings.connect_changed(move |key| {
            let Some(this) = this.upgrade() else { return };
            match key {
                "color-scheme" => adw::StyleManager::default().set_color_scheme(this.settings.color_scheme()),
                "pause-when-away" => this.away_changed(),
                _ => {}
            }
            let (prefs, rules) = (this.settings.prefs(), this.settings.rules());
            this.with_play(|play| {
                play.prefs = prefs;
                play.game.rules = rules;
            });
            this.refresh();
        });
    }

    /// Remembers the window size, and stops the clock when the window is away for a while.
    fn connect_window_state(self: &Rc<Self>) {
        let settings = self.settings.clone();
        let this = Rc::downgrade(self);
        self.window.connect_close_request(move |window| {
            if let Some(this) = this.upgrade() {
                let now = this.now_ms();
                let elapsed = this.with_play(|play| play.game.clock.elapsed_ms(now));
                if let Some(recorder) = this.recorder.take() {
                    if let Some(elapsed) = elapsed {
                        recorder.elapsed(elapsed);
                    }
                    recorder.close();
                }
            }
            let (width, height) = window.default_size();
            settings.set_boolean("window-maximized", window.is_maximized());
            if !window.is_maximized() {
                settings.set_int("window-width", width);
                settings.set_int("window-height", height);
            }
            glib::Propagation::Proceed
        });
        let this = Rc::downgrade(self);
        self.window.connect_is_active_notify(move |_| {
            if let Some(this) = this.upgrade() {
                this.away_changed();
            }
        });
    }

    /// Called when the window gains or loses the focus (or the option changes).
    fn away_changed(self: &Rc<Self>) {
        if let Some(source) = self.away.take() {
            source.remove();
        }
        if self.window.is_active() {
            if self.paused_by_away.replace(false) {
                self.set_paused(false);
                self.say("Welcome back. The clock runs again.");
            }
            return;
        }
        if !self.settings.boolean("pause-when-away") {
            return;
        }
        let this = Rc::downgrade(self);
        let source = glib::timeout_add_local_once(AWAY_GRACE, move || {
            let Some(this) = this.upgrade() else { return };
            this.away.replace(None);
            let playing = this
                .with_play(|p| !p.paused && p.game.status() == Status::Playing)
                .unwrap_or(false);
            if playing && !this.window.is_active() {
                this.paused_by_away.set(true);
                this.set_paused(true);
                this.say("The clock stopped while you were away.");
            }
        });
        self.away.replace(Some(source));
    }

    fn now_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }

    pub fn level(&self) -> Level {
        self.level.get()
    }

    pub fn set_level(self: &Rc<Self>, level: Level) {
        self.level.set(level);
        self.settings.set_string("difficulty", level.id());
        self.new_game();
    }

    /// Starts a new puzzle at the chosen level, generated off the main thread.
    pub fn new_game(self: &Rc<Self>) {
        self.stop_animation();
        let level = self.level.get();
        self.say("Generating a puzzle…");
        let seed = generator::random_seed();
        // A new request stops the search before it (a Master search can take a while).
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel_search
            .replace(cancel.clone())
            .store(true, Ordering::Relaxed);
        let tried = Arc::new(AtomicU64::new(0));
        let counter = tried.clone();
        let work = move || {
            let options = Options {
                seed,
                difficulty: Some(level),
                ..Options::default()
            };
            let result =
                generator::generate_cancellable(options, &cancel, &mut |n| counter.store(n, Ordering::Relaxed));
            counter.store(u64::MAX, Ordering::Relaxed);
            result
        };
        let request = self.generation.get() + 1;
        let this = Rc::downgrade(self);
        glib::timeout_add_local(Duration::from_millis(250), move || {
            let Some(this) = this.upgrade() else {
                return glib::ControlFlow::Break;
            };
            if this.generation.get() != request {
                return glib::ControlFlow::Break;
            }
            let n = tried.load(Ordering::Relaxed);
            if n == u64::MAX {
                return glib::ControlFlow::Break;
            }
            if n > 0 {
                this.say(&format!(
                    "Generating a {} puzzle… {} candidates tried",
                    level.name().to_lowercase(),
                    n
                ));
            }
            glib::ControlFlow::Continue
        });
        self.off_main(work, move |this, result| match result {
            Some(Ok(generated)) => {
                let new = NewGame {
                    puzzle: generated.puzzle,
                    solution: generated.solution,
                    level,
                    score: generated.rating.as_ref().map(|r| r.score),
                    source: store::Source::Generated,
                    seed: Some(generated.seed),
                    started_at: store::now_unix_ms(),
                };
                this.start(new, level);
                this.say(&format!("A new {} puzzle. Good luck!", level.name().to_lowercase()));
            }
            Some(Err(generator::GenerateError::Cancelled)) => {}
            None => this.say("Generating the puzzle failed."),
        });
    }

    /// Runs `work` off the main thread for the next game, then `done` with its result (`None` if
    /// the work panicked) and a refresh — unless another game was asked for in the meantime.
    fn off_main<T: Send + 'static>(
        self: &Rc<Self>,
        work: impl FnOnce() -> T + Send + 'static,
        done: impl FnOnce(&Rc<Self>, Option<T>) + 'static,
    ) {
        let request = self.generation.get() + 1;
        self.generation.set(request);
        let handle = gio::spawn_blocking(work);
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let result = handle.await.ok();
            let Some(this) = this.upgrade() else { return };
            if this.generation.get() == request {
                done(&this, result);
                this.refresh();
            }
        });
    }

    /// Puts a new game on the board.
    fn start(&self, new: NewGame, level: Level) {
        self.stop_animation();
        let mut game = Game::new(new.puzzle, new.solution, self.settings.rules());
        game.clock.start(self.now_ms());
        self.saved_moves.set(0);
        self.end_saved.set(false);
        match self.recorder.borrow().as_ref() {
            Some(recorder) => {
                self.unrecorded.replace(None);
                recorder.start(new);
            }
            None => {
                self.unrecorded.replace(Some(new));
            }
        }
        self.paused_by_away.set(false);
        self.play.replace(Some(Play::new(game, level, self.settings.prefs())));
        for name in ["show-solution", "pause"] {
            self.set_action_state(name, false);
        }
    }

    /// Starts a game on a puzzle given as text (typed, pasted or read from a file), checked off
    /// the main thread; a puzzle that can't be played is refused with a dialog and the current
    /// game goes on.
    pub fn play_text(self: &Rc<Self>, text: String, source: Source) {
        self.say("Checking the puzzle…");
        let work = move || {
            let checked = validate::playable_from_text(&text).map(|playable| {
                let rating = rating::rate(&playable.givens);
                (playable, rating.level, rating.score)
            });
            (checked, text)
        };
        self.off_main(work, move |this, result| match result {
            Some((Ok((playable, level, score)), _)) => {
                let new = NewGame {
                    puzzle: playable.givens,
                    solution: playable.solution,
                    level,
                    score: Some(score),
                    source: source.stored(),
                    seed: None,
                    started_at: store::now_unix_ms(),
                };
                this.start(new, level);
                let more = match playable.puzzles_in_text {
                    1 => String::new(),
                    n => format!(" (the first of {n})"),
                };
                this.say(&format!(
                    "{}{more} rates {}. Good luck!",
                    source.describe(),
                    level.name()
                ));
            }
            Some((Err(error), text)) => this.refuse(source, &error.to_string(), text),
            None => this.refuse(source, "checking it failed", String::new()),
        });
    }

    /// Says why a puzzle can't be played; a typed puzzle comes back for correcting.
    fn refuse(self: &Rc<Self>, source: Source, problem: &str, text: String) {
        self.say(&match &source {
            Source::Opened(name) => {
                let shown: String = name.chars().flat_map(char::escape_debug).collect();
                format!("Puzzle not loaded from {shown}: {problem}.")
            }
            _ => format!("Puzzle not loaded: {problem}."),
        });
        let this = Rc::downgrade(self);
        let retype = source == Source::Typed;
        import::refuse(&self.window, &source, problem, move || {
            if let (true, Some(this)) = (retype, this.upgrade()) {
                this.enter_puzzle(&text);
            }
        });
    }

    /// Asks the player to type (or paste) a puzzle.
    pub fn enter_puzzle(self: &Rc<Self>, initial: &str) {
        let this = Rc::downgrade(self);
        import::ask_for_puzzle(&self.window, initial, move |text| {
            if let Some(this) = this.upgrade() {
                this.play_text(text, Source::Typed);
            }
        });
    }

    /// Lets the player choose a puzzle file.
    pub fn open(self: &Rc<Self>) {
        let this = Rc::downgrade(self);
        import::choose_file(&self.window, move |file| {
            if let Some(this) = this.upgrade() {
                this.open_file(file);
            }
        });
    }

    /// Plays the first puzzle in a file.
    pub fn open_file(self: &Rc<Self>, file: gio::File) {
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let name = import::file_name(&file);
            let text = import::read_file(file).await;
            let Some(this) = this.upgrade() else { return };
            match text {
                Ok(text) => this.play_text(text, Source::Opened(name)),
                Err(problem) => this.refuse(Source::Opened(name), &problem, String::new()),
            }
        });
    }

    /// Plays the puzzle on the clipboard.
    pub fn paste(self: &Rc<Self>) {
        let clipboard = self.window.clipboard();
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let text = clipboard.read_text_future().await;
            let Some(this) = this.upgrade() else { return };
            match text {
                Ok(Some(text)) => this.play_text(text.to_string(), Source::Pasted),
                _ => this.refuse(Source::Pasted, "the clipboard holds no text", String::new()),
            }
        });
    }

    /// Starts a fresh game on the puzzle of a past one (from the History window).
    pub fn play_again(self: &Rc<Self>, record: &store::GameRecord) {
        let (Some(puzzle), Some(solution)) = (record.givens(), record.solution_grid()) else {
            return;
        };
        self.generation.set(self.generation.get() + 1); // a generation under way is dropped
        let new = NewGame {
            puzzle,
            solution,
            level: record.level,
            score: record.score,
            source: record.source,
            seed: record.seed,
            started_at: store::now_unix_ms(),
        };
        self.start(new, record.level);
        self.say(&format!(
            "The {} puzzle from {}, once more.",
            record.level.name().to_lowercase(),
            store::format_time(record.started_at)
        ));
        self.refresh();
    }

    /// The Scripting Lab (built on first use) shown.
    pub fn lab(self: &Rc<Self>) -> Rc<super::lab::Lab> {
        let lab = self
            .lab
            .borrow_mut()
            .get_or_insert_with(|| super::lab::Lab::new(self))
            .clone();
        lab.window.present();
        lab
    }

    /// The position a script sees, with the solution to check its steps; `None` when the game
    /// does not take steps (finished, paused, solution shown, Solve running).
    pub fn script_grid(&self) -> Option<(crate::script::Grid, [Digit; 81])> {
        let play = self.play.borrow();
        let play = play.as_ref()?;
        let game = &play.game;
        if game.status() != Status::Playing || play.paused || play.solution_shown() || play.animation.is_some() {
            return None;
        }
        let board = crate::engine::logic::Board::from_position(&game.position());
        let given = std::array::from_fn(|c| game.is_given(c));
        Some((crate::script::Grid::new(board, given), *game.solution()))
    }

    /// Before a script runs: pencil marks filled in (one undoable step) when there are none, so
    /// its eliminations show.
    pub fn prepare_for_script(&self) {
        let empty = self
            .with_play(|play| (0..81).all(|c| play.game.marks(c).is_empty()))
            .unwrap_or(false);
        if empty {
            let _ = self.with_play(|play| play.act(Action::FillCandidates));
        }
        self.refresh();
    }

    /// Shows (or clears) a script's step on the board.
    pub fn show_script_step(&self, view: Option<super::play::ScriptView>) {
        self.with_play(|play| play.script_step = view);
        self.area.queue_draw();
    }

    /// Applies a checked script step to the game (one undoable move).
    pub fn apply_script_step(
        self: &Rc<Self>,
        placements: Vec<(usize, Digit)>,
        eliminations: Vec<(usize, Digit)>,
    ) -> Result<(), Refusal> {
        let result = self.with_play(|play| {
            play.script_step = None;
            play.act(Action::ApplyScriptStep {
                placements,
                eliminations,
            })
        });
        let result = result.unwrap_or(Err(Refusal::Finished));
        self.report(result);
        result.map(|_| ())
    }

    /// Opens the History window.
    pub fn show_history(self: &Rc<Self>) {
        super::history::show(self, recorder::database_path());
    }

    /// Clears everything the player entered (undoable).
    pub fn reset(self: &Rc<Self>) {
        let result = self.with_play(|play| play.act(Action::Reset));
        if let Some(result) = result {
            if result.map(|o| o.changed).unwrap_or(false) {
                self.say("The board is back to the givens (Undo brings your work back).");
            }
            self.report(result);
        }
    }

    fn with_play<R>(&self, f: impl FnOnce(&mut Play) -> R) -> Option<R> {
        self.play.borrow_mut().as_mut().map(f)
    }

    fn say(&self, text: &str) {
        self.message.set_label(text);
    }

    /// Redraws the board and updates the counters (and the state file for tests).
    pub fn refresh(&self) {
        self.area.queue_draw();
        let now = self.now_ms();
        let play = self.play.borrow();
        let Some(play) = play.as_ref() else { return };
        let game = &play.game;
        self.mistakes.set_label(&game.mistakes().to_string());
        self.hints.set_label(&match game.hints_left() {
            Some(left) => format!("{}/{}", game.hints_used(), game.hints_used() + left),
            None => game.hints_used().to_string(),
        });
        let clock = if play.paused {
            "Paused".to_string()
        } else {
            format_duration(game.clock.elapsed_ms(now))
        };
        self.title.set_subtitle(&format!("{} · {}", play.level.name(), clock));
        if let Some(path) = std::env::var_os("NONET_STATE_FILE") {
            let line = |values: &[u8; 81]| {
                values
                    .iter()
                    .map(|d| if *d == 0 { '.' } else { (b'0' + d) as char })
                    .collect::<String>()
            };
            let state = serde_json::json!({
                "givens": line(game.givens()),
                "values": line(game.values()),
                "shown": line(&play.shown_values()),
                "marks": (0..81).map(|c| game.marks(c).to_string()).collect::<Vec<_>>(),
                "selected": play.selected,
                "pencil": play.pencil,
                "mistakes": game.mistakes(),
                "hints_used": game.hints_used(),
                "hint_stage": play.hint.as_ref().map(|h| h.stage),
                "solution_shown": play.solution_shown(),
                "animating": play.animation.is_some(),
                "paused": play.paused,
                "elapsed_ms": game.clock.elapsed_ms(now),
                "status": format!("{:?}", game.status()),
                "level": play.level.id(),
                "message": self.message.label().to_string(),
                "can_undo": game.can_undo(),
                "can_redo": game.can_redo(),
                "timing": self.timing.borrow().to_json(),
                "board": self.board_on_surface(),
                "history": self.history.borrow().clone(),
                "lab": self.lab.borrow().as_ref().map(|lab| serde_json::json!({
                    "running": lab.is_running(),
                    "last": lab.last_output.borrow().clone(),
                })),
            });
            // Written aside and renamed, so a reader never sees half a file.
            let mut partial = path.clone();
            partial.push(".partial");
            if std::fs::write(&partial, state.to_string()).is_ok() {
                let _ = std::fs::rename(&partial, &path);
            }
        }
        self.save_progress(game, now);
    }

    /// Tells the player, once, that games are not being saved; play goes on.
    fn history_off(&self, reason: &str) {
        tracing::warn!("history is off: {reason}");
        self.history.replace(format!("off: {reason}"));
        let toast = adw::Toast::builder()
            .title("History is off: games won't be saved")
            .button_label("Why?")
            .timeout(10)
            .build();
        let (window, reason) = (self.window.downgrade(), reason.to_string());
        toast.connect_button_clicked(move |_| {
            let body = format!("{reason}.\n\nYou can play on; this game and its moves are not being saved.");
            let dialog = adw::MessageDialog::new(window.upgrade().as_ref(), Some("History Is Off"), Some(&body));
            dialog.add_response("close", "Close");
            dialog.present();
        });
        self.toasts.add_toast(toast);
    }

    /// Sends the moves not yet saved, and the end of the game once, to the recorder.
    fn save_progress(&self, game: &Game, now: u64) {
        let recorder = self.recorder.borrow();
        let Some(recorder) = recorder.as_ref() else { return };
        let progress = Progress {
            elapsed_ms: game.clock.elapsed_ms(now),
            mistakes: game.mistakes(),
            hints: game.hints_used(),
        };
        let journal = game.journal();
        let saved = self.saved_moves.get().min(journal.len());
        if journal.len() > saved {
            let moves = journal[saved..]
                .iter()
                .map(|m| (progress.elapsed_ms, m.clone()))
                .collect();
            recorder.moves(saved as u32, moves, progress);
            self.saved_moves.set(journal.len());
        }
        if game.status() != Status::Playing && !self.end_saved.replace(true) {
            let status = match game.status() {
                Status::SolvedByComputer => GameStatus::SolvedByComputer,
                _ => GameStatus::Solved,
            };
            recorder.finish(status, progress);
        }
        if let Some(failure) = recorder.take_failure() {
            self.history_off(&failure);
        }
    }

    /// The board's left, top and cell size in the window surface's pixels (for GUI tests).
    #[allow(deprecated)] // translate_coordinates is the GTK 4.8 way.
    fn board_on_surface(&self) -> Option<[f64; 3]> {
        let layout = Layout::fit(self.area.width() as f64, self.area.height() as f64);
        let (x, y) = self.area.translate_coordinates(&self.window, layout.left, layout.top)?;
        let (dx, dy) = self.window.surface_transform();
        Some([x + dx, y + dy, layout.cell])
    }

    /// Reports what an action did: a mistake, a refusal, or the end of the game.
    fn report(self: &Rc<Self>, result: Result<Outcome, Refusal>) {
        match result {
            Ok(outcome) if outcome.solved => self.finished(),
            Ok(outcome) if outcome.mistake => self.say("That digit is not right."),
            Ok(_) => {}
            Err(Refusal::GivenCell) => self.say("Givens can't be changed."),
            Err(Refusal::SolutionShown) => self.say("Hide the solution (or stop the solver) to play on."),
            Err(Refusal::Paused) => self.say("The game is paused."),
            Err(Refusal::Finished) => self.say("This game is over. Start a new puzzle from the menu."),
            Err(Refusal::OutOfRange) => {}
        }
        self.refresh();
    }

    fn finished(self: &Rc<Self>) {
        let now = self.now_ms();
        let summary = self.with_play(|play| {
            play.game.clock.stop(now);
            let game = &play.game;
            let plural = |n: u32, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
            format!(
                "Solved in {} with {} and {}.",
                format_duration(game.clock.elapsed_ms(now)),
                plural(game.mistakes(), "mistake"),
                plural(game.hints_used(), "hint")
            )
        });
        let Some(summary) = summary else { return };
        self.say(&summary);
        let dialog = adw::MessageDialog::new(Some(&self.window), Some("Well done!"), Some(&summary));
        dialog.add_response("close", "Close");
        dialog.add_response("new", "New Puzzle");
        dialog.set_response_appearance("new", adw::ResponseAppearance::Suggested);
        dialog.set_default_response(Some("new"));
        let this = Rc::downgrade(self);
        dialog.connect_response(None, move |_, response| {
            if let (Some(this), "new") = (this.upgrade(), response) {
                this.new_game();
            }
        });
        dialog.present();
    }

    pub fn hint(self: &Rc<Self>) {
        match self.with_play(|play| play.advance_hint()) {
            Some(HintProgress::Said(message)) => self.say(&message),
            Some(HintProgress::Find(request)) => {
                let (position, solution) = *request;
                // Hard positions can take a moment (forcing nets): find it off the main thread.
                self.say("Looking for a hint…");
                let asked = position.clone();
                let handle = gio::spawn_blocking(move || logic::hint::hint_with_solution(&position, &solution));
                let this = Rc::downgrade(self);
                glib::spawn_future_local(async move {
                    let Ok(hint) = handle.await else { return };
                    let Some(this) = this.upgrade() else { return };
                    let message = this.with_play(|play| {
                        if play.game.position() == asked && play.hint.is_none() {
                            play.receive_hint(hint)
                        } else {
                            "The grid changed while the hint was found; ask again.".to_string()
                        }
                    });
                    if let Some(message) = message {
                        this.say(&message);
                    }
                    this.refresh();
                });
            }
            None => {}
        }
        let solved = self
            .with_play(|play| play.game.status() == Status::Solved)
            .unwrap_or(false);
        self.refresh();
        if solved {
            self.finished();
        }
    }

    pub fn undo(self: &Rc<Self>) {
        self.with_play(|play| {
            play.hint = None;
            play.game.undo()
        });
        self.refresh();
    }

    pub fn redo(self: &Rc<Self>) {
        self.with_play(|play| {
            play.hint = None;
            play.game.redo()
        });
        self.refresh();
    }

    pub fn fill_candidates(self: &Rc<Self>) {
        let result = self.with_play(|play| play.act(crate::engine::game::Action::FillCandidates));
        if let Some(result) = result {
            self.report(result);
        }
    }

    pub fn toggle_pencil(&self) -> bool {
        let on = self.with_play(|play| {
            play.pencil = !play.pencil;
            play.pencil
        });
        self.say(if on == Some(true) {
            "Pencil mode: digits toggle pencil marks."
        } else {
            "Pencil mode off."
        });
        self.refresh();
        on.unwrap_or(false)
    }

    pub fn set_solution_shown(&self, shown: bool) {
        self.with_play(|play| {
            play.hint = None;
            play.game.set_solution_shown(shown)
        });
        self.say(if shown {
            "The solution is shown; hide it to play on."
        } else {
            ""
        });
        self.refresh();
    }

    pub fn set_paused(&self, paused: bool) {
        let now = self.now_ms();
        let paused = self.with_play(|play| {
            play.game.set_paused(paused, now);
            play.paused = play.game.is_paused();
            play.paused
        });
        if !paused.unwrap_or(false) {
            self.paused_by_away.set(false);
        }
        self.set_action_state("pause", paused.unwrap_or(false));
        self.refresh();
    }

    /// Keeps a toggle action's check mark in step with the game.
    fn set_action_state(&self, name: &str, on: bool) {
        let action = self.window.application().and_then(|app| app.lookup_action(name));
        if let Some(action) = action.and_downcast::<gio::SimpleAction>() {
            action.set_state(&on.to_variant());
        }
    }

    /// Animates a backtracking search to the solution; Esc stops it.
    pub fn solve(self: &Rc<Self>) {
        self.stop_animation();
        let started = self.with_play(|play| {
            if play.game.status() != Status::Playing {
                return false;
            }
            play.start_animation();
            true
        });
        if started != Some(true) {
            return;
        }
        self.say("Solving by trial and error… (Esc stops)");
        // Up to 60 frames a second; at higher speeds several steps go into one frame.
        let speed = self.settings.prefs().steps_per_second.max(1);
        let frames = speed.min(60);
        let per_frame = speed.div_ceil(frames);
        let this = Rc::downgrade(self);
        let source = glib::timeout_add_local(Duration::from_millis(1000 / frames as u64), move || {
            let Some(this) = this.upgrade() else {
                return glib::ControlFlow::Break;
            };
            let now = this.now_ms();
            let began = Instant::now();
            let tick = this.with_play(|play| play.tick(per_frame, now)).unwrap_or(Tick::Failed);
            this.timing.borrow_mut().ticked(began.elapsed());
            match tick {
                Tick::Running => {
                    this.area.queue_draw();
                    glib::ControlFlow::Continue
                }
                Tick::Solved => {
                    this.animation.replace(None);
                    this.say("Solved by the computer.");
                    this.refresh();
                    glib::ControlFlow::Break
                }
                Tick::Failed => {
                    this.animation.replace(None);
                    this.say("The search found no solution.");
                    this.refresh();
                    glib::ControlFlow::Break
                }
            }
        });
        self.animation.replace(Some(source));
        self.refresh();
    }

    pub fn stop_animation(&self) {
        if let Some(source) = self.animation.take() {
            source.remove();
            self.with_play(|play| play.stop_animation());
            self.say("Solver stopped.");
            self.refresh();
        }
    }

    fn start_clock(self: &Rc<Self>) {
        let this = Rc::downgrade(self);
        glib::timeout_add_seconds_local(1, move || match this.upgrade() {
            Some(this) => {
                this.refresh();
                glib::ControlFlow::Continue
            }
            None => glib::ControlFlow::Break,
        });
    }

    fn connect_board(self: &Rc<Self>) {
        let this = Rc::downgrade(self);
        self.area.set_draw_func(move |_, cr, width, height| {
            let Some(this) = this.upgrade() else { return };
            let layout = Layout::fit(width as f64, height as f64);
            let palette = board::palette(&this.area);
            let began = Instant::now();
            let play = this.play.borrow();
            // A cairo error leaves the frame unfinished; nothing better can be done mid-draw.
            let _ = match play.as_ref() {
                Some(play) => board::draw(cr, layout, play, &palette),
                None => board::draw_empty(cr, layout, &palette),
            };
            this.timing.borrow_mut().drew(began.elapsed());
        });

        let click = gtk::GestureClick::builder().button(0).build();
        let this = Rc::downgrade(self);
        click.connect_pressed(move |gesture, _, x, y| {
            let Some(this) = this.upgrade() else { return };
            this.area.grab_focus();
            let layout = Layout::fit(this.area.width() as f64, this.area.height() as f64);
            let Some(cell) = layout.cell_at(x, y) else { return };
            let button = gesture.current_button();
            let choice = this.with_play(|play| {
                let again = play.selected == Some(cell);
                play.selected = Some(cell);
                let open =
                    !play.game.is_given(cell) && play.animation.is_none() && !play.solution_shown() && !play.paused;
                if !open || play.game.status() != Status::Playing {
                    return Click::Select;
                }
                if button == gdk::BUTTON_SECONDARY {
                    return Click::Picker { marks: true };
                }
                // In pencil mode a click on an empty selected cell toggles the mark under it.
                if play.pencil && play.game.value(cell) == 0 {
                    return match (again, layout.candidate_at(x, y)) {
                        (true, Some(digit)) => Click::Mark(digit),
                        _ => Click::Select,
                    };
                }
                Click::Picker { marks: false }
            });
            match choice {
                Some(Click::Mark(digit)) => {
                    let result = this.with_play(|play| play.press_digit(digit, true));
                    if let Some(result) = result {
                        this.report(result);
                    }
                }
                Some(Click::Picker { marks }) => {
                    let (left, top) = layout.origin(cell);
                    let rect = gdk::Rectangle::new(left as i32, top as i32, layout.cell as i32, layout.cell as i32);
                    this.picker_marks.set(marks);
                    if let Some(picker) = this.picker.borrow().as_ref() {
                        picker.show_at(rect, marks);
                    }
                }
                _ => {}
            }
            this.refresh();
        });
        self.area.add_controller(click);

        let keys = gtk::EventControllerKey::new();
        let this = Rc::downgrade(self);
        keys.connect_key_pressed(move |_, key, _, state| match this.upgrade() {
            Some(this) if this.key(key, state) => glib::Propagation::Stop,
            _ => glib::Propagation::Proceed,
        });
        self.window.add_controller(keys);

        let style = adw::StyleManager::default();
        let area = self.area.downgrade();
        style.connect_dark_notify(move |_| {
            if let Some(area) = area.upgrade() {
                area.queue_draw();
            }
        });
    }

    /// The number picker enters digits into (or toggles marks of) the selected cell.
    fn connect_picker(self: &Rc<Self>) {
        let this = Rc::downgrade(self);
        let picker = Picker::new(
            &self.area,
            Rc::new(move |digit| {
                let Some(this) = this.upgrade() else { return };
                let marks = this.picker_marks.get();
                let result = this.with_play(|play| match digit {
                    0 => play.clear_selected(),
                    digit => play.press_digit(digit, marks),
                });
                if let Some(result) = result {
                    this.report(result);
                }
            }),
        );
        self.picker.replace(Some(picker));
    }

    /// Handles a key press; returns whether it was used.
    fn key(self: &Rc<Self>, key: gdk::Key, state: gdk::ModifierType) -> bool {
        let control = state.contains(gdk::ModifierType::CONTROL_MASK);
        let digit = match key {
            gdk::Key::KP_1 | gdk::Key::KP_End => Some(1),
            gdk::Key::KP_2 | gdk::Key::KP_Down => Some(2),
            gdk::Key::KP_3 | gdk::Key::KP_Page_Down => Some(3),
            gdk::Key::KP_4 | gdk::Key::KP_Left => Some(4),
            gdk::Key::KP_5 | gdk::Key::KP_Begin => Some(5),
            gdk::Key::KP_6 | gdk::Key::KP_Right => Some(6),
            gdk::Key::KP_7 | gdk::Key::KP_Home => Some(7),
            gdk::Key::KP_8 | gdk::Key::KP_Up => Some(8),
            gdk::Key::KP_9 | gdk::Key::KP_Page_Up => Some(9),
            _ => key
                .to_unicode()
                .and_then(|c| c.to_digit(10))
                .filter(|&d| d >= 1)
                .map(|d| d as u8),
        };
        if let Some(digit) = digit {
            let result = self.with_play(|play| play.press_digit(digit, control));
            if let Some(result) = result {
                self.report(result);
            }
            return true;
        }
        if control {
            return false; // Ctrl+Z and friends are application accelerators.
        }
        let moved = |rows: i32, cols: i32| {
            self.with_play(|play| play.move_selection(rows, cols));
            self.refresh();
            true
        };
        match key {
            gdk::Key::Up | gdk::Key::w | gdk::Key::W => moved(-1, 0),
            gdk::Key::Down | gdk::Key::s | gdk::Key::S => moved(1, 0),
            gdk::Key::Left | gdk::Key::a | gdk::Key::A => moved(0, -1),
            gdk::Key::Right | gdk::Key::d | gdk::Key::D => moved(0, 1),
            gdk::Key::Tab | gdk::Key::ISO_Left_Tab => {
                let forward = key == gdk::Key::Tab && !state.contains(gdk::ModifierType::SHIFT_MASK);
                self.with_play(|play| play.step_selection(forward));
                self.refresh();
                true
            }
            gdk::Key::Delete | gdk::Key::BackSpace | gdk::Key::_0 | gdk::Key::KP_0 | gdk::Key::KP_Delete => {
                let result = self.with_play(|play| play.clear_selected());
                if let Some(result) = result {
                    self.report(result);
                }
                true
            }
            gdk::Key::p | gdk::Key::P => {
                self.toggle_pencil();
                true
            }
            gdk::Key::Escape => {
                self.stop_animation();
                self.with_play(|play| play.hint = None);
                self.refresh();
                true
            }
            _ => false,
        }
    }
}
