//! History's Export History… (`app.export-history`): every game of the history written to a file
//! the player chooses, as CSV (one row a game, for a spreadsheet) or, for a name ending in
//! `.json`, as JSON with every move: what `nonet-cli history export` writes. Read (once what the
//! recorder was sent is written) and written off the main thread; a toast in History (or the
//! message line) says how it went.

use std::rc::Rc;

use adw::prelude::*;
use gtk::{gio, glib};

use super::controller::Controller;
use super::file_choosers::{file_chooser, show_chooser};
use super::import::{file_name, write_text};
use crate::i18n::{fill, gettext, ngettext, number};
use crate::store::{ExportFormat, Exported};

impl Controller {
    /// Asks where to export the history (over History, where the command comes from).
    pub fn export_history(self: &Rc<Self>) {
        if self.recorder.borrow().is_none() {
            return self.tell_no_history(&gettext("History is off, so there is nothing to export."));
        }
        let chooser = file_chooser(
            Some(&self.asking_parent()),
            &gettext("Export History"),
            gtk::FileChooserAction::Save,
            &gettext("_Export"),
            (&gettext("CSV and JSON files"), &["*.csv", "*.json"]),
        );
        chooser.set_current_name("nonet-history.csv");
        let this = Rc::downgrade(self);
        show_chooser(chooser, move |file| {
            if let Some(this) = this.upgrade() {
                this.export_history_to(file);
            }
        });
    }

    /// Writes every game of the history to `file`: JSON where its name ends in `.json`, else
    /// CSV.
    pub fn export_history_to(self: &Rc<Self>, file: gio::File) {
        let name = file_name(&file);
        let format = ExportFormat::of_file_name(&name);
        self.read_history(
            move |store| store.export(format),
            move |this, exported| {
                let this = Rc::downgrade(this);
                glib::spawn_future_local(async move {
                    let written = match exported {
                        Ok(Exported { games, text }) => write_text(&file, text).await.map(|_| games),
                        Err(error) => Err(error),
                    };
                    let Some(this) = this.upgrade() else { return };
                    this.tell_history(&match written {
                        Ok(games) => fill(
                            &ngettext(
                                "{n} game exported to {file}.",
                                "{n} games exported to {file}.",
                                u32::try_from(games).unwrap_or(u32::MAX),
                            ),
                            &[("n", &number(games as u64)), ("file", &name)],
                        ),
                        Err(error) => fill(
                            &gettext("The history can't be exported to {file}: {error}."),
                            &[("file", &name), ("error", &error)],
                        ),
                    });
                });
            },
        );
    }
}
