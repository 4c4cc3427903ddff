//! Bringing an outside puzzle into the game: the "Enter Your Own Puzzle" dialog, Open… (a file
//! chooser; a file of several puzzles remembered with its place, see `puzzle_file.rs`), and the message
//! shown when a puzzle can't be played. The text is read and checked by the engine
//! (`validate::playable_at`) off the main thread by the window.

use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use adw::prelude::*;
use gtk::{gdk, gio, glib};

use super::controller::Unrecorded;
use super::file_choosers::{file_chooser, show_chooser};
use super::settings::PuzzleFile;
use crate::engine::game::{Action, Status};
use crate::engine::grid::{cell_name, Digit, CELLS};
use crate::engine::logic::{rating, Level};
use crate::engine::validate;
use crate::i18n::{fill, gettext, ngettext, number};
use crate::store::{self, NewGame};

/// Where a puzzle came from, for messages (and later for the game's record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Typed,
    /// Entered on the board.
    Placed,
    Pasted,
    /// Text dropped on the window.
    Dropped,
    Opened(String),
    /// One of a file's several puzzles: its number (from 1) and how many the file holds.
    InFile {
        name: String,
        number: usize,
        count: usize,
    },
}

impl Source {
    /// How the history records it.
    pub fn stored(&self) -> crate::store::Source {
        match self {
            Source::Typed | Source::Placed => crate::store::Source::Typed,
            Source::Pasted | Source::Dropped => crate::store::Source::Pasted,
            Source::Opened(_) | Source::InFile { .. } => crate::store::Source::Opened,
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Source::Typed | Source::Placed => gettext("The puzzle you entered"),
            Source::Pasted => gettext("The pasted puzzle"),
            Source::Dropped => gettext("The dropped puzzle"),
            Source::Opened(name) => fill(&gettext("The puzzle in {file}"), &[("file", name)]),
            Source::InFile {
                name,
                number: at,
                count,
            } => fill(
                &gettext("Puzzle {number} of {count} in {file}"),
                &[
                    ("number", &number(*at as u64)),
                    ("count", &number(*count as u64)),
                    ("file", name),
                ],
            ),
        }
    }

    /// The file the puzzle came from, for the history.
    fn file_place(&self) -> Option<store::FilePlace> {
        match self {
            Source::Opened(name) => Some(store::FilePlace {
                name: name.clone(),
                number: None,
            }),
            Source::InFile { name, number, .. } => Some(store::FilePlace {
                name: name.clone(),
                number: u32::try_from(*number).ok(),
            }),
            _ => None,
        }
    }

    /// A file's puzzle named by its place, where the file holds several.
    fn at(self, index: usize, count: usize) -> Source {
        match self {
            Source::Opened(name) if count > 1 && index < count => Source::InFile {
                name,
                number: index + 1,
                count,
            },
            other => other,
        }
    }
}

/// A puzzle checked off the main thread: what it is, its rating up to Expert, whether it is its
/// givens alone, and the history's game of it waiting to go on, if any; or why it can't be played.
type Checked = Result<(validate::Playable, rating::Rating, bool, Option<Waiting>), validate::ImportError>;

/// A game of the history on a puzzle opened again, its givens alone: it goes on rather than a
/// copy of it from the start.
enum Waiting {
    /// The latest paused game on it (by id), resumed.
    Paused(i64),
    /// The unfinished game, when the puzzle came before it went back on the board (a file given
    /// at start): it goes back on the board as it would have.
    Unfinished(Box<(store::GameRecord, Vec<store::SavedMove>)>),
}

