//! Keyboard Shortcuts (Ctrl+?, `win.show-help-overlay`, the name GTK gives it): GTK's shortcuts
//! window, built from `resources/ui/shortcuts.ui` each time it is asked for and destroyed as it
//! closes.
//!
//! Not GTK's help overlay (a `gtk/help-overlay.ui` resource, which GtkApplication builds with
//! each main window and keeps hidden between showings): asked by a screen reader for the
//! application's window at an index past those on show, GTK 4.8's accessibility bridge answers
//! with the last window of all, and when that one is hidden (the overlay was, from the start)
//! its address on the bus is unset and the app crashed (a segmentation fault in
//! `g_variant_new`). A screen reader asks so when windows close while it walks them: the replay
//! and History closing at once made the Play From Here test fail about one run in two. With no
//! window kept hidden, the last window is one on show.

use adw::prelude::*;
use gtk::gio;

use super::RESOURCE_PREFIX;

/// Gives `window` its Keyboard Shortcuts action. While a modal window is open (a dialog, a
/// question, Keyboard Shortcuts itself), that one comes to the front instead.
pub fn add_action(window: &impl IsA<gtk::ApplicationWindow>) {
    let action = gio::SimpleAction::new("show-help-overlay", None);
    let parent = window.downgrade();
    action.connect_activate(move |_, _| {
        if let Some(open) = super::open_modal() {
            return open.present();
        }
        let Some(parent) = parent.upgrade() else { return };
        let builder = gtk::Builder::from_resource(&format!("{RESOURCE_PREFIX}/ui/shortcuts.ui"));
        let Some(shortcuts) = builder.object::<gtk::ShortcutsWindow>("help_overlay") else {
            return;
        };
        shortcuts.set_transient_for(Some(parent.upcast_ref()));
        super::name_shortcuts_window_parts(&shortcuts);
        shortcuts.present();
    });
    window.upcast_ref::<gtk::ApplicationWindow>().add_action(&action);
}
