//! Printing from the app, through GtkPrintOperation and the system's print dialog ("Print to
//! File" gives a PDF): *Print…* the puzzle on the board, givens only or with the player's digits
//! and pencil marks (a tab of the dialog); *Print Puzzles…* new puzzles at a level, 1, 2, 4 or 6
//! to a page, with solutions if asked, generated off the main thread first; *Print Puzzles from
//! File…* those of the file of several opened last, by their numbers. Each print dialog offers
//! the last one's choices (`print_choices.rs`, kept between runs), and the two dialogs of
//! several puzzles theirs (in the settings). The pages are drawn by `crate::print`, the code
//! `nonet-cli pdf` writes its files with.

use std::cell::{Cell as StdCell, RefCell};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use adw::prelude::*;
use gtk::{gio, glib};

use super::controller::Controller;
use super::settings::Settings;
use crate::engine::generator;
use crate::engine::grid::Candidates;
use crate::engine::input::system_words;
use crate::engine::logic::Level;
use crate::engine::validate::ImportError;
use crate::i18n::{fill, gettext, ngettext};
use crate::print::{write_pdf, Booklet, LeftOut, PageWords, PrintError, Printed, PER_PAGE};

impl Controller {
    /// The puzzle on the board as it prints: with the player's digits and marks, or without.
    fn board_to_print(&self, with_progress: bool) -> Option<Printed> {
        let score = self.started_game.borrow().as_ref().and_then(|g| g.score);
        self.with_play(|play| {
            let game = &play.game;
            let level = super::level_name(play.level);
            let score = score.map(|s| super::CAPTION_WORDS.score(s));
            let mut printed = Printed::new(None, *game.givens(), *game.solution(), Some(&level), score.as_deref());
            if with_progress {
                printed.values = Some(*game.values());
                printed.marks = Some(std::array::from_fn(|c| game.marks(c)));
                printed.paints = Some(std::array::from_fn(|c| game.paint(c)));
            }
            printed
        })
    }

    /// `app.print`: the print dialog for the puzzle on the board, with a tab choosing whether
    /// the player's digits and pencil marks are printed too.
    pub fn print(self: &Rc<Self>) {
        let Some(givens_only) = self.board_to_print(false) else {
            return;
        };
        let Some(with_progress) = self.board_to_print(true) else {
            return;
        };
        let started = with_progress.values != Some(givens_only.givens)
            || with_progress
                .marks
                .is_some_and(|m| m.iter().any(|&c| c != Candidates::NONE));
        let include = Rc::new(StdCell::new(started));
        let booklet = Rc::new(RefCell::new(Booklet {
            puzzles: vec![givens_only.clone()],
            per_page: 1,
            solutions: false,
            words: page_words(),
        }));
        let operation = operation(&booklet);
        operation.set_custom_tab_label(Some(&gettext("Sudoku")));
        {
            let include = include.clone();
            operation.connect_create_custom_widget(move |_| {
                let only = gtk::CheckButton::with_label(&gettext("Givens only"));
                let progress = gtk::CheckButton::with_label(&gettext("With your digits and pencil marks"));
                progress.set_group(Some(&only));
                progress.set_active(include.get());
                only.set_active(!include.get());
                let include = include.clone();
                progress.connect_toggled(move |button| include.set(button.is_active()));
                let column = gtk::Box::builder()
                    .orientation(gtk::Orientation::Vertical)
                    .spacing(6)
                    .margin_top(12)
                    .margin_bottom(12)
                    .margin_start(12)
                    .margin_end(12)
                    .build();
                column.append(
                    &gtk::Label::builder()
                        .label(gettext("Print"))
                        .xalign(0.0)
                        .css_classes(["heading"])
                        .build(),
                );
                column.append(&only);
                column.append(&progress);
                // The signal hands its caller a reference (transfer full), but the binding
                // (gtk4 0.11) returns a borrowed pointer and drops its own: give GTK one to take.
                // GTK then parents it with a ref_sink, as it would a C handler's new widget,
                // which is floating. Made floating, the reference given becomes the parent's and
                // the tab goes with the dialog; given as a plain one, it kept the tab alive after.
                let widget: glib::Object = column.upcast();
                let given = std::mem::ManuallyDrop::new(widget.clone());
                // SAFETY: `given` is a reference of ours to a live object, handed over to GTK.
                unsafe { glib::gobject_ffi::g_object_force_floating(given.as_ptr()) };
                Some(widget)
            });
        }
        {
            // Chosen in the tab, applied before the pages are drawn.
            let booklet = booklet.clone();
            operation.connect_begin_print(move |operation, _| {
                let printed = if include.get() { &with_progress } else { &givens_only };
                booklet.borrow_mut().puzzles = vec![printed.clone()];
                operation.set_n_pages(booklet.borrow().page_count() as i32);
            });
        }
        // Translators: the name offered for a PDF of the board printed to a file, without its
        // extension (the print dialog adds ".pdf").
        self.run_print_dialog(&operation, &gettext("Sudoku"));
    }

