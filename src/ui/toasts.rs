//! Toasts, shown and dismissed the one way every window uses: their buttons named for screen
//! readers, one at a time in each overlay, and a dismissal held back while it could crash
//! libadwaita 1.2.
//!
//! libadwaita 1.2 (`adw-toast-overlay.c`) slides a toast in for 500 ms where it replaces one
//! that is leaving (300 ms where none is), and out in 300 ms. A toast dismissed less than 200 ms
//! after it came in over a leaving one is freed when its sliding out ends, while its sliding in
//! still runs; when that ends, its `done` handler reads the freed toast and the app crashes
//! (SIGSEGV, or a critical from `g_object_unref`). Nonet's own dismissals could do it (choosing
//! three levels in quick succession mid-game, two quick deletions in History), and so could the
//! player's: Escape or a toast's button within 200 ms of it, as random play found (seed 28).
//! So a toast comes in only over an empty overlay: one shown while another is on show (or still
//! leaving) waits in line here, not in libadwaita's, and comes in once the overlay is empty
//! (its sliding in, 300 ms, then always ends before any sliding out begun later). And Nonet
//! dismisses a toast only once no toast has come or gone for [`SETTLE`] (a dismissal asked for
//! sooner waits until then), never in the frame that showed it. And a toast comes in at once,
//! without sliding in (see [`add_without_sliding_in`]): after a stall of the window's frame
//! clock its sliding in could still end after its sliding out, which had freed it.

use std::cell::{Cell, RefCell};
use std::time::{Duration, Instant};

use adw::prelude::*;
use gtk::glib;

use super::{forget_labelled_by, name_by_label, set_accessible, walk};
use crate::i18n::gettext;

/// How long after a toast came or went Nonet may dismiss one: well past the frame that showed
/// it (and past the 200 ms in which a toast coming in over a leaving one could not be dismissed
/// safely, should one ever come in so).
const SETTLE: Duration = Duration::from_millis(400);

/// How often an overlay with toasts waiting is looked at, to show the next once it is empty.
const WAITING_POLL: Duration = Duration::from_millis(50);

thread_local! {
    /// When a toast last came (shown by Nonet) or went (dismissed by anyone: its timeout, its
    /// close button, Nonet), in any window.
    static LAST_CHANGE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// The toasts waiting for their overlay to be empty, in the order they will show.
    static WAITING: RefCell<Vec<(glib::WeakRef<adw::ToastOverlay>, adw::Toast)>> = const { RefCell::new(Vec::new()) };
    /// Whether a look at the waiting toasts is due.
    static POLLING: Cell<bool> = const { Cell::new(false) };
}

fn note_change() {
    LAST_CHANGE.set(Some(Instant::now()));
}

/// Shows a toast, at once if the overlay has none on show, else once it has none (see the
/// module's comment); a toast of high priority waits ahead of those of normal priority. Its
/// buttons are named for screen readers: libadwaita 1.2 leaves the close button unnamed (read
/// "GtkImage") and the action button read twice ("Undo Undo").
pub fn show_toast(overlay: &adw::ToastOverlay, toast: adw::Toast) {
    wrap_title(&toast);
    let ahead = toast.priority() == adw::ToastPriority::High;
    WAITING.with_borrow_mut(|waiting| {
        let at = match ahead {
            true => waiting
                .iter()
                .position(|(_, queued)| queued.priority() != adw::ToastPriority::High)
                .unwrap_or(waiting.len()),
            false => waiting.len(),
        };
        waiting.insert(at, (overlay.downgrade(), toast));
    });
    show_waiting();
}

/// Lets a toast's title take a second line where one is too narrow for it: libadwaita 1.2
/// ellipsizes it on one, so a narrow window, or a longer language, cut it short ("Votre dernière
/// partie…" where the French says where the last game went). The label stands in for
/// libadwaita's own: markup and the heading style as its, two lines at most, one
/// where it fits (a wrapping label would take two wherever the toast's height has room).
fn wrap_title(toast: &adw::Toast) {
    let Some(title) = toast.title().filter(|title| !title.is_empty()) else {
        return;
    };
    let label = gtk::Label::builder()
        .label(title.as_str())
        .use_markup(true)
        .wrap(true)
        .wrap_mode(gtk::pango::WrapMode::WordChar)
        .lines(2)
        .natural_wrap_mode(gtk::NaturalWrapMode::None)
        .ellipsize(gtk::pango::EllipsizeMode::End)
        .xalign(0.0)
        .css_classes(["heading"])
        .build();
    toast.set_custom_title(Some(&label));
}

/// Shows each overlay's first waiting toast if the overlay is empty, and looks again in a moment
/// while any toast waits.
fn show_waiting() {
    let ready = WAITING.with_borrow_mut(|waiting| {
        let (mut looked_at, mut ready) = (Vec::new(), Vec::new());
        // Those of a closed window go; an overlay's first comes in if the overlay is empty.
        waiting.retain(|(overlay, toast)| {
            let Some(overlay) = overlay.upgrade() else {
                return false;
            };
            if looked_at.contains(&overlay) {
                return true;
            }
            looked_at.push(overlay.clone());
            let empty = toast_widgets(&overlay).is_empty();
            if empty {
                ready.push((overlay, toast.clone()));
            }
            !empty
        });
        ready
    });
    for (overlay, toast) in ready {
        toast.connect_dismissed(|_| note_change());
        note_change();
        add_without_sliding_in(&overlay, &toast);
        for widget in toast_widgets(&overlay) {
            name_toast_buttons(&widget);
        }
    }
    let more = WAITING.with_borrow(|waiting| !waiting.is_empty());
    if more && !POLLING.replace(true) {
        glib::timeout_add_local_once(WAITING_POLL, || {
            POLLING.set(false);
            show_waiting();
        });
    }
}

/// Adds a toast to an empty overlay with animations off for that moment, so that it shows at
/// once (it still slides out). libadwaita 1.2 frees a toast when its sliding out ends; were its
/// sliding in still under way then, its end would read the freed toast and crash the app. Both
/// end in one frame when the window's frame clock stalls (a window not drawn for a while, as
/// random play found, seed 521) with the toast dismissed meanwhile by its own timeout, and GTK
/// runs the newer sliding out first. The setting goes back to the desktop's value at once.
fn add_without_sliding_in(overlay: &adw::ToastOverlay, toast: &adw::Toast) {
    let settings = overlay.settings();
    let animated = settings.is_gtk_enable_animations();
    if animated {
        settings.set_gtk_enable_animations(false);
    }
    overlay.add_toast(toast.clone());
    if animated {
        settings.reset_property("gtk-enable-animations");
    }
}

/// Dismisses a toast shown with [`show_toast`]: at once when no toast has come or gone for
/// `SETTLE`, else as soon as that holds (see the module's comment); one still waiting in line
/// leaves it unseen. One already gone stays gone.
pub fn dismiss_toast(toast: &adw::Toast) {
    // One still waiting goes from the line unseen.
    let was_waiting = WAITING.with_borrow_mut(|waiting| {
        let before = waiting.len();
        waiting.retain(|(_, queued)| queued != toast);
        waiting.len() != before
    });
    if was_waiting {
        return;
    }
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