/// Why a text can't be played, told to a player rather than a developer: "it has 'H' where only
/// digits belong" instead of "puzzle 1: line 1, column 1: unexpected character 'H'".
pub fn for_players(error: &validate::ImportError) -> String {
    use crate::engine::format::ParseErrorKind as Kind;
    match error {
        validate::ImportError::Empty => gettext("there is no puzzle in it"),
        validate::ImportError::Beyond { number: at, count } => fill(
            &ngettext(
                "it holds {count} puzzle, so there is no puzzle {number}",
                "it holds {count} puzzles, so there is no puzzle {number}",
                (*count).min(1_000_000) as u32,
            ),
            &[("count", &number(*count as u64)), ("number", &number(*at as u64))],
        ),
        validate::ImportError::Problem(problem) => problem_for_players(problem),
        validate::ImportError::Parse { error, .. } => {
            let line = error
                .location
                .line
                .map(|l| fill(&gettext(" (line {line})"), &[("line", &l)]))
                .unwrap_or_default();
            match &error.kind {
                Kind::Empty => gettext("there is no puzzle in it"),
                Kind::UnexpectedChar(c) => fill(
                    &gettext("it has “{char}” where only digits 1 to 9 belong, and . or 0 for an empty cell{line}"),
                    &[("char", &c.escape_debug()), ("line", &line)],
                ),
                Kind::CellCount(n) => fill(&gettext("it has {n} cells, and a Sudoku has 81"), &[("n", n)]),
                Kind::RowLength(n) => fill(
                    &gettext("a row has {n} cells instead of 9{line}"),
                    &[("n", n), ("line", &line)],
                ),
                Kind::RowCount(n) => fill(&gettext("it has {n} rows instead of 9"), &[("n", n)]),
                Kind::CandidateCount(n) => fill(
                    &gettext("it has {n} pencil-mark entries, and a Sudoku has 81{line}"),
                    &[("n", n), ("line", &line)],
                ),
                Kind::RepeatedCandidate(digit) => fill(
                    &gettext("a cell lists the pencil mark {digit} twice{line}"),
                    &[("digit", digit), ("line", &line)],
                ),
                Kind::ValueDiffersFromGiven { value, given } => fill(
                    &gettext("a cell holds {value} where the puzzle gives {given}{line}"),
                    &[("value", value), ("given", given), ("line", &line)],
                ),
                Kind::Json(problem) => fill(
                    &gettext("it is not a puzzle in Nonet's JSON format ({problem})"),
                    &[("problem", problem)],
                ),
            }
        }
    }
}

/// Why a puzzle that was read can't be played, for players: repeated givens (the first few named
/// digit by digit and house by house, the rest counted), no solution, several.
fn problem_for_players(problem: &validate::PuzzleProblem) -> String {
    match problem {
        validate::PuzzleProblem::RepeatedGivens(repeats) => {
            let (named, more) = validate::repeats_named(repeats);
            let mut each: Vec<String> = named
                .iter()
                .map(|repeat| {
                    let cells: Vec<String> = repeat.cells.iter().map(|&c| cell_name(c)).collect();
                    fill(
                        &ngettext(
                            "{digit} appears twice in {house}: {cells}",
                            "{digit} appears {n} times in {house}: {cells}",
                            repeat.cells.len() as u32,
                        ),
                        &[
                            ("digit", &repeat.digit),
                            ("n", &repeat.cells.len()),
                            ("house", &super::play::house_label(repeat.house)),
                            ("cells", &cells.join(", ")),
                        ],
                    )
                })
                .collect();
            if more > 0 {
                each.push(fill(
                    &ngettext("and {n} more repeat", "and {n} more repeats", more as u32),
                    &[("n", &more)],
                ));
            }
            fill(
                &gettext("it has no solution: {repeats}"),
                &[("repeats", &each.join("; "))],
            )
        }
        validate::PuzzleProblem::NoSolution => gettext("it has no solution"),
        validate::PuzzleProblem::MultipleSolutions => gettext("it has more than one solution"),
    }
}

