//! The GTK/libadwaita desktop game. The only part of Nonet that touches GTK.
mod animation;
mod application;
mod board;
mod controller;
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

/// Runs the application; returns its exit code.
pub fn run() -> glib::ExitCode {
    gtk::gio::resources_register_include!("nonet.gresource").expect("the compiled-in resources register");
    application::build().run()
}