    /// `app.print-to-file((path, with-progress))`: the board printed to a PDF file (A4) without a
    /// dialog, for scripts. Written off the main thread as `nonet-cli pdf` writes its files
    /// (`print::write_pdf`: aside, then in place of an older file once whole), so a failure is
    /// told (GTK 4.8's export said "Printed" over an empty file on a full disk) and leaves the
    /// older file as it was.
    pub fn print_to_file(self: &Rc<Self>, path: &str, with_progress: bool) {
        let Some(printed) = self.board_to_print(with_progress) else {
            return;
        };
        let booklet = Booklet {
            puzzles: vec![printed],
            per_page: 1,
            solutions: false,
            words: page_words(),
        };
        let path = std::path::PathBuf::from(path);
        let handle = gio::spawn_blocking(move || write_pdf(&booklet, &path).map(|()| path));
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let written = handle.await;
            let Some(this) = this.upgrade() else { return };
            let why = match written {
                Ok(Ok(path)) => {
                    return this.say(&fill(&gettext("Printed to {file}."), &[("file", &path.display())]));
                }
                Ok(Err(PrintError::Write { path, cause })) => fill(
                    &gettext("can't write {file}: {error}"),
                    &[("file", &path), ("error", &system_words(&cause))],
                ),
                Ok(Err(other)) => other.to_string(),
                Err(_) => gettext("the PDF could not be made"),
            };
            this.say(&fill(&gettext("Printing failed: {error}"), &[("error", &why)]));
        });
    }

    /// Opens the print dialog with the choices of the last one (printer, paper, the folder a file
    /// went to), offering `file_name` for printing to a file; once it printed, keeps the choices
    /// and says where (or that its page choices left nothing to print).
    fn run_print_dialog(self: &Rc<Self>, operation: &gtk::PrintOperation, file_name: &str) {
        self.print_choices.offer(operation, file_name);
        // GTK 4.8 ends a print whose page choices leave nothing to print (Pages with no
        // numbers, or only pages past the last) as the dialog's Cancel ends it, with a warning
        // on the terminal only: that it began and drew no page tells the two apart.
        let (began, drew) = (Rc::new(StdCell::new(false)), Rc::new(StdCell::new(false)));
        {
            let began = began.clone();
            operation.connect_begin_print(move |_, _| began.set(true));
            let drew = drew.clone();
            operation.connect_draw_page(move |_, _, _| drew.set(true));
        }
        let this = Rc::downgrade(self);
        operation.connect_done(move |operation, result| {
            let Some(this) = this.upgrade() else { return };
            match result {
                gtk::PrintOperationResult::Error => {
                    let why = operation.error().map(|e| e.to_string()).unwrap_or_default();
                    this.say(&fill(&gettext("Printing failed: {error}"), &[("error", &why)]));
                }
                gtk::PrintOperationResult::Apply => {
                    this.print_choices.keep(operation);
                    match printed_to_file(operation) {
                        Some(file) => this.say(&fill(&gettext("Printed to {file}."), &[("file", &file)])),
                        None => this.say(&gettext("Sent to the printer.")),
                    }
                }
                gtk::PrintOperationResult::Cancel if began.get() && !drew.get() => {
                    this.say(&nothing_printed(operation));
                }
                _ => {}
            }
        });
        if let Err(error) = operation.run(gtk::PrintOperationAction::PrintDialog, Some(&self.window)) {
            self.say(&fill(&gettext("Printing failed: {error}"), &[("error", &error)]));
        }
    }

    /// `app.print-puzzles`: asks how many new puzzles, of which level, how many to a page and
    /// whether with solutions; generates them off the main thread (progress under the board),
    /// then opens the print dialog.
    pub fn print_puzzles(self: &Rc<Self>) {
        let levels: Vec<String> = Level::ALL.iter().map(|&l| super::level_name(l)).collect();
        let levels: Vec<&str> = levels.iter().map(String::as_str).collect();
        let level = gtk::DropDown::from_strings(&levels);
        level.set_selected(Level::ALL.iter().position(|&l| l == self.level.get()).unwrap_or(1) as u32);
        super::name_drop_down(&level, &gettext("Level"));
        let choices = Choices::new(gettext("Level"), level.clone().upcast(), &self.settings);
        let body = gettext("New puzzles, each with its level, score and a short id.");
        self.present_print_choices(
            &gettext("Print Puzzles"),
            &body,
            &choices.grid.clone(),
            &gettext("Generate and Print…"),
            move |this| {
                choices.remember(&this.settings);
                let level = Level::ALL.get(level.selected() as usize).copied();
                let solutions = choices.solutions.is_active();
                this.generate_and_print(level, choices.count(), choices.per_page(), solutions);
            },
        );
    }

    /// Presents the choices of a printing dialog under its heading and body, with Cancel and
    /// `print`, the default: Return answers it rather than opening a first drop-down or
    /// stepping a spin button, which would otherwise hold the focus. `then` runs on `print`.
    fn present_print_choices(
        self: &Rc<Self>,
        heading: &str,
        body: &str,
        choices: &gtk::Grid,
        print: &str,
        then: impl Fn(&Rc<Self>) + 'static,
    ) {
        let dialog = adw::MessageDialog::new(Some(&self.window), Some(heading), Some(body));
        dialog.set_extra_child(Some(choices));
        dialog.add_response("cancel", &gettext("Cancel"));
        dialog.add_response("print", print);
        dialog.set_response_appearance("print", adw::ResponseAppearance::Suggested);
        dialog.set_default_response(Some("print"));
        let this = Rc::downgrade(self);
        dialog.connect_response(None, move |_, response| {
            if let (Some(this), "print") = (this.upgrade(), response) {
                then(&this);
            }
        });
        super::present_dialog(&dialog);
        GtkWindowExt::set_focus(&dialog, None::<&gtk::Widget>);
    }

    fn generate_and_print(self: &Rc<Self>, level: Option<Level>, count: usize, per_page: usize, solutions: bool) {
        let seed = generator::random_seed();
        let message = |n, count| {
            fill(
                &gettext("Generating puzzles to print: {n} of {count}…"),
                &[("n", &n), ("count", &count)],
            )
        };
        let handle = self.ready_to_print(count, message, move |cancel, ready| {
            crate::print::new_puzzles(level, count, seed, super::CAPTION_WORDS, cancel, ready)
        });
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let Ok(result) = handle.await else { return };
            let Some(this) = this.upgrade() else { return };
            let puzzles = match result {
                Ok(puzzles) => puzzles,
                Err(error) => return this.say(&fill(&gettext("No puzzles to print: {error}"), &[("error", &error)])),
            };
            this.say("");
            this.print_booklet(Booklet {
                puzzles,
                per_page,
                solutions,
                words: page_words(),
            });
        });
    }

    /// `app.print-file-puzzles`: asks which puzzles of the last file opened that holds several
    /// (from which number, how many), how many to a page and whether with solutions; reads and
    /// rates them off the main thread (progress under the board), then opens the print dialog.
    pub fn print_file_puzzles(self: &Rc<Self>) {
        let Some(last) = self.settings.puzzle_file() else {
            return self.say(&gettext("Open a file that holds several puzzles first."));
        };
        let file = gio::File::for_uri(&last.uri);
        let first = gtk::SpinButton::with_range(1.0, last.count.max(1) as f64, 1.0);
        first.set_value(last.number.max(1) as f64);
        super::spin_activates_default(&first);
        super::set_accessible(&first, gtk::AccessibleProperty::Label, &gettext("From puzzle"));
        let choices = Choices::new(gettext("From puzzle"), first.clone().upcast(), &self.settings);
        let body = fill(
            &ngettext(
                "{file} holds {count} puzzle. Each is printed with its number in the file, its level and score.",
                "{file} holds {count} puzzles. Each is printed with its number in the file, its level and score.",
                last.count.min(1_000_000) as u32,
            ),
            &[("file", &super::import::file_name(&file)), ("count", &last.count)],
        );
        self.present_print_choices(
            &gettext("Print Puzzles from File"),
            &body,
            &choices.grid.clone(),
            &gettext("Print…"),
            move |this| {
                choices.remember(&this.settings);
                let (first, solutions) = (first.value() as usize, choices.solutions.is_active());
                this.print_from_file(file.clone(), first, choices.count(), choices.per_page(), solutions);
            },
        );
    }

    /// Reads the file, takes `count` of its puzzles from number `first` on, rated off the main
    /// thread, and opens the print dialog; says which were left out, and why.
    fn print_from_file(self: &Rc<Self>, file: gio::File, first: usize, count: usize, per_page: usize, solutions: bool) {
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let name = super::import::file_name(&file);
            let text = super::import::read_file(file).await;
            let Some(this) = this.upgrade() else { return };
            let text = match text {
                Ok(text) => text,
                Err(problem) => {
                    return this.say(&fill(
                        &gettext("{file} can't be printed: {problem}."),
                        &[("file", &name), ("problem", &problem)],
                    ))
                }
            };
            let message = |n, count| {
                fill(
                    &gettext("Rating puzzles to print: {n} of {count}…"),
                    &[("n", &n), ("count", &count)],
                )
            };
            let handle = this.ready_to_print(count, message, move |cancel, ready| {
                crate::print::text_puzzles(&text, first, count, super::CAPTION_WORDS, cancel, ready)
            });
            let Ok(Some(taken)) = handle.await else { return };
            let left_out = left_out(&taken.left_out).map(|said| said + ".");
            if taken.puzzles.is_empty() {
                // All left out, or none from there (the file shorter than when it was opened).
                let beyond = || {
                    let count = taken.count;
                    let problem = super::import::for_players(&ImportError::Beyond { number: first, count });
                    fill(
                        &gettext("{file} can't be printed: {problem}."),
                        &[("file", &name), ("problem", &problem)],
                    )
                };
                return this.say(&left_out.unwrap_or_else(beyond));
            }
            this.say(&left_out.unwrap_or_default());
            this.print_booklet(Booklet {
                puzzles: taken.puzzles,
                per_page,
                solutions,
                words: page_words(),
            });
        });
    }

    /// Gets `count` puzzles ready to print off the main thread: `work` tells how many are ready,
    /// and `message(n, count)` says so under the board every quarter second until all are.
    fn ready_to_print<T: Send + 'static>(
        self: &Rc<Self>,
        count: usize,
        message: fn(usize, usize) -> String,
        work: impl FnOnce(&AtomicBool, &mut dyn FnMut(usize)) -> T + Send + 'static,
    ) -> gio::JoinHandle<T> {
        let ready = Arc::new(AtomicUsize::new(0));
        let handle = {
            let ready = ready.clone();
            // (Nothing cancels printing's work yet: it ends, and the print dialog can be closed.)
            gio::spawn_blocking(move || {
                let done = work(&AtomicBool::new(false), &mut |n| ready.store(n, Ordering::Relaxed));
                // (Fewer may be ready than asked for: a file's last puzzles.)
                ready.store(usize::MAX, Ordering::Relaxed);
                done
            })
        };
        let this = Rc::downgrade(self);
        glib::timeout_add_local(Duration::from_millis(250), move || {
            let Some(this) = this.upgrade() else {
                return glib::ControlFlow::Break;
            };
            let n = ready.load(Ordering::Relaxed);
            if n < count {
                this.say(&message(n, count));
                return glib::ControlFlow::Continue;
            }
            glib::ControlFlow::Break
        });
        handle
    }

    /// Opens the print dialog on the booklet.
    fn print_booklet(self: &Rc<Self>, booklet: Booklet) {
        self.last_booklet.replace(Some(booklet.clone()));
        self.refresh();
        let operation = operation(&Rc::new(RefCell::new(booklet)));
        // Translators: the name offered for a PDF of puzzles printed to a file, without its
        // extension (the print dialog adds ".pdf").
        self.run_print_dialog(&operation, &gettext("Sudoku puzzles"));
    }
}

