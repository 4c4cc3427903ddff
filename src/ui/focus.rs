//! Keeps a window's keyboard focus where keys can reach it. GTK 4.8 can leave the focus inside a
//! popover that has just closed: when an item of a submenu (Difficulty, Other Puzzle, Board,
//! Print) is chosen, the closing menu turns back to its main page and hands the focus to that
//! page's scrolled window, hidden with the menu. Every key then goes to the hidden menu, and the
//! board, the digits and the arrows no longer answer until something is clicked. GTK's own rule
//! for a focus widget that is hidden is to give the focus to its nearest ancestor that takes it;
//! this does the same for a focus stranded in a closed popover.

use gtk::glib;
use gtk::prelude::*;

/// Watches `window`'s focus and brings it out of any popover that closed around it.
pub fn keep_out_of_closed_popovers(window: &impl IsA<gtk::Window>) {
    window.connect_notify_local(Some("focus-widget"), |window, _| {
        let window = window.upcast_ref::<gtk::Window>().downgrade();
        // After the change is done: a popover closing moves the focus in several steps.
        glib::idle_add_local_once(move || {
            if let Some(window) = window.upgrade() {
                bring_out(&window);
            }
        });
    });
}

/// Gives the focus to the nearest shown ancestor, outside the closed popover, that takes it (the
/// button that opened the menu), or to nothing, if the focus widget is in a closed popover.
fn bring_out(window: &gtk::Window) {
    let Some(focus) = GtkWindowExt::focus(window) else {
        return;
    };
    if focus.is_visible() {
        return;
    }
    let Some(popover) = focus.ancestor(gtk::Popover::static_type()) else {
        return;
    };
    let mut outside = popover.parent();
    while let Some(widget) = outside {
        if widget.is_visible() && widget.grab_focus() {
            return;
        }
        outside = widget.parent();
    }
    GtkWindowExt::set_focus(window, None::<&gtk::Widget>);
}
