//! The app's file choosers (Open Puzzle, Save Position, Export History, Open and Save Script):
//! modal, as the app's dialogs are, made for each asking, destroyed once answered, with GTK's
//! chooser widget inside kept a minute longer.
//!
//! Why kept: GTK 4.8's own chooser (what `GtkFileChooserNative` shows without a portal) leaves
//! its folder's model listening to the folder, with the chooser widget as its handlers' data,
//! when it is destroyed. A drag of a file out of its list still going on as the chooser closes
//! holds that model, and the folder's next change then called into the freed widget: the app
//! crashed (random play, seed 43; `browse_files_model_row_changed_cb` reading a freed chooser).
//! Held, the widget is only disposed, and such a late change finds a chooser with nothing to do.
//! Meanwhile it shows the root folder ([`keep_awhile`]), so that it is let go quietly.
//! (Keeping whole choosers instead, hidden between uses, was tried and left: a hidden window
//! last in GTK's list of windows crashes GTK 4.8's accessibility bridge, see
//! `ui/shortcuts.rs`.)

use std::cell::RefCell;
use std::time::Duration;

use gtk::prelude::*;
use gtk::{gio, glib};

use crate::i18n::gettext;

/// How long a closed chooser's widget is kept: longer than any drag out of it lasts.
const KEPT_AFTER_CLOSING: Duration = Duration::from_secs(60);

/// A file chooser offering the files `kind` names (a name and its patterns) first, then any file.
/// Modal, as every dialog of Nonet's: its window takes no input meanwhile, and a command that
/// opens a dialog brings it to the front instead of stacking another (`open_modal`).
pub fn file_chooser(
    parent: Option<&gtk::Window>,
    title: &str,
    action: gtk::FileChooserAction,
    accept: &str,
    kind: (&str, &[&str]),
) -> gtk::FileChooserNative {
    let chooser = gtk::FileChooserNative::new(Some(title), parent, action, Some(accept), Some(&gettext("_Cancel")));
    chooser.set_modal(true);
    let (name, patterns) = kind;
    let wanted = gtk::FileFilter::new();
    wanted.set_name(Some(name));
    for pattern in patterns {
        wanted.add_pattern(pattern);
    }
    chooser.add_filter(&wanted);
    let all = gtk::FileFilter::new();
    all.set_name(Some(&gettext("All files")));
    all.add_pattern("*");
    chooser.add_filter(&all);
    chooser
}

/// Shows a file chooser; `chosen` receives the file the player accepts. The chooser is kept
/// until it answers: a native dialog is not a widget, nothing else holds it, and dropped it
/// would close at once (GTK's own examples keep it until its response too).
pub fn show_chooser(chooser: gtk::FileChooserNative, chosen: impl Fn(gio::File) + 'static) {
    let kept = RefCell::new(Some(chooser.clone()));
    chooser.connect_response(move |chooser, response| {
        if response == gtk::ResponseType::Accept {
            if let Some(file) = chooser.file() {
                chosen(file);
            }
        }
        let widget = chooser_widget(chooser);
        chooser.destroy();
        if let Some(widget) = widget {
            keep_awhile(widget);
        }
        kept.take();
    });
    chooser.show();
}

/// The chooser widget of the dialog `chooser` shows (GTK's own, found among the windows by its
/// type and title). A portal's chooser has none here.
fn chooser_widget(chooser: &gtk::FileChooserNative) -> Option<gtk::FileChooserWidget> {
    let title = chooser.title();
    let windows = gtk::Window::toplevels();
    let mut found = None;
    for dialog in (0..windows.n_items()).filter_map(|i| windows.item(i).and_downcast::<gtk::FileChooserDialog>()) {
        if dialog.title() == title {
            super::walk::<gtk::FileChooserWidget>(dialog.upcast_ref(), &mut |widget| {
                found = Some(widget.clone());
                false
            });
        }
    }
    found
}

/// Keeps a closed chooser's widget for [`KEPT_AFTER_CLOSING`], held by the timer that lets it
/// go, showing the root folder meanwhile: GTK then lets go of the folder it showed in its own
/// way (as when the player changes folders), and the widget watches, until it goes, a folder
/// that does not change. Let go while its folder changed (the app's own files written there,
/// a saved position), it had GTK's queries about the change still under way, whose answers
/// reached its freed list (random play, seed 73: GLib's warnings of an invalid object, a minute
/// after Save Script closed).
fn keep_awhile(widget: gtk::FileChooserWidget) {
    let _ = widget.set_current_folder(Some(&gio::File::for_path("/")));
    glib::timeout_add_local_once(KEPT_AFTER_CLOSING, move || drop(widget));
}