/// The file the print dialog's "Print to File" wrote, if it printed to one.
fn printed_to_file(operation: &gtk::PrintOperation) -> Option<String> {
    let file = super::print_choices::dialogs_output_file(operation)?;
    Some(
        file.path()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| file.uri().to_string()),
    )
}

/// The puzzles of a file left out of a booklet, said for a player: "puzzle 2 is left out: it
/// has more than one solution", or "puzzles 2 and 5 are left out: they can't be played".
fn left_out(left_out: &[LeftOut]) -> Option<String> {
    match left_out {
        [] => None,
        [one] => Some(fill(
            &gettext("Puzzle {number} is left out: {problem}"),
            &[
                ("number", &one.number),
                ("problem", &super::import::for_players(&one.problem)),
            ],
        )),
        several => {
            let numbers: Vec<String> = several.iter().map(|one| one.number.to_string()).collect();
            Some(fill(
                &gettext("Puzzles {numbers} are left out: they can't be played"),
                &[("numbers", &numbers.join(", "))],
            ))
        }
    }
}

/// The choices of a dialog printing several puzzles, a label and its widget a row: the first
/// (which puzzles), how many, how many to a page and whether with solutions. The last three
/// start as last printed with (kept in the settings, as GNOME Sudoku keeps its count): six, six
/// and without the first time.
struct Choices {
    grid: gtk::Grid,
    count: gtk::SpinButton,
    per_page: gtk::DropDown,
    solutions: gtk::CheckButton,
}

