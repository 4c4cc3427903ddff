//! Opens Nonet's user help (the Mallard pages in `help/`, installed for Yelp) at its start or at
//! one page, and says so in a toast when the desktop has nothing to show it with. Run from the
//! checkout (`make run`, `cargo run`), where nothing is installed, it opens the checkout's own
//! English pages.

use std::path::{Path, PathBuf};

use gtk::{gdk, gio, glib};

use crate::i18n::gettext;

/// The help's name in `help:` addresses: the directory meson installs its pages under.
const DOCUMENT: &str = "nonet";

/// The address of the help's start (no page) or of one of its pages: `help:nonet/lab` where the
/// help is installed; else, where the checkout the program was built from still holds its pages,
/// those (`ghelp:/…/help/C?lab`, which Yelp reads as a directory of pages and a page of it).
fn address(page: Option<&str>) -> String {
    let (document, before_page) = match checkout_pages().filter(|_| !installed()) {
        Some(pages) => {
            let pages = glib::Uri::escape_string(&pages.to_string_lossy(), Some("/"), false);
            (format!("ghelp:{pages}"), '?')
        }
        None => (format!("help:{DOCUMENT}"), '/'),
    };
    match page {
        Some(page) => format!("{document}{before_page}{page}"),
        None => document,
    }
}

/// Whether the help is installed where Yelp looks for `help:nonet`: the English pages under
/// `help/C/nonet` of the user's or the system's data directories (meson installs every language
/// there is beside them).
fn installed() -> bool {
    std::iter::once(glib::user_data_dir())
        .chain(glib::system_data_dirs())
        .any(|dir| dir.join("help/C").join(DOCUMENT).join("index.page").is_file())
}

/// The English pages of the checkout this program was built from, while it is there.
fn checkout_pages() -> Option<PathBuf> {
    let pages = Path::new(env!("CARGO_MANIFEST_DIR")).join("help/C");
    pages.join("index.page").is_file().then_some(pages)
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
