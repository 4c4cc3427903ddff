//! Printing from the app, through GtkPrintOperation and the system's print dialog ("Print to
//! File" gives a PDF): *Print…* the puzzle on the board, givens only or with the player's digits
//! and pencil marks (a tab of the dialog); *Print Puzzles…* new puzzles at a level, 1, 2, 4 or 6
//! to a page, with solutions if asked, generated off the main thread first. The pages are drawn
//! by `crate::print`, the code `nonet-cli pdf` writes its files with.

use std::cell::{Cell as StdCell, RefCell};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use adw::prelude::*;
use gtk::{gio, glib};

use super::controller::Controller;
use crate::engine::generator;
use crate::engine::grid::Candidates;
use crate::engine::logic::Level;
use crate::i18n::{fill, gettext};
use crate::print::{Booklet, Printed, PER_PAGE};

impl Controller {
    /// The puzzle on the board as it prints: with the player's digits and marks, or without.
    fn board_to_print(&self, with_progress: bool) -> Option<Printed> {
        let score = self.started_game.borrow().as_ref().and_then(|g| g.score);
        self.with_play(|play| {
            let game = &play.game;
            let level = super::level_name(play.level);
            let mut printed = Printed::new(1, *game.givens(), *game.solution(), Some(&level), score);
            printed.caption = printed.caption.trim_start_matches("1 · ").to_string();
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
                let widget: glib::Object = column.upcast();
                std::mem::forget(widget.clone());
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
        self.run_print(&operation, gtk::PrintOperationAction::PrintDialog);
    }

    /// `app.print-to-file((path, with-progress))`: the same print operation exported straight to
    /// a PDF file, without the dialog (for scripts and tests).
    pub fn print_to_file(self: &Rc<Self>, path: &str, with_progress: bool) {
        let Some(printed) = self.board_to_print(with_progress) else {
            return;
        };
        let booklet = Rc::new(RefCell::new(Booklet {
            puzzles: vec![printed],
            per_page: 1,
            solutions: false,
        }));
        let operation = operation(&booklet);
        operation.set_export_filename(path);
        self.run_print(&operation, gtk::PrintOperationAction::Export);
    }

    fn run_print(self: &Rc<Self>, operation: &gtk::PrintOperation, action: gtk::PrintOperationAction) {
        let this = Rc::downgrade(self);
        let exported = action == gtk::PrintOperationAction::Export;
        operation.connect_done(move |operation, result| {
            let Some(this) = this.upgrade() else { return };
            match result {
                gtk::PrintOperationResult::Error => {
                    let why = operation.error().map(|e| e.to_string()).unwrap_or_default();
                    this.say(&fill(&gettext("Printing failed: {error}"), &[("error", &why)]));
                }
                gtk::PrintOperationResult::Apply if exported => {
                    let file = operation.export_filename().map(|f| f.to_string()).unwrap_or_default();
                    this.say(&fill(&gettext("Printed to {file}."), &[("file", &file)]))
                }
                gtk::PrintOperationResult::Apply => this.say(&gettext("Sent to the printer.")),
                _ => {}
            }
        });
        if let Err(error) = operation.run(action, Some(&self.window)) {
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
        let count = gtk::SpinButton::with_range(1.0, 60.0, 1.0);
        count.set_value(6.0);
        let per_page = gtk::DropDown::from_strings(&["1", "2", "4", "6"]);
        per_page.set_selected(3);
        super::name_drop_down(&level, &gettext("Level"));
        super::name_drop_down(&per_page, &gettext("To a page"));
        super::set_accessible(&count, gtk::AccessibleProperty::Label, &gettext("Puzzles"));
        let solutions = gtk::CheckButton::with_label(&gettext("Solutions on the last pages"));
        let grid = gtk::Grid::builder().row_spacing(8).column_spacing(12).build();
        for (row, (label, widget)) in [
            (gettext("Level"), level.clone().upcast::<gtk::Widget>()),
            (gettext("Puzzles"), count.clone().upcast()),
            (gettext("To a page"), per_page.clone().upcast()),
        ]
        .into_iter()
        .enumerate()
        {
            grid.attach(
                &gtk::Label::builder().label(label).xalign(0.0).build(),
                0,
                row as i32,
                1,
                1,
            );
            grid.attach(&widget, 1, row as i32, 1, 1);
        }
        grid.attach(&solutions, 0, 3, 2, 1);
        let dialog = adw::MessageDialog::new(
            Some(&self.window),
            Some(&gettext("Print Puzzles")),
            Some(&gettext("New puzzles, each with its level, score and a short id.")),
        );
        dialog.set_extra_child(Some(&grid));
        dialog.add_response("cancel", &gettext("Cancel"));
        dialog.add_response("print", &gettext("Generate and Print…"));
        dialog.set_response_appearance("print", adw::ResponseAppearance::Suggested);
        dialog.set_default_response(Some("print"));
        let this = Rc::downgrade(self);
        dialog.connect_response(None, move |_, response| {
            let Some(this) = this.upgrade() else { return };
            if response == "print" {
                let level = Level::ALL.get(level.selected() as usize).copied();
                let per_page = PER_PAGE.get(per_page.selected() as usize).copied().unwrap_or(6);
                this.generate_and_print(level, count.value() as usize, per_page, solutions.is_active());
            }
        });
        dialog.present();
        // Return answers the dialog (its default, Generate and Print…) rather than opening the
        // first drop-down, which would otherwise hold the focus.
        GtkWindowExt::set_focus(&dialog, None::<&gtk::Widget>);
    }

    fn generate_and_print(self: &Rc<Self>, level: Option<Level>, count: usize, per_page: usize, solutions: bool) {
        let ready = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let seed = generator::random_seed();
        let work = {
            let ready = ready.clone();
            move || {
                crate::print::new_puzzles(level, count, seed, super::level_name, &cancel, &mut |n| {
                    ready.store(n, Ordering::Relaxed)
                })
            }
        };
        let handle = gio::spawn_blocking(work);
        let this = Rc::downgrade(self);
        glib::timeout_add_local(Duration::from_millis(250), move || {
            let Some(this) = this.upgrade() else {
                return glib::ControlFlow::Break;
            };
            let n = ready.load(Ordering::Relaxed);
            if n < count {
                this.say(&fill(
                    &gettext("Generating puzzles to print: {n} of {count}…"),
                    &[("n", &n), ("count", &count)],
                ));
                return glib::ControlFlow::Continue;
            }
            glib::ControlFlow::Break
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
            let booklet = Rc::new(RefCell::new(Booklet {
                puzzles,
                per_page,
                solutions,
            }));
            let operation = operation(&booklet);
            this.run_print(&operation, gtk::PrintOperationAction::PrintDialog);
        });
    }
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
