//! The app's file choosers (Open Puzzle, Save Position, Export History, Open and Save Script):
//! one of each kind, made when first asked for and kept for the rest of the run, shown again
//! over whichever window asks next (in the folder it was left in, as GNOME apps' choosers are).
//!
//! Kept, not made afresh and destroyed after each answer: GTK 4.8's own chooser (what
//! `GtkFileChooserNative` shows without a portal) leaves its folder's model listening to the
//! folder with the chooser as its handlers' data when it is destroyed. A drag of a file out of
//! its list that is still going on when the chooser closes holds that model, and the next change
//! in the folder then calls into the freed chooser: the app crashed (random play, seed 43:
//! `browse_files_model_row_changed_cb` reading a freed chooser). A chooser that lives on answers
//! such a late change as a chooser does, and a handful of them cost little.

use std::cell::RefCell;
use std::mem::ManuallyDrop;
use std::rc::Rc;

use gtk::gio;
use gtk::prelude::*;

use crate::i18n::gettext;

/// What to do with the file chosen at the chooser's present showing (taken when it answers).
type Chosen = Rc<RefCell<Option<Box<dyn FnOnce(gio::File)>>>>;

/// A chooser of one kind (its title and action) and what its present showing hands its file to.
struct KeptChooser {
    title: String,
    action: gtk::FileChooserAction,
    chooser: gtk::FileChooserNative,
    chosen: Chosen,
}

thread_local! {
    /// The choosers made so far. Never dropped: they live as long as the app (the main thread's
    /// locals would be dropped after GTK is gone, if at all).
    static CHOOSERS: ManuallyDrop<RefCell<Vec<KeptChooser>>> = const { ManuallyDrop::new(RefCell::new(Vec::new())) };
}

/// The file chooser of a kind (`title` and `action`) over `parent`, offering the files `kind`
/// names (a name and its patterns) first, then any file. Made the first time; after that the
/// same chooser, as the player left it (its folder, its filter).
pub fn file_chooser(
    parent: Option<&gtk::Window>,
    title: &str,
    action: gtk::FileChooserAction,
    accept: &str,
    kind: (&str, &[&str]),
) -> gtk::FileChooserNative {
    let kept = CHOOSERS.with(|choosers| {
        choosers
            .borrow()
            .iter()
            .find(|kept| kept.title == title && kept.action == action)
            .map(|kept| kept.chooser.clone())
    });
    if let Some(chooser) = kept {
        chooser.set_transient_for(parent);
        return chooser;
    }
    let chooser = gtk::FileChooserNative::new(Some(title), parent, action, Some(accept), Some(&gettext("_Cancel")));
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
    let chosen: Chosen = Rc::default();
    let answered = chosen.clone();
    chooser.connect_response(move |chooser, response| {
        // (Taken before it runs: what it does may show this chooser again.)
        let chosen = answered.borrow_mut().take();
        if let (gtk::ResponseType::Accept, Some(chosen), Some(file)) = (response, chosen, chooser.file()) {
            chosen(file);
        }
    });
    CHOOSERS.with(|choosers| {
        choosers.borrow_mut().push(KeptChooser {
            title: title.to_owned(),
            action,
            chooser: chooser.clone(),
            chosen,
        })
    });
    chooser
}

/// Shows a chooser from [`file_chooser`]; `chosen` receives the file the player accepts. Asked
/// again while it is on show, the chooser stays and the later `chosen` receives its answer.
pub fn show_chooser(chooser: gtk::FileChooserNative, chosen: impl FnOnce(gio::File) + 'static) {
    CHOOSERS.with(|choosers| {
        if let Some(kept) = choosers.borrow().iter().find(|kept| kept.chooser == chooser) {
            kept.chosen.replace(Some(Box::new(chosen)));
        }
    });
    chooser.show();
}