impl Choices {
    fn new(first_label: String, first: gtk::Widget, settings: &Settings) -> Choices {
        let count = gtk::SpinButton::with_range(1.0, 60.0, 1.0);
        count.set_value(settings.uint("print-count").clamp(1, 60) as f64);
        super::spin_activates_default(&count);
        super::set_accessible(&count, gtk::AccessibleProperty::Label, &gettext("Puzzles"));
        let per_page = gtk::DropDown::from_strings(&["1", "2", "4", "6"]);
        let kept = PER_PAGE
            .iter()
            .position(|&n| n as u32 == settings.uint("print-per-page"));
        per_page.set_selected(kept.unwrap_or(PER_PAGE.len() - 1) as u32);
        super::name_drop_down(&per_page, &gettext("To a page"));
        let solutions = gtk::CheckButton::with_label(&gettext("Solutions on the last pages"));
        solutions.set_active(settings.boolean("print-solutions"));
        let grid = gtk::Grid::builder().row_spacing(8).column_spacing(12).build();
        let rows = [
            (first_label, first),
            (gettext("Puzzles"), count.clone().upcast()),
            (gettext("To a page"), per_page.clone().upcast()),
        ];
        for (row, (label, widget)) in rows.iter().enumerate() {
            let label = gtk::Label::builder().label(label.as_str()).xalign(0.0).build();
            grid.attach(&label, 0, row as i32, 1, 1);
            grid.attach(widget, 1, row as i32, 1, 1);
        }
        grid.attach(&solutions, 0, 3, 2, 1);
        Choices {
            grid,
            count,
            per_page,
            solutions,
        }
    }