/// Asks for a puzzle as text in any format; `play` receives the text.
pub fn ask_for_puzzle(parent: &impl IsA<gtk::Window>, initial: &str, play: impl Fn(String) + 'static) {
    let dialog = adw::MessageDialog::new(
        Some(parent),
        Some(&gettext("Enter Your Own Puzzle")),
        Some(&gettext("Type or paste a puzzle: 81 digits with 0 or . for blanks, a 9×9 grid, or the .sdk, .ss, pencil-mark or JSON formats.")),
    );
    let buffer = gtk::TextBuffer::new(None);
    buffer.set_text(initial);
    let view = gtk::TextView::builder()
        .buffer(&buffer)
        .monospace(true)
        .wrap_mode(gtk::WrapMode::Char)
        .top_margin(6)
        .bottom_margin(6)
        .left_margin(6)
        .right_margin(6)
        .accepts_tab(false)
        .build();
    super::set_accessible(&view, gtk::AccessibleProperty::Label, &gettext("Puzzle"));
    let scroller = gtk::ScrolledWindow::builder()
        .child(&view)
        .min_content_height(180)
        .min_content_width(320)
        .build();
    scroller.add_css_class("card");
    dialog.set_extra_child(Some(&scroller));
    dialog.add_response("cancel", &gettext("Cancel"));
    dialog.add_response("play", &gettext("Play"));
    dialog.set_response_appearance("play", adw::ResponseAppearance::Suggested);
    dialog.set_default_response(Some("play"));
    dialog.set_close_response("cancel");
    // Return makes a new line (a grid is typed in lines); Ctrl+Return plays, as it runs the Lab.
    let keys = gtk::EventControllerKey::new();
    let answered = dialog.downgrade();
    keys.connect_key_pressed(move |_, key, _, state| {
        let enter = matches!(key, gdk::Key::Return | gdk::Key::KP_Enter | gdk::Key::ISO_Enter);
        match answered.upgrade() {
            Some(dialog) if enter && state.contains(gdk::ModifierType::CONTROL_MASK) => {
                // (As a click on Play does: the response, then the dialog closes.)
                dialog.response("play");
                dialog.close();
                glib::Propagation::Stop
            }
            _ => glib::Propagation::Proceed,
        }
    });
    view.add_controller(keys);
    dialog.connect_response(None, move |_, response| {
        if response == "play" {
            let text = buffer.text(&buffer.start_iter(), &buffer.end_iter(), false).to_string();
            play(text);
        }
    });
    super::present_dialog(&dialog);
    view.grab_focus();
}

/// Lets the player choose a puzzle file; `open` receives it.
pub fn choose_file(parent: &impl IsA<gtk::Window>, open: impl Fn(gio::File) + 'static) {
    let chooser = file_chooser(
        Some(parent.as_ref()),
        &gettext("Open Puzzle"),
        gtk::FileChooserAction::Open,
        &gettext("_Open"),
        (
            &gettext("Sudoku puzzles"),
            &["*.txt", "*.sdk", "*.ss", "*.sdm", "*.json", "*.pm"],
        ),
    );
    show_chooser(chooser, open);
}

/// Tells the player why a puzzle can't be played; `closed` runs when the dialog is dismissed.
pub fn refuse(parent: &impl IsA<gtk::Window>, source: &Source, problem: &str, closed: impl Fn() + 'static) {
    let body = fill(
        &gettext("{source}: {problem}.\n\nThe current game goes on."),
        &[("source", &source.describe()), ("problem", &problem)],
    );
    let dialog = super::tell(Some(parent), &gettext("This Puzzle Can't Be Played"), &body);
    dialog.connect_response(None, move |_, _| closed());
}

/// Reads a puzzle file off the main thread: regular files only (a device or a FIFO could block
/// or never end), at most 64 MiB counted as read.
pub async fn read_file(file: gio::File) -> Result<String, String> {
    read_text(file, || {
        gettext("it is larger than 64 MiB, too large for a puzzle file")
    })
    .await
}

/// Reads a text file as [`read_file`] does; `too_large` says why a file over the limit is refused.
pub async fn read_text(file: gio::File, too_large: fn() -> String) -> Result<String, String> {
    let path = file.path();
    gio::spawn_blocking(move || {
        let path = path.ok_or_else(|| gettext("not a local file"))?;
        crate::engine::input::read_file(&path, true).map_err(|error| match error {
            crate::engine::input::InputError::NotRegular(_) => {
                gettext("it is not a regular file (a device, a pipe or a folder)")
            }
            crate::engine::input::InputError::TooLarge(_) => too_large(),
            crate::engine::input::InputError::NotText { .. } => gettext("it is not text"),
            crate::engine::input::InputError::Io { cause, .. } => {
                let cause = crate::engine::input::system_words(&cause);
                fill(&gettext("it can't be read ({cause})"), &[("cause", &cause)])
            }
        })
    })
    .await
    .unwrap_or_else(|_| Err(gettext("reading the file failed")))
}

