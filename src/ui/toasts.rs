//! Toasts, shown and dismissed the one way every window uses: their buttons named for screen
//! readers, and a dismissal held back while it could crash libadwaita 1.2.
//!
//! libadwaita 1.2 (`adw-toast-overlay.c`) slides a toast in for 500 ms where it replaces one
//! that is leaving, and out in 300 ms. A toast dismissed less than 200 ms after it came in is
//! freed when its sliding out ends, while its sliding in still runs; when that ends, its `done`
//! handler reads the freed toast and the app crashes (SIGSEGV). Choosing three levels in quick
//! succession mid-game did it (each new level's toast dismisses the last), and so could two
//! quick deletions in History. So Nonet dismisses a toast only once no toast has come or gone
//! for [`SETTLE`]; a dismissal asked for sooner waits until then.

use std::cell::Cell;
use std::time::{Duration, Instant};

use adw::prelude::*;
use gtk::glib;

use super::{forget_labelled_by, name_by_label, set_accessible, walk};
use crate::i18n::gettext;

/// How long after a toast came or went another may be dismissed: past the 200 ms in which a
/// replacing toast's dismissal crashes, with room for the frame clock's rounding.
const SETTLE: Duration = Duration::from_millis(400);

thread_local! {
    /// When a toast last came (shown by Nonet) or went (dismissed by anyone: its timeout, its
    /// close button, Nonet), in any window: the next toast in line comes in as one goes.
    static LAST_CHANGE: Cell<Option<Instant>> = const { Cell::new(None) };
}

fn note_change() {
    LAST_CHANGE.set(Some(Instant::now()));
}

/// Shows a toast, its buttons named for screen readers: libadwaita 1.2 leaves the close button
/// unnamed (read "GtkImage") and the action button read twice ("Undo Undo"). The toast's widget
/// is the overlay's child other than its content, made as the toast shows; one still waiting in
/// line is named when the next toast shows, or not at all.
pub fn show_toast(overlay: &adw::ToastOverlay, toast: adw::Toast) {
    toast.connect_dismissed(|_| note_change());
    note_change();
    overlay.add_toast(toast);
    for widget in toast_widgets(overlay) {
        name_toast_buttons(&widget);
    }
}

/// Dismisses a toast shown with [`show_toast`]: at once when no toast has come or gone for
/// [`SETTLE`], else as soon as that holds (see the module's comment). One already gone stays
/// gone.
pub fn dismiss_toast(toast: &adw::Toast) {
    let wait = LAST_CHANGE
        .get()
        .map_or(Duration::ZERO, |last| SETTLE.saturating_sub(last.elapsed()));
    if wait.is_zero() {
        toast.dismiss();
    } else {
        let toast = toast.clone();
        glib::timeout_add_local_once(wait, move || dismiss_toast(&toast));
    }
}

/// The widgets of the toasts on show: the overlay's children other than its content.
pub(crate) fn toast_widgets(overlay: &adw::ToastOverlay) -> Vec<gtk::Widget> {
    let content = overlay.child();
    std::iter::successors(overlay.first_child(), |widget| widget.next_sibling())
        .filter(|widget| Some(widget) != content.as_ref())
        .collect()
}

/// Names the buttons under `widget` (a toast's) for screen readers: "Dismiss" the one without a
/// label, its close button, and the action button by its label alone (libadwaita 1.2 lets GTK
/// read it twice, "Undo Undo").
fn name_toast_buttons(widget: &gtk::Widget) {
    walk::<gtk::Button>(widget, &mut |button| {
        match button.label() {
            None => {
                forget_labelled_by(button);
                set_accessible(button, gtk::AccessibleProperty::Label, &gettext("Dismiss"));
            }
            Some(_) => name_by_label(button),
        }
        true
    });
}
