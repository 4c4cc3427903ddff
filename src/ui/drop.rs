//! Puzzles dropped on the window from a file manager or another app: a file is opened as Open…
//! opens it (a file of several at its place), text is taken as a pasted puzzle is.

use std::rc::Rc;

use gtk::prelude::*;
use gtk::{gdk, glib};

use super::controller::Controller;
use super::import::Source;

impl Controller {
    /// Lets the window take puzzle files and text dropped on it (the Lab's editor takes text
    /// dropped on itself).
    pub(super) fn connect_drop(self: &Rc<Self>) {
        let target = gtk::DropTarget::new(glib::Type::INVALID, gdk::DragAction::COPY);
        target.set_types(&[gdk::FileList::static_type(), glib::Type::STRING]);
        let this = Rc::downgrade(self);
        target.connect_drop(move |_, value, _, _| {
            let Some(this) = this.upgrade() else { return false };
            if let Ok(files) = value.get::<gdk::FileList>() {
                // (Of several files, the first: one puzzle is played at a time.)
                let Some(file) = files.files().into_iter().next() else {
                    return false;
                };
                this.open_file(file);
                return true;
            }
            match value.get::<String>() {
                Ok(text) => {
                    this.play_text(text, Source::Dropped);
                    true
                }
                Err(_) => false,
            }
        });
        self.window.add_controller(target);
    }
}
