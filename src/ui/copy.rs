//! Copying the game to the clipboard, for other solvers and the forums: the puzzle as one line of
//! 81 characters, or the position as a pencil-mark grid (the digits placed and each empty cell's
//! candidates). Paste Puzzle reads both back. Save Position As… writes the position to a file:
//! JSON, which keeps the givens, the player's digits and pencil marks apart, or that grid; Open
//! reads both back.

use std::rc::Rc;

use adw::prelude::*;
use gtk::{gio, glib};

use super::controller::Controller;
use super::file_choosers::{file_chooser, show_chooser};
use super::import::{file_name, write_text};
use crate::engine::format::{self, Format};
use crate::engine::grid::Position;
use crate::i18n::{fill, gettext};

impl Controller {
    /// Puts the puzzle's givens on the clipboard, as one line.
    pub fn copy_puzzle(self: &Rc<Self>) {
        let line = self.with_play(|play| Position::from_givens(play.game.givens()).to_line());
        if let Some(line) = line {
            self.window.clipboard().set_text(&line);
            self.say(&gettext("The puzzle is on the clipboard, as one line."));
        }
    }

    /// Puts the position on the clipboard as a pencil-mark grid: the digits placed, and each
    /// empty cell's pencil marks (the candidates the rules allow where it has none).
    pub fn copy_position(self: &Rc<Self>) {
        let grid = self.with_play(|play| format::write(&play.game.position(), Format::PencilMarks));
        if let Some(grid) = grid {
            self.window.clipboard().set_text(&grid);
            self.say(&gettext("The position is on the clipboard, as a pencil-mark grid."));
        }
    }

    /// Save Position As…: asks where, then writes the position there ([`Controller::save_position_to`]).
    /// Ctrl+S in the Lab's editor saves the script instead, as an editor's Ctrl+S does.
    pub fn save_position(self: &Rc<Self>) {
        if self.lab_editor_has_focus() {
            return self.lab().save_script_as();
        }
        let chooser = file_chooser(
            Some(self.window.upcast_ref()),
            &gettext("Save Position"),
            gtk::FileChooserAction::Save,
            &gettext("_Save"),
            (&gettext("Sudoku positions"), &["*.json", "*.txt", "*.pm"]),
        );
        chooser.set_current_name("sudoku.json");
        let this = Rc::downgrade(self);
        show_chooser(chooser, move |file| {
            if let Some(this) = this.upgrade() {
                this.save_position_to(file);
            }
        });
    }

    /// Writes the position to `file` (through GIO, off the main thread): as JSON where its name
    /// ends in `.json` (Nonet opens it as it was: the givens, the digits placed, the pencil
    /// marks), else as the pencil-mark grid other solvers read. The message line says how it went.
    pub fn save_position_to(self: &Rc<Self>, file: gio::File) {
        let name = file_name(&file);
        let json = name.to_lowercase().ends_with(".json");
        let format = if json { Format::Json } else { Format::PencilMarks };
        let Some(text) = self.with_play(|play| format::write(&play.game.position(), format)) else {
            return;
        };
        let this = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let written = write_text(&file, text).await;
            let Some(this) = this.upgrade() else { return };
            this.say(&match written {
                Ok(_) if json => fill(&gettext("The position is saved to {file}."), &[("file", &name)]),
                Ok(_) => fill(
                    &gettext("The position is saved to {file}, as a pencil-mark grid."),
                    &[("file", &name)],
                ),
                Err(error) => fill(
                    &gettext("The position can't be saved to {file}: {error}."),
                    &[("file", &name), ("error", &error)],
                ),
            });
        });
    }
}
