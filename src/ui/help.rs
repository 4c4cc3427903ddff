//! Opens Nonet's user help (the Mallard pages in `help/`, installed for Yelp) at its start or at
//! one page, and says so in a toast when the desktop has nothing to show it with.

use gtk::{gdk, gio};

use crate::i18n::gettext;

/// The help's name in `help:` addresses: the directory meson installs its pages under.
const DOCUMENT: &str = "nonet";

/// The `help:` address of the help's start (no page) or of one of its pages.
fn address(page: Option<&str>) -> String {
    match page {
        Some(page) => format!("help:{DOCUMENT}/{page}"),
        None => format!("help:{DOCUMENT}"),
    }
}

/// Asks the desktop to show the help (Yelp, on GNOME) over `parent`. When no program takes
/// `help:` addresses, or it fails to start, a toast in `toasts` says so.
pub fn show(parent: &gtk::Window, page: Option<&str>, toasts: &adw::ToastOverlay) {
    let uri = address(page);
    let asked = uri.clone();
    let toasts = toasts.clone();
    gtk::show_uri_full(
        Some(parent),
        &uri,
        gdk::CURRENT_TIME,
        None::<&gio::Cancellable>,
        move |result| {
            if let Err(error) = result {
                tracing::warn!("could not open {asked}: {error}");
                let toast = adw::Toast::builder()
                    .title(gettext(
                        "The help could not be opened: no help viewer, such as Yelp, is installed",
                    ))
                    .timeout(8)
                    .build();
                super::show_toast(&toasts, toast);
            }
        },
    );
}
