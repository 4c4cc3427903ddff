//! The Scripting Lab's files: Open Script… puts a `.rhai` file in the editor (read off the main
//! thread with the limits of puzzle files: a regular file, text, at most 64 MiB), and Save Script
//! As… writes the editor's script to a file of the player's choice through GIO (off the main
//! thread), so a script tried in the Lab runs with `nonet-cli script run` too. (The script in the
//! editor is also kept on its own, in the data directory, as the Lab closes.)

use std::rc::Rc;

use adw::prelude::*;
use gtk::{gio, glib};

use super::file_choosers::{file_chooser, show_chooser};
use super::import::{file_name, read_text};
use super::lab::Lab;
use crate::i18n::{fill, gettext};

impl Lab {
    /// Open Script…: a file chooser over the window, then [`Lab::open_script_file`].
    pub fn open_script(self: &Rc<Self>) {
        let chooser = self.chooser(gettext("Open Script"), gtk::FileChooserAction::Open, gettext("_Open"));
        let lab = Rc::downgrade(self);
        show_chooser(chooser, move |file| {
            if let Some(lab) = lab.upgrade() {
                lab.open_script_file(file);
            }
        });
    }

    /// Puts a script file in the editor, as one undoable edit; what came of it goes to the
    /// output pane.
    pub fn open_script_file(self: &Rc<Self>, file: gio::File) {
        let lab = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let name = file_name(&file);
            let read = read_text(file, || gettext("it is larger than 64 MiB, too large for a script")).await;
            let Some(lab) = lab.upgrade() else { return };
            match read {
                Ok(text) => {
                    lab.replace_script(&text);
                    lab.say(&fill(
                        &gettext("Opened {file} (Ctrl+Z in the editor brings back the script before)."),
                        &[("file", &name)],
                    ));
                }
                Err(problem) => lab.say(&fill(
                    &gettext("{file} can't be opened: {problem}."),
                    &[("file", &name), ("problem", &problem)],
                )),
            }
        });
    }

    /// Save Script As…: a file chooser over the window (it asks before replacing a file), then
    /// [`Lab::save_script_to`].
    pub fn save_script_as(self: &Rc<Self>) {
        self.save_script_as_then(|| {});
    }

    /// [`Lab::save_script_as`], then `after_saved` once the file is written (the window closes,
    /// when it asked for this as it was closing).
    pub fn save_script_as_then(self: &Rc<Self>, after_saved: impl FnOnce() + 'static) {
        let chooser = self.chooser(gettext("Save Script"), gtk::FileChooserAction::Save, gettext("_Save"));
        chooser.set_current_name("script.rhai");
        let lab = Rc::downgrade(self);
        let after_saved = std::cell::Cell::new(Some(after_saved));
        show_chooser(chooser, move |file| {
            if let (Some(lab), Some(after_saved)) = (lab.upgrade(), after_saved.take()) {
                lab.save_script_to(file, after_saved);
            }
        });
    }

    /// Writes the editor's script to a file; what came of it goes to the output pane, and once
    /// it is written `after_saved` runs.
    pub fn save_script_to(self: &Rc<Self>, file: gio::File, after_saved: impl FnOnce() + 'static) {
        let text = self.script();
        let lab = Rc::downgrade(self);
        glib::spawn_future_local(async move {
            let name = file_name(&file);
            let written = super::import::write_text(&file, text).await;
            let Some(lab) = lab.upgrade() else { return };
            match written {
                Ok(bytes) => {
                    lab.say(&fill(&gettext("Saved the script to {file}."), &[("file", &name)]));
                    // (The bytes the file now holds come back: the script, as UTF-8.)
                    lab.kept_elsewhere.replace(String::from_utf8(bytes).ok());
                    after_saved();
                }
                Err(error) => lab.say(&fill(
                    &gettext("The script can't be saved to {file}: {error}."),
                    &[("file", &name), ("error", &error)],
                )),
            }
        });
    }

    /// A file chooser for scripts (`.rhai`, or any file), over the Lab's window.
    fn chooser(&self, title: String, action: gtk::FileChooserAction, accept: String) -> gtk::FileChooserNative {
        let parent = self.panel.root().and_downcast::<gtk::Window>();
        file_chooser(
            parent.as_ref(),
            &title,
            action,
            &accept,
            (&gettext("Rhai scripts"), &["*.rhai"]),
        )
    }
}
