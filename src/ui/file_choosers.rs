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
//! Meanwhile it shows the root folder ([`keep_awhile`]), so that it is let go quietly. When it
//! goes, any of its folders' models still alive is cut off from it first ([`cut_off`]): a minute
//! was not always enough (random play, seed 73: a freed chooser reached a minute after Save
//! Position closed, the app killed by a segmentation fault in `g_file_equal`).
//! (Keeping whole choosers instead, hidden between uses, was tried and left: a hidden window
//! last in GTK's list of windows crashes GTK 4.8's accessibility bridge, see
//! `ui/shortcuts.rs`.)

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use gtk::prelude::*;
use gtk::{gio, glib};

use crate::i18n::gettext;

/// A minute: longer than most drags out of a chooser's list last.
const KEPT_AFTER_CLOSING: Duration = Duration::from_secs(60);

/// How long a closed chooser's widget is kept: [`KEPT_AFTER_CLOSING`] (`NONET_CHOOSER_KEPT_MS`
/// overrides it, for tests).
fn kept_after_closing() -> Duration {
    std::env::var("NONET_CHOOSER_KEPT_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(KEPT_AFTER_CLOSING, Duration::from_millis)
}

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
    let models = Rc::new(RefCell::new(Vec::new()));
    // GTK's chooser widget, found once it is shown (a portal's chooser has none).
    let shown: Rc<RefCell<Option<gtk::FileChooserWidget>>> = Rc::default();
    let answered = shown.clone();
    let noted = models.clone();
    chooser.connect_response(move |chooser, response| {
        if response == gtk::ResponseType::Accept {
            if let Some(file) = chooser.file() {
                chosen(file);
            }
        }
        chooser.destroy();
        if let Some(widget) = answered.take() {
            keep_awhile(widget, models.clone());
        }
        kept.take();
    });
    chooser.show();
    if let Some(widget) = chooser_widget(&chooser) {
        note_models(&widget, &noted);
        shown.replace(Some(widget));
    }
}

/// Notes each folder model GTK's chooser widget shows (it makes one for every folder it
/// shows), now and as it changes folders, so that those still alive when it goes can be cut
/// off from it.
fn note_models(widget: &gtk::FileChooserWidget, models: &Models) {
    super::walk::<gtk::TreeView>(widget.upcast_ref(), &mut |list| {
        let note = {
            let models = Rc::downgrade(models);
            move |list: &gtk::TreeView| {
                let (Some(models), Some(model)) = (models.upgrade(), list.model()) else {
                    return;
                };
                // (GTK's own type for a folder's files, private: known by its name.)
                if model.type_().name() == "GtkFileSystemModel" {
                    models.borrow_mut().push(model.downgrade());
                }
            }
        };
        note(list);
        list.connect_model_notify(note);
        true
    });
}

/// The folder models a chooser widget showed (weakly: most go with it or before it).
type Models = Rc<RefCell<Vec<glib::WeakRef<gtk::TreeModel>>>>;

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

/// Keeps a closed chooser's widget for [`kept_after_closing`], held by the timer that lets it
/// go, showing the root folder meanwhile: GTK then lets go of the folder it showed in its own
/// way (as when the player changes folders), and the widget watches, until it goes, a folder
/// that does not change. Let go while its folder changed (the app's own files written there,
/// a saved position), it had GTK's queries about the change still under way, whose answers
/// reached its freed list (random play, seed 73: GLib's warnings of an invalid object, a minute
/// after Save Script closed).
fn keep_awhile(widget: gtk::FileChooserWidget, models: Models) {
    let _ = widget.set_current_folder(Some(&gio::File::for_path("/")));
    glib::timeout_add_local_once(kept_after_closing(), move || {
        for model in models.borrow().iter().filter_map(|model| model.upgrade()) {
            cut_off(&model, &widget);
        }
        drop(widget);
    });
}

/// Cuts a folder model off from the chooser widget that made it, as the widget goes: the model
/// lives on while anything else holds it (a drag out of the list, a query under way), and GTK
/// 4.8 leaves it calling the widget: its signal handlers (a file changed in the folder) and
/// its sorting both take the widget as their data.
fn cut_off(model: &gtk::TreeModel, widget: &gtk::FileChooserWidget) {
    // SAFETY: both pointers are live objects held here; handlers are matched by their data
    // alone, the widget's own pointer, which only GTK's chooser code passes as data.
    unsafe {
        glib::gobject_ffi::g_signal_handlers_disconnect_matched(
            model.as_ptr().cast(),
            glib::gobject_ffi::G_SIGNAL_MATCH_DATA,
            0,
            0,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            widget.as_ptr().cast(),
        );
    }
    // Unsorted, so no sort function reaches the widget.
    if let Some(sortable) = model.dynamic_cast_ref::<gtk::TreeSortable>() {
        sortable.set_unsorted();
    }
}