/// Writes `text` to `file` through GIO (its I/O off the main thread), replacing what it held;
/// the bytes the file holds now, or the system's words for why it can't be written.
pub async fn write_text(file: &gio::File, text: String) -> Result<Vec<u8>, String> {
    file.replace_contents_future(
        text.into_bytes(),
        None,
        false,
        gio::FileCreateFlags::REPLACE_DESTINATION,
    )
    .await
    .map(|(bytes, _)| bytes)
    .map_err(|(_, error)| error.message().to_string())
}

/// The display name of a file for messages.
pub fn file_name(file: &gio::File) -> String {
    file.basename()
        .map(|b| b.display().to_string())
        .unwrap_or_else(|| file.uri().to_string())
}

/// The new-game and import flows of the game window.
impl super::controller::Controller {
    /// Starts a game on a puzzle given as text (typed, pasted or read from a file), checked off
    /// the main thread; a puzzle that can't be played is refused with a dialog and the current
    /// game goes on, as it does when the text is its puzzle (givens alone) once more.
    /// The puzzle is rated with the techniques up to Expert first, which takes milliseconds and
    /// gives the full rating whenever it finishes the puzzle; one that needs more is Master, is
    /// played at once, and gets its score in the background ([`Self::rate_while_playing`]).
    pub fn play_text(self: &Rc<Self>, text: String, source: Source) {
        self.play_text_at(text, source, 0, None);
    }

    /// Starts a game on puzzle `index` (from 0) of a text as [`Self::play_text`] does the first.
    /// Given the file it was read from (its URI), a file of several puzzles is remembered with
    /// the place, whether the puzzle there can be played or not, for Next Puzzle from File.
    fn play_text_at(self: &Rc<Self>, text: String, source: Source, index: usize, file: Option<String>) {
        self.say(&gettext("Checking the puzzle…"));
        // At start the history may still be opening: it is read all the same, but not waited
        // for long when held busy (by another program: the puzzle is then played afresh).
        let history = match self.history.borrow().as_str() {
            "on" => Some((super::recorder::database_path(), Duration::from_secs(5))),
            "opening" => Some((super::recorder::database_path(), Duration::from_millis(250))),
            _ => None,
        };
        let at_start = self.play.borrow().is_none();
        let work = move || {
            let (checked, count) = validate::playable_at(&text, index);
            let checked = checked.map(|playable| {
                let rating = rating::rate_up_to(&playable.givens, Level::Expert, None);
                // Givens alone may be a game under way or paused (a position is always new).
                let givens_alone = Action::take_position(&playable.position).is_none();
                let waiting = history
                    .filter(|_| givens_alone)
                    .and_then(|(path, wait)| waiting_game_of(&path, wait, &playable.givens, at_start));
                (playable, rating, givens_alone, waiting)
            });
            (checked, text, count)
        };
        self.off_main(work, move |this, result| {
            let count = result.as_ref().map_or(0, |(_, _, count)| *count);
            // (A number past the file's end, asked for by `puzzle-in-file`, moves nothing.)
            if let Some(uri) = file.filter(|_| count > 1 && index < count) {
                let number = index + 1;
                // A puzzle that can't be played is done with: opened again, the file goes on.
                let done = result.as_ref().is_some_and(|(checked, _, _)| checked.is_err());
                this.settings.set_puzzle_file(&PuzzleFile {
                    uri,
                    number,
                    count,
                    done,
                });
            }
            let source = source.at(index, count);
            this.take_checked(result.map(|(checked, text, _)| (checked, text)), source);
        });
    }

