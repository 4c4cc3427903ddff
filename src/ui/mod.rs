//! The GTK/libadwaita desktop game. The only part of Nonet that touches GTK.
mod animation;
mod application;
mod board;
mod controller;
mod digit_pad;
mod entry;
mod history;
mod import;
mod input;
mod lab;
mod lab_host;
mod picker;
mod play;
mod preferences;
mod probe;
mod recorder;
mod replay;
mod session;
mod settings;
pub mod timing;
mod window;

use adw::prelude::*;
use gtk::glib;

pub const APP_ID: &str = "io.github.nonet.Nonet";
pub const RESOURCE_PREFIX: &str = "/io/github/nonet/Nonet";

/// "1 mistake", "2 mistakes": a count with the word in the form it takes (ngettext-shaped, so a
/// translation can give its own forms).
pub fn count(n: u32, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n == 1 { singular } else { plural })
}

/// A message with one Close button: what every "this can't be done, here is why" dialog is.
pub fn tell(parent: Option<&impl IsA<gtk::Window>>, heading: &str, body: &str) -> adw::MessageDialog {
    let dialog = adw::MessageDialog::new(parent, Some(heading), Some(body));
    dialog.add_response("close", "Close");
    dialog.set_default_response(Some("close"));
    dialog.present();
    dialog
}

/// Runs the application; returns its exit code.
pub fn run() -> glib::ExitCode {
    gtk::gio::resources_register_include!("nonet.gresource").expect("the compiled-in resources register");
    application::build().run()
}