    /// Keeps the choices printed with, for the next such dialog.
    fn remember(&self, settings: &Settings) {
        settings.set_uint("print-count", self.count() as u32);
        settings.set_uint("print-per-page", self.per_page() as u32);
        settings.set_boolean("print-solutions", self.solutions.is_active());
    }

    fn count(&self) -> usize {
        self.count.value() as usize
    }

    fn per_page(&self) -> usize {
        PER_PAGE.get(self.per_page.selected() as usize).copied().unwrap_or(6)
    }
}

/// The words printed pages write besides the captions, in the user's language.
fn page_words() -> PageWords {
    PageWords {
        // Translators: above a printed solution; {caption} is its puzzle's caption ("3 · Hard · 4.2 · K7PZQD").
        solution: gettext("Solution {caption}"),
        // Translators: the foot of a printed page.
        footer: gettext("Nonet · page {page} of {pages}"),
    }
}

/// Why a print the dialog sent drew nothing: the pages it chose leave none of the document's.
fn nothing_printed(operation: &gtk::PrintOperation) -> String {
    let settings = operation.print_settings();
    let ranges_without_numbers =
        settings.is_some_and(|s| s.print_pages() == gtk::PrintPages::Ranges && s.page_ranges().is_empty());
    if ranges_without_numbers {
        return gettext("Nothing printed: Pages was chosen in the print dialog without any page numbers.");
    }
    let pages = operation.property::<i32>("n-pages").max(0);
    fill(
        &ngettext(
            "Nothing printed: there is {count} page, and the pages chosen in the print dialog leave it out.",
            "Nothing printed: there are {count} pages, and the pages chosen in the print dialog leave them all out.",
            pages as u32,
        ),
        &[("count", &pages)],
    )
}

/// A print operation drawing the booklet's pages with `crate::print`.
fn operation(booklet: &Rc<RefCell<Booklet>>) -> gtk::PrintOperation {
    let operation = gtk::PrintOperation::new();
    operation.set_job_name(&gettext("Sudoku puzzles"));
    operation.set_unit(gtk::Unit::Points);
    operation.set_allow_async(true);
    operation.set_n_pages(booklet.borrow().page_count() as i32);
    let booklet = booklet.clone();
    operation.connect_draw_page(move |_, context, page| {
        let cr = context.cairo_context();
        let (width, height) = (context.width(), context.height());
        if let Err(error) = booklet.borrow().draw_page(&cr, page as usize, width, height) {
            tracing::warn!("can't draw page {page}: {error}");
        }
    });
    operation
}