    /// Plays a checked puzzle ([`Self::play_text_at`]), or says why it can't be played (the
    /// text comes back to a player who typed it).
    fn take_checked(self: &Rc<Self>, result: Option<(Checked, String)>, source: Source) {
        match result {
            // The same puzzle again (its file opened once more, say), its givens alone: the game
            // in progress goes on (at start, the unfinished one goes back on the board), or its
            // game paused in the history comes back, rather than a copy of it from the start.
            // (Reset starts it over.) A puzzle being entered on the board gives way to it, as to
            // any game played.
            Some((Ok((playable, _, true, _)), _)) if self.is_playing(&playable.givens) => {
                self.leave_entry_for_the_waiting_game();
                self.say(&gettext("This is the puzzle you are playing: play on."));
            }
            Some((Ok((_, _, _, Some(Waiting::Unfinished(game)))), _)) if self.play.borrow().is_none() => {
                let (record, moves) = *game;
                // (Unless it could not be restored, which the line then says.)
                if self.resume(record, moves).is_ok() {
                    self.say(&gettext("This is the puzzle you are playing: play on."));
                }
            }
            Some((Ok((_, _, _, Some(Waiting::Paused(id)))), _)) => self.resume_id(id),
            Some((Ok((playable, rating, _, _)), _)) => {
                let (level, score) = match rating.solved {
                    true => (rating.level, Some(rating.score)),
                    false => (Level::Master, None),
                };
                let new = NewGame {
                    puzzle: playable.givens,
                    solution: playable.solution,
                    level,
                    score,
                    source: source.stored(),
                    seed: None,
                    practice: None,
                    file: source.file_place(),
                    started_at: store::now_unix_ms(),
                };
                self.start(new, level);
                if score.is_none() {
                    self.rate_while_playing(playable.givens);
                }
                // A position with more than its givens (a forum's pencil-mark grid, a saved
                // position) is taken up as it is, as one move the player can undo.
                let came_with = Action::take_position(&playable.position).map(|take| {
                    let with_marks = matches!(&take, Action::TakePosition { marks, .. } if !marks.is_empty());
                    if let Some(result) = self.with_play(|play| play.act(take)) {
                        self.report(result);
                    }
                    match with_marks {
                        true => gettext("The pencil marks it came with are on the board."),
                        false => gettext("The digits it came with are on the board."),
                    }
                });
                let mut message = fill(
                    &gettext("{source} rates {level}. Good luck!"),
                    &[("source", &source.describe()), ("level", &super::level_name(level))],
                );
                if let Some(came_with) = came_with {
                    message = format!("{message} {came_with}");
                }
                // (A position already solved has been told so.)
                if self.with_play(|play| play.game.status() == Status::Playing) == Some(true) {
                    self.say(&message);
                }
            }
            Some((Err(error), text)) => self.refuse(source, &for_players(&error), text),
            None => self.refuse(source, &gettext("checking it failed"), String::new()),
        }
    }

    /// Whether these are the givens of the game on the board, and it is being played.
    fn is_playing(&self, givens: &[Digit; CELLS]) -> bool {
        self.with_play(|play| play.game.status() == Status::Playing && play.game.givens() == givens) == Some(true)
    }

