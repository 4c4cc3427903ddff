//! A file of several puzzles, played one after another: Next Puzzle from File, a puzzle of it by
//! its number (Puzzle Number from File…, `app.puzzle-in-file`). The file and the place in it are
//! kept in GSettings ([`Settings::puzzle_file`](super::settings::Settings::puzzle_file)); opening
//! and reading it is [`import`](super::import)'s.

use std::rc::Rc;

use adw::prelude::*;
use gtk::gio;

use super::controller::Controller;
use super::import::file_name;
use super::settings::PuzzleFile;
use crate::i18n::{fill, gettext, number};

impl Controller {
    /// The file of several opened last and, when the game on the board is one of its puzzles
    /// (started from it, or resumed from the history), that puzzle's number.
    fn file_and_place_on_board(&self) -> Option<(PuzzleFile, Option<usize>)> {
        let last = self.settings.puzzle_file()?;
        let name = file_name(&gio::File::for_uri(&last.uri));
        let started = self.started_game.borrow();
        let place = started.as_ref().and_then(|game| game.file.as_ref());
        let number = place.filter(|place| place.name == name).and_then(|place| place.number);
        Some((last, number.map(|n| n as usize)))
    }

    /// Whether the game on the board is a puzzle of the file of several opened last, and a
    /// puzzle of the file follows the one last played: the finished dialog then offers it.
    pub(super) fn next_in_file_follows(&self) -> bool {
        matches!(self.file_and_place_on_board(), Some((last, Some(_))) if last.has_next())
    }

    /// Notes the puzzle on the board solved, when it is the one last played from the file of
    /// several: opened again, the file then goes on to the next.
    pub(super) fn file_puzzle_solved(&self) {
        if let Some((last, Some(number))) = self.file_and_place_on_board() {
            if number == last.number && !last.done {
                self.settings.set_puzzle_file(&PuzzleFile { done: true, ..last });
            }
        }
    }

    /// `app.next-in-file`: the puzzle after the one last played from a file of several (see
    /// [`Settings::puzzle_file`](super::settings::Settings::puzzle_file)).
    pub fn next_in_file(self: &Rc<Self>) {
        match self.settings.puzzle_file() {
            Some(last) if last.has_next() => self.open_file_at(gio::File::for_uri(&last.uri), last.number),
            _ => self.say(&gettext("Open a file that holds several puzzles first.")),
        }
    }

    /// `app.puzzle-in-file(n)`: puzzle `number` (from 1) of the last file opened that holds
    /// several.
    pub fn puzzle_in_file(self: &Rc<Self>, number: i64) {
        match (self.settings.puzzle_file(), usize::try_from(number)) {
            (Some(last), Ok(number)) if number >= 1 => {
                self.open_file_at(gio::File::for_uri(&last.uri), number - 1);
            }
            // Only from outside (`gapplication action … puzzle-in-file 0`): the app asks for
            // numbers from 1.
            (Some(_), _) => self.say(&fill(
                &gettext("There is no puzzle {number} in the file: its puzzles are numbered from 1."),
                &[("number", &number)],
            )),
            (None, _) => self.say(&gettext("Open a file that holds several puzzles first.")),
        }
    }

    /// `app.choose-in-file`: asks for a puzzle of the last file opened that holds several, by its
    /// number (the next one offered), and plays it.
    pub fn choose_in_file(self: &Rc<Self>) {
        let Some(last) = self.settings.puzzle_file() else {
            return self.say(&gettext("Open a file that holds several puzzles first."));
        };
        let file = gio::File::for_uri(&last.uri);
        let body = fill(
            &gettext("{file} holds {count} puzzles; the last one opened was number {number}."),
            &[
                ("file", &file_name(&file)),
                ("count", &number(last.count as u64)),
                ("number", &number(last.number as u64)),
            ],
        );
        let number = gtk::SpinButton::with_range(1.0, last.count.max(1) as f64, 1.0);
        let offered = match last.finished() {
            true => 1,
            false => last.number + usize::from(last.has_next()),
        };
        number.set_value(offered as f64);
        super::spin_activates_default(&number);
        number.set_halign(gtk::Align::Center);
        number.set_width_chars(6);
        super::set_accessible(&number, gtk::AccessibleProperty::Label, &gettext("Puzzle number"));
        let this = Rc::downgrade(self);
        let chosen = number.clone();
        let dialog = super::question(
            &self.window,
            &gettext("Play a Puzzle from the File"),
            &body,
            &gettext("_Play"),
            adw::ResponseAppearance::Suggested,
            move || {
                let index = usize::try_from(chosen.value_as_int() - 1).unwrap_or(0);
                if let Some(this) = this.upgrade() {
                    this.open_file_at(file.clone(), index);
                }
            },
        );
        dialog.set_extra_child(Some(&number));
        dialog.present();
        number.grab_focus();
    }
}