    /// Rates the puzzle on the board off the main thread (forcing nets on the hardest puzzles
    /// can take minutes) and records its level and score once known, unless another game
    /// started meanwhile: starting or resuming a game cancels the rating.
    fn rate_while_playing(self: &Rc<Self>, givens: [Digit; CELLS]) {
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel_rating.replace(cancel.clone());
        let stopped = cancel.clone();
        let handle = gio::spawn_blocking(move || rating::rate_cancellable(&givens, &stopped));
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let Ok(Some(rating)) = handle.await else { return };
            let Some(this) = this.upgrade() else { return };
            if cancel.load(Ordering::Relaxed) {
                return;
            }
            // The game as it started (for Try Again), and as it waits for the history to open.
            let rated = |new: &mut NewGame| {
                new.level = rating.level;
                new.score = Some(rating.score);
            };
            if let Some(new) = this.started_game.borrow_mut().as_mut() {
                rated(new);
            }
            if let Some(Unrecorded::Started(new)) = this.unrecorded.borrow_mut().as_mut() {
                rated(new);
            }
            if let Some(recorder) = this.recorder.borrow().as_ref() {
                recorder.rated(rating.level, rating.score);
                this.history_follows_the_game();
            }
            this.refresh();
        });
    }

    /// Says why a puzzle can't be played; a typed puzzle comes back for correcting.
    /// The dialog tells why; the message line only says that nothing was loaded.
    pub(super) fn refuse(self: &Rc<Self>, source: Source, problem: &str, text: String) {
        self.say(&gettext("Puzzle not loaded."));
        self.last_refusal.replace(format!("{}: {problem}.", source.describe()));
        let this = Rc::downgrade(self);
        let again = source.clone();
        refuse(&self.window, &source, problem, move || {
            let Some(this) = this.upgrade() else { return };
            match &again {
                Source::Typed => this.enter_puzzle(&text),
                // Back on the board, to fix what was entered.
                Source::Placed => match crate::engine::format::parse_line(&text) {
                    Ok(position) => this.enter_on_board(*position.values()),
                    Err(_) => this.enter_on_board([0; crate::engine::grid::CELLS]),
                },
                _ => {}
            }
        });
    }

    /// Asks the player to type (or paste) a puzzle.
    pub fn enter_puzzle(self: &Rc<Self>, initial: &str) {
        let this = Rc::downgrade(self);
        ask_for_puzzle(&self.window, initial, move |text| {
            if let Some(this) = this.upgrade() {
                this.play_text(text, Source::Typed);
            }
        });
    }

    /// Lets the player choose a puzzle file.
    pub fn open(self: &Rc<Self>) {
        let this = Rc::downgrade(self);
        choose_file(&self.window, move |file| {
            if let Some(this) = this.upgrade() {
                this.open_file(file);
            }
        });
    }

    /// Plays the first puzzle in a file; the file of several last opened, once more, where it
    /// was left, as a book opens: at the puzzle last played from it (an unfinished game of it
    /// comes back from the history), or the next once that one was solved or refused; from the
    /// first again, and a toast says so, once its last puzzle was.
    pub fn open_file(self: &Rc<Self>, file: gio::File) {
        let place = self
            .settings
            .puzzle_file()
            .filter(|last| last.uri == file.uri().as_str());
        if place.as_ref().is_some_and(|last| last.finished()) {
            let words = fill(
                &gettext("You came to the end of {file}: it starts again from the first puzzle."),
                &[("file", &file_name(&file))],
            );
            super::show_toast(&self.toasts, adw::Toast::builder().title(words).timeout(5).build());
        }
        self.open_file_at(file, place.map_or(0, |last| last.reopen_index()));
    }

    /// Plays puzzle `index` (from 0) of a file.
    pub(super) fn open_file_at(self: &Rc<Self>, file: gio::File, index: usize) {
        let pending = self.games_pending.begin();
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let name = file_name(&file);
            let uri = file.uri().to_string();
            let text = read_file(file).await;
            let Some(this) = this.upgrade() else { return };
            match text {
                Ok(text) => this.play_text_at(text, Source::Opened(name), index, Some(uri)),
                Err(problem) => this.refuse(Source::Opened(name), &problem, String::new()),
            }
            // Checking the text (play_text) is under way in its turn.
            drop(pending);
        });
    }

    /// Plays the puzzle on the clipboard; with no text there, the message line says so.
    pub fn paste(self: &Rc<Self>) {
        let clipboard = self.window.clipboard();
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let text = clipboard.read_text_future().await;
            let Some(this) = this.upgrade() else { return };
            match text {
                Ok(Some(text)) => this.play_text(text.to_string(), Source::Pasted),
                // Nothing was pasted, so nothing is refused: the line says so, no dialog.
                _ => this.say(&gettext("Nothing to paste: the clipboard holds no text.")),
            }
        });
    }
}

/// The game of the history on these givens waiting to go on, if any: at start (nothing on the
/// board yet) the unfinished game, else the latest paused one; none when the history can't be
/// read within `wait` (the puzzle is then played afresh).
fn waiting_game_of(path: &std::path::Path, wait: Duration, givens: &[Digit; CELLS], at_start: bool) -> Option<Waiting> {
    let store = store::Store::open_for_reading_waiting(path, wait).ok()?;
    if at_start {
        if let Ok(Some((record, moves))) = store.unfinished() {
            if record.givens().as_ref() == Some(givens) {
                return Some(Waiting::Unfinished(Box::new((record, moves))));
            }
        }
    }
    let paused = store::Filter {
        status: Some(store::GameStatus::Paused),
        ..store::Filter::default()
    };
    let games = store.list(&paused).ok()?;
    games
        .into_iter()
        .filter(|game| game.givens().as_ref() == Some(givens))
        .max_by_key(|game| game.started_at)
        .map(|game| Waiting::Paused(game.id))
}
